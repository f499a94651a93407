//! Scenarios shipped with the page and the CLI (`scenarios/*.json`).

/// (id, JSON) of every built-in scenario, in menu order.
pub fn builtin() -> &'static [(&'static str, &'static str)] {
    &[
        ("fifo-two-racks", include_str!("../../scenarios/fifo-two-racks.json")),
        ("basics-small-cluster", include_str!("../../scenarios/basics-small-cluster.json")),
        ("fifo-multi-assign", include_str!("../../scenarios/fifo-multi-assign.json")),
        ("fair-delay-worked-example", include_str!("../../scenarios/fair-delay-worked-example.json")),
        ("fair-delay-sweep", include_str!("../../scenarios/fair-delay-sweep.json")),
        ("fair-one-rack-input", include_str!("../../scenarios/fair-one-rack-input.json")),
        ("paper-facebook-mix", include_str!("../../scenarios/paper-facebook-mix.json")),
        ("paper-sticky-slots", include_str!("../../scenarios/paper-sticky-slots.json")),
        ("fair-assign-multiple", include_str!("../../scenarios/fair-assign-multiple.json")),
        ("capacity-users-highmem", include_str!("../../scenarios/capacity-users-highmem.json")),
        ("capacity-max-capacity", include_str!("../../scenarios/capacity-max-capacity.json")),
        ("capacity-tasks-per-heartbeat", include_str!("../../scenarios/capacity-tasks-per-heartbeat.json")),
        ("trackers-come-and-go", include_str!("../../scenarios/trackers-come-and-go.json")),
        ("spark-18886", include_str!("../../scenarios/spark-18886.json")),
        ("spark-18886-legacy", include_str!("../../scenarios/spark-18886-legacy.json")),
    ]
}
