//! Criterion benchmarks of the engine: one heartbeat-by-heartbeat run of a generated workload
//! per scheduler and cluster size (`cargo bench --bench engine`). The same workloads, timed
//! end to end with memory figures, are what `schedscope bench` prints; see the README.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use schedscope::scenario::{from_value, generator::generate};
use schedscope::sim::Engine;
use schedscope::sim::bench::{BenchCase, workload};

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("run to the end");
    group.sample_size(10);
    for scheduler in ["fifo", "fair", "capacity"] {
        for (nodes, tasks) in [(100u32, 2_500u64), (1_000, 25_000)] {
            let case = BenchCase { scheduler: scheduler.into(), nodes, tasks };
            let scenario = from_value(&generate(&workload(&case))).expect("generated workloads are valid");
            // Count assignments once so the throughput is per assignment.
            let mut probe = Engine::new(scenario.clone()).expect("engine");
            let mut assignments = 0u64;
            while let Some(rec) = probe.next_heartbeat() {
                assignments += rec.assigned.len() as u64;
            }
            group.throughput(Throughput::Elements(assignments));
            group.bench_with_input(BenchmarkId::new(scheduler, nodes), &scenario, |b, s| {
                b.iter(|| {
                    let mut e = Engine::new(s.clone()).expect("engine");
                    while e.next_heartbeat().is_some() {}
                    e.hb
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
