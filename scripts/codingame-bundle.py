#!/usr/bin/env python3
"""Writes one game's CodinGame bot as a single self-contained Rust file.

CodinGame compiles one pasted source file (at most 100,000 characters) with plain rustc and none
of our crates or `.cargo/config.toml`. The bundle is the crate's own source, not a copy: the
modules the bot needs (`mod x;` becomes `mod x { ... }`, recursively), then a `fn main` that runs
`protocol::<game>::run` with `BotConfig::default()`, as `boardlab bot <game>` does. With
`--player random|greedy|minimax` it bundles that baseline instead (`src/baseline`, the game's own
evaluation only), as `boardlab bot <game> --player <kind>` plays it; its seed is `--seed N` when
the binary is given one (the arena can), else the clock, so games on CodinGame differ.

What it leaves out, and why that is safe:
- Modules: at the crate root only those the bots need (no CLI, arena, server, wasm API, and no
  baselines unless asked for); in the registries `src/games/mod.rs`, `src/protocol/mod.rs` and
  `src/baseline/mod.rs` only the game's own child, together with the `use` items naming the
  other children; `src/games` keeps besides only the shared helpers the bundled code names
  (`used_helpers`). Every other module keeps all of its children. rustc checks the result, so
  a missing module fails the build, never the game.
- Comments, the formatter's and the linter's attributes (`#[rustfmt::skip]`, `#[allow(...)]`,
  `#[must_use]`), and items under a `cfg` that is false on CodinGame (`test`, any cargo `feature`,
  `target_arch = "wasm32"`); `cfg_attr`s on such a predicate go too. rustc would skip these
  items anyway; removing them only saves characters. A struct field or struct-literal field
  under such a `cfg` goes too (up to its comma).
- MCTS, in the bundle of a bot that never runs it: `bundle_without_mcts` is true there (a cfg
  that only this script sets), so `search::mcts` and what only MCTS uses (`#[cfg(not(
  bundle_without_mcts))]`: the MCTS agent, `engine_agent`, `BotConfig::mcts`) are left out. A bot
  runs MCTS when its adapter, src/protocol/<game>.rs, names `engine_agent` or `Mcts`; rustc
  checks the rest, so a wrong guess fails the build, never the game.
- In every bundle, the items under `cfg(not(codingame_bundle))`: code in the bots' modules that
  no bot calls (the in-process match of the CLI and tests, setups, the board as the UI draws it,
  Connect 4's solver command line), left out for its characters.
- In a baseline bundle, the items under `cfg(not(codingame_baseline))`: the opening books, which
  only the engine plays. `codingame_baseline` is this script's own cfg (cargo never sets it, see
  Cargo.toml's `check-cfg`): true in a baseline bundle, false in the engine's.

Usage: scripts/codingame-bundle.py <game> [--player random|greedy|minimax] [-o FILE]
       (default FILE: target/codingame/<game>.rs, or <game>-<player>.rs for a baseline)
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")
# CodinGame's limit on a submission, in UTF-16 code units (what its editor counts).
LIMIT = 100_000
# Crate-root modules the bots need (see DEVELOPERS.md, "The CodinGame bundle").
ROOT_MODULES = ["clock", "game", "games", "play", "protocol", "ranking", "rng", "search"]
# Modules that register every game: the bundle keeps the game's own child and drops the other
# games'. `games` keeps the shared helpers (children that are not games, e.g. stones_text) that
# the bundled code names (`used_helpers`);
# `protocol` keeps nothing else (its other children, the dispatch and UAI, name other games);
# `baseline` has one child per game (its leaf evaluation) and nothing else.
REGISTRIES = {"games", "protocol", "baseline"}
# The baselines `--player` can bundle (src/baseline/mod.rs, KINDS).
PLAYERS = ["random", "greedy", "minimax"]


def game_names():
    """The registry's `NAMES` (src/games/mod.rs): every game has a bot."""
    with open(os.path.join(SRC, "games", "mod.rs"), encoding="utf-8") as f:
        names = re.search(r"pub const NAMES: &\[&str\] = &\[([^\]]*)\]", f.read())
    return re.findall(r'"([a-z0-9_]+)"', names.group(1))


def game_types():
    """Each game's Rust type, from the `with_game!` macro in src/games/mod.rs."""
    with open(os.path.join(SRC, "games", "mod.rs"), encoding="utf-8") as f:
        arms = re.findall(r'"([a-z0-9_]+)" => \{\s*type \$G = \$crate::([A-Za-z0-9_:]+);', f.read())
    return dict(arms)


class BundleError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Lexing: just enough Rust to tell comments, literals and lifetimes from code.

IDENT_START = re.compile(r"[A-Za-z_\u0080-\U0010ffff]")
IDENT = re.compile(r"[A-Za-z0-9_\u0080-\U0010ffff]*")
RAW_STRING = re.compile(r'(b|c)?r(#*)"')


class Tok:
    __slots__ = ("kind", "text", "line", "gap")

    def __init__(self, kind, text, line):
        # `gap`: the whitespace before the token once comments are gone.
        self.kind, self.text, self.line, self.gap = kind, text, line, ""


def lex(text, name):
    """Tokens of `text`: ws, comment, literal, lifetime, ident, number or punct (one char)."""
    toks, i, n, line = [], 0, len(text), 1

    def fail(msg):
        raise BundleError(f"{name}:{line}: {msg}")

    while i < n:
        c, start = text[i], i
        if c.isspace():
            while i < n and text[i].isspace():
                i += 1
            kind = "ws"
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            kind = "comment"
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while depth:
                if i >= n:
                    fail("unterminated block comment")
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            kind = "comment"
        elif m := RAW_STRING.match(text, i):
            close = '"' + m.group(2)
            end = text.find(close, m.end())
            if end < 0:
                fail("unterminated raw string")
            i, kind = end + len(close), "literal"
        elif c == '"' or (c in "bc" and text.startswith('"', i + 1)):
            i = text.index('"', i) + 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            if i >= n:
                fail("unterminated string")
            i, kind = i + 1, "literal"
        elif c == "'" or (c == "b" and text.startswith("'", i + 1)):
            q = text.index("'", i)
            if text.startswith("\\", q + 1):
                i = q + 1
                while i < n and text[i] != "'":
                    i += 2 if text[i] == "\\" else 1
                i, kind = i + 1, "literal"
            elif text.startswith("'", q + 2):
                i, kind = q + 3, "literal"
            elif c == "'":
                i = IDENT.match(text, q + 1).end()
                kind = "lifetime"
            else:
                fail("bad byte literal")
        elif text.startswith("r#", i) and IDENT_START.match(text, i + 2):
            i = IDENT.match(text, i + 2).end()
            kind = "ident"
        elif IDENT_START.match(c):
            i = IDENT.match(text, i).end()
            kind = "ident"
        elif c.isdigit():
            i = IDENT.match(text, i).end()
            while text.startswith(".", i) and i + 1 < n and text[i + 1].isdigit():
                i = IDENT.match(text, i + 1).end()
            kind = "number"
        else:
            i, kind = i + 1, "punct"
        toks.append(Tok(kind, text[start:i], line))
        line += text.count("\n", start, i)
    return toks


# ---------------------------------------------------------------------------------------------
# cfg evaluation: True, False, or None (unknown on CodinGame: left for rustc to decide).

# Whether the bundle being written is a baseline's (`codingame_baseline`, set by bundle()).
BASELINE = False


def split_args(toks):
    """Splits code tokens at top-level commas."""
    parts, cur, depth = [], [], 0
    for t in toks:
        if t.text in "([{":
            depth += 1
        elif t.text in ")]}":
            depth -= 1
        if t.text == "," and depth == 0:
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        parts.append(cur)
    return parts


# Whether the bot being bundled never runs MCTS (the `bundle_without_mcts` cfg); set by `bundle`.
WITHOUT_MCTS = False


def runs_mcts(game):
    """Whether `game`'s adapter can run MCTS: it names `engine_agent` (which builds either
    engine) or an `Mcts` type."""
    with open(os.path.join(SRC, "protocol", game + ".rs"), encoding="utf-8") as f:
        code = "".join(t.text + " " for t in lex(f.read(), game) if t.kind == "ident")
    return re.search(r"\b(engine_agent|Mcts\w*)\b", code) is not None


def eval_cfg(toks):
    words = [t.text for t in toks]
    if words == ["test"]:
        return False
    if words == ["bundle_without_mcts"]:
        return WITHOUT_MCTS
    if words == ["codingame_baseline"]:
        return BASELINE
    if words == ["codingame_bundle"]:
        return True
    if len(words) == 3 and words[1] == "=":
        key, value = words[0], words[2].strip('"')
        if key == "feature":
            return False  # plain rustc sets no cargo feature
        if key == "target_arch":
            return False if value == "wasm32" else None
        return None
    if len(words) >= 3 and words[0] in ("not", "all", "any") and words[1] == "(":
        args = [eval_cfg(a) for a in split_args(toks[2:-1])]
        if words[0] == "not":
            return None if args[0] is None else not args[0]
        if words[0] == "all":
            return False if False in args else (None if None in args else True)
        return True if True in args else (None if None in args else False)
    return None


# ---------------------------------------------------------------------------------------------
# Items: where the one after an attribute ends, so a false `cfg` can drop it.

ITEM_PREFIX = {"pub", "unsafe", "async", "extern", "default"}
ENDS_AT_SEMICOLON = {"use", "const", "static", "type", "let"}
ENDS_AT_BLOCK = {"fn", "mod", "impl", "struct", "enum", "trait", "union", "macro_rules"}


def item_end(code, i):
    """The index after the item starting at code[i] (attributes already skipped), or None when
    it is no item this script recognises."""
    j = i
    if code[j].text == "pub" and j + 1 < len(code) and code[j + 1].text == "(":
        j = match_close(code, j + 1)
    while code[j].text in ITEM_PREFIX or code[j].kind == "literal":
        j += 1
    keyword = code[j].text
    if keyword == "const" and code[j + 1].text == "fn":
        keyword = "fn"
    if keyword not in ENDS_AT_SEMICOLON and keyword not in ENDS_AT_BLOCK:
        return None
    depth = 0
    for k in range(j, len(code)):
        t = code[k].text
        if t in "([{":
            depth += 1
        elif t in ")]}":
            depth -= 1
            if depth == 0 and t == "}" and keyword in ENDS_AT_BLOCK:
                return k + 1
        elif t == ";" and depth == 0:
            return k + 1
    return None


def field_end(code, i):
    """The index after the field (`name: Type,` or `name: value,`) starting at code[i], its
    comma included, or None when code[i:] is no field: the end of the enclosing braces comes
    first only for a last field without a comma."""
    if not (code[i].kind == "ident" or code[i].text == "pub") or not any(
        t.text == ":" for t in code[i : i + 4]
    ):
        return None
    depth = 0
    for k in range(i, len(code)):
        t = code[k].text
        if t in "([{":
            depth += 1
        elif t in ")]}":
            if depth == 0:
                return k
            depth -= 1
        elif t == "," and depth == 0:
            return k + 1
    return None


def match_close(code, i):
    """The index after the bracket closing code[i]."""
    depth = 0
    for k in range(i, len(code)):
        if code[k].text in "([{":
            depth += 1
        elif code[k].text in ")]}":
            depth -= 1
            if depth == 0:
                return k + 1
    raise BundleError(f"line {code[i].line}: unbalanced '{code[i].text}'")


# ---------------------------------------------------------------------------------------------
# Modules


def module_file(dir_path, name):
    for candidate in (os.path.join(dir_path, name + ".rs"), os.path.join(dir_path, name, "mod.rs")):
        if os.path.exists(candidate):
            return candidate
    raise BundleError(f"no file for module '{name}' in {os.path.relpath(dir_path, ROOT)}")


def child_dir(file_path):
    base = os.path.basename(file_path)
    if base in ("mod.rs", "lib.rs", "main.rs"):
        return os.path.dirname(file_path)
    return file_path[: -len(".rs")]


def mod_decl(code, i):
    """(name, end) when code[i:] is `[pub[(..)]] mod name;`, else None."""
    j = i
    if code[j].text == "pub":
        j = match_close(code, j + 1) if code[j + 1].text == "(" else j + 1
    if code[j].text == "mod" and code[j + 1].kind == "ident" and code[j + 2].text == ";":
        return code[j + 1].text, j + 3
    return None


def use_root(code, i):
    """The first path segment of a `[pub] use` item starting at code[i], else None."""
    j = i + 1 if code[i].text == "pub" else i
    if code[j].text == "use" and code[j + 1].kind == "ident":
        return code[j + 1].text
    return None


def code_tokens(toks):
    """The code tokens of `toks`, each with the whitespace before it: the source's line breaks,
    without blank lines or indentation (a quarter of the characters), and no gap where
    `needs_gap` allows none; literals stay as they are but for their line continuations
    (`unbroken`). A comment counts as a space, so the tokens around it stay apart."""
    texts, gap = [], ""
    for t in toks:
        if t.kind in ("ws", "comment"):
            gap += t.text if t.kind == "ws" else " "
        else:
            if gap and texts and not needs_gap(texts[-1], t):
                gap = ""
            t.gap, gap = ("\n" if "\n" in gap else " " if gap else ""), ""
            if t.kind == "literal" and t.text[0] in "\"bc":
                t.text = unbroken(t.text)
            texts.append(t)
    return texts


def unbroken(literal):
    """A quoted string literal (not a raw one) without its line continuations: in Rust a
    backslash that ends a line inside such a string drops the line break and the whitespace
    after it (the Reference, "String continuation escapes"), so removing them keeps the
    string's value. The Ataxx network's weights break every 64 characters this way."""
    out, i = [], 0
    while i < len(literal):
        if literal[i] == "\\" and literal.startswith("\n", i + 1):
            i += 2
            while i < len(literal) and literal[i] in " \t\n\r":
                i += 1
        elif literal[i] == "\\":
            out.append(literal[i : i + 2])
            i += 2
        else:
            out.append(literal[i])
            i += 1
    return "".join(out)


def expand(file_path, keep_child):
    """The bundled text of the module in `file_path`: comments and false-cfg items removed,
    `mod x;` inlined when `keep_child(x)` and dropped (with `use x::...`) otherwise."""
    name = os.path.relpath(file_path, ROOT)
    with open(file_path, encoding="utf-8") as f:
        texts = code_tokens(lex(f.read(), name))
    dropped = {m[0] for k in range(len(texts)) if (m := mod_decl(texts, k)) and not keep_child(m[0])}

    out, i = [], 0

    def emit(k):
        out.append(texts[k].gap + texts[k].text)

    def dropped_item_end(k):
        """Where the item at k ends when it is `mod x;` or `use x::...` for a dropped x."""
        decl = mod_decl(texts, k)
        if decl and decl[0] in dropped:
            return decl[1]
        return item_end(texts, k) if use_root(texts, k) in dropped else None

    while i < len(texts):
        t = texts[i]
        if t.text == "#" and i + 1 < len(texts) and texts[i + 1].text == "[":
            # An outer attribute: collect it and any that follow, then decide on the item.
            attrs, j, live = [], i, True
            while j < len(texts) and texts[j].text == "#" and texts[j + 1].text == "[":
                end = match_close(texts, j + 1)
                inner = texts[j + 2 : end - 1]
                head = inner[0].text if inner else ""
                if head == "cfg" and inner[1].text == "(":
                    value = eval_cfg(inner[2:-1])
                    if value is False:
                        live = False
                    elif value is None:
                        attrs.append((j, end, None))
                elif head == "cfg_attr" and inner[1].text == "(":
                    args = split_args(inner[2:-1])
                    value = eval_cfg(args[0])
                    if value is None:
                        attrs.append((j, end, None))
                    elif value:
                        body = "".join("#[" + joined(arg).strip() + "]" for arg in args[1:])
                        attrs.append((j, end, body))
                elif head not in SPENT_ATTRIBUTES:
                    attrs.append((j, end, None))
                j = end
            if not live:
                item = item_end(texts, j) or field_end(texts, j)
                if item is None:
                    raise BundleError(f"{name}:{texts[j].line}: cannot tell where the cfg'd item ends")
                i = item
                continue
            if (end := dropped_item_end(j)) is not None:
                i = end
                continue
            for a, b, replacement in attrs:
                if replacement is None:
                    for k in range(a, b):
                        emit(k)
                else:
                    out.append(texts[a].gap + replacement)
            i = j
            continue
        if (end := dropped_item_end(i)) is not None:
            i = end
            continue
        decl = mod_decl(texts, i)
        if decl:
            child, end = decl
            child_path = module_file(child_dir(file_path), child)
            for k in range(i, end - 1):
                emit(k)
            out.append(" {\n" + expand(child_path, lambda _: True) + "\n}")
            i = end
            continue
        emit(i)
        i += 1
    return "".join(out).strip()


# Outer attributes for the formatter and the linter only (`#[rustfmt::skip]`, `#[allow(...)]`,
# `#[must_use]`): they change no code, so the bundle leaves them out for their characters.
SPENT_ATTRIBUTES = {"rustfmt", "allow", "must_use"}


# Token kinds that end or start like a word: two of them must stay apart (`as u8`), and an
# identifier right after a literal would become its suffix (`1 as` must not become `1as`).
WORDLIKE = {"ident", "number", "literal", "lifetime"}


def needs_gap(prev, tok):
    """Whether the whitespace between the code tokens `prev` and `tok` must stay: between two
    word-like tokens, and between two punctuation characters that rustc would join into one
    operator (`> =` is not `>=`, `& &` not `&&`: the pairs of `JOINED`). A word next to
    punctuation needs none (`x: u8 = 1` reads the same as `x:u8=1`), which makes the bundle about
    6 % shorter; nor do other punctuation pairs (`f: &mut` reads the same as `f:&mut`)."""
    if prev.kind in WORDLIKE and tok.kind in WORDLIKE:
        return True
    if prev.kind in WORDLIKE or tok.kind in WORDLIKE:
        return False
    return prev.text + tok.text in JOINED


# Two punctuation characters that rustc's lexer and parser read as one token, or as the start of
# one (`<<=`, `>>=`, `...` and `..=` begin with a pair here), or that open a comment: the
# Reference's "Punctuation" table (doc.rust-lang.org/reference/tokens.html#punctuation).
JOINED = {
    "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<",
    ">>", "..", "::", "->", "<-", "=>", "#!", "//", "/*", "*/",
}


def joined(toks):
    return "".join(t.gap + t.text for t in toks)


# ---------------------------------------------------------------------------------------------


def describe_source():
    try:
        rev = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        return f"commit {rev}"
    except (OSError, subprocess.CalledProcessError):
        return "a source tree without git"


MAIN = """\
fn main() {
    let (input, mut out, mut log) = (std::io::stdin().lock(), std::io::stdout().lock(), std::io::stderr());
    if let Err(e) = protocol::GAME::run(input, &mut out, &mut log, protocol::BotConfig::default()) {
        eprintln!("boardlab: cannot write the move: {e}");
        std::process::exit(1);
    }
}"""

# A baseline's main: `boardlab bot GAME --player KIND`, seeded by `--seed N` or else the clock.
BASELINE_MAIN = """\
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.iter().position(|a| a == "--seed").and_then(|i| args.get(i + 1)).and_then(|s| s.parse().ok()).unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64));
    let mut agent = baseline::agent::<TYPE>("KIND", seed).expect("a known baseline");
    let (input, mut out, mut log) = (std::io::stdin().lock(), std::io::stdout().lock(), std::io::stderr());
    if let Err(e) = protocol::GAME::run_with(input, &mut out, &mut log, protocol::BotConfig::default(), AGENT) {
        eprintln!("boardlab: cannot write the move: {e}");
        std::process::exit(1);
    }
}"""


def bundle(game, player="engine"):
    global WITHOUT_MCTS
    WITHOUT_MCTS = not runs_mcts(game)
    global BASELINE
    BASELINE = player != "engine"
    lib = os.path.join(SRC, "lib.rs")
    if player == "engine":
        what, command, main = "bot", f"boardlab bot {game}", MAIN.replace("GAME", game)
        modules = ROOT_MODULES
    else:
        types = game_types()
        if game not in types:
            raise BundleError(f"no type for '{game}' in the with_game! macro of src/games/mod.rs")
        # Ataxx's adapter takes the agent as an Option (None: its own engine).
        agent = "Some(agent.as_mut())" if game == "ataxx" else "agent.as_mut()"
        what, command = f"{player} baseline", f"boardlab bot {game} --player {player}"
        main = (BASELINE_MAIN.replace("GAME", game).replace("TYPE", types[game])
                .replace("KIND", player).replace("AGENT", agent))
        modules = ROOT_MODULES + ["baseline"]
    parts = [
        f"// BoardLab's {game} {what} for CodinGame (`{command}`), bundled by",
        f"// scripts/codingame-bundle.py from {describe_source()}. Generated: edit the crate, not this.",
        # The crate's public API is the bundle's dead code; rustc would list every unused item.
        "#![allow(dead_code, unused_imports, unused_macros)]",
        joined(code_tokens(lex(main, "fn main"))).strip(),
    ]
    for module in modules:
        if module not in REGISTRIES:
            keep = lambda _: True
        elif module == "games":
            helpers = used_helpers(game, modules)
            keep = lambda child: child == game or child in helpers
        else:
            keep = lambda child: child == game
        path = module_file(os.path.dirname(lib), module)
        parts.append(f"pub mod {module} {{\n{expand(path, keep)}\n}}")
    header, code = "\n".join(parts[:2]), "\n".join(parts[2:])
    return header + "\n" + join_lines(code) + "\n"


def rust_files(path):
    """The `.rs` files of the module whose file is `path`: that file and every file under its
    children's directory."""
    yield path
    for dirpath, _, names in os.walk(child_dir(path)):
        yield from (os.path.join(dirpath, n) for n in sorted(names)
                    if n.endswith(".rs") and os.path.join(dirpath, n) != path)


def used_helpers(game, modules):
    """The shared helpers of `src/games` (children that are not games) that `game`'s bot uses:
    a helper is named as `games::helper` anywhere in the bundled modules, or as `super::helper`
    in the game's own top file (where `super` is `games`), and the helpers those helpers name
    count too. A helper no bundled code names (Connect 4 uses no `cpu`, Yavalath no `network`)
    stays out, for its characters; rustc checks the result, so a wrong guess fails the build."""
    games_dir = os.path.join(SRC, "games")
    helpers = {name[: -len(".rs")] if name.endswith(".rs") else name
               for name in os.listdir(games_dir) if name != "mod.rs"} - set(game_names())
    texts = []
    for module in modules:
        if module in REGISTRIES:
            continue
        for f in rust_files(module_file(SRC, module)):
            texts.append(open(f, encoding="utf-8").read())
    game_top = module_file(games_dir, game)
    for sub in sorted(REGISTRIES & set(modules)):
        try:
            top = module_file(os.path.join(SRC, sub), game)
        except BundleError:
            continue
        for f in rust_files(top):
            text = open(f, encoding="utf-8").read()
            texts.append(text if f == game_top else re.sub(r"\bsuper::", "", text))
    used, pending = set(), texts
    while pending:
        text = "\n".join(pending)
        found = {h for h in helpers - used
                 if re.search(rf"\b(?:games|super)::(?:\{{[^}}]*\b)?{h}\b", text)}
        used |= found
        pending = [open(f, encoding="utf-8").read()
                   for h in found for f in rust_files(module_file(games_dir, h))]
    return used


def join_lines(code):
    """`code` with the line break after every `;`, `{` and `}` removed: those tokens already end
    what precedes them, so rustc reads the same program, about 3 % shorter. Safe because the
    bundle has no comments left and no string literal that breaks a line right after one of them
    (a continued string line ends in a backslash)."""
    return re.sub(r"([;{}])\n", r"\1", code)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--player", choices=["engine"] + PLAYERS, default="engine",
                        help="who chooses the moves: the engine (default) or a baseline")
    parser.add_argument("-o", "--output",
                        help="default: target/codingame/<game>.rs, or <game>-<player>.rs for a baseline")
    args = parser.parse_args()
    name = args.game if args.player == "engine" else f"{args.game}-{args.player}"
    out = args.output or os.path.join(ROOT, "target", "codingame", f"{name}.rs")
    try:
        text = bundle(args.game, args.player)
    except BundleError as e:
        sys.exit(f"codingame-bundle: {e}")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    # CodinGame counts UTF-16 code units (a character outside the BMP counts twice); the
    # Ataxx network's weights are letters of the Basic Multilingual Plane, one unit each.
    size = len(text.encode("utf-16-le")) // 2
    print(f"{args.output or os.path.relpath(out)}: {size:,} characters (CodinGame allows {LIMIT:,})", file=sys.stderr)
    if size > LIMIT:
        sys.exit(f"codingame-bundle: {name} is {size - LIMIT:,} characters over the limit")


if __name__ == "__main__":
    main()
