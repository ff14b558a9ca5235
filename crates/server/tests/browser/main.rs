//! The web front end in a real browser: headless Chromium driven through
//! chromedriver (WebDriver) with fantoccini; the harness is [`web`]. One
//! module per idea: every gesture of every game, the home page, play, the
//! layout at three screen sizes, accessibility.
//!
//! Every test is marked `#[ignore = "needs Chromium: …"]`: the full tier
//! (`scripts/test.sh`) installs Chromium and runs them, on one chromedriver
//! it starts for the whole run; it runs the accounts and ratings tests a
//! second time with `PATIENCE_TEST_BACKEND=instances`, the pages then
//! served by two instances on PostgreSQL behind nginx.

#[path = "../common/mod.rs"]
mod common;
mod web;

mod a11y;
mod accounts;
mod daily;
mod games;
mod german;
mod german_pages;
mod home;
mod layout;
mod play;
mod ratings;
mod replays;
