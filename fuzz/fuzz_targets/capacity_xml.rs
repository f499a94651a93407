//! The capacity-scheduler.xml reader, then the scheduler's start-up checks.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let mut p = schedscope::sched::capacity::conf::Props::default();
        if p.merge_xml(text, schedscope::sched::capacity::xml::XmlFile::CapacityScheduler).is_ok() {
            let _ = schedscope::sched::capacity::conf::start(&p);
        }
    }
});
