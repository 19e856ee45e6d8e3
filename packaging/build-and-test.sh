#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Installs the Debian packages, builds with the `ci` preset (warnings are errors) and runs every
# test (unit, db, stress, ui). The db/stress/ui tests start their own private PostgreSQL.
# Set BOXOFFICE_SKIP_DEPS=1 to skip the package installation.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${BOXOFFICE_SKIP_DEPS:-0}" != "1" ]; then
    bash packaging/install-deps.sh
fi
cmake --preset ci
cmake --build --preset ci
ctest --preset ci
