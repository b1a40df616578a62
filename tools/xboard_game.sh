#!/bin/sh
# One game under the real XBoard (Debian xboard 4.9.1) with its own settings, headless on a
# private Xvfb display and with a fresh $HOME (no saved .xboardrc read or written): keeps XBoard's
# debug log, the PGN, XBoard's final position and, where xwd is installed, a screenshot.
#
# Usage: tools/xboard_game.sh VARIANT OUTDIR [XBOARD ARGS...]
#   The XBoard arguments choose the engines and the clock; nothing else is needed, e.g.
#   tools/xboard_game.sh courier /tmp/xb-courier \
#       -fcp target/release/kurier -scp target/release/kurier -tc 0:10 -inc 0.1
# Needs: apt-get install xboard xvfb (x11-apps imagemagick for the screenshot)
set -eu
variant=$1; out=$(realpath -m "$2"); shift 2
mkdir -p "$out/home"
rm -f "$out/debug.log" "$out/game.pgn" "$out/final.fen" "$out/final.xwd" "$out/final.png"
n=90
while [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
display=:$n
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
HOME=$out/home DISPLAY=$display "${XBOARD:-/usr/games/xboard}" -variant "$variant" \
  -mode TwoMachines -debug -nameOfDebugFile "$out/debug.log" -saveGameFile "$out/game.pgn" \
  -savePositionFile "$out/final.fen" -popupExitMessage false "$@" >"$out/xboard.out" 2>&1 &
xb=$!
# The game is over when XBoard has written it (a result tag other than "*").
for _ in $(seq 1 3600); do
  if [ -s "$out/game.pgn" ] && grep -q '^\[Result "[^*]' "$out/game.pgn"; then break; fi
  if ! kill -0 $xb 2>/dev/null; then break; fi
  sleep 1
done
sleep 3
if command -v xwd >/dev/null 2>&1; then
  DISPLAY=$display xwd -root -silent -out "$out/final.xwd" || true
  convert "$out/final.xwd" -trim +repage "$out/final.png" 2>/dev/null || true
fi
kill $xb 2>/dev/null || true
grep -E '^\[Result|^\[Termination|\{' "$out/game.pgn" | tail -3 || true
echo "final position (XBoard): $(cat "$out/final.fen" 2>/dev/null)"
echo "errors in the debug log: $(grep -c -E 'Illegal move|Error \(|[Ff]orfeit|False' "$out/debug.log" || true)"
