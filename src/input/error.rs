//! A scenario's problems, each with its JSON path and what was found versus expected
//! (collected by `json::Errs` while reading, so one pass reports them all).

use std::fmt;

/// One problem in a scenario: where, and what was found versus expected.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScenarioError {
    /// JSON path, e.g. `$.jobs[1].priority`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Every problem found in a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioErrors {
    pub errors: Vec<ScenarioError>,
    /// What was accepted but is worth saying, found before the errors stopped the reading
    /// (`Scenario::warnings` of a scenario that reads).
    pub warnings: Vec<ScenarioError>,
}

impl ScenarioErrors {
    /// Errors without warnings.
    pub fn of(errors: Vec<ScenarioError>) -> ScenarioErrors {
        ScenarioErrors { errors, warnings: Vec::new() }
    }
}

impl fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioErrors {}
