#!/usr/bin/env bash
# Rebuilds Courier's network O (round 11, hash 3b03f2d5909ea4cc) from the repository alone: the
# Courier SPRT games recorded since round 10 (net Ms against net M, net N against net Ms, the
# capture history's second shard: 1,235 games at 10,000 nodes a move) read first, then the first
# 3,181 games of net N against itself at 10,000 nodes a move
# (data/2026-12-06/datagen-courier-netN-10k.txt.gz), then round 10's twelve files
# (tools/courier_net_n.sh --data-only), and `kurier train` with the settings of the README's
# rounds table, `--mirror` and the squared clipped ReLU (`--activation screlu`). The trainer
# holds out the last 5% in file order: the end of the oldest games.
#
# Usage: tools/courier_net_o.sh KURIER_BINARY WORK_DIR [--data-only]
# Writes the data files (about 11.9 M positions) and WORK_DIR/courier.nnue into WORK_DIR; the
# training prints the network's hash, which should be 3b03f2d5909ea4cc. About ten minutes on
# one core. With --data-only it stops after the data files. The files it reads are frozen:
# later games go into new files.
set -euo pipefail
. "$(dirname "$0")/sprt_games.sh"
net_script_start 15 "--data-only" "$@"
net_round 11 courier_net_n.sh data/2026-12-06/datagen-courier-netN-10k.txt.gz netMs netN capt2b
