#!/usr/bin/env bash
# Measures each game's engine at the referee's 100 ms per move against each baseline bot, through
# the arena (real processes, real time limits): 100 games per pairing, the arena's default seeded
# openings (Yavalath and Connect 4: 1 ply, so the second bot decides the steal; Ataxx: 2 plies;
# Amazons: 2 plies on a start dealt per match) played with both colours. Connect 4 has only 9
# one-ply openings, which the arena cycles; the baselines get a seed per game from the arena, so
# the games still differ (the "distinct" column counts them). Prints a Markdown table for the
# README, then a second table against the strongest opponents the project has (Yavalath:
# alpha-beta against the MCTS-Solver; Amazons: alpha-beta against MCTS; with PREVIOUS=<path to an
# earlier boardlab binary>, every game's bot against that build's), 200 games each. Run it on an
# idle machine: the bots answer within 100 ms of wall time, which a
# loaded CPU turns into timeouts.
# Usage: bash scripts/strength.sh [games...]   (default: every game the arena referees)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
BOARDLAB=target/release/boardlab
GAMES=${*:-yavalath connect4 ataxx amazons}
echo "| game | opponent | engine W / D / L | distinct games | score | Elo (95 % interval) | engine mean / max ms | engine faults |"
echo "|---|---|---|---|---|---|---|---|"
# One table row from an arena run's output: "| cells... | W / D / L | distinct | score | Elo | mean / max | faults |".
row() {
  local out=$1 summary times wdl distinct score elo mean max faults
  summary=$(echo "$out" | grep ' games (' | head -1)
  times=$(echo "$out" | grep -m1 'response time')
  wdl=$(echo "$summary" | sed -E 's/.*: \+([0-9]+) =([0-9]+) -([0-9]+) of.*/\1 \/ \2 \/ \3/')
  distinct=$(echo "$summary" | sed -E 's/.*games \(([0-9]+) distinct\).*/\1/')
  score=$(echo "$summary" | sed -E 's/.*score ([0-9.]+ %).*/\1/')
  elo=$(echo "$summary" | sed -E 's/.*Elo ([^,]*)$/\1/; s/95 % interval //')
  mean=$(echo "$times" | sed -E 's/.*mean ([0-9.]+) ms.*/\1/')
  max=$(echo "$times" | sed -E 's/.*max ([0-9.]+) ms.*/\1/')
  faults=$(echo "$times" | sed -E 's/.*, ([0-9]+) faults.*/\1/')
  echo "$wdl | $distinct | $score | $elo | $mean / $max | $faults |"
}
for game in $GAMES; do
  for opponent in random greedy minimax; do
    out=$($BOARDLAB arena "$game" engine "$opponent" --games 100 --concurrency 1 --seed 7)
    echo "| $game | $opponent | $(row "$out")"
  done
done

# The strongest opponents the project has, 200 games each, seeded openings with both colours: the
# engine against the other search of the same game (Yavalath: the MCTS-Solver with win/loss-aware
# playouts; Amazons: MCTS), and against the previous build's bot when PREVIOUS names its binary.
echo
echo "| game | engine | opponent | engine W / D / L | distinct games | score | Elo (95 % interval) | engine mean / max ms | engine faults |"
echo "|---|---|---|---|---|---|---|---|---|"
strongest() {
  local game=$1 a=$2 b=$3 label=${4:-$3} out
  out=$($BOARDLAB arena "$game" "$a" "$b" --games 200 --concurrency 1 --seed 11)
  echo "| $game | $a | $label | $(row "$out")"
}
for game in $GAMES; do
  case $game in
    yavalath) strongest yavalath alphabeta mcts ;;
    amazons) strongest amazons alphabeta mcts ;;
  esac
  if [ -n "${PREVIOUS:-}" ]; then
    strongest "$game" engine "$PREVIOUS bot $game" "previous build ($(basename "$PREVIOUS"))"
  fi
done
