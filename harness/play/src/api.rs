//! The HTTP side: the page, and a JSON API that never trusts it.
//!
//! Every request that changes a game names the turn it answers; anything out of range,
//! out of turn, repeated, stale, malformed or too large gets a 4xx with `{"error", "field"}`
//! (the page shows it next to the control) and the game goes on unchanged. Requests never
//! wait on the opponent: the game thread plays it, and the page polls the state.
//! A log a person opens (`POST /api/logs`, the file's text as JSON) is checked whole as the
//! replay reads logs before anything is kept; it is then a game of its own, imported:
//! replayed and reviewed, never played. Several logs opened at once (`POST /api/matches`)
//! are reviewed together as a match ([`crate::matches`]), a job the page polls.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use harness::i18n::Message;
use harness::player::PlayerSpec;
use harness::replay;
use harness::review::match_review::{LogFile, Skipped};
use yacht::engine::config::LADDER_VERSION;
use yacht::game::Deal;
use yacht::protocol::{Answer, Group, Hand, BID_MAX_POINTS};
use yacht::rules::category::{bonus_gain_k, Category, POINTS_PER_K};
use yacht::rules::dice::sub;

use crate::game::{Game, Review, Submission, REVIEW_DECISIONS};
use crate::guard::{guard, AllowedHosts};
use crate::hints::{hint, Hint};
use crate::human::lock;
use crate::matches::{JobState, Matches};
use crate::opponents::Opponent;
use crate::page;
use crate::settle::{settle, Limits};
use crate::store::{GameId, GameMeta, Imported, Store};

/// The largest request body taken: a move is a few dozen bytes.
pub const BODY_LIMIT_BYTES: usize = 4096;

/// The largest log a person may open: a real one is a few KB (a game with every player's
/// debug lines a few tens).
pub const LOG_LIMIT_BYTES: usize = 256 * 1024;

/// The body of an opened log: the log, JSON-escaped (a line's end takes two bytes), and
/// its file's name.
const LOG_BODY_LIMIT_BYTES: usize = 2 * LOG_LIMIT_BYTES + BODY_LIMIT_BYTES;

/// The longest file name kept for an opened log.
const LOG_NAME_CHARS: usize = 120;

/// The most logs reviewed as one match: a contest's round of a thousand deals, both seats.
pub const MATCH_FILES_MAX: usize = 2000;

/// The body of several opened logs: a match's logs are a few KB each; the whole is bounded
/// so that a page cannot make the server hold more than this.
pub const MATCH_BODY_LIMIT_BYTES: usize = 64 * 1024 * 1024;

/// The server: the games folder, the menu, the games this process runs.
pub struct Server {
    store: Store,
    menu: Vec<Opponent>,
    games: Mutex<HashMap<GameId, Arc<Game>>>,
    hints: Mutex<HashMap<GameId, HintSlot>>,
    matches: Matches,
}

/// A hint being computed, or computed, for one turn.
#[derive(Clone)]
struct HintSlot {
    turn: u64,
    hint: Option<Hint>,
}

/// A refused request: its status, message and the control it concerns.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    field: &'static str,
    message: Message,
}

impl ApiError {
    fn new(status: StatusCode, field: &'static str, message: Message) -> ApiError {
        ApiError {
            status,
            field,
            message,
        }
    }

    fn bad(field: &'static str, message: Message) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, field, message)
    }

    /// The server's own failure (a file it cannot write, a thread it cannot start), with
    /// the system's words for it.
    fn failed(field: &'static str, detail: impl Into<String>) -> ApiError {
        let message = Message::new("err-server").text("detail", detail);
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, field, message)
    }
}

/// `{"error": ENGLISH, "field": CONTROL, "message": {"id", "args"}}`: the page says the
/// message in its reader's language; `error` is for anything else that reads the API.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({
            "error": self.message.to_string(),
            "field": self.field,
            "message": self.message,
        });
        (self.status, Json(body)).into_response()
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

impl Server {
    pub fn new(store: Store, menu: Vec<Opponent>) -> Server {
        Server {
            store,
            menu,
            games: Mutex::default(),
            hints: Mutex::default(),
            matches: Matches::default(),
        }
    }

    /// The game `id`: running here, or resumed from the games folder (its moves replayed).
    fn game(&self, id: &str) -> Result<Arc<Game>, ApiError> {
        let unknown = || ApiError::new(StatusCode::NOT_FOUND, "game", Message::new("err-no-game"));
        let id = GameId::parse(id).ok_or_else(unknown)?;
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(game) = games.get(&id) {
            return Ok(Arc::clone(game));
        }
        if !self.store.has(&id) {
            return Err(unknown());
        }
        let failed = |e: String| ApiError::failed("game", e);
        let meta = self.store.read_meta(&id).map_err(failed)?;
        if meta.imported.is_some() {
            let game = Arc::new(Game::imported(meta, self.store.clone()));
            games.insert(id, Arc::clone(&game));
            return Ok(game);
        }
        let moves = self.store.read_moves(&id).map_err(failed)?;
        let opponent = meta
            .spec
            .parse::<PlayerSpec>()
            .and_then(|spec| spec.build())
            .map_err(failed)?;
        let game = Arc::new(Game::start(meta, opponent, moves, self.store.clone()));
        games.insert(id, Arc::clone(&game));
        Ok(game)
    }

    /// Starts a game against the menu's `opponent` with the person in `seat`.
    fn create(&self, opponent: &str, seat: Option<usize>) -> Result<Arc<Game>, ApiError> {
        let choice = self
            .menu
            .iter()
            .find(|o| o.key == opponent)
            .ok_or_else(|| ApiError::bad("opponent", Message::new("err-no-opponent")))?;
        let failed = |e: String| ApiError::failed("opponent", e);
        let id = GameId::random().map_err(failed)?;
        let seed = random_u64().map_err(failed)?;
        let meta = GameMeta {
            id: id.clone(),
            opponent: choice.key.clone(),
            spec: choice.spec.clone(),
            seat: seat.unwrap_or((seed >> 63) as usize),
            seed,
            deal: Deal::from_seed(seed, 0).to_input_text(),
            started: now_seconds(),
            imported: None,
            ladder: LADDER_VERSION,
        };
        let player = choice
            .spec
            .parse::<PlayerSpec>()
            .and_then(|spec| spec.build())
            .map_err(failed)?;
        self.store.create(&meta).map_err(failed)?;
        let game = Arc::new(Game::start(meta, player, Vec::new(), self.store.clone()));
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.insert(id, Arc::clone(&game));
        Ok(game)
    }

    /// Keeps a log a person opened as an imported game, once it is checked whole
    /// ([`harness::replay::check_whole`]): anything else is refused and nothing is kept.
    fn import(&self, name: &str, text: &str) -> Result<Arc<Game>, ApiError> {
        let refused = |reason: Message| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "log",
                Message::new("log-refused").message("reason", reason),
            )
        };
        let log = replay::parse_log(text).map_err(|e| refused(e.message()))?;
        replay::check_whole(&log).map_err(refused)?;
        let failed = |e: String| ApiError::failed("log", e);
        let id = GameId::random().map_err(failed)?;
        let players = [0, 1].map(|seat| log.commands[seat].clone().unwrap_or_default());
        let meta = GameMeta {
            id: id.clone(),
            opponent: String::new(),
            spec: String::new(),
            seat: 0,
            seed: 0,
            deal: String::new(),
            started: now_seconds(),
            imported: Some(Imported {
                name: name.to_string(),
                players,
            }),
            ladder: LADDER_VERSION,
        };
        self.store.import(&meta, text).map_err(failed)?;
        let game = Arc::new(Game::imported(meta, self.store.clone()));
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.insert(id, Arc::clone(&game));
        Ok(game)
    }

    /// The game as the page shows it.
    fn state(&self, game: &Game) -> Value {
        let table = lock(&game.table).clone();
        let status = game.status();
        let opponent = self.menu.iter().find(|o| o.key == game.meta.opponent);
        // A game begun against a level of the first ladder (`GameMeta::on_today_s_ladder`)
        // names that level, not today's of the same number.
        let old_level = game
            .meta
            .opponent
            .strip_prefix("ladder-1-level-")
            .map(|level| Message::new("opponent-level-ladder-1").text("level", level.to_string()));
        let name_message = opponent
            .and_then(|o| o.name_message.clone())
            .or(old_level.clone());
        let old_name = old_level.map(|m| m.to_string());
        let view = &table.view;
        let players: Vec<Value> = [(&view.me, 0), (&view.opp, 1)]
            .iter()
            .map(|(p, side)| {
                let sheet: Vec<Value> = Category::ALL
                    .iter()
                    .map(
                        |c| json!({"category": c.name(), "points": table.sheets[*side][c.index()]}),
                    )
                    .collect();
                json!({
                    "sheet": sheet,
                    "upper": p.upper_k as i64 * POINTS_PER_K,
                    "bonus": p.bonus_k() as i64 * POINTS_PER_K,
                    "bids": p.bid_points,
                    "total": p.total_points(),
                    "held": dice_list(&p.held),
                })
            })
            .collect();
        let rounds: Vec<Value> = table
            .rounds
            .iter()
            .map(|r| {
                json!({
                    "round": r.round,
                    "roll": r.roll.map(|(a, b)| [a.0, b.0]),
                    "bids": r.bids.map(|b| b.map(|(g, x)| json!({"group": g.to_string(), "amount": x}))),
                    "got": r.got.map(|g| g.to_string()),
                    "bid_points": r.bid_points,
                    "puts": r.puts.map(|p| p.map(|(c, d, points)| json!({"category": c.name(), "dice": d.0, "points": points}))),
                })
            })
            .collect();
        let finished = status.outcome.map(|o| {
            json!({
                "verdict": o.verdict,
                "totals": o.totals,
                "abort": o.abort,
                "replay": format!("/games/{}/replay", game.meta.id),
                "log": format!("/games/{}/log", game.meta.id),
            })
        });
        let imported = game.meta.imported.as_ref();
        let name = match (imported, opponent) {
            (Some(_), _) => "SECOND",
            (None, Some(o)) => o.name.as_str(),
            (None, None) => old_name.as_deref().unwrap_or(game.meta.opponent.as_str()),
        };
        json!({
            "id": game.meta.id.as_str(),
            "opponent": {
                "key": game.meta.opponent,
                "name": name,
                // The name in the page's language (none for a program's own name).
                "name_message": if imported.is_some() { None } else { name_message },
                "elo": opponent.and_then(|o| o.elo),
            },
            // A log opened on the page: never played, FIRST's side shown.
            "imported": imported,
            "seat": if game.meta.seat == 0 { "first" } else { "second" },
            "turn": table.turn,
            "owed": table.owed.map(|o| match o {
                yacht::protocol::Owed::Bid => "bid",
                yacht::protocol::Owed::Put => "put",
                yacht::protocol::Owed::Ok => "ok",
            }),
            "round": table.rounds.last().map_or(0, |r| r.round),
            "roll": view.roll.map(|(a, b)| [a.0, b.0]),
            "players": players,
            "rounds": rounds,
            "finished": finished,
            "error": status.error,
            // Replaying the person's recorded moves: the position is not yet the game's.
            "resuming": table.replaying > 0,
        })
    }
}

/// Held dice as a sorted list of faces.
fn dice_list(counts: &[u8; 6]) -> Vec<u8> {
    (1..=6u8)
        .flat_map(|f| std::iter::repeat_n(f, counts[f as usize - 1] as usize))
        .collect()
}

fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn random_u64() -> Result<u64, String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
    Ok(u64::from_le_bytes(bytes))
}

/// The routes, each behind the [`guard`](crate::guard): only requests from the page itself,
/// addressed to one of `allowed`'s names, reach them.
pub fn router(server: Arc<Server>, allowed: AllowedHosts) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/i18n.js", get(page::i18n_script))
        .route("/review.js", get(page::review_script))
        .route("/style.css", get(page::style))
        .route("/api/opponents", get(opponents))
        .route("/api/games", post(create_game))
        .route(
            LOGS_PATH,
            post(import_log).layer(DefaultBodyLimit::max(body_limit(LOGS_PATH))),
        )
        .route(
            MATCHES_PATH,
            post(start_match).layer(DefaultBodyLimit::max(body_limit(MATCHES_PATH))),
        )
        .route("/api/matches/{id}", get(match_state))
        .route("/match.js", get(page::match_script))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/bid", post(bid))
        .route("/api/games/{id}/put", post(put))
        .route("/api/games/{id}/points", get(points))
        .route("/api/games/{id}/hint", get(hint_for))
        .route("/api/games/{id}/review", get(review_of))
        .route("/games/{id}/replay", get(replay_page))
        .route("/games/{id}/log", get(log_text))
        .fallback(|| async {
            ApiError::new(StatusCode::NOT_FOUND, "path", Message::new("err-no-page"))
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT_BYTES))
        .layer(middleware::from_fn_with_state(Arc::new(allowed), guard))
        .layer(middleware::from_fn_with_state(
            Arc::new(body_limit) as Limits,
            settle,
        ))
        .with_state(server)
}

/// Where a person opens a log, and where several go as a match.
const LOGS_PATH: &str = "/api/logs";
const MATCHES_PATH: &str = "/api/matches";

/// The largest body a request to `path` may have: the routes refuse more, and the settling
/// layer ([`crate::settle`]) reads this much before any route or the guard answers.
pub fn body_limit(path: &str) -> usize {
    match path {
        LOGS_PATH => LOG_BODY_LIMIT_BYTES,
        MATCHES_PATH => MATCH_BODY_LIMIT_BYTES,
        _ => BODY_LIMIT_BYTES,
    }
}

/// The request body as a JSON object, or why not.
fn object(body: Result<Bytes, BytesRejection>) -> Result<serde_json::Map<String, Value>, ApiError> {
    let bytes = body.map_err(|e| {
        let message = Message::new("err-body-json").text("detail", e.body_text());
        ApiError::new(e.status(), "body", message)
    })?;
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::bad("body", Message::new("err-body-object"))),
        Err(e) => Err(ApiError::bad(
            "body",
            Message::new("err-body-json").text("detail", e.to_string()),
        )),
    }
}

/// The `turn` a move answers.
fn turn(body: &serde_json::Map<String, Value>) -> Result<u64, ApiError> {
    body.get("turn")
        .and_then(Value::as_u64)
        .ok_or_else(|| ApiError::bad("turn", Message::new("err-turn-number")))
}

async fn opponents(State(server): State<Arc<Server>>) -> Json<Value> {
    Json(json!({"opponents": server.menu}))
}

async fn create_game(
    State(server): State<Arc<Server>>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let body = object(body)?;
    let opponent = body
        .get("opponent")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("opponent", Message::new("err-opponent-key")))?;
    let seat = match body.get("seat").and_then(Value::as_str).unwrap_or("random") {
        "first" => Some(0),
        "second" => Some(1),
        "random" => None,
        _ => return Err(ApiError::bad("seat", Message::new("err-seat"))),
    };
    let server2 = Arc::clone(&server);
    let opponent = opponent.to_string();
    // Starting an external program may take a moment: off the request threads.
    let game = tokio::task::spawn_blocking(move || server2.create(&opponent, seat))
        .await
        .map_err(|e| ApiError::failed("game", e.to_string()))??;
    Ok(Json(server.state(&game)))
}

/// Opens an official log a person chose, `{"name": FILE NAME, "log": TEXT}`: checked as
/// the replay reads logs, kept in the games folder as an imported game, answered with its
/// state (reviewed on the page's first request, as a finished game is). A log over
/// [`LOG_LIMIT_BYTES`] is 413, one that is not a whole game's 422, with what is wrong.
async fn import_log(
    State(server): State<Arc<Server>>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "log",
            Message::new("err-log-too-large").number("limit", (LOG_LIMIT_BYTES / 1024) as f64),
        )
    };
    let body = object(body).map_err(|e| {
        if e.status == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            e
        }
    })?;
    let text = body
        .get("log")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("log", Message::new("err-log-text")))?
        .to_string();
    if text.len() > LOG_LIMIT_BYTES {
        return Err(too_large());
    }
    let name = file_name(body.get("name"), "a log");
    let server2 = Arc::clone(&server);
    // Parsing and replaying a log takes a moment: off the request threads.
    let game = tokio::task::spawn_blocking(move || server2.import(&name, &text))
        .await
        .map_err(|e| ApiError::failed("log", e.to_string()))??;
    Ok(Json(server.state(&game)))
}

/// A file name the page sent, as it is kept: no control characters, at most
/// [`LOG_NAME_CHARS`], `fallback` when there is none.
fn file_name(value: Option<&Value>, fallback: &str) -> String {
    let name: String = value
        .and_then(Value::as_str)
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(LOG_NAME_CHARS)
        .collect();
    if name.trim().is_empty() {
        fallback.to_string()
    } else {
        name.trim().to_string()
    }
}

/// Reviews several logs as one match, `{"logs": [{"name": FILE NAME, "log": TEXT}, …]}`
/// (at most [`MATCH_FILES_MAX`]): answered at once with the job's `{"id", "total"}`, its
/// review read from `GET /api/matches/{id}`. A file over [`LOG_LIMIT_BYTES`] or that is not
/// a game's log is skipped with its reason on the review; the rest are reviewed.
async fn start_match(
    State(server): State<Arc<Server>>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let body = object(body)?;
    let logs = body
        .get("logs")
        .and_then(Value::as_array)
        .filter(|logs| !logs.is_empty())
        .ok_or_else(|| ApiError::bad("logs", Message::new("err-match-logs")))?;
    if logs.len() > MATCH_FILES_MAX {
        return Err(ApiError::bad(
            "logs",
            Message::new("err-match-too-many")
                .number("count", logs.len() as f64)
                .number("limit", MATCH_FILES_MAX as f64),
        ));
    }
    let (mut files, mut refused) = (Vec::new(), Vec::new());
    for (i, entry) in logs.iter().enumerate() {
        let name = file_name(entry.get("name"), &format!("log {}", i + 1));
        let text = entry.get("log").and_then(Value::as_str);
        // The page does not read a file over the limit: it says so (`too_large`).
        let too_large = entry.get("too_large") == Some(&Value::Bool(true))
            || text.is_some_and(|t| t.len() > LOG_LIMIT_BYTES);
        match text {
            _ if too_large => refused.push(Skipped {
                file: name,
                reason: Message::new("err-log-too-large")
                    .number("limit", (LOG_LIMIT_BYTES / 1024) as f64),
            }),
            Some(text) => files.push(LogFile {
                name,
                text: text.to_string(),
            }),
            None => refused.push(Skipped {
                file: name,
                reason: Message::new("match-skip-not-text"),
            }),
        }
    }
    let id = format!(
        "{:016x}",
        random_u64().map_err(|e| ApiError::failed("logs", e))?
    );
    let name = match logs.len() {
        1 => files.first().map_or_else(String::new, |f| f.name.clone()),
        n => format!("{n} logs"),
    };
    let job = server.matches.start(id, name, files, refused);
    Ok(Json(
        json!({"id": job.id, "name": job.name, "total": job.total}),
    ))
}

/// A match review: `{"pending": true, "done", "total"}` while it runs, then `{"pending":
/// false, "name", "review"}` (`harness::review::match_review::MatchReview`); 422 when no
/// file was a whole game's log, 404 for a job this process does not keep.
async fn match_state(State(server): State<Arc<Server>>, Path(id): Path<String>) -> ApiResult {
    let job = server.matches.get(&id).ok_or_else(|| {
        ApiError::new(StatusCode::NOT_FOUND, "match", Message::new("err-no-match"))
    })?;
    match job.state() {
        JobState::Running { done, total } => {
            Ok(Json(json!({"pending": true, "done": done, "total": total})))
        }
        JobState::Done(review) => Ok(Json(
            json!({"pending": false, "name": job.name, "review": review}),
        )),
        JobState::Failed(e) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "logs",
            Message::new("err-match-failed").text("reason", e.to_string()),
        )),
    }
}

async fn game_state(State(server): State<Arc<Server>>, Path(id): Path<String>) -> ApiResult {
    let game = server.game(&id)?;
    Ok(Json(server.state(&game)))
}

fn submitted(server: &Server, game: &Game, turn: u64, answer: Answer) -> ApiResult {
    match game.submit(turn, answer, &server.store) {
        Ok(()) => Ok(Json(server.state(game))),
        Err(Submission::Refused(r)) => {
            let status = if r.field == "turn" {
                StatusCode::CONFLICT
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            Err(ApiError::new(status, r.field, r.message))
        }
        Err(Submission::Failed(message)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "game",
            message,
        )),
    }
}

async fn bid(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let game = server.game(&id)?;
    let body = object(body)?;
    let turn = turn(&body)?;
    let group = match body.get("group").and_then(Value::as_str) {
        Some("A") => Group::A,
        Some("B") => Group::B,
        _ => return Err(ApiError::bad("group", Message::new("err-group"))),
    };
    let amount = match body.get("amount") {
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.trim().parse::<u64>().ok(),
        _ => None,
    }
    .filter(|&x| x <= u64::from(BID_MAX_POINTS))
    .ok_or_else(|| {
        ApiError::bad(
            "amount",
            Message::new("err-amount").number("max", BID_MAX_POINTS),
        )
    })?;
    submitted(
        &server,
        &game,
        turn,
        Answer::Bid {
            group,
            amount: amount as u32,
        },
    )
}

/// Five dice from `"12345"` or `[1, 2, 3, 4, 5]`.
fn five_dice(value: Option<&Value>) -> Result<Hand, ApiError> {
    let text = match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(faces)) => faces
            .iter()
            .map(|f| {
                f.as_u64()
                    .filter(|f| (1..=6).contains(f))
                    .map(|f| f.to_string())
            })
            .collect::<Option<String>>()
            .unwrap_or_default(),
        _ => String::new(),
    };
    Hand::parse(&text).ok_or_else(|| ApiError::bad("dice", Message::new("err-five-dice")))
}

async fn put(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let game = server.game(&id)?;
    let body = object(body)?;
    let turn = turn(&body)?;
    let category = body
        .get("category")
        .and_then(Value::as_str)
        .and_then(Category::from_name)
        .ok_or_else(|| ApiError::bad("category", Message::new("err-category")))?;
    let dice = five_dice(body.get("dice"))?;
    submitted(&server, &game, turn, Answer::Put { category, dice })
}

/// What every open category would give for five of the person's dice: the category's
/// points and what they add to the upper bonus.
async fn points(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult {
    let game = server.game(&id)?;
    let dice = five_dice(query.get("dice").map(|d| Value::String(d.clone())).as_ref())?;
    let me = lock(&game.table).view.me;
    if sub(&me.held, &dice.counts()).is_none() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "dice",
            Message::new("err-not-held").text("dice", dice.to_string()),
        ));
    }
    let options: Vec<Value> = Category::ALL
        .iter()
        .filter(|c| me.used & c.bit() == 0)
        .map(|c| {
            let score_k = c.score_k(&dice.counts());
            let bonus_k = match c.upper_face() {
                Some(_) => bonus_gain_k(me.upper_k, me.upper_k + score_k),
                None => 0,
            };
            json!({
                "category": c.name(),
                "points": score_k as i64 * POINTS_PER_K,
                "bonus": bonus_k as i64 * POINTS_PER_K,
            })
        })
        .collect();
    Ok(Json(json!({"dice": dice.0, "options": options})))
}

/// The bot's advice for the turn the game is at: computed on the first request of a turn
/// (off the request threads), `{"pending": true}` until it is ready.
async fn hint_for(State(server): State<Arc<Server>>, Path(id): Path<String>) -> ApiResult {
    let game = server.game(&id)?;
    let table = lock(&game.table).clone();
    if table.owed.is_none() {
        return Ok(Json(json!({"hint": null, "pending": false})));
    }
    let id = game.meta.id.clone();
    let mut hints = server.hints.lock().unwrap_or_else(|p| p.into_inner());
    match hints.get(&id) {
        Some(slot) if slot.turn == table.turn => {
            return Ok(Json(
                json!({"hint": slot.hint, "pending": slot.hint.is_none()}),
            ));
        }
        _ => {}
    }
    hints.insert(
        id.clone(),
        HintSlot {
            turn: table.turn,
            hint: None,
        },
    );
    drop(hints);
    let server2 = Arc::clone(&server);
    std::thread::spawn(move || {
        crate::threaded::lower_priority();
        let computed = crate::threaded::SLOTS.think(|| hint(&table));
        let mut hints = server2.hints.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(slot) = hints.get_mut(&id)
            && slot.turn == table.turn
        {
            slot.hint = computed;
        }
    });
    Ok(Json(json!({"hint": null, "pending": true})))
}

/// The finished game's review, computed on the first request: `{"pending": true, "done":
/// N, "total": 48}` while it is, then `{"pending": false, "seat": 0|1, "imported": bool,
/// "review": …}` (the person's seat, 0 for an imported log, and
/// `harness::review::GameReview`); 409 before the game is over.
async fn review_of(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let game = match server.game(&id) {
        Ok(game) => game,
        Err(e) => return e.into_response(),
    };
    let status = game.status();
    match game.review(&server.store) {
        Review::Ready => match server.store.read_review(&game.meta.id) {
            Some(text) => {
                let review: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                Json(json!({
                    "pending": false,
                    "seat": game.meta.seat,
                    "imported": game.meta.imported.is_some(),
                    "review": review,
                }))
                .into_response()
            }
            None => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "review",
                Message::new("err-review-gone"),
            )
            .into_response(),
        },
        Review::Computing(done) => {
            Json(json!({"pending": true, "done": done, "total": REVIEW_DECISIONS})).into_response()
        }
        Review::Failed(e) => ApiError::failed("review", e).into_response(),
        Review::NotYet if status.error.is_some() => ApiError::new(
            StatusCode::CONFLICT,
            "review",
            Message::new("err-review-stopped"),
        )
        .into_response(),
        Review::NotYet => ApiError::new(
            StatusCode::CONFLICT,
            "review",
            Message::new("err-review-not-over"),
        )
        .into_response(),
    }
}

/// The replay page in the language `?lang=TAG` names (else the browser's, else English).
async fn replay_page(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: axum::http::HeaderMap,
) -> Response {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let lang = harness::i18n::negotiate(query.get("lang").map_or(accept, String::as_str));
    let Some(html) = GameId::parse(&id).and_then(|id| server.store.read_replay(&id, lang)) else {
        return ApiError::new(StatusCode::NOT_FOUND, "game", Message::new("err-no-replay"))
            .into_response();
    };
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

async fn log_text(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let Some(log) = GameId::parse(&id).and_then(|id| server.store.read_log(&id)) else {
        return ApiError::new(StatusCode::NOT_FOUND, "game", Message::new("err-no-log"))
            .into_response();
    };
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], log).into_response()
}
