#!/usr/bin/env bash
# Rebuilds Courier's built-in network (net H, hash 7e2e0679e89bfa82) from the repository alone:
# the scored positions of the Courier SPRT games kept in matches/ (Kurier against itself at
# 30,000 nodes a move), read by `kurier pgn-data`, then `kurier train` with the settings of the
# README's rounds table. Two data files, in this order (the trainer holds out the last 5% in
# file order, so the validation positions are the end of the oldest games):
#   games-new.txt  the five files recorded after round 3 (round 4's new games);
#   games-old.txt  round 3's three new files (net D's SPRT first), then the 18 of net D
#                  (tools/courier_net_d.sh).
#
# Usage: tools/courier_net_h.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes WORK_DIR/games-new.txt and games-old.txt (about 3.8 M positions, 300 MB together) and
# WORK_DIR/courier.nnue; the training prints the network's hash, which should be
# 7e2e0679e89bfa82 (the same whatever the threads). A few minutes on one core. The PGN files it
# reads are frozen: later games go into new files, never into these.
# With --data-only it stops after the two data files (tools/courier_net_i.sh reads them).
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 16 "--data-only" "$@"
mapfile -t NEW < <(sprt_games "$ROOT" "$WORK" ttcap hprune netF0 prune cutnode2)
mapfile -t OLD < <(sprt_games "$ROOT" "$WORK" netD capt-s4b nnue-vs-classical-8 \
  capt conthist cutnode hist-scale iir impr lmr1 nmp probcut qdelta qstt razor rfp se seep tm1 tteval tuned-terms)
"$KURIER" pgn-data --variant courier --out "$WORK/games-new.txt" "${NEW[@]}"
"$KURIER" pgn-data --variant courier --out "$WORK/games-old.txt" "${OLD[@]}"
[ "$OPTION" = --data-only ] && exit 0
"$KURIER" train --variant courier "$WORK/games-new.txt" "$WORK/games-old.txt" --out "$WORK/courier.nnue" \
  --epochs 8 --lambda 0.0 --threads 1
