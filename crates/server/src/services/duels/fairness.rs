//! The duel's commitment: the deal is fixed, and published as a hash,
//! before anyone plays.
//!
//! - `seed`: 32 random bytes, `salt`: 32 random bytes, both written as
//!   lower-case hex.
//! - The deal number is the seed's first 13 hex digits (52 bits) read as a
//!   number, plus one (1 to 2^52): in a shell, `echo $(( 16#${SEED:0:13} + 1 ))`.
//!   52 bits keep it exact in JavaScript, and far too many to search: with
//!   only 2^32 deals a player could find the deal from the face-up cards by
//!   trying every number, then solve it knowing every hidden card.
//! - The commitment is the hex SHA-256 of the seed's 32 bytes followed by
//!   the salt's 32 bytes: `printf %s "$SEED$SALT" | xxd -r -p | sha256sum`.
//!
//! The commitment is published when the duel is created; seed and salt once
//! it closes. A daily deal is committed the same way, its deal chosen first
//! (proven winnable) and written into the seed's first 13 hex digits, the
//! rest of the seed random ([`seed_for_deal`]): the same check holds. The salt keeps the commitment from giving the deal away (each
//! deal number could otherwise be hashed and compared).

use sha2::{Digest, Sha256};

/// Bytes of seed and of salt.
pub const LEN: usize = 32;

/// The deal number that follows from a seed.
pub fn deal_of_seed(seed: &[u8]) -> u64 {
    let first7 = u64::from_be_bytes([0, seed[0], seed[1], seed[2], seed[3], seed[4], seed[5], seed[6]]);
    (first7 >> 4) + 1
}

/// The hex SHA-256 of the seed's bytes followed by the salt's bytes.
pub fn commitment(seed: &[u8], salt: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(seed);
    h.update(salt);
    hex(&h.finalize())
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads lower- or upper-case hex.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

/// A fresh seed and salt (hex), the deal and the commitment.
pub struct SeedAndCommitment {
    pub seed: String,
    pub salt: String,
    pub deal: u64,
    pub commitment: String,
}

/// A new duel's commitment: a seed and a salt from the operating system's
/// random source, the deal they give and their hash.
pub fn new_commitment() -> SeedAndCommitment {
    let seed = random_bytes();
    let salt = random_bytes();
    SeedAndCommitment {
        seed: hex(&seed),
        salt: hex(&salt),
        deal: deal_of_seed(&seed),
        commitment: commitment(&seed, &salt),
    }
}

/// A commitment to deal `deal` (1 to 2^52): a seed whose first 13 hex
/// digits give it, the rest random, and a random salt.
pub fn seed_for_deal(deal: u64) -> SeedAndCommitment {
    assert!((1..=1 << 52).contains(&deal), "deal {deal} is not one a seed can give");
    let mut seed = random_bytes();
    let first7 = ((deal - 1) << 4) | u64::from(seed[6] & 0x0f);
    seed[..7].copy_from_slice(&first7.to_be_bytes()[1..]);
    let salt = random_bytes();
    SeedAndCommitment { seed: hex(&seed), salt: hex(&salt), deal, commitment: commitment(&seed, &salt) }
}

/// [`LEN`] bytes from the operating system's random source, as hex: a
/// secret key.
pub fn random_key() -> String {
    hex(&random_bytes())
}

fn random_bytes() -> [u8; LEN] {
    let mut bytes = [0u8; LEN];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    bytes
}

/// What anyone can verify once seed and salt are revealed: the seed and
/// salt hash to the commitment, and the deal follows from the seed.
#[derive(serde::Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    pub commitment_ok: bool,
    pub deal_ok: bool,
}

pub fn verify(seed_hex: &str, salt_hex: &str, commitment_hex: &str, deal: u64) -> Verification {
    match (unhex(seed_hex), unhex(salt_hex)) {
        (Some(seed), Some(salt)) if seed.len() >= 7 => Verification {
            commitment_ok: commitment(&seed, &salt) == commitment_hex.to_ascii_lowercase(),
            deal_ok: deal_of_seed(&seed) == deal,
        },
        _ => Verification { commitment_ok: false, deal_ok: false },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_vector() {
        // printf '%s' 00000000000010...00 | xxd -r -p | sha256sum (seed = 0x00..0010 in its first 7 bytes, salt = 32 zero bytes)
        let mut seed = [0u8; 32];
        seed[6] = 0x10;
        let salt = [0u8; 32];
        assert_eq!(deal_of_seed(&seed), 2, "the 13th hex digit is the last one read");
        assert_eq!(deal_of_seed(&[0xff; 32]), 1 << 52);
        let c = commitment(&seed, &salt);
        let mut all = seed.to_vec();
        all.extend_from_slice(&salt);
        assert_eq!(c, hex(&Sha256::digest(&all)));
        assert!(verify(&hex(&seed), &hex(&salt), &c, 2) == Verification { commitment_ok: true, deal_ok: true });
        assert!(!verify(&hex(&seed), &hex(&[1u8; 32]), &c, 2).commitment_ok);
        let d = new_commitment();
        assert_eq!(
            verify(&d.seed, &d.salt, &d.commitment, d.deal),
            Verification { commitment_ok: true, deal_ok: true }
        );
        for deal in [1, 2, 17, 123_456_789, 1 << 52] {
            let d = seed_for_deal(deal);
            assert_eq!(
                verify(&d.seed, &d.salt, &d.commitment, deal),
                Verification { commitment_ok: true, deal_ok: true },
                "{deal}"
            );
        }
        assert_eq!(unhex("0aFF"), Some(vec![10, 255]));
        assert_eq!(unhex("0"), None);
    }
}
