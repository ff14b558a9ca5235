//! Players: known by the random token their browser keeps; the store keeps
//! only the token's hash. Known tokens are cached in memory, up to a bound.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use super::limits::{BucketOwner, Kind};
use super::{Result, Services};
use crate::ids::{PlayerId, PlayerToken, TokenHash};

/// Tokens kept in memory at most; past it the cache starts over (tokens are
/// looked up in the database again on their next request).
const CACHE_LIMIT: usize = 100_000;

/// The cache of known tokens.
#[derive(Default)]
pub struct Players {
    known: Mutex<HashMap<TokenHash, PlayerId>>,
}

impl Players {
    fn remember(&self, hash: TokenHash, id: PlayerId) {
        let mut known = self.known.lock().unwrap();
        if known.len() >= CACHE_LIMIT {
            known.clear();
        }
        known.insert(hash, id);
    }
}

/// The player holding `token`, if the token is known.
pub async fn player(app: &Services, token: &PlayerToken) -> Result<Option<PlayerId>> {
    let hash = token.hash();
    if let Some(&id) = app.players().known.lock().unwrap().get(&hash) {
        return Ok(Some(id));
    }
    let found = app.store().player_by_token(&hash).await?;
    if let Some(id) = found {
        app.players().remember(hash, id);
    }
    Ok(found)
}

/// Registers a new player coming from `address` (limited per address);
/// returns their id and token.
pub async fn new_player(app: &Services, address: Option<IpAddr>) -> Result<(PlayerId, PlayerToken)> {
    if let Some(address) = address {
        app.limits().take(Kind::NewPlayer, BucketOwner::Address(address))?;
    }
    let token = PlayerToken::random();
    let hash = token.hash();
    let id = app.store().create_player(&hash, app.now_ms()).await?;
    app.players().remember(hash, id);
    tracing::debug!(player = %id, "new player");
    Ok((id, token))
}
