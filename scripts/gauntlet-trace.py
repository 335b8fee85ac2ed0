#!/usr/bin/env python3
"""Where a gauntlet's games were lost: each game's position every STEP plies, scored by two UAI
engines, as the winning chance of the side the records call BoardLab.

Reads the arena's records (`RECORDS=` of scripts/gauntlet.sh: one JSON object a game, with
`first`, `second`, `setup`, `moves` and `result`); BoardLab is the player whose command does not
hold the judge's path. Every position is searched afresh (`uainewgame`) by BoardLab's own engine
at the gauntlet's think (default 100 ms: what it believed while playing) and by the judge at a
longer one (default 500 ms). A score becomes a winning chance with each engine's own scale:
`1 / (1 + e^(-score / scale))`, BoardLab's fitted 499 centi-stones a logit
(`games::ataxx::network::OUTPUT_SCALE`), and for the judge the scale it was trained with (Zataxx:
400). Proven results count as 1 and 0.

Prints, by ply: the positions, the judge's mean chance for BoardLab, BoardLab's own, and their
mean difference (BoardLab's optimism); then, for each game BoardLab lost, the first traced ply at
which the judge gives it under 30 %, and BoardLab's own chance there.

Usage: scripts/gauntlet-trace.py RECORDS BOARDLAB JUDGE [--step 10] [--ms 100] [--judge-ms 500]
       [--judge-scale 400] [--setup FEN] [--out trace.jsonl]
Only games from `--setup` (default: the standard start) are traced; both engines search single-
threaded, two positions at a time.
"""
import argparse
import json
import math
import statistics
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from uai_engine import Engine

START = "x5o/7/7/7/7/7/o5x x 0 1"
BOARDLAB_SCALE = 499.0
# Every engine started, so that an error stops them all (Zataxx spins on a closed input).
ENGINES = []


def last_score(engine, setup, moves, ms):
    """The side to move's last reported score after `moves` from `setup`, searching `ms`."""
    position = "position startpos" if setup == START else f"position fen {setup}"
    found = engine.scores(position + (" moves " + " ".join(moves) if moves else ""), f"go movetime {ms}")
    if not found:
        raise RuntimeError(f"no score for {position} {' '.join(moves)}")
    return found[-1]


def started(command):
    engine = Engine(command)
    ENGINES.append(engine)
    return engine


def chance(score, scale):
    kind, value = score
    if kind == "mate":
        return 1.0 if value > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-value / scale))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records")
    ap.add_argument("boardlab", help="the boardlab binary (driven as `BOARDLAB uai`)")
    ap.add_argument("judge", help="the judge's UAI binary (the gauntlet's opponent)")
    ap.add_argument("--step", type=int, default=10, help="plies between traced positions")
    ap.add_argument("--ms", type=int, default=100, help="BoardLab's think, ms")
    ap.add_argument("--judge-ms", type=int, default=500, help="the judge's think, ms")
    ap.add_argument("--judge-scale", type=float, default=400.0, help="the judge's score per logit")
    ap.add_argument("--setup", default=START)
    ap.add_argument("--out", help="also write one JSON line a traced position here")
    args = ap.parse_args()

    games = []
    for number, line in enumerate(open(args.records)):
        record = json.loads(line)
        if record.get("setup") != args.setup:
            continue
        # The records name each player by its command; the judge's holds its path.
        if (args.judge in record["first"]) == (args.judge in record["second"]):
            raise ValueError(f"game {number}: the judge '{args.judge}' is not one player of "
                             f"{record['first']!r} and {record['second']!r}")
        boardlab_first = args.judge in record["second"]
        if record["result"] == "1/2-1/2":
            outcome = "draw"
        elif (record["result"] == "1-0") == boardlab_first:
            outcome = "win"
        else:
            outcome = "loss"
        games.append((number, record["moves"].split(), boardlab_first, outcome))
    jobs = [(g, ply) for g in games for ply in range(args.step, len(g[1]), args.step)]
    if not jobs:
        sys.exit(f"no game from setup '{args.setup}' in {args.records}")

    local = threading.local()

    def trace(job):
        (number, moves, boardlab_first, outcome), ply = job
        if not hasattr(local, "pair"):
            local.pair = (started([args.boardlab, "uai"]), started([args.judge]))
        boardlab, judge = local.pair
        own = chance(last_score(boardlab, args.setup, moves[:ply], args.ms), BOARDLAB_SCALE)
        judged = chance(last_score(judge, args.setup, moves[:ply], args.judge_ms), args.judge_scale)
        if (ply % 2 == 0) != boardlab_first:
            own, judged = 1.0 - own, 1.0 - judged
        return {"game": number, "ply": ply, "outcome": outcome, "boardlab": own, "judge": judged}

    out = open(args.out, "w") if args.out else None
    rows = []
    with ThreadPoolExecutor(2) as pool:
        for row in pool.map(trace, jobs):
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()

    print(f"{len(games)} games, {len(rows)} positions (every {args.step} plies); BoardLab at "
          f"{args.ms} ms, the judge at {args.judge_ms} ms; chances are BoardLab's")
    print("| ply | positions | judge | BoardLab | BoardLab - judge |")
    print("|---|---|---|---|---|")
    for ply in sorted({r["ply"] for r in rows}):
        at = [r for r in rows if r["ply"] == ply]
        judge = statistics.mean(r["judge"] for r in at)
        own = statistics.mean(r["boardlab"] for r in at)
        print(f"| {ply} | {len(at)} | {judge:.3f} | {own:.3f} | {own - judge:+.3f} |")
    firsts = []
    for number, _, _, outcome in games:
        if outcome != "loss":
            continue
        traced = sorted((r for r in rows if r["game"] == number), key=lambda r: r["ply"])
        first = next((r for r in traced if r["judge"] < 0.3), None)
        if first:
            firsts.append((first["ply"], first["boardlab"]))
    lost = sum(1 for g in games if g[3] == "loss")
    print(f"lost games: {lost}; the judge first gives BoardLab under 30 % in {len(firsts)} of them")
    if firsts:
        plies = sorted(p for p, _ in firsts)
        owns = sorted(c for _, c in firsts)
        print(f"  at ply: median {statistics.median(plies):.0f} (from {plies[0]} to {plies[-1]})")
        print(f"  BoardLab's own chance there: median {statistics.median(owns):.3f} "
              f"({sum(c >= 0.5 for c in owns)} of {len(owns)} at 50 % or more)")


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, KeyError, RuntimeError) as e:
        sys.exit(f"gauntlet-trace: {e}")
    finally:
        for engine in ENGINES:
            engine.close()
