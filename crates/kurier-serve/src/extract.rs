//! The two things the routes read from a request besides the game's state, each refused with a
//! JSON error: the game id of the path ([`GameId`]) and the body ([`RequestBody`]), which must
//! arrive whole within [`BODY_TIMEOUT`] and be at most [`MAX_BODY`] bytes.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use std::time::Duration;

/// The largest request body accepted: room for the largest PGN.
pub const MAX_BODY: usize = crate::requests::MAX_PGN + 64 * 1024;
/// How long a request's body may take to arrive once its head has (a body sent in part and
/// then held back gets a `408` and its connection is closed).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The `{id}` of a game's path (`/api/games/{id}/...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(e) => Err(ApiError::bad(format!("the game id cannot be read: {e}"))),
        }
    }
}

/// The `{*path}` of an asset's path (`/assets/...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetPath(pub String);

impl<S: Send + Sync> FromRequestParts<S> for AssetPath {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(path)) => Ok(AssetPath(path)),
            Err(_) => Err(ApiError::NotFound("no such asset".to_string())),
        }
    }
}

/// A request's whole body.
#[derive(Clone, Debug)]
pub struct RequestBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RequestBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let reading = Bytes::from_request(request, state);
        match tokio::time::timeout(BODY_TIMEOUT, reading).await {
            Err(_) => Err(ApiError::Timeout(format!(
                "the request's body did not arrive within {} s",
                BODY_TIMEOUT.as_secs()
            ))),
            Ok(Ok(bytes)) => Ok(RequestBody(bytes)),
            Ok(Err(e)) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::TooLarge(
                format!("the request is larger than {MAX_BODY} bytes"),
            )),
            Ok(Err(e)) => Err(ApiError::bad(format!(
                "the request body cannot be read: {e}"
            ))),
        }
    }
}
