//! The API's errors: each a 4xx status with the body `{"error": "<message>"}`. A request that
//! fails leaves the game as it was.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// Why a request was refused.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or asks for something out of range (400).
    #[error("{0}")]
    BadRequest(String),
    /// No such game, or no such page (404).
    #[error("{0}")]
    NotFound(String),
    /// The request body is larger than the server takes (413).
    #[error("{0}")]
    TooLarge(String),
    /// The game is not in a state where this can be done (409).
    #[error("{0}")]
    Conflict(String),
}

impl ApiError {
    /// A 400 with `message`.
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError::BadRequest(message.into())
    }

    /// A 409 with `message`.
    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError::Conflict(message.into())
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        log::debug!("serve: {} {self}", self.status());
        let body = serde_json::json!({ "error": self.to_string() });
        (self.status(), Json(body)).into_response()
    }
}
