//! Passwords: checked for length where they enter, hashed with argon2id
//! (the `argon2` crate's default parameters) on a blocking thread, never
//! kept, logged or sent back.

use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use patience_words::say;

use crate::services::{Error, Result};

/// Characters a password has at least.
pub const MIN_LEN: usize = 8;
/// Characters a password has at most (argon2 takes any length): a longer
/// one is refused, or at sign-in fails, without being hashed.
pub const MAX_LEN: usize = 128;

/// A password as it came in: its `Debug` does not show it.
#[derive(Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(transparent)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Password(..)")
    }
}

impl Password {
    pub fn new(text: impl Into<String>) -> Password {
        Password(text.into())
    }

    /// Whether the password is no longer than any account's can be.
    pub fn within_limit(&self) -> bool {
        self.0.chars().count() <= MAX_LEN
    }

    /// Whether a new password is long enough and not too long.
    pub fn check_new(&self) -> Result<()> {
        let len = self.0.chars().count();
        if len < MIN_LEN {
            return Err(Error::invalid(say!("password-too-short", least = MIN_LEN)));
        }
        if len > MAX_LEN {
            return Err(Error::invalid(say!("password-too-long", most = MAX_LEN)));
        }
        Ok(())
    }
}

/// The argon2id hash of `password` with a fresh salt, in the PHC string
/// format.
pub async fn hash(password: &Password) -> Result<String> {
    let password = password.0.clone();
    blocking(move || {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt).map_err(|e| Error::internal(format!("no random salt: {e}")))?;
        let salt = SaltString::encode_b64(&salt).map_err(|e| Error::internal(e.to_string()))?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| Error::internal(format!("cannot hash the password: {e}")))
    })
    .await
}

/// A hash of no one's password, checked against when a name is unknown so
/// that a wrong name takes as long to refuse as a wrong password.
static NOBODY: LazyLock<String> = LazyLock::new(|| {
    let salt = SaltString::encode_b64(b"nobody's salt..").expect("a fixed salt encodes");
    Argon2::default().hash_password(b"nobody's password", &salt).expect("a fixed password hashes").to_string()
});

/// Whether `password` is the one `stored` is the hash of; with no hash,
/// checks against `NOBODY`'s and says no, in about the same time.
pub async fn verify(password: &Password, stored: Option<String>) -> Result<bool> {
    let password = password.0.clone();
    blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| NOBODY.clone());
        let parsed = PasswordHash::new(&stored)
            .map_err(|e| Error::internal(format!("a stored password hash is malformed: {e}")))?;
        let matches = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok(known && matches)
    })
    .await
}

/// Runs `work` off the async threads: a hash takes tens of milliseconds of
/// CPU.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(work).await.map_err(|e| Error::internal(format!("the password check failed: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only_and_shows_no_password() {
        let password = Password::new("correct horse");
        let hashed = hash(&password).await.unwrap();
        assert!(hashed.starts_with("$argon2id$"), "{hashed}");
        assert!(!hashed.contains("correct horse"));
        assert!(verify(&password, Some(hashed.clone())).await.unwrap());
        assert!(!verify(&Password::new("correct horsE"), Some(hashed.clone())).await.unwrap());
        assert!(!verify(&password, None).await.unwrap(), "no account, no match");
        assert_ne!(hash(&password).await.unwrap(), hashed, "a fresh salt each time");
        assert_eq!(format!("{password:?}"), "Password(..)");
    }

    #[test]
    fn a_new_password_has_8_to_128_characters() {
        assert!(Password::new("1234567").check_new().is_err());
        assert!(Password::new("12345678").check_new().is_ok());
        assert!(Password::new("ü".repeat(128)).check_new().is_ok());
        assert!(Password::new("x".repeat(129)).check_new().is_err());
    }
}
