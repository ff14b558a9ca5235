//! The account routes: who the browser is, sign up, sign in, sign out (here
//! or everywhere), change the password, delete the account. Each change of
//! who a browser is comes with a fresh session cookie (or takes it away).
//! Passwords arrive in JSON bodies only, and no answer carries one or its
//! hash.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::identity::{with_cookie, Requester};
use super::json::JsonBody;
use super::language;
use crate::ids::PlayerToken;
use crate::services::accounts::{self, AccountStatus, Password, Visitor};
use crate::services::{identity, Services};

/// `GET /api/account`: `{"name": null | "Ann", "games": n}`.
pub async fn show(State(app): State<Services>, who: Requester) -> Result<Json<AccountStatus>, ApiError> {
    let visitor = who.visitor(&app).await?;
    Ok(Json(accounts::status(&app, &visitor).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    name: String,
    password: Password,
}

/// What a sign-up answers: the account's name.
#[derive(Serialize)]
pub struct SignedUpJson {
    name: String,
}

/// What a sign-in answers: the account's name, and how many games of this
/// browser it added to the account.
#[derive(Serialize)]
pub struct SignedInJson {
    name: String,
    games_added: u64,
}

/// `POST /api/account/sign-up` `{"name", "password"}`: 201, signed in. A
/// language the browser chose with the switch is kept with the account.
pub async fn sign_up(
    State(app): State<Services>,
    who: Requester,
    headers: HeaderMap,
    JsonBody(req): JsonBody<SignUp>,
) -> Result<Response, ApiError> {
    let visitor = who.visitor(&app).await?;
    let (token, name) = accounts::sign_up(&app, &visitor, &req.name, &req.password).await?;
    let signed_in = signed_in_as(&app, &who, &token).await;
    if let (Some(visitor), Some(lang)) = (&signed_in, language::chosen(&headers)) {
        // The browser keeps its choice either way.
        let _ = accounts::settings::save_language(&app, visitor, lang).await;
    }
    let body = Json(SignedUpJson { name: name.to_string() });
    let response = with_cookie((StatusCode::CREATED, body).into_response(), Some(who.cookie(Some(&token))?));
    Ok(with_language(&app, &who, signed_in, response).await)
}

/// The visitor a browser is once signed in with `token` (`None` if the
/// session cannot be read back: the answer then goes without what needs it).
async fn signed_in_as(app: &Services, who: &Requester, token: &PlayerToken) -> Option<Visitor> {
    let player = identity::player(app, token).await.ok().flatten()?;
    Some(Visitor { session: Some((token.clone(), player)), address: who.address })
}

/// Adds the `lang` cookie of the language kept with the account `visitor`
/// signed in to, if it holds one: a new browser then speaks it at once.
async fn with_language(app: &Services, who: &Requester, visitor: Option<Visitor>, mut response: Response) -> Response {
    let Some(visitor) = visitor else { return response };
    if let Ok(Some(lang)) = accounts::settings::language(app, &visitor).await {
        response.headers_mut().append(header::SET_COOKIE, language::cookie(lang, who.https()));
    }
    response
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    name: String,
    password: Password,
    /// Add this browser's games (played without an account) to the account.
    #[serde(default)]
    add_games: bool,
}

/// `POST /api/account/sign-in` `{"name", "password", "add_games"}`; with
/// the `lang` cookie of the language kept with the account, if any.
pub async fn sign_in(
    State(app): State<Services>,
    who: Requester,
    JsonBody(req): JsonBody<SignIn>,
) -> Result<Response, ApiError> {
    let visitor = who.visitor(&app).await?;
    let (token, name, games_added) = accounts::sign_in(&app, &visitor, &req.name, &req.password, req.add_games).await?;
    let body = Json(SignedInJson { name, games_added });
    let response = with_cookie(body.into_response(), Some(who.cookie(Some(&token))?));
    let signed_in = signed_in_as(&app, &who, &token).await;
    Ok(with_language(&app, &who, signed_in, response).await)
}

/// An empty JSON body: the routes that take nothing still take JSON, so
/// that no form elsewhere can post to them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nothing {}

#[derive(Serialize)]
pub struct DoneJson {
    done: bool,
}

fn signed_out(who: &Requester) -> Result<Response, ApiError> {
    Ok(with_cookie(Json(DoneJson { done: true }).into_response(), Some(who.cookie(None)?)))
}

/// `POST /api/account/sign-out` `{}`: this browser's session ends (only
/// a browser signed in; another would lose its games).
pub async fn sign_out(
    State(app): State<Services>,
    who: Requester,
    JsonBody(Nothing {}): JsonBody<Nothing>,
) -> Result<Response, ApiError> {
    let visitor = who.visitor(&app).await?;
    accounts::sign_out(&app, &visitor).await?;
    signed_out(&who)
}

/// `POST /api/account/sign-out-everywhere` `{}`: every session of the
/// account ends, this one too.
pub async fn sign_out_everywhere(
    State(app): State<Services>,
    who: Requester,
    JsonBody(Nothing {}): JsonBody<Nothing>,
) -> Result<Response, ApiError> {
    let visitor = who.visitor(&app).await?;
    accounts::sign_out_everywhere(&app, &visitor).await?;
    signed_out(&who)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangePassword {
    current: Password,
    new: Password,
}

/// `POST /api/account/password` `{"current", "new"}`: every other session
/// of the account ends.
pub async fn change_password(
    State(app): State<Services>,
    who: Requester,
    JsonBody(req): JsonBody<ChangePassword>,
) -> Result<Json<DoneJson>, ApiError> {
    let visitor = who.visitor(&app).await?;
    accounts::change_password(&app, &visitor, &req.current, &req.new).await?;
    Ok(Json(DoneJson { done: true }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Delete {
    password: Password,
}

/// `POST /api/account/delete` `{"password"}`: the account goes, its name is
/// free again, and every session of it ends.
pub async fn delete(
    State(app): State<Services>,
    who: Requester,
    JsonBody(req): JsonBody<Delete>,
) -> Result<Response, ApiError> {
    let visitor = who.visitor(&app).await?;
    accounts::delete(&app, &visitor, &req.password).await?;
    signed_out(&who)
}

/// The settings kept with an account, and whether the browser is signed in.
#[derive(Serialize)]
pub struct SettingsJson {
    signed_in: bool,
    settings: Option<accounts::settings::Settings>,
}

/// `GET /api/account/settings`: whether the browser is signed in, and its
/// account's settings (`null` until first saved, and when not signed in).
pub async fn settings(State(app): State<Services>, who: Requester) -> Result<Json<SettingsJson>, ApiError> {
    let visitor = who.visitor(&app).await?;
    let kept = accounts::settings::of(&app, &visitor).await?;
    Ok(Json(SettingsJson { signed_in: kept.is_some(), settings: kept.flatten() }))
}

/// `PUT /api/account/settings` `{back, table, fourColour, largeCards,
/// sound, animation}`: keeps them with the account; 403 when not signed in.
pub async fn save_settings(
    State(app): State<Services>,
    who: Requester,
    JsonBody(req): JsonBody<accounts::settings::Settings>,
) -> Result<Json<SettingsJson>, ApiError> {
    let visitor = who.visitor(&app).await?;
    accounts::settings::save(&app, &visitor, &req).await?;
    Ok(Json(SettingsJson { signed_in: true, settings: Some(req) }))
}
