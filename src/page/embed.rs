//! Embed mode (`docs/embed.md`): what the page keeps of an embed link (`embed=1`): its options
//! (read by `share::embed`, pure), how many times the embedding page asked for the state, and
//! the last message that could not be obeyed. The page turns the embedding page's messages
//! into its own actions (`page::reduce`); the listener and sender are the browser's side
//! (`ui::embed`).

use std::rc::Rc;

use crate::share::embed::Embed;

#[derive(Clone, Debug, PartialEq)]
pub struct EmbedState {
    pub options: Rc<Embed>,
    /// Bumped by every `schedscope:get`, so the state is sent again.
    pub asked: u64,
    /// The last message that could not be obeyed, numbered so each is answered once.
    pub error: Option<(u64, Rc<str>)>,
}

impl EmbedState {
    pub fn new(options: Embed) -> EmbedState {
        EmbedState { options: Rc::new(options), asked: 0, error: None }
    }

    /// A message that cannot be obeyed, and why.
    pub fn fail(&mut self, why: String) {
        let n = self.error.as_ref().map_or(0, |(n, _)| n + 1);
        self.error = Some((n, why.into()));
    }

    /// The embedding page asked for the state.
    pub fn ask(&mut self) {
        self.asked += 1;
    }
}
