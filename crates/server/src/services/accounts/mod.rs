//! Optional accounts: a player may claim a name with a password, and then
//! be that player on every device it signs in on. Play needs no account;
//! signing up keeps the history the browser has (the player stays the
//! same, under a new session token), and signing in on a device with a
//! history of its own adds that history to the account when the player
//! asks for it.
//!
//! Sign-ins that fail are counted per name and per address in the store
//! (so every server sees them) and make the next attempt wait longer and
//! longer. A wrong name and a wrong password get the same answer, in about
//! the same time: an unknown name is checked against a hash all the same.

pub mod name;
pub mod password;
pub mod settings;
pub mod throttle;

use std::net::IpAddr;

use patience_words::say;

pub use name::{AccountName, NameRefusal};
pub use password::Password;

use super::limits::{BucketOwner, Kind};
use super::{Error, Result, Services};
use crate::ids::{PlayerId, PlayerToken};
use crate::store::{AccountWrite, StoreError};

/// The refusal of a sign-in that failed, whichever of the two was wrong.
fn wrong_name_or_password() -> Error {
    Error::forbidden(say!("account-wrong-name-or-password"))
}

impl From<NameRefusal> for Error {
    fn from(refusal: NameRefusal) -> Error {
        Error::invalid(match refusal {
            NameRefusal::Length => say!("name-length", least = name::MIN_LEN, most = name::MAX_LEN),
            NameRefusal::Characters => say!("name-characters"),
            NameRefusal::Reserved => say!("name-reserved"),
        })
    }
}

/// The requester as the accounts service sees it: the session its cookie
/// names (if any) and the player of that session.
#[derive(Clone, Debug)]
pub struct Visitor {
    pub session: Option<(PlayerToken, PlayerId)>,
    pub address: Option<IpAddr>,
}

impl Visitor {
    fn player(&self) -> Option<PlayerId> {
        self.session.as_ref().map(|(_, player)| *player)
    }

    /// Takes one password check from the visitor's address's bucket.
    fn check_a_password(&self, app: &Services) -> Result<()> {
        match self.address {
            Some(address) => app.limits().take(Kind::PasswordCheck, BucketOwner::Address(address)),
            None => Ok(()),
        }
    }
}

/// What the account page shows of the requester.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AccountStatus {
    /// The account's name, when signed in.
    pub name: Option<String>,
    /// Games this browser's player has: those a sign-in would add to the
    /// account it signs in to, when not signed in.
    pub games: u64,
}

/// Who the requester is, as far as accounts go.
pub async fn status(app: &Services, visitor: &Visitor) -> Result<AccountStatus> {
    let Some(player) = visitor.player() else { return Ok(AccountStatus { name: None, games: 0 }) };
    let account = app.store().account_of(player).await?;
    let games = app.store().game_count(player).await?;
    Ok(AccountStatus { name: account.map(|a| a.name), games })
}

/// Claims `name` for the requester's player (created first if the
/// browser has none): its games, statistics and duel seats stay its own.
/// Returns the new session token (the old one ends).
pub async fn sign_up(
    app: &Services,
    visitor: &Visitor,
    name: &str,
    password: &Password,
) -> Result<(PlayerToken, AccountName)> {
    let name = AccountName::parse(name)?;
    password.check_new()?;
    let (old, player) = match &visitor.session {
        Some((token, player)) => (token.clone(), *player),
        None => {
            let (player, token) = super::identity::new_player(app, visitor.address).await?;
            (token, player)
        }
    };
    if let Some(account) = app.store().account_of(player).await? {
        return Err(Error::conflict(say!("account-signed-in-already", name = account.name)));
    }
    visitor.check_a_password(app)?;
    let password_hash = password::hash(password).await?;
    let new = PlayerToken::random();
    let write = AccountWrite::SignUp {
        player,
        name: name.to_string(),
        password_hash,
        old: old.hash(),
        new: new.hash(),
        now_ms: app.now_ms(),
    };
    app.store().write_account(write).await.map_err(|e| match e {
        StoreError::NameTaken => Error::conflict(say!("account-name-taken", name = name.to_string())),
        e => e.into(),
    })?;
    app.players().forget(&old.hash());
    tracing::info!(player = %player, name = %name, "account created");
    Ok((new, name))
}

/// Signs the requester's browser in to the account `name`. With `claim`,
/// the games, statistics and duel seats of the browser's anonymous player
/// become the account's. Returns the new session token, the name as the
/// account writes it, and how many games were added.
pub async fn sign_in(
    app: &Services,
    visitor: &Visitor,
    name: &str,
    password: &Password,
    claim: bool,
) -> Result<(PlayerToken, String, u64)> {
    let now_ms = app.now_ms();
    let keys = throttle::keys(name, visitor.address);
    throttle::check(app, &keys).await?;
    visitor.check_a_password(app)?;
    // A text that can be no name has no account; a password too long for
    // any account is no account's: both fail like a wrong password.
    let account = match AccountName::parse(name) {
        Ok(_) if password.within_limit() => app.store().account_by_name(name).await?,
        _ => None,
    };
    let matches = password::verify(password, account.as_ref().map(|a| a.password_hash.clone())).await?;
    let Some(account) = account.filter(|_| matches) else {
        throttle::failed(app, keys).await?;
        tracing::info!(address = ?visitor.address, "a sign-in failed");
        return Err(wrong_name_or_password());
    };
    throttle::succeeded(app, keys).await?;
    // What the browser had: its anonymous history may be added.
    let mut claimed = 0;
    let mut from = None;
    if let Some(player) = visitor.player().filter(|&p| p != account.player) {
        if claim && app.store().account_of(player).await?.is_none() {
            claimed = app.store().game_count(player).await?;
            from = Some(player);
        }
    }
    let new = PlayerToken::random();
    let old = visitor.session.as_ref().map(|(token, _)| token.hash());
    app.store()
        .write_account(AccountWrite::SignIn { player: account.player, old, new: new.hash(), claim: from, now_ms })
        .await?;
    if let Some(old) = old {
        app.players().forget(&old);
    }
    if let Some(from) = from {
        app.live().evict_player(from);
        // The games of seats in a duel the account sits in too stay behind.
        claimed -= app.store().game_count(from).await?.min(claimed);
    }
    tracing::info!(player = %account.player, claimed, "signed in");
    Ok((new, account.name, claimed))
}

/// Ends the requester's session: the browser is nobody from here on. Only
/// for a browser signed in: one that is not would lose its games.
pub async fn sign_out(app: &Services, visitor: &Visitor) -> Result<()> {
    let (token, _) = signed_in(app, visitor).await?;
    app.store().write_account(AccountWrite::SignOut { session: token.hash() }).await?;
    app.players().forget(&token.hash());
    Ok(())
}

/// The requester's account, or the refusal a visitor that is not signed in
/// gets.
async fn signed_in(app: &Services, visitor: &Visitor) -> Result<(PlayerToken, crate::store::Account)> {
    let not_signed_in = || Error::forbidden(say!("account-not-signed-in"));
    let (token, player) = visitor.session.clone().ok_or_else(not_signed_in)?;
    let account = app.store().account_of(player).await?.ok_or_else(not_signed_in)?;
    Ok((token, account))
}

/// Ends every session of the requester's account, this one included.
pub async fn sign_out_everywhere(app: &Services, visitor: &Visitor) -> Result<()> {
    let (_, account) = signed_in(app, visitor).await?;
    app.store().write_account(AccountWrite::SignOutEverywhere { player: account.player }).await?;
    app.players().forget_player(account.player);
    tracing::info!(player = %account.player, "signed out everywhere");
    Ok(())
}

/// Changes the password, given the current one; every other session of
/// the account ends.
pub async fn change_password(app: &Services, visitor: &Visitor, current: &Password, new: &Password) -> Result<()> {
    let (token, account) = signed_in(app, visitor).await?;
    new.check_new()?;
    visitor.check_a_password(app)?;
    if !current.within_limit() || !password::verify(current, Some(account.password_hash.clone())).await? {
        return Err(Error::forbidden(say!("account-current-password-wrong")));
    }
    let password_hash = password::hash(new).await?;
    app.store()
        .write_account(AccountWrite::SetPassword { player: account.player, password_hash, keep: token.hash() })
        .await?;
    app.players().forget_player(account.player);
    tracing::info!(player = %account.player, "password changed");
    Ok(())
}

/// Deletes the account, given its password: the name is free again, every
/// session ends, and the games stay under no name, reachable by no one.
pub async fn delete(app: &Services, visitor: &Visitor, password: &Password) -> Result<()> {
    let (_, account) = signed_in(app, visitor).await?;
    visitor.check_a_password(app)?;
    if !password.within_limit() || !password::verify(password, Some(account.password_hash.clone())).await? {
        return Err(Error::forbidden(say!("account-password-wrong")));
    }
    app.store().write_account(AccountWrite::Delete { player: account.player }).await?;
    app.players().forget_player(account.player);
    app.live().evict_player(account.player);
    tracing::info!(player = %account.player, "account deleted");
    Ok(())
}
