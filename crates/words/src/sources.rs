//! The catalogues' files as `build.rs` embeds them: for each language, its
//! tag and its Fluent files (name, text), English first. What languages
//! there are ([`crate::Lang`]) and what they say (`catalogue`) both read it.

include!(concat!(env!("OUT_DIR"), "/sources.rs"));
