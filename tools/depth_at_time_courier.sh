#!/usr/bin/env bash
# Depth at equal time in Courier, side by side: Kurier and Fairy-Stockfish each search every one
# of Kurier's six bench positions for the same fixed time (`go movetime MS`, one thread, 64 MB
# hash, a fresh game per position), the two programs alternating position by position so that
# the machine's load falls on both alike. Prints, per position and engine, the last completed
# depth, its selective depth and the nodes; then each engine's mean depth.
#
# Usage: tools/depth_at_time_courier.sh FSF_BINARY KURIER_BINARY [MOVETIME_MS]
#   MOVETIME_MS  default 1000 (the search issue's "1 s a move")
# Both engines are driven over UCI; the depth read is the `depth` of the last `info` line with a
# score before `bestmove` (an iteration both engines completed or were in).
set -euo pipefail
if [ $# -lt 2 ]; then sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
FSF=$1
KURIER=$2
MS=${3:-1000}

. "$(dirname "$0")/uci_search.sh"
mapfile -t FENS < <(courier_bench_fens "$KURIER")

# search ENGINE FEN -> "depth seldepth nodes" of the last scored info line
search() {
    local out
    out=$(uci_search "$1" "$2" 64 $((MS / 1000 + 60)) movetime "$MS") || return 1
    echo "$(uci_field "$out" depth) $(uci_field "$out" seldepth) $(uci_field "$out" nodes)"
}

printf '%-8s %5s %8s %12s  %s\n' engine depth seldepth nodes position
k_sum=0
f_sum=0
for fen in "${FENS[@]}"; do
    k=$(search "$KURIER" "$fen") || exit 1
    f=$(search "$FSF" "$fen") || exit 1
    read -r kd ks kn <<<"$k"
    read -r fd fs fn <<<"$f"
    printf '%-8s %5s %8s %12s  %s\n' kurier "$kd" "$ks" "$kn" "$fen"
    printf '%-8s %5s %8s %12s\n' fsf "$fd" "$fs" "$fn"
    k_sum=$((k_sum + kd))
    f_sum=$((f_sum + fd))
done
n=${#FENS[@]}
awk -v k="$k_sum" -v f="$f_sum" -v n="$n" -v ms="$MS" 'BEGIN {
    printf "mean depth at %d ms: kurier %.2f, fairy-stockfish %.2f (%d positions)\n", ms, k / n, f / n, n }'
