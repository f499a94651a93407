//! The side area beside the stage: which tab is in front (why, code, charts, jobs, log), which
//! chart the chart card shows, and the code view's chosen method and focus job.

/// The side area's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Why,
    Code,
    Charts,
    Jobs,
    Log,
}

impl Tab {
    pub fn id(self) -> &'static str {
        match self {
            Tab::Why => "why",
            Tab::Code => "code",
            Tab::Charts => "charts",
            Tab::Jobs => "jobs",
            Tab::Log => "log",
        }
    }
}

/// Which chart the chart card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    Locality,
    Slots,
    Shares,
    Response,
}

impl Chart {
    pub const ALL: [Chart; 4] = [Chart::Locality, Chart::Slots, Chart::Shares, Chart::Response];
    pub fn id(self) -> &'static str {
        match self {
            Chart::Locality => "locality",
            Chart::Slots => "slots",
            Chart::Shares => "shares",
            Chart::Response => "response",
        }
    }
    pub fn parse(id: &str) -> Option<Chart> {
        Chart::ALL.into_iter().find(|c| c.id() == id)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    pub tab: Tab,
    pub chart: Chart,
    /// The code view's chosen method (none: follow the heartbeat).
    pub code_method: Option<&'static str>,
    /// The code view's focus job (none: follow the heartbeat).
    pub code_job: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SideAction {
    SetTab(Tab),
    SetChart(Chart),
    SetCodeMethod(Option<&'static str>),
    SetCodeJob(Option<u32>),
}

impl Default for Side {
    fn default() -> Side {
        Side { tab: Tab::Why, chart: Chart::Locality, code_method: None, code_job: None }
    }
}

impl Side {
    pub fn reduce(mut self, action: SideAction) -> Side {
        match action {
            SideAction::SetTab(t) => self.tab = t,
            SideAction::SetChart(c) => self.chart = c,
            SideAction::SetCodeMethod(m) => self.code_method = m,
            SideAction::SetCodeJob(j) => self.code_job = j,
        }
        self
    }

    /// What a new scenario starts with: the code view follows the heartbeat again.
    pub fn for_new_run(self) -> Side {
        Side { code_method: None, code_job: None, ..self }
    }

    /// Bring forward what a lesson step points at (`point`, `docs/lesson-format.md`): its side
    /// tab (code, chart, jobs, log, why). A step about the stage only (a tracker, a job, a
    /// queue, the padding gauge ...) gives the stage its full width back: the tab returns to
    /// "why".
    pub fn follow_point(mut self, point: &str) -> Side {
        if !points_at_side(point) {
            self.tab = Tab::Why;
        }
        for token in point.split_whitespace() {
            let Some((kind, name)) = token.split_once(':') else { continue };
            match kind {
                "panel" if name == "jobs" => self.tab = Tab::Jobs,
                "panel" if name == "log" => self.tab = Tab::Log,
                "panel" if name == "why" => self.tab = Tab::Why,
                "chart" => {
                    self.tab = Tab::Charts;
                    self.chart = Chart::parse(name).unwrap_or(self.chart);
                }
                "code" => {
                    self.tab = Tab::Code;
                    self.code_method = crate::explain::code::METHODS.iter().find(|m| m.id == name).map(|m| m.id);
                }
                _ => {}
            }
        }
        self
    }
}

/// Whether a lesson step's point names something in the side tabs (the code path, a chart,
/// the jobs table, the log, the why panel) rather than on the stage.
pub fn points_at_side(point: &str) -> bool {
    point.split_whitespace().any(|t| {
        t.starts_with("code:") || t.starts_with("chart:") || matches!(t, "panel:jobs" | "panel:log" | "panel:why")
    })
}
