#!/usr/bin/env python3
"""Schachdame perft reference data, computed with pyffish (Fairy-Stockfish's core as a library).

Schachdame (docs/rules.md section S) is chess on the 32 dark squares: King = royal ferz (F),
Bishop (B), Pawn one step diagonally forward to move or capture, promotion to Bishop only,
no castling, no en passant, stalemate is a draw.  The game is not built into Fairy-Stockfish;
it is defined by docs/peers/schachdame.ini, which this script loads.

Only the Python standard library and pyffish (`pip install pyffish`) are used.

Sub-commands
------------
  perft FEN... [--depth N] [--jobs J]
        Print perft(1..N) for each FEN ("startpos" means the start position).
  generate [--seed S] [--out FILE] [--start-depth D] [--jobs J] [--max-d5-nodes N]
        Generate a varied, seeded set of positions (random play from the start position and
        from hand-made endgames plus a few hand-made positions), compute their perft with
        pyffish and write the EPD file (default /work/main/perft/schachdame.epd).
  verify FILE [--max-depth N] [--jobs J]
        Recompute every number of an EPD file with pyffish and report mismatches.

Perft convention
----------------
perft(0) = 1; perft(1) = number of legal moves; deeper plies are counted by making every legal
move and recursing.  The last ply is counted in bulk (the length of the legal-move list), which
gives the same numbers as making each move.  A checkmated or stalemated side has no legal
move, so perft(n) = 0 for every n >= 1 in such positions.

FEN dialect
-----------
Standard chess FEN with the letters K/B/P (white) and k/b/p (black); the castling and
en-passant fields are always "-":  `<board> <w|b> - - <halfmove> <fullmove>`.
pyffish's own FEN output is normalised to this form (see `normalise_fen`).

EPD output format
-----------------
Header lines start with '#'.  Every position is one line
    <FEN> ;D1 n ;D2 n ;D3 n ...
optionally preceded by a '#' comment line saying what the position shows.

pyffish is slow per call (a few milliseconds: every call parses a FEN), so each interior node
of the perft tree costs one `legal_moves` call; `--jobs` spreads the root moves (or the
positions) over several processes.
"""

import argparse
import multiprocessing
import os
import random
import sys
import time

import pyffish as sf

VARIANT = "schachdame"
DEFAULT_INI = "docs/peers/schachdame.ini"
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "perft", "schachdame.epd")
START_FEN = "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1"
# Start-position perft from docs/peers/README.md (Fairy-Stockfish 2023 core and a
# hand-written implementation agree to depth 8; Sjaak II agrees to depth 9).
START_REFERENCE = [7, 49, 427, 3706, 37400, 372945, 4079917, 43928402]

_INI_PATH = DEFAULT_INI


def load_variant(ini_path=None):
    """Load the Schachdame definition into pyffish (must be done in every process)."""
    global _INI_PATH
    if ini_path:
        _INI_PATH = ini_path
    with open(_INI_PATH) as f:
        sf.load_variant_config(f.read())


# --------------------------------------------------------------------------------------------
# perft with pyffish
# --------------------------------------------------------------------------------------------

def _perft_moves(fen, moves, depth):
    """perft of the position reached from `fen` by `moves`; one pyffish call per interior node."""
    legal = sf.legal_moves(VARIANT, fen, moves)
    if depth == 1:
        return len(legal)
    total = 0
    for m in legal:
        total += _perft_moves(fen, moves + [m], depth - 1)
    return total


def perft(fen, depth):
    """Number of leaf nodes at `depth` plies (bulk count at the last ply)."""
    if depth == 0:
        return 1
    # Re-root every few plies so the move lists stay short: pass the FEN of each child.
    return _perft_moves(fen, [], depth)


def _perft_child(args):
    fen, move, depth = args
    if depth == 0:
        return 1
    child = normalise_fen(sf.get_fen(VARIANT, fen, [move]))
    return perft(child, depth)


def perft_parallel(fen, depth, pool=None):
    """perft(fen, depth) with the root moves spread over a multiprocessing pool."""
    if pool is None or depth <= 3:
        return perft(fen, depth)
    legal = sf.legal_moves(VARIANT, fen, [])
    return sum(pool.map(_perft_child, [(fen, m, depth - 1) for m in legal], chunksize=1))


def _pool_init(ini_path):
    # Forked workers inherit the loaded variant; only spawned ones must load it again.
    if multiprocessing.get_start_method() != "fork":
        load_variant(ini_path)


def make_pool(jobs):
    if jobs <= 1:
        return None
    return multiprocessing.Pool(jobs, initializer=_pool_init, initargs=(_INI_PATH,))


# --------------------------------------------------------------------------------------------
# FEN helpers, legality and features (independent of pyffish)
# --------------------------------------------------------------------------------------------

def normalise_fen(fen):
    """`<board> <side> - - <halfmove> <fullmove>` from any pyffish/chess-like FEN."""
    parts = fen.split()
    board, side = parts[0], parts[1]
    # Drop pyffish extras such as a pocket "[...]" or promoted-piece markers "~".
    if "[" in board:
        board = board[: board.index("[")]
    board = board.replace("~", "")
    nums = [p for p in parts[2:] if p.isdigit()]
    half, full = (nums + ["0", "1"])[:2] if len(nums) >= 2 else ("0", "1")
    return "%s %s - - %s %s" % (board, side, half, full)


def parse_board(fen):
    """dict (file 0..7, rank 0..7) -> piece letter."""
    rows = fen.split()[0].split("/")
    if len(rows) != 8:
        raise ValueError("board must have 8 ranks: %s" % fen)
    board = {}
    for i, row in enumerate(rows):
        rank = 7 - i
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board[(f, rank)] = c
                f += 1
        if f != 8:
            raise ValueError("rank %d does not have 8 files: %s" % (rank + 1, fen))
    return board


DIAGS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _on(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def is_white(c):
    return c.isupper()


def attacked(board, sq, by_white):
    """Is square `sq` attacked by the side `by_white`?"""
    f, r = sq
    own = (lambda c: c.isupper()) if by_white else (lambda c: c.islower())
    # pawns: white pawn on (f+-1, r-1) attacks (f, r); black pawn on (f+-1, r+1).
    pr = r - 1 if by_white else r + 1
    for df in (-1, 1):
        c = board.get((f + df, pr))
        if c and own(c) and c.upper() == "P":
            return True
    for df, dr in DIAGS:
        c = board.get((f + df, r + dr))
        if c and own(c) and c.upper() == "K":
            return True
        nf, nr = f + df, r + dr
        while _on(nf, nr):
            c = board.get((nf, nr))
            if c:
                if own(c) and c.upper() == "B":
                    return True
                break
            nf += df
            nr += dr
    return False


def king_square(board, white):
    k = "K" if white else "k"
    for sq, c in board.items():
        if c == k:
            return sq
    return None


def in_check(board, white):
    return attacked(board, king_square(board, white), not white)


def pinned_pieces(board, white):
    """Pieces of side `white` pinned against their own king by an enemy bishop."""
    kf, kr = king_square(board, white)
    pins = []
    for df, dr in DIAGS:
        nf, nr = kf + df, kr + dr
        first = None
        while _on(nf, nr):
            c = board.get((nf, nr))
            if c:
                if first is None:
                    if is_white(c) == white:
                        first = (nf, nr)
                    else:
                        break
                else:
                    if is_white(c) != white and c.upper() == "B":
                        pins.append(first)
                    break
            nf += df
            nr += dr
    return pins


def check_legal_fen(fen):
    """Raise ValueError unless `fen` is a legal Schachdame position for these tests."""
    parts = fen.split()
    if len(parts) != 6 or parts[1] not in "wb" or parts[2] != "-" or parts[3] != "-":
        raise ValueError("FEN not in the form '<board> <side> - - <half> <full>': %s" % fen)
    board = parse_board(fen)
    for (f, r), c in board.items():
        if c not in "KBPkbp":
            raise ValueError("unknown piece %r: %s" % (c, fen))
        if (f + r) % 2 != 0:  # a1 = (0,0) is dark, dark <=> file+rank even
            raise ValueError("piece %s on a light square %s%d: %s" % (c, "abcdefgh"[f], r + 1, fen))
        if c == "P" and r == 7:
            raise ValueError("white pawn on rank 8: %s" % fen)
        if c == "p" and r == 0:
            raise ValueError("black pawn on rank 1: %s" % fen)
    vals = list(board.values())
    if vals.count("K") != 1 or vals.count("k") != 1:
        raise ValueError("need exactly one king each: %s" % fen)
    white_to_move = parts[1] == "w"
    if in_check(board, not white_to_move):
        raise ValueError("side not to move is in check: %s" % fen)
    if sf.validate_fen(fen, VARIANT) != 1:
        raise ValueError("pyffish rejects FEN (%s): %s" % (sf.validate_fen(fen, VARIANT), fen))


def features(fen):
    """Set of tags describing what a position exercises."""
    board = parse_board(fen)
    parts = fen.split()
    white = parts[1] == "w"
    full = int(parts[5])
    tags = set()
    n = len(board)
    vals = list(board.values())
    if full <= 8 and n >= 14:
        tags.add("opening")
    elif n >= 10:
        tags.add("middlegame")
    elif n <= 8:
        tags.add("endgame")
    tags.add("white" if white else "black")
    legal = sf.legal_moves(VARIANT, fen, [])
    chk = in_check(board, white)
    if chk:
        tags.add("check")
    if not legal:
        tags.add("checkmate" if chk else "stalemate")
    if pinned_pieces(board, white):
        tags.add("pin")
    if white and any(c == "P" and r == 6 for (f, r), c in board.items()):
        tags.add("promo")
    if not white and any(c == "p" and r == 1 for (f, r), c in board.items()):
        tags.add("promo")
    for m in legal:
        if len(m) == 5:
            tags.add("promo-move")
            to = ("abcdefgh".index(m[2]), int(m[3]) - 1)
            if to in board:
                tags.add("promo-capture")
    if vals.count("B") >= 2 or vals.count("b") >= 2:
        tags.add("bishops")
    if sorted(vals) == ["B", "K", "k"] or sorted(vals) == ["K", "b", "k"]:
        tags.add("KBvK")
    if sorted(vals) == ["K", "P", "k"] or sorted(vals) == ["K", "k", "p"]:
        tags.add("KPvK")
    if n <= 5:
        tags.add("bare")
    return tags


# --------------------------------------------------------------------------------------------
# position generation
# --------------------------------------------------------------------------------------------

# Hand-made endgame positions used as seeds for random play (all verified by check_legal_fen).
ENDGAME_SEEDS = [
    ("K+B vs K", "8/8/8/4k3/8/B7/8/2K5 w - - 0 1"),
    ("K+P vs K", "8/8/5k2/8/3P4/8/8/4K3 w - - 0 1"),
    ("K+P vs K+P", "8/8/3k4/6P1/8/4p3/1K6/8 w - - 0 1"),
    ("K+2B vs K+P", "3k4/8/7B/4p3/8/B7/8/6K1 w - - 0 1"),
    ("K+B+2P vs K+B+2P", "5k2/8/1b1p3p/B1B5/8/6P1/8/4K3 w - - 0 1"),
    ("pawn race, pawns near promotion", "1k6/6P1/1P1P4/8/7p/2p1p3/7K/8 w - - 0 1"),
    ("K+B+P vs K+B", "8/2k5/8/4b3/8/2P5/1B6/K7 b - - 0 1"),
]

# Hand-made positions included as they are, with what they show.
HAND_MADE = [
    ("checkmate: K+B vs K (Kc3, Bb2 vs Ka1, docs/rules.md S8), black to move, D1 0",
     "8/8/8/8/8/2K5/1B6/k7 b - - 0 1"),
    ("checkmate of White by a pawn guarded by its king, white to move, D1 0",
     "8/8/8/8/8/2k5/1p6/K7 w - - 0 1"),
    ("stalemate: black Ka1 has only b2, covered by Kc3; black to move, D1 0",
     "8/8/8/8/8/2K5/8/k7 b - - 0 1"),
    ("stalemate: white Kh8 has only g7, covered by Kf6; white to move, D1 0",
     "7K/8/5k2/8/8/8/8/8 w - - 0 1"),
    ("stalemate with a pawn: Pb2 pinned by Ba1 behind it (b2-a3 illegal, c3 own king), D1 0",
     "8/8/8/2p1k3/8/2K1p3/1P6/b7 w - - 0 1"),
    ("pin: pawn f2 pinned by Bd4 against Kg1 may step along the pin line (e3) but not to g3",
     "3k4/8/8/8/3b4/8/5P2/6K1 w - - 0 1"),
    ("pin: bishop d2 pinned by Ba5 against Ke1 may move along the pin line and capture",
     "3k4/8/8/b7/8/8/3B4/4K3 w - - 0 1"),
    ("pin: black pawn d6 pinned by Bg3 against Kc7 may step to e5 (pin line) but not c5",
     "8/2k5/3p4/8/8/6B1/8/K7 b - - 0 1"),
    ("double check by bishop f8 and pawn c5: only king moves; Kxc5 illegal (c5 is on the bishop line)",
     "5B2/8/3k4/2P5/8/8/8/K7 b - - 0 1"),
    ("promotion with capture: white pawn c7 may take on b8 or d8 (no quiet promotion)",
     "1b1b3k/2P5/8/8/8/8/8/4K3 w - - 0 1"),
    ("promotion with capture for Black: pawn f2 may take on e1 or g1, black to move",
     "3k4/8/8/8/8/8/5p2/K3B1B1 b - - 0 1"),
    ("promotion giving check: c7-d8=B checks Kf6 along d8-e7-f6",
     "8/2P5/5k2/8/8/8/8/2K5 w - - 0 1"),
    ("several bishops: three white bishops vs two black bishops, open board",
     "3k4/2b5/8/2B1B3/8/2B1b3/8/4K3 w - - 0 1"),
]


def random_game(rng, fen, max_plies, capture_bias):
    """Play random legal moves from `fen`; return the list of visited FENs (normalised)."""
    out = [normalise_fen(fen)]
    cur = out[0]
    for _ in range(max_plies):
        legal = sf.legal_moves(VARIANT, cur, [])
        if not legal:
            break
        board = parse_board(cur)
        noisy = [m for m in legal if len(m) == 5 or
                 ("abcdefgh".index(m[2]), int(m[3]) - 1) in board]
        if noisy and rng.random() < capture_bias:
            m = rng.choice(noisy)
        else:
            m = rng.choice(legal)
        cur = normalise_fen(sf.get_fen(VARIANT, cur, [m]))
        out.append(cur)
    return out


# (tag set required, how many, comment)
QUOTAS = [
    ({"opening", "white"}, 3, "opening, white to move"),
    ({"opening", "black"}, 3, "opening, black to move"),
    ({"middlegame", "white"}, 4, "middlegame, white to move"),
    ({"middlegame", "black"}, 4, "middlegame, black to move"),
    ({"endgame"}, 4, "endgame"),
    ({"check", "white"}, 3, "white in check"),
    ({"check", "black"}, 3, "black in check"),
    ({"pin"}, 4, "pinned piece(s) of the side to move"),
    ({"promo", "white"}, 3, "white pawn on rank 7, white to move"),
    ({"promo", "black"}, 3, "black pawn on rank 2, black to move"),
    ({"promo-capture"}, 3, "promotion with capture possible"),
    ({"checkmate"}, 2, "checkmate, D1 0"),
    ({"stalemate"}, 1, "stalemate, D1 0"),
    ({"bishops"}, 4, "several bishops after promotion"),
    ({"KBvK"}, 2, "K+B vs K"),
    ({"KPvK"}, 2, "K+P vs K"),
]

DESCRIBE_ORDER = ["opening", "middlegame", "endgame", "white", "black", "check", "pin", "promo",
                  "promo-move", "promo-capture", "checkmate", "stalemate", "bishops", "KBvK",
                  "KPvK", "bare"]


def describe(tags):
    words = []
    for t in DESCRIBE_ORDER:
        if t not in tags:
            continue
        words.append({
            "white": "white to move", "black": "black to move",
            "pin": "pinned piece", "promo": "pawn on the 7th/2nd rank",
            "promo-move": "promotion possible", "promo-capture": "promotion with capture possible",
            "bishops": "several bishops", "KBvK": "K+B vs K", "KPvK": "K+P vs K",
            "bare": "few pieces",
        }.get(t, t))
    return ", ".join(words)


def collect_pool(seed, games):
    rng = random.Random(seed)
    pool = {}
    starts = [("start", START_FEN)] * games + [(n, f) for n, f in ENDGAME_SEEDS for _ in range(6)]
    for name, fen in starts:
        if name == "start":
            seq = random_game(rng, fen, 160, rng.choice([0.0, 0.3, 0.6, 0.9]))
        else:
            seq = random_game(rng, fen, 30, 0.3)
        for p in seq[1:] if name == "start" else seq:
            if p in pool or int(p.split()[4]) >= 60:
                continue
            try:
                check_legal_fen(p)
            except ValueError:
                continue
            pool[p] = features(p)
    return pool


def select(pool, seed):
    rng = random.Random(seed + 1)
    fens = sorted(pool)
    rng.shuffle(fens)
    chosen = []
    seen = set()
    for need, count, _ in QUOTAS:
        cands = [f for f in fens if need <= pool[f] and f not in seen]
        # Prefer cheap-to-count positions: moderate branching factor.
        cands = [f for f in cands if len(sf.legal_moves(VARIANT, f, [])) <= 25] or cands
        for f in cands[:count]:
            chosen.append(f)
            seen.add(f)
    return chosen


def _count_job(args):
    fen, max_d5_nodes, max_depth = args
    t = time.time()
    counts = [perft(fen, d) for d in range(1, 5)]
    d3, d4 = counts[2], counts[3]
    # Estimate D5 from the growth of the last ply; also bounds pyffish time (one call per D4 node).
    est = d4 * (d4 / d3) if d3 else 0
    if max_depth >= 5 and d4 and est < max_d5_nodes and d4 < 150000:
        d5 = perft(fen, 5)
        if d5 < max_d5_nodes:
            counts.append(d5)
    return fen, counts, time.time() - t


def epd_line(fen, counts):
    return fen + "".join(" ;D%d %d" % (i + 1, n) for i, n in enumerate(counts))


def generate(args):
    pool_obj = make_pool(args.jobs)
    t0 = time.time()
    pool = collect_pool(args.seed, args.games)
    print("pool: %d distinct positions" % len(pool), file=sys.stderr)
    chosen = [(describe(pool[f]), f) for f in select(pool, args.seed)]
    hand = []
    for comment, fen in HAND_MADE:
        check_legal_fen(fen)
        hand.append((comment, fen))
    for name, fen in ENDGAME_SEEDS:
        check_legal_fen(fen)
        hand.append(("hand-made %s: %s" % (name, describe(features(fen))), fen))
    entries = hand + chosen
    # Never duplicate a FEN.
    uniq, seen = [], set()
    for c, f in entries:
        if f not in seen:
            uniq.append((c, f))
            seen.add(f)
    entries = uniq

    # Start position, as deep as asked.
    start_counts = []
    for d in range(1, args.start_depth + 1):
        t = time.time()
        n = perft_parallel(START_FEN, d, pool_obj)
        print("start perft(%d) = %d  (%.1fs)" % (d, n, time.time() - t), file=sys.stderr)
        if d <= len(START_REFERENCE) and n != START_REFERENCE[d - 1]:
            raise SystemExit("start perft(%d) = %d differs from the reference %d"
                             % (d, n, START_REFERENCE[d - 1]))
        start_counts.append(n)
    start_full = start_counts + START_REFERENCE[len(start_counts):]

    jobs = [(f, args.max_d5_nodes, 5) for _, f in entries]
    if pool_obj:
        results = pool_obj.map(_count_job, jobs, chunksize=1)
    else:
        results = list(map(_count_job, jobs))
    res = {f: c for f, c, _ in results}

    lines = [
        "# Schachdame perft reference positions (docs/rules.md section S) for Kurier.",
        "# Generated by tools/schachdame_perft_pyffish.py generate --seed %d (random play from the start"
        % args.seed,
        "#   position and from hand-made endgames, plus hand-made positions); do not edit by hand.",
        "# Source of the numbers: pyffish %s (Fairy-Stockfish core as a Python library) with"
        % ".".join(map(str, sf.version())),
        "#   docs/peers/schachdame.ini; perft = legal_moves/get_fen recursion, last ply",
        "#   counted in bulk (same numbers as making each move).",
        "# FEN dialect: standard chess FEN, letters K B P / k b p, every piece on a dark square",
        "#   (file+rank even, a1 dark), castling and en-passant fields always '-':",
        "#   <board> <w|b> - - <halfmove> <fullmove>.  Every FEN checked legal: one king each, side",
        "#   not to move not in check, no white pawn on rank 8 / black pawn on rank 1.",
        "# Line format: <FEN> ;D1 n ;D2 n ... (perft to depth 1, 2, ...).  Only positions without a",
        "#   legal move (checkmate, stalemate: D1 0) end a branch; draws by rule (two bare kings,",
        "#   50 moves, repetition) do not: perft keeps counting moves after them, as usual.",
        "# Verification: start position D1-D%d recomputed by pyffish and equal to the reference table"
        % args.start_depth,
        "#   in docs/peers/README.md%s"
        % ("." if args.start_depth >= len(START_REFERENCE) else
           "; D%s %s from that table (Fairy-Stockfish 2023 core"
           % ("%d-D%d" % (args.start_depth + 1, len(START_REFERENCE))
              if args.start_depth + 1 < len(START_REFERENCE) else str(len(START_REFERENCE)),
              "are" if args.start_depth + 1 < len(START_REFERENCE) else "is")),
    ] + ([] if args.start_depth >= len(START_REFERENCE) else
         ["#   and a hand-written implementation agree), too slow for pyffish here."]) + [
        "# All other positions: D1-D4 always, D5 when under %d nodes; computed by pyffish."
        % args.max_d5_nodes,
        "# Sjaak II cross-check: not run yet (tools/schachdame_perft_sjaak.py --update-header).",
        "",
        "# start position",
        epd_line(START_FEN, start_full),
    ]
    for comment, fen in entries:
        lines.append("# " + comment)
        lines.append(epd_line(fen, res[fen]))
    out = os.path.abspath(args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %s: %d positions (%.0fs)" % (out, len(entries) + 1, time.time() - t0),
          file=sys.stderr)


# --------------------------------------------------------------------------------------------
# EPD reading / verification
# --------------------------------------------------------------------------------------------

def read_epd(path):
    """[(fen, [D1, D2, ...])] from an EPD file of this format."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split(";")]
            fen = fields[0]
            counts = []
            for fld in fields[1:]:
                tag, val = fld.split()
                assert tag == "D%d" % (len(counts) + 1), line
                counts.append(int(val))
            out.append((fen, counts))
    return out


def verify(args):
    pool_obj = make_pool(args.jobs)
    bad = 0
    for fen, counts in read_epd(args.file):
        check_legal_fen(fen)
        for d, want in enumerate(counts[: args.max_depth], 1):
            got = perft_parallel(fen, d, pool_obj)
            if got != want:
                print("MISMATCH %s D%d file %d pyffish %d" % (fen, d, want, got))
                bad += 1
        print("ok" if not bad else "..", fen, file=sys.stderr)
    print("%d mismatches" % bad)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ini", default=DEFAULT_INI, help="variant definition for pyffish")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("fens", nargs="+")
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--jobs", type=int, default=1)
    g = sub.add_parser("generate")
    g.add_argument("--seed", type=int, default=2024)
    g.add_argument("--games", type=int, default=60, help="random games from the start position")
    g.add_argument("--out", default=DEFAULT_OUT)
    g.add_argument("--start-depth", type=int, default=7)
    g.add_argument("--max-d5-nodes", type=int, default=2000000)
    g.add_argument("--jobs", type=int, default=2)
    v = sub.add_parser("verify")
    v.add_argument("file")
    v.add_argument("--max-depth", type=int, default=5)
    v.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    load_variant(args.ini)
    if args.cmd == "perft":
        pool_obj = make_pool(args.jobs)
        for fen in args.fens:
            fen = START_FEN if fen == "startpos" else fen
            check_legal_fen(fen)
            for d in range(1, args.depth + 1):
                t = time.time()
                print("%s ;D%d %d  (%.1fs)" % (fen, d, perft_parallel(fen, d, pool_obj), time.time() - t),
                      flush=True)
    elif args.cmd == "generate":
        generate(args)
    else:
        sys.exit(verify(args))


if __name__ == "__main__":
    main()
