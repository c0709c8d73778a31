#!/usr/bin/env bash
# A real XBoard session under Xvfb: Herald against Fairy-Max in two-machine mode.
# Usage: tools/xboard_session.sh [VARIANT] [SECONDS] [OPPONENT]   (needs xboard, xvfb, fairymax)
# OPPONENT "herald" plays Herald against itself (for variants Fairy-Max does not know),
# "fairy-stockfish" plays Debian's Fairy-Stockfish (in CECP, as XBoard starts it);
# PROTOCOL "uci" runs Herald as a UCI engine through polyglot, XBoard's UCI adapter.
#   tools/xboard_session.sh [VARIANT] [SECONDS] [OPPONENT] [PROTOCOL]
# Prints the game and fails when XBoard saw an illegal move or an error from Herald.
set -u
variant=${1:-normal} seconds=${2:-40}
opponent=/usr/games/fairymax
[ "$variant" = xiangqi ] && opponent=/usr/games/maxqi   # Fairy-Max's xiangqi build
herald=$(realpath "${HERALD:-build/herald}")
[ "${3:-}" = herald ] && opponent=$herald
[ "${3:-}" = fairy-stockfish ] && opponent=/usr/games/fairy-stockfish
uci=()
[ "${4:-}" = uci ] && uci=(-fUCI)
export PATH="$PATH:/usr/games"   # polyglot lives there
work=$(mktemp -d)
cd "$work" || exit 1
# XBoard cannot check the claims of a variant it does not know (extinction, say).
claims=true
case "$variant" in normal|xiangqi|shogi|capablanca|crazyhouse|grand|makruk|knightmate) ;; *) claims=false ;; esac
timeout $((seconds * 4 + 60)) xvfb-run -a /usr/games/xboard -variant "$variant" -testClaims "$claims" \
  -fcp "$herald" "${uci[@]}" -scp "$opponent" -mg 1 -tc "0:$seconds" -inc 0 \
  -sgf "$work/game.pgn" -debug -popupExitMessage false >/dev/null 2>&1
cat "$work/game.pgn" 2>/dev/null || { echo "no game was saved"; exit 1; }
who=first
[ "$opponent" = "$herald" ] && who="(first|second)"
bad=$(grep -E "<$who *: *(Illegal|Error|tellusererror)|[Ff]alse illegal|Illegal move.*first" "$work/xboard.debug" | head -5)
if [ -n "$bad" ]; then
  echo "XBoard log shows problems:"; echo "$bad"; exit 1
fi
if grep -qE "False (win|draw|loss) claim|Forfeit|invalid move" "$work/game.pgn"; then
  echo "XBoard rejected a move or a claim"; exit 1
fi
grep -q '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$work/game.pgn" || { echo "the game did not finish"; exit 1; }
echo "xboard session ($variant): clean; log in $work/xboard.debug"
