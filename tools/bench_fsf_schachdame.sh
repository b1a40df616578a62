#!/usr/bin/env bash
# Side-by-side Schachdame perft speed: Fairy-Stockfish vs Kurier, single thread.
#
# Usage: tools/bench_fsf_schachdame.sh FSF_BINARY KURIER_BINARY [DEPTH] [RUNS]
#   FSF_BINARY     a Fairy-Stockfish built from source (>= 2022 core; the Debian 11.1 package
#                  cannot play Schachdame). This script never builds it.
#   KURIER_BINARY  kurier; run as: kurier perft --variant schachdame --depth D --threads 1
#                  which must print "Nodes searched: N".  Use "-" to time Fairy-Stockfish only.
#   DEPTH          default 8 (start position, expected 43928402 nodes)
#   RUNS           default 3; the two programs are run alternately (FSF, kurier, FSF, ...)
# Environment: SCHACHDAME_INI (default docs/peers/schachdame.ini) is passed to
#   Fairy-Stockfish as VariantPath.
#
# Fairy-Stockfish gets, over UCI:
#   setoption name VariantPath value $SCHACHDAME_INI
#   setoption name UCI_Variant value schachdame
#   position fen 1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1
#   go perft DEPTH
# Times are wall-clock for the whole process (start-up included, a few ms for both programs).
# Both programs count the last ply in bulk. Prints median time, nodes/second and the ratio.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
FSF=$1
KURIER=$2
DEPTH=${3:-8}
RUNS=${4:-3}
INI=${SCHACHDAME_INI:-docs/peers/schachdame.ini}
START_FEN="1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1"
EXPECTED=(1 7 49 427 3706 37400 372945 4079917 43928402 502462313)
WANT=${EXPECTED[$DEPTH]:-}

[ -x "$FSF" ] || { echo "not executable: $FSF" >&2; exit 2; }
if [ "$KURIER" != "-" ]; then [ -x "$KURIER" ] || { echo "not executable: $KURIER" >&2; exit 2; }; fi

now() { date +%s.%N; }

# run_fsf -> prints "<seconds> <nodes>"
run_fsf() {
    local t0 t1 out nodes
    t0=$(now)
    out=$(printf 'uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value schachdame\nisready\nposition fen %s\ngo perft %d\nquit\n' \
          "$INI" "$START_FEN" "$DEPTH" | "$FSF" 2>&1)
    t1=$(now)
    nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' | tail -1)
    echo "$(echo "$t1 - $t0" | bc -l) ${nodes:-?}"
}

run_kurier() {
    local t0 t1 out nodes
    t0=$(now)
    out=$("$KURIER" perft --variant schachdame --depth "$DEPTH" --threads 1 2>&1) || true
    t1=$(now)
    nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' | tail -1)
    echo "$(echo "$t1 - $t0" | bc -l) ${nodes:-?}"
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

check_nodes() {  # name nodes
    if [ "$2" = "?" ]; then echo "WARNING: $1 printed no 'Nodes searched:' line" >&2
    elif [ -n "$WANT" ] && [ "$2" != "$WANT" ]; then echo "WARNING: $1 counted $2 nodes, expected $WANT" >&2
    fi
}

fsf_times=(); kur_times=(); fsf_nodes="?"; kur_nodes="?"
for i in $(seq 1 "$RUNS"); do
    read -r t n < <(run_fsf); fsf_times+=("$t"); fsf_nodes=$n
    printf 'run %d  fairy-stockfish %8.3f s  nodes %s\n' "$i" "$t" "$n"
    check_nodes fairy-stockfish "$n"
    if [ "$KURIER" != "-" ]; then
        read -r t n < <(run_kurier); kur_times+=("$t"); kur_nodes=$n
        printf 'run %d  kurier          %8.3f s  nodes %s\n' "$i" "$t" "$n"
        check_nodes kurier "$n"
    fi
done

nps() { if [ "$2" = "?" ]; then echo "?"; else echo "$2 / $1" | bc -l | xargs printf '%.0f'; fi; }

fm=$(median "${fsf_times[@]}")
echo "----"
echo "start-position perft($DEPTH), $RUNS runs each, single thread, median wall time"
printf 'fairy-stockfish  %8.3f s  %12s nodes/s  (%s nodes)\n' "$fm" "$(nps "$fm" "$fsf_nodes")" "$fsf_nodes"
if [ "$KURIER" != "-" ]; then
    km=$(median "${kur_times[@]}")
    printf 'kurier           %8.3f s  %12s nodes/s  (%s nodes)\n' "$km" "$(nps "$km" "$kur_nodes")" "$kur_nodes"
    printf 'ratio kurier/fairy-stockfish time: %.2f  (speed ratio kurier:fsf = %.2f)\n' \
        "$(echo "$km / $fm" | bc -l)" "$(echo "$fm / $km" | bc -l)"
fi
