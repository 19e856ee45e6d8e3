#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Installs the Debian packages, builds a release and opens the counter app in demo mode: a
# private PostgreSQL with the demo cinema (created on first use, kept between runs). Run it again
# in a second shell for a second terminal on the same database. Extra arguments go to the app.
# Set BOXOFFICE_SKIP_DEPS=1 to skip the package installation.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${BOXOFFICE_SKIP_DEPS:-0}" != "1" ]; then
    bash packaging/install-deps.sh
fi
# BOXOFFICE_PRESET names the tree (default `release`); CI sets `ci`, the tree its tests ran on,
# which is built with the same flags as `release` plus the tests (docs/DECISIONS.md, "CI time").
preset=${BOXOFFICE_PRESET:-release}
cmake --preset "$preset"
cmake --build --preset "$preset"
exec "build/$preset/app/boxoffice" --demo "$@"
