#!/usr/bin/env bash
# Rebuilds Courier's network N (round 10, hash 11f9e9f33250bddf) from the repository alone: the
# Courier SPRT games recorded since round 9 (net M against net L, the table's score for the
# pruning and the capture history with net L: 2,879 games at 10,000 nodes a move) read first,
# then the first 3,651 games of net M against itself at 10,000 nodes a move
# (data/2026-12-06/datagen-courier-netM-10k.txt.gz), then round 9's ten files
# (tools/courier_net_m.sh --data-only), and `kurier train` with the settings of the README's
# rounds table, `--mirror` and the squared clipped ReLU (`--activation screlu`). The trainer
# holds out the last 5% in file order: the end of the oldest games.
#
# Usage: tools/courier_net_n.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 10.8 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be 11f9e9f33250bddf. About twenty minutes
# on one core. With --data-only it stops after the data files. The files it reads are frozen:
# later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 15 "--data-only" "$@"
net_round 10 courier_net_m.sh data/2026-12-06/datagen-courier-netM-10k.txt.gz netM tteval2 capt2
