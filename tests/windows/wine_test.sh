#!/usr/bin/env bash
# The Windows programs of `make windows`, run under wine (make windows-test; CI): perft, a UCI and
# a CECP session through pipes as a GUI holds them, herald-match.exe playing two herald.exe (the
# engines started by CreateProcess), herald-selfplay.exe, herald-tune.exe, and referee-perft's
# refusal of --jobs.
# Each check prints what it got when it fails; the script exits 1 when one did.
#   tests/windows/wine_test.sh [DIR]      DIR: where the .exe files are (build/windows)
# Needs wine and wine64 (Debian); no display: the programs are console programs.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-build/windows}
for program in herald herald-match herald-selfplay herald-tune; do
  [ -f "$dir/$program.exe" ] || { echo "wine_test: no $dir/$program.exe (make windows)"; exit 1; }
done
command -v wine >/dev/null || { echo "wine_test: no wine (apt-get install wine wine64)"; exit 1; }

# A prefix of our own, thrown away at the end; no Mono or Gecko (wine would offer to download
# them), and no wine debugging chatter in the outputs.
tmp=$(mktemp -d /tmp/herald-wine-test.XXXXXX)
export WINEPREFIX=$tmp/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
trap 'wineserver -k >/dev/null 2>&1; rm -rf "$tmp"' EXIT
herald=$dir/herald.exe
failed=0
started=$(date +%s)

# The first start makes the prefix (some seconds): done once, before the timed checks.
timeout 300 wineboot --init >/dev/null 2>&1 || { echo "wine_test: wineboot --init failed"; exit 1; }

fail() { # NAME WHAT OUTPUT-FILE
  echo "FAIL $1: $2; it printed:"
  tail -40 "$3" | tr -d '\r' | sed 's/^/  | /'
  failed=1
}

# Waits up to SECONDS for a line matching REGEX in FILE.
wait_for() { # REGEX FILE SECONDS
  for _ in $(seq $((10 * $3))); do
    grep -qE "$1" "$2" && return 0
    sleep 0.1
  done
  return 1
}

# A session with herald.exe through a pipe, as a GUI holds one: each argument is a line to send
# (with the line end $eol), or "WAIT REGEX" to wait for herald's answer first.  Output in $tmp/NAME.
session() { # NAME LINE...
  local name=$1 out=$tmp/$1.out
  shift
  mkfifo "$tmp/$name.in"
  timeout 120 wine "$herald" <"$tmp/$name.in" >"$out" 2>&1 &
  local pid=$!
  exec 3>"$tmp/$name.in"
  for line in "$@"; do
    if [[ $line == "WAIT "* ]]; then
      wait_for "${line#WAIT }" "$out" 60 || break
    else
      printf '%s%s' "$line" "$eol" >&3
    fi
  done
  exec 3>&-
  wait "$pid"
}

echo "== perft chess startpos 4"
timeout 120 wine "$herald" perft chess startpos 4 >"$tmp/perft.out" 2>&1
grep -q 'nodes 197281 ' "$tmp/perft.out" || fail perft "no 'nodes 197281'" "$tmp/perft.out"
# A preset by a Windows path, '\' and all.
timeout 120 wine "$herald" perft 'presets\chess.preset' startpos 3 >"$tmp/path.out" 2>&1
grep -q 'nodes 8902 ' "$tmp/path.out" || fail "perft by a Windows path" "no 'nodes 8902'" "$tmp/path.out"
tr -d '\r' <"$tmp/perft.out"

echo "== UCI: uci, isready, two threads, go depth 4 after 1. e4"
eol=$'\n'
session uci uci "WAIT ^uciok" "setoption name Threads value 2" "setoption name Hash value 32" isready \
  "WAIT ^readyok" "position startpos moves e2e4" "go depth 4" "WAIT ^bestmove" quit
replies="a7a6 a7a5 b7b6 b7b5 c7c6 c7c5 d7d6 d7d5 e7e6 e7e5 f7f6 f7f5 g7g6 g7g5 h7h6 h7h5 b8a6 b8c6 g8f6 g8h6"
best=$(tr -d '\r' <"$tmp/uci.out" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
grep -q '^uciok' "$tmp/uci.out" || fail uci "no uciok" "$tmp/uci.out"
grep -q '^readyok' "$tmp/uci.out" || fail uci "no readyok" "$tmp/uci.out"
[[ " $replies " == *" $best "* ]] || fail uci "no bestmove among Black's 20 legal replies to 1. e4" "$tmp/uci.out"
tr -d '\r' <"$tmp/uci.out" | grep -E '^(info depth 4 .* pv|bestmove)' | tail -2

echo "== CECP, lines ending in CR LF as WinBoard sends them: capablanca, go"
eol=$'\r\n'
session cecp xboard "protover 2" "WAIT feature .*done=1" new "variant capablanca" "sd 3" go "WAIT ^move " quit
# Capablanca's 28 first moves (rnabqkbcnr): 20 of the pawns, the knights, the archbishop on c1
# and the chancellor on h1.
firsts="b1a3 b1c3 i1h3 i1j3 c1b3 c1d3 h1g3 h1i3"
for file in a b c d e f g h i j; do firsts+=" ${file}2${file}3 ${file}2${file}4"; done
move=$(tr -d '\r' <"$tmp/cecp.out" | sed -n 's/^move \([^ ]*\)$/\1/p' | head -1)
grep -qE '^feature .*done=1' "$tmp/cecp.out" || fail cecp "no 'feature ... done=1'" "$tmp/cecp.out"
[[ " $firsts " == *" $move "* ]] || fail cecp "no 'move' among Capablanca's 28 first moves" "$tmp/cecp.out"
tr -d '\r' <"$tmp/cecp.out" | grep -E '^(feature .*done=1|move )'

echo "== herald-match.exe: herald.exe (UCI) against herald.exe (CECP), 2 games at depth 1"
timeout 300 wine "$dir/herald-match.exe" -engine "cmd=$herald,proto=uci,name=uci" \
  -engine "cmd=$herald,proto=cecp,name=cecp" --games 2 --depth 1 >"$tmp/match.out" 2>&1
status=$?
grep -qE '^Score of uci vs cecp: [0-9]+ - [0-9]+ - [0-9]+ +\[[0-9.]+\] 2' "$tmp/match.out" ||
  fail herald-match "no 'Score of uci vs cecp: W - L - D [score] 2' (exit $status)" "$tmp/match.out"
grep -q 'crash\|forfeit\|illegal' "$tmp/match.out" && fail herald-match "an engine crashed or lost on time" "$tmp/match.out"
tr -d '\r' <"$tmp/match.out" | grep -E '^(uci vs cecp|Score of)'

echo "== herald-selfplay.exe: 2 games of chess at 500 nodes a move, refereed by the preset"
timeout 300 wine "$dir/herald-selfplay.exe" chess --games 2 --nodes 500 >"$tmp/selfplay.out" 2>&1
status=$?
[ $status -eq 0 ] || fail herald-selfplay "exit $status" "$tmp/selfplay.out"
grep -q '^Self-play of chess: 2 games' "$tmp/selfplay.out" || fail herald-selfplay "no report of 2 games" "$tmp/selfplay.out"
grep -q 'search/rules disagreements: 0' "$tmp/selfplay.out" || fail herald-selfplay "disagreements" "$tmp/selfplay.out"
tr -d '\r' <"$tmp/selfplay.out" | grep -E '^(Self-play|First player|Rule disagreements)'

echo "== herald-tune.exe: 2 games of chess for data, then a fit the engine takes"
timeout 300 wine "$dir/herald-tune.exe" play chess --games 2 --nodes 300 --out "$tmp/tune.txt" >"$tmp/tune.out" 2>&1 &&
  timeout 120 wine "$dir/herald-tune.exe" fit chess "$tmp/tune.txt" --epochs 20 --out "$tmp/chess.eval.gz" \
    >>"$tmp/tune.out" 2>&1
status=$?
[ $status -eq 0 ] && [ -s "$tmp/chess.eval.gz" ] || fail herald-tune "exit $status, or no weights file" "$tmp/tune.out"
weights=$(winepath -w "$tmp/chess.eval.gz" 2>/dev/null) || weights="Z:$tmp/chess.eval.gz"
out=$(printf 'uci\nsetoption name EvalWeights value %s\nisready\nquit\n' "$weights" |
  timeout 60 wine "$herald" 2>&1 | tr -d '\r')
grep -q '^readyok' <<<"$out" && ! grep -q 'Error' <<<"$out" || fail herald-tune "the engine refused the weights" <(echo "$out")
tr -d '\r' <"$tmp/tune.out" | grep -E '^(2 games|written to)'

echo "== referee-perft --jobs 2 is refused on Windows"
timeout 120 wine "$herald" referee-perft chess-tutorial 1 --jobs 2 >"$tmp/jobs.out" 2>&1
status=$?
[ $status -eq 2 ] && grep -q 'not available on Windows' "$tmp/jobs.out" ||
  fail "referee-perft --jobs" "no refusal with exit 2 (exit $status)" "$tmp/jobs.out"
tr -d '\r' <"$tmp/jobs.out"

echo "wine_test: $([ $failed -eq 0 ] && echo passed || echo FAILED) in $(($(date +%s) - started)) s"
exit $failed
