//! A lesson on the page: the narrative card, predictions and the lesson list (`narrative`), and
//! the whole-run figures of a step about whole runs (`figures`). The lesson being followed is
//! `page::lesson`.

pub mod figures;
pub mod narrative;
