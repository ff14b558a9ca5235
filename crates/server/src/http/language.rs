//! The language a request is answered in: the `lang` cookie the language
//! switch sets, else the browser's `Accept-Language`, else English. The
//! middleware hands it to handlers (`Extension<Lang>`) and says every
//! error's message in it.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum::{Extension, Form};
use patience_words::Lang;
use serde::Deserialize;

use super::error::Unsaid;
use super::identity::Requester;
use crate::services::{accounts, Services};

/// The cookie that keeps the language a player chose.
pub const COOKIE: &str = "lang";

/// The language the browser chose with the switch (its `lang` cookie), if
/// it chose one.
pub fn chosen(headers: &HeaderMap) -> Option<Lang> {
    super::identity::cookie_values(headers, COOKIE).find_map(Lang::from_tag)
}

/// The language of a request with these headers.
pub fn of(headers: &HeaderMap) -> Lang {
    chosen(headers).unwrap_or_else(|| {
        let accepted = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
        Lang::negotiate(accepted)
    })
}

/// Works out the request's language, gives it to the handlers, and says
/// an error answer's message in it.
pub async fn speak(mut req: Request, next: Next) -> Response {
    let lang = of(req.headers());
    req.extensions_mut().insert(lang);
    let mut response = next.run(req).await;
    if let Some(Unsaid(message)) = response.extensions_mut().remove::<Unsaid>() {
        let body = serde_json::json!({ "error": message.in_lang(lang) }).to_string();
        let (mut parts, _) = response.into_parts();
        parts.headers.remove(header::CONTENT_LENGTH);
        response = Response::from_parts(parts, axum::body::Body::from(body));
    }
    response.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
    response.headers_mut().append(header::VARY, HeaderValue::from_static("Accept-Language, Cookie"));
    response
}

/// The `Set-Cookie` value that keeps `lang` for a year.
pub fn cookie(lang: Lang, https: bool) -> HeaderValue {
    let secure = if https { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000{secure}", lang.tag()))
        .expect("a language tag is a cookie value")
}

/// The language switch's form: the language.
#[derive(Deserialize)]
pub struct Choice {
    lang: String,
}

/// `POST /language`: the language switch of every page. Keeps the choice
/// in the browser (a cookie) and, for a player signed in, with the account;
/// then goes back to the page it was made on (the `Referer`, when it is a
/// page of this site; else the home page).
pub async fn choose(
    axum::extract::State(app): axum::extract::State<Services>,
    requester: Requester,
    Extension(settings): Extension<std::sync::Arc<super::HttpSettings>>,
    headers: HeaderMap,
    Form(choice): Form<Choice>,
) -> Response {
    let Some(lang) = Lang::from_tag(&choice.lang) else {
        let message = patience_words::say!("language-unknown", tag = choice.lang.chars().take(20).collect::<String>());
        return super::error::ApiError::from(crate::services::Error::invalid(message)).into_response();
    };
    if let Ok(visitor) = requester.visitor(&app).await {
        // A failure to keep it with the account leaves the browser's choice.
        let _ = accounts::settings::save_language(&app, &visitor, lang).await;
    }
    let back = same_site_referer(&headers).unwrap_or_else(|| "/".into());
    let mut response = Redirect::to(&back).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie(lang, settings.https));
    response
}

/// The path (and query) of the page the request came from, if it is a page
/// of this site: where the switch goes back to. Only a plain path: never
/// one a browser could read as another site's (`//x`, `/\x`, control
/// characters).
fn same_site_referer(headers: &HeaderMap) -> Option<String> {
    let referer = headers.get(header::REFERER)?.to_str().ok()?;
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let rest = referer.split_once("://")?.1;
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let path = if path.is_empty() { "/" } else { path };
    let plain = path.starts_with('/')
        && !path[1..].starts_with(['/', '\\'])
        && !path.chars().any(|c| c == '\\' || c.is_control());
    (authority == host && plain).then(|| path.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn back(referer: &str) -> Option<String> {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("example.org"));
        headers.insert(header::REFERER, HeaderValue::from_str(referer).unwrap());
        same_site_referer(&headers)
    }

    #[test]
    fn the_switch_goes_back_only_to_a_page_of_this_site() {
        assert_eq!(back("https://example.org/faq?x=1").as_deref(), Some("/faq?x=1"));
        assert_eq!(back("https://example.org").as_deref(), Some("/"));
        assert_eq!(back("https://evil.example/faq"), None);
        assert_eq!(back("https://example.org//evil.example"), None);
        assert_eq!(back("https://example.org/\\evil.example"), None);
        assert_eq!(back("https://example.org/%09/x").as_deref(), Some("/%09/x"));
    }
}
