#!/usr/bin/env bash
# The data folder's keeper: training data and match PGNs are listed in data/MANIFEST.tsv (path,
# bytes, sha256, contents, source, in_tree, command). Most files left the tree and live only in
# the history: `source` names the git object (COMMIT:PATH) that holds each one.
#
# Usage: tools/data.sh check               every file in the tree has its size and sha256;
#                                          every file that left the tree is reachable in the
#                                          history (or, in a blob-less clone, promised by it)
#        tools/data.sh restore PATH...     brings files that left the tree back from the history,
#                                          checked by sha256 (a blob-less clone fetches them)
#        tools/data.sh restore --all       every file of the manifest
#        tools/data.sh list [PATTERN]      the manifest's rows (path, bytes, contents, in_tree)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
manifest="$root/data/MANIFEST.tsv"
cd "$root"

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 1 ] || usage
[ -f "$manifest" ] || { echo "data.sh: no $manifest" >&2; exit 1; }

# rows: the manifest without its header, tab-separated.
rows() { tail -n +2 "$manifest"; }

sha() { sha256sum "$1" | cut -d' ' -f1; }

check_file() {  # check_file PATH BYTES SHA: 0 when the file has both
  local p=$1 bytes=$2 want=$3
  [ "$(stat -c %s "$p")" = "$bytes" ] && [ "$(sha "$p")" = "$want" ]
}

restore_one() {  # restore_one PATH: from the manifest's source, checked
  local p=$1 line path bytes want contents source in_tree
  line=$(rows | awk -F'\t' -v p="$p" '$1 == p' | head -n 1)
  [ -n "$line" ] || { echo "data.sh: $p is not in the manifest" >&2; return 1; }
  IFS=$'\t' read -r path bytes want contents source in_tree _ <<<"$line"
  if [ -f "$path" ] && check_file "$path" "$bytes" "$want"; then
    echo "present: $path"; return 0
  fi
  mkdir -p "$(dirname "$path")"
  git show "$source" >"$path.part" || { rm -f "$path.part"; echo "data.sh: cannot read $source" >&2; return 1; }
  if ! check_file "$path.part" "$bytes" "$want"; then
    rm -f "$path.part"; echo "data.sh: $source does not have the manifest's sha256" >&2; return 1
  fi
  mv "$path.part" "$path"
  echo "restored: $path ($contents)"
}

case "$1" in
  check)
    bad=0 present=0 history=0 shallow=0
    [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ] && shallow=1
    while IFS=$'\t' read -r path bytes want contents source in_tree _; do
      if [ -f "$path" ]; then
        if check_file "$path" "$bytes" "$want"; then present=$((present + 1))
        else echo "BAD   $path: size or sha256 differs from the manifest" >&2; bad=$((bad + 1)); fi
      elif [ "$in_tree" = yes ]; then
        echo "MISSING $path (in_tree = yes)" >&2; bad=$((bad + 1))
      elif [ "$shallow" = 1 ]; then
        history=$((history + 1))  # a shallow clone has no history to look in: not a fault here
      else
        # The object's type without fetching it: a blob-less clone answers from the tree.
        commit=${source%%:*}; spath=${source#*:}
        if git ls-tree "$commit" -- "$spath" 2>/dev/null | grep -q ' blob '; then
          history=$((history + 1))
        else
          echo "LOST  $path: $source is not in this repository's history" >&2; bad=$((bad + 1))
        fi
      fi
    done < <(rows)
    [ "$shallow" = 1 ] && echo "data: a shallow clone: the files that left the tree were not looked up"
    echo "data: $present files checked in the tree, $history in the history, $bad problems"
    [ "$bad" -eq 0 ]
    ;;
  restore)
    shift
    [ $# -ge 1 ] || usage
    if [ "$1" = --all ]; then
      set -- $(rows | cut -f1)
    fi
    for p in "$@"; do restore_one "$p"; done
    ;;
  list)
    pattern=${2:-}
    rows | awk -F'\t' -v pat="$pattern" 'index($1, pat) { printf "%-60s %10s  %-18s %s\n", $1, $2, $4, ($6 == "yes" ? "in tree" : "history") }'
    ;;
  *) usage ;;
esac
