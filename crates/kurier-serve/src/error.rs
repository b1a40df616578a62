//! The API's errors: each a 4xx status with the body `{"error": "<message>"}`. A request that
//! fails leaves the game as it was. [`json_errors`] gives the same body to the errors that axum
//! and its extractors make themselves (a `405`, a path that cannot be read), so that every error
//! the server answers is JSON.

use axum::http::{header, HeaderValue, StatusCode};
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
    /// The request's `Host` or `Origin` is not one the server answers (403).
    #[error("{0}")]
    Forbidden(String),
    /// The request's body did not arrive in time (408).
    #[error("{0}")]
    Timeout(String),
    /// The server already runs as many of these as it takes (429): try again later.
    #[error("{0}")]
    Busy(String),
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
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::Busy(_) => StatusCode::TOO_MANY_REQUESTS,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        log::debug!("serve: {} {self}", self.status());
        let body = serde_json::json!({ "error": self.to_string() });
        let mut response = (self.status(), Json(body)).into_response();
        if matches!(self, ApiError::Busy(_)) {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        if matches!(self, ApiError::Timeout(_)) {
            // The rest of the body may still come: the connection cannot carry another request.
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}

/// The longest text of an error that axum made itself kept in the JSON message.
const KEPT: usize = 200;

/// Middleware: an error answer that is not JSON (axum's own `405` with an empty body, an
/// extractor's plain-text `400`) gets the body `{"error": "<status>: <its text>"}`; its status
/// and headers (such as `Allow`) stay.
pub async fn json_errors(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let asked = format!(
        "{} {}",
        request.method(),
        request.uri().path().chars().take(80).collect::<String>()
    );
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
    let allowed = parts
        .headers
        .get(header::ALLOW)
        .and_then(|v| v.to_str().ok());
    let message = match (text.is_empty(), allowed) {
        (true, Some(allow)) => format!("{reason}: {asked} (this path takes {allow})"),
        (true, None) => format!("{reason}: {asked}"),
        (false, _) => format!("{reason}: {}", text.chars().take(KEPT).collect::<String>()),
    };
    log::debug!("serve: {status} {message}");
    let body = serde_json::to_vec(&serde_json::json!({ "error": message })).unwrap_or_default();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, axum::body::Body::from(body))
}
