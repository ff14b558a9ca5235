//! Accounts, sessions and failed sign-ins as the store keeps them (see
//! `migrations/sqlite/0005_accounts.sql`). What a name may be, how a
//! password is hashed and how long a failed sign-in makes the next one wait
//! are the accounts service's; the stores only read and write these rows.

use crate::ids::{PlayerId, TokenHash};

/// A player that claimed a name.
#[derive(Clone, PartialEq, Eq)]
pub struct Account {
    pub player: PlayerId,
    /// The name as its owner wrote it.
    pub name: String,
    /// An argon2id hash in the PHC string format.
    pub password_hash: String,
    pub created_ms: i64,
}

/// The hash stays out of logs.
impl std::fmt::Debug for Account {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_struct("Account").field("player", &self.player).field("name", &self.name).finish_non_exhaustive()
    }
}

/// A session: whose it is, and when it was last seen (kept coarsely: see
/// the accounts service).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub player: PlayerId,
    pub last_seen_ms: i64,
}

/// How long after its wait ended a count of failed sign-ins is kept.
pub const FAILURES_KEPT_MS: i64 = 24 * 3600 * 1000;

/// The key of a name: its lower case, so that no two names differ only by
/// case.
pub fn name_key_of(name: &str) -> String {
    name.to_lowercase()
}

/// A change to accounts and sessions, made by the store in one transaction.
#[derive(Clone)]
pub enum AccountWrite {
    /// `player` claims `name`: its account is created, and its session
    /// `old` gives way to `new` (a fresh token at every change of who a
    /// browser is). Refused with [`super::StoreError::NameTaken`] when the
    /// name's key is taken.
    SignUp { player: PlayerId, name: String, password_hash: String, old: TokenHash, new: TokenHash, now_ms: i64 },
    /// A browser becomes `player`: its session `old` (if any) ends and
    /// `new` starts; with `claim`, the games, duel seats and duels of the
    /// player `old` belonged to become `player`'s first (a seat in a duel
    /// `player` sits in too stays where it was).
    SignIn { player: PlayerId, old: Option<TokenHash>, new: TokenHash, claim: Option<PlayerId>, now_ms: i64 },
    /// The session ends.
    SignOut { session: TokenHash },
    /// Every session of `player` ends.
    SignOutEverywhere { player: PlayerId },
    /// The password changes, and every other session of `player` ends.
    SetPassword { player: PlayerId, password_hash: String, keep: TokenHash },
    /// The account goes: its row and every session. The player's games stay
    /// where they are, under no name and reachable by no one.
    Delete { player: PlayerId },
    /// The account's settings change (JSON, checked by the service).
    SetSettings { player: PlayerId, settings: String },
    /// The session was seen at `now_ms`.
    Touch { session: TokenHash, now_ms: i64 },
    /// A player made for a request that was then refused goes again, with
    /// its session: refused with a backend error (and nothing written) if
    /// anything else names it.
    ForgetNewPlayer { player: PlayerId },
    /// A sign-in failed: each key's count goes up by one, and its next
    /// attempt waits until `now_ms + wait_ms(key, count)`. Counts whose wait
    /// ended a day ago or more are forgotten, so that the table holds only
    /// recent attempts however many names are tried.
    SignInFailed { keys: Vec<String>, now_ms: i64, wait_ms: fn(&str, u32) -> i64 },
    /// A sign-in succeeded: the keys' counts start over.
    SignInSucceeded { keys: Vec<String> },
}

/// The hash stays out of logs.
impl std::fmt::Debug for AccountWrite {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let kind = match self {
            AccountWrite::SignUp { .. } => "SignUp",
            AccountWrite::SignIn { .. } => "SignIn",
            AccountWrite::SignOut { .. } => "SignOut",
            AccountWrite::SignOutEverywhere { .. } => "SignOutEverywhere",
            AccountWrite::SetPassword { .. } => "SetPassword",
            AccountWrite::SetSettings { .. } => "SetSettings",
            AccountWrite::Delete { .. } => "Delete",
            AccountWrite::ForgetNewPlayer { .. } => "ForgetNewPlayer",
            AccountWrite::Touch { .. } => "Touch",
            AccountWrite::SignInFailed { .. } => "SignInFailed",
            AccountWrite::SignInSucceeded { .. } => "SignInSucceeded",
        };
        write!(f, "AccountWrite::{kind}")
    }
}

/// The columns of an account as either database gives them back.
#[derive(sqlx::FromRow)]
pub(crate) struct AccountColumns {
    pub player_id: i64,
    pub name: String,
    pub password_hash: String,
    pub created_ms: i64,
}

impl AccountColumns {
    pub(crate) fn into_account(self) -> Account {
        Account {
            player: PlayerId(self.player_id),
            name: self.name,
            password_hash: self.password_hash,
            created_ms: self.created_ms,
        }
    }
}
