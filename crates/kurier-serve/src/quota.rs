//! How many searches the server runs at once besides the games' own moves: at most
//! [`MAX_QUICK_SEARCHES`] hints and draw offers, and at most [`MAX_ANALYSES`] games analysing.
//! One more is refused with `429` and a JSON error (and `Retry-After: 1`) instead of queueing:
//! each is a search thread on a core of its own. A [`Slot`] is held while its search runs and
//! frees its place when dropped.

use crate::error::ApiError;
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The most hint and draw-offer searches running at once.
pub const MAX_QUICK_SEARCHES: usize = 4;
/// The most games analysing at once.
pub const MAX_ANALYSES: usize = 4;

/// A place taken: freed when dropped.
#[derive(Debug)]
pub struct Slot {
    _permit: OwnedSemaphorePermit,
}

/// The places of the server.
#[derive(Clone, Debug)]
pub struct Quota {
    quick: Arc<Semaphore>,
    analyses: Arc<Semaphore>,
}

impl Default for Quota {
    fn default() -> Self {
        Quota {
            quick: Arc::new(Semaphore::new(MAX_QUICK_SEARCHES)),
            analyses: Arc::new(Semaphore::new(MAX_ANALYSES)),
        }
    }
}

impl Quota {
    /// A place for a hint or a draw offer's search, or `429`.
    pub fn quick_search(&self, what: &str) -> Result<Slot, ApiError> {
        Arc::clone(&self.quick)
            .try_acquire_owned()
            .map(|p| Slot { _permit: p })
            .map_err(|_| {
                ApiError::Busy(format!(
                    "{what}: the server already runs {MAX_QUICK_SEARCHES} hints and draw offers; \
                     try again in a moment"
                ))
            })
    }

    /// A place for a game's analysis, or `429`.
    pub fn analysis(&self) -> Result<Slot, ApiError> {
        Arc::clone(&self.analyses)
            .try_acquire_owned()
            .map(|p| Slot { _permit: p })
            .map_err(|_| {
                ApiError::Busy(format!(
                    "analyze: {MAX_ANALYSES} games already analyse; stop one first"
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_counted_and_freed() {
        let quota = Quota::default();
        let taken: Vec<Slot> = (0..MAX_ANALYSES)
            .map(|_| quota.analysis().unwrap())
            .collect();
        assert!(matches!(quota.analysis(), Err(ApiError::Busy(_))));
        assert!(quota.quick_search("hint").is_ok());
        drop(taken);
        assert!(quota.analysis().is_ok());
    }
}
