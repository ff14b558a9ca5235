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

/// The key of the stored settings' object that holds the language chosen
/// with the switch on every page. Only the switch writes it; the settings
/// page neither reads nor sends it, so a browser's settings never carry a
/// stale language back.
const LANGUAGE: &str = "language";

/// The requester's account, or the refusal to keep settings without one.
async fn account_player(app: &Services, visitor: &Visitor) -> Result<crate::ids::PlayerId> {
    let refusal = || Error::forbidden(say!("settings-sign-in"));
    let player = visitor.player().ok_or_else(refusal)?;
    app.store().account_of(player).await?.ok_or_else(refusal)?;
    Ok(player)
}

/// What the account keeps, as a JSON object: the settings' fields (once
/// saved) and the language (once chosen), each written without the other.
async fn stored(app: &Services, player: crate::ids::PlayerId) -> Result<serde_json::Map<String, serde_json::Value>> {
    let json = app.store().account_settings(player).await?;
    Ok(json.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default())
}

async fn keep(
    app: &Services,
    player: crate::ids::PlayerId,
    kept: serde_json::Map<String, serde_json::Value>,
) -> Result<()> {
    let json = serde_json::Value::Object(kept).to_string();
    app.store().write_account(AccountWrite::SetSettings { player, settings: json }).await?;
    Ok(())
}

/// Keeps the language chosen with the switch with the requester's
/// account, if signed in; the settings stay as they were (none, if none
/// were saved: the browser's own then go to the account).
pub async fn save_language(app: &Services, visitor: &Visitor, lang: Lang) -> Result<()> {
    let Some(player) = visitor.player() else { return Ok(()) };
    if app.store().account_of(player).await?.is_none() {
        return Ok(());
    }
    let mut kept = stored(app, player).await?;
    kept.insert(LANGUAGE.to_string(), lang.tag().into());
    keep(app, player, kept).await
}

/// The language kept with the account a visitor is signed in to, if any.
pub async fn language(app: &Services, visitor: &Visitor) -> Result<Option<Lang>> {
    let Some(player) = visitor.player() else { return Ok(None) };
    let kept = stored(app, player).await?;
    Ok(kept.get(LANGUAGE).and_then(|tag| tag.as_str()).and_then(Lang::from_tag))
}

/// The settings kept with the requester's account (none until first
/// saved), or `None` when the requester is not signed in: a page asks on
/// every load, and a browser without an account is not an error.
pub async fn of(app: &Services, visitor: &Visitor) -> Result<Option<Option<Settings>>> {
    let Some(player) = visitor.player() else { return Ok(None) };
    if app.store().account_of(player).await?.is_none() {
        return Ok(None);
    }
    let mut kept = stored(app, player).await?;
    kept.remove(LANGUAGE);
    Ok(Some(serde_json::from_value(serde_json::Value::Object(kept)).ok()))
}

/// Keeps `settings` with the requester's account, and the language kept
/// with it as it was.
pub async fn save(app: &Services, visitor: &Visitor, settings: &Settings) -> Result<()> {
    let player = account_player(app, visitor).await?;
    let language = stored(app, player).await?.remove(LANGUAGE);
    let serde_json::Value::Object(mut kept) =
        serde_json::to_value(settings).map_err(|e| Error::internal(e.to_string()))?
    else {
        return Err(Error::internal("settings serialize to a JSON object".to_string()));
    };
    if let Some(language) = language {
        kept.insert(LANGUAGE.to_string(), language);
    }
    keep(app, player, kept).await
}
