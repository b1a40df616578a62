#!/usr/bin/env bash
# Rebuilds Courier's network M (round 9, hash bd93794005b4f47a) from the repository alone: the
# Courier SPRT games recorded since round 8 (net L against net K, the interrupted iteration with
# net K, internal iterative reduction with net L: 3,417 games at 10,000 nodes a move) read
# first, then the first 3,399 games of net L against itself at 10,000 nodes a move
# (data/2026-12-06/datagen-courier-netL-10k.txt.gz), then round 8's eight files
# (tools/courier_net_l.sh --data-only), and `kurier train` with the settings of the README's
# rounds table and `--mirror`. The trainer holds out the last 5% in file order: the end of the
# oldest games.
#
# Usage: tools/courier_net_m.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 9.1 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be bd93794005b4f47a. About fifteen minutes
# on one core. With --data-only it stops after the data files (tools/courier_net_n.sh reads
# them). The files it reads are frozen: later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 15 "--data-only" "$@"
"$ROOT/tools/courier_net_l.sh" "$KURIER" "$WORK" --data-only
mapfile -t R9 < <(sprt_games "$ROOT" "$WORK" netL partial iir2)
"$KURIER" pgn-data --variant courier --out "$WORK/games-r9.txt" "${R9[@]}"
zcat "$ROOT/data/2026-12-06/datagen-courier-netL-10k.txt.gz" > "$WORK/datagen-netL-10k.txt"
[ "$OPTION" = --data-only ] && exit 0
"$KURIER" train --variant courier "$WORK/games-r9.txt" "$WORK/datagen-netL-10k.txt" \
  "$WORK/games-r8.txt" "$WORK/datagen-netK-10k.txt" "$WORK/games-r7.txt" "$WORK/games-r6.txt" \
  "$WORK/datagen.txt" "$WORK/games-r5.txt" "$WORK/games-new.txt" "$WORK/games-old.txt" \
  --out "$WORK/courier.nnue" --epochs 8 --lambda 0.0 --threads 1 --mirror
