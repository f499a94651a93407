//! The lessons shipped with the page and the CLI (`lessons/*.json`), compiled in. One or more
//! per seed concept of the product brief (`lesson::CONCEPTS`), in teaching order.

/// (id, JSON) of every built-in lesson, in menu order.
pub fn builtin() -> &'static [(&'static str, &'static str)] {
    &[
        ("basics", include_str!("../../lessons/basics.json")),
        ("fifo-small-jobs", include_str!("../../lessons/fifo-small-jobs.json")),
        ("fifo-multi-assign", include_str!("../../lessons/fifo-multi-assign.json")),
        ("fifo-load-factor", include_str!("../../lessons/fifo-load-factor.json")),
        ("fifo-padding", include_str!("../../lessons/fifo-padding.json")),
        ("fifo-off-switch", include_str!("../../lessons/fifo-off-switch.json")),
        ("fifo-one-reduce", include_str!("../../lessons/fifo-one-reduce.json")),
        ("fair-shares", include_str!("../../lessons/fair-shares.json")),
        ("fair-delay-scheduling", include_str!("../../lessons/fair-delay-scheduling.json")),
        ("fair-starvation", include_str!("../../lessons/fair-starvation.json")),
        ("fair-assign-multiple", include_str!("../../lessons/fair-assign-multiple.json")),
        ("fair-preemption", include_str!("../../lessons/fair-preemption.json")),
        ("capacity-capacity", include_str!("../../lessons/capacity-capacity.json")),
        ("capacity-queue-order", include_str!("../../lessons/capacity-queue-order.json")),
        ("capacity-user-limits", include_str!("../../lessons/capacity-user-limits.json")),
        ("capacity-high-memory", include_str!("../../lessons/capacity-high-memory.json")),
        ("capacity-admission-init", include_str!("../../lessons/capacity-admission-init.json")),
        ("capacity-locality-delay", include_str!("../../lessons/capacity-locality-delay.json")),
        ("capacity-tasks-per-heartbeat", include_str!("../../lessons/capacity-tasks-per-heartbeat.json")),
        ("paper-head-of-line", include_str!("../../lessons/paper-head-of-line.json")),
        ("paper-sticky-slots", include_str!("../../lessons/paper-sticky-slots.json")),
        ("paper-bound", include_str!("../../lessons/paper-bound.json")),
        ("spark-delay-scheduling", include_str!("../../lessons/spark-delay-scheduling.json")),
        ("spark-legacy-reset", include_str!("../../lessons/spark-legacy-reset.json")),
        ("spark-versus-fair", include_str!("../../lessons/spark-versus-fair.json")),
    ]
}
