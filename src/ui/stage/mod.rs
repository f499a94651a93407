//! The stage: the cluster grid with the current scheduler's state drawn where the slots are,
//! and the transport.

pub mod cap_extras;
pub mod grid;
pub mod grid_canvas;
pub mod grid_dense;
pub mod transport;
