# The two commands that matter: `make play` (build everything, serve the playground) and
# `make test` (every test: Rust, wasm build, browser). Both install what is missing first.

PORT ?= 8080
BOARDLAB := target/release/boardlab
# The suite's build profile (Cargo.toml: release optimisation, thin LTO); its binary serves the
# browser tests too, so `make test` links the crate once per test binary and never with fat LTO.
SUITE_BOARDLAB := target/suite/boardlab

.PHONY: play test site toolchain rust-tests browser-tests bench strength bundle tune-ataxx tune-ataxx-linear tune-connect4 tune-connect4-network fuzz

play: toolchain site
	cargo build --release
	$(BOARDLAB) serve --dir dist --port $(PORT)

test: toolchain rust-tests browser-tests

toolchain:
	bash scripts/toolchain.sh

site:
	bash scripts/build-site.sh

rust-tests:
	# One test at a time: the bot tests check the referee's 100 ms limit in wall time.
	cargo test --profile suite -- --test-threads=1

browser-tests:
	bash scripts/toolchain.sh --browser
	bash scripts/build-site.sh
	# The wasm API of both builds against hostile strings, under Node: refusals, never a trap.
	node tests/wasm/hostile.mjs 1000
	node tests/wasm/hostile.mjs 1000 --threaded
	# The binary `cargo test` built (a no-op after rust-tests): `cargo build` would link it again,
	# because the test build's dev-dependencies turn on other features of shared crates.
	cargo test --profile suite --no-run
	# Both wasm builds search the native engine's trees: the bench's node counts agree.
	BOARDLAB_BIN=$(SUITE_BOARDLAB) node tests/wasm/same-trees.mjs
	BOARDLAB_BIN=$(SUITE_BOARDLAB) node tests/wasm/same-trees.mjs --threaded
	BOARDLAB_BIN=$(SUITE_BOARDLAB) BOARDLAB_SERVE="$(SUITE_BOARDLAB) serve --dir dist --port 0" node tests/e2e/run.mjs

# Speed and the long acceptance checks, kept out of the suite: benches, perft, and the
# ignored tests (the empty 7x6 Connect 4 solve, deep perft counts).
bench:
	cargo run --release -- bench yavalath
	cargo run --release -- perft yavalath 5 --setup nosteal
	cargo test --release -- --ignored --test-threads=1

strength:
	bash scripts/strength.sh

# The bots on damaged referee input, FUZZ_RUNS matches per game (tests/fuzz/mod.rs): prints the
# README's table, then FUZZ_RUNS hostile `boardlab uai` sessions (tests/uai_fuzz.rs), then ten
# times as many hostile calls of the wasm API under Node (tests/wasm/hostile.mjs); fails when
# any is not sound. One core; FUZZ_RUNS=2000 took about 6.5 minutes on the loaded 2-core machine.
FUZZ_RUNS ?= 2000
fuzz:
	FUZZ_RUNS=$(FUZZ_RUNS) cargo test --profile suite --test bot_fuzz -- --ignored --nocapture fuzz_table; \
	bots=$$?; \
	FUZZ_RUNS=$(FUZZ_RUNS) cargo test --profile suite --test uai_fuzz -- --ignored --nocapture uai_fuzz_sessions; \
	uai=$$?; \
	bash scripts/build-site.sh && node tests/wasm/hostile.mjs $(FUZZ_RUNS)0; \
	wasm=$$?; \
	exit $$((bots | uai | wasm))

# One pasteable source file per game for CodinGame, target/codingame/<game>.rs, each checked by
# compiling it as CodinGame does: plain rustc, no crates (the binary beside it can play in the arena).
bundle:
	for game in yavalath connect4 ataxx amazons; do \
	  python3 scripts/codingame-bundle.py $$game && \
	  rustc --edition 2021 -O target/codingame/$$game.rs -o target/codingame/$$game || exit 1; \
	done

# Play new Ataxx self-play games and refine the evaluation network on them, a correction to the
# linear evaluation (README: the evaluation network); rewrites src/games/ataxx/network_weights.rs,
# then rebuild to play with it. The self-play is the current engine's, so each run is one more
# generation, and its games refine the shipped network (`--from-shipped`), which measured
# stronger than training anew on one generation. About 15 minutes on 2 cores (the shipped
# network: four such sets, seeds 4001 to 4004, README "Refining the shipped network").
tune-ataxx:
	cargo build --release
	$(BOARDLAB) tune ataxx --model network --games 12000 --nodes 4000 --random-plies 3 --seed 103 \
	  --from-shipped --epochs 32 --learning-rate 0.0003 --result-weight 0.3 --l1 0.000001 \
	  --write src/games/ataxx/network_weights.rs

# Refit the linear evaluation's weights (README: the fitted evaluation); rewrites
# src/games/ataxx/weights.rs. The network corrects the linear evaluation it was trained beside:
# retrain it after this (make tune-ataxx).
tune-ataxx-linear:
	cargo build --release
	$(BOARDLAB) tune ataxx --write src/games/ataxx/weights.rs

# Play and label Connect 4 positions with the exact solver and refit its evaluation (README:
# Connect 4's fitted evaluation); rewrites src/games/connect4/weights.rs, then rebuild.
tune-connect4:
	cargo build --release
	$(BOARDLAB) tune connect4 --write src/games/connect4/weights.rs

# Label Connect 4 positions of 16 to 48 chips from the current engine's games with the exact
# solver and refine the shipped evaluation network on them (`--from-shipped`), a correction to
# the linear evaluation (README: Connect 4's evaluation network); rewrites
# src/games/connect4/network_weights.rs, then rebuild. Each run is one more generation; the
# refinement measured better than training anew (session 51). About an hour on 2 cores. After
# refitting the linear weights (make tune-connect4), train anew instead: without
# --from-shipped, 30 epochs at 0.002.
tune-connect4-network:
	cargo build --release
	$(BOARDLAB) tune connect4 --model network --games 21600 --min-chips 16 --max-chips 48 \
	  --solve-nodes 3000000 --threads 2 --seed 5101 --from-shipped --epochs 20 \
	  --learning-rate 0.0003 --l1 0.0002 --write src/games/connect4/network_weights.rs
