#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod protocol;
pub mod strength;
pub mod time;

pub use protocol::{
    Config, DEFAULT_HASH_MIB, ENGINE_NAME, MAX_HASH_MIB, MAX_MULTIPV, MAX_THREADS, info_line, run, run_with,
};
