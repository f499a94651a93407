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
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<schedscope::ui::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    root
}

fn query(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

async fn click(root: &Element, selector: &str) {
    query(root, selector)
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    yew::scheduler::flush().await;
}

fn text(root: &Element, selector: &str) -> String {
    query(root, selector).text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn renders_title_grid_and_controls() {
    let root = mount_app().await;
    assert_eq!(text(&root, "h1"), "SchedScope");
    assert_eq!(text(&root, "[data-testid=hb]"), "0");
    assert!(
        count(&root, "[data-testid^='node-']") > 0,
        "no node cards rendered"
    );
    assert!(count(&root, "[data-testid=slot]") > 0, "no slots rendered");
    assert_eq!(
        count(&root, "[data-testid=slot].filled"),
        0,
        "slots filled before any heartbeat"
    );
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
    assert!(
        count(&root, "[data-testid=why-lines] li") > 0,
        "the why panel is empty"
    );
    let heartbeating = count(&root, ".node.hb-now");
    assert_eq!(
        heartbeating, 1,
        "exactly one tracker should be marked as heartbeating"
    );

    for _ in 0..clicks {
        click(&root, "[data-testid=prev]").await;
    }
    assert_eq!(text(&root, "[data-testid=hb]"), "0");
    assert_eq!(count(&root, "[data-testid=slot].filled"), 0);
    assert_eq!(query(&root, "[data-testid=racks]").inner_html(), before);
}
