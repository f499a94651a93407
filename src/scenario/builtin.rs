//! Scenarios shipped with the page and the CLI (`scenarios/*.json`).

/// (id, JSON) of every built-in scenario, in menu order.
pub fn builtin() -> &'static [(&'static str, &'static str)] {
    &[
        ("fifo-two-racks", include_str!("../../scenarios/fifo-two-racks.json")),
    ]
}
