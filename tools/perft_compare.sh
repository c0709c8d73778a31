#!/usr/bin/env bash
# Differential perft against fairy-stockfish on positions from random games.
# Usage: tools/perft_compare.sh RULES [GAMES] [PLIES] [DEPTH] [SEED]
# RULES names Herald's game and fairy-stockfish's variant alike, except where fsf's variant of
# that name plays other rules: fsf's janggi ends the game on bikjang, Herald's does not, as fsf's
# janggimodern (presets/janggi.preset).
set -u
herald=${HERALD:-build/herald}
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
rules=$1 games=${2:-10} plies=${3:-40} depth=${4:-3} seed=${5:-1}
case $rules in
  janggi) variant=janggimodern ;;
  *) variant=$rules ;;
esac
bad=0 count=0
while read -r fen; do
  ours=$("$herald" perft "$rules" "$fen" "$depth" | awk '{print $2}')
  theirs=$(printf 'uci\nsetoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\nisready\n' \
           "$variant" "$fen" "$depth" | "$fsf" 2>/dev/null | sed -n 's/^Nodes searched: //p')
  count=$((count + 1))
  if [ "$ours" != "$theirs" ]; then
    bad=$((bad + 1))
    echo "MISMATCH herald $ours fsf $theirs: $fen"
  fi
done < <("$herald" walk "$rules" "$games" "$plies" "$seed")
echo "$rules: $count positions, $bad mismatches"
[ "$bad" -eq 0 ]
