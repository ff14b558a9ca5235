//! An account's settings: what `/settings` offers (card back, table
//! colour, four-colour deck, larger cards, sound effects, animation speed),
//! kept with the account so that every browser signed in to it wears them.
//! The browser keeps them too (settings.js); on signing in it takes the
//! account's. Stored as JSON, checked here field by field.

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
}

/// The requester's account, or the refusal to keep settings without one.
async fn account_player(app: &Services, visitor: &Visitor) -> Result<crate::ids::PlayerId> {
    let refusal = || Error::forbidden("Sign in to keep your settings in an account; this browser keeps them already.");
    let player = visitor.player().ok_or_else(refusal)?;
    app.store().account_of(player).await?.ok_or_else(refusal)?;
    Ok(player)
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
    let json = serde_json::to_string(settings).map_err(|e| Error::internal(e.to_string()))?;
    app.store().write_account(AccountWrite::SetSettings { player, settings: json }).await?;
    Ok(())
}
