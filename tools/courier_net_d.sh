#!/usr/bin/env bash
# Rebuilds Courier's built-in network (net D, hash dd25d0ae65e53cf9) from the repository alone:
# the scored positions of the Courier SPRT games kept in matches/ (Kurier against itself,
# 30,000 nodes a move), read by `kurier pgn-data` in this order (the trainer holds out the last
# 5% in file order), then `kurier train` with the seed and settings of the README's rounds table.
#
# Usage: tools/courier_net_d.sh KURIER_BINARY WORK_DIR
# Writes WORK_DIR/games-c.txt (about 2.8 M positions, 230 MB) and WORK_DIR/courier.nnue; the
# training prints the network's hash, which should be dd25d0ae65e53cf9 (the same whatever the
# threads). About 2 minutes on one core. The 18 PGN files it reads are frozen: later games go
# into new files, never into these.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 10 "" "$@"
NAMES="capt conthist cutnode hist-scale iir impr lmr1 nmp probcut qdelta qstt razor rfp se seep tm1 tteval tuned-terms"
mapfile -t FILES < <(sprt_games "$ROOT" "$WORK" $NAMES)
"$KURIER" pgn-data --variant courier --out "$WORK/games-c.txt" "${FILES[@]}"
"$KURIER" train --variant courier "$WORK/games-c.txt" --out "$WORK/courier.nnue" --epochs 8 --lambda 0.0 --threads 1
