//! 繁體中文 on the page. The page renders its Chinese in Simplified characters (every text is
//! written in English and 简体, `Lang`); in 繁體 (`Locale::ZhHant`) what it shows is converted
//! at the point of showing, by the same conversion the CLI and the JavaScript API use
//! (`i18n::hant::to_hant`): once over the whole document when 繁體 is chosen, then, through a
//! `MutationObserver`, every text node and every read attribute (`title`, `aria-label`, ...)
//! the page writes afterwards, before the browser paints it. `lang="zh-CN"` becomes
//! `lang="zh-Hant"` on the way.
//!
//! yew keeps its own virtual DOM and writes a text node or an attribute only when its virtual
//! value changes, so a converted node stays converted until yew writes a new (Simplified)
//! value, which the observer converts in turn. The Simplified text is kept on the node
//! ([`KEPT`]) and put back when 繁體 is left, so yew's virtual DOM and the document agree again.
//!
//! Not converted: an element with `data-keep-script` and what is inside it (the language switch's 简
//! button), form fields (`<textarea>`: the scenario editor's JSON), scripts and styles.
//! Downloads and the clipboard do not pass through the document: their callers convert with
//! `Locale::text`.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Element, MutationObserver, MutationObserverInit, MutationRecord, Node};

use crate::i18n::hant::{is_han, to_hant};

/// Attributes that are read or heard, converted like text; and `lang`.
const ATTRS: [&str; 9] = [
    "title",
    "aria-label",
    "aria-valuetext",
    "aria-description",
    "aria-roledescription",
    "placeholder",
    "alt",
    "label",
    "lang",
];
/// Elements whose text is never converted (`data-keep-script`: shown as written).
const SKIP: &str = "[data-keep-script], textarea, script, style";
/// Property of a converted text node: the Simplified text yew wrote.
const KEPT: &str = "__schedscopeHans";
/// Property of an element with converted attributes: `{name: Simplified value}`.
const KEPT_ATTRS: &str = "__schedscopeHansAttrs";

struct Active {
    observer: MutationObserver,
    _callback: Closure<dyn FnMut(js_sys::Array, MutationObserver)>,
}

thread_local! {
    static ACTIVE: RefCell<Option<Active>> = const { RefCell::new(None) };
}

fn root() -> Option<Element> {
    web_sys::window()?.document()?.document_element()
}

/// Show the page in 繁體 (`true`) or as yew renders it (`false`). Idempotent.
pub fn show(hant: bool) {
    ACTIVE.with(|active| {
        let mut active = active.borrow_mut();
        match (hant, active.is_some()) {
            (true, false) => {
                let Some(root) = root() else { return };
                walk(&root);
                *active = observe(&root);
            }
            (false, true) => {
                if let Some(a) = active.take() {
                    // What the page wrote since the last callback, first (so what is kept is
                    // what yew wrote last); then everything back as yew wrote it.
                    convert_records(&a.observer.take_records());
                    a.observer.disconnect();
                }
                if let Some(root) = root() {
                    restore(&root);
                }
            }
            _ => {}
        }
    });
}

fn observe(root: &Element) -> Option<Active> {
    let callback = Closure::<dyn FnMut(js_sys::Array, MutationObserver)>::new(
        |records: js_sys::Array, observer: MutationObserver| {
            convert_records(&records);
            // Our own writes: nothing to convert.
            let _ = observer.take_records();
        },
    );
    let observer = MutationObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    let options = MutationObserverInit::new();
    options.set_subtree(true);
    options.set_child_list(true);
    options.set_character_data(true);
    options.set_attributes(true);
    options.set_attribute_filter(&ATTRS.iter().map(|a| JsValue::from_str(a)).collect::<js_sys::Array>());
    observer.observe_with_options(root, &options).ok()?;
    Some(Active { observer, _callback: callback })
}

fn convert_records(records: &js_sys::Array) {
    for record in records.iter() {
        let record: MutationRecord = record.unchecked_into();
        let Some(target) = record.target() else { continue };
        match record.type_().as_str() {
            "characterData" if !skipped(target.parent_element().as_ref()) => convert_text(&target),
            "childList" => {
                let added = record.added_nodes();
                for i in 0..added.length() {
                    let Some(node) = added.item(i) else { continue };
                    match node.node_type() {
                        Node::TEXT_NODE if !skipped(node.parent_element().as_ref()) => convert_text(&node),
                        Node::ELEMENT_NODE if !skipped(Some(node.unchecked_ref())) => walk(node.unchecked_ref()),
                        _ => {}
                    }
                }
            }
            "attributes" => {
                if let (Some(name), Some(el)) = (record.attribute_name(), target.dyn_ref::<Element>()) {
                    if !skipped(Some(el)) {
                        convert_attr(el, &name);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Whether `el` is (inside) an element whose text stays as written.
fn skipped(el: Option<&Element>) -> bool {
    el.is_some_and(|el| el.closest(SKIP).ok().flatten().is_some())
}

/// Convert `el` (not skipped) and everything in it.
fn walk(el: &Element) {
    for name in el.get_attribute_names().iter() {
        if let Some(name) = name.as_string().filter(|n| ATTRS.contains(&n.as_str())) {
            convert_attr(el, &name);
        }
    }
    let mut child = el.first_child();
    while let Some(node) = child {
        match node.node_type() {
            Node::TEXT_NODE => convert_text(&node),
            Node::ELEMENT_NODE => {
                let e: &Element = node.unchecked_ref();
                if !e.matches(SKIP).unwrap_or(true) {
                    walk(e);
                }
            }
            _ => {}
        }
        child = node.next_sibling();
    }
}

fn convert_text(node: &Node) {
    let key = JsValue::from_str(KEPT);
    let value = node.node_value().unwrap_or_default();
    // Converted already (a node yew moved, e.g. a keyed list's entry): keep what is kept.
    let kept = js_sys::Reflect::get(node, &key).ok().and_then(|k| k.as_string());
    if kept.is_some_and(|k| to_hant(&k) == value) {
        return;
    }
    let converted = value.chars().any(is_han).then(|| to_hant(&value)).filter(|c| *c != value);
    match converted {
        Some(c) => {
            let _ = js_sys::Reflect::set(node, &key, &JsValue::from_str(&value));
            node.set_node_value(Some(&c));
        }
        // Text yew wrote that needs nothing (English, numbers): nothing to put back either.
        None => {
            let _ = js_sys::Reflect::delete_property(node.unchecked_ref::<js_sys::Object>(), &key);
        }
    }
}

fn hant_attr(name: &str, value: &str) -> Option<String> {
    if name == "lang" {
        return matches!(value, "zh" | "zh-CN" | "zh-Hans").then(|| "zh-Hant".to_string());
    }
    value.chars().any(is_han).then(|| to_hant(value)).filter(|c| c != value)
}

fn convert_attr(el: &Element, name: &str) {
    let key = JsValue::from_str(KEPT_ATTRS);
    let kept = js_sys::Reflect::get(el, &key).ok().filter(|k| k.is_object());
    let value = el.get_attribute(name);
    let was = kept.as_ref().and_then(|k| js_sys::Reflect::get(k, &JsValue::from_str(name)).ok()?.as_string());
    if was.is_some_and(|w| hant_attr(name, &w) == value) {
        return; // converted already
    }
    match value.as_deref().and_then(|v| hant_attr(name, v)) {
        Some(c) => {
            let kept = kept.unwrap_or_else(|| {
                let o: JsValue = js_sys::Object::new().into();
                let _ = js_sys::Reflect::set(el, &key, &o);
                o
            });
            let _ = js_sys::Reflect::set(
                &kept,
                &JsValue::from_str(name),
                &JsValue::from_str(value.as_deref().unwrap_or_default()),
            );
            let _ = el.set_attribute(name, &c);
        }
        None => {
            if let Some(kept) = kept {
                let _ =
                    js_sys::Reflect::delete_property(kept.unchecked_ref::<js_sys::Object>(), &JsValue::from_str(name));
            }
        }
    }
}

/// Put back what yew wrote, everywhere 繁體 changed it (and still shows what it changed it to).
fn restore(el: &Element) {
    let key = JsValue::from_str(KEPT_ATTRS);
    if let Some(kept) = js_sys::Reflect::get(el, &key).ok().filter(|k| k.is_object()) {
        for name in js_sys::Object::keys(kept.unchecked_ref::<js_sys::Object>()).iter().filter_map(|n| n.as_string()) {
            let original = js_sys::Reflect::get(&kept, &JsValue::from_str(&name)).ok().and_then(|v| v.as_string());
            if let (Some(original), Some(now)) = (original, el.get_attribute(&name)) {
                if hant_attr(&name, &original).as_deref() == Some(now.as_str()) {
                    let _ = el.set_attribute(&name, &original);
                }
            }
        }
        let _ = js_sys::Reflect::delete_property(el.unchecked_ref::<js_sys::Object>(), &key);
    }
    let text_key = JsValue::from_str(KEPT);
    let mut child = el.first_child();
    while let Some(node) = child {
        match node.node_type() {
            Node::TEXT_NODE => {
                if let Some(original) = js_sys::Reflect::get(&node, &text_key).ok().and_then(|v| v.as_string()) {
                    if node.node_value().is_some_and(|now| now == to_hant(&original)) {
                        node.set_node_value(Some(&original));
                    }
                    let _ = js_sys::Reflect::delete_property(node.unchecked_ref::<js_sys::Object>(), &text_key);
                }
            }
            Node::ELEMENT_NODE => restore(node.unchecked_ref()),
            _ => {}
        }
        child = node.next_sibling();
    }
}
