# Sourced by the tools/ scripts that drive UCI engines side by side (bench_search_courier.sh,
# depth_at_time_courier.sh): Kurier's Courier bench positions and one search over UCI.

# courier_bench_fens KURIER -> the FENs of Kurier's Courier bench positions, one per line, read
# from Kurier's own source of truth (its bench output).
courier_bench_fens() {
    "$1" bench --variant courier --depth 1 |
        awk '$1 == "courier" { $1=$2=$3=$4=$5=$6=$7=""; sub(/^ +/, ""); print }'
}

# uci_search_lines ENGINE FEN HASH_MB TIMEOUT_S GO... -> every `info` line with a score and a
# node count before `bestmove`, in order (one thread, Courier, a fresh game). Fails, saying so on
# stderr, when the engine gives no such line within TIMEOUT_S seconds (the engine is then killed:
# nothing here waits for ever).
uci_search_lines() {
    local engine=$1 fen=$2 hash=$3 limit=$4 log lines
    shift 4
    log=$(mktemp)
    {
        printf 'uci\nsetoption name UCI_Variant value courier\nsetoption name Threads value 1\nsetoption name Hash value %d\nucinewgame\nisready\nposition fen %s\ngo %s\n' "$hash" "$fen" "$*"
        # Keep stdin open until the search ends (an engine may quit on end of input), but not
        # past the time limit.
        local deadline=$((SECONDS + limit))
        until grep -q '^bestmove' "$log" || ((SECONDS > deadline)); do sleep 0.05; done
        echo quit
    } | timeout "$limit" "$engine" >"$log" 2>/dev/null || true
    lines=$(awk '/^bestmove/ { printf "%s", lines; exit } /^info / && / score / && / nodes / { lines = lines $0 "\n" }' "$log")
    rm -f "$log"
    if [ -z "$lines" ]; then
        echo "$engine: no search result for 'go $*' from $fen within ${limit} s" >&2
        return 1
    fi
    printf '%s\n' "$lines"
}

# uci_search ENGINE FEN HASH_MB TIMEOUT_S GO... -> the last of uci_search_lines' lines.
uci_search() {
    local lines
    lines=$(uci_search_lines "$@") || return 1
    tail -n 1 <<<"$lines"
}

# uci_field LINE NAME -> the value after the word NAME in an `info` LINE (empty if absent).
uci_field() {
    awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }' <<<"$1"
}
