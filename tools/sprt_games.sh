# Sourced by the network scripts (tools/courier_net_*.sh), not run: `sprt_games ROOT WORK NAME...`
# unpacks matches/2026-12-0[3-6]/sprt-NAME.pgn.gz into WORK/sprt-NAME.pgn for each NAME, in the
# order given, and prints the unpacked paths, one a line.
sprt_games() {
  local root=$1 work=$2 n gz
  shift 2
  for n in "$@"; do
    gz=$(ls "$root"/matches/2026-12-0[3-6]/sprt-"$n".pgn.gz)
    zcat "$gz" > "$work/sprt-$n.pgn"
    echo "$work/sprt-$n.pgn"
  done
}
