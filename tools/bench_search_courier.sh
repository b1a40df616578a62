#!/usr/bin/env bash
# Search speed in Courier, side by side: Kurier's `bench --variant courier` (its six bench
# positions, fixed depth, one thread) against Fairy-Stockfish's `go depth N` from the same
# positions (one thread, fresh hash per position). Prints nodes, time and nodes/second for each.
#
# Usage: tools/bench_search_courier.sh FSF_BINARY KURIER_BINARY [FSF_DEPTH]
#   FSF_DEPTH  default 12. Depths are not comparable between engines (pruning differs); the
#              figure to compare is nodes per second.
set -euo pipefail
if [ $# -lt 2 ]; then sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
FSF=$1
KURIER=$2
DEPTH=${3:-12}

echo "== kurier bench --variant courier"
"$KURIER" bench --variant courier | tail -n 2

. "$(dirname "$0")/uci_search.sh"
mapfile -t FENS < <(courier_bench_fens "$KURIER")

echo "== fairy-stockfish go depth $DEPTH, same ${#FENS[@]} positions"
total_nodes=0
total_ms=0
for fen in "${FENS[@]}"; do
    out=$(uci_search "$FSF" "$fen" 16 600 depth "$DEPTH")
    nodes=$(uci_field "$out" nodes)
    ms=$(uci_field "$out" time)
    total_nodes=$((total_nodes + nodes))
    total_ms=$((total_ms + ms))
    printf '%10d nodes %7d ms  %s\n' "$nodes" "$ms" "$fen"
done
echo "Nodes searched: $total_nodes"
echo "Nodes/second: $((total_nodes * 1000 / (total_ms > 0 ? total_ms : 1)))"
