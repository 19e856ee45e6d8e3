#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Runs the ui, db and stress tests N times in a row while every CPU is also kept busy by a
# spinning process, and says which test failed and how often. A test that fails now and then is
# a bug in the code or in the test: find its cause; never a longer timeout or a retry.
#
#   bash packaging/repeat-tests.sh 20          # N rounds (default 10)
#   BOXOFFICE_REPEAT_LABELS='ui|db' ...        # other labels (a ctest -L regex)
#   BOXOFFICE_REPEAT_LOAD=0 ...                # no competing load
#
# Each round is one `ctest --preset ci --repeat until-fail:1 -L ...` (so the PostgreSQL fixture
# starts afresh every round, as in CI); the logs of failed rounds stay in build/ci/repeat-logs/.
# Exit status: 0 when every round passed, 1 otherwise, 2 on bad input.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-10}"
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]] || [ "$rounds" -gt 1000 ]; then
    echo "repeat-tests: N must be a whole number from 1 to 1000, got '$rounds'" >&2
    exit 2
fi
labels="${BOXOFFICE_REPEAT_LABELS:-^(ui|db|stress)\$}"

if [ ! -f build/ci/CTestTestfile.cmake ]; then
    cmake --preset ci
fi
cmake --build --preset ci

logs=build/ci/repeat-logs
rm -rf "$logs"
mkdir -p "$logs"

# The competing load: one spinning process per CPU, stopped however this script ends.
load_pids=()
stop_load() {
    for pid in "${load_pids[@]:-}"; do
        [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    done
}
trap stop_load EXIT
if [ "${BOXOFFICE_REPEAT_LOAD:-1}" != "0" ]; then
    for _ in $(seq "$(nproc)"); do
        bash -c 'while :; do :; done' &
        load_pids+=("$!")
    done
    echo "repeat-tests: ${#load_pids[@]} spinning processes keep the CPUs busy"
fi

declare -A failed_count=()
failed_rounds=0
started=$(date +%s)
for round in $(seq "$rounds"); do
    log="$logs/round-$round.log"
    round_start=$(date +%s)
    if ctest --preset ci -L "$labels" --repeat until-fail:1 >"$log" 2>&1; then
        result=passed
        rm -f "$log"
    else
        result=FAILED
        failed_rounds=$((failed_rounds + 1))
        # "  7 - tst_counterwindow (Failed)" lines after "The following tests FAILED:"
        while read -r name; do
            failed_count[$name]=$(( ${failed_count[$name]:-0} + 1 ))
        done < <(sed -n '/The following tests FAILED:/,$p' "$log" | sed -n 's/^[[:space:]]*[0-9]\+ - \([^ ]\+\) (.*/\1/p')
    fi
    echo "round $round/$rounds: $result in $(( $(date +%s) - round_start )) s"
done

echo "repeat-tests: $rounds rounds of labels '$labels' in $(( $(date +%s) - started )) s, $failed_rounds failed"
if [ "$failed_rounds" -eq 0 ]; then
    echo "repeat-tests: 0 failures"
    exit 0
fi
for name in "${!failed_count[@]}"; do
    echo "  $name failed in ${failed_count[$name]} of $rounds rounds"
done
echo "repeat-tests: logs of the failed rounds in $logs/"
exit 1
