//! Embed mode (`docs/embed.md`): a link with `embed=1` shows only the stage — the grid with
//! the scheduler's overlay (or a lesson step's whole-run figures), the lesson's narrative (or, outside a lesson, why the heartbeat
//! went as it did) and the transport — for an `<iframe>` in slides; and a `postMessage`
//! interface so the slide software can drive it and read the heartbeat.
//!
//! The link's options and the messages are read by `share::embed` (pure, native-tested) and
//! applied by `page` (`Page::open_link`, `Action::Embed`). Here: the embed's page, and the
//! message listener and sender (`use_embed`). Messages are obeyed only from the embedding window (`event.source` is
//! `window.parent`) and, with `origin=`, only from that origin; state goes only to the parent,
//! to that origin when given.

use crate::i18n::k;
use crate::ui::Dispatch;
use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use super::lesson::{figures, narrative};
use super::side::why::WhyPanel;
use super::stage::transport::{Transport, TransportProps};
use super::stage::{Stage, StageProps};
use super::{platform, t};
use crate::i18n::Lang;
use crate::page::Action;
use crate::page::{Page, SPEEDS};
use crate::share::embed::{Command, PREFIX, Value};

fn set(obj: &js_sys::Object, key: &str, value: impl Into<JsValue>) {
    let _ = js_sys::Reflect::set(obj, &JsValue::from_str(key), &value.into());
}

/// The parent window, when the page is in a frame (never the page itself: it would hear its
/// own messages).
fn parent() -> Option<web_sys::Window> {
    let w = web_sys::window()?;
    let p = w.parent().ok().flatten()?;
    (!JsValue::from(&p).loose_eq(&JsValue::from(&w))).then_some(p)
}

/// Send a message to the embedding page: to `origin` when the link named one, else to any.
fn post(origin: Option<&str>, message: &js_sys::Object) {
    if let Some(p) = parent() {
        let _ = p.post_message(message, origin.unwrap_or("*"));
    }
}

/// The state as the embedding page reads it (`schedscope:ready` once, then `schedscope:state`).
fn state_message(kind: &str, lab: &Page) -> js_sys::Object {
    let obj = js_sys::Object::new();
    set(&obj, "type", format!("{PREFIX}{kind}"));
    let (hb, time, finished) = lab
        .run
        .sim()
        .as_ref()
        .map(|s| s.borrow())
        .map(|s| (s.hb(), s.time_ms(), s.finished()))
        .unwrap_or((0, 0, false));
    set(&obj, "hb", hb as f64);
    set(&obj, "timeMs", time as f64);
    set(&obj, "known", lab.run.known_hbs() as f64);
    set(&obj, "end", lab.run.end_known().map_or(JsValue::NULL, |e| JsValue::from(e as f64)));
    set(&obj, "finished", finished);
    set(&obj, "playing", lab.playing);
    set(&obj, "speed", SPEEDS[lab.prefs.speed]);
    set(&obj, "lang", lab.locale().code());
    let lesson = lab.lesson.as_ref().map_or(JsValue::NULL, |run| {
        let l = js_sys::Object::new();
        set(&l, "id", lab.catalogue.lessons.get(run.index).map(|e| e.id).unwrap_or_default());
        set(&l, "step", run.step as f64);
        set(&l, "steps", run.len() as f64);
        set(&l, "stepHb", run.hb(run.step) as f64);
        l.into()
    });
    set(&obj, "lesson", lesson);
    set(&obj, "scenario", lab.builtin().map_or(JsValue::NULL, |b| JsValue::from_str(b.id)));
    let error = lab.banner.as_ref().map(|b| lab.locale().text(b.clone()));
    set(&obj, "error", error.as_deref().map_or(JsValue::NULL, JsValue::from_str));
    obj
}

/// Read a message event into a command, if it is one for us from whom we obey.
fn command_of(event: &web_sys::MessageEvent, origin: Option<&str>) -> Option<Result<Command, String>> {
    let from_parent = match (event.source(), parent()) {
        (Some(source), Some(p)) => JsValue::from(source).loose_eq(&JsValue::from(p)),
        _ => false,
    };
    if !from_parent || origin.is_some_and(|o| event.origin() != o) {
        return None;
    }
    let data = event.data();
    if !data.is_object() {
        return None;
    }
    let field = |k: &str| js_sys::Reflect::get(&data, &JsValue::from_str(k)).ok();
    let kind = field("type").and_then(|v| v.as_string());
    // Our own outgoing types are never commands.
    if kind.as_deref().is_some_and(|k| ["ready", "state", "error"].iter().any(|o| k == format!("{PREFIX}{o}"))) {
        return None;
    }
    Command::parse(kind.as_deref(), |k| field(k).and_then(|v| value_of(&v)), &SPEEDS).transpose()
}

/// A message's field as `Command::parse` reads it (`None`: absent or `undefined`).
fn value_of(v: &JsValue) -> Option<Value> {
    if v.is_undefined() {
        return None;
    }
    Some(if let Some(n) = v.as_f64() {
        Value::Number(n)
    } else if let Some(t) = v.as_string() {
        Value::Text(t)
    } else if let Some(b) = v.as_bool() {
        Value::Other(format!("{b} (a boolean)"))
    } else if v.is_null() {
        Value::Other("null".into())
    } else if js_sys::Array::is_array(v) {
        Value::Other("an array".into())
    } else {
        let kind = v.js_typeof().as_string().unwrap_or_default();
        Value::Other(format!("a value of type {kind}"))
    })
}

/// Zoom steps for a stage that does not fit its frame (`fit-N` classes in `embed.css`).
pub const FITS: [f64; 6] = [1.0, 0.9, 0.8, 0.7, 0.6, 0.5];

/// Whether the stage or the narrative needs more room than the frame gives it.
fn overflows() -> bool {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return false };
    let Ok(list) = doc.query_selector_all(
        ".embed .stage, .embed .lesson-figures-area, .embed .col-side > .card, .embed .narrative-body",
    ) else {
        return false;
    };
    let root = doc.document_element();
    let page =
        root.is_some_and(|r| r.scroll_height() > r.client_height() + 1 || r.scroll_width() > r.client_width() + 1);
    page || (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
        .any(|e| e.scroll_height() > e.client_height() + 1)
}

/// Listen to the embedding page and tell it the state after every change (embed mode only).
/// Returns the zoom step (`FITS`) at which the stage and the narrative fit the frame: back to
/// 1 for every new scenario, lesson or frame size, then one step smaller after each render
/// where something would have to scroll.
#[hook]
pub fn use_embed(lab: &Page, dispatch: &Dispatch) -> usize {
    let fit = use_state(|| 0usize);
    let size = use_state(|| (0, 0));
    {
        let size = size.clone();
        let on = lab.embed.is_some();
        use_effect_with(on, move |&on| {
            let listener = on.then(|| {
                EventListener::new(&gloo::utils::window(), "resize", move |_| {
                    let w = gloo::utils::window();
                    let dim = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0) as i32;
                    size.set((dim(w.inner_width()), dim(w.inner_height())));
                })
            });
            move || drop(listener)
        });
    }
    {
        let key = lab
            .embed
            .as_ref()
            .map(|_| (Rc::as_ptr(&lab.run.text()) as *const u8 as usize, lab.lesson.as_ref().map(|r| r.index), *size));
        let last_key = use_mut_ref(|| None);
        let fit = fit.clone();
        use_effect(move || {
            if key.is_some() {
                if *last_key.borrow() != key {
                    *last_key.borrow_mut() = key;
                    if *fit != 0 {
                        fit.set(0);
                        return;
                    }
                }
                if *fit + 1 < FITS.len() && overflows() {
                    fit.set(*fit + 1);
                }
            }
        });
    }
    let origin: Option<Option<Rc<str>>> = lab.embed.as_ref().map(|e| e.options.origin.as_deref().map(Rc::from));
    {
        let d = dispatch.clone();
        use_effect_with(origin.clone(), move |origin| {
            let listener = origin.clone().map(|origin| {
                EventListener::new(&gloo::utils::window(), "message", move |event| {
                    let Some(event) = event.dyn_ref::<web_sys::MessageEvent>() else { return };
                    if let Some(c) = command_of(event, origin.as_deref()) {
                        d.dispatch(Action::Embed(c));
                    }
                })
            });
            move || drop(listener)
        });
    }
    let sent_ready = use_mut_ref(|| false);
    let state = lab.embed.as_ref().map(|e| {
        let sim = lab.run.sim().as_ref().ok().map(|s| s.borrow().hb());
        let lesson = lab.lesson.as_ref().map(|r| (r.index, r.step));
        (sim, lab.run.end_known(), lab.playing, lab.prefs.speed, lab.locale(), lesson, e.asked, lab.banner.clone())
    });
    let lab_now = Rc::new(lab.clone());
    {
        let lab_now = lab_now.clone();
        use_effect_with(state, move |state| {
            if state.is_some() {
                let origin = lab_now.embed.as_ref().and_then(|e| e.options.origin.clone());
                let first = !*sent_ready.borrow();
                *sent_ready.borrow_mut() = true;
                post(origin.as_deref(), &state_message(if first { "ready" } else { "state" }, &lab_now));
            }
        });
    }
    let error = lab.embed.as_ref().and_then(|e| e.error.clone());
    use_effect_with(error, move |error| {
        if let Some((_, why)) = error {
            let obj = js_sys::Object::new();
            set(&obj, "type", format!("{PREFIX}error"));
            set(&obj, "message", why.as_ref());
            let origin = lab_now.embed.as_ref().and_then(|e| e.options.origin.clone());
            post(origin.as_deref(), &obj);
        }
    });
    *fit
}

/// The embed's page: transport, stage and narrative, nothing else (and a link to open the
/// whole page).
pub fn page(lab: &Rc<Page>, dispatch: &Dispatch, fit: usize, banner: Option<Html>, announce: String) -> Html {
    let lang = lab.lang();
    let side = match &lab.run.sim() {
        Ok(cell) => {
            let sim = cell.borrow();
            match &lab.lesson {
                Some(run) => narrative::card(lab, run, &sim, dispatch),
                None => {
                    let intro = lab
                        .builtin()
                        .map(|b| lang.pick(&b.description.0, &b.description.1).to_string())
                        .unwrap_or_default();
                    html! { <WhyPanel record={sim.last_record().cloned()} lang={lang} intro={AttrValue::from(intro)} /> }
                }
            }
        }
        Err(_) => html! {},
    };
    let full = platform::url_with_hash(&lab.share_hash());
    let class = classes!(
        "app",
        "embed",
        (fit > 0).then(|| format!("fit-{fit}")),
        if lab.prefs.dark { "theme-dark" } else { "theme-light" },
        (lang == Lang::Zh).then_some("lang-zh")
    );
    html! {
        <div class={class} data-testid="app" data-embed="true" data-fit={FITS[fit].to_string()}>
            <Transport ..TransportProps::of(lab, dispatch) />
            { for banner }
            <main class={classes!("layout", "embed-layout", lab.lesson.is_some().then_some("in-lesson"))}>
                // A lesson step about whole runs shows the lesson's figures, as on the page.
                if let Some(run) = lab.lesson.as_ref().filter(|r| r.view() != "stage") {
                    <section class="lesson-figures-area">{ figures::panel(&run.lesson, run.view(), run.point(), run.keys(), html! {}, lang) }</section>
                } else {
                    <Stage ..StageProps::of(lab, dispatch) />
                }
                <div class="col-side">
                    { side }
                    <a class="embed-open" data-testid="embed-open" href={full} target="_blank" rel="noopener" title={t(lang, k::embed_open_title)}>
                        {t(lang, k::embed_open)}</a>
                </div>
                <div class="sr-only" aria-live="polite" data-testid="announce">{ announce }</div>
            </main>
        </div>
    }
}
