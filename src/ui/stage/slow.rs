//! Slow motion on the stage (`page::slow`, `docs/slow-motion.md`): the visit being shown —
//! who is asked, the check it meets with its values, the line of the mirrored Hadoop method
//! that decided (live values substituted, as in the code view) — and the controls that move
//! visit by visit. Every word and number comes from the heartbeat's visits
//! (`explain::visit`) and their captions (`explain::visit_text`), the Why panel's sentences.

use crate::explain::HeartbeatRecord;
use crate::explain::code::{self, Focus};
use crate::explain::visit::{Step, Visit, text as visit_text};
use crate::i18n::{Lang, k, t};
use crate::lesson::key::{Key, Keys};
use crate::model::TaskType;
use crate::page::{Action, RunAction, Slow, VisitMove};
use crate::sched::fair::delay::LocalityLevel;
use crate::sim::stage::fair::LevelChange;
use crate::ui::kit::{Dispatch, icons, num};
use crate::ui::stage::marks::ReachMarks;
use yew::prelude::*;

fn mv(d: &Dispatch, m: VisitMove) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(Action::Run(RunAction::Visit(m))))
}

/// The lesson key a visit's value shows (`Visit::values` names the Hadoop variable): marked
/// `data-key` when the step is about it, like the same value in the overlays.
fn key_of(name: &str) -> Option<Key> {
    Some(match name {
        "timeWaitedForLocalMap" => Key::FairWaited,
        "nodeLocalityDelay" | "rackLocalityDelay" => Key::FairDelays,
        "allowed" | "lastMapLocalityLevel" => Key::FairLevel,
        "used / capacity" => Key::CapacityRatio,
        "limit" | "occupiedByUser" => Key::CapacityUserLimit,
        "padding" | "exceededPadding" | "totalTasks" | "totalTaskCapacity" => Key::FifoPadding,
        "loadFactor" | "trackerCurrentCapacity" | "trackerRunning" | "availableSlots" => Key::FifoLoadCap,
        _ => return None,
    })
}

/// The decisive line of `v`'s listing in `lang`, with its live values.
fn code_line(rec: &HeartbeatRecord, v: &Visit, lang: Lang) -> Option<(String, Option<String>)> {
    let at = v.code.as_ref()?;
    let m = code::method(at.method)?;
    let line = m.lines.get(at.line)?;
    let text = line.text_in(lang);
    let views = code::views(rec, &Focus { job: v.job(), queue: v.group().map(str::to_string) });
    let vars = views.iter().find(|x| x.method == at.method).map(|x| x.vars.clone()).unwrap_or_default();
    Some((text.trim().to_string(), code::live(text, &vars)))
}

/// The reach at a Fair job's visit: the level `getAllowedLocalityLevel` gave it there, and
/// skipped on the heartbeating tracker if that visit launched nothing.
pub fn visit_reach(v: &Visit, r: &mut ReachMarks) {
    let Step::FairJob { visit, .. } = &v.step else { return };
    let Some(a) = visit.allowed.as_ref().filter(|_| visit.job == r.job) else { return };
    r.level = a.level;
    r.level_name = match a.level {
        LocalityLevel::Node => "NODE",
        LocalityLevel::Nodegroup | LocalityLevel::Rack => "RACK",
        LocalityLevel::Any => "ANY",
    };
    r.all = a.level >= LocalityLevel::Any;
    r.change = LevelChange::None;
    r.skipped = visit.assigned.is_none();
}

/// The card over the stage while slow motion is on.
pub fn card(rec: &HeartbeatRecord, s: &Slow, keys: Keys, lang: Lang, dispatch: &Dispatch) -> Html {
    let v = s.visit();
    let n = s.visits.len();
    let end = s.at_end();
    let count = if end {
        html! { {t(lang, k::slow_end)} }
    } else {
        num::fill(
            t(lang, k::slow_count),
            &[num::int("page.visit", s.at as i64 + 1), num::int("page.visits_before_end", n as i64 - 1)],
        )
    };
    let kind = v.kind.map(|x| if x == TaskType::Map { t(lang, k::slow_map) } else { t(lang, k::slow_reduce) });
    let who = match (v.job(), v.group()) {
        (Some(j), Some(g)) => Some(format!("J{j} · {g}")),
        (Some(j), None) => Some(format!("J{j}")),
        (None, Some(g)) => Some(g.to_string()),
        (None, None) => None,
    };
    let step =
        serde_json::to_value(&v.step).ok().and_then(|x| x.get("what").and_then(|w| w.as_str()).map(str::to_string));
    let code = code_line(rec, v, lang);
    html! {
        <aside class={classes!("visit-card", end.then_some("at-end"))} data-testid="visit" aria-live="polite"
               data-visit={s.at.to_string()} data-visits={(n - 1).to_string()} data-step={step}
               data-job={v.job().map(|j| j.to_string())} data-launched={v.launched.to_string()}>
            <header class="visit-head">
                <span class="visit-title">{num::fill(t(lang, k::slow_title), &[num::int("record.hb", s.hb as i64)])}</span>
                <span class="visit-count" data-testid="visit-count" data-at={s.at.to_string()}>{count}</span>
                if let Some(x) = kind { <span class="pill visit-kind">{x}</span> }
                if let Some(w) = who { <span class="visit-who" data-testid="visit-who">{w}</span> }
                <span class="visit-controls">
                    <button class="btn icon" data-testid="visit-prev" onclick={mv(dispatch, VisitMove::Prev)}
                            title={t(lang, k::slow_prev)} aria-label={t(lang, k::slow_prev)}>{"‹"}</button>
                    <button class="btn icon" data-testid="visit-play" onclick={mv(dispatch, VisitMove::Play)}
                            title={if s.playing { t(lang, k::slow_pause) } else { t(lang, k::slow_play_title) }}
                            aria-label={if s.playing { t(lang, k::slow_pause) } else { t(lang, k::slow_play) }}>
                        {if s.playing { icons::pause() } else { icons::play() }}
                    </button>
                    <button class="btn icon" data-testid="visit-next" onclick={mv(dispatch, VisitMove::Next)}
                            title={t(lang, k::slow_next)} aria-label={t(lang, k::slow_next)}>{"›"}</button>
                    <button class="btn icon subtle" data-testid="visit-exit" onclick={mv(dispatch, VisitMove::Exit)}
                            title={t(lang, k::slow_exit)} aria-label={t(lang, k::slow_exit)}>{"×"}</button>
                </span>
            </header>
            <p class="visit-caption" data-testid="visit-caption">{num::text(format!("captions.{}", s.at), visit_text::caption(rec, v, lang))}</p>
            if !v.values().is_empty() {
                <dl class="visit-values" data-testid="visit-values">
                    { for v.values().into_iter().map(|(name, value)| html! {
                        <div class="kv"><dt>{name}</dt><dd data-of={name} data-value={value.clone()} data-format="text"
                            data-key={key_of(name).and_then(|k| keys.attr(k))}>{value}</dd></div>
                    }) }
                </dl>
            }
            if let Some((text, live)) = code {
                <p class="visit-code" data-testid="visit-code" data-method={v.code.as_ref().map(|c| c.method)}
                   data-line={v.code.as_ref().map(|c| c.line.to_string())}>
                    <span class="visit-code-label">{t(lang, k::slow_code)}</span>
                    <code>{num::text(v.code.as_ref().map(|c| format!("listing[method={}].{}", c.method, c.line)).unwrap_or_default(), text)}</code>
                    if let Some(l) = live { <code class="live">{num::text("page.code_live", l)}</code> }
                </p>
            }
        </aside>
    }
}
