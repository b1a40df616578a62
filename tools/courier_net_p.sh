#!/usr/bin/env bash
# Rebuilds Courier's network P (round 12, hash 0924bd0cc5f19dec) from the repository alone: the
# 717 Courier SPRT games of net O against net N (10,000 nodes a move) read first, then the 4,694
# games of net O against itself at 10,000 nodes a move
# (data/2026-12-06/datagen-courier-netO-10k.txt.gz), then round 11's fourteen files
# (tools/courier_net_o.sh --data-only), and `kurier train` with the settings of the README's
# rounds table, `--mirror` and the squared clipped ReLU (`--activation screlu`). The trainer
# holds out the last 5% in file order: the end of the oldest games.
#
# Usage: tools/courier_net_p.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 13.3 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be 0924bd0cc5f19dec. About ten minutes on
# one core. With --data-only it stops after the data files. The files it reads are frozen:
# later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 14 "--data-only" "$@"
net_round 12 courier_net_o.sh data/2026-12-06/datagen-courier-netO-10k.txt.gz netO
