#!/usr/bin/env python3
"""Makes the balanced Ataxx opening book (books/ataxx-standard.txt) with BoardLab's own engine.

Every 2-ply line from the standard start x5o/7/7/7/7/7/o5x x 0 1 (one per position up to the
start's symmetries), then 4-ply lines extending the balanced 2-ply ones, are scored with
`boardlab uai` at a fixed depth: the mean of the scores of the last two iterations (Ataxx scores
swing between odd and even depths), from x's point of view. A line is balanced when that score
is within WINDOW centipawns (a stone is 100). The book keeps every balanced 2-ply line and up to
FOUR_PLY balanced 4-ply lines (seeded choice), then walled starts (setup | moves lines).

Usage: scripts/ataxx-book.py [BOARDLAB] [--depth 8] [--window 80] [--four-ply 16] [--seed 1]
It prints the book on stdout; deterministic for a given build (fixed depth, no clock).
"""
import argparse
import random
import sys

from uai_engine import Engine

FILES = "abcdefg"
START = "x5o/7/7/7/7/7/o5x x 0 1"


def sq(f, r):
    return f"{FILES[f]}{r + 1}"


def parse_board(fen):
    rows = fen.split()[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        r, f = 6 - i, 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board[(f, r)] = c
                f += 1
    return board


def moves(board, side):
    empty = [(f, r) for f in range(7) for r in range(7) if (f, r) not in board]
    spawns, jumps = set(), []
    for (f, r) in empty:
        for (g, s), c in board.items():
            if c != side:
                continue
            d = max(abs(f - g), abs(r - s))
            if d == 1:
                spawns.add(sq(f, r))
            elif d == 2:
                jumps.append(sq(g, s) + sq(f, r))
    return sorted(spawns) + sorted(jumps)


def play(board, side, mv):
    b = dict(board)
    if mv == "0000":
        return b
    if len(mv) == 4:
        del b[(FILES.index(mv[0]), int(mv[1]) - 1)]
    f, r = FILES.index(mv[-2]), int(mv[-1]) - 1
    b[(f, r)] = side
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            n = (f + df, r + dr)
            if b.get(n) not in (None, "-", side):
                b[n] = side
    return b


# The start's symmetries: identity, the half turn and the two diagonal mirrors.
SYMS = [
    lambda f, r: (f, r),
    lambda f, r: (6 - f, 6 - r),
    lambda f, r: (r, f),
    lambda f, r: (6 - r, 6 - f),
]


def key(board):
    return min(tuple(sorted((s(f, r), c) for (f, r), c in board.items())) for s in SYMS)


def line_score(engine, line, depth):
    """The score for x after `line` (mean of the last two iterations)."""
    found = engine.scores("position startpos moves " + " ".join(line), f"go depth {depth}")
    cps = [value for kind, value in found if kind == "cp"]
    s = sum(cps[-2:]) / len(cps[-2:])
    return s if len(line) % 2 == 0 else -s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("boardlab", nargs="?", default="target/release/boardlab")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--window", type=int, default=80)
    ap.add_argument("--four-ply", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    engine = Engine([args.boardlab, "uai"])
    start = parse_board(START)

    def lines_from(line, board, plies, seen):
        side = "xo"[len(line) % 2]
        for mv in moves(board, side):
            b = play(board, side, mv)
            if plies == 1:
                k = key(b)
                if k not in seen:
                    seen.add(k)
                    yield line + [mv]
            else:
                yield from lines_from(line + [mv], b, plies - 1, seen)

    balanced2 = []
    for line in lines_from([], start, 2, set()):
        s = line_score(engine, line, args.depth)
        if abs(s) <= args.window:
            balanced2.append((line, s))
    rng = random.Random(args.seed)
    candidates = []
    seen4 = set()
    for line, _ in balanced2:
        board, side = start, "x"
        for mv in line:
            board, side = play(board, side, mv), "o" if side == "x" else "x"
        candidates += list(lines_from(line, board, 2, seen4))
    rng.shuffle(candidates)
    balanced4 = []
    for line in candidates:
        if len(balanced4) >= args.four_ply:
            break
        s = line_score(engine, line, args.depth)
        if abs(s) <= args.window:
            balanced4.append((line, s))
    engine.send("quit")
    print("# Balanced openings for Ataxx from the standard start x5o/7/7/7/7/7/o5x x 0 1, one per")
    print("# line (moves, or `setup | moves`), each played with both colours by `boardlab arena")
    print("# --openings`. Made by BoardLab's engine with:")
    print(f"#   scripts/ataxx-book.py target/release/boardlab --depth {args.depth} --window "
          f"{args.window} --four-ply {args.four_ply} --seed {args.seed}")
    print(f"# (every 2-ply line up to symmetry, and {args.four_ply} seeded 4-ply extensions of the")
    print(f"# balanced ones, whose depth-{args.depth} score is within {args.window} cp of 0; the")
    print("# scores for x follow, in the order of the lines). Then walled starts: seeded symmetric")
    print("# layouts (`walls:N`, as `boardlab arena --walls` deals them) and FENs with walls (`-`),")
    print("# which UAI games get as a FEN.")
    scores = [f"{s:+.0f}" for _, s in balanced2 + balanced4]
    for i in range(0, len(scores), 12):
        print("# scores:", " ".join(scores[i:i + 12]))
    for line, s in balanced2 + balanced4:
        print(" ".join(line))
    print("# Walled starts.")
    # Seeds 3 and 4 deal the same layout (x2-2o/7/7/7/7/7/o2-2x), so 4 is skipped.
    for seed in (1, 2, 3, 5, 6, 7):
        print(f"walls:{seed} |")
    print("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1 |")
    print("x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1 |")
    print("x5o/1-3-1/7/7/7/1-3-1/o5x x 0 1 |")
    print("x-3-o/7/7/7/7/7/o-3-x x 0 1 |")


if __name__ == "__main__":
    try:
        main()
    except (OSError, RuntimeError) as e:
        sys.exit(f"ataxx-book: {e}")
