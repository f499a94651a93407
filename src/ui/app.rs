//! The page shell: header with the scenario picker, transport, cluster grid and "why" panel.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::grid;
use super::state::{Action, Lab};
use super::transport::Transport;
use super::why::WhyPanel;
use crate::explain;
use crate::i18n::Lang;

#[component]
pub fn App() -> Html {
    let lab = use_reducer(Lab::new);

    // Keyboard: → / ← step, unless a form control has the focus.
    {
        let dispatcher = lab.dispatcher();
        use_effect_with((), move |_| {
            let document = gloo::utils::document();
            let options = EventListenerOptions::enable_prevent_default();
            let listener =
                EventListener::new_with_options(&document, "keydown", options, move |event| {
                    let Some(event) = event.dyn_ref::<KeyboardEvent>() else {
                        return;
                    };
                    if event.alt_key() || event.ctrl_key() || event.meta_key() {
                        return;
                    }
                    let in_control = gloo::utils::document()
                        .active_element()
                        .map(|el| matches!(el.tag_name().as_str(), "SELECT" | "INPUT" | "TEXTAREA"))
                        .unwrap_or(false);
                    if in_control {
                        return;
                    }
                    match event.key().as_str() {
                        "ArrowRight" => dispatcher.dispatch(Action::Next),
                        "ArrowLeft" => dispatcher.dispatch(Action::Prev),
                        _ => return,
                    }
                    event.prevent_default();
                });
            move || drop(listener)
        });
    }

    let onselect = {
        let lab = lab.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(index) = select.value().parse::<usize>() {
                lab.dispatch(Action::Select(index));
            }
        })
    };
    let onnext = {
        let lab = lab.clone();
        Callback::from(move |()| lab.dispatch(Action::Next))
    };
    let onprev = {
        let lab = lab.clone();
        Callback::from(move |()| lab.dispatch(Action::Prev))
    };

    let header = html! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">{"S"}</span>
                <h1>{"SchedScope"}</h1>
                <span class="tag">{"Hadoop 1.x scheduler lab"}</span>
            </div>
            <label class="picker">
                <span class="picker-label">{"Scenario"}</span>
                <select data-testid="scenario-picker" onchange={onselect}>
                    { for lab.scenarios.iter().enumerate().map(|(i, s)| html! {
                        <option value={i.to_string()} selected={i == lab.selected} title={s.id}>
                            {&s.title}
                        </option>
                    }) }
                </select>
            </label>
        </header>
    };

    let body = match &lab.sim {
        Err(lines) => html! {
            <main class="layout single">
                <section class="card errors" data-testid="scenario-errors">
                    <h2>{"This scenario does not load"}</h2>
                    <ul>{ for lines.iter().map(|l| html! { <li><code>{l}</code></li> }) }</ul>
                </section>
            </main>
        },
        Ok(sim) => {
            let view = sim.view();
            let lines = sim
                .last_record()
                .map(|r| explain::text::render(r, Lang::En))
                .unwrap_or_default();
            let intro = lab
                .current()
                .map(|s| s.description.clone())
                .unwrap_or_default();
            html! {
                <>
                    <Transport hb={view.hb} time_ms={view.time_ms} finished={sim.finished()}
                               onprev={onprev} onnext={onnext} />
                    <main class="layout">
                        { grid::cluster(&view) }
                        <WhyPanel hb={view.hb} time_ms={view.time_ms}
                                  tracker={view.heartbeating.clone().map(AttrValue::from)}
                                  lines={lines} intro={AttrValue::from(intro)} />
                    </main>
                </>
            }
        }
    };

    html! {
        <div class="app">
            { header }
            { body }
        </div>
    }
}
