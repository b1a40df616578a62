#!/usr/bin/env bash
# Rebuilds Courier's built-in network (net I, hash a230de56d4856749) from the repository alone:
# net H's data (tools/courier_net_h.sh) with two sources read before it, then `kurier train`
# with the settings of the README's rounds table. Four data files, in this order (the trainer
# holds out the last 5% in file order, so the validation positions are the end of the oldest
# games):
#   datagen.txt    1,419 games of net D against itself at 20,000 nodes a move
#                  (data/2026-12-05/datagen-courier-netD-20k.txt.gz, written by
#                  `kurier datagen --variant courier --nodes 20000 --random-plies 8 --seed 4004`
#                  on 3e5043d, sorted by game number);
#   games-r5.txt   the SPRT games of net H and of the reduced quiet checks (sprt-netH, sprt-chk2);
#   games-new.txt, games-old.txt  net H's two files (tools/courier_net_h.sh).
#
# Usage: tools/courier_net_i.sh KURIER_BINARY WORK_DIR [--data-only | --mirror]
# Writes the data files (about 4.5 M positions, 360 MB together) and WORK_DIR/courier.nnue into
# WORK_DIR; the training prints the network's hash, which should be a230de56d4856749. A few
# minutes on one core. With --data-only it stops after the data files (tools/courier_net_j.sh
# reads them); with --mirror it trains on every training position reflected left-right too,
# which makes net Im (hash de72cb195296c219, the one built in since 2026-12-06). The files it
# reads are frozen: later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 21 "--data-only --mirror" "$@"
"$ROOT/tools/courier_net_h.sh" "$KURIER" "$WORK" --data-only
zcat "$ROOT/data/2026-12-05/datagen-courier-netD-20k.txt.gz" > "$WORK/datagen.txt"
mapfile -t R5 < <(sprt_games "$ROOT" "$WORK" netH chk2)
"$KURIER" pgn-data --variant courier --out "$WORK/games-r5.txt" "${R5[@]}"
[ "$OPTION" = --data-only ] && exit 0
"$KURIER" train --variant courier "$WORK/datagen.txt" "$WORK/games-r5.txt" "$WORK/games-new.txt" \
  "$WORK/games-old.txt" --out "$WORK/courier.nnue" --epochs 8 --lambda 0.0 --threads 1 \
  ${OPTION:+"$OPTION"}
