#!/usr/bin/env bash
# Perft speed, single-threaded, Herald beside fairy-stockfish on the same positions in the
# same run.  Usage: tools/bench.sh [path/to/herald]
set -u
herald=${1:-build/herald}
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
[ -x "$fsf" ] || fsf=""

# variant  herald-rules  depth  (Herald's janggi is fsf's janggimodern: no end on bikjang)
cases="chess chess 6
capablanca capablanca 5
xiangqi xiangqi 5
shogi shogi 4
janggimodern janggi 5"

fsf_run() { # variant depth -> "nodes seconds" (wall time of the whole process)
  local start end out
  start=$(date +%s.%N)
  out=$(printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nisready\n' "$1" "$2" |
        "$fsf" 2>/dev/null | sed -n 's/^Nodes searched: //p')
  end=$(date +%s.%N)
  echo "$out $(echo "$end - $start" | bc -l)"
}
# fairy-stockfish prints no perft time; its start-up (a depth-1 run) is subtracted from the wall
# time so that the ratio compares generators, not process start-up.
fsf_perft() {
  local nodes sec base_nodes base_sec
  read -r base_nodes base_sec < <(fsf_run "$1" 1)
  read -r nodes sec < <(fsf_run "$1" "$2")
  echo "$nodes $(echo "s = $sec - $base_sec; if (s < 0.001) s = 0.001; s" | bc -l)"
}

printf '%-12s %5s %12s %10s %12s %10s %7s\n' variant depth nodes "herald/s" "fsf nodes" "fsf/s" ratio
total=0
while read -r variant rules depth; do
  line=$("$herald" perft "$rules" startpos "$depth")
  nodes=$(echo "$line" | awk '{print $2}')
  nps=$(echo "$line" | awk '{print $6}')
  total=$((total + nodes))
  if [ -n "$fsf" ]; then
    read -r fnodes fsec < <(fsf_perft "$variant" "$depth")
    fnps=$(echo "$fnodes / $fsec" | bc -l)
    ratio=$(echo "$nps / $fnps" | bc -l)
    printf '%-12s %5s %12s %10.0f %12s %10.0f %6.2fx\n' "$variant" "$depth" "$nodes" "$nps" "$fnodes" "$fnps" "$ratio"
    [ "$fnodes" = "$nodes" ] || echo "  MISMATCH: fairy-stockfish counts $fnodes"
  else
    printf '%-12s %5s %12s %10.0f %12s %10s %7s\n' "$variant" "$depth" "$nodes" "$nps" - - -
  fi
done <<< "$cases"
echo "signature: $total nodes"

# Presets: compiled by the bridge, beside the built-in rule set they copy (the target is within
# 10%); oracle-backed ones (some piece decided by the preset's referee), with their speed.
echo
printf '%-15s %5s %12s %10s %-12s %10s %7s\n' preset depth nodes "preset/s" built-in "built-in/s" ratio
presets="chess-tutorial 6 chess
chess 6 chess
chess-2004 4 -
escorted-queen 4 -
ultima 3 -"
while read -r preset depth builtin; do
  [ -f "presets/$preset.preset" ] || continue
  line=$("$herald" perft "$preset" startpos "$depth")
  nodes=$(echo "$line" | awk '{print $2}')
  nps=$(echo "$line" | awk '{print $6}')
  if [ "$builtin" != "-" ]; then
    bline=$("$herald" perft "$builtin" startpos "$depth")
    bnps=$(echo "$bline" | awk '{print $6}')
    ratio=$(echo "$nps / $bnps" | bc -l)
    printf '%-15s %5s %12s %10.0f %-12s %10.0f %6.2fx\n' "$preset" "$depth" "$nodes" "$nps" "$builtin" "$bnps" "$ratio"
  else
    printf '%-15s %5s %12s %10.0f %-12s %10s %7s\n' "$preset" "$depth" "$nodes" "$nps" "(oracle)" - -
  fi
done <<< "$presets"
