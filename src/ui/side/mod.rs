//! The side area beside the stage: why this heartbeat, the code path, charts, jobs and the
//! decision log, as tabs.

pub mod chart_svg;
pub mod charts;
pub mod code_view;
pub mod jobs;
pub mod log;
pub mod why;
