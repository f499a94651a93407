//! Scenarios shipped with the page and the CLI (`scenarios/*.json`).

/// (id, JSON) of every built-in scenario, in menu order.
pub fn builtin() -> &'static [(&'static str, &'static str)] {
    &[
        ("fifo-two-racks", include_str!("../../scenarios/fifo-two-racks.json")),
        ("fair-delay-worked-example", include_str!("../../scenarios/fair-delay-worked-example.json")),
        ("fair-delay-sweep", include_str!("../../scenarios/fair-delay-sweep.json")),
        ("fair-one-rack-input", include_str!("../../scenarios/fair-one-rack-input.json")),
        ("paper-facebook-mix", include_str!("../../scenarios/paper-facebook-mix.json")),
        ("paper-sticky-slots", include_str!("../../scenarios/paper-sticky-slots.json")),
        ("capacity-users-highmem", include_str!("../../scenarios/capacity-users-highmem.json")),
    ]
}
