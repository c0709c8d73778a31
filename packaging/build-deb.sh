#!/usr/bin/env bash
# Builds the Debian package (debian/) in a copy of the source, so that the package's clean and
# build steps never touch the tree's own build/, and leaves herald_VERSION_ARCH.deb in build/deb/.
# Needs dpkg-dev, debhelper and zlib1g-dev.  Usage: packaging/build-deb.sh
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(cat VERSION)
packaged=$(dpkg-parsechangelog -S Version)
if [ "$packaged" != "$version" ]; then
  echo "build-deb: debian/changelog is at $packaged but VERSION says $version: add a changelog entry" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src="$work/herald-$version"
mkdir -p "$src"
# The files of the checkout as they are now (committed or not), or every file outside a checkout.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$src"
else
  tar --exclude=./build -cf - . | tar -xf - -C "$src"
fi

# -jauto: one make job per core (debian/rules calls make itself, which the parallel option of
# DEB_BUILD_OPTIONS alone would not reach; -j puts it in MAKEFLAGS as well).
(cd "$src" && dpkg-buildpackage -us -uc -b -jauto)
mkdir -p build/deb
mv "$work"/herald_"$version"_*.deb build/deb/
ls build/deb/herald_"$version"_*.deb
