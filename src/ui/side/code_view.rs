//! "Code path": the pseudo-code of the Hadoop method that ran for this heartbeat's decision
//! (`explain::code::views`), the branch taken banded, lines not reached dimmed, conditions with
//! their live values beside them, and the variables as chips. A focus selector picks the job
//! whose path is shown when several were evaluated.

use crate::i18n::k;
use crate::ui::kit::{Dispatch, num};
use yew::prelude::*;

use crate::explain::code::{self, CodeView, Focus};
use crate::explain::{Decision, HeartbeatRecord};
use crate::i18n::{fill, t};
use crate::page::Page;
use crate::page::{Action, SideAction};
use crate::ui::stage::grid::job_class;

/// Methods in the order the view prefers to open them (most specific first).
const PREFERRED: [&str; 8] = [
    "fair.getAllowedLocalityLevel",
    "capacity.assignSlotsToJob",
    "capacity.scheduleOffSwitch",
    "fifo.exceededPadding",
    "fifo.assignTasks",
    "capacity.QueueComparator",
    "fair.assignTasks",
    "jip.obtainNewMapTask",
];

/// Jobs the heartbeat evaluated, for the focus selector.
fn evaluated(rec: &HeartbeatRecord) -> Vec<u32> {
    let mut jobs: Vec<u32> = match &rec.decision {
        Decision::Fair(d) => d
            .turns
            .iter()
            .flat_map(|t| &t.visits)
            .flat_map(|p| &p.jobs)
            .filter(|v| v.allowed.is_some())
            .map(|v| v.job)
            .collect(),
        Decision::Capacity(d) => [&d.map, &d.reduce]
            .into_iter()
            .flat_map(|p| &p.lookups)
            .flat_map(|l| &l.queues)
            .flat_map(|q| &q.jobs)
            .filter(|j| !matches!(j.verdict, crate::sched::capacity::decision::JobVerdict::NotRunning { .. }))
            .map(|j| j.job)
            .collect(),
        _ => rec.assigned.iter().map(|a| a.job).collect(),
    };
    let mut seen = Vec::new();
    jobs.retain(|j| {
        let new = !seen.contains(j);
        seen.push(*j);
        new
    });
    jobs
}

pub fn listing(v: &CodeView, lang: crate::i18n::Lang) -> Html {
    listing_at(v, lang, None)
}

/// The listing with line `at` as the current one (slow motion's deciding line), or the last
/// line of the branches taken.
pub fn listing_at(v: &CodeView, lang: crate::i18n::Lang, at: Option<usize>) -> Html {
    let Some(m) = code::method(v.method) else { return html! {} };
    let taken = |b: &str| !b.is_empty() && v.taken.contains(&b);
    let first_line = |b: &str| m.lines.iter().position(|l| l.branch == b);
    // A branch not taken was evaluated (and false) when a sibling after it was taken.
    let evaluated = |i: usize, b: &str| {
        let parent = b.rsplit_once('.').map(|(p, _)| p).unwrap_or("");
        v.taken
            .iter()
            .any(|t| t.rsplit_once('.').map(|(p, _)| p).unwrap_or("") == parent && first_line(t).is_some_and(|f| f > i))
    };
    let current = at.filter(|&i| i < m.lines.len()).or_else(|| m.lines.iter().rposition(|l| taken(l.branch)));
    html! {
        <ol class="code-lines" data-testid="code-listing" data-method={v.method} data-taken={v.taken.join(",")}>
            { for m.lines.iter().enumerate().map(|(i, l)| {
                let is_taken = taken(l.branch);
                let state = if l.branch.is_empty() {
                    if v.lines.contains(&i) { "ran" } else { "dim" }
                } else if is_taken {
                    "taken"
                } else if evaluated(i, l.branch) {
                    "false"
                } else {
                    "dim"
                };
                let text = l.text_in(lang);
                let value = if state == "dim" { None } else { code::live(text, &v.vars) };
                let verdict = match state {
                    "taken" if !l.branch.is_empty() => Some(("true", "✓")),
                    "false" => Some(("false", "false")),
                    _ => None,
                };
                html! {
                    <li class={classes!("code-line", state, format!("ind-{}", l.indent.min(4)), (current == Some(i)).then_some("current"))}
                        id={(current == Some(i)).then_some("code-current")}
                        data-branch={l.branch} aria-current={(current == Some(i)).then_some("step")}>
                        <span class="ln" aria-hidden="true">{num::int("page.listing_line", i as i64)}</span>
                        <code class="src">{num::text(format!("listing[method={}].{i}", v.method), text)}</code>
                        if value.is_some() || verdict.is_some() {
                            <span class="val">
                                if let Some(x) = value { <span class="live">{num::text(format!("page.code_live.{i}"), x)}</span> }
                                if let Some((class, word)) = verdict { <span class={classes!("verdict", class)}>{if class == "true" && value_is_cond(text) { t(lang, k::code_true) } else { word }}</span> }
                            </span>
                        }
                    </li>
                }
            }) }
        </ol>
    }
}

fn value_is_cond(text: &str) -> bool {
    text.contains("if ")
}

pub fn card(lab: &Page, record: Option<&HeartbeatRecord>, dispatch: &Dispatch) -> Html {
    let lang = lab.lang();
    let Some(rec) = record else {
        return html! {
            <section class="card code-card" data-testid="code-view">
                <header class="card-head"><h2>{t(lang, k::code_title)}</h2></header>
                <p class="hint">{t(lang, k::code_before_first)}</p>
            </section>
        };
    };
    let jobs = evaluated(rec);
    // Slow motion: the visit's job, its listing and the line that decided.
    let visit = lab.slow_shown().map(|s| s.visit()).filter(|v| v.code.is_some());
    let job = visit.and_then(|v| v.job()).or(lab.side.code_job.filter(|j| jobs.contains(j)));
    let views = code::views(rec, &Focus { job, queue: visit.and_then(|v| v.group()).map(str::to_string) });
    if views.is_empty() {
        return html! {
            <section class="card code-card" data-testid="code-view">
                <header class="card-head"><h2>{t(lang, k::code_title)}</h2></header>
                <p class="hint">{t(lang, k::code_none)}</p>
            </section>
        };
    }
    let at_method = visit.and_then(|v| v.code.as_ref()).map(|c| c.method);
    let pick = at_method
        .and_then(|m| views.iter().position(|v| v.method == m))
        .or(lab.side.code_method.and_then(|m| views.iter().position(|v| v.method == m)))
        .or_else(|| PREFERRED.iter().find_map(|p| views.iter().position(|v| v.method == *p)))
        .unwrap_or(0);
    let v = &views[pick];
    let shown_job = v
        .subject
        .as_deref()
        .and_then(|s| s.strip_prefix('J'))
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse::<u32>().ok());
    html! {
        <section class="card code-card" data-testid="code-view" data-point={format!("code:{}", v.method)}
                 data-focus-job={job.map(|j| j.to_string())} data-focus-queue={visit.and_then(|v| v.group()).map(str::to_string)}>
            <header class="card-head">
                <h2>{t(lang, k::code_title)}</h2>
                <code class="meta hadoop-name">{v.hadoop}</code>
                if jobs.len() > 1 {
                    <span class="focus" role="group" aria-label={t(lang, k::code_focus)}>
                        <span class="meta">{t(lang, k::code_for)}</span>
                        { for jobs.iter().take(6).map(|&j| {
                            let d = dispatch.clone();
                            let on = shown_job == Some(j);
                            html! {
                                <button class={classes!("job-chip", "small", on.then_some("on"))} aria-pressed={on.to_string()}
                                        data-testid={format!("code-focus-{j}")} onclick={Callback::from(move |_| d.dispatch(Action::Side(SideAction::SetCodeJob(Some(j)))))}>
                                    <span class={classes!("swatch-dot", job_class(j))}></span><b>{format!("J{j}")}</b>
                                </button>
                            }
                        }) }
                    </span>
                }
            </header>
            <div class="segs code-methods" role="tablist" aria-label={t(lang, k::code_methods)}>
                { for views.iter().enumerate().map(|(i, x)| {
                    let d = dispatch.clone();
                    let on = i == pick;
                    let id = x.method;
                    let short = id.split_once('.').map(|(_, m)| m).unwrap_or(id);
                    html! {
                        <button role="tab" class={classes!("seg", on.then_some("on"))} aria-selected={on.to_string()} data-testid={format!("code-method-{id}")}
                                data-point={format!("code:{id}")} onclick={Callback::from(move |_| d.dispatch(Action::Side(SideAction::SetCodeMethod(Some(id)))))}>{short}</button>
                    }
                }) }
            </div>
            { listing_at(v, lang, visit.and_then(|x| x.code.as_ref()).filter(|c| c.method == v.method).map(|c| c.line)) }
            <div class="code-vars" aria-label={t(lang, k::code_values)}>
                <span class="caps">{t(lang, k::code_values)}</span>
                if let Some(s) = &v.subject { <span class="var subject">{fill(t(lang, k::code_subject), &[s])}</span> }
                { for v.vars.iter().filter(|x| !x.value.is_empty()).map(|x| html! {
                    <span class="var" data-testid={format!("var-{}", x.name)}><span class="vn">{&x.name}</span>{" = "}<b>{num::text(format!("code[method={}].vars[name={}].value", v.method, x.name), x.value.clone())}</b></span>
                }) }
            </div>
        </section>
    }
}
