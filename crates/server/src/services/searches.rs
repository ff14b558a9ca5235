//! Searches — the honest player's hint, "winnable deals only", a deal's
//! par — run on a pool of their own, never on the threads that answer
//! requests.
//!
//! A search costs up to seconds of a core; a move, a millisecond. The pool
//! has one thread fewer than the machine has cores (at least one; see
//! [`default_threads`]), each in Linux's idle scheduling class
//! (`SCHED_IDLE`; elsewhere at normal priority), so the threads that answer
//! moves take a core whenever they need one. Searches wait in a queue
//! ([`QUEUE_LIMIT`] places by default); beyond it a request is answered 503
//! with `Retry-After`. A player's searches run one at a time: a second waits
//! for the first, a third while both are outstanding is answered 429; and
//! one address holds at most a share of the places (a quarter by default,
//! see [`default_per_address`]), so that players made by the dozen from one
//! address cannot fill the pool. A search holds its places until it ends on
//! the pool, even when the client that asked for it has gone.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use patience_words::{say, Say};
use tokio::sync::Semaphore;

use super::{Error, ErrorKind, Result};
use crate::ids::PlayerId;

/// Searches that may wait for a thread at once, by default.
pub const QUEUE_LIMIT: usize = 16;

/// The pool's threads by default: one fewer than the cores, at least one.
///
/// Why not one per core: the idle class gives a core up to a thread that
/// answers a move at once, yet with every core busy searching, the moves'
/// slowest answers under the load benchmark with eight hint clients were
/// several times slower than with a core left free (the server README's
/// Speed table has the runs), for twice the hints answered. A core left
/// free for the requests is worth more to the players than a second
/// search at once.
pub fn default_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(1).max(1)
}

/// The places one address may hold by default: a quarter of the pool's
/// threads and queue, at least two (one player's).
pub fn default_per_address(threads: usize, queue_limit: usize) -> usize {
    ((threads.max(1) + queue_limit) / 4).max(PER_PLAYER)
}

/// Who asks for a search: the player, and the address the request came
/// from (none for the server's own workers).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Asker {
    pub player: PlayerId,
    pub address: Option<IpAddr>,
}

impl Asker {
    pub fn new(player: PlayerId, address: Option<IpAddr>) -> Asker {
        Asker { player, address }
    }
}

/// A player's searches running or waiting at once: one running, and one
/// waiting for it (a player who opens a game, whose par is being searched,
/// and goes back to ask for a winnable deal is not refused).
const PER_PLAYER: usize = 2;

/// What is being searched, for the messages and the retry hint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Search {
    Hint,
    WinnableDeal,
    /// A winning line from a position every card of which is known.
    Line,
    /// The most cards a deal can bring to the foundations.
    Par,
    /// One position of a finished game's analysis.
    Analysis,
}

impl Search {
    /// What is searched, as the refusals say it (`search-what`) and the
    /// log names it.
    fn key(self) -> &'static str {
        match self {
            Search::Hint => "hint",
            Search::WinnableDeal => "winnable-deal",
            Search::Line => "line",
            Search::Par => "par",
            Search::Analysis => "analysis",
        }
    }

    fn what(self) -> Say {
        say!("search-what", search = self.key())
    }

    /// About how long one takes at most, in seconds.
    fn secs(self) -> u64 {
        match self {
            Search::Hint => 3,
            Search::WinnableDeal => 10,
            Search::Line => 2,
            Search::Par => 2,
            Search::Analysis => 2,
        }
    }
}

/// The pool.
pub struct Searches {
    pool: rayon::ThreadPool,
    threads: usize,
    queue_limit: usize,
    per_address: usize,
    places: Arc<Places>,
}

/// Who holds places in the pool.
#[derive(Default)]
struct Places {
    /// Searches running or waiting.
    in_flight: AtomicUsize,
    /// Each player with searches running or waiting: how many, and the
    /// turn they take one after the other.
    players: Mutex<HashMap<PlayerId, (usize, Arc<Semaphore>)>>,
    /// Places held from each address.
    addresses: Mutex<HashMap<IpAddr, usize>>,
}

impl Places {
    /// Gives back one place of `address`.
    fn release_address(&self, address: Option<IpAddr>) {
        let Some(address) = address else { return };
        let mut addresses = self.addresses.lock().unwrap();
        if let Some(count) = addresses.get_mut(&address) {
            *count -= 1;
            if *count == 0 {
                addresses.remove(&address);
            }
        }
    }
}

/// Puts the calling thread in Linux's idle scheduling class: it runs only
/// when no other thread wants the core, and gives the core up at once to
/// one that wakes. A lower nice value alone was not enough: a thread that
/// answers a move waited for the search's time slice to end (moves' p99
/// rose to about 20 ms with eight searches running).
pub(crate) fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: sched_setscheduler with pid 0 changes the calling thread's
    // policy; `param` is a valid sched_param that outlives the call.
    unsafe {
        let param = libc::sched_param { sched_priority: 0 };
        if libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) != 0 {
            libc::setpriority(libc::PRIO_PROCESS, 0, 19);
        }
    }
}

impl Searches {
    /// A pool of `threads` threads (at least one), with `queue_limit`
    /// places to wait, of which one address holds `per_address` at most.
    pub fn new(threads: usize, queue_limit: usize, per_address: usize) -> Searches {
        let threads = threads.max(1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("search-{i}"))
            .start_handler(|_| lower_priority())
            .build()
            .expect("the search threads start");
        Searches { pool, threads, queue_limit, per_address: per_address.max(1), places: Arc::default() }
    }
}

/// A search's place in the pool and among its player's searches, given
/// back when dropped: when the search ends, or when it is refused or its
/// client leaves before it starts.
struct Place {
    places: Arc<Places>,
    asker: Asker,
}

impl Drop for Place {
    fn drop(&mut self) {
        self.places.in_flight.fetch_sub(1, Ordering::AcqRel);
        {
            let mut players = self.places.players.lock().unwrap();
            if let Some((count, _)) = players.get_mut(&self.asker.player) {
                *count -= 1;
                if *count == 0 {
                    players.remove(&self.asker.player);
                }
            }
        }
        self.places.release_address(self.asker.address);
    }
}

impl Searches {
    /// Blocks the calling thread (not a request's) while any search runs or
    /// waits, or until `stop()` says to give up.
    pub fn wait_while_busy(&self, stop: impl Fn() -> bool) {
        while self.places.in_flight.load(Ordering::Acquire) > 0 && !stop() {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Runs `search` for `asker` on the pool and waits for its answer.
    pub async fn run<T: Send + 'static>(
        &self,
        asker: Asker,
        kind: Search,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        if let Some(address) = asker.address {
            let mut addresses = self.places.addresses.lock().unwrap();
            let count = addresses.entry(address).or_insert(0);
            if *count >= self.per_address {
                return Err(Error::new(
                    ErrorKind::TooMany { retry_after_secs: kind.secs() },
                    say!("search-address-busy", count = *count, what = kind.what()),
                ));
            }
            // Given back by the place, or below if the player's own count
            // refuses the search.
            *count += 1;
        }
        let player = asker.player;
        let turn = {
            let mut players = self.places.players.lock().unwrap();
            let (count, turn) = players.entry(player).or_insert_with(|| (0, Arc::new(Semaphore::new(1))));
            if *count >= PER_PLAYER {
                drop(players);
                self.places.release_address(asker.address);
                return Err(Error::new(
                    ErrorKind::TooMany { retry_after_secs: kind.secs() },
                    say!("search-player-busy", what = kind.what()),
                ));
            }
            *count += 1;
            turn.clone()
        };
        let before = self.places.in_flight.fetch_add(1, Ordering::AcqRel);
        let place = Place { places: self.places.clone(), asker };
        if before >= self.threads + self.queue_limit {
            drop(place);
            return Err(Error::new(
                ErrorKind::Busy { retry_after_secs: kind.secs() },
                say!("search-server-busy", what = kind.what()),
            ));
        }
        let my_turn = turn.acquire_owned().await.map_err(|_| Error::internal("the search queue closed"))?;
        let (done, answer) = tokio::sync::oneshot::channel();
        self.pool.spawn(move || {
            let answer = search();
            // The places are given back before the answer goes out: a
            // client that asks again as soon as it has its answer must find
            // its own place and the pool's free (on a busy machine this
            // thread can wait a good part of a second between the two).
            drop(my_turn);
            drop(place);
            let _ = done.send(answer);
        });
        answer.await.map_err(|_| Error::internal(format!("the search ({}) failed", kind.key())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The library worker's wait: it lasts while a player's search runs,
    /// and ends when that search does (or when told to stop).
    #[tokio::test]
    async fn waiting_while_busy_lasts_as_long_as_a_search() {
        let searches = Arc::new(Searches::new(1, 4, 4));
        let (release, released) = std::sync::mpsc::channel::<()>();
        let running = {
            let searches = searches.clone();
            tokio::spawn(async move {
                searches
                    .run(Asker::new(PlayerId(1), None), Search::Hint, move || {
                        released.recv_timeout(Duration::from_secs(30))
                    })
                    .await
            })
        };
        while searches.places.in_flight.load(Ordering::Acquire) == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let waiter = {
            let searches = searches.clone();
            std::thread::spawn(move || {
                searches.wait_while_busy(|| false);
                Instant::now()
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        assert!(!waiter.is_finished(), "the wait ended while a search ran");
        let ended = Instant::now();
        release.send(()).unwrap();
        running.await.unwrap().unwrap().unwrap();
        assert!(waiter.join().unwrap() >= ended);

        // Told to stop, it does not wait.
        let stuck = {
            let searches = searches.clone();
            tokio::spawn(async move {
                searches
                    .run(Asker::new(PlayerId(2), None), Search::Hint, || std::thread::sleep(Duration::from_millis(500)))
                    .await
            })
        };
        while searches.places.in_flight.load(Ordering::Acquire) == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let started = Instant::now();
        searches.wait_while_busy(|| true);
        assert!(started.elapsed() < Duration::from_millis(400));
        stuck.await.unwrap().unwrap();
    }
}
