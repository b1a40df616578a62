#!/usr/bin/env bash
# Rebuilds Courier's network Q (round 13, hash 2b5c605e29763684) from the repository alone: the
# 962 Courier SPRT games of net P against net O (10,000 nodes a move) read first, then the 4,703
# games of net P against itself at 10,000 nodes a move
# (data/2026-12-06/datagen-courier-netP-10k.txt.gz), then round 12's sixteen files
# (tools/courier_net_p.sh --data-only), and `kurier train` with the settings of the README's
# rounds table, `--mirror` and the squared clipped ReLU (`--activation screlu`). The trainer
# holds out the last 5% in file order: the end of the oldest games.
#
# Usage: tools/courier_net_q.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 14.7 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be 2b5c605e29763684. About eleven minutes on
# one core. With --data-only it stops after the data files. The files it reads are frozen:
# later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 14 "--data-only" "$@"
net_round 13 courier_net_p.sh data/2026-12-06/datagen-courier-netP-10k.txt.gz netP
