//! The panic hook. In wasm a panic aborts as a trap (`RuntimeError: unreachable`), which says
//! nothing of why, so the hook keeps the panic's message for [`super::take_panic_message`].

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

thread_local! {
    /// The message of the last panic, kept by the panic hook until [`take`].
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs when the module is instantiated: installs the panic hook (std only), which keeps the
/// panic's message and where it happened, e.g. "index out of bounds … (src/games/x.rs:12:5)".
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        let text = match info.location() {
            Some(at) => format!("{message} ({}:{}:{})", at.file(), at.line(), at.column()),
            None => message,
        };
        // A panic while the slot is being read cannot keep its message; it must not panic again.
        LAST_PANIC.with(|slot| {
            if let Ok(mut slot) = slot.try_borrow_mut() {
                *slot = Some(text);
            }
        });
    }));
}

/// The message of the last panic, if any since the last call; reading it clears it.
pub(super) fn take() -> Option<String> {
    LAST_PANIC.with(|slot| slot.try_borrow_mut().ok().and_then(|mut s| s.take()))
}
