#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Runs clang-tidy (the checks in .clang-tidy) over every C++ source file of ours, using the
# compile database of a configured and built tree (the ci preset writes one). Any finding fails.
#   packaging/tidy.sh [build-dir]        default: build/ci
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/ci}
if [ ! -f "$build/compile_commands.json" ]; then
    echo "tidy.sh: $build/compile_commands.json is missing; configure and build with: cmake --preset ci && cmake --build build/ci" >&2
    exit 2
fi
cd "$root"
mapfile -t files < <(git ls-files -- 'model/*.cpp' 'db/*.cpp' 'ui/*.cpp' 'app/*.cpp' 'tests/*.cpp')
echo "tidy.sh: ${#files[@]} files, $(nproc) at a time"
status=0
printf '%s\n' "${files[@]}" |
    xargs -P "$(nproc)" -n 4 clang-tidy -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option \
        2> >(grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter' >&2) ||
    status=$?
if [ "$status" -ne 0 ]; then
    echo "tidy.sh: clang-tidy found problems (see above)" >&2
    exit 1
fi
echo "tidy.sh: clean"
