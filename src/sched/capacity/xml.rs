//! `capacity-scheduler.xml` (and `mapred-site.xml`) as Hadoop's `Configuration` reads them,
//! and the property names `CapacitySchedulerConf` reads: a name it does not read is reported
//! with a "did you mean" (Hadoop would ignore a typo silently and run with the default), and a
//! YARN CapacityScheduler file (`yarn.scheduler.capacity.*`, Hadoop 2 and later) is named as
//! such. Errors point into the XML text as `line L, column C`.

use super::conf::{Props, QUEUE_PREFIX};
use super::queue_list::QueueSet;
use super::settings::{MEMORY_FIELDS, OTHER_HADOOP, QUEUE_FIELDS, SCHED_FIELDS};
use crate::input::json::suggest;

/// Properties Hadoop 1.2.1 reads only to log that they are deprecated.
const DEPRECATED: &[&str] =
    &["mapred.capacity-scheduler.task.default-pmem-percentage-in-vmem", "mapred.capacity-scheduler.task.limit.maxpmem"];

const YARN_PREFIX: &str = "yarn.scheduler.capacity.";

/// Which file: every property of `capacity-scheduler.xml` is the scheduler's; `mapred-site.xml`
/// holds the whole JobTracker's configuration, so only names in the scheduler's namespace
/// (`mapred.capacity-scheduler.*`) are checked there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XmlFile {
    CapacityScheduler,
    MapredSite,
}

/// Is `name` a property the Capacity Scheduler reads? `Err`: why not, with a suggestion.
pub fn check_name(name: &str) -> Result<(), String> {
    let global = SCHED_FIELDS.iter().map(|(_, h)| *h).chain(MEMORY_FIELDS.iter().map(|(_, h)| *h));
    let global: Vec<&str> = global.chain(OTHER_HADOOP.iter().copied()).chain(DEPRECATED.iter().copied()).collect();
    if global.contains(&name) {
        return Ok(());
    }
    let mut known: Vec<String> = global.iter().map(|s| s.to_string()).collect();
    if let Some((queue, suffix)) = name.strip_prefix(QUEUE_PREFIX).and_then(|r| r.rsplit_once('.')) {
        if QUEUE_FIELDS.iter().any(|(_, h)| *h == suffix) {
            return Ok(());
        }
        known.extend(QUEUE_FIELDS.iter().map(|(_, h)| format!("{QUEUE_PREFIX}{queue}.{h}")));
    }
    let hint = match suggest(name, known.iter().map(String::as_str)) {
        Some(s) => format!("; did you mean {s:?}?"),
        None => format!(
            "; expected mapred.capacity-scheduler.queue.<queue>.<{}> or a scheduler-wide property such as {}",
            QUEUE_FIELDS.iter().map(|(_, h)| *h).collect::<Vec<_>>().join("|"),
            SCHED_FIELDS[1].1
        ),
    };
    Err(format!("unknown property {name:?}: Hadoop 1.2.1's Capacity Scheduler does not read it{hint}"))
}

/// A property's value that Hadoop's `Configuration` getter cannot read, so it uses the
/// getter's default silently (`getFloat`, `getInt`, `getLong`, `getBoolean`, as
/// `CapacitySchedulerConf` calls them): why, naming the value, or `None` when it reads.
pub fn unreadable(name: &str, value: &str) -> Option<String> {
    use crate::sched::common::java::{parse_float as parse_java_float, parse_long as parse_java_long};
    let per_queue = name.strip_prefix(QUEUE_PREFIX).and_then(|r| r.rsplit_once('.')).map(|(_, s)| s);
    let key = per_queue.map(|s| format!("default-{s}")).unwrap_or_else(|| name.to_string());
    let key = key.trim_start_matches("mapred.capacity-scheduler.");
    let float = matches!(key, "default-capacity" | "default-maximum-capacity" | "default-user-limit-factor");
    let bool = key == "default-supports-priority";
    let long =
        key == "init-poll-interval" || MEMORY_FIELDS.iter().any(|(_, h)| *h == name) || OTHER_HADOOP.contains(&name);
    let int = per_queue.is_some() || SCHED_FIELDS.iter().any(|(_, h)| *h == name && name != "mapred.queue.names");
    let (ok, what, getter) = if float {
        (parse_java_float(value).is_some(), "a number", "getFloat")
    } else if bool {
        (matches!(value.trim().to_ascii_lowercase().as_str(), "true" | "false"), "true or false", "getBoolean")
    } else if long {
        (parse_java_long(value).is_some(), "a whole number", "getLong")
    } else if int {
        (parse_java_long(value).is_some_and(|v| i32::try_from(v).is_ok()), "a whole number (32-bit)", "getInt")
    } else {
        return None;
    };
    (!ok).then(|| format!("{name} is {value:?}, not {what}: Hadoop's Configuration.{getter} falls back to the default"))
}

fn yarn_file(example: &str) -> String {
    format!(
        "this is a YARN CapacityScheduler file (Hadoop 2 and later: {example:?}); SchedScope models Hadoop 1.x \
         (MRv1), whose capacity-scheduler.xml uses mapred.capacity-scheduler.* properties, e.g. \
         mapred.capacity-scheduler.queue.default.capacity"
    )
}

/// Per-queue properties must name a queue of `mapred.queue.names` (Hadoop ignores the others,
/// so a misspelt queue would run with the defaults): `Err` says which and suggests one.
pub fn check_queue_of(name: &str, queues: &QueueSet) -> Result<(), String> {
    let Some((queue, _)) = name.strip_prefix(QUEUE_PREFIX).and_then(|r| r.rsplit_once('.')) else { return Ok(()) };
    if queues.contains(queue) {
        return Ok(());
    }
    let hint =
        suggest(queue, queues.list.iter().copied()).map(|s| format!("; did you mean {s:?}?")).unwrap_or_default();
    let listed = queues.list.join(", ");
    Err(format!(
        "{name:?} configures queue {queue:?}, which is not in mapred.queue.names ({}){hint}",
        crate::input::json::shorten(&listed, 200)
    ))
}

/// What reading an XML file found: each property read, with its position `line L, column C`
/// (for checks that need every file read first: queue names), and every problem as
/// `line L, column C: message`.
#[derive(Debug, Default)]
pub struct XmlRead {
    pub properties: Vec<(String, String)>,
    pub errors: Vec<String>,
    /// Accepted but worth saying, as `line L, column C: message`: a property given twice.
    pub warnings: Vec<String>,
}

impl XmlRead {
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

impl Props {
    /// Read `<configuration><property><name/><value/></property>...</configuration>`.
    pub fn merge_xml(&mut self, xml: &str, file: XmlFile) -> XmlRead {
        let mut out = XmlRead::default();
        match self.read_xml(xml, file, &mut out.properties, &mut out.warnings) {
            Ok(()) => {}
            Err(e) => out.errors = e,
        }
        out
    }

    fn read_xml(
        &mut self,
        xml: &str,
        file: XmlFile,
        at_out: &mut Vec<(String, String)>,
        warnings: &mut Vec<String>,
    ) -> Result<(), Vec<String>> {
        let doc = crate::sched::common::xml_doc::parse(xml).map_err(|e| vec![e])?;
        let loc = crate::sched::common::xml_doc::Locator::new(&doc);
        let at = |n: roxmltree::Node| loc.at(n);
        let root = doc.root_element();
        if root.tag_name().name() != "configuration" {
            return Err(vec![format!(
                "{}: found <{}>, expected a <configuration> root element",
                at(root),
                root.tag_name().name()
            )]);
        }
        let mut errs = Vec::new();
        // Where each property with a value was first given.
        let mut given: std::collections::BTreeMap<String, String> = Default::default();
        for p in root.children().filter(|n| n.is_element()) {
            if p.tag_name().name() != "property" {
                continue; // Hadoop ignores other elements (with a warning)
            }
            let text_of = |tag: &str| {
                p.children()
                    .find(|c| c.is_element() && c.tag_name().name() == tag)
                    .map(|c| c.text().unwrap_or("").trim().to_string())
            };
            let name = match text_of("name") {
                Some(n) if !n.is_empty() => n,
                _ => {
                    errs.push(format!("{}: a <property> without a <name>", at(p)));
                    continue;
                }
            };
            if name.starts_with(YARN_PREFIX) {
                // One message for the file, not one per property.
                return Err(vec![format!("{}: {}", at(p), yarn_file(&name))]);
            }
            let ours = file == XmlFile::CapacityScheduler || name.starts_with("mapred.capacity-scheduler.");
            if ours {
                if let Err(e) = check_name(&name) {
                    errs.push(format!("{}: {e}", at(p)));
                    continue;
                }
            }
            at_out.push((name.clone(), at(p)));
            // A property without a value is skipped, as `Configuration` does. Given twice, the
            // later value wins (`Configuration.loadResource` sets each property it reads).
            if let Some(v) = text_of("value") {
                let here = at(p);
                match given.get(&name) {
                    Some(first) => warnings.push(format!(
                        "{here}: property {name:?} is given twice, at {first} and {here}; the later value {v:?} is used, \
                         as Hadoop's Configuration does"
                    )),
                    None => {
                        given.insert(name.clone(), here);
                    }
                }
                self.set(&name, &v);
            }
        }
        if errs.is_empty() { Ok(()) } else { Err(errs) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(xml: &str) -> Result<Props, Vec<String>> {
        let mut p = Props::default();
        let r = p.merge_xml(xml, XmlFile::CapacityScheduler);
        if r.is_ok() { Ok(p) } else { Err(r.errors) }
    }

    #[test]
    fn xml_is_read() {
        let p = read(
            "<?xml version=\"1.0\"?><configuration><property><name>mapred.capacity-scheduler.queue.default.capacity</name>\
             <value> 100 </value></property></configuration>",
        )
        .unwrap();
        assert_eq!(p.get("mapred.capacity-scheduler.queue.default.capacity"), Some("100"));
    }

    #[test]
    fn malformed_xml_has_line_and_column() {
        let e = read("<configuration>\n  <property>\n</configuration>").unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e, vec!["line 3, column 1: malformed XML: expected 'property' tag, not 'configuration' at 3:1"]);
    }

    #[test]
    fn unknown_properties_get_a_suggestion() {
        let e = read(
            "<configuration>\n<property><name>mapred.capacity-scheduler.queue.default.capacty</name><value>5</value></property>\n\
             <property><name>mapred.capacity-scheduler.maximum-system-job</name><value>5</value></property>\n\
             <property><name>mapred.capacity-scheduler.task.limit.maxpmem</name><value>5</value></property>\n</configuration>",
        )
        .unwrap_err();
        assert_eq!(e, vec![
            "line 2, column 1: unknown property \"mapred.capacity-scheduler.queue.default.capacty\": Hadoop 1.2.1's Capacity Scheduler does not read it; did you mean \"mapred.capacity-scheduler.queue.default.capacity\"?".to_string(),
            "line 3, column 1: unknown property \"mapred.capacity-scheduler.maximum-system-job\": Hadoop 1.2.1's Capacity Scheduler does not read it; did you mean \"mapred.capacity-scheduler.maximum-system-jobs\"?".to_string(),
        ]);
    }

    #[test]
    fn a_yarn_file_is_named_as_such() {
        let e = read(
            "<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property></configuration>",
        )
        .unwrap_err();
        assert_eq!(e.len(), 1);
        assert!(e[0].starts_with("line 1, column 16: this is a YARN CapacityScheduler file"), "{e:?}");
    }

    #[test]
    fn mapred_site_checks_only_the_schedulers_names() {
        let mut p = Props::default();
        let xml = "<configuration><property><name>mapred.job.tracker</name><value>jt:9001</value></property>\
                   <property><name>mapred.cluster.map.memory.mb</name><value>1024</value></property></configuration>";
        assert!(p.merge_xml(xml, XmlFile::MapredSite).is_ok());
        assert_eq!(p.get("mapred.cluster.map.memory.mb"), Some("1024"));
    }
}
