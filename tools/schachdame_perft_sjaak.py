#!/usr/bin/env python3
"""Cross-check perft/schachdame.epd with Sjaak II, an independent engine (stdlib only).

Sjaak II (`apt-get install sjaakii`, binary /usr/games/sjaakii) is an XBoard engine with a text
console.  It does not know Schachdame itself; docs/peers/sjaak_schachdame.txt defines
it.  This script drives one Sjaak II process through pipes:

    xboard                                   (plain output: no coloured board, no prompt)
    load docs/peers/sjaak_schachdame.txt
    variant schachdame
    setboard <FEN>
    fen                                      (echo the position back: detects a FEN Sjaak
                                              parsed differently, since setboard never complains)
    perft <N>                                (prints one line per depth: " d   count  time  nps")

and compares each D<n> of the EPD file with Sjaak's count.  Sjaak's FEN echo has no castling /
en-passant fields ("<board> <side> <half> <full>"); board and side must equal the EPD FEN's.

Usage:
    schachdame_perft_sjaak.py [--epd FILE] [--max-depth N] [--sjaak PATH] [--update-header]

--max-depth limits the depth checked per position (default: every depth in the file).
--update-header rewrites the EPD header line starting "# Sjaak II cross-check:" with the result.
Exit status 0 when every compared number agrees, 1 otherwise.
"""

import argparse
import os
import re
import subprocess
import sys
import time

DEFAULT_EPD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "perft", "schachdame.epd")
DEFAULT_DEF = "docs/peers/sjaak_schachdame.txt"
PERFT_LINE = re.compile(r"^\s*(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+nps\s*$")


class Sjaak:
    def __init__(self, binary, definition):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.send("xboard")
        self.send("load " + definition)
        self.send("variant schachdame")
        self.version = None
        # Synchronise: ask for the start position's FEN and read until it comes back.
        self.send("fen")
        for line in self.lines():
            if line.startswith("Sjaak II version"):
                self.version = line.split("version", 1)[1].split()[0]
            if line.startswith("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w"):
                break
            if "Unknown variant" in line or "rror" in line:
                raise RuntimeError("Sjaak II: " + line)

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def lines(self):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Sjaak II exited")
            yield line.rstrip("\n")

    def set_position(self, fen):
        board, side = fen.split()[:2]
        self.send("setboard " + fen)
        self.send("fen")
        for line in self.lines():
            parts = line.split()
            if len(parts) >= 2 and "/" in parts[0] and parts[1] in ("w", "b"):
                if parts[0] != board or parts[1] != side:
                    raise RuntimeError("Sjaak II read %r as %r" % (fen, line))
                return

    def perft(self, depth):
        """[perft(1), ..., perft(depth)] as printed by Sjaak's `perft depth`."""
        self.send("perft %d" % depth)
        out = []
        for line in self.lines():
            m = PERFT_LINE.match(line)
            if m:
                d, n = int(m.group(1)), int(m.group(2))
                if d != len(out) + 1:
                    raise RuntimeError("unexpected perft line %r" % line)
                out.append(n)
                if d == depth:
                    return out

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def read_epd(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split(";")]
            counts = []
            for fld in fields[1:]:
                tag, val = fld.split()
                if tag != "D%d" % (len(counts) + 1):
                    raise ValueError("bad field %r in %r" % (fld, line))
                counts.append(int(val))
            out.append((fields[0], counts))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--epd", default=DEFAULT_EPD)
    ap.add_argument("--max-depth", type=int, default=99)
    ap.add_argument("--sjaak", default="/usr/games/sjaakii")
    ap.add_argument("--definition", default=DEFAULT_DEF)
    ap.add_argument("--update-header", action="store_true")
    args = ap.parse_args()

    positions = read_epd(args.epd)
    sj = Sjaak(args.sjaak, args.definition)
    t0 = time.time()
    compared = 0
    deepest = 0
    bad = []
    try:
        for fen, counts in positions:
            depth = min(len(counts), args.max_depth)
            sj.set_position(fen)
            got = sj.perft(depth)
            for d in range(depth):
                compared += 1
                if got[d] != counts[d]:
                    bad.append((fen, d + 1, counts[d], got[d]))
                    print("DISAGREE %s ;D%d file %d sjaak %d" % (fen, d + 1, counts[d], got[d]))
            deepest = max(deepest, depth)
            print("%-4s %s  %s" % ("ok" if got == counts[:depth] else "BAD", fen,
                                   " ".join(map(str, got))))
    finally:
        sj.close()
    maxd = max((len(c) for _, c in positions), default=0)
    scope = ("every depth in the file, up to D%d" % min(maxd, args.max_depth))
    summary = ("Sjaak II %s (sjaak_schachdame.txt) on %d positions, %d numbers (%s)"
               % (sj.version or "?", len(positions), compared, scope))
    if bad:
        summary += ": %d DISAGREE" % len(bad)
    else:
        summary += ": all agree"
    print(summary + "  (%.1fs)" % (time.time() - t0))

    if args.update_header:
        with open(args.epd) as f:
            lines = f.read().split("\n")
        new = "# Sjaak II cross-check (tools/schachdame_perft_sjaak.py): " + summary + "."
        for i, line in enumerate(lines):
            if line.startswith("# Sjaak II cross-check"):
                lines[i] = new
                break
        else:
            raise SystemExit("no '# Sjaak II cross-check' header line in %s" % args.epd)
        with open(args.epd, "w") as f:
            f.write("\n".join(lines))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
