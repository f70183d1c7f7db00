//! The games folder (`--games DIR`): everything a game needs to be resumed, written as it
//! is played.
//!
//! Per game, named by its id: `ID.json` (who plays, which seat, the deal and the seed:
//! written when the game starts), `ID.moves` (the person's answers, one protocol line
//! each, appended before the page is told they were taken), `ID.log` (the
//! official log as it stands, `[RESULT "*"]` until the end) and, once finished,
//! `ID.html` and `ID.TAG.html` (the replay page in English and in each other language) and
//! `ID.review.json` (the review of both sides' decisions
//! and luck). The bot is a function of its seed and the commands it has
//! seen, so the metadata and the moves are the whole game: a resumed game replays them.
//!
//! A log a person opened on the page is a game of its own, marked imported: `ID.log` is
//! the file as it came (checked whole first), `ID.json` says so, and there are no moves;
//! it is never played, only replayed and reviewed.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use yacht::engine::config::{ladder_1_switches, LADDER_VERSION};
use yacht::game::Deal;
use yacht::protocol::{parse_answer, Answer};

/// A game's id: 32 lowercase hex digits (128 random bits).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GameId(String);

impl GameId {
    /// A new id from the operating system's randomness.
    pub fn random() -> Result<GameId, String> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for a game id: {e}"))?;
        Ok(GameId(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// Parses an id; anything but 32 lowercase hex digits is refused, so an id can only
    /// ever name a file in the games folder.
    pub fn parse(text: &str) -> Option<GameId> {
        let ok = text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        ok.then(|| GameId(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a game is: written once, when it starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameMeta {
    pub id: GameId,
    /// The opponent's key in the menu ([`crate::opponents`]) and its player spec.
    pub opponent: String,
    pub spec: String,
    /// The person's seat: 0 first, 1 second.
    pub seat: usize,
    /// Seeds the players' randomness.
    pub seed: u64,
    /// The deal, in the official input format.
    pub deal: String,
    /// Seconds since 1970 when it started.
    pub started: u64,
    /// Set for a log opened on the page: not a game played here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported: Option<Imported>,
    /// The ladder its `bot:level=N` is a level of (`engine::config::LADDER_VERSION`); a
    /// game saved before ladders were numbered is of ladder 1 (five levels).
    #[serde(default = "first_ladder")]
    pub ladder: u8,
}

fn first_ladder() -> u8 {
    1
}

/// Where an imported game came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Imported {
    /// The file's name, as the page gave it.
    pub name: String,
    /// The command lines the log names for FIRST and SECOND.
    pub players: [String; 2],
}

impl GameMeta {
    /// The game with its opponent said on today's ladder: a level of ladder 1 becomes the
    /// switches that level set (the same player, so a game in progress goes on as it
    /// began), its key `ladder-1-level-N` (the page names it as the old level). Any other
    /// game is as it was saved.
    pub fn on_today_s_ladder(mut self) -> GameMeta {
        if self.ladder >= LADDER_VERSION || self.imported.is_some() {
            return self;
        }
        let Some(options) = self.spec.strip_prefix("bot:") else {
            self.ladder = LADDER_VERSION;
            return self;
        };
        let mut level = None;
        let mut kept = Vec::new();
        for option in options.split(',').filter(|o| !o.is_empty()) {
            match option.strip_prefix("level=").map(str::parse::<u8>) {
                Some(Ok(n)) => level = Some(n),
                _ => kept.push(option),
            }
        }
        if let Some(level) = level {
            let switches = ladder_1_switches(level);
            let all: Vec<&str> = switches
                .split(',')
                .filter(|s| !s.is_empty())
                .chain(kept)
                .collect();
            self.spec = format!("bot:{}", all.join(","));
            if self.opponent.starts_with("level-") {
                self.opponent = format!("ladder-1-level-{}", level.clamp(1, 5));
            }
        }
        self.ladder = LADDER_VERSION;
        self
    }

    pub fn deal(&self) -> Result<Deal, String> {
        yacht::game::deal::parse_deals(&self.deal)?
            .into_iter()
            .next()
            .ok_or_else(|| "the game's deal is empty".to_string())
    }
}

/// The games folder.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Opens (creating) `dir`.
    pub fn open(dir: &Path) -> Result<Store, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Store {
            dir: dir.to_path_buf(),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, id: &GameId, extension: &str) -> PathBuf {
        self.dir.join(format!("{id}.{extension}"))
    }

    /// Writes `text` to the game's file with `extension` whole (a temporary file renamed
    /// over it, so a reader never sees half of it).
    fn write_whole(&self, id: &GameId, extension: &str, text: &str) -> Result<(), String> {
        let path = self.path(id, extension);
        let temporary = self.path(id, &format!("{extension}.tmp"));
        std::fs::write(&temporary, text)
            .and_then(|_| std::fs::rename(&temporary, &path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn write_meta(&self, meta: &GameMeta) -> Result<(), String> {
        let text = serde_json::to_string_pretty(meta).map_err(|e| e.to_string())?;
        self.write_whole(&meta.id, "json", &text)
    }

    pub fn read_meta(&self, id: &GameId) -> Result<GameMeta, String> {
        let path = self.path(id, "json");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        serde_json::from_str(&text)
            .map(GameMeta::on_today_s_ladder)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Appends one of the person's answers to the file (written through to the operating
    /// system, so it outlives this process; a machine's crash is another matter: no fsync,
    /// which would cost every move milliseconds).
    pub fn append_move(&self, id: &GameId, answer: &Answer) -> Result<(), String> {
        let path = self.path(id, "moves");
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        // One write call: the line lands whole.
        file.write_all(format!("{answer}\n").as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The person's answers so far, in order (none for a game without moves yet).
    pub fn read_moves(&self, id: &GameId) -> Result<Vec<Answer>, String> {
        let path = self.path(id, "moves");
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        text.lines()
            .enumerate()
            .map(|(i, line)| {
                parse_answer(line).map_err(|e| format!("{}:{}: {e:?}", path.display(), i + 1))
            })
            .collect()
    }

    /// The game's log file, kept open while the game is played: it only grows until the
    /// result is known, so each step appends its lines ([`LiveLog::update`]; no rename
    /// per step, which many games at once would queue on the folder's lock).
    pub fn live_log(&self, id: &GameId) -> LiveLog {
        LiveLog {
            store: self.clone(),
            id: id.clone(),
            file: None,
            written: String::new(),
        }
    }

    pub fn read_log(&self, id: &GameId) -> Option<String> {
        std::fs::read_to_string(self.path(id, "log")).ok()
    }

    /// The replay page's file in `lang`: `ID.html` in English (as before there were
    /// languages), `ID.TAG.html` in another.
    fn replay_extension(lang: &str) -> String {
        if lang == harness::i18n::ENGLISH {
            "html".to_string()
        } else {
            format!("{lang}.html")
        }
    }

    pub fn write_replay(&self, id: &GameId, lang: &str, html: &str) -> Result<(), String> {
        self.write_whole(id, &Store::replay_extension(lang), html)
    }

    pub fn has_replay(&self, id: &GameId, lang: &str) -> bool {
        self.path(id, &Store::replay_extension(lang)).is_file()
    }

    /// The finished game's review (`harness::review`), as JSON.
    pub fn write_review(&self, id: &GameId, json: &str) -> Result<(), String> {
        self.write_whole(id, "review.json", json)
    }

    pub fn read_review(&self, id: &GameId) -> Option<String> {
        std::fs::read_to_string(self.path(id, "review.json")).ok()
    }

    /// The replay page in `lang`, or in English while that one is being written (a game
    /// of a server that wrote English only).
    pub fn read_replay(&self, id: &GameId, lang: &str) -> Option<String> {
        std::fs::read_to_string(self.path(id, &Store::replay_extension(lang)))
            .or_else(|_| std::fs::read_to_string(self.path(id, "html")))
            .ok()
    }

    /// Whether the folder knows this game.
    pub fn has(&self, id: &GameId) -> bool {
        self.path(id, "json").is_file()
    }

    /// Keeps an imported game: its log, then its metadata (the folder knows the game once
    /// both are written).
    pub fn import(&self, meta: &GameMeta, log: &str) -> Result<(), String> {
        self.write_whole(&meta.id, "log", log)?;
        self.write_meta(meta)
    }

    /// Creates the game's files anew (for a game that starts now).
    pub fn create(&self, meta: &GameMeta) -> Result<(), String> {
        self.write_meta(meta)?;
        File::create(self.path(&meta.id, "moves"))
            .map(drop)
            .map_err(|e| format!("{}: {e}", self.dir.display()))
    }
}

/// A game's log as it is played: appended to while the log only grows, written whole
/// (renamed over) when it does not (the result line at the end).
pub struct LiveLog {
    store: Store,
    id: GameId,
    file: Option<File>,
    /// The log as the file has it.
    written: String,
}

impl LiveLog {
    /// Brings the file up to `log`: appends what `log` adds to it, or writes it whole.
    pub fn update(&mut self, log: &str) -> Result<(), String> {
        let path = self.store.path(&self.id, "log");
        let failed = |e: std::io::Error| format!("{}: {e}", path.display());
        if let Some(file) = self.file.as_mut()
            && let Some(new) = log.strip_prefix(self.written.as_str())
        {
            file.write_all(new.as_bytes()).map_err(failed)?;
        } else {
            self.store.write_whole(&self.id, "log", log)?;
            self.file = Some(
                OpenOptions::new()
                    .append(true)
                    .open(&path)
                    .map_err(failed)?,
            );
        }
        log.clone_into(&mut self.written);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_random_and_only_hex() {
        let (a, b) = (GameId::random().unwrap(), GameId::random().unwrap());
        assert_ne!(a, b);
        assert_eq!(GameId::parse(a.as_str()), Some(a));
        for bad in [
            "",
            "../../etc/passwd",
            &"A".repeat(32),
            &"0".repeat(31),
            &"0".repeat(33),
        ] {
            assert_eq!(GameId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_live_log_appends_while_it_grows_and_is_rewritten_when_it_does_not() {
        let dir = std::env::temp_dir().join(format!("yacht-play-live-{}", std::process::id()));
        let store = Store::open(&dir).unwrap();
        let id = GameId::random().unwrap();
        let mut live = store.live_log(&id);
        for text in [
            "[RESULT \"*\"]\n",
            "[RESULT \"*\"]\nROUND 1\n",
            "[RESULT \"1-0\"]\nROUND 1\n",
        ] {
            live.update(text).unwrap();
            assert_eq!(store.read_log(&id).unwrap(), text);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn moves_read_back_in_order() {
        let dir = std::env::temp_dir().join(format!("yacht-play-store-{}", std::process::id()));
        let store = Store::open(&dir).unwrap();
        let meta = GameMeta {
            id: GameId::random().unwrap(),
            opponent: "level-1".into(),
            spec: "bot:level=1".into(),
            seat: 1,
            seed: 7,
            deal: Deal::from_seed(1, 2).to_input_text(),
            started: 0,
            imported: None,
            ladder: LADDER_VERSION,
        };
        store.create(&meta).unwrap();
        assert_eq!(store.read_meta(&meta.id).unwrap(), meta);
        assert_eq!(store.read_moves(&meta.id).unwrap(), vec![]);
        let moves = ["BID A 300", "PUT CHOICE 12345"].map(|m| parse_answer(m).unwrap());
        for m in &moves {
            store.append_move(&meta.id, m).unwrap();
        }
        assert_eq!(store.read_moves(&meta.id).unwrap(), moves);
        assert_eq!(meta.deal().unwrap(), Deal::from_seed(1, 2));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A game saved on ladder 1 (no `ladder` field) reads as the same player said in
    /// switches; one of today's ladder reads as it was written.
    #[test]
    fn a_game_of_the_first_ladder_reads_as_the_same_player() {
        let dir = std::env::temp_dir().join(format!("yacht-play-ladder-{}", std::process::id()));
        let store = Store::open(&dir).unwrap();
        let id = GameId::random().unwrap();
        for (saved, key, spec) in [
            (
                "bot:level=3,clock=0",
                "ladder-1-level-3",
                "bot:bidder=own,win=0,clock=0",
            ),
            (
                "bot:level=1,clock=0",
                "ladder-1-level-1",
                "bot:bidder=whole,win=0,scoring=greedy,clock=0",
            ),
            ("bot:level=5,clock=0", "ladder-1-level-5", "bot:clock=0"),
            ("sample:3", "sample-3", "sample:3"),
        ] {
            let opponent = if saved.starts_with("bot:") {
                format!("level-{}", &saved["bot:level=".len()..][..1])
            } else {
                "sample-3".to_string()
            };
            let old = serde_json::json!({
                "id": id.as_str(), "opponent": opponent, "spec": saved, "seat": 0,
                "seed": 7, "deal": Deal::from_seed(1, 2).to_input_text(), "started": 0,
            });
            std::fs::write(dir.join(format!("{id}.json")), old.to_string()).unwrap();
            let meta = store.read_meta(&id).unwrap();
            assert_eq!((meta.opponent.as_str(), meta.spec.as_str()), (key, spec));
            assert_eq!(meta.ladder, LADDER_VERSION);
        }
        let today = GameMeta {
            id: id.clone(),
            opponent: "level-3".into(),
            spec: "bot:level=3,clock=0".into(),
            seat: 0,
            seed: 7,
            deal: Deal::from_seed(1, 2).to_input_text(),
            started: 0,
            imported: None,
            ladder: LADDER_VERSION,
        };
        std::fs::write(
            dir.join(format!("{id}.json")),
            serde_json::to_string(&today).unwrap(),
        )
        .unwrap();
        assert_eq!(store.read_meta(&id).unwrap(), today);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
