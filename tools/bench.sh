#!/usr/bin/env bash
# Speed, single-threaded, Herald beside its peers in the same run, each figure the median of
# RUNS runs (3 unless given):
#   1. perft of the built-in games beside Debian's fairy-stockfish (and chess beside Debian's
#      stockfish), with the ratio;
#   2. presets compiled by the bridge beside the built-in rule set they copy;
#   3. where the preset's referee decides (the interpreter and the oracle): the referee's moves
#      per second, perft through the oracle and the depth of a 5-second search, each beside
#      the figure it aims at;
#   4. the search's nodes per second from the start position, with the net and without,
#      beside fairy-stockfish's.
# Usage: [RUNS=N] tools/bench.sh [path/to/herald]
set -u
herald=${1:-build/herald}
runs=${RUNS:-3}
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
[ -x "$fsf" ] || fsf=""
sf=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$sf" ] || sf=""

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
ratio() { echo "$1 / $2" | bc -l; }

# "nodes nodes/s" of herald perft, the median nodes/s of RUNS runs
herald_perft() {
  local nodes="" speeds=() line
  for _ in $(seq "$runs"); do
    line=$("$herald" perft "$1" startpos "$2")
    nodes=$(echo "$line" | awk '{print $2}')
    speeds+=("$(echo "$line" | awk '{print $6}')")
  done
  echo "$nodes $(median "${speeds[@]}")"
}

# ENGINE VARIANT DEPTH -> "nodes seconds" (wall time of the whole process; VARIANT "-": none)
uci_run() {
  local start end out set=""
  [ "$2" != "-" ] && set="setoption name UCI_Variant value $2"
  start=$(date +%s.%N)
  out=$(printf 'uci\n%s\nposition startpos\ngo perft %s\n' "$set" "$3" | "$1" 2>/dev/null |
        sed -n 's/^Nodes searched: //p')
  end=$(date +%s.%N)
  echo "$out $(echo "$end - $start" | bc -l)"
}
# Stockfish prints no perft time: its start-up (a depth-1 run: loading its net takes from 0.08 s
# to 0.3 s) is subtracted from the wall time so that the ratio compares generators, not process
# start-up.  The median start-up of RUNS runs from the median wall time of RUNS runs: a pair's
# own difference would swing with that one start-up.  "nodes nodes/s".
uci_perft() {
  local nodes="" sec base_sec walls=() bases=()
  for _ in $(seq "$runs"); do
    read -r _ base_sec < <(uci_run "$1" "$2" 1)
    read -r nodes sec < <(uci_run "$1" "$2" "$3")
    bases+=("$base_sec")
    walls+=("$sec")
  done
  echo "$nodes $(echo "s = $(median "${walls[@]}") - $(median "${bases[@]}"); if (s < 0.001) s = 0.001; $nodes / s" |
    bc -l)"
}

echo "Perft from the start position, nodes/s (median of $runs runs)"
printf '%-28s %-13s %5s %12s %10s %12s %10s %7s\n' peer game depth nodes "herald/s" "peer nodes" "peer/s" ratio
total=0
# peer  its variant  Herald's game  depth
cases="fairy-stockfish chess chess 6
fairy-stockfish capablanca capablanca 5
fairy-stockfish xiangqi xiangqi 5
fairy-stockfish shogi shogi 4
fairy-stockfish janggimodern janggimodern 5
stockfish - chess 6"
while read -r peer variant game depth; do
  read -r nodes nps < <(herald_perft "$game" "$depth")
  [ "$peer" = stockfish ] || total=$((total + nodes))
  engine=$fsf
  [ "$peer" = stockfish ] && engine=$sf
  label=$peer
  [ "$variant" != "-" ] && label="$peer $variant"
  if [ -n "$engine" ]; then
    read -r pnodes pnps < <(uci_perft "$engine" "$variant" "$depth")
    printf '%-28s %-13s %5s %12s %10.0f %12s %10.0f %6.2fx\n' "$label" "$game" "$depth" "$nodes" "$nps" "$pnodes" \
      "$pnps" "$(ratio "$nps" "$pnps")"
    [ "$pnodes" = "$nodes" ] || echo "  MISMATCH: $peer counts $pnodes"
  else
    printf '%-28s %-13s %5s %12s %10.0f %12s %10s %7s\n' "$label (absent)" "$game" "$depth" "$nodes" "$nps" - - -
  fi
done <<< "$cases"
echo "signature: $total nodes"

# Presets: compiled by the bridge, beside the built-in rule set they copy (the target is within
# 10%).
echo
echo "Presets compiled by the bridge, beside the built-in rules they copy"
printf '%-15s %5s %12s %10s %-12s %10s %7s\n' preset depth nodes "preset/s" built-in "built-in/s" ratio
presets="chess-tutorial 6 chess
chess 6 chess"
while read -r preset depth builtin; do
  read -r nodes nps < <(herald_perft "$preset" "$depth")
  read -r _ bnps < <(herald_perft "$builtin" "$depth")
  printf '%-15s %5s %12s %10.0f %-12s %10.0f %6.2fx\n' "$preset" "$depth" "$nodes" "$nps" "$builtin" "$bnps" \
    "$(ratio "$nps" "$bnps")"
done <<< "$presets"

# Where the referee decides: the interpreter's speed is the speed of every piece the compiler
# cannot reach.  Each beside the figure issue #19 of the project aims at.
echo
echo "Where the preset's referee decides (median of $runs runs), beside the aim"
printf '%-52s %12s %12s %7s\n' measure herald aim ratio
referee=() oracle_2004=() oracle_ultima=() depth_ultima=()
for _ in $(seq "$runs"); do
  referee+=("$("$herald" referee-bench chess-tutorial 40 80 1 | sed -n 's/.*s: \([0-9]*\) moves\/s.*/\1/p')")
  oracle_2004+=("$("$herald" perft chess-2004 startpos 5 | awk '{print $6}')")
  oracle_ultima+=("$("$herald" perft ultima startpos 3 | awk '{print $6}')")
  depth_ultima+=("$("$herald" search ultima startpos 5000ms 2>/dev/null | sed -n 's/^info depth \([0-9]*\) .*/\1/p' |
                    tail -1)")
done
aims="referee-bench chess-tutorial: moves refereed/s|$(median "${referee[@]}")|200000
perft chess-2004 5 (Pawns from their Post-Move block): nodes/s|$(median "${oracle_2004[@]}")|1000000
perft ultima 3 (every piece by the oracle): nodes/s|$(median "${oracle_ultima[@]}")|200000
search ultima 5 s: depth reached|$(median "${depth_ultima[@]}")|6"
while IFS='|' read -r what value aim; do
  printf '%-52s %12.0f %12s %6.2fx\n' "$what" "$value" "$aim" "$(ratio "$value" "$aim")"
done <<< "$aims"

# The search's speed: nodes per second from the start position over a million nodes (the last
# rate the engine reports), Herald with the net it ships and with the classical evaluation,
# beside fairy-stockfish's, and the 1,000,000 that issue #15 of the project aims at in chess.
# ENGINE VARIANT [SETOPTION...] -> nodes/s, median of RUNS
uci_nps() {
  local engine=$1 variant=$2 log speeds=() set=""
  shift 2
  for option in "$@"; do set+="setoption name $option"$'\n'; done
  log=$(mktemp)
  for _ in $(seq "$runs"); do
    {
      printf 'uci\nsetoption name UCI_Variant value %s\n%sisready\nposition startpos\ngo nodes 1000000\n' \
        "$variant" "$set"
      for _ in $(seq 1200); do grep -q '^bestmove' "$log" && break; sleep 0.1; done # 2 minutes at most
      echo quit
    } | "$engine" > "$log" 2>/dev/null
    speeds+=("$(grep -o ' nps [0-9]*' "$log" | tail -1 | awk '{print $2}')")
  done
  rm -f "$log"
  median "${speeds[@]}"
}
echo
echo "Search from the start position, 1,000,000 nodes: nodes/s (median of $runs runs)"
printf '%-13s %12s %12s %12s %12s\n' game "net" classical fairy-sf "net/fairy-sf"
chess_net=""
for game in chess capablanca xiangqi shogi crazyhouse; do
  net=$(uci_nps "$herald" "$game")
  [ "$game" = chess ] && chess_net=$net
  classical=$(uci_nps "$herald" "$game" "EvalFile value <none>")
  if [ -n "$fsf" ]; then
    peer=$(uci_nps "$fsf" "$game")
    printf '%-13s %12s %12s %12s %11.2fx\n' "$game" "$net" "$classical" "$peer" "$(ratio "$net" "$peer")"
  else
    printf '%-13s %12s %12s %12s %12s\n' "$game" "$net" "$classical" - -
  fi
done
printf 'chess with its net against the aim of 1000000 nodes/s: %.2fx\n' "$(ratio "${chess_net:-0}" 1000000)"
