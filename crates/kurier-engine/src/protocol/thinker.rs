//! The search thread behind a protocol session: one search at a time, started with a game and
//! limits, reporting through callbacks, stoppable from the command loop at any moment.

use super::session::{Answer, AnyRecord};
use crate::search::{Control, Info, Limits, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// Set once a job's answer has been given (so `ping` can wait for the move but not for the
/// pondering that may follow it).
#[derive(Default)]
struct Answered {
    done: Mutex<bool>,
    signal: Condvar,
}

impl Answered {
    fn set(&self) {
        *self.done.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.signal.notify_all();
    }

    fn wait(&self) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        while !*done {
            done = self.signal.wait(done).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Owns the searcher and the thread running it.
pub struct Thinker {
    searcher: Arc<Searcher>,
    control: Arc<Control>,
    job: Option<JoinHandle<()>>,
    started: Instant,
    /// Set by [`Thinker::stop`]: the job must not start pondering after its answer.
    abort: Arc<AtomicBool>,
    answered: Arc<Answered>,
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
            abort: Arc::new(AtomicBool::new(false)),
            answered: Arc::new(Answered::default()),
        }
    }

    /// Starts searching `record` (after stopping any search still running). `on_info` gets the
    /// reports, `on_done` the answer, both on the search thread. When `on_done` returns a
    /// position (XBoard pondering: the game after the expected reply), the thread goes on
    /// searching it without limits, filling the hash table, until [`Thinker::stop`].
    pub fn start(
        &mut self,
        record: AnyRecord,
        limits: Limits,
        mut on_info: impl FnMut(&Info) + Send + 'static,
        on_done: impl FnOnce(Answer) -> Option<AnyRecord> + Send + 'static,
    ) {
        self.stop();
        self.control.reset(limits.ponder);
        self.started = Instant::now();
        self.abort = Arc::new(AtomicBool::new(false));
        self.answered = Arc::new(Answered::default());
        let searcher = Arc::clone(&self.searcher);
        let (control, abort, answered) = (
            Arc::clone(&self.control),
            Arc::clone(&self.abort),
            Arc::clone(&self.answered),
        );
        self.job = Some(std::thread::spawn(move || {
            let answer = record.search(&searcher, &limits, &mut on_info);
            let ponder_on = on_done(answer);
            answered.set();
            if let Some(next) = ponder_on {
                // Reset first, then look at `abort`: `stop` sets `abort` before it stops the
                // search, so either this sees it or the search sees the stop.
                control.reset(false);
                if !abort.load(Ordering::SeqCst) {
                    let endless = Limits {
                        infinite: true,
                        ..Limits::default()
                    };
                    next.search(&searcher, &endless, &mut |_| {});
                }
            }
        }));
    }

    /// True when a job runs whose answer has been given (it is pondering).
    pub fn answered(&self) -> bool {
        self.job.is_some() && *self.answered.done.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until the running job has given its answer (not for pondering after it).
    pub fn wait_answer(&self) {
        if self.job.is_some() {
            self.answered.wait();
        }
    }

    /// Stops the search and waits until its answer has been given.
    pub fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            self.abort.store(true, Ordering::SeqCst);
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
        match Arc::get_mut(&mut self.searcher) {
            Some(searcher) => searcher.clear(),
            None => log::warn!("the table is still in use; not cleared"),
        }
    }
}

impl Drop for Thinker {
    fn drop(&mut self) {
        self.stop();
    }
}
