//! The JavaScript API (wasm only; `docs/js-api.md`): the engine for people who build on it —
//! load a scenario, step forward and back, jump, read the view and the heartbeat records,
//! check a lesson. Data crosses as plain JavaScript objects (`serde-wasm-bindgen`), in the
//! shapes of `schedscope run --json`: `JSON.stringify` of a record is the CLI's line for it.
//!
//! A module of its own (`dist/api/schedscope.js` + `schedscope_bg.wasm`, built by
//! `scripts/build.sh`) rather than exports of the page's `viz`: the page's bundle does not
//! carry the API, and an API user does not download (or start) the page. Every
//! `#[wasm_bindgen]` export of the library would land in `viz.wasm` too, which is why the API
//! lives in this binary and not in `src/`'s library.
//!
//! On native targets this binary is an empty `main`, so `cargo build` and `cargo test` stay
//! happy.

#[cfg(target_arch = "wasm32")]
mod catalogue;
#[cfg(target_arch = "wasm32")]
mod convert;
#[cfg(target_arch = "wasm32")]
mod simulation;

fn main() {}
