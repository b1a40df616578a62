//! The search thread behind a protocol session: one job at a time — a search started with a game
//! and limits, or a perft (UCI `go perft`) — reporting through callbacks, stoppable from the
//! command loop at any moment, so the loop keeps answering `isready`, `stop` and `quit`.

use super::session::{Answer, AnyRecord};
use crate::nnue::Network;
use crate::search::tt::HashError;
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

/// The stack of the job thread: room for a perft [`kurier_rules::perft::MAX_DEPTH`] plies deep
/// and a search [`crate::search::MAX_PLY`] plies deep, whatever a game's move list weighs (only
/// the pages used become memory).
const JOB_STACK: usize = 64 << 20;

/// Starts a job thread.
fn spawn(job: impl FnOnce() + Send + 'static) -> JoinHandle<()> {
    std::thread::Builder::new()
        .name("search".to_string())
        .stack_size(JOB_STACK)
        .spawn(job)
        .expect("the search thread starts")
}

/// Owns the searcher and the thread running it.
pub struct Thinker {
    searcher: Arc<Searcher>,
    control: Arc<Control>,
    job: Option<JoinHandle<()>>,
    started: Instant,
    /// Set by [`Thinker::stop`]: the job must not start pondering after its answer, and a perft
    /// gives up.
    abort: Arc<AtomicBool>,
    answered: Arc<Answered>,
    /// Search threads.
    threads: usize,
    /// Evaluate with a network where the game has one.
    use_nnue: bool,
    /// The network loaded by `EvalFile`, if any.
    net: Option<Arc<Network>>,
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
            threads,
            use_nnue: true,
            net: None,
        }
    }

    /// A network loaded from a file, used for its game instead of the built-in one; `None`:
    /// the built-in networks (stops any search).
    pub fn set_net(&mut self, net: Option<Arc<Network>>) {
        self.net = net.clone();
        let mb = self.hash_mb();
        self.searcher_to_change(mb).set_net(net);
    }

    /// Network evaluation on or off (stops any search; the table is kept).
    pub fn set_use_nnue(&mut self, on: bool) {
        self.use_nnue = on;
        let mb = self.hash_mb();
        self.searcher_to_change(mb).set_use_nnue(on);
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
        self.job = Some(spawn(move || {
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

    /// Starts a perft of `depth` plies by root move from `record` (after stopping any job still
    /// running). `on_done` gets `(move, count)` per root move, or `None` when [`Thinker::stop`]
    /// ended it first (nothing of a stopped perft is reported: a partial count is no count).
    pub fn start_perft(
        &mut self,
        record: AnyRecord,
        depth: u32,
        on_done: impl FnOnce(Option<Vec<(String, u64)>>) + Send + 'static,
    ) {
        self.stop();
        self.started = Instant::now();
        self.abort = Arc::new(AtomicBool::new(false));
        self.answered = Arc::new(Answered::default());
        let (abort, answered) = (Arc::clone(&self.abort), Arc::clone(&self.answered));
        self.job = Some(spawn(move || {
            on_done(record.divide_until(depth, 1, &abort));
            answered.set();
        }));
    }

    /// The table's size in megabytes.
    pub fn hash_mb(&self) -> u64 {
        self.searcher.hash_mb()
    }

    /// A new table size (stops any search; the new table starts empty): returns the megabytes
    /// granted, at most what the machine can give ([`Searcher::set_hash`]). When the memory
    /// cannot be had the error says so and the previous table is kept, as it was.
    pub fn set_hash(&mut self, mb: u64) -> Result<u64, HashError> {
        self.searcher_to_change(mb).set_hash(mb)
    }

    /// A new thread count (stops any search; the table is kept).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
        let mb = self.hash_mb();
        self.searcher_to_change(mb).set_threads(threads);
    }

    /// The searcher, to change a setting on: the one in use, or — never expected (see
    /// `searcher_mut`) — a new one of `mb` megabytes with this thinker's threads and network
    /// settings, a working searcher still.
    fn searcher_to_change(&mut self, mb: u64) -> &mut Searcher {
        if self.searcher_mut().is_none() {
            log::error!("the searcher is still shared after its job ended; starting anew");
            let (threads, use_nnue, net) = (self.threads, self.use_nnue, self.net.clone());
            let mut searcher = Searcher::new(mb, threads);
            searcher.set_use_nnue(use_nnue);
            searcher.set_net(net.clone());
            *self = Thinker::new(mb, threads);
            self.searcher = Arc::new(searcher);
            self.control = self.searcher.control();
            (self.use_nnue, self.net) = (use_nnue, net);
        }
        self.searcher_mut().expect("a searcher no job shares")
    }

    /// The searcher, with no job running: the job thread held the only other handle, and it
    /// has ended.
    fn searcher_mut(&mut self) -> Option<&mut Searcher> {
        self.stop();
        Arc::get_mut(&mut self.searcher)
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
