//! An account's settings: what `/settings` offers (card back, table
//! colour, four-colour deck, larger cards, sound effects, animation speed),
//! kept with the account so that every browser signed in to it wears them.
//! The browser keeps them too (settings.js); on signing in it takes the
//! account's. Stored as JSON, checked here field by field.

use patience_words::{say, Lang};
use serde::{Deserialize, Serialize};

use super::super::{Error, Result, Services};
use super::Visitor;
use crate::store::AccountWrite;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardBack {
    Blue,
    Red,
    Green,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableColour {
    Green,
    Blue,
    Dark,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Animation {
    Normal,
    Fast,
    Off,
}

impl Default for Settings {
    /// What settings.js starts from.
    fn default() -> Settings {
        Settings {
            back: CardBack::Blue,
            table: TableColour::Green,
            four_colour: false,
            large_cards: false,
            sound: false,
            animation: Animation::Normal,
            language: None,
        }
    }
}

/// Every setting, spelt as settings.js spells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Settings {
    pub back: CardBack,
    pub table: TableColour,
    pub four_colour: bool,
    pub large_cards: bool,
    pub sound: bool,
    pub animation: Animation,
    /// The language chosen with the switch on every page (its tag), kept
    /// here by that switch alone: a settings form that leaves it out keeps
    /// it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// The requester's account, or the refusal to keep settings without one.
async fn account_player(app: &Services, visitor: &Visitor) -> Result<crate::ids::PlayerId> {
    let refusal = || Error::forbidden(say!("settings-sign-in"));
    let player = visitor.player().ok_or_else(refusal)?;
    app.store().account_of(player).await?.ok_or_else(refusal)?;
    Ok(player)
}

async fn stored(app: &Services, player: crate::ids::PlayerId) -> Result<Option<Settings>> {
    Ok(app.store().account_settings(player).await?.and_then(|json| serde_json::from_str(&json).ok()))
}

/// Keeps the language chosen with the switch with the requester's
/// account, if signed in (the other settings as they were, or the
/// defaults).
pub async fn save_language(app: &Services, visitor: &Visitor, lang: Lang) -> Result<()> {
    let Some(player) = visitor.player() else { return Ok(()) };
    if app.store().account_of(player).await?.is_none() {
        return Ok(());
    }
    let mut settings = stored(app, player).await?.unwrap_or_default();
    settings.language = Some(lang.tag().to_string());
    let json = serde_json::to_string(&settings).map_err(|e| Error::internal(e.to_string()))?;
    app.store().write_account(AccountWrite::SetSettings { player, settings: json }).await?;
    Ok(())
}

/// The language kept with the account a visitor is signed in to, if any.
pub async fn language(app: &Services, visitor: &Visitor) -> Result<Option<Lang>> {
    let Some(player) = visitor.player() else { return Ok(None) };
    Ok(stored(app, player).await?.and_then(|s| s.language).and_then(|tag| Lang::from_tag(&tag)))
}

/// The settings kept with the requester's account (none until first
/// saved), or `None` when the requester is not signed in: a page asks on
/// every load, and a browser without an account is not an error.
pub async fn of(app: &Services, visitor: &Visitor) -> Result<Option<Option<Settings>>> {
    let Some(player) = visitor.player() else { return Ok(None) };
    if app.store().account_of(player).await?.is_none() {
        return Ok(None);
    }
    Ok(Some(app.store().account_settings(player).await?.and_then(|json| serde_json::from_str(&json).ok())))
}

/// Keeps `settings` with the requester's account.
pub async fn save(app: &Services, visitor: &Visitor, settings: &Settings) -> Result<()> {
    let player = account_player(app, visitor).await?;
    let mut settings = settings.clone();
    if let Some(tag) = &settings.language {
        if Lang::from_tag(tag).is_none() {
            return Err(Error::invalid(say!("language-unknown", tag = tag.chars().take(20).collect::<String>())));
        }
    } else {
        settings.language = stored(app, player).await?.and_then(|kept| kept.language);
    }
    let json = serde_json::to_string(&settings).map_err(|e| Error::internal(e.to_string()))?;
    app.store().write_account(AccountWrite::SetSettings { player, settings: json }).await?;
    Ok(())
}
