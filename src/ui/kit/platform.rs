//! Every browser API the page touches, in one place: the URL hash, local storage, the
//! browser language and colour scheme, the clock, downloads, the clipboard, files and the
//! SVG → PNG rasterisation. Failures degrade quietly (a private window without storage still
//! works); nothing here panics.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The location hash, with the `#`.
pub fn hash() -> String {
    window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Replace the hash without a navigation or a history entry (no `hashchange` either).
pub fn replace_hash(hash: &str) {
    let Some(w) = window() else { return };
    if let Ok(history) = w.history() {
        let url = format!("#{}", hash.trim_start_matches('#'));
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The page's URL as a share link would be opened: everything up to the hash, plus `hash`.
pub fn url_with_hash(hash: &str) -> String {
    let href = window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}#{}", hash.trim_start_matches('#'))
}

fn storage() -> Option<web_sys::Storage> {
    window().and_then(|w| w.local_storage().ok().flatten())
}

pub fn load(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Store a value; false when storage is unavailable or full.
pub fn store(key: &str, value: &str) -> bool {
    storage().map(|s| s.set_item(key, value).is_ok()).unwrap_or(false)
}

/// `navigator.language`, e.g. `zh-CN`.
pub fn browser_language() -> String {
    window().and_then(|w| w.navigator().language()).unwrap_or_default()
}

/// A fresh seed for a practice set (`Math.random`).
pub fn random_seed() -> u32 {
    (js_sys::Math::random() * 4_294_967_296.0) as u32
}

pub fn prefers_dark() -> bool {
    window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .map(|m| m.matches())
        .unwrap_or(false)
}

/// Milliseconds from a monotonic clock.
pub fn now_ms() -> f64 {
    window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

/// Call `f` again and again, each call a task of its own (zero-delay timers, so the browser
/// handles input and paints in between), while it returns true: how the run is computed ahead
/// in slices. Dropping the handle stops it.
pub fn repeat_soon(f: impl FnMut() -> bool + 'static) -> Repeat {
    fn arm(alive: std::rc::Rc<std::cell::Cell<bool>>, mut f: Box<dyn FnMut() -> bool>) {
        gloo::timers::callback::Timeout::new(0, move || {
            if alive.get() && f() {
                arm(alive, f);
            }
        })
        .forget();
    }
    let alive = std::rc::Rc::new(std::cell::Cell::new(true));
    arm(alive.clone(), Box::new(f));
    Repeat(alive)
}

/// A running `repeat_soon`; stops when dropped.
pub struct Repeat(std::rc::Rc<std::cell::Cell<bool>>);

impl Drop for Repeat {
    fn drop(&mut self) {
        self.0.set(false);
    }
}

/// Set `lang` on `<html>` so the browser picks CJK fonts and screen readers the voice.
pub fn set_document_lang(locale: crate::i18n::Locale) {
    use crate::i18n::Locale;
    if let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = el.set_attribute(
            "lang",
            match locale {
                Locale::En => "en",
                Locale::Zh => "zh-CN",
                Locale::ZhHant => "zh-Hant",
            },
        );
    }
}

/// Show how many cluster views the page has built (`page::Run::view_builds`) on
/// `<html data-view-builds>`: a journey tells a rebuild from a redraw by it
/// (`tests/e2e/renders.test.mjs`; a toast, a tab or a language change builds none).
pub fn show_view_builds(n: u64) {
    if let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = el.set_attribute("data-view-builds", &n.to_string());
    }
}

/// Offer `data` as a file download.
pub fn download(filename: &str, mime: &str, data: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(data));
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag) else { return };
    download_blob(filename, &blob);
}

fn download_blob(filename: &str, blob: &web_sys::Blob) {
    let Some(document) = window().and_then(|w| w.document()) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
    if let Ok(a) = document.create_element("a").map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>()) {
        a.set_href(&url);
        a.set_download(filename);
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            let _ = body.remove_child(&a);
        }
    }
    // Revoke later: the download reads the URL asynchronously.
    gloo::timers::callback::Timeout::new(30_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// Rasterise an SVG document to PNG (at `scale`) and download it. The SVG goes in as a
/// `data:` URL, which the page's Content-Security-Policy allows for images.
pub fn download_svg_as_png(filename: &str, svg: &str, scale: f64) {
    let Some(document) = window().and_then(|w| w.document()) else { return };
    let Ok(img) = web_sys::HtmlImageElement::new() else { return };
    let (w, h) = svg_size(svg);
    let filename = filename.to_string();
    let img2 = img.clone();
    let onload = Closure::once(move || {
        let Ok(canvas) = document.create_element("canvas").map(|e| e.unchecked_into::<web_sys::HtmlCanvasElement>())
        else {
            return;
        };
        canvas.set_width((w * scale) as u32);
        canvas.set_height((h * scale) as u32);
        let Some(ctx) =
            canvas.get_context("2d").ok().flatten().map(|c| c.unchecked_into::<web_sys::CanvasRenderingContext2d>())
        else {
            return;
        };
        let _ = ctx.scale(scale, scale);
        let _ = ctx.draw_image_with_html_image_element(&img2, 0.0, 0.0);
        let cb = Closure::once_into_js(move |blob: Option<web_sys::Blob>| {
            if let Some(blob) = blob {
                download_blob(&filename, &blob);
            }
        });
        let _ = canvas.to_blob(cb.unchecked_ref());
    });
    img.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    let encoded = js_sys::encode_uri_component(svg);
    img.set_src(&format!("data:image/svg+xml;charset=utf-8,{encoded}"));
}

/// `width`/`height` of the root `<svg>` as written by `export::grid_svg`.
fn svg_size(svg: &str) -> (f64, f64) {
    let attr = |name: &str| -> f64 {
        svg.split_once(&format!(" {name}=\""))
            .and_then(|(_, rest)| rest.split('"').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(800.0)
    };
    (attr("width"), attr("height"))
}

/// Copy text to the clipboard (best effort).
pub fn copy(text: &str) {
    if let Some(w) = window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Read a chosen file as text and hand it to `done` (name, text).
pub fn read_file(file: web_sys::File, done: impl FnOnce(String, Result<String, String>) + 'static) {
    let name = file.name();
    let promise = file.text();
    wasm_bindgen_futures::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .map(|v| v.as_string().unwrap_or_default())
            .map_err(|e| format!("{e:?}"));
        done(name, text);
    });
}

/// Focus an element and select a byte range of a textarea's value (the editor jumping to an
/// error). The DOM counts UTF-16 units, so the byte offsets are converted.
pub fn select_in_textarea(id: &str, text: &str, start: usize, end: usize) {
    let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else { return };
    let Ok(area) = el.dyn_into::<web_sys::HtmlTextAreaElement>() else { return };
    let units = |b: usize| text.get(..b.min(text.len())).map(|s| s.encode_utf16().count()).unwrap_or(0) as u32;
    let _ = area.focus();
    let _ = area.set_selection_range(units(start), units(end));
    // Scroll the selection into view: the line's share of the whole height.
    let line = text[..start.min(text.len())].matches('\n').count() as i32;
    let lines = text.matches('\n').count().max(1) as i32;
    area.set_scroll_top((area.scroll_height() * line / lines - area.client_height() / 3).max(0));
}

/// Scroll the element with this id into view inside its closest `container` (a selector), and
/// nothing else: the page itself never moves (on a projector the teacher decides what is on
/// screen).
pub fn scroll_within(id: &str, container: &str) {
    let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else { return };
    let Some(box_) = el.closest(container).ok().flatten() else { return };
    let (e, c) = (el.get_bounding_client_rect(), box_.get_bounding_client_rect());
    if e.top() < c.top() || e.bottom() > c.bottom() {
        let delta = e.top() - c.top() - c.height() / 3.0;
        box_.set_scroll_top(box_.scroll_top() + delta as i32);
    }
}

/// Whether the keyboard focus is on a radio button (a prediction's choices): Space and the
/// arrow keys then belong to it.
pub fn focus_on_radio() -> bool {
    window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|el| el.tag_name() == "INPUT" && el.get_attribute("type").as_deref() == Some("radio"))
}

/// Whether the keyboard focus is in a text field (shortcuts are off then).
pub fn typing_in_field() -> bool {
    let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.active_element()) else { return false };
    let tag = el.tag_name();
    if matches!(tag.as_str(), "TEXTAREA" | "SELECT") {
        return true;
    }
    if tag == "INPUT" {
        let kind = el.get_attribute("type").unwrap_or_default();
        return !matches!(kind.as_str(), "range" | "checkbox" | "radio" | "button" | "file");
    }
    el.dyn_ref::<web_sys::HtmlElement>().map(|h| h.is_content_editable()).unwrap_or(false)
}

fn select_all(selector: &str) -> Vec<web_sys::Element> {
    let Some(doc) = window().and_then(|w| w.document()) else { return Vec::new() };
    let Ok(list) = doc.query_selector_all(selector) else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into::<web_sys::Element>().ok()).collect()
}

fn point_selector(point: &str) -> String {
    let escaped: String = point.chars().filter(|c| !matches!(c, '"' | '\\')).collect();
    format!("[data-point~=\"{escaped}\"]")
}

/// Ring the elements a lesson step points at (`data-point` tokens such as `tracker:tt3`,
/// `panel:fair.delay`; a step may name several) with the `pointed` class, and take it off
/// everything else.
pub fn point_at(point: Option<&str>) {
    let wanted: Vec<web_sys::Element> =
        point.into_iter().flat_map(str::split_whitespace).flat_map(|t| select_all(&point_selector(t))).collect();
    for el in select_all(".pointed") {
        if !wanted.iter().any(|w| w == &el) {
            let _ = el.class_list().remove_1("pointed");
        }
    }
    for el in &wanted {
        let _ = el.class_list().add_1("pointed");
    }
}

thread_local! {
    /// Where the focus was when a dialog opened, to give it back.
    static OPENER: std::cell::RefCell<Option<web_sys::HtmlElement>> = const { std::cell::RefCell::new(None) };
}

const FOCUSABLE: &str = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), \
                         textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

fn dialog_focusables() -> Vec<web_sys::HtmlElement> {
    let Some(doc) = window().and_then(|w| w.document()) else { return Vec::new() };
    let Some(dialog) = doc.query_selector("[role=dialog]").ok().flatten() else { return Vec::new() };
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok()).collect()
}

/// A dialog opened or closed: on opening, remember the focused element and move the focus to
/// the dialog's first control, and keep Tab / Shift+Tab inside the dialog (the returned
/// listener, dropped when the dialog closes); on closing, give the focus back.
pub fn dialog_focus(open: bool) -> Option<gloo::events::EventListener> {
    let doc = window().and_then(|w| w.document())?;
    if !open {
        if let Some(el) = OPENER.with(|o| o.borrow_mut().take()) {
            if el.is_connected() {
                let _ = el.focus();
            }
        }
        return None;
    }
    let active = doc.active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let inside = active.as_ref().is_some_and(|a| a.closest("[role=dialog]").ok().flatten().is_some());
    if !inside {
        OPENER.with(|o| {
            let mut o = o.borrow_mut();
            if o.is_none() {
                *o = active;
            }
        });
        if let Some(first) = dialog_focusables().into_iter().next() {
            let _ = first.focus();
        }
    }
    let options = gloo::events::EventListenerOptions::enable_prevent_default();
    Some(gloo::events::EventListener::new_with_options(&doc, "keydown", options, |event| {
        let Some(e) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
        if e.key() != "Tab" {
            return;
        }
        let items = dialog_focusables();
        let (Some(first), Some(last)) = (items.first(), items.last()) else { return };
        let active = gloo::utils::document().active_element();
        let at = |x: &web_sys::HtmlElement| active.as_ref().is_some_and(|a| a == x.as_ref());
        let outside = !items.iter().any(&at);
        if e.shift_key() && (at(first) || outside) {
            e.prevent_default();
            let _ = last.focus();
        } else if !e.shift_key() && (at(last) || outside) {
            e.prevent_default();
            let _ = first.focus();
        }
    }))
}

/// Whether the canvas with this id has not been painted yet (a new element: what an earlier
/// paint left is not on it).
pub fn canvas_is_fresh(id: &str) -> bool {
    gloo::utils::document().get_element_by_id(id).is_some_and(|e| !e.has_attribute("data-painted"))
}

/// Paint an RGBA image (`width` × `height`) onto the canvas with this id (the big-cluster
/// grid): one `putImageData` of the whole image, or with `only`, of those rectangles (x, y,
/// width, height) alone; nothing if the canvas is not in the page. The pixels painted are
/// counted on the canvas's `data-painted` (a journey checks that a step repaints a few rows).
pub fn paint_canvas(id: &str, width: u32, height: u32, rgba: &[u8], only: Option<&[(u32, u32, u32, u32)]>) {
    let Some(canvas) =
        gloo::utils::document().get_element_by_id(id).and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
    else {
        return;
    };
    if canvas.width() != width || canvas.height() != height {
        return;
    }
    let Some(ctx) =
        canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let Ok(img) = web_sys::ImageData::new_with_u8_clamped_array_and_sh(wasm_bindgen::Clamped(rgba), width, height)
    else {
        return;
    };
    let painted: u64 = match only {
        None => {
            let _ = ctx.put_image_data(&img, 0.0, 0.0);
            u64::from(width) * u64::from(height)
        }
        Some(rects) => rects
            .iter()
            .map(|&(x, y, w, h)| {
                let _ = ctx.put_image_data_with_dirty_x_and_dirty_y_and_dirty_width_and_dirty_height(
                    &img, 0.0, 0.0, x as f64, y as f64, w as f64, h as f64,
                );
                u64::from(w) * u64::from(h)
            })
            .sum(),
    };
    let _ = canvas.set_attribute("data-painted", &painted.to_string());
}
