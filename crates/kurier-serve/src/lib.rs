//! # kurier-serve
//!
//! `kurier serve`: a local web server (axum on tokio) with a board to play Kurier's three games
//! in the browser, and the JSON API behind it (docs/serve-api.md of the repository). The page
//! and its assets are embedded in the binary ([`assets`]); games live in memory ([`store`]),
//! each a [`table::Table`] with its position, players, clocks and Kurier's search thread.
//!
//! - [`routes`]: the HTTP routes and their handlers.
//! - [`requests`]: the request bodies, typed and checked.
//! - [`error`]: the API's errors as `4xx {"error": ...}` answers.
//! - [`table`]: one game on the server: moves, undo, results, Kurier thinking.
//! - [`view`]: the JSON view of a game that the page draws.
//! - [`clocks`]: the two clocks of a game, which the server checks itself.
//! - [`events`]: the Server-Sent Events of a game (`view`, `info`, `clock`).
//! - [`engine`]: the glue to Kurier's search thread: limits, reports, answers.
//! - [`pgn`]: a game as PGN, and PGN read back into a game.
//! - [`store`]: the games kept, at most [`store::MAX_GAMES`].
//! - [`access`]: who may use the server: the `Host` and `Origin` checks, CORS for
//!   `--allow-origin`.
//! - [`extract`]: the game id of a path and a request's body, read with a timeout.
//! - [`quota`]: how many hints, draw offers and analyses run at once.
//! - [`connections`]: the connections, capped and timed out.
//! - [`memory`]: the allocator setting that gives freed hash tables back to the system.
//!
//! docs/serve-api.md ("Under load") says how the server holds up under load, with figures.
//!
//! May depend on: kurier-rules, kurier-wire, kurier-engine (never on kurier-match).

pub mod access;
pub mod assets;
pub mod clocks;
pub mod connections;
pub mod engine;
pub mod error;
pub mod events;
pub mod extract;
pub mod memory;
pub mod pgn;
pub mod quota;
pub mod requests;
pub mod routes;
pub mod store;
pub mod table;
pub mod view;

pub use access::AllowedOrigin;

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// What `kurier serve` is started with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeOptions {
    /// The address to bind (default 127.0.0.1: only this machine).
    pub host: IpAddr,
    /// The port (0 takes a free one).
    pub port: u16,
    /// Open the page in the desktop's browser once the server listens.
    pub open: bool,
    /// Origins whose pages may use the API besides the server's own (`--allow-origin`).
    pub allow_origins: Vec<AllowedOrigin>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            open: false,
            allow_origins: Vec::new(),
        }
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The runtime could not be started.
    #[error("cannot start the runtime: {0}")]
    Runtime(std::io::Error),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("server: {0}")]
    Serve(std::io::Error),
}

/// Runs the server until the process ends. Prints `kurier serve: listening on
/// http://ADDR:PORT/` on stdout once it listens; logs go to stderr.
pub fn run(options: &ServeOptions) -> Result<(), ServeError> {
    if !memory::keep_large_blocks_mapped() {
        log::warn!("serve: the allocator's mmap threshold could not be fixed");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(serve(options))
}

async fn serve(options: &ServeOptions) -> Result<(), ServeError> {
    let addr = SocketAddr::new(options.host, options.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let local = listener.local_addr().map_err(ServeError::Serve)?;
    let url = format!("http://{local}/");
    println!("kurier serve: listening on {url}");
    let _ = std::io::stdout().flush();
    log::info!("serve: listening on {url}");
    if options.open {
        open_browser(&url);
    }
    for origin in &options.allow_origins {
        log::info!("serve: pages of {origin} may use the API");
    }
    let state = store::AppState::start();
    let app = routes::router(state, access::Access::new(local, &options.allow_origins));
    connections::serve(listener, app)
        .await
        .map_err(ServeError::Serve)
}

/// Opens `url` in the desktop's browser, or says on stderr why it cannot.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => log::info!("serve: opened {url} with {opener}"),
        Err(e) => eprintln!("kurier serve: cannot open the browser ({opener}: {e}); open {url}"),
    }
}
