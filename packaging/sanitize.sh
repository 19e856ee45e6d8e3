#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Builds with AddressSanitizer + UndefinedBehaviorSanitizer (the `asan` preset) and runs the unit
# and db tests under them; any report fails the run (ASAN_OPTIONS/UBSAN_OPTIONS in the preset
# abort on the first error, leaks included). Assumes packaging/install-deps.sh has run.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset asan
cmake --build --preset asan
ctest --preset asan -L '^(unit|db)$'
