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

# The bench positions, read from Kurier's own source of truth (its bench output).
mapfile -t FENS < <("$KURIER" bench --variant courier --depth 1 | awk '$1 == "courier" { $1=$2=$3=$4=$5=$6=$7=""; sub(/^ +/, ""); print }')

echo "== fairy-stockfish go depth $DEPTH, same ${#FENS[@]} positions"
total_nodes=0
total_ms=0
for fen in "${FENS[@]}"; do
    log=$(mktemp)
    {
        printf 'uci\nsetoption name UCI_Variant value courier\nsetoption name Threads value 1\nsetoption name Hash value 16\nucinewgame\nisready\nposition fen %s\ngo depth %d\n' "$fen" "$DEPTH"
        # Keep stdin open until the search ends: Fairy-Stockfish quits on end of input.
        until grep -q '^bestmove' "$log"; do sleep 0.05; done
        echo quit
    } | timeout 600 "$FSF" >"$log" 2>/dev/null
    out=$(awk '/^bestmove/ { print last; exit } /^info .* nodes / { last = $0 }' "$log")
    rm -f "$log"
    nodes=$(sed -n 's/.* nodes \([0-9]*\).*/\1/p' <<<"$out")
    ms=$(sed -n 's/.* time \([0-9]*\).*/\1/p' <<<"$out")
    total_nodes=$((total_nodes + nodes))
    total_ms=$((total_ms + ms))
    printf '%10d nodes %7d ms  %s\n' "$nodes" "$ms" "$fen"
done
echo "Nodes searched: $total_nodes"
echo "Nodes/second: $((total_nodes * 1000 / (total_ms > 0 ? total_ms : 1)))"
