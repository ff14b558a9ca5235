//! Failed sign-ins, counted in the store (so that every server sees them)
//! per client address and per name: the first few cost nothing, then each
//! one doubles the wait before the next attempt. An address gets three
//! free failures, a name ten: one address guessing is slowed at once, and
//! nobody can keep another player from signing in without many addresses.
//! An IPv6 client is counted by its /64 network, which one subscriber
//! usually has whole.

use std::net::IpAddr;

use patience_words::say;

use super::name::AccountName;
use crate::services::{Error, ErrorKind, Result, Services};
use crate::store::{name_key_of, AccountWrite};

/// Failed sign-ins in a row that cost nothing, from one address...
const FREE_FROM_AN_ADDRESS: u32 = 3;
/// ...and under one name.
const FREE_UNDER_A_NAME: u32 = 10;
/// The longest wait, in seconds.
const MAX_WAIT_SECS: i64 = 15 * 60;

/// How long the next sign-in under `key` waits after `failures` failed
/// ones in a row.
pub fn wait_ms(key: &str, failures: u32) -> i64 {
    let free = if key.starts_with("name:") { FREE_UNDER_A_NAME } else { FREE_FROM_AN_ADDRESS };
    if failures <= free {
        return 0;
    }
    let doublings = (failures - free - 1).min(20);
    (1i64 << doublings).min(MAX_WAIT_SECS) * 1000
}

/// The keys a sign-in under `name` from `address` is counted under: the
/// name's (only a text that can be a name: anything else is counted by the
/// address alone), and the address's.
pub fn keys(name: &str, address: Option<IpAddr>) -> Vec<String> {
    let mut keys = Vec::with_capacity(2);
    if AccountName::parse(name).is_ok() {
        keys.push(format!("name:{}", name_key_of(name)));
    }
    match address {
        Some(IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            keys.push(format!("address:{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3]));
        }
        Some(IpAddr::V6(v6)) => keys.push(format!("address:{}", v6.to_ipv4_mapped().expect("mapped"))),
        Some(address) => keys.push(format!("address:{address}")),
        None => {}
    }
    keys
}

/// Refused (429, with the wait) while any of `keys` waits.
pub async fn check(app: &Services, keys: &[String]) -> Result<()> {
    let now_ms = app.now_ms();
    let blocked_until = app.store().sign_in_blocked_until(keys).await?;
    if blocked_until <= now_ms {
        return Ok(());
    }
    let retry_after_secs = ((blocked_until - now_ms) as u64).div_ceil(1000).max(1);
    let wait = if retry_after_secs >= 120 {
        say!("duration", unit = "minutes", count = retry_after_secs.div_ceil(60))
    } else {
        say!("duration", unit = "seconds", count = retry_after_secs)
    };
    Err(Error::new(ErrorKind::TooMany { retry_after_secs }, say!("sign-in-throttled", wait = wait)))
}

/// Counts a failed sign-in under `keys`.
pub async fn failed(app: &Services, keys: Vec<String>) -> Result<()> {
    Ok(app.store().write_account(AccountWrite::SignInFailed { keys, now_ms: app.now_ms(), wait_ms }).await?)
}

/// A sign-in succeeded: the counts under `keys` start over.
pub async fn succeeded(app: &Services, keys: Vec<String>) -> Result<()> {
    Ok(app.store().write_account(AccountWrite::SignInSucceeded { keys }).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_sign_ins_wait_longer_and_longer_past_the_free_ones() {
        let waits: Vec<i64> = (1..=8).map(|n| wait_ms("address:192.0.2.7", n)).collect();
        assert_eq!(waits, [0, 0, 0, 1000, 2000, 4000, 8000, 16000]);
        assert_eq!(wait_ms("address:192.0.2.7", 1000), MAX_WAIT_SECS * 1000);
        let waits: Vec<i64> = (9..=13).map(|n| wait_ms("name:ann", n)).collect();
        assert_eq!(waits, [0, 0, 1000, 2000, 4000], "a name has ten free");
    }

    #[test]
    fn a_name_counts_by_its_key_and_an_ipv6_client_by_its_network() {
        let v6: IpAddr = "2001:db8:1:2:aaaa:bbbb:cccc:dddd".parse().unwrap();
        assert_eq!(keys("Ann", Some(v6)), ["name:ann", "address:2001:db8:1:2::/64"]);
        let v4: IpAddr = "192.0.2.7".parse().unwrap();
        assert_eq!(keys("not a name", Some(v4)), ["address:192.0.2.7"]);
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(keys("ann", Some(mapped)), ["name:ann", "address:192.0.2.7"]);
    }
}
