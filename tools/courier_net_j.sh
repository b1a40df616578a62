#!/usr/bin/env bash
# Rebuilds Courier's network J (round 6, hash 9d4852738abebf1d) from the repository alone:
# the Courier SPRT games recorded since round 5 read first (net I's own SPRT, then those of
# chk3, lmp2, cycle and lmr2, most of them net H against itself at 10,000 nodes a move), then
# net I's four data files (tools/courier_net_i.sh --data-only), and `kurier train` with the
# settings of the README's rounds table and `--mirror` (every training position also reflected
# left-right). The trainer holds out the last 5% in file order: the end of the oldest games.
#
# Usage: tools/courier_net_j.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 6.1 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be 9d4852738abebf1d. About ten minutes on
# one core. With --data-only it stops after the data files (tools/courier_net_k.sh reads them).
# The files it reads are frozen: later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 13 "--data-only" "$@"
"$ROOT/tools/courier_net_i.sh" "$KURIER" "$WORK" --data-only
mapfile -t R6 < <(sprt_games "$ROOT" "$WORK" netI chk3 lmp2 cycle lmr2)
"$KURIER" pgn-data --variant courier --out "$WORK/games-r6.txt" "${R6[@]}"
[ "$OPTION" = --data-only ] && exit 0
"$KURIER" train --variant courier "$WORK/games-r6.txt" "$WORK/datagen.txt" "$WORK/games-r5.txt" \
  "$WORK/games-new.txt" "$WORK/games-old.txt" --out "$WORK/courier.nnue" --epochs 8 --lambda 0.0 \
  --threads 1 --mirror
