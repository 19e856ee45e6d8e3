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

cmake --preset release >/dev/null
cmake --build --preset release
rm -f build/release/packages/boxoffice_*.deb
(cd build/release && cpack -G DEB)
deb=$(ls build/release/packages/boxoffice_*.deb)
echo "build-deb: $deb ($(du -k "$deb" | cut -f1) KiB)"
