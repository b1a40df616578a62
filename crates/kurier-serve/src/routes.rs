//! The HTTP routes (docs/serve-api.md): the page at `/`, its files at `/assets/...`, and the
//! JSON API under `/api/`. Every body is read as text and parsed into the typed requests of
//! [`crate::requests`], so that a malformed one gets a `400 {"error": ...}` like any other
//! mistake; bodies are capped at [`MAX_BODY`]. Every request passes the `Host` and `Origin`
//! checks of [`crate::access`] first, and every error answer is JSON
//! ([`crate::error::json_errors`]).

use crate::access::{self, Access};
use crate::assets;
use crate::engine::{self, quick_search};
use crate::error::ApiError;
use crate::events::Event;
pub use crate::extract::MAX_BODY;
use crate::extract::{AssetPath, GameId, RequestBody};
use crate::requests::{AnalyzeRequest, HintRequest, MoveRequest, NewGame};
use crate::store::{lock, AppState};
use crate::table::DrawOffer;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use std::convert::Infallible;
use std::time::Duration;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt as _;

/// How often an event stream's browser tries again after losing it, in milliseconds (sent as
/// the stream's `retry:`): well within [`crate::table::UNWATCHED_GRACE`].
pub const SSE_RETRY_MS: u64 = 1000;

/// The server's routes, guarded by `access`.
pub fn router(state: AppState, access: Access) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/assets/{*path}", get(asset))
        .route("/api/variants", get(variants))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game_view))
        .route("/api/games/{id}/move", post(play_move))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/go", post(go))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/analyze", post(analyze))
        .route("/api/games/{id}/stop", post(stop))
        .route("/api/games/{id}/pgn", get(pgn))
        .route("/api/games/{id}/events", get(events))
        .fallback(not_found)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(refuse_long_bodies))
        .layer(axum::middleware::from_fn_with_state(access, access::guard))
        .layer(axum::middleware::from_fn(crate::error::json_errors))
        .with_state(state)
}

/// Answers 413 at once to a request whose `Content-Length` is past [`MAX_BODY`], before its
/// body is sent (a body without a length is cut off at the limit as it is read).
async fn refuse_long_bodies(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let length = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if length.is_some_and(|n| n > MAX_BODY as u64) {
        return ApiError::TooLarge(format!("the request is larger than {MAX_BODY} bytes"))
            .into_response();
    }
    next.run(request).await
}

/// The body of a request that takes no fields: nothing, or `{}`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {}

/// A body that must be given.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))
}

/// A body that may be empty (then the defaults).
fn optional_body<T: DeserializeOwned + Default>(bytes: &Bytes) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    body(bytes)
}

async fn not_found() -> ApiError {
    ApiError::NotFound("no such page".to_string())
}

fn asset_response(path: &str) -> Response {
    match assets::get(path) {
        Some(a) => ([(header::CONTENT_TYPE, a.content_type)], a.bytes).into_response(),
        None => ApiError::NotFound(format!(
            "no asset '{}'",
            path.chars().take(80).collect::<String>()
        ))
        .into_response(),
    }
}

async fn index() -> Response {
    asset_response("index.html")
}

async fn asset(AssetPath(path): AssetPath) -> Response {
    asset_response(&path)
}

async fn variants() -> Json<Vec<crate::view::VariantView>> {
    Json(crate::view::variants())
}

async fn new_game(
    State(state): State<AppState>,
    RequestBody(bytes): RequestBody,
) -> Result<Response, ApiError> {
    let setup = body::<NewGame>(&bytes)?.check()?;
    // Reading a PGN and starting the search thread block a moment: off the async workers.
    let view = tokio::task::spawn_blocking(move || state.create(setup))
        .await
        .map_err(|e| ApiError::bad(format!("the game could not be made: {e}")))??;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn game_view(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Json<crate::view::View>, ApiError> {
    let game = state.get(&id)?;
    let view = lock(&game).view();
    Ok(Json(view))
}

/// Runs `change` on the game `id` and answers its new view.
fn change(
    state: &AppState,
    id: &str,
    change: impl FnOnce(&mut dyn crate::table::Table) -> Result<(), ApiError>,
) -> Result<Json<crate::view::View>, ApiError> {
    let game = state.get(id)?;
    let mut table = lock(&game);
    change(table.as_mut())?;
    Ok(Json(table.view()))
}

async fn play_move(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(bytes): RequestBody,
) -> Result<Json<crate::view::View>, ApiError> {
    let request: MoveRequest = body(&bytes)?;
    change(&state, &id, |t| t.human_move(&request.text))
}

async fn undo(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(body): RequestBody,
) -> Result<Json<crate::view::View>, ApiError> {
    optional_body::<NoFields>(&body)?;
    change(&state, &id, |t| t.undo())
}

async fn go(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(body): RequestBody,
) -> Result<Json<crate::view::View>, ApiError> {
    optional_body::<NoFields>(&body)?;
    change(&state, &id, |t| t.go())
}

async fn resign(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(body): RequestBody,
) -> Result<Json<crate::view::View>, ApiError> {
    optional_body::<NoFields>(&body)?;
    change(&state, &id, |t| t.resign())
}

async fn analyze(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(bytes): RequestBody,
) -> Result<Json<crate::view::View>, ApiError> {
    let lines = optional_body::<AnalyzeRequest>(&bytes)?.lines()?;
    change(&state, &id, |t| {
        // A game that analyses already keeps its place; a new analysis needs one.
        let slot = if t.analysing() {
            None
        } else {
            Some(state.quota.analysis()?)
        };
        t.analyze(lines, slot)
    })
}

async fn stop(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(body): RequestBody,
) -> Result<Json<crate::view::View>, ApiError> {
    optional_body::<NoFields>(&body)?;
    change(&state, &id, |t| {
        t.stop();
        Ok(())
    })
}

async fn hint(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(bytes): RequestBody,
) -> Result<Json<serde_json::Value>, ApiError> {
    let movetime = optional_body::<HintRequest>(&bytes)?.movetime()?;
    let game = state.get(&id)?;
    let record = lock(&game).hint_record()?;
    let slot = state.quota.quick_search("hint")?;
    let found = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        quick_search(&record, movetime)
    })
    .await
    .map_err(|e| ApiError::bad(format!("the hint failed: {e}")))?;
    let best = found
        .answer
        .best
        .ok_or_else(|| ApiError::conflict("hint: there is no legal move"))?;
    let shown = lock(&game)
        .legal_view(&best)
        .ok_or_else(|| ApiError::conflict("hint: the game changed during the search"))?;
    Ok(Json(serde_json::json!({
        "move": shown,
        "score_cp": engine::score_cp(found.answer.score),
        "depth": found.depth,
        "pv": found.pv,
    })))
}

async fn draw(
    State(state): State<AppState>,
    GameId(id): GameId,
    RequestBody(body): RequestBody,
) -> Result<Json<serde_json::Value>, ApiError> {
    optional_body::<NoFields>(&body)?;
    let game = state.get(&id)?;
    let offer = lock(&game).draw_offer()?;
    let accepted = match offer {
        DrawOffer::Refused => false,
        DrawOffer::Agreed(generation) => lock(&game).agree_draw(generation),
        DrawOffer::Search(record, generation) => {
            let slot = state.quota.quick_search("draw")?;
            let found = tokio::task::spawn_blocking(move || {
                let _slot = slot;
                quick_search(&record, engine::DRAW_SEARCH)
            })
            .await
            .map_err(|e| ApiError::bad(format!("the draw offer failed: {e}")))?;
            found.answer.score.abs() <= 25 && lock(&game).agree_draw(generation)
        }
    };
    let view = lock(&game).view();
    Ok(Json(
        serde_json::json!({ "accepted": accepted, "view": view }),
    ))
}

async fn pgn(State(state): State<AppState>, GameId(id): GameId) -> Result<Response, ApiError> {
    let game = state.get(&id)?;
    let text = lock(&game).pgn();
    let file: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-chess-pgn".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"kurier-{file}.pgn\""),
            ),
        ],
        text,
    )
        .into_response())
}

async fn events(State(state): State<AppState>, GameId(id): GameId) -> Result<Response, ApiError> {
    let game = state.get(&id)?;
    let (first, receiver) = {
        let table = lock(&game);
        (Event::new("view", &table.view()), table.subscribe())
    };
    let to_sse = |e: Event| Ok::<_, Infallible>(SseEvent::default().event(e.name).data(&*e.data));
    // The first event also tells the browser to reconnect within a second if the stream breaks.
    let retry = Duration::from_millis(SSE_RETRY_MS);
    let opening = SseEvent::default()
        .retry(retry)
        .event(first.name)
        .data(&*first.data);
    let stream = tokio_stream::once(Ok::<_, Infallible>(opening))
        .chain(BroadcastStream::new(receiver).filter_map(move |r| r.ok().map(to_sse)));
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}
