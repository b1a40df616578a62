//! Who may use the server, as local development servers such as Jupyter decide it: the `Host`
//! of every request must name this machine (a loopback name, the bound address, or the host of
//! an origin the user allowed), which defeats DNS rebinding; a request that carries an `Origin`
//! must come from the server's own page or from an origin given with `--allow-origin`, which
//! stops the pages of other sites open in the same browser; and CORS stays closed unless an
//! origin is allowed (docs/serve-api.md, "Who may use the server").

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// How long a browser may keep a preflight's answer, in seconds.
const PREFLIGHT_MAX_AGE: &str = "600";

/// An origin the user allows to use the API from its pages (`--allow-origin ORIGIN`):
/// `scheme://host[:port]`, kept lower case with the port written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllowedOrigin {
    scheme: String,
    host: String,
    port: u16,
}

impl std::fmt::Display for AllowedOrigin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}://{}:{}", self.scheme, self.host, self.port)
    }
}

impl std::str::FromStr for AllowedOrigin {
    type Err = String;

    /// Reads `http://host[:port]` or `https://host[:port]` (a trailing `/` is allowed; a path,
    /// a user, a query, `*` and `null` are refused).
    fn from_str(text: &str) -> Result<Self, String> {
        let wrong =
            |why: &str| format!("'{text}' is not an origin ({why}); e.g. http://localhost:3000");
        let trimmed = text.trim().strip_suffix('/').unwrap_or(text.trim());
        let uri: Uri = trimmed.parse().map_err(|_| wrong("unreadable"))?;
        let scheme = uri.scheme_str().ok_or_else(|| wrong("no scheme"))?;
        if !matches!(scheme, "http" | "https") {
            return Err(wrong("the scheme must be http or https"));
        }
        let authority = uri.authority().ok_or_else(|| wrong("no host"))?;
        if authority.as_str().contains('@') {
            return Err(wrong("a user name is not part of an origin"));
        }
        if uri.path_and_query().is_some_and(|p| p.as_str() != "/") {
            return Err(wrong("a path is not part of an origin"));
        }
        let host = authority.host().to_ascii_lowercase();
        if host.is_empty() {
            return Err(wrong("no host"));
        }
        let port = authority
            .port_u16()
            .unwrap_or(if scheme == "https" { 443 } else { 80 });
        Ok(AllowedOrigin {
            scheme: scheme.to_string(),
            host,
            port,
        })
    }
}

impl AllowedOrigin {
    /// The origin of a request's `Origin` header, if it reads as one.
    fn of_header(value: &HeaderValue) -> Option<AllowedOrigin> {
        value.to_str().ok()?.parse().ok()
    }
}

/// What the checks need to know: the address the server is bound to and the allowed origins.
#[derive(Clone, Debug)]
pub struct Access {
    bound: SocketAddr,
    origins: Arc<[AllowedOrigin]>,
}

/// The host name of a `Host` header (or of a request's authority) without its port, lower case;
/// an IPv6 address without its brackets.
fn host_name(authority: &str) -> Option<String> {
    let authority: axum::http::uri::Authority = authority.parse().ok()?;
    if authority.as_str().contains('@') {
        return None;
    }
    let host = authority.host().trim_end_matches('.').to_ascii_lowercase();
    Some(
        host.trim_start_matches('[')
            .trim_end_matches(']')
            .to_string(),
    )
}

impl Access {
    /// The checks of a server bound to `bound` that allows `origins` besides its own page.
    pub fn new(bound: SocketAddr, origins: &[AllowedOrigin]) -> Access {
        Access {
            bound,
            origins: origins.into(),
        }
    }

    /// Whether `host` (a name without port) names this server: `localhost`, a loopback address,
    /// the bound address (any address when bound to all of them: an address cannot be rebound
    /// to another machine), or the host of an allowed origin. The port is not compared: an SSH
    /// tunnel may bring the server to another port.
    fn host_allowed(&self, host: &str) -> bool {
        if host == "localhost" || self.origins.iter().any(|o| o.host == host) {
            return true;
        }
        match host.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || self.bound.ip().is_unspecified() || ip == self.bound.ip(),
            Err(_) => false,
        }
    }

    /// Checks the `Host` header (and an absolute request target's host): `Ok` or the error.
    fn check_host(&self, headers: &HeaderMap, uri: &Uri) -> Result<(), ApiError> {
        let value = headers
            .get(header::HOST)
            .ok_or_else(|| ApiError::bad("the request has no Host header"))?;
        let shown = String::from_utf8_lossy(value.as_bytes())
            .chars()
            .take(80)
            .collect::<String>();
        let refused = || {
            ApiError::Forbidden(format!(
                "Host '{shown}' refused: kurier serve answers only for localhost, 127.0.0.1, \
                 [::1] and the address it listens on"
            ))
        };
        let host = value
            .to_str()
            .ok()
            .and_then(host_name)
            .ok_or_else(refused)?;
        if !self.host_allowed(&host) {
            return Err(refused());
        }
        if let Some(target) = uri.authority().and_then(|a| host_name(a.as_str())) {
            if !self.host_allowed(&target) {
                return Err(refused());
            }
        }
        Ok(())
    }

    /// Whether `origin` is the server's own page as the request's `Host` names it.
    fn same_origin(origin: &AllowedOrigin, headers: &HeaderMap) -> bool {
        let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
            return false;
        };
        format!("http://{host}")
            .parse::<AllowedOrigin>()
            .is_ok_and(|own| own == *origin)
    }

    /// The allowed origin a request comes from (`None`: its own page or no browser at all),
    /// or the error when its origin is refused.
    fn check_origin(&self, request: &Request) -> Result<Option<AllowedOrigin>, ApiError> {
        let headers = request.headers();
        let Some(value) = headers.get(header::ORIGIN) else {
            // A browser that sends no Origin still says where the request comes from; the page's
            // own requests are `same-origin`, a link followed or an address typed `none`.
            let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
            let foreign = matches!(site, Some("cross-site" | "same-site"));
            if foreign && request.uri().path().starts_with("/api/") {
                return Err(ApiError::Forbidden(
                    "a request of another site's page refused (Sec-Fetch-Site)".to_string(),
                ));
            }
            return Ok(None);
        };
        let origin = AllowedOrigin::of_header(value);
        if let Some(o) = &origin {
            if Self::same_origin(o, headers) {
                return Ok(None);
            }
            if self.origins.contains(o) {
                return Ok(origin);
            }
        }
        let shown = String::from_utf8_lossy(value.as_bytes())
            .chars()
            .take(80)
            .collect::<String>();
        Err(ApiError::Forbidden(format!(
            "a request from the origin '{shown}' refused: only the server's own page may use it \
             (kurier serve --allow-origin ORIGIN opens it to another)"
        )))
    }
}

/// The CORS headers of an answer to an allowed origin.
fn allow_cors(headers: &mut HeaderMap, origin: &AllowedOrigin) {
    let scheme_default = if origin.scheme == "https" { 443 } else { 80 };
    let text = if origin.port == scheme_default {
        format!("{}://{}", origin.scheme, origin.host)
    } else {
        origin.to_string()
    };
    if let Ok(value) = HeaderValue::from_str(&text) {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, value);
    }
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
}

/// Middleware: the `Host` and `Origin` checks (403 with a JSON error), the answer to an allowed
/// origin's CORS preflight, and the CORS headers of its answers.
pub async fn guard(State(access): State<Access>, request: Request, next: Next) -> Response {
    if let Err(e) = access.check_host(request.headers(), request.uri()) {
        log::info!(
            "serve: {} {} refused: {e}",
            request.method(),
            request.uri().path()
        );
        return e.into_response();
    }
    let allowed = match access.check_origin(&request) {
        Ok(allowed) => allowed,
        Err(e) => {
            log::info!(
                "serve: {} {} refused: {e}",
                request.method(),
                request.uri().path()
            );
            return e.into_response();
        }
    };
    let Some(origin) = allowed else {
        return next.run(request).await;
    };
    let preflight = request.method() == Method::OPTIONS
        && request
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    let mut response = if preflight {
        let mut r = StatusCode::NO_CONTENT.into_response();
        let h = r.headers_mut();
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, POST"),
        );
        h.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type"),
        );
        h.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static(PREFLIGHT_MAX_AGE),
        );
        r
    } else {
        next.run(request).await
    };
    allow_cors(response.headers_mut(), &origin);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_read_strictly() {
        let o: AllowedOrigin = "http://LocalHost:3000/".parse().unwrap();
        assert_eq!(o.to_string(), "http://localhost:3000");
        assert_eq!(
            "https://example.org".parse::<AllowedOrigin>().unwrap().port,
            443
        );
        for bad in [
            "*",
            "null",
            "localhost:3000",
            "ftp://x",
            "http://a/b",
            "http://u@h",
            "",
        ] {
            assert!(bad.parse::<AllowedOrigin>().is_err(), "{bad}");
        }
    }

    #[test]
    fn hosts_are_this_machine_only() {
        let loopback = Access::new("127.0.0.1:8080".parse().unwrap(), &[]);
        for ok in ["localhost", "127.0.0.1", "127.0.0.2", "::1"] {
            assert!(loopback.host_allowed(ok), "{ok}");
        }
        for bad in ["evil.example", "192.168.1.5", "localhost.evil.example"] {
            assert!(!loopback.host_allowed(bad), "{bad}");
        }
        assert_eq!(host_name("[::1]:8080").as_deref(), Some("::1"));
        assert_eq!(host_name("LOCALHOST.:80").as_deref(), Some("localhost"));
        let all = Access::new(
            "0.0.0.0:8080".parse().unwrap(),
            &["http://board.lan:8080".parse().unwrap()],
        );
        assert!(all.host_allowed("192.168.1.5"));
        assert!(all.host_allowed("board.lan"));
        assert!(!all.host_allowed("evil.example"));
    }
}
