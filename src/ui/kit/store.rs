//! The page's state as yew's reducer: `Page::reduce` (pure, `crate::page`) is the whole of it.

use std::rc::Rc;

use yew::Reducible;

use crate::page::{Action, Page};

/// What components send actions with.
pub type Dispatch = yew::UseReducerDispatcher<Page>;

impl Reducible for Page {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Page::reduce(self, action)
    }
}

/// The browser as the page's state reads it at start-up.
pub fn browser() -> crate::page::Browser {
    use super::platform::{browser_language, load, prefers_dark};
    use crate::page::prefs::{KEY_LANG, KEY_SAVED, KEY_SPEED, KEY_THEME};
    crate::page::Browser {
        lang: load(KEY_LANG),
        theme: load(KEY_THEME),
        speed: load(KEY_SPEED),
        saved: load(KEY_SAVED),
        walked: load(crate::page::lesson::KEY_WALKED),
        language: browser_language(),
        prefers_dark: prefers_dark(),
    }
}
