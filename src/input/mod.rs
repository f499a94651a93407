//! Reading input strictly, shared by everything that reads a file or a link: scenarios,
//! scheduler configurations (allocation files, queue settings, scripted steps), lessons and
//! practice sets. `json` is a reader over `serde_json::Value` that collects every problem with
//! its JSON path, what was found and what was expected, and suggests the field meant;
//! `strict` reads JSON text (size cap, duplicate keys, control characters); `error` is the
//! problem itself. It names nothing else in the crate, so every layer may use it.

mod error;
pub mod json;
pub mod strict;

pub use error::{ScenarioError, ScenarioErrors};
