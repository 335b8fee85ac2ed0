//! Bots that misbehave beyond the rules: flooding their output, and leaving children behind.

use std::time::{Duration, Instant};

use boardlab::arena::{Verdict, MAX_LINE_BYTES};
use boardlab::game::Player;
use boardlab::games::Yavalath;

use crate::{game, scratch_file, verdict, SILENT};

#[test]
fn a_line_over_the_length_limit_is_unparsable() {
    let long = format!(
        "head -c {} /dev/zero | tr '\\0' 4; echo; sleep 30",
        MAX_LINE_BYTES + 1
    );
    let v = verdict::<Yavalath>("", "", [&long, SILENT]);
    assert!(
        matches!(v, Verdict::Unparsable(Player::First, ref why) if why.contains("longer than")),
        "{v:?}"
    );
}

#[test]
fn endless_output_without_a_line_end_is_unparsable_at_once() {
    // Reading it whole would grow memory until the time limit; the referee stops at the limit.
    // The bot keeps its stdin open (cat holds it, unread): `tr < /dev/zero` alone lets the shell
    // exec tr with stdin replaced, and the referee's first write then races a closed pipe.
    let v = verdict::<Yavalath>("", "", ["cat /dev/zero | tr '\\0' x", SILENT]);
    assert!(matches!(v, Verdict::Unparsable(Player::First, _)), "{v:?}");
}

#[test]
fn the_times_keep_sub_millisecond_precision_and_count_timeouts() {
    // The first bot answers at once (well under a millisecond of its own), then the second times
    // out: its time is the full wait, at least the limit.
    let g = game::<Yavalath>("", "", ["echo '4 4'; sleep 30", SILENT]);
    assert_eq!(g.verdict, Verdict::Timeout(Player::Second, 1500));
    assert_eq!(g.times_ms[0].len(), 1);
    assert!(g.times_ms[0][0].fract() != 0.0, "{:?}", g.times_ms);
    assert!(g.times_ms[1][0] >= 1500.0, "{:?}", g.times_ms);
}

/// Whether process `pid` has ended (gone, or a zombie waiting to be reaped).
fn ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|s| s.trim_start().starts_with('Z')),
    }
}

#[test]
fn a_dropped_bot_takes_the_commands_it_started_with_it() {
    // The bot starts a background child, reports its pid, then loses at once.
    let pidfile = scratch_file("pid");
    let bot = format!("sleep 60 & echo $! > '{}'; echo x; wait", pidfile.display());
    let v = verdict::<Yavalath>("", "", [&bot, SILENT]);
    assert!(matches!(v, Verdict::Unparsable(Player::First, _)), "{v:?}");
    let pid = std::fs::read_to_string(&pidfile).expect("pid written");
    let pid = pid.trim();
    let deadline = Instant::now() + Duration::from_secs(5);
    while !ended(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(ended(pid), "the bot's child {pid} outlived the game");
}
