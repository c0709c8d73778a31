#!/usr/bin/env bash
# Verify every preset of the library against its own referee: N random games each (200 by
# default, as issue #7 asks) of at most PLIES plies (environment, default 200), J presets at a
# time.  Prints one summary line per preset and exits non-zero if any preset disagrees or fails.
#   [PLIES=N] tools/verify-library.sh [GAMES] [JOBS] [PRESET...]
set -uo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
jobs=${2:-2}
shift $(( $# > 2 ? 2 : $# ))
presets=("$@")
[ ${#presets[@]} -eq 0 ] && presets=(presets/*.preset)
plies=${PLIES:-200}
herald=${HERALD:-build/herald}
out=${OUT:-build/verify-library}
mkdir -p "$out"
one() {
  local p=$1 name
  name=$(basename "$p" .preset)
  local start=$SECONDS
  "$herald" verify "$p" --games "$games" --plies "$plies" > "$out/$name.log" 2>&1
  local rc=$?
  local line
  line=$(grep -m1 '^verify: [0-9]' "$out/$name.log")
  printf '%-16s rc=%d %5ds  %s\n' "$name" "$rc" $((SECONDS - start)) "${line:-(no summary: see $out/$name.log)}"
}
export -f one
export games plies herald out
printf '%s\n' "${presets[@]}" | xargs -P "$jobs" -I{} bash -c 'one {}' | tee "$out/summary.txt"
! grep -q -v 'rc=0 .* 0 disagreements$' "$out/summary.txt"
