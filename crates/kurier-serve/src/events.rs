//! The live updates of a game, sent to every page that listens (Server-Sent Events, `GET
//! /api/games/{id}/events`): `view` after every change, `info` for Kurier's thinking, `clock`
//! while a clock runs. Each event is its name and its JSON text.

use std::sync::Arc;
use tokio::sync::broadcast;

/// How many events a slow listener may fall behind before it misses some (it then gets the
/// next `view`, which says everything).
pub const BACKLOG: usize = 256;

/// One event: its name (`view`, `info`, `clock`) and its `data` as JSON text.
#[derive(Clone, Debug)]
pub struct Event {
    /// The SSE event name.
    pub name: &'static str,
    /// The JSON object.
    pub data: Arc<str>,
}

impl Event {
    /// The event `name` with `value` as its data.
    pub fn new(name: &'static str, value: &impl serde::Serialize) -> Event {
        let data = serde_json::to_string(value).unwrap_or_else(|e| {
            log::error!("serve: event {name} not serialisable: {e}");
            "{}".to_string()
        });
        Event {
            name,
            data: data.into(),
        }
    }
}

/// The sending side of a game's events.
#[derive(Clone, Debug)]
pub struct Events {
    sender: broadcast::Sender<Event>,
}

impl Default for Events {
    fn default() -> Self {
        Events {
            sender: broadcast::channel(BACKLOG).0,
        }
    }
}

impl Events {
    /// Sends `event` to every listener (none listening is no error).
    pub fn send(&self, event: Event) {
        let _ = self.sender.send(event);
    }

    /// True when someone listens (an event nobody hears need not be made).
    pub fn listening(&self) -> bool {
        self.sender.receiver_count() > 0
    }

    /// A new listener.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.sender.subscribe()
    }
}
