#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Builds the Debian package: configures the `release` preset (which also makes the man pages and
# icons), builds it, runs CPack DEB and prints the package's path and size. An existing
# build/release is reused. Assumes packaging/install-deps.sh has run.
#   bash packaging/build-deb.sh          → build/release/packages/boxoffice_<version>-1_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."

# BOXOFFICE_PRESET names the tree (default `release`); CI packs `ci`, the tree its tests ran on,
# built with the same flags as `release` (the test programs are not installed, so not packed).
preset=${BOXOFFICE_PRESET:-release}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
rm -f "build/$preset"/packages/boxoffice_*.deb
(cd "build/$preset" && cpack -G DEB)
deb=$(ls "build/$preset"/packages/boxoffice_*.deb)
echo "build-deb: $deb ($(du -k "$deb" | cut -f1) KiB)"
