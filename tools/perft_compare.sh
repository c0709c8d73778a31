#!/usr/bin/env bash
# Differential perft against fairy-stockfish on positions from random games.
# Usage: tools/perft_compare.sh RULES [GAMES] [PLIES] [DEPTH] [SEED]
# RULES names Herald's game and fairy-stockfish's variant alike.  The random-start games
# (chess960, caparandom) play each game from a start of its own, drawn as the game draws them,
# with Shredder-FEN castling rights.
set -u
herald=${HERALD:-build/herald}
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
rules=$1 games=${2:-10} plies=${3:-40} depth=${4:-3} seed=${5:-1}
variant=$rules

# A Fischer-random start: White's back rank (Rooks, Knights, Bishops, King, and the rest in
# PIECES) shuffled with the Bishops on squares of both colours and the King between the Rooks,
# Black's mirroring it; rights for both Rooks of each side.
random_start() { # PIECES SEED
  awk -v pieces="$1" -v seed="$2" 'BEGIN {
    srand(seed); n = length(pieces); files = "abcdefghijkl"
    for (;;) {
      for (i = 1; i <= n; i++) p[i] = substr(pieces, i, 1)
      for (i = n; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
      rank = ""; bishops = ""; rooks = ""; king = 0
      for (i = 1; i <= n; i++) {
        rank = rank p[i]
        if (p[i] == "B") bishops = bishops (i % 2)
        if (p[i] == "R") rooks = rooks i " "
        if (p[i] == "K") king = i
      }
      split(rooks, r, " ")
      if (bishops != "00" && bishops != "11" && r[1] < king && king < r[2]) break
    }
    rights = toupper(substr(files, r[2], 1)) toupper(substr(files, r[1], 1)) substr(files, r[2], 1) substr(files, r[1], 1)
    pawns = ""; for (i = 1; i <= n; i++) pawns = pawns "P"
    printf "%s/%s/%d/%d/%d/%d/%s/%s w %s - 0 1\n", tolower(rank), tolower(pawns), n, n, n, n, pawns, rank, rights
  }'
}

positions() {
  case $rules in
    chess960 | caparandom)
      local pieces=RNBQKBNR
      [ "$rules" = caparandom ] && pieces=RNABQKBCNR
      for ((g = 0; g < games; g++)); do
        local start
        start=$(random_start "$pieces" $((seed * 100003 + g)))
        echo "$start"
        "$herald" walk "$rules" 1 "$plies" $((seed + g)) "$start"
      done
      ;;
    *) "$herald" walk "$rules" "$games" "$plies" "$seed" ;;
  esac
}

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
done < <(positions)
echo "$rules: $count positions, $bad mismatches"
[ "$bad" -eq 0 ]
