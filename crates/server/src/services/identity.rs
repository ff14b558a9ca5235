//! Who a request is: the session its cookie's random token names. The store
//! keeps only the token's hash. Sessions found are remembered in memory, up
//! to a bound; on a store several servers share, for a few seconds only, so
//! that a session ended through another server (signed out everywhere, a
//! changed password) ends here too within that time. Sessions ended through
//! this server are forgotten at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::limits::{BucketOwner, Kind};
use super::{Result, Services};
use crate::ids::{PlayerId, PlayerToken, TokenHash};
use crate::store::AccountWrite;

/// Sessions kept in memory at most; past it the cache starts over (tokens
/// are looked up in the database again on their next request).
const CACHE_LIMIT: usize = 100_000;

/// How long a session read from a shared store is believed before it is
/// read again: how late another server's sign-out may take effect here.
pub const SHARED_SESSION_TRUST: Duration = Duration::from_secs(2);

/// How old a session's "last seen" may grow before it is written again: a
/// write a day per session, not one per request.
const LAST_SEEN_EVERY_MS: i64 = 24 * 3600 * 1000;

struct Known {
    player: PlayerId,
    read: Instant,
}

/// The cache of known sessions.
#[derive(Default)]
pub struct Players {
    known: Mutex<HashMap<TokenHash, Known>>,
}

impl Players {
    fn remember(&self, hash: TokenHash, player: PlayerId) {
        let mut known = self.known.lock().unwrap();
        if known.len() >= CACHE_LIMIT {
            known.clear();
        }
        known.insert(hash, Known { player, read: Instant::now() });
    }

    /// Forgets one session (it ended).
    pub fn forget(&self, hash: &TokenHash) {
        self.known.lock().unwrap().remove(hash);
    }

    /// Forgets every session of `player` (they all ended).
    pub fn forget_player(&self, player: PlayerId) {
        self.known.lock().unwrap().retain(|_, known| known.player != player);
    }
}

/// The player whose session `token` is, if it is one.
pub async fn player(app: &Services, token: &PlayerToken) -> Result<Option<PlayerId>> {
    let hash = token.hash();
    let trust = if app.store().shared() { Some(SHARED_SESSION_TRUST) } else { None };
    if let Some(known) = app.players().known.lock().unwrap().get(&hash) {
        if trust.is_none_or(|trust| known.read.elapsed() < trust) {
            return Ok(Some(known.player));
        }
    }
    let Some(session) = app.store().session(&hash).await? else {
        app.players().forget(&hash);
        return Ok(None);
    };
    let now_ms = app.now_ms();
    if now_ms - session.last_seen_ms >= LAST_SEEN_EVERY_MS {
        app.store().write_account(AccountWrite::Touch { session: hash, now_ms }).await?;
    }
    app.players().remember(hash, session.player);
    Ok(Some(session.player))
}

/// Undoes [`new_player`] for a request that was then refused: the player
/// goes (unless something names it already), its session is forgotten,
/// and the address gets its new player back.
pub async fn forget_new_player(app: &Services, player: PlayerId, token: &PlayerToken, address: Option<IpAddr>) {
    app.players().forget(&token.hash());
    if let Err(e) = app.store().write_account(AccountWrite::ForgetNewPlayer { player }).await {
        tracing::debug!(%player, error = %e, "a refused request's new player stays");
        return;
    }
    // The store may give its id to the next new player.
    app.limits().forget_player(player);
    if let Some(address) = address {
        app.limits().give_back(Kind::NewPlayer, BucketOwner::Address(address));
    }
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
