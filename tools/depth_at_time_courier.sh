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

# The bench positions, read from Kurier's own source of truth (its bench output).
mapfile -t FENS < <("$KURIER" bench --variant courier --depth 1 | awk '$1 == "courier" { $1=$2=$3=$4=$5=$6=$7=""; sub(/^ +/, ""); print }')

# search ENGINE FEN -> prints "depth seldepth nodes" of the last scored info line
search() {
    local engine=$1 fen=$2 log
    log=$(mktemp)
    {
        printf 'uci\nsetoption name UCI_Variant value courier\nsetoption name Threads value 1\nsetoption name Hash value 64\nucinewgame\nisready\nposition fen %s\ngo movetime %d\n' "$fen" "$MS"
        # Keep stdin open until the search ends: an engine may quit on end of input.
        until grep -q '^bestmove' "$log"; do sleep 0.05; done
        echo quit
    } | timeout 120 "$engine" >"$log" 2>/dev/null
    awk '/^bestmove/ { print d, s, n; exit }
         /^info / && / score / {
             for (i = 1; i < NF; i++) {
                 if ($i == "depth") d = $(i + 1);
                 if ($i == "seldepth") s = $(i + 1);
                 if ($i == "nodes") n = $(i + 1);
             }
         }' "$log"
    rm -f "$log"
}

printf '%-8s %5s %8s %12s  %s\n' engine depth seldepth nodes position
k_sum=0
f_sum=0
for fen in "${FENS[@]}"; do
    read -r kd ks kn < <(search "$KURIER" "$fen")
    read -r fd fs fn < <(search "$FSF" "$fen")
    printf '%-8s %5s %8s %12s  %s\n' kurier "$kd" "$ks" "$kn" "$fen"
    printf '%-8s %5s %8s %12s\n' fsf "$fd" "$fs" "$fn"
    k_sum=$((k_sum + kd))
    f_sum=$((f_sum + fd))
done
n=${#FENS[@]}
awk -v k="$k_sum" -v f="$f_sum" -v n="$n" -v ms="$MS" 'BEGIN {
    printf "mean depth at %d ms: kurier %.2f, fairy-stockfish %.2f (%d positions)\n", ms, k / n, f / n, n }'
