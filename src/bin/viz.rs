//! The web page's entry point (wasm only): mounts `schedscope::ui::App` into `#app`.
//! On native targets this binary is an empty `main` so `cargo build`/`cargo test` stay happy.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    let document = gloo::utils::document();
    let root = document
        .get_element_by_id("app")
        .or_else(|| document.body().map(Into::into))
        .expect("a #app element or a <body> to mount into");
    yew::Renderer::<schedscope::ui::App>::with_root(root).render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
