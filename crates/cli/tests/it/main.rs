//! The `patience` binary as a user runs it: every command through the real
//! executable, its output and its exit code. One test binary for the crate.

mod cli;
mod hint;
mod serve;
mod solve;
