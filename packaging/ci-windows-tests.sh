#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# CI step for the unit tests as Windows programs (issue 17), on a Debian machine: installs the
# packages (packaging/install-deps.sh, through build-windows.sh; BOXOFFICE_SKIP_DEPS=1 skips it),
# cross-builds the executables and the unit tests (no installer: packaging/ci-windows.sh packs and
# tests that), and runs `ctest -L unit` on the cross build, every test a Windows program under
# wine (packaging/windows/wine-run.sh). Says how long each phase took. Exit status 0 only when
# every unit test passed.
# Bounded: each test has its ctest timeout (tests/CMakeLists.txt) and the whole ctest run at most
# BOXOFFICE_WINDOWS_TESTS_LIMIT seconds (default 1800). A test still running after
# BOXOFFICE_HANG_DUMP_AFTER seconds (default 180: ctest ends it at 300, and winedbg takes a minute
# on a loaded machine) gets a backtrace of every thread of every wine program in the session
# (winedbg "bt all") in the log before ctest's timeout ends it, so a hang is diagnosed where it
# happens.
# BOXOFFICE_TEST_JOBS sets ctest's parallel level (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
root=$(pwd)
build=$root/build/windows-mingw
jobs=${BOXOFFICE_TEST_JOBS:-2}
limit=${BOXOFFICE_WINDOWS_TESTS_LIMIT:-1800}
dump_after=${BOXOFFICE_HANG_DUMP_AFTER:-180}

work=$(mktemp -d /tmp/boxoffice-ci-windows-tests-XXXXXX)
export WINEPREFIX="$work/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
xvfb_pid=""
watch_pid=""
cleanup() {
    if [ -n "$watch_pid" ]; then
        kill "$watch_pid" 2>/dev/null || true
    fi
    if [ -d "$WINEPREFIX" ]; then
        wineserver -k >/dev/null 2>&1 || true
    fi
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

started=$(date +%s)
phase_start=$started
timings=()
phase() {
    local now
    now=$(date +%s)
    timings+=("$(printf '%-34s %4d s' "$1" $((now - phase_start)))")
    echo "ci-windows-tests: $1 done in $((now - phase_start)) s"
    phase_start=$now
}

echo "== ci-windows-tests: cross-build the executables and the unit tests"
BOXOFFICE_WINDOWS_TESTS=1 BOXOFFICE_NO_INSTALLER=1 bash packaging/build-windows.sh
phase "build (deps + cross-compile)"

echo "== ci-windows-tests: a private Xvfb display, a fresh wine prefix, one wineserver session"
# Xvfb picks a free display number and writes it to fd 3 once it accepts clients. The tests draw
# offscreen (QT_QPA_PLATFORM), but wine's desktop process wants a display (ci-windows.sh says why).
Xvfb -displayfd 3 -screen 0 1600x900x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 1 50); do
    [ -s "$work/display" ] && break
    sleep 0.2
done
[ -s "$work/display" ] || { echo "ci-windows-tests: Xvfb did not start" >&2; cat "$work/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(head -1 "$work/display")"
wineboot -i >"$work/wineboot.log" 2>&1
wineserver -w
# One persistent wineserver session for the whole run, its processes started by `wine reg` with
# their output in a log: Debian's wineserver runs with -p0, so otherwise every test would start a
# session of its own (wineboot, services, explorer: seconds each under load).
wineserver -p >"$work/wineserver.log" 2>&1
# A program that crashes prints wine's backtrace and ends instead of waiting on a crash dialog.
wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >>"$work/wineserver.log" 2>&1
phase "Xvfb + wine prefix"

# The hang detector: a test program of this prefix older than $dump_after s gets one "bt all" of
# the whole session into the log (ctest's timeout then ends it and fails the step).
watch_hangs() {
    local pid age
    while :; do
        for pid in $(pgrep -f 'tst_[a-z_]*\.exe' || true); do
            [ -e "$work/hang-$pid.txt" ] && continue
            # The Windows program itself, not wine-run.sh around it.
            case "$(tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | head -1)" in
            *.exe) ;;
            *) continue ;;
            esac
            tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "WINEPREFIX=$WINEPREFIX" || continue
            age=$(ps -o etimes= -p "$pid" | tr -d ' ' || true)
            [ -n "$age" ] && [ "$age" -gt "$dump_after" ] || continue
            echo "ci-windows-tests: $(tr '\0' ' ' <"/proc/$pid/cmdline") still runs after ${age} s;" \
                "threads of every wine program in the session follow" >&2
            {
                timeout 120 winedbg --command "info process" 2>&1 || true
                timeout 180 winedbg --command "bt all" 2>&1 || true
            } >"$work/hang-$pid.txt"
            cat "$work/hang-$pid.txt" >&2
        done
        sleep 5
    done
}
watch_hangs &
watch_pid=$!

echo "== ci-windows-tests: ctest -L unit under wine (-j$jobs)"
status=0
timeout -k 30 "$limit" ctest --test-dir "$build" -L unit --no-tests=error --output-on-failure -j"$jobs" \
    || status=$?
phase "unit tests under wine"
printf '  %s\n' "${timings[@]}"
if [ "$status" -ne 0 ]; then
    echo "ci-windows-tests: FAILED (ctest exit status $status) after $(($(date +%s) - started)) s" >&2
    exit 1
fi
echo "== ci-windows-tests: passed in $(($(date +%s) - started)) s"
