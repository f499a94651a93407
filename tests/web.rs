//! Browser component tests for the yew page (wasm only):
//! `cargo test --target wasm32-unknown-unknown --tests` runs them in headless chromium.
//!
//! yew renders asynchronously: after mounting or clicking, `yew::scheduler::flush().await`
//! finishes the pending renders before the DOM is inspected.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Mount a fresh `App` into a new `<div>` under `<body>` and let it render.
async fn mount_app() -> Element {
    // Apps mounted by earlier tests keep the URL hash up to date; start from none.
    set_hash("");
    mount_with_hash().await
}

/// Mount with whatever hash the page has now (a share link under test).
async fn mount_with_hash() -> Element {
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<schedscope::ui::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    root
}

fn query(root: &Element, selector: &str) -> Element {
    root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

async fn click(root: &Element, selector: &str) {
    query(root, selector).dyn_into::<HtmlElement>().unwrap().click();
    yew::scheduler::flush().await;
}

/// Wait (rendering) until `selector` matches, at most `ms`: a long job (`page::job`, Compare's
/// runs) runs in slices, each a task of its own after a timer.
async fn until(root: &Element, selector: &str, ms: i32) {
    for _ in 0..ms / 20 {
        if count(root, selector) > 0 {
            return;
        }
        let wait = js_sys::Promise::new(&mut |resolve, _| {
            let _ = gloo::utils::window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(wait).await;
        yew::scheduler::flush().await;
    }
    panic!("nothing matches {selector} after {ms} ms");
}

fn text(root: &Element, selector: &str) -> String {
    query(root, selector).text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn renders_title_grid_and_controls() {
    let root = mount_app().await;
    assert_eq!(text(&root, "h1"), "SchedScope");
    assert_eq!(text(&root, "[data-testid=hb]"), "0");
    assert!(count(&root, "[data-testid^='node-']") > 0, "no node cards rendered");
    assert!(count(&root, "[data-testid=slot]") > 0, "no slots rendered");
    assert_eq!(count(&root, "[data-testid=slot].filled"), 0, "slots filled before any heartbeat");
    assert!(text(&root, "[data-testid=next]").contains("Next >"));
    assert!(text(&root, "[data-testid=prev]").contains("< Previous"));
}

#[wasm_bindgen_test]
async fn next_fills_a_slot_and_previous_undoes_it() {
    let root = mount_app().await;
    let before = query(&root, "[data-testid=racks]").inner_html();
    let mut clicks = 0;
    while count(&root, "[data-testid=slot].filled") == 0 {
        assert!(clicks < 10, "no slot filled after 10 heartbeats");
        click(&root, "[data-testid=next]").await;
        clicks += 1;
    }
    assert_eq!(text(&root, "[data-testid=hb]"), clicks.to_string());
    assert!(count(&root, "[data-testid=why-lines] li") > 0, "the why panel is empty");
    let heartbeating = count(&root, ".node.hb-now");
    assert_eq!(heartbeating, 1, "exactly one tracker should be marked as heartbeating");

    for _ in 0..clicks {
        click(&root, "[data-testid=prev]").await;
    }
    assert_eq!(text(&root, "[data-testid=hb]"), "0");
    assert_eq!(count(&root, "[data-testid=slot].filled"), 0);
    assert_eq!(query(&root, "[data-testid=racks]").inner_html(), before);
}

fn set_hash(hash: &str) {
    let url = if hash.is_empty() { gloo::utils::window().location().pathname().unwrap() } else { format!("#{hash}") };
    let _ =
        gloo::utils::window().history().unwrap().replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
}

#[wasm_bindgen_test]
async fn a_share_link_restores_scenario_and_heartbeat() {
    set_hash("v=1&b=fifo-two-racks&hb=7");
    let root = mount_with_hash().await;
    set_hash("");
    assert_eq!(text(&root, "[data-testid=hb]"), "7");
    assert_eq!(count(&root, "[data-testid=banner]"), 0);
    assert!(count(&root, "[data-testid=why-lines] li") > 0);
}

#[wasm_bindgen_test]
async fn a_bad_share_link_shows_an_error_and_the_default_scenario() {
    for bad in ["v=9&b=fifo-two-racks", "v=1&s=%%%", "v=1&s=eyJ2ZXJzaW9uIjo5fQ&hb=3", "v=1&b=nope"] {
        set_hash(bad);
        let root = mount_with_hash().await;
        set_hash("");
        assert_eq!(count(&root, "[data-testid=banner]"), 1, "{bad}");
        assert_eq!(text(&root, "[data-testid=hb]"), "0", "{bad}");
        assert!(count(&root, "[data-testid^='node-']") > 0, "{bad}: no grid");
    }
}

#[wasm_bindgen_test]
async fn language_switches_live() {
    let root = mount_app().await;
    click(&root, "[data-testid=next]").await;
    click(&root, "[data-testid=lang-zh]").await;
    assert!(text(&root, "[data-testid=next]").contains("下一步"));
    assert!(text(&root, "[data-testid=why-lines]").contains("心跳"));
    assert!(text(&root, "[data-testid=cluster]").contains("集群"));
    click(&root, "[data-testid=lang-en]").await;
    assert!(text(&root, "[data-testid=next]").contains("Next >"));
}

#[wasm_bindgen_test]
async fn the_fifo_stage_shows_the_padding_gauge_load_factor_and_budget() {
    let root = mount_app().await;
    assert_eq!(count(&root, "[data-testid=padding-gauge]"), 0, "no gauge before the first heartbeat");
    for _ in 0..61 {
        click(&root, "[data-testid=next]").await;
    }
    let gauge = query(&root, "[data-testid=padding-gauge]");
    assert_eq!(gauge.get_attribute("data-exceeded").as_deref(), Some("true"));
    assert!(gauge.class_list().contains("bit"));
    assert!(text(&root, "[data-testid=padding-sum]").contains("≥ 18"));
    // Hadoop pads with min(the tracker's map slots, ⌊needed × fraction⌋): min(3, …), not min(18, …).
    assert!(text(&root, "[data-testid=padding-gauge]").contains("min(3, "));
    assert!(text(&root, "[data-testid=budget]").contains("11.39"));
    assert!(text(&root, "[data-testid=budget-maps]").contains('1'));
}

#[wasm_bindgen_test]
async fn scrubbing_and_selecting_a_job() {
    let root = mount_app().await;
    let input: web_sys::HtmlInputElement = query(&root, "[data-testid=scrubber]").dyn_into().unwrap();
    input.set_value("80");
    let event = web_sys::Event::new("input").unwrap();
    input.dispatch_event(&event).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(text(&root, "[data-testid=hb]"), "80");
    click(&root, "[data-testid=job-chip-2]").await;
    assert!(count(&root, ".node.holds-input") > 0, "no node marked as holding J2's input");
    assert!(count(&root, ".rack.holds-input") > 0);
    click(&root, "[data-testid=job-chip-2]").await;
    assert_eq!(count(&root, ".node.holds-input"), 0);
}

#[wasm_bindgen_test]
async fn the_editor_reports_errors_at_their_path() {
    let root = mount_app().await;
    click(&root, "[data-testid=open-editor]").await;
    let area: web_sys::HtmlTextAreaElement = query(&root, "[data-testid=scenario-text]").dyn_into().unwrap();
    let good = area.value();
    area.set_value(&good.replacen("\"HIGH\"", "\"URGENT\"", 1));
    area.dispatch_event(&web_sys::InputEvent::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=error-path]").contains("priority"));
    assert!(query(&root, "[data-testid=apply]").has_attribute("disabled"));
    area.set_value(&good);
    area.dispatch_event(&web_sys::InputEvent::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=error-path]"), 0);
    click(&root, "[data-testid=apply]").await;
    assert_eq!(count(&root, "[data-testid=editor]"), 0);
}

fn attr(root: &Element, selector: &str, name: &str) -> String {
    query(root, selector).get_attribute(name).unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_landing_page_lists_every_lesson_and_one_click_opens_one() {
    let root = mount_app().await;
    click(&root, "[data-testid=lang-en]").await;
    // Every built-in lesson, `basics` offered first.
    let listed = schedscope::lesson::builtin().len() as u32;
    assert_eq!(count(&root, "[data-testid^=open-lesson-]"), listed);
    assert!(count(&root, "[data-testid=start-first-lesson]") == 1);
    assert!(query(&root, "[data-testid^=open-lesson-]").get_attribute("data-testid").unwrap().ends_with("basics"));
    click(&root, "[data-testid=open-lesson-fair-delay-scheduling]").await;
    assert_eq!(count(&root, "[data-testid=narrative]"), 1);
    assert_eq!(attr(&root, "[data-testid=narrative]", "data-step"), "0");
    assert_eq!(text(&root, "[data-testid=hb]"), "0");
    assert_eq!(count(&root, "[data-testid=landing-lessons]"), 0, "the picker gives way to the lesson");
    click(&root, "[data-testid=lesson-next]").await;
    assert_eq!(text(&root, "[data-testid=hb]"), "1");
    assert_eq!(attr(&root, "[data-testid=code-listing]", "data-method"), "fair.getAllowedLocalityLevel");
    assert!(attr(&root, "[data-testid=code-listing]", "data-taken").split(',').any(|b| b == "node.node"));
    assert_eq!(attr(&root, "[data-testid=code-listing] li.current", "data-branch"), "node.node");
    let held = attr(&root, "[data-testid=step-checks]", "data-held");
    assert_eq!(held, attr(&root, "[data-testid=step-checks]", "data-total"));
    assert_ne!(held, "0");
    // Timeline: one stop per step.
    assert_eq!(count(&root, ".stops-svg .stop"), 9);
    click(&root, "[data-testid=exit-lesson]").await;
    assert_eq!(count(&root, "[data-testid=narrative]"), 0);
}

#[wasm_bindgen_test]
async fn a_lesson_link_asks_a_prediction_and_reveal_checks_it_against_the_run() {
    set_hash("v=1&l=fair-delay-scheduling&st=2");
    let root = mount_with_hash().await;
    set_hash("");
    click(&root, "[data-testid=lang-en]").await;
    assert_eq!(text(&root, "[data-testid=hb]"), "3", "the question is asked the heartbeat before");
    assert_eq!(count(&root, "[data-testid=predict]"), 1);
    assert!(query(&root, "[data-testid=reveal]").has_attribute("disabled"));
    click(&root, "[data-testid=choice-1] input").await;
    click(&root, "[data-testid=reveal]").await;
    assert_eq!(text(&root, "[data-testid=hb]"), "4");
    assert!(query(&root, "[data-testid=predict-verdict]").class_list().contains("ok"));
    // The step points at the ladder on the stage; the code path is a tab beside it.
    assert_eq!(attr(&root, "[data-testid=ladder] [data-testid=delay-J1]", "data-level"), "RACK");
    click(&root, "[data-testid=tab-code]").await;
    assert!(attr(&root, "[data-testid=code-listing]", "data-taken").split(',').any(|b| b == "node.rack"));
    assert_eq!(text(&root, "[data-testid='var-timeWaitedForLocalMap'] b"), "6000");
    // The step points at the delay meters: they carry the ring.
    assert!(count(&root, ".pointed") > 0);
    // A link to a lesson that does not exist.
    set_hash("v=1&l=nope&st=1");
    let bad = mount_with_hash().await;
    set_hash("");
    assert_eq!(count(&bad, "[data-testid=banner]"), 1);
}

#[wasm_bindgen_test]
async fn charts_follow_the_run() {
    let root = mount_app().await;
    click(&root, "[data-testid=lang-en]").await;
    let input: web_sys::HtmlInputElement = query(&root, "[data-testid=scrubber]").dyn_into().unwrap();
    input.set_value("80");
    input.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
    click(&root, "[data-testid=tab-charts]").await;
    let mix: Vec<u64> =
        attr(&root, "[data-testid=chart-locality-svg]", "data-mix").split('/').map(|x| x.parse().unwrap()).collect();
    assert!(mix.iter().sum::<u64>() > 0, "{mix:?}");
    click(&root, "[data-testid=chart-tab-slots]").await;
    assert_eq!(count(&root, "[data-testid=chart-slots-svg] .area-maps"), 1);
    click(&root, "[data-testid=chart-tab-shares]").await;
    assert!(text(&root, "[data-testid=chart-shares]").contains("FIFO has no pools"));
    click(&root, "[data-testid=chart-tab-response]").await;
    assert_eq!(count(&root, "[data-testid=chart-response]"), 1);
}

#[wasm_bindgen_test]
async fn compare_mode_steps_three_schedulers_on_one_clock() {
    let root = mount_app().await;
    click(&root, "[data-testid=lang-en]").await;
    click(&root, "[data-testid=open-compare]").await;
    until(&root, "[data-testid=compare]", 60_000).await;
    assert_eq!(count(&root, "[data-testid^=cmp-col-]"), 3);
    let t0 = text(&root, "[data-testid=cmp-time]");
    for _ in 0..5 {
        click(&root, "[data-testid=cmp-next]").await;
    }
    assert_ne!(text(&root, "[data-testid=cmp-time]"), t0);
    assert_eq!(count(&root, "[data-testid=cmp-summary] td.best"), 4, "one best value per row but maps");
    click(&root, "[data-testid=close-compare]").await;
    assert_eq!(count(&root, "[data-testid=compare]"), 0);
    assert_eq!(count(&root, "[data-testid=cluster]"), 1);
}
