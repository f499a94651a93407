//! Compare mode and the metrics behind the charts, from the simulation's own numbers: the
//! delay scheduling paper's experiment in miniature, several schedulers on one workload, and
//! the consistency of the sampled series.

use schedscope::scenario;
use schedscope::sim::Engine;
use schedscope::sim::compare::{self, parse_variant};
use schedscope::sim::metrics;

fn builtin(id: &str) -> scenario::Scenario {
    scenario::parse(scenario::builtin().iter().find(|(i, _)| *i == id).unwrap().1).unwrap()
}

#[test]
fn delay_scheduling_raises_node_locality_on_a_facebook_like_mix() {
    for seed in [1, 2] {
        let c = compare::delay_experiment(seed, 3000).unwrap();
        let (without, with) = (&c.runs[0], &c.runs[1]);
        assert!(
            with.node_locality > without.node_locality,
            "seed {seed}: {} vs {}",
            with.node_locality,
            without.node_locality
        );
        assert_eq!(without.unfinished_jobs + with.unfinished_jobs, 0);
        // Most jobs are small, as in the Facebook 2009 bins.
        let small: usize = with.by_size.iter().filter(|b| b.max_maps <= 2).map(|b| b.jobs).sum();
        assert!(small * 2 >= with.jobs, "{small} of {}", with.jobs);
        assert!(compare::render(&c, schedscope::i18n::Lang::Zh).iter().any(|l| l.contains("平均响应")));
    }
}

#[test]
fn small_jobs_gain_node_locality_by_bin_as_in_the_paper() {
    use schedscope::sim::metrics::{data_nodes_of, node_locality_of};
    // The default seed and delay of `schedscope compare --paper`.
    let c = compare::delay_experiment(1, 3000).unwrap();
    let (without, with) = (&c.runs[0], &c.runs[1]);
    let trackers = scenario::from_value(&schedscope::scenario::generator::generate(&compare::facebook_mix(1)))
        .unwrap()
        .trackers
        .len();
    assert_eq!(trackers, 100, "the paper's 100-node cluster");
    for bin in [1, 2] {
        let a = node_locality_of(&without.locality_by_size, &[bin]).unwrap();
        let b = node_locality_of(&with.locality_by_size, &[bin]).unwrap();
        assert!(b - a >= 0.30, "bin {bin}: {a:.3} without delay, {b:.3} with");
        // Head-of-line: without delay a small job is node-local about as often as a random node
        // holds its input (3 replicas on 100 nodes).
        let data = data_nodes_of(&without.locality_by_size, &[bin]).unwrap();
        assert!((a - data).abs() < 0.10, "bin {bin}: locality {a:.3}, data on {data:.3} of the nodes");
        assert!(b >= 0.9, "bin {bin}: {b:.3}");
    }
    // Large jobs lose much less: their input is on most nodes.
    let big = node_locality_of(&without.locality_by_size, &[6, 7, 8, 9]).unwrap();
    assert!(big > 0.75, "{big}");
    for r in &c.runs {
        let maps: u64 = r.locality_by_size.iter().map(|b| b.maps_located).sum();
        assert_eq!(maps, r.maps_node + r.maps_rack + r.maps_off_switch, "{}: every map counted once", r.label);
        assert!(r.sticky_share.is_some_and(|x| (0.0..=1.0).contains(&x)));
    }
    let text = compare::render(&c, schedscope::i18n::Lang::En).join("\n");
    assert!(text.contains("Node locality by job size"), "{text}");
    assert!(compare::render(&c, schedscope::i18n::Lang::Zh).join("\n").contains("节点本地比例"));
}

#[test]
fn three_schedulers_side_by_side() {
    let s = builtin("fifo-two-racks");
    let v: Vec<_> = ["fifo", "fair", "capacity", "fair@0"].iter().map(|x| parse_variant(x).unwrap()).collect();
    let c = compare::compare(&s, &v, 1_000_000).unwrap();
    assert_eq!(c.runs.len(), 4);
    for r in &c.runs {
        assert_eq!(r.unfinished_jobs, 0, "{}", r.label);
        assert!(r.utilisation > 0.0 && r.utilisation <= 1.0, "{}: {}", r.label, r.utilisation);
        assert_eq!(r.maps_node + r.maps_rack + r.maps_off_switch, 6 + 200 + 4, "{}: every map ran once", r.label);
    }
    // The same run twice gives the same numbers.
    assert_eq!(c, compare::compare(&s, &v, 1_000_000).unwrap());
    assert!(parse_variant("lottery").is_err());
    assert!(parse_variant("fifo@100").is_err());
    assert!(parse_variant("fair@-1").is_err());
    assert_eq!(parse_variant("fair@150/0").unwrap().rack_delay_ms, Some(0));
    // Scripted scenarios are not whole workloads.
    assert!(compare::compare(&builtin("fair-delay-worked-example"), &v, 100).is_err());
}

#[test]
fn metric_series_are_consistent() {
    for (id, _) in scenario::builtin() {
        let s = builtin(id);
        let (sum, rec) = metrics::run(Engine::new(s).unwrap(), id, 100_000);
        assert_eq!(rec.samples.len() as u64, sum.heartbeats);
        for w in rec.samples.windows(2) {
            assert!(w[0].time_ms <= w[1].time_ms && w[0].hb + 1 == w[1].hb);
            assert!(w[0].node <= w[1].node && w[0].rack <= w[1].rack && w[0].off_switch <= w[1].off_switch);
        }
        for x in &rec.samples {
            assert!(x.running_maps <= x.map_slots && x.running_reduces <= x.reduce_slots, "{id} hb {}", x.hb);
            assert!(x.located_node <= x.located && x.located <= x.node + x.rack + x.off_switch);
        }
        assert!((0.0..=1.0).contains(&sum.node_locality) && (0.0..=1.0).contains(&sum.utilisation));
    }
    // Pools and queues carry their fair share or capacity.
    let (_, rec) = metrics::run(Engine::new(builtin("capacity-users-highmem")).unwrap(), "c", 100_000);
    let last = &rec.samples[10];
    assert!(last.shares.iter().any(|s| s.name == "research" && s.target == 8.0), "{:?}", last.shares);
    let (_, rec) = metrics::run(Engine::new(builtin("fair-delay-sweep")).unwrap(), "f", 100_000);
    assert!(rec.samples.iter().any(|s| s.shares.iter().any(|p| p.target > 0.0)));
}
