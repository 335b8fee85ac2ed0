#!/usr/bin/env bash
# Measures Amazons' two searches against each other at the referee's 100 ms per move, through the
# arena (real processes, real time limits): MCTS (`boardlab bot amazons --engine mcts`) against
# alpha-beta (`--engine alphabeta`), both thinking 70 ms a move. Seeded 2-ply openings on a start
# dealt per match, each played with both colours (one two-game match per opening), one match at a
# time.
# Prints the arena's summary and a Markdown row for the README. Run it on an idle machine: the
# bots answer within 100 ms of wall time, which a loaded CPU turns into timeouts.
# Usage: bash scripts/engines.sh [games]   (default 200)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
BOARDLAB=target/release/boardlab
GAMES=${1:-200}
out=$($BOARDLAB arena amazons mcts alphabeta --games "$GAMES" --concurrency 1 --seed 7)
echo "$out"
summary=$(echo "$out" | head -1)
wdl=$(echo "$summary" | sed -E 's/.*: \+([0-9]+) =([0-9]+) -([0-9]+) of.*/\1 \/ \2 \/ \3/')
games=$(echo "$summary" | sed -E 's/.* of ([0-9]+) games.*/\1/')
score=$(echo "$summary" | sed -E 's/.*score ([0-9.]+ %).*/\1/')
elo=$(echo "$summary" | sed -E 's/.*Elo ([^,]*)$/\1/; s/95 % interval //')
times() {
  echo "$out" | grep "^$1:" | sed -E 's/.*mean ([0-9.]+) ms, p99 ([0-9.]+) ms, max ([0-9.]+) ms, ([0-9]+) turns over the limit, ([0-9]+) faults.*/\1 \/ \2 \/ \3 | \4 | \5/'
}
echo
echo "| games | MCTS W / D / L | MCTS score | Elo (95 % interval) | MCTS mean / p99 / max ms | over 100 ms | faults | alpha-beta mean / p99 / max ms | over 100 ms | faults |"
echo "|---|---|---|---|---|---|---|---|---|---|"
echo "| $games | $wdl | $score | $elo | $(times mcts) | $(times alphabeta) |"
