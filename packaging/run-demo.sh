#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Installs the Debian packages, builds a release, starts (or reuses) the private demo
# PostgreSQL with the demo cinema, and shows today's showtimes and the next showtime's seats.
# Set BOXOFFICE_SKIP_DEPS=1 to skip the package installation.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${BOXOFFICE_SKIP_DEPS:-0}" != "1" ]; then
    bash packaging/install-deps.sh
fi
cmake --preset release
cmake --build --preset release
admin=build/release/app/boxoffice-admin
"$admin" --demo showtimes
"$admin" --demo seats next
