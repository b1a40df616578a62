#!/usr/bin/env bash
# Depth at equal time in Courier, side by side: Kurier and Fairy-Stockfish each search every one
# of Kurier's six bench positions for the same fixed time (`go movetime MS`, one thread, 64 MB
# hash, a fresh game per position), the two programs alternating position by position so that
# the machine's load falls on both alike. Prints, per position and engine, the depth of the last
# `info` line, the deepest completed iteration, the selective depth and the nodes; then each
# engine's mean of both depths.
#
# Usage: tools/depth_at_time_courier.sh FSF_BINARY KURIER_BINARY [MOVETIME_MS]
#   MOVETIME_MS  default 1000 (the search issue's "1 s a move")
# Both engines are driven over UCI. The two depths differ because of the line printed when time
# runs out: both engines (Fairy-Stockfish like Stockfish; Kurier since 2026-12-06) print one more
# `info` line for the iteration they were in when stopped, with that iteration's depth, if a root
# move was searched to its end in it (Kurier marks it `lowerbound`; Fairy-Stockfish's `time` is
# at or past the limit). So "last" is the `depth` of the last scored `info` line before
# `bestmove` (an iteration completed or interrupted), and "done" is the depth of the last line
# with an exact score (no bound) and a `time` below MOVETIME_MS: the deepest iteration completed
# within the time, read by the same rule for both engines.
set -euo pipefail
if [ $# -lt 2 ]; then sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
FSF=$1
KURIER=$2
MS=${3:-1000}

. "$(dirname "$0")/uci_search.sh"
mapfile -t FENS < <(courier_bench_fens "$KURIER")

# search ENGINE FEN -> "last done seldepth nodes": the last scored info line's depth, the
# deepest iteration completed within the time (0 if none), and the last line's seldepth and nodes
search() {
    local lines last done
    lines=$(uci_search_lines "$1" "$2" 64 $((MS / 1000 + 60)) movetime "$MS") || return 1
    last=$(tail -n 1 <<<"$lines")
    done=$(awk -v ms="$MS" '!/ (lower|upper)bound / {
        d = t = ""
        for (i = 1; i < NF; i++) { if ($i == "depth") d = $(i + 1); if ($i == "time") t = $(i + 1) }
        if (d != "" && t != "" && t + 0 < ms) done = d
    } END { print done + 0 }' <<<"$lines")
    echo "$(uci_field "$last" depth) $done $(uci_field "$last" seldepth) $(uci_field "$last" nodes)"
}

printf '%-8s %5s %5s %8s %12s  %s\n' engine last done seldepth nodes position
k_sum=0
f_sum=0
k_done=0
f_done=0
for fen in "${FENS[@]}"; do
    k=$(search "$KURIER" "$fen") || exit 1
    f=$(search "$FSF" "$fen") || exit 1
    read -r kd kc ks kn <<<"$k"
    read -r fd fc fs fn <<<"$f"
    printf '%-8s %5s %5s %8s %12s  %s\n' kurier "$kd" "$kc" "$ks" "$kn" "$fen"
    printf '%-8s %5s %5s %8s %12s\n' fsf "$fd" "$fc" "$fs" "$fn"
    k_sum=$((k_sum + kd))
    f_sum=$((f_sum + fd))
    k_done=$((k_done + kc))
    f_done=$((f_done + fc))
done
n=${#FENS[@]}
awk -v k="$k_sum" -v f="$f_sum" -v kc="$k_done" -v fc="$f_done" -v n="$n" -v ms="$MS" 'BEGIN {
    printf "mean depth at %d ms, last info line: kurier %.2f, fairy-stockfish %.2f (%d positions)\n", ms, k / n, f / n, n
    printf "mean depth at %d ms, completed iterations: kurier %.2f, fairy-stockfish %.2f (%d positions)\n", ms, kc / n, fc / n, n }'
