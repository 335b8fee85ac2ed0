//! The page's search options, read field by field from the JavaScript object it passes.
//!
//! Read by hand rather than with serde: `serde_wasm_bindgen`'s deserialiser brings serde's error
//! machinery, whose messages can quote a float and so link Rust's float formatting (Grisu and
//! Dragon4), about 13 KB of the gzipped module for six fields (README, "Measured": the wasm's
//! size). A refused value is quoted as JavaScript shows it instead.

use wasm_bindgen::JsValue;

/// Options for `search`, as the page sends them. A missing or `undefined` field takes its default
/// (`None` or `false`); `null` is `None` for the optional fields.
#[derive(Default, Debug, PartialEq)]
pub struct SearchOptions {
    /// Think budget in ms, maybe fractional (default and bounds: [`crate::info`]'s budget
    /// constants).
    pub budget_ms: Option<f64>,
    /// Depth cap in plies.
    pub max_depth: Option<u32>,
    /// Transposition table size in MiB (default and cap: [`crate::info`]'s table constants).
    pub tt_mb: Option<usize>,
    /// Exact scores for every root move (slower; for analysis; alpha-beta only).
    pub exact_root: bool,
    /// `"alphabeta"` or `"mcts"` (default: the game's default engine).
    pub engine: Option<String>,
    /// Play the opening book's move without a search where the book covers the position (the
    /// engine's turn; analysis leaves it unset).
    pub book: bool,
}

impl SearchOptions {
    /// Reads `options`: `undefined` or `null` gives every default. Errors (a sentence naming the
    /// field and quoting the value): not an object, a budget that is not a number, a depth or
    /// table size that is not a whole number within `u32`, an engine that is not a string, a flag
    /// that is not a boolean.
    pub fn from_js(options: &JsValue) -> Result<SearchOptions, String> {
        if options.is_undefined() || options.is_null() {
            return Ok(SearchOptions::default());
        }
        if !options.is_object() {
            return Err(format!("expected an object, got {}", shown(options)));
        }
        Ok(SearchOptions {
            budget_ms: optional(options, "budget_ms", "a number", |v| v.as_f64())?,
            max_depth: optional(options, "max_depth", "a whole number", whole)?,
            tt_mb: optional(options, "tt_mb", "a whole number", |v| {
                whole(v).map(|n| n as usize)
            })?,
            exact_root: flag(options, "exact_root")?,
            engine: optional(options, "engine", "a string", |v| v.as_string())?,
            book: flag(options, "book")?,
        })
    }
}

/// The field `name` of `options` (`undefined` if missing or unreadable).
fn field(options: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(options, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// An optional field: `None` when missing, `undefined` or `null`, else `read`'s value. Errors:
/// `read` refuses the value (`expected` says what it takes).
fn optional<T>(
    options: &JsValue,
    name: &str,
    expected: &str,
    read: impl FnOnce(&JsValue) -> Option<T>,
) -> Result<Option<T>, String> {
    let value = field(options, name);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    read(&value)
        .map(Some)
        .ok_or_else(|| refused(name, expected, &value))
}

/// A boolean field: `false` when missing or `undefined`. Errors: any other non-boolean
/// (`null` included).
fn flag(options: &JsValue, name: &str) -> Result<bool, String> {
    let value = field(options, name);
    if value.is_undefined() {
        return Ok(false);
    }
    value
        .as_bool()
        .ok_or_else(|| refused(name, "true or false", &value))
}

/// A JavaScript number that is a whole number from 0 to `u32::MAX`.
fn whole(value: &JsValue) -> Option<u32> {
    let n = value.as_f64()?;
    (n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n)).then_some(n as u32)
}

fn refused(name: &str, expected: &str, value: &JsValue) -> String {
    format!("{name} must be {expected}, got {}", shown(value))
}

/// `value` as JavaScript's `JSON.stringify` writes it (`1.5`, `"deep"`; `NaN` as `null`), or
/// wasm-bindgen's debug form of what JSON cannot write (a function, `undefined`).
fn shown(value: &JsValue) -> String {
    js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| format!("{value:?}"))
}
