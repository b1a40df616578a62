# Sourced by the network scripts (tools/courier_net_*.sh), not run.
#
# `net_script_start LAST_HELP_LINE "OPTIONS" "$@"`: the scripts' common start. With fewer than
# two arguments, or a third that is not one of OPTIONS (space-separated; "" allows none), it
# prints the script's comment block (lines 2 to LAST_HELP_LINE, without the '# ') or the error and
# exits 2; otherwise it sets KURIER and WORK (the first two arguments), OPTION (the third, or
# empty) and ROOT (the repository), and makes WORK.
net_script_start() {
  local last=$1 allowed=$2 o=""
  shift 2
  if [ $# -lt 2 ]; then sed -n "2,${last}p" "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
  KURIER=$1
  WORK=$2
  OPTION=${3:-}
  if [ -n "$OPTION" ]; then
    for o in $allowed; do [ "$o" = "$OPTION" ] && break; done
    if [ "$o" != "$OPTION" ]; then echo "unknown option: $OPTION" >&2; exit 2; fi
  fi
  ROOT=$(cd "$(dirname "$0")/.." && pwd)
  mkdir -p "$WORK"
}

# `sprt_games ROOT WORK NAME...`
# unpacks matches/2026-12-0[3-7]/sprt-NAME.pgn.gz into WORK/sprt-NAME.pgn for each NAME, in the
# order given, and prints the unpacked paths, one a line.
sprt_games() {
  local root=$1 work=$2 n gz
  shift 2
  for n in "$@"; do
    gz=$(ls "$root"/matches/2026-12-0[3-7]/sprt-"$n".pgn.gz)
    zcat "$gz" > "$work/sprt-$n.pgn"
    echo "$work/sprt-$n.pgn"
  done
}

# `train_files WORK ROUND`: the data files the network scripts from net N (round 10) on give
# `kurier train`, newest first, for ROUND 10 to 14, one path a line: each round after 10 puts its
# SPRT games and its datagen file in front of the round before's list. Shared so that a new round
# adds one line here instead of copying the whole list.
train_files() {
  local work=$1 round=$2 r f
  local -A newer=([11]="games-r11 datagen-netN-10k" [12]="games-r12 datagen-netO-10k"
    [13]="games-r13 datagen-netP-10k" [14]="games-r14 datagen-netQ-10k")
  for ((r = round; r > 10; r--)); do
    [ -n "${newer[$r]:-}" ] || { echo "train_files: no round $r" >&2; return 2; }
    for f in ${newer[$r]}; do echo "$work/$f.txt"; done
  done
  for f in games-r10 datagen-netM-10k games-r9 datagen-netL-10k games-r8 datagen-netK-10k \
    games-r7 games-r6 datagen games-r5 games-new games-old; do
    echo "$work/$f.txt"
  done
}

# The training settings of the network scripts from net N on (the README's rounds table).
TRAIN_FLAGS=(--epochs 8 --lambda 0.0 --threads 1 --mirror --activation screlu)

# `net_round ROUND PREVIOUS DATAGEN SPRT_NAME...`: the whole body of a network script from net N
# (round 10) on, after net_script_start. It writes the round before's data files into WORK
# (`tools/PREVIOUS WORK --data-only`), this round's SPRT games (matches/…/sprt-SPRT_NAME.pgn.gz,
# in the order given) as WORK/games-rROUND.txt, and this round's datagen games (DATAGEN, a path
# below the repository, datagen-courier-netX-10k.txt.gz) unpacked as WORK/datagen-netX-10k.txt;
# then, unless OPTION is --data-only, `kurier train` on `train_files WORK ROUND` with
# TRAIN_FLAGS into WORK/courier.nnue. So a new round is one call naming its files.
net_round() {
  local round=$1 previous=$2 datagen=$3 name
  local -a games files
  shift 3
  "$ROOT/tools/$previous" "$KURIER" "$WORK" --data-only
  mapfile -t games < <(sprt_games "$ROOT" "$WORK" "$@")
  "$KURIER" pgn-data --variant courier --out "$WORK/games-r$round.txt" "${games[@]}"
  name=$(basename "$datagen" .txt.gz)
  zcat "$ROOT/$datagen" > "$WORK/${name/datagen-courier-/datagen-}.txt"
  [ "$OPTION" = --data-only ] && return 0
  mapfile -t files < <(train_files "$WORK" "$round")
  "$KURIER" train --variant courier "${files[@]}" --out "$WORK/courier.nnue" "${TRAIN_FLAGS[@]}"
}
