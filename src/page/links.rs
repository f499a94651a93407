//! Share links opened by the page: a scenario (built-in or its text), a lesson at a step, a
//! practice set, and an embed link's options. A link that cannot be opened says why in the
//! banner and opens the first built-in scenario instead. Decoding is `share::decode`,
//! `share::embed::split` and `practice::SetSpec::parse_link` (pure, native-tested).

use std::rc::Rc;

use super::embed::EmbedState;
use super::prefs::{SPEEDS, speed_index};
use super::{Origin, Page};
use crate::i18n::k;
use crate::share::{self, Source};

impl Page {
    /// Open a link (the page's hash at start-up, or a new one): an embed link's options are
    /// applied and the rest opened as a share link.
    pub fn open_link(&mut self, hash: &str) {
        match share::embed::split(hash, &SPEEDS) {
            Err(e) => {
                // Still an embed (`docs/embed.md`): the slide shows the embed's own page with
                // the error, and the deck is told (`ready` with it, then `error`).
                self.embed = share::embed::fallback(hash).map(EmbedState::new);
                let why = e.message(self.lang());
                self.fail_link(&why);
            }
            Ok((rest, None)) => {
                self.embed = None;
                self.load_link(&rest);
            }
            Ok((rest, Some(options))) => {
                // Shown, not remembered: the embed's options are the slide's, not the reader's.
                if let Some(dark) = options.dark {
                    self.prefs.dark = dark;
                }
                if let Some(i) = options.speed.and_then(speed_index) {
                    self.prefs.speed = i;
                }
                let autoplay = options.autoplay;
                self.embed = Some(EmbedState::new(options));
                self.load_link(&rest);
                if autoplay && self.banner.is_none() {
                    self.playing = !self.run.finished();
                }
            }
        }
    }

    fn load_link(&mut self, hash: &str) {
        if crate::practice::SetSpec::is_link(hash) {
            match crate::practice::SetSpec::parse_link(hash) {
                Ok(spec) => self.open_practice(spec),
                Err(e) => self.fail_link(&e.message(self.lang())),
            }
            return;
        }
        match share::decode(hash) {
            Ok(None) => {}
            Ok(Some(link)) => {
                // A link's language is shown, not remembered: the reader's own choice stays.
                if let Some(l) = link.lang {
                    self.prefs.locale = l;
                }
                let (text, origin): (Rc<str>, Origin) = match &link.source {
                    Source::Builtin(id) => match self.catalogue.scenarios.iter().position(|s| s.id == id) {
                        Some(i) => (self.catalogue.scenarios[i].text().into(), Origin::Builtin(i)),
                        None => {
                            self.fail_link(&k::link_no_builtin.fill(self.lang(), &[&format!("{id:?}")]));
                            return;
                        }
                    },
                    Source::Text(t) => (t.as_str().into(), Origin::Custom(k::from_a_link.pick(self.lang()).into())),
                    Source::Lesson { id, step } => {
                        match self.catalogue.lessons.iter().position(|l| l.id == id) {
                            Some(i) => {
                                self.open_lesson(i, *step as usize, link.hb);
                                self.banner = None;
                                self.open_visit(link.visit);
                            }
                            None => self.fail_link(&k::link_no_lesson.fill(self.lang(), &[&format!("{id:?}")])),
                        }
                        return;
                    }
                };
                match self.run.build(&text) {
                    Ok(built) => {
                        self.install_built(text, origin, link.hb, Ok(built));
                        self.banner = None;
                        self.open_visit(link.visit);
                    }
                    Err(errs) => {
                        let first = errs.first().map(|e| format!("{}: {}", e.path, e.message)).unwrap_or_default();
                        self.fail_link(&k::link_invalid_scenario.fill(self.lang(), &[&first]));
                    }
                }
            }
            Err(e) => self.fail_link(&e.message(self.lang())),
        }
    }

    /// A link's `vi=`: slow motion at that visit of the heartbeat opened, which must have it.
    fn open_visit(&mut self, visit: Option<u32>) {
        let Some(vi) = visit else { return };
        match self.record_slow(vi as usize) {
            Some(s) if s.at == vi as usize => self.slow = Some(s),
            found => {
                let n = found.map_or(0, |s| s.visits.len());
                let why =
                    k::link_no_visit.fill(self.lang(), &[&self.run.hb().to_string(), &vi.to_string(), &n.to_string()]);
                self.fail_link(&why);
            }
        }
    }

    fn fail_link(&mut self, why: &str) {
        let text: Rc<str> = self.catalogue.first_text().into();
        self.install(text, Origin::Builtin(0), 0);
        let banner = k::link_cannot_open.fill(self.lang(), &[why]);
        if let Some(e) = self.embed.as_mut() {
            e.fail(banner.clone());
        }
        self.banner = Some(banner);
    }
}
