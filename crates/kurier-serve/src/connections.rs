//! The server's connections: accepted from the listener, at most [`MAX_CONNECTIONS`] at once
//! (past that, a new one waits in the kernel's queue until one ends), each served by hyper's
//! HTTP/1 with a [`HEADER_TIMEOUT`]: a client that has not sent a whole request head within it
//! (a request held back half-sent, or a kept-alive connection left idle) is disconnected, so
//! slow or forgotten connections cannot pile up. A body's own timeout is
//! [`crate::extract::BODY_TIMEOUT`]; an event stream, once answered, runs as long as its page.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The most connections served at once.
pub const MAX_CONNECTIONS: usize = 4096;
/// How long a client has to send a request's head (the request line and the headers), counted
/// from the connection's start or from the end of its previous answer.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// File descriptors kept back for everything but connections (the listener, the runtime, logs).
const RESERVED_FDS: u64 = 64;
/// The largest request head read (hyper's buffer otherwise grows to about 400 KB).
const MAX_HEAD: usize = 64 * 1024;

/// Raises the soft limit of open files towards `wanted` (up to the hard limit) and answers the
/// limit now in force (`None` when it cannot be read).
fn raise_open_files(wanted: u64) -> Option<u64> {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    let (soft, hard) = getrlimit(Resource::RLIMIT_NOFILE).ok()?;
    if soft >= wanted {
        return Some(soft);
    }
    let raised = wanted.min(hard);
    match setrlimit(Resource::RLIMIT_NOFILE, raised, hard) {
        Ok(()) => Some(raised),
        Err(e) => {
            log::warn!("serve: cannot raise the open-file limit from {soft} to {raised}: {e}");
            Some(soft)
        }
    }
}

/// The connection cap: [`MAX_CONNECTIONS`], or fewer when the process may not open that many
/// files.
fn connection_cap() -> usize {
    let wanted = MAX_CONNECTIONS as u64 + RESERVED_FDS;
    match raise_open_files(wanted) {
        Some(limit) if limit < wanted => {
            let cap = limit.saturating_sub(RESERVED_FDS).max(16) as usize;
            log::warn!("serve: at most {cap} connections at once (open-file limit {limit})");
            cap
        }
        _ => MAX_CONNECTIONS,
    }
}

/// Serves `app` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, app: Router) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(connection_cap()));
    loop {
        let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors or a connection reset before it was accepted: wait a
                // moment rather than spin, and go on.
                log::warn!("serve: accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let served = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(MAX_HEAD)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            if let Err(e) = served {
                log::debug!("serve: connection ended: {e}");
            }
            drop(slot);
        });
    }
}
