#!/usr/bin/env bash
# Rebuilds Courier's network L (round 8, hash bfcb0998539139d9) from the repository alone: the
# Courier SPRT games recorded since round 7 (net K against net J, net Kl25 against net K: 740
# games at 10,000 nodes a move) read first, then the first 2,227 games of net K against itself
# at 10,000 nodes a move (data/2026-12-06/datagen-courier-netK-10k.txt.gz), then round 7's
# six files (tools/courier_net_k.sh --data-only), and `kurier train` with the settings of the
# README's rounds table and `--mirror`. The trainer holds out the last 5% in file order: the end
# of the oldest games.
#
# Usage: tools/courier_net_l.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 7.3 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be bfcb0998539139d9. About fifteen minutes
# on one core. With --data-only it stops after the data files (tools/courier_net_m.sh reads
# them). The files it reads are frozen: later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 14 "--data-only" "$@"
"$ROOT/tools/courier_net_k.sh" "$KURIER" "$WORK" --data-only
mapfile -t R8 < <(sprt_games "$ROOT" "$WORK" netK netKl25)
"$KURIER" pgn-data --variant courier --out "$WORK/games-r8.txt" "${R8[@]}"
zcat "$ROOT/data/2026-12-06/datagen-courier-netK-10k.txt.gz" > "$WORK/datagen-netK-10k.txt"
[ "$OPTION" = --data-only ] && exit 0
"$KURIER" train --variant courier "$WORK/games-r8.txt" "$WORK/datagen-netK-10k.txt" \
  "$WORK/games-r7.txt" "$WORK/games-r6.txt" "$WORK/datagen.txt" "$WORK/games-r5.txt" \
  "$WORK/games-new.txt" "$WORK/games-old.txt" --out "$WORK/courier.nnue" \
  --epochs 8 --lambda 0.0 --threads 1 --mirror
