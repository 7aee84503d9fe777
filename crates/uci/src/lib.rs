#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod protocol;
pub mod time;

pub use protocol::{DEFAULT_HASH_MIB, ENGINE_NAME, MAX_HASH_MIB, info_line, run};
