#!/usr/bin/env bash
# Installs the Debian package that packaging/build-deb.sh made (root, as CI runs) and checks it
# as a user would find it: the programs on Debian's games path play from any folder, the manual
# pages open, XBoard's engine list entry names the installed engine, and removing the package
# takes every file away.  Usage: tests/packaging/deb_install_test.sh build/deb/herald_V_ARCH.deb
set -euo pipefail
deb=$(realpath "$1")
fail() {
  echo "deb_install_test: FAILED: $*" >&2
  exit 1
}

export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "$deb" >/dev/null
files=$(dpkg -L herald)

cd /
out=$(/usr/games/herald perft capablanca startpos 4) || fail "herald perft capablanca: $out"
grep -q 'nodes 805128 ' <<<"$out" || fail "capablanca perft 4 is not 805,128: $out"
out=$(/usr/games/herald --version) || fail "herald --version"
grep -qx "herald $(dpkg-query -W -f '${Version}' herald)" <<<"$out" || fail "herald --version says '$out'"
out=$(printf 'uci\nisready\nposition startpos moves e2e4\ngo depth 4\nquit\n' | /usr/games/herald)
grep -q '^bestmove ' <<<"$out" || fail "no bestmove over UCI: $out"
for prog in herald-match herald-selfplay herald-tune; do
  /usr/games/$prog --help | grep -q "$prog" || fail "$prog --help"
done
for page in herald herald-match herald-selfplay herald-tune; do
  man -l "/usr/share/man/man6/$page.6.gz" 2>/dev/null | grep -q "^NAME" || fail "man page $page"
done
eng=/usr/share/games/plugins/xboard/herald.eng
[ "$(sed -n 2p $eng)" = /usr/games/herald ] || fail "$eng does not start /usr/games/herald"
grep -q capablanca $eng || fail "$eng lists no capablanca"
[ -f /usr/share/herald/presets/chess.preset ] || fail "the preset library is not in /usr/share/herald"

apt-get remove -y -qq herald >/dev/null
for f in $files; do
  [ -d "$f" ] || [ ! -e "$f" ] || fail "$f left after removal"
done
echo "deb_install_test: $(basename "$deb"): installed, played, removed"
