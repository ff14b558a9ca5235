//! `/api/rules`, `/api/games…` and `/api/stats`: the JSON API of games.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use patience_core::game::{Action, Outcome};
use patience_core::rules::Scoring;
use patience_core::view::{GameView, MoveView};
use patience_core::{notation, presets, Rules};
use patience_solver::library::Grade;
use patience_words::{say, Lang};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::identity::{with_cookie, Requester};
use super::json::{JsonBody, PathParams};
use crate::ids::GameId;
use crate::services::games::{self, DealWanted, PlayerAction, Shown};
use crate::services::live::LiveGame;
use crate::services::records::RecordText;
use crate::services::{contests, library, stats, Services};

/// A game as the API returns it: `{id, created_ms, view}`, and after an
/// action `announcement`, what it did in words.
#[derive(Serialize)]
pub struct GameJson {
    pub id: GameId,
    /// Unix time in milliseconds when the game was created.
    pub created_ms: i64,
    pub view: ViewJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub announcement: Option<String>,
}

/// The player view as it is sent: `patience_core`'s [`GameView`] with what
/// only the server knows (`hints`, `clock_started`, `dealt_as_winnable`),
/// and `"deal": null` while the game's duel is open.
pub struct ViewJson {
    pub view: GameView,
    pub deal_hidden: bool,
    pub hints: bool,
    pub clock_started: bool,
    pub dealt_as_winnable: bool,
}

#[derive(Serialize)]
struct ViewOut<'a> {
    #[serde(flatten)]
    view: &'a GameView,
    hints: bool,
    clock_started: bool,
    dealt_as_winnable: bool,
}

impl Serialize for ViewJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let out = ViewOut {
            view: &self.view,
            hints: self.hints,
            clock_started: self.clock_started,
            dealt_as_winnable: self.dealt_as_winnable,
        };
        if !self.deal_hidden {
            return out.serialize(serializer);
        }
        // Only duel games take this slower path; ordinary games (the load
        // the server is sized for) are written straight from the view.
        let mut value = serde_json::to_value(&out).map_err(serde::ser::Error::custom)?;
        value["deal"] = serde_json::Value::Null;
        value.serialize(serializer)
    }
}

impl From<Shown> for GameJson {
    fn from(s: Shown) -> GameJson {
        GameJson {
            id: s.id,
            created_ms: s.created_ms,
            view: ViewJson {
                view: s.view,
                deal_hidden: s.deal_hidden,
                hints: s.hints,
                clock_started: s.clock_started,
                dealt_as_winnable: s.dealt_as_winnable,
            },
            announcement: s.announcement,
        }
    }
}

/// A game or variant as the API lists it.
#[derive(Serialize)]
pub struct RulesJson {
    id: &'static str,
    game: &'static str,
    name: String,
    summary: String,
    /// The game's own rules, not a variant.
    default: bool,
    clock_secs: Option<u32>,
    scored: bool,
}

impl RulesJson {
    /// `r` as the API lists it, its name and summary in `lang`.
    fn of(r: &'static Rules, lang: Lang) -> RulesJson {
        RulesJson {
            id: r.id,
            game: r.game,
            name: patience_words::rules_name(r).in_lang(lang),
            summary: patience_words::rules_summary(r).in_lang(lang),
            default: r.is_default(),
            clock_secs: r.clock_secs,
            scored: r.scoring != Scoring::None,
        }
    }
}

#[derive(Serialize)]
pub struct RulesListJson {
    rules: Vec<RulesJson>,
}

/// `GET /api/rules`: every game and variant, named and summed up in the
/// request's language.
pub async fn list_rules(Extension(lang): Extension<Lang>) -> Json<RulesListJson> {
    Json(RulesListJson { rules: presets::ALL.iter().map(|r| RulesJson::of(r, lang)).collect() })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// A game or variant id, such as `harmony` or `harp/3-passes`.
    rules: String,
    /// The deal number; a random one when absent.
    #[serde(default)]
    deal: Option<u64>,
    /// Winnable deals only: the first deal at or after `deal` that the
    /// solver proves winnable, or without `deal` one from the library.
    #[serde(default)]
    winnable: bool,
    /// A winnable deal of this grade from the library (`easy`, `medium`,
    /// `hard`); not with `deal`.
    #[serde(default)]
    grade: Option<GradeJson>,
}

/// A grade as requests spell it.
#[derive(Copy, Clone, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GradeJson {
    Easy,
    Medium,
    Hard,
}

impl From<GradeJson> for Grade {
    fn from(grade: GradeJson) -> Grade {
        match grade {
            GradeJson::Easy => Grade::Easy,
            GradeJson::Medium => Grade::Medium,
            GradeJson::Hard => Grade::Hard,
        }
    }
}

impl CreateRequest {
    fn deal_wanted(&self) -> Result<DealWanted, ApiError> {
        if let Some(deal) = self.deal {
            games::check_deal(deal)?;
        }
        Ok(match (self.deal, self.winnable, self.grade) {
            (Some(_), _, Some(_)) => return Err(ApiError::bad_request(say!("grade-with-deal"))),
            (None, _, Some(grade)) => DealWanted::Winnable(Some(grade.into())),
            (None, true, None) => DealWanted::Winnable(None),
            (Some(deal), true, None) => DealWanted::WinnableFrom(deal),
            (Some(deal), false, None) => DealWanted::Number(deal),
            (None, false, None) => DealWanted::Random,
        })
    }
}

/// `POST /api/games`: starts a game; 201 with the game.
pub async fn create(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    JsonBody(req): JsonBody<CreateRequest>,
) -> Result<Response, ApiError> {
    let rules = presets::find(&req.rules).map_err(|e| ApiError::bad_request(patience_words::unknown_rules(&e)))?;
    let wanted = req.deal_wanted()?;
    let (shown, cookie) = who
        .as_player(&app, async |player| Ok(games::create(&app, player, who.address, rules, wanted, lang).await?))
        .await?;
    Ok(with_cookie((StatusCode::CREATED, Json(GameJson::from(shown))).into_response(), cookie))
}

/// `GET /api/library`: what the library of winnable deals holds of each
/// game and variant: deals looked at, the last one's number, and the
/// winnable ones by grade.
pub async fn library(State(app): State<Services>) -> Result<Json<LibraryJson>, ApiError> {
    Ok(Json(LibraryJson { library: library::shelves_shown(&app).await? }))
}

#[derive(Serialize)]
pub struct LibraryJson {
    library: Vec<library::ShelfShown>,
}

/// The requester's game `id`, loaded; 404 for anyone else's.
pub(super) async fn own_game(app: &Services, who: &Requester, id: &GameId) -> Result<Arc<LiveGame>, ApiError> {
    let me = who.player(app).await?;
    Ok(games::find(app, id, me).await?)
}

/// `POST /api/games/{id}/again`: a new game of the same rules and deal
/// ("Same deal again"), dealt as winnable if this one was; 201 with the game.
pub async fn again(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Response, ApiError> {
    let live = own_game(&app, &who, &id).await?;
    let shown = games::again(&app, &live, who.address, lang).await?;
    Ok((StatusCode::CREATED, Json(GameJson::from(shown))).into_response())
}

/// `GET /api/games/{id}`: the player's view of a game.
pub async fn show(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Json<GameJson>, ApiError> {
    let live = own_game(&app, &who, &id).await?;
    Ok(Json(GameJson::from(games::show(&app, &live, lang).await?)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The game's `action_number` as the client last saw it.
    action_number: usize,
    /// `move` (the default when `move` is given), `undo`, `redo`,
    /// `restart`, `quit`, `auto-on` or `auto-off` (the engine's optional
    /// safe auto-move).
    #[serde(default)]
    action: Option<String>,
    /// The move in notation, one of the view's `moves`.
    #[serde(default, rename = "move")]
    mv: Option<String>,
}

impl ActionRequest {
    fn action(&self) -> Result<PlayerAction, ApiError> {
        Ok(match (self.action.as_deref(), self.mv.as_deref()) {
            (None | Some("move"), Some(text)) => PlayerAction::Play(
                notation::parse(text).map_err(|e| ApiError::bad_request(patience_words::notation_error(&e)))?,
            ),
            (Some("move"), None) => return Err(ApiError::bad_request(say!("action-move-needs-move"))),
            (Some(a), Some(_)) => {
                let shown: String = a.chars().take(40).collect();
                return Err(ApiError::bad_request(say!("action-both", action = shown)));
            }
            (Some("redo"), None) => PlayerAction::Redo,
            // The other words are the record's (`Action`'s text form); a
            // move goes in `move`.
            (Some(word), None) => match word.parse::<Action>() {
                Ok(Action::ShowLine) => return Err(ApiError::bad_request(say!("action-line"))),
                Ok(action) if !matches!(action, Action::Play(_)) => PlayerAction::from(action),
                _ => {
                    let shown: String = word.chars().take(40).collect();
                    return Err(ApiError::bad_request(say!("action-unknown", action = shown)));
                }
            },
            (None, None) => return Err(ApiError::bad_request(say!("action-none"))),
        })
    }
}

/// `POST /api/games/{id}/actions`: plays a move, undoes, redoes, restarts
/// or quits. The action is committed to the database before the answer.
pub async fn act(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
    JsonBody(req): JsonBody<ActionRequest>,
) -> Result<Json<GameJson>, ApiError> {
    let action = req.action()?;
    let me = who.player(&app).await?;
    let live = games::find_for_action(&app, &id, me).await?;
    if let Some(contest) = &live.contest {
        contests::check_action(&app, contest, live.player, action == PlayerAction::Restart).await?;
    }
    Ok(Json(games::act(&app, &live, req.action_number, action, lang).await?.into()))
}

/// A hint as the API writes it: no move when every move goes round in
/// circles.
#[derive(Serialize)]
pub struct HintJson {
    #[serde(rename = "move")]
    mv: Option<String>,
    words: Option<String>,
    confidence: String,
    samples: usize,
    won_with_move: usize,
    par: Option<usize>,
    hopeless: bool,
}

impl HintJson {
    /// A hint as the API writes it, its confidence said in `lang`.
    fn of(shown: games::HintShown, lang: Lang) -> HintJson {
        let circles = shown.goes_round_in_circles();
        HintJson {
            mv: (!circles).then(|| shown.hint.notation()),
            confidence: match shown.reassurance() {
                Some(more) => format!("{} {}", shown.confidence().in_lang(lang), more.in_lang(lang)),
                None => shown.confidence().in_lang(lang),
            },
            samples: shown.hint.samples,
            won_with_move: shown.hint.won_with_move,
            par: shown.hint.par,
            hopeless: shown.hopeless(),
            words: (!circles).then_some(shown.words),
        }
    }
}

/// `GET /api/games/{id}/hint`: the honest player's move.
pub async fn hint(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Json<HintJson>, ApiError> {
    let live = own_game(&app, &who, &id).await?;
    Ok(Json(HintJson::of(games::hint(&app, &live, who.address, lang).await?, lang)))
}

/// `GET /api/games/{id}/finish`: the moves up that end a game needing no
/// decision any more: `{"moves": [{"notation", "words"}…]}`, words as each
/// move reads where it is played.
pub async fn finish(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Json<FinishJson>, ApiError> {
    let live = own_game(&app, &who, &id).await?;
    Ok(Json(FinishJson { moves: games::finish(&app, &live, lang).await? }))
}

#[derive(Serialize)]
pub struct FinishJson {
    moves: Vec<MoveView>,
}

/// The request of `POST /api/games/{id}/line`: the action number the
/// player sees, as for an action.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineRequest {
    action_number: usize,
}

/// `POST /api/games/{id}/line`: a winning line from here, once every card
/// left is known; the game records first that it was shown (a win is then a
/// win with help). `{"moves": [{"notation", "words"}…], "view", …}`: the
/// line, and the game after the record as an action answers it.
pub async fn show_line(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
    JsonBody(req): JsonBody<LineRequest>,
) -> Result<Json<LineJson>, ApiError> {
    let me = who.player(&app).await?;
    let live = games::find_for_action(&app, &id, me).await?;
    let (shown, moves) = games::show_line(&app, &live, req.action_number, who.address, lang).await?;
    Ok(Json(LineJson { moves, game: shown.into() }))
}

#[derive(Serialize)]
pub struct LineJson {
    moves: Vec<MoveView>,
    #[serde(flatten)]
    game: GameJson,
}

/// `GET /api/games/{id}/par`: the most cards the game's deal can bring to
/// the foundations, once the game is over (409 before, and while its duel
/// is open): `{"best", "exact", "total", "yours", "winnable", "words"}`.
pub async fn par(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Json<ParJson>, ApiError> {
    let live = own_game(&app, &who, &id).await?;
    let par = games::par(&app, &live, who.address).await?;
    Ok(Json(ParJson {
        best: par.best,
        exact: par.exact,
        total: par.total,
        yours: par.yours,
        winnable: par.winnable,
        over: par.over,
        words: par.words.in_lang(lang),
    }))
}

/// A deal's par as the API writes it (see [`games::ParShown`]).
#[derive(Serialize)]
pub struct ParJson {
    best: usize,
    exact: bool,
    total: usize,
    yours: usize,
    winnable: bool,
    over: bool,
    words: String,
}

/// `GET /api/games/{id}/record`: the game record as text.
pub async fn record(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Response, ApiError> {
    let live = own_game(&app, &who, &id).await?;
    Ok(record_text(games::record(&app, &live, lang).await?))
}

/// A game record as an answer: plain text, with the file name to save it
/// under.
pub fn record_text(record: RecordText) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{}\"", record.file_name)),
        ],
        record.text,
    )
        .into_response()
}

/// A row of the game list: the row, the game's name, and `deal` (null for
/// a game whose duel is open).
#[derive(Serialize)]
struct ListedJson {
    id: GameId,
    /// The rules' id.
    rules: &'static str,
    created_ms: i64,
    updated_ms: i64,
    action_count: usize,
    moves_made: usize,
    outcome: Outcome,
    /// Whether a winning line was shown: a win is a win with help.
    helped: bool,
    score: i64,
    deal: Option<u64>,
    name: String,
    /// Started and still in play (not at a dead end): the home page offers
    /// to continue it.
    continuable: bool,
}

impl From<games::Listed> for ListedJson {
    fn from(listed: games::Listed) -> ListedJson {
        let row = listed.row;
        ListedJson {
            id: row.id,
            rules: row.rules.id,
            created_ms: row.created_ms,
            updated_ms: row.updated_ms,
            action_count: row.action_count,
            moves_made: row.moves_made,
            outcome: row.outcome,
            helped: row.helped,
            score: row.score,
            deal: listed.deal,
            name: listed.name,
            continuable: listed.continuable,
        }
    }
}

/// `GET /api/games`: the player's games, newest first.
pub async fn list(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
) -> Result<Json<GameListJson>, ApiError> {
    let games = match who.player(&app).await? {
        Some(me) => games::list(&app, me, lang).await?.into_iter().map(ListedJson::from).collect(),
        None => Vec::new(),
    };
    Ok(Json(GameListJson { games }))
}

#[derive(Serialize)]
pub struct GameListJson {
    games: Vec<ListedJson>,
}

/// `GET /api/stats`: the player's statistics.
pub async fn statistics(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
) -> Result<Json<stats::Stats>, ApiError> {
    let rows = match who.player(&app).await? {
        Some(me) => stats::settled_rows(&app, me, usize::MAX).await?,
        None => Vec::new(),
    };
    Ok(Json(stats::Stats::of(&rows, lang)))
}

/// A path under `/api` as the request wrote it (the router nested there
/// sees the rest), at most 100 characters of it.
fn api_path(uri: &axum::http::Uri) -> String {
    format!("/api{}", uri.path()).chars().take(100).collect()
}

/// Any other path under `/api`.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    let path = api_path(&uri);
    ApiError::new(StatusCode::NOT_FOUND, say!("route-unknown", path = path))
}

/// A known path with the wrong method.
pub async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    let path = api_path(&uri);
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, say!("method-not-allowed", method = method.to_string(), path = path))
}
