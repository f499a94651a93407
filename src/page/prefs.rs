//! The reader's preferences: language, theme, presentation mode, playing speed. The state
//! holds what is shown and, apart, what the reader chose (`Remembered`): the page writes only
//! that part to browser storage, in an effect after each change, so a language that came with
//! a link or a speed an embed asked for is shown but not remembered.

use crate::i18n::{Lang, Locale};

/// Speeds the page offers, in heartbeats per second (a log scale: each step doubles).
pub const SPEEDS: [f64; 11] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];
pub const DEFAULT_SPEED: usize = 3;

/// Browser storage keys.
pub const KEY_LANG: &str = "schedscope.lang";
pub const KEY_THEME: &str = "schedscope.theme";
pub const KEY_SPEED: &str = "schedscope.speed";
pub const KEY_SAVED: &str = "schedscope.saved";

/// The index of a speed in `SPEEDS`, if it is one.
pub fn speed_index(hbs: f64) -> Option<usize> {
    SPEEDS.iter().position(|&s| s == hbs)
}

/// What the reader chose, to be kept in browser storage (`None`: never chosen).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Remembered {
    pub locale: Option<Locale>,
    pub dark: Option<bool>,
    pub speed: Option<usize>,
}

impl Remembered {
    /// The storage entries to write: `(key, value)`.
    pub fn entries(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(l) = self.locale {
            out.push((KEY_LANG, l.code().to_string()));
        }
        if let Some(d) = self.dark {
            out.push((KEY_THEME, if d { "dark" } else { "light" }.to_string()));
        }
        if let Some(s) = self.speed {
            out.push((KEY_SPEED, s.to_string()));
        }
        out
    }
}

/// What the browser tells the page at start-up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Browser {
    /// The stored values of `KEY_LANG`, `KEY_THEME`, `KEY_SPEED`, `KEY_SAVED`.
    pub lang: Option<String>,
    pub theme: Option<String>,
    pub speed: Option<String>,
    pub saved: Option<String>,
    /// The stored value of `lesson::KEY_WALKED`.
    pub walked: Option<String>,
    /// `navigator.language`.
    pub language: String,
    pub prefers_dark: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prefs {
    /// English, 简体 or 繁體 (the page renders with `locale.lang()`; 繁體 is 简体 converted as it
    /// is shown).
    pub locale: Locale,
    pub dark: bool,
    pub present: bool,
    pub speed: usize,
    pub remembered: Remembered,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PrefsAction {
    Faster,
    Slower,
    SetLang(Locale),
    /// EN → 简 → 繁 → EN.
    ToggleLang,
    ToggleTheme,
    TogglePresent,
}

impl Prefs {
    /// The reader's stored choices, else the browser's language (zh-TW, zh-HK, zh-Hant: 繁體)
    /// and colour scheme, else English, light, the default speed. A stored value the page
    /// cannot read counts as never chosen.
    pub fn from_browser(b: &Browser) -> Prefs {
        let remembered = Remembered {
            locale: b.lang.as_deref().and_then(Locale::parse),
            dark: match b.theme.as_deref() {
                Some("dark") => Some(true),
                Some("light") => Some(false),
                _ => None,
            },
            speed: b.speed.as_deref().and_then(|s| s.parse().ok()).filter(|&s: &usize| s < SPEEDS.len()),
        };
        Prefs {
            locale: remembered.locale.or_else(|| Locale::parse(&b.language)).unwrap_or(Locale::En),
            dark: remembered.dark.unwrap_or(b.prefers_dark),
            present: false,
            speed: remembered.speed.unwrap_or(DEFAULT_SPEED),
            remembered,
        }
    }

    pub fn lang(&self) -> Lang {
        self.locale.lang()
    }

    pub fn speed_hbs(&self) -> f64 {
        SPEEDS[self.speed]
    }

    /// The preferences after the reader's `action` (remembered, except presentation mode).
    pub fn reduce(mut self, action: PrefsAction) -> Prefs {
        match action {
            PrefsAction::Faster | PrefsAction::Slower => {
                let s = self.speed;
                self.speed =
                    if action == PrefsAction::Faster { (s + 1).min(SPEEDS.len() - 1) } else { s.saturating_sub(1) };
                self.remembered.speed = Some(self.speed);
            }
            PrefsAction::SetLang(locale) => {
                self.locale = locale;
                self.remembered.locale = Some(locale);
            }
            PrefsAction::ToggleLang => {
                let all = Locale::ALL;
                let locale = all[(all.iter().position(|&l| l == self.locale).unwrap_or(0) + 1) % all.len()];
                self.locale = locale;
                self.remembered.locale = Some(locale);
            }
            PrefsAction::ToggleTheme => {
                self.dark = !self.dark;
                self.remembered.dark = Some(self.dark);
            }
            PrefsAction::TogglePresent => self.present = !self.present,
        }
        self
    }
}
