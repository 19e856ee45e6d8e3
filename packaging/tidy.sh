#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Runs clang-tidy (the checks in .clang-tidy) over the C++ source files of ours, using the
# compile database of a configured and built tree (the ci preset writes one). Any finding fails.
#   packaging/tidy.sh [build-dir]                   every file; default build dir: build/ci
#   packaging/tidy.sh [build-dir] --since <commit>  only the .cpp files changed since <commit>,
#                                                   and for a changed header one file that
#                                                   includes it, not those whose only change is
#                                                   to their #include lines (see below)
# CI uses --since with the commit in .ci/tidy-baseline, the last commit whose whole tree was
# found clean (docs/DECISIONS.md, "CI time"): move it forward after a clean run of the whole.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/ci
since=
while [ $# -gt 0 ]; do
    case "$1" in
    --since)
        since=${2:?tidy.sh: --since needs a commit}
        shift 2
        ;;
    *)
        build=$1
        shift
        ;;
    esac
done
if [ ! -f "$build/compile_commands.json" ]; then
    echo "tidy.sh: $build/compile_commands.json is missing; configure and build with: cmake --preset ci && cmake --build build/ci" >&2
    exit 2
fi
cd "$root"
# A unity build's database names its batches, not our files, and GCC's precompiled header is no
# use to clang: packaging/tidy-compile-db.py writes the one clang-tidy reads.
compdb=$(mktemp -d /tmp/boxoffice-tidy-XXXXXX)
trap 'rm -rf "$compdb"' EXIT
python3 "$root/packaging/tidy-compile-db.py" "$build/compile_commands.json" "$compdb"
sources=('model/*.cpp' 'db/*.cpp' 'ui/*.cpp' 'app/*.cpp' 'tests/*.cpp')
if [ -n "$since" ] && ! git cat-file -e "$since^{commit}" 2>/dev/null; then
    echo "tidy.sh: commit $since is not in this clone; checking every file" >&2
    since=
fi
if [ -z "$since" ]; then
    mapfile -t files < <(git ls-files -- "${sources[@]}")
else
    # Changed since the baseline, committed or not; deleted files drop out.
    mapfile -t changed < <({
        git diff --name-only "$since" -- "${sources[@]}" 'model/*.h' 'db/*.h' 'ui/*.h' 'app/*.h' 'tests/*.h'
        git ls-files --others --exclude-standard -- "${sources[@]}"
    } | sort -u)
    # A file moved or renamed is found under its new name, and its old one is compared. A file
    # whose only change is to its #include lines (a folder move rewrites them) is not checked
    # again: the checks read the code, which is what was found clean at the baseline; a changed
    # header is checked on its own account below, clang-format checks the includes' order, and the
    # one check that reads include lines (readability-duplicate-include) is done here by grep.
    declare -A was=()
    while IFS=$'\t' read -r kind old new; do
        case "$kind" in R*) was[$new]=$old ;; esac
    done < <(git diff --name-status -M "$since" -- "${sources[@]}" 'model/*.h' 'db/*.h' 'ui/*.h' 'app/*.h' 'tests/*.h')
    only_includes() {
        local before=${was[$1]:-$1}
        git cat-file -e "$since:$before" 2>/dev/null || return 1
        cmp -s <(git show "$since:$before" | grep -v '^#include ') <(grep -v '^#include ' "$1")
    }
    declare -A pick=()
    headers=()
    skipped=0
    duplicates=
    for f in "${changed[@]}"; do
        [ -f "$f" ] || continue
        if only_includes "$f"; then
            # The one check that reads include lines, done here: the same header twice.
            if dup=$(grep '^#include ' "$f" | sort | uniq -d) && [ -n "$dup" ]; then
                echo "$f: duplicate include: $dup [readability-duplicate-include]" >&2
                duplicates=1
            fi
            skipped=$((skipped + 1))
            continue
        fi
        case "$f" in
        *.cpp) pick[$f]=1 ;;
        *.h) headers+=("$f") ;;
        esac
    done
    # A header is analysed through a file that includes it (HeaderFilterRegex): a changed .cpp
    # already picked that includes it, else its own .cpp, else the first file that includes it.
    # The other includers are unchanged code found clean at the baseline; checking each again
    # cost a minute per 8 files for a header included by 50 (docs/DECISIONS.md, "CI time").
    for f in "${headers[@]}"; do
        mapfile -t users < <(git grep -l -F "#include \"$f\"" -- "${sources[@]}" || true)
        covered=
        for user in "${users[@]}"; do
            [ -n "${pick[$user]:-}" ] && covered=1 && break
        done
        [ -n "$covered" ] && continue
        own=${f%.h}.cpp
        if [ -f "$own" ]; then
            pick[$own]=1
        elif [ "${#users[@]}" -gt 0 ]; then
            pick[${users[0]}]=1
        fi
    done
    files=("${!pick[@]}")
    if [ -n "$duplicates" ]; then
        echo "tidy.sh: a file whose only change is its includes includes a header twice (above)" >&2
        exit 1
    fi
    echo "tidy.sh: changed since $(git rev-parse --short "$since"); $skipped more changed only their #include lines"
fi
if [ "${#files[@]}" -eq 0 ]; then
    echo "tidy.sh: no C++ source changed; clean"
    exit 0
fi
echo "tidy.sh: ${#files[@]} files, $(nproc) at a time"
status=0
printf '%s\n' "${files[@]}" |
    xargs -P "$(nproc)" -n 4 clang-tidy -p "$compdb" --quiet --extra-arg=-Wno-unknown-warning-option \
        2> >(grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter' >&2) ||
    status=$?
if [ "$status" -ne 0 ]; then
    echo "tidy.sh: clang-tidy found problems (see above)" >&2
    exit 1
fi
echo "tidy.sh: clean"
