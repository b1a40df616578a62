#!/usr/bin/env bash
# Rebuilds Courier's network R (round 14, hash cc361ab2d20d5242) from the repository alone: the
# 422 Courier SPRT games of net Q against net P (10,000 nodes a move) read first, then the 6,496
# games of net Q against itself at 10,000 nodes a move
# (data/2026-12-07/datagen-courier-netQ-10k.txt.gz), then round 13's eighteen files
# (tools/courier_net_q.sh --data-only), and `kurier train` with the settings of the README's
# rounds table, `--mirror` and the squared clipped ReLU (`--activation screlu`). The trainer
# holds out the last 5% in file order: the end of the oldest games.
#
# Usage: tools/courier_net_r.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 16.5 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be cc361ab2d20d5242. About twelve minutes on
# one core. With --data-only it stops after the data files. The files it reads are frozen:
# later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 14 "--data-only" "$@"
net_round 14 courier_net_q.sh data/2026-12-07/datagen-courier-netQ-10k.txt.gz netQ
