//! The search thread behind a protocol session: one search at a time, started with a game and
//! limits, reporting through callbacks, stoppable from the command loop at any moment.

use super::session::{Answer, AnyRecord};
use crate::search::{Control, Info, Limits, Searcher};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// Owns the searcher and the thread running it.
pub struct Thinker {
    searcher: Arc<Searcher>,
    control: Arc<Control>,
    job: Option<JoinHandle<()>>,
    started: Instant,
}

impl Thinker {
    /// A thinker with a `hash_mb` table and `threads` search threads.
    pub fn new(hash_mb: u64, threads: usize) -> Self {
        let searcher = Searcher::new(hash_mb, threads);
        Thinker {
            control: searcher.control(),
            searcher: Arc::new(searcher),
            job: None,
            started: Instant::now(),
        }
    }

    /// Starts searching `record` (after stopping any search still running). `on_info` gets the
    /// reports, `on_done` the answer, both on the search thread.
    pub fn start(
        &mut self,
        record: AnyRecord,
        limits: Limits,
        mut on_info: impl FnMut(&Info) + Send + 'static,
        on_done: impl FnOnce(Answer) + Send + 'static,
    ) {
        self.stop();
        self.control.reset(limits.ponder);
        self.started = Instant::now();
        let searcher = Arc::clone(&self.searcher);
        self.job = Some(std::thread::spawn(move || {
            let answer = record.search(&searcher, &limits, &mut on_info);
            on_done(answer);
        }));
    }

    /// Stops the search and waits until its answer has been given.
    pub fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            self.control.stop();
            if job.join().is_err() {
                log::error!("the search thread panicked");
            }
        }
    }

    /// Waits for the search to end by itself.
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            if job.join().is_err() {
                log::error!("the search thread panicked");
            }
        }
    }

    /// The opponent played the move we pondered on: the clock runs from now.
    pub fn ponderhit(&self) {
        self.control.ponderhit(self.started.elapsed());
    }

    /// True while a search runs.
    pub fn busy(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.is_finished())
    }

    /// New table size and thread count (stops any search; the table starts empty).
    pub fn configure(&mut self, hash_mb: u64, threads: usize) {
        self.stop();
        *self = Thinker::new(hash_mb, threads);
    }

    /// Forgets what earlier searches learned (new game).
    pub fn clear(&mut self) {
        self.stop();
        self.searcher.clear();
    }
}

impl Drop for Thinker {
    fn drop(&mut self) {
        self.stop();
    }
}
