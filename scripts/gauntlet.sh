#!/bin/sh
# An engine gauntlet in BoardLab's arena: BoardLab's Ataxx engine, driven over UAI
# (`boardlab uai`), against an external UAI engine, from the shipped balanced book
# (books/ataxx-standard.txt, each line played with both colours), two games at a time; it
# prints the arena's table (W/D/L, score, Elo with its 95 % interval, response times, faults).
# It fetches and builds nothing: build BoardLab first (`cargo build --release`) and the other
# engine yourself (Zataxx: the public GitHub repository zzzzz151/Zataxx, `cargo build --release`
# outside this repository).
#
#   scripts/gauntlet.sh ataxx [ENGINE] [extra arena options...]
#
# ENGINE: the opponent's binary (default: $ZATAXX); without one the gauntlet is skipped with a
# message (exit 0). Environment (all optional):
#   MOVETIME     ms per move for both engines (default 100), sent as `go movetime`
#   TC           a clock TIME+INC in ms instead (e.g. 10000+100)
#   NODES        a node count per move instead, BOARDLAB,ENGINE (e.g. 170000,90000; one may be
#                empty), sent as `go nodes N`: the result no longer depends on the machine's
#                load (a move then times out only after NODE_MS, a hang guard)
#   NODE_MS      that hang guard in ms (default 60000: on the shared 2-core machine at nice 19
#                a 0.1 s search took over 10 s)
#   GAMES        games to play (default: every book line once with each colour)
#   CONCURRENCY  games at once (default 2; each engine thinks only on its turn)
#   MARGIN       ms past the movetime (or clock) before a timeout (default 200: the machine is
#                shared, a descheduled engine answers late)
#   BOOK         the opening file (default books/ataxx-standard.txt)
#   BOARDLAB     the boardlab binary (default target/release/boardlab)
#   RECORDS      append one JSON line per game to this file
#   SPRT         elo0,elo1,alpha,beta: stop once decided
set -eu
cd "$(dirname "$0")/.."

game=${1:-}
if [ "$game" != ataxx ]; then
    echo "usage: scripts/gauntlet.sh ataxx [ENGINE] [arena options...] (only Ataxx has UAI engines)" >&2
    exit 2
fi
shift
engine=${ZATAXX:-}
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
    engine=$1
    shift
fi
if [ -z "$engine" ]; then
    echo "gauntlet: skipped: no engine given (pass its path or set ZATAXX=/path/to/zataxx)"
    exit 0
fi
if [ ! -x "$engine" ]; then
    echo "gauntlet: skipped: $engine is not an executable file (build Zataxx: cargo build --release in a clone of github.com/zzzzz151/Zataxx)"
    exit 0
fi
boardlab=${BOARDLAB:-target/release/boardlab}
if [ ! -x "$boardlab" ]; then
    echo "gauntlet: $boardlab is missing: run cargo build --release first" >&2
    exit 1
fi
book=${BOOK:-books/ataxx-standard.txt}
case "$boardlab" in /*) ;; *) boardlab="$PWD/$boardlab" ;; esac
case "$engine" in /*) ;; *) engine="$PWD/$engine" ;; esac

set -- --openings "$book" --concurrency "${CONCURRENCY:-2}" --uai-margin "${MARGIN:-200}" "$@"
if [ -n "${TC:-}" ]; then
    set -- --tc "$TC" "$@"
else
    set -- --movetime "${MOVETIME:-100}" "$@"
fi
[ -n "${NODES:-}" ] && set -- --uai-nodes "$NODES" --uai-node-ms "${NODE_MS:-60000}" "$@"
[ -n "${GAMES:-}" ] && set -- --games "$GAMES" "$@"
[ -n "${RECORDS:-}" ] && set -- --records "$RECORDS" "$@"
[ -n "${SPRT:-}" ] && set -- --sprt "$SPRT" "$@"

echo "gauntlet: $boardlab uai vs $engine, book $book, $*"
exec "$boardlab" arena ataxx "uai:'$boardlab' uai" "uai:'$engine'" "$@"
