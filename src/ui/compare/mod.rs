//! Compare mode on the page: the columns, the shared clock and the figures. Its state and
//! reducer are `page::compare`.

pub mod figures;
pub mod view;
