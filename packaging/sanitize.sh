#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Builds with AddressSanitizer + UndefinedBehaviorSanitizer (the `asan` preset) and runs the unit
# and db tests under them; any report fails the run (ASAN_OPTIONS/UBSAN_OPTIONS in the preset
# abort on the first error, leaks included). Assumes packaging/install-deps.sh has run.
# Only the programs those tests run are built (CI time): the test executables, and the tools
# some of them start (boxoffice-testpg, boxoffice-bench, boxoffice-admin through its tests).
set -euo pipefail
cd "$(dirname "$0")/.."
labels='^(unit|db)$'
cmake --preset asan
# Test programs are targets of the test's name (tests/CMakeLists.txt, boxoffice_add_test); the
# other tests of these labels run CMake scripts or boxoffice-bench; the fixture runs boxoffice-testpg.
mapfile -t targets < <({
    ctest --preset asan -N -L "$labels" | sed -n 's/^ *Test *#[0-9]*: \(tst_[A-Za-z0-9_]*\)$/\1/p'
    printf '%s\n' boxoffice-testpg boxoffice-bench
} | sort -u)
if [ "${#targets[@]}" -eq 0 ]; then
    echo "sanitize.sh: no test programs found for labels $labels" >&2
    exit 1
fi
echo "sanitize.sh: building ${#targets[@]} programs"
cmake --build --preset asan --target "${targets[@]}"
ctest --preset asan -L "$labels"
