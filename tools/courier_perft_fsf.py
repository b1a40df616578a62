#!/usr/bin/env python3
"""Courier-chess perft data from Fairy-Stockfish (docs/rules.md C; reference/README.md).

Every number this script writes or checks comes from Fairy-Stockfish (`UCI_Variant courier`),
driven over UCI through a pipe; Kurier is only ever the program under test. Standard library only.

Commands:

  generate [--out perft/courier.epd] [--seed N] [--depth 4] [--deep-nodes N]
      Plays seeded random games with Fairy-Stockfish's own move lists (`go perft 1` prints one
      line per legal move), picks positions from every phase (openings from both starts of C3,
      middlegames, capture-heavy endings, checks, promotions, stalemates, bare kings) plus a few
      hand-built positions for the rules of C6-C8, and writes the EPD file with D1..D4 (D5 where
      cheap, and the start position to D6).
  verify [FILE] [--max-depth N]
      Recomputes every count of FILE with Fairy-Stockfish and reports any difference.
  compare [--kurier target/release/kurier] [--games 40] [--depth 3] [--seed N]
      Random-play positions (fresh seed, so not those of the file): Kurier's
      `perft --divide` against Fairy-Stockfish's `go perft`, move by move. Prints the first
      differing position and moves, or `N positions agree`.

Options common to all: --fsf PATH (default: fairy-stockfish on PATH, else /usr/games/...).
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import time

START = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
ARRAY = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1"
START_COUNTS = [26, 678, 18406, 500337, 14144849, 400324148]

# Hand-built positions, each showing a rule or a trap of the move generator (docs/rules.md section).
HANDMADE = [
    # C7 (a): Black is bare, White (to move) is not: game over, no moves.
    ("bare king: side not to move bare", "k11/12/12/12/12/12/12/1R9K w - - 0 1"),
    # C7 (c): Black (to move) is bare, White has one piece: play goes on for one move.
    ("bare king: one piece left, play on", "k11/12/12/12/12/12/12/R10K b - - 0 1"),
    # C7 (c): the bare king can take the last piece: two bare kings, counting goes on (C8).
    ("bare king: capture the last piece", "k11/1R10/12/12/12/12/12/11K b - - 0 1"),
    # C7 (b): Black (to move) is bare, White has two pieces: Black has lost, no moves.
    ("bare king: two pieces against bare", "k11/12/12/12/12/12/12/R9RK b - - 0 1"),
    # C8: two bare kings are a draw, but perft does not stop (docs/rules.md perft convention).
    ("two bare kings", "k11/12/12/12/12/12/12/11K w - - 0 1"),
    # C6: Black is stalemated (and loses): no moves.
    ("stalemate", "k11/p1K9/P11/12/12/12/12/12 b - - 0 1"),
    # White stalemates Black with Kc6-c7.
    ("stalemate next move", "k11/p11/P1K9/12/12/12/12/12 w - - 0 1"),
    # C5: Black is mated by the rook: no moves.
    ("checkmate", "k11/2K8p/11P/12/12/12/12/R11 b - - 0 1"),
    # C4: promotion to fers only, with captures onto the last rank.
    ("promotions", "1r2k5r1/2P5P3/12/12/12/12/2p5p3/1R2K5R1 w - - 0 1"),
    ("promotions, black", "1r2k5r1/2P5P3/12/12/12/12/2p5p3/1R2K4NR1 b - - 0 1"),
    # An alfil check cannot be blocked: the alfil on c4 checks the king on e2 over d3.
    ("alfil check", "rn1bmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P1e3P4P/4P1F5/1PPPKP1PPPP1/RNEBM2WBENR w - - 3 3"),
    # An alfil pinned on a diagonal may jump along it, but not over its own king (h3-f1).
    ("pinned alfil", "rnebmk1w1enr/1ppppp1pp1p1/6f2pb1/p5p4p/P5P4P/6FE4/1PPPPPKPPPP1/RNEBM2WB1NR w - - 2 3"),
    # ... nor over the pinner (g2 king, h3 alfil, i4 courier: h3-j5 is illegal).
    ("alfil next to its pinner", "k11/12/12/12/8b3/7E4/6K5/12 w - - 0 1"),
    # Pieces of every kind pinned on files, ranks and diagonals.
    ("pins of every kind", "k3r7/12/12/1b5b4/12/3MEF6/r2WK2P3r/4N7 w - - 0 1"),
    # Double check: only the king moves.
    ("double check", "4r6k/12/12/12/12/12/P5n5/4K5R1 w - - 0 1"),
    # The 50-move counter never stops perft.
    ("100 reversible plies", "k5r5/12/12/12/12/12/12/5R5K w - - 100 90"),
    # The pre-ceremony array of C3, XBoard's courier start.
    ("pre-ceremony array", ARRAY),
]


def find_fsf(path):
    for p in [path, shutil.which("fairy-stockfish"), "/usr/games/fairy-stockfish"]:
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    sys.exit("Fairy-Stockfish not found: apt-get install fairy-stockfish, or pass --fsf PATH")


class Fsf:
    """One Fairy-Stockfish process speaking UCI with UCI_Variant courier."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.send("setoption name UCI_Variant value courier")
        self.send("isready")
        self.until(lambda l: l == "readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def position(self, fen, moves=()):
        self.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))

    def divide(self, fen, depth, moves=()):
        """{move: count} and the total, from `go perft depth`."""
        self.position(fen, moves)
        self.send("go perft %d" % depth)
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        split = {}
        for l in lines[:-1]:
            if ": " in l and not l.startswith("info"):
                m, n = l.split(": ", 1)
                split[m.strip()] = int(n)
        return split, int(lines[-1].split(":")[1])

    def perft(self, fen, depth):
        return self.divide(fen, depth)[1]

    def legal(self, fen):
        return sorted(self.divide(fen, 1)[0])

    def info(self, fen, moves=()):
        """(fen, checkers) after `moves`, from the `d` command."""
        self.position(fen, moves)
        self.send("d")
        lines = self.until(lambda l: l.startswith("Checkers:"))
        fen_line = next(l for l in lines if l.startswith("Fen:"))
        checkers = lines[-1].split(":", 1)[1].split()
        return fen_line[4:].strip(), checkers

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def board_of(fen):
    """{square name: piece letter} of a Courier FEN."""
    rows = fen.split()[0].split("/")
    out = {}
    for i, row in enumerate(rows):
        rank, f, j = 8 - i, 0, 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
            else:
                out["%s%d" % ("abcdefghijkl"[f], rank)] = row[j]
                f += 1
                j += 1
    return out


def split_move(m):
    """('c7', 'c8') of 'c7c8f' / 'i2i3' (ranks are one digit on 8 ranks)."""
    return m[:2], m[2:4]


def random_game(fsf, rng, start, plies, capture_bias):
    """Positions along one random game: [(fen, legal moves, checkers)]."""
    out, moves = [], []
    for _ in range(plies):
        fen, checkers = fsf.info(start, moves)
        legal = fsf.legal(fen)
        out.append((fen, legal, checkers))
        if not legal:
            break
        board = board_of(fen)
        captures = [m for m in legal if split_move(m)[1] in board]
        pool = captures if captures and rng.random() < capture_bias else legal
        moves.append(rng.choice(pool))
    return out


def classify(fen, legal, checkers):
    pieces = board_of(fen)
    n = len(pieces)
    white = sum(1 for p in pieces.values() if p.isupper())
    black = n - white
    if not legal:
        return "no moves"
    if min(white, black) == 1:
        return "bare king"
    if any(m.endswith("f") for m in legal):
        return "promotion"
    if checkers:
        return "check"
    if n >= 36:
        return "crowded"
    if n <= 12:
        return "open"
    return "middlegame"


def pick_positions(fsf, seed, wanted):
    """Random-play positions spread over the categories of `classify`."""
    rng = random.Random(seed)
    buckets = {}
    quota = {"crowded": 9, "middlegame": 8, "open": 8, "check": 7, "promotion": 6,
             "bare king": 4, "no moves": 3}
    # Both starts are in the file already.
    seen = {" ".join(START.split()[:2]), " ".join(ARRAY.split()[:2])}
    for game in range(400):
        start = START if game % 3 else ARRAY
        bias = (0.2, 0.6, 0.9)[game % 3]
        # At most two positions per game, at least ten plies apart, so that the file spreads
        # over many games.
        taken, last = 0, -100
        for ply, (fen, legal, checkers) in enumerate(random_game(fsf, rng, start, 260, bias)):
            key = " ".join(fen.split()[:2])
            if key in seen or taken >= 2 or ply - last < 10:
                continue
            cat = classify(fen, legal, checkers)
            # Skip most early positions so that the phases spread out.
            if cat in ("crowded", "middlegame") and rng.random() > 0.05:
                continue
            if len(buckets.get(cat, [])) < quota.get(cat, 0):
                buckets.setdefault(cat, []).append((cat, fen))
                seen.add(key)
                taken, last = taken + 1, ply
        if sum(len(v) for v in buckets.values()) >= wanted:
            break
    return [p for cat in quota for p in buckets.get(cat, [])]


def counts_line(fsf, fen, depth, deep_nodes, max_depth=None):
    counts = []
    for d in range(1, depth + 1):
        counts.append(fsf.perft(fen, d))
    # One more ply where the last count says it is cheap.
    while counts[-1] and counts[-1] * 40 < deep_nodes and len(counts) < (max_depth or 6):
        counts.append(fsf.perft(fen, len(counts) + 1))
    return counts


def fmt_line(fen, counts):
    return fen + " " + " ".join(";D%d %d" % (i + 1, n) for i, n in enumerate(counts))


def generate(args):
    fsf = Fsf(find_fsf(args.fsf))
    t0 = time.time()
    try:
        lines = [
            "# Courier chess (docs/rules.md C) perft suite.",
            "# variant: courier",
            "# source: Fairy-Stockfish (Debian package, UCI_Variant courier), every count via `go perft N`;",
            "#   written by tools/courier_perft_fsf.py generate --seed %d (seeded random play with" % args.seed,
            "#   Fairy-Stockfish's own legal-move lists, plus hand-built positions for docs/rules.md C4-C8).",
            "# FEN dialect: chess FEN on 12 files a..l and 8 ranks, digit runs up to 12 (`12`, `6f5`),",
            "#   letters K R N B(courier) E(alfil) F(fers) M(mann) W(schleich) P; castling and en-passant",
            "#   fields are always `-`. Line format: `<FEN> ;D1 n ;D2 n ...`.",
            "# Perft convention (docs/rules.md): a position decided by the board (mate, stalemate, lost bare",
            "#   king C7) has no moves and counts 0 below it; draws (two bare kings, 50 moves) never stop it.",
            "#   Fairy-Stockfish counts the same way (checked on the bare-king lines below).",
            "# verified: tools/courier_perft_fsf.py verify perft/courier.epd (recomputes every count with",
            "#   Fairy-Stockfish); kurier: `kurier perft-suite perft/courier.epd`.",
            "#",
            "# start position (docs/rules.md C3), reference/README.md",
        ]
        start_counts = [fsf.perft(START, d) for d in range(1, args.start_depth + 1)]
        # reference/README.md has the same numbers (Fairy-Stockfish, two builds).
        assert start_counts == START_COUNTS[: args.start_depth], start_counts
        lines.append(fmt_line(START, start_counts))
        lines.append("# hand-built positions")
        for name, fen in HANDMADE:
            lines.append("# " + name)
            lines.append(fmt_line(fen, counts_line(fsf, fen, args.depth, args.deep_nodes)))
            print(lines[-1], file=sys.stderr)
        lines.append("# random play (seed %d), by phase" % args.seed)
        for cat, fen in pick_positions(fsf, args.seed, args.random):
            lines.append("# " + cat)
            lines.append(fmt_line(fen, counts_line(fsf, fen, args.depth, args.deep_nodes)))
            print(lines[-1], file=sys.stderr)
    finally:
        fsf.quit()
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    n = sum(1 for l in lines if l and not l.startswith("#"))
    print("wrote %s: %d positions in %.0f s" % (args.out, n, time.time() - t0), file=sys.stderr)


def parse_epd(path):
    out = []
    for i, raw in enumerate(open(path), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(";")
        counts = [tuple(p.split()) for p in parts[1:]]
        out.append((i, parts[0].strip(), [(int(d[1:]), int(n)) for d, n in counts]))
    return out


def verify(args):
    fsf = Fsf(find_fsf(args.fsf))
    bad = 0
    try:
        entries = parse_epd(args.file)
        for line, fen, counts in entries:
            for d, n in counts:
                if d > args.max_depth:
                    continue
                got = fsf.perft(fen, d)
                if got != n:
                    bad += 1
                    print("line %d: %s D%d: file %d, Fairy-Stockfish %d" % (line, fen, d, n, got))
    finally:
        fsf.quit()
    print("%d positions, %d differences" % (len(entries), bad))
    return 1 if bad else 0


def kurier_divide(kurier, fen, depth):
    out = subprocess.run([kurier, "perft", "--variant", "courier", "--fen", fen, "--depth",
                          str(depth), "--divide"], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("kurier failed on %s: %s" % (fen, out.stderr.strip()))
    split = {}
    for l in out.stdout.splitlines():
        if ": " in l and not l.startswith("Nodes"):
            m, n = l.split(": ", 1)
            split[m] = int(n)
    return split


def compare(args):
    fsf = Fsf(find_fsf(args.fsf))
    rng = random.Random(args.seed)
    checked = 0
    try:
        for game in range(args.games):
            start = START if game % 2 else ARRAY
            plies = rng.randrange(4, 200)
            for fen, legal, _ in random_game(fsf, rng, start, plies, (0.3, 0.8)[game % 2])[-3:]:
                theirs, _ = fsf.divide(fen, args.depth)
                ours = kurier_divide(args.kurier, fen, args.depth)
                checked += 1
                if theirs != ours:
                    diff = sorted(m for m in set(theirs) | set(ours) if theirs.get(m) != ours.get(m))
                    print("DIFFERENT: %s depth %d" % (fen, args.depth))
                    for m in diff[:20]:
                        print("  %s: fsf %s kurier %s" % (m, theirs.get(m), ours.get(m)))
                    return 1
    finally:
        fsf.quit()
    print("%d positions agree (depth %d, seed %d)" % (checked, args.depth, args.seed))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fsf", default=None, help="Fairy-Stockfish binary")
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--out", default="perft/courier.epd")
    g.add_argument("--seed", type=int, default=2026)
    g.add_argument("--depth", type=int, default=4)
    g.add_argument("--random", type=int, default=45, help="random-play positions wanted")
    g.add_argument("--deep-nodes", type=int, default=30_000_000,
                   help="add a deeper count when the estimate stays below this")
    g.add_argument("--start-depth", type=int, default=6)
    v = sub.add_parser("verify")
    v.add_argument("file", nargs="?", default="perft/courier.epd")
    v.add_argument("--max-depth", type=int, default=99)
    c = sub.add_parser("compare")
    c.add_argument("--kurier", default="target/release/kurier")
    c.add_argument("--games", type=int, default=40)
    c.add_argument("--depth", type=int, default=3)
    c.add_argument("--seed", type=int, default=int(time.time()))
    args = ap.parse_args()
    if args.cmd == "generate":
        generate(args)
        return 0
    if args.cmd == "verify":
        return verify(args)
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
