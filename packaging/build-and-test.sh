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
# On a fresh tree CTest has no times of an earlier run and starts the tests in the order they are
# declared, the longest ones among the last; with these (a developer's run, tests/ctest-costs.txt)
# it starts the longest first, as it does on every run after the first (docs/DECISIONS.md, "CI
# time: the longest tests first on a fresh machine"). A tree that has its own times keeps them.
costs=build/ci/Testing/Temporary/CTestCostData.txt
if [ ! -f "$costs" ]; then
    mkdir -p "$(dirname "$costs")"
    cp tests/ctest-costs.txt "$costs"
fi
ctest --preset ci
