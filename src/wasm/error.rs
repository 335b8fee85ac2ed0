//! Errors as the page reads them: a JavaScript `Error` whose `message` is the readable sentence
//! and whose fields say what kind of refusal it is, so the page never takes the sentence apart.
//!
//! The fields: `kind` (see [`ErrorKind`]), `move_index` (for `kind == "move"`: the 0-based index
//! of the refused move in the moves passed, else null), `move` (that move's text, else null) and
//! `reason` (the message without its "move N (text): " prefix: what a person who just tried the
//! move wants to read).

use wasm_bindgen::prelude::*;

use crate::game::Game;

/// What kind of refusal an error is (its `kind` field, in snake case).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// No game has that name.
    UnknownGame,
    /// The game does not understand the setup string.
    Setup,
    /// A move is unreadable, illegal, or comes after the game ended (`move_index` says which).
    Move,
    /// Nothing to search: the game is over.
    GameOver,
    /// Bad search options (an unknown engine, a budget that is not a number, …).
    Options,
    /// The game has no such measure, or the browser build no such engine for it.
    Unsupported,
    /// Called from a search's `on_iteration`, while the searchers are in use.
    Busy,
    /// A bug: a value could not be encoded, a cached searcher had the wrong type.
    Internal,
}

impl ErrorKind {
    /// The name the page reads in `error.kind`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::UnknownGame => "unknown_game",
            ErrorKind::Setup => "setup",
            ErrorKind::Move => "move",
            ErrorKind::GameOver => "game_over",
            ErrorKind::Options => "options",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Busy => "busy",
            ErrorKind::Internal => "internal",
        }
    }
}

/// An error on its way to JavaScript, where it becomes an `Error` with the fields of the module
/// comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WasmError {
    /// What kind of refusal.
    pub kind: ErrorKind,
    /// For a refused move: its 0-based index among the moves passed, and its text.
    pub at_move: Option<(usize, String)>,
    /// Why, without the move's number and text.
    pub reason: String,
}

impl WasmError {
    /// An error of `kind` saying `reason`.
    pub fn new(kind: ErrorKind, reason: impl std::fmt::Display) -> Self {
        WasmError {
            kind,
            at_move: None,
            reason: reason.to_string(),
        }
    }

    /// No game is called `name`.
    pub fn unknown_game(name: &str) -> Self {
        Self::new(
            ErrorKind::UnknownGame,
            format!(
                "unknown game '{name}' (known: {})",
                crate::games::NAMES.join(", ")
            ),
        )
    }

    /// The whole sentence: "move 3 (e5): e5 is occupied" for a move, else the reason.
    pub fn message(&self) -> String {
        match &self.at_move {
            Some((index, text)) => format!("move {} ({text}): {}", index + 1, self.reason),
            None => self.reason.clone(),
        }
    }
}

impl From<WasmError> for JsValue {
    fn from(e: WasmError) -> JsValue {
        let error = js_sys::Error::new(&e.message());
        let (index, text) = match &e.at_move {
            Some((index, text)) => (JsValue::from(*index as u32), JsValue::from(text.as_str())),
            None => (JsValue::NULL, JsValue::NULL),
        };
        let fields = [
            ("kind", JsValue::from(e.kind.name())),
            ("move_index", index),
            ("move", text),
            ("reason", JsValue::from(e.reason.as_str())),
        ];
        for (key, value) in fields {
            let _ = js_sys::Reflect::set(&error, &JsValue::from(key), &value);
        }
        error.into()
    }
}

/// The position after `setup` and the whitespace-separated `moves`, checked one by one, calling
/// `before_move(position, move)` before each is played (as [`Game::replay`], whose messages it
/// keeps). Errors: [`ErrorKind::Setup`], or [`ErrorKind::Move`] naming the first refused move.
pub fn replay<G: Game>(
    setup: &str,
    moves: &str,
    mut before_move: impl FnMut(&G, G::Move),
) -> Result<G, WasmError> {
    let mut pos = G::from_setup(setup).map_err(|e| WasmError::new(ErrorKind::Setup, e))?;
    for (i, text) in moves.split_whitespace().enumerate() {
        let reason = if pos.outcome().is_some() {
            "the game is already over".to_string()
        } else {
            match pos.parse_move(text) {
                Ok(mv) => {
                    before_move(&pos, mv);
                    pos.play(mv);
                    continue;
                }
                Err(e) => e.to_string(),
            }
        };
        return Err(WasmError {
            kind: ErrorKind::Move,
            at_move: Some((i, text.to_string())),
            reason,
        });
    }
    Ok(pos)
}

/// [`replay`] without a callback.
pub fn from_moves<G: Game>(setup: &str, moves: &str) -> Result<G, WasmError> {
    replay(setup, moves, |_, _| {})
}
