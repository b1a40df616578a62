#!/usr/bin/env python3
"""Rebuilds one of Courier's network rounds from data/networks.toml and checks its hash.

Usage: tools/net_round.py ROUND KURIER_BINARY WORK_DIR [--data-only] [--dry-run]
       tools/net_round.py --list

ROUND is a net's name in the recipe (D, H, I, Im, J ... R). For every data file the round's
`train` list names, in that order, it restores the inputs (a file missing from the work tree is
written from the git object data/MANIFEST.tsv names as its `source`, as `tools/data.sh restore`
does), checks each input's sha256 against the recipe, prepares WORK_DIR/NAME.txt (unpacked, or
`kurier pgn-data` on the unpacked PGNs), then runs `kurier train` on them with the round's flags
and seed into WORK_DIR/VARIANT-NET.nnue, and compares the network's hash (the FNV-1a of the
file, what `kurier train` prints and `Network::hash` computes) with the recipe's. Exit status 0
when it matches, 1 when it does not or a step fails, 2 on a wrong command line.

--data-only   stop after the data files (the next round's data start with this round's)
--dry-run     print the commands and the files, run nothing (no binary needed)
--list        print the rounds: net, round, hash, and whether they can be rebuilt
--manifest F  read the data manifest F instead of data/MANIFEST.tsv

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "data" / "networks.toml"
MANIFEST = ROOT / "data" / "MANIFEST.tsv"


class RecipeError(Exception):
    """A recipe, manifest or input that is not as it should be."""


def load_recipe(path: Path) -> dict:
    """The recipe, with its rounds and data checked for the fields net_round.py uses."""
    try:
        with open(path, "rb") as f:
            recipe = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise RecipeError(f"{path}: {e}") from e
    for key in ("variant", "built_in", "round", "data"):
        if key not in recipe:
            raise RecipeError(f"{path}: no `{key}`")
    for r in recipe["round"]:
        for name in r.get("train", []):
            if name not in recipe["data"]:
                raise RecipeError(f"round {r.get('net')}: no [data.{name}]")
    return recipe


def find_round(recipe: dict, net: str) -> dict:
    """The [[round]] whose net is `net`."""
    for r in recipe["round"]:
        if r["net"] == net:
            return r
    names = ", ".join(r["net"] for r in recipe["round"])
    raise RecipeError(f"no round {net!r} in the recipe (there are {names})")


def load_manifest(path: Path) -> dict[str, dict[str, str]]:
    """data/MANIFEST.tsv as a map from each file's path to its row; empty if there is none."""
    if not path.exists():
        return {}
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if rows and not {"path", "sha256", "source"} <= rows[0].keys():
        raise RecipeError(f"{path}: no path, sha256 or source column")
    return {row["path"]: row for row in rows}


def sha256(path: Path) -> str:
    """The file's sha256 in hex."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def net_hash(path: Path) -> str:
    """`Network::hash` of a network file: FNV-1a (64 bits) of its bytes, 16 hex digits."""
    h = 0xCBF29CE484222325
    for b in path.read_bytes():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def restore(rel: str, want: str, manifest: dict[str, dict[str, str]], dry: bool) -> Path:
    """The input `rel` (a path below the repository) with sha256 `want`, from the work tree or,
    when it is not there, written from the git object the manifest names."""
    path = ROOT / rel
    if path.exists():
        got = sha256(path)
        if got != want:
            raise RecipeError(f"{rel}: sha256 {got}, the recipe says {want}")
        return path
    row = manifest.get(rel)
    if row is None:
        raise RecipeError(f"{rel} is not in the work tree nor in the data manifest")
    if row["sha256"] != want:
        raise RecipeError(f"{rel}: the manifest's sha256 {row['sha256']}, the recipe's {want}")
    source = row["source"]
    print(f"restore {rel} from {source}", flush=True)
    if dry:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    with open(tmp, "wb") as out:
        done = subprocess.run(["git", "-C", str(ROOT), "show", source], stdout=out)
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise RecipeError(f"{rel}: git show {source} failed")
    got = sha256(tmp)
    if got != want:
        tmp.unlink()
        raise RecipeError(f"{rel}: {source} has sha256 {got}, the recipe says {want}")
    tmp.replace(path)
    return path


def unpack(src: Path, dst: Path) -> None:
    """`zcat SRC > DST` (every gzip member), or a copy when SRC is not gzipped."""
    opener = gzip.open if src.suffix == ".gz" else open
    with opener(src, "rb") as f, open(dst, "wb") as out:
        shutil.copyfileobj(f, out, 1 << 20)


def run(cmd: list[str], dry: bool) -> None:
    """Prints the command and runs it; a failure is a RecipeError."""
    print("$ " + shlex.join(cmd), flush=True)
    if dry:
        return
    try:
        status = subprocess.run(cmd).returncode
    except OSError as e:
        raise RecipeError(f"{cmd[0]}: {e}") from e
    if status != 0:
        raise RecipeError(f"{cmd[0]} {cmd[1]} failed (exit status {status})")


def prepare(recipe: dict, name: str, kurier: str, work: Path, manifest, dry: bool) -> Path:
    """Makes WORK/NAME.txt from [data.NAME] and returns its path."""
    data = recipe["data"][name]
    out = work / f"{name}.txt"
    inputs = [restore(i["path"], i["sha256"], manifest, dry) for i in data["inputs"]]
    kind = data["prepare"]
    if kind == "unpack":
        if len(inputs) != 1:
            raise RecipeError(f"[data.{name}]: unpack takes one input, not {len(inputs)}")
        print(f"unpack {inputs[0].relative_to(ROOT)} > {out}", flush=True)
        if not dry:
            unpack(inputs[0], out)
    elif kind == "pgn-data":
        pgns = []
        for src in inputs:
            dst = work / src.name.removesuffix(".gz")
            print(f"unpack {src.relative_to(ROOT)} > {dst}", flush=True)
            if not dry:
                unpack(src, dst)
            pgns.append(str(dst))
        run([kurier, "pgn-data", "--variant", recipe["variant"], "--out", str(out)] + pgns, dry)
    else:
        raise RecipeError(f"[data.{name}]: prepare {kind!r} is neither unpack nor pgn-data")
    return out


def rebuild(recipe: dict, net: str, kurier: str, work: Path, data_only: bool, dry: bool,
            manifest) -> int:
    """Rebuilds round `net`; the exit status."""
    r = find_round(recipe, net)
    if "train" not in r:
        raise RecipeError(f"net {net} cannot be rebuilt: {r.get('missing', 'no train list')}")
    if not dry:
        work.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    files = [str(prepare(recipe, name, kurier, work, manifest, dry)) for name in r["train"]]
    print(f"data ready after {time.monotonic() - start:.0f} s", flush=True)
    if data_only:
        return 0
    out = work / f"{recipe['variant']}-{net}.nnue"
    cmd = [kurier, "train", "--variant", recipe["variant"]] + files + ["--out", str(out)]
    run(cmd + r["flags"] + ["--seed", str(r["seed"])], dry)
    if dry:
        return 0
    got = net_hash(out)
    want = r["hash"]
    took = time.monotonic() - start
    if got.startswith(want) and len(want) in (8, 16):
        print(f"net {net}: hash {got} as the recipe says ({took:.0f} s): {out}")
        return 0
    print(f"net {net}: hash {got}, the recipe says {want} ({took:.0f} s): {out}", file=sys.stderr)
    return 1


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="tools/net_round.py",
        description="Rebuild a network round of data/networks.toml and check its hash.",
    )
    p.add_argument("round", nargs="?", help="the net's name, e.g. D or R")
    p.add_argument("kurier", nargs="?", help="the kurier binary")
    p.add_argument("work", nargs="?", type=Path, help="the work directory")
    p.add_argument("--data-only", action="store_true", help="stop after the data files")
    p.add_argument("--dry-run", action="store_true", help="print the steps, run nothing")
    p.add_argument("--list", action="store_true", help="list the rounds")
    p.add_argument("--manifest", type=Path, default=MANIFEST, help="the data manifest")
    p.add_argument("--recipe", type=Path, default=RECIPE, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    try:
        recipe = load_recipe(a.recipe)
        if a.list:
            for r in recipe["round"]:
                how = "data not kept" if "train" not in r else (
                    "checked" if r.get("checked") else "not checked yet")
                mark = " (built in)" if r["net"] == recipe["built_in"] else ""
                print(f"{r['net']:5} round {r['round']:2}  {r['hash']:16}  {how}{mark}")
            return 0
        if a.round is None or a.kurier is None or a.work is None:
            p.print_usage(sys.stderr)
            print("ROUND, KURIER_BINARY and WORK_DIR are needed (or --list)", file=sys.stderr)
            return 2
        manifest = load_manifest(a.manifest)
        return rebuild(recipe, a.round, a.kurier, a.work, a.data_only, a.dry_run, manifest)
    except RecipeError as e:
        print(f"net_round: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
