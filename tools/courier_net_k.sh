#!/usr/bin/env bash
# Rebuilds Courier's network K (round 7, hash ee3b9e1d0d285647) from the repository alone: the
# Courier SPRT games recorded since round 6 read first (net Im against net I, net J against net
# Im, net J against net H: 1,850 games of the round-5 and round-6 networks at 10,000 nodes a
# move), then round 6's five files (tools/courier_net_j.sh --data-only), and `kurier train` with
# the settings of the README's rounds table and `--mirror`. The trainer holds out the last 5% in
# file order: the end of the oldest games.
#
# Usage: tools/courier_net_k.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 6.5 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be ee3b9e1d0d285647. About ten minutes on
# one core. With --data-only it stops after the data files (tools/courier_net_l.sh reads them).
# The files it reads are frozen: later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 13 "--data-only" "$@"
"$ROOT/tools/courier_net_j.sh" "$KURIER" "$WORK" --data-only
mapfile -t R7 < <(sprt_games "$ROOT" "$WORK" netIm netJm JvsH)
"$KURIER" pgn-data --variant courier --out "$WORK/games-r7.txt" "${R7[@]}"
[ "$OPTION" = --data-only ] && exit 0
"$KURIER" train --variant courier "$WORK/games-r7.txt" "$WORK/games-r6.txt" "$WORK/datagen.txt" \
  "$WORK/games-r5.txt" "$WORK/games-new.txt" "$WORK/games-old.txt" --out "$WORK/courier.nnue" \
  --epochs 8 --lambda 0.0 --threads 1 --mirror
