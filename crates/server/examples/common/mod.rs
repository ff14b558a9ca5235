//! What the load, soak and floods examples share: a simulated player's random
//! source, with its think times.

use std::time::Duration;

/// A player's random source: the engine's SplitMix64 with think times.
pub struct Rng(patience_core::deal::SplitMix64);

impl Rng {
    pub fn new(player: usize) -> Rng {
        Rng(patience_core::deal::SplitMix64::new(player as u64 + 1))
    }

    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A think time: exponential with mean `mean`, at most 5 times it.
    pub fn think(&mut self, mean: Duration) -> Duration {
        let u = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        mean.mul_f64((-(1.0 - u).ln()).min(5.0))
    }
}
