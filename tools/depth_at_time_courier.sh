#!/usr/bin/env bash
# Depth at equal time in Courier, side by side: Kurier and Fairy-Stockfish each search every one
# of Kurier's six bench positions for the same fixed time (`go movetime MS`, one thread, 64 MB
# hash, a fresh game per position), the two programs alternating position by position so that
# the machine's load falls on both alike. Prints, per position and engine, three depths, the
# selective depth and the nodes; then each engine's mean of each depth.
#
# Usage: tools/depth_at_time_courier.sh FSF_BINARY KURIER_BINARY [MOVETIME_MS]
#   MOVETIME_MS  default 1000 (the search issue's "1 s a move")
# Both engines are driven over UCI. The three depths:
#   last     the `depth` of the last scored `info` line before `bestmove`, as printed.
#   reached  the same, except that a line repeating the line before it (the same score and
#            principal variation) counts as the depth of that line before it: it reports nothing
#            searched at its own depth. Fairy-Stockfish 11.1, like Stockfish 11, prints its last
#            line with the depth of the iteration it was stopped in even when nothing of that
#            iteration was finished: the first root move keeps the last iteration's score, which
#            counts as "updated" (search.cpp: `rm.previousScore = rm.score` without a reset at the
#            iteration's start; `UCI::pv`: `Depth d = updated ? depth : depth - 1`), and the line
#            then repeats the previous one's score and moves one ply deeper. Kurier prints the
#            line of an interrupted iteration only when a root move was searched to its end in
#            it (marked `lowerbound`). A search at the new depth that ends with the very same
#            score and moves would be read a ply short; principal variations grow with depth,
#            so that is rare.
#   done     the depth of the last line with an exact score (no bound) and a `time` below
#            MOVETIME_MS: the deepest iteration completed within the time, one rule for both.
set -euo pipefail
if [ $# -lt 2 ]; then sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
FSF=$1
KURIER=$2
MS=${3:-1000}

. "$(dirname "$0")/uci_search.sh"
mapfile -t FENS < <(courier_bench_fens "$KURIER")

# search ENGINE FEN -> "last reached done seldepth nodes": the last scored info line's depth, the
# depth of the last line that does not repeat the one before it, the deepest iteration completed
# within the time (0 if none), and the last line's seldepth and nodes
search() {
    local lines last reached done
    lines=$(uci_search_lines "$1" "$2" 64 $((MS / 1000 + 60)) movetime "$MS") || return 1
    last=$(tail -n 1 <<<"$lines")
    # A line's content: its score (value and kind, without the bound) and its moves after `pv`.
    reached=$(awk '{
        d = c = ""
        for (i = 1; i < NF; i++) {
            if ($i == "depth") d = $(i + 1)
            if ($i == "score") c = $(i + 1) " " $(i + 2)
            if ($i == "pv") { for (j = i + 1; j <= NF; j++) c = c " " $j; break }
        }
        if (NR == 1 || c != prev) reached = d
        prev = c
    } END { print reached + 0 }' <<<"$lines")
    done=$(awk -v ms="$MS" '!/ (lower|upper)bound / {
        d = t = ""
        for (i = 1; i < NF; i++) { if ($i == "depth") d = $(i + 1); if ($i == "time") t = $(i + 1) }
        if (d != "" && t != "" && t + 0 < ms) done = d
    } END { print done + 0 }' <<<"$lines")
    echo "$(uci_field "$last" depth) $reached $done $(uci_field "$last" seldepth) $(uci_field "$last" nodes)"
}

printf '%-8s %5s %7s %5s %8s %12s  %s\n' engine last reached done seldepth nodes position
k_last=0 f_last=0 k_reached=0 f_reached=0 k_done=0 f_done=0
for fen in "${FENS[@]}"; do
    k=$(search "$KURIER" "$fen") || exit 1
    f=$(search "$FSF" "$fen") || exit 1
    read -r kd kr kc ks kn <<<"$k"
    read -r fd fr fc fs fn <<<"$f"
    printf '%-8s %5s %7s %5s %8s %12s  %s\n' kurier "$kd" "$kr" "$kc" "$ks" "$kn" "$fen"
    printf '%-8s %5s %7s %5s %8s %12s\n' fsf "$fd" "$fr" "$fc" "$fs" "$fn"
    k_last=$((k_last + kd)) f_last=$((f_last + fd))
    k_reached=$((k_reached + kr)) f_reached=$((f_reached + fr))
    k_done=$((k_done + kc)) f_done=$((f_done + fc))
done
n=${#FENS[@]}
awk -v kl="$k_last" -v fl="$f_last" -v kr="$k_reached" -v fr="$f_reached" -v kc="$k_done" \
    -v fc="$f_done" -v n="$n" -v ms="$MS" 'BEGIN {
    printf "mean depth at %d ms, last info line: kurier %.2f, fairy-stockfish %.2f (%d positions)\n", ms, kl / n, fl / n, n
    printf "mean depth at %d ms, last line that is not a repeat: kurier %.2f, fairy-stockfish %.2f (%d positions)\n", ms, kr / n, fr / n, n
    printf "mean depth at %d ms, completed iterations: kurier %.2f, fairy-stockfish %.2f (%d positions)\n", ms, kc / n, fc / n, n }'
