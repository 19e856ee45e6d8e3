#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# CMAKE_CROSSCOMPILING_EMULATOR of the windows-mingw preset (packaging/windows/toolchain.cmake):
#   wine-run.sh <Qt MinGW prefix> <program.exe> [arguments...]
# runs a cross-built program (ctest: the unit tests) under wine with the prefix's DLLs on WINEPATH;
# Qt finds its plugins beside Qt6Core.dll (<prefix>/plugins). The wine prefix is $WINEPREFIX
# (default ~/.wine); packaging/ci-windows.sh makes a fresh one with `wineboot -i` first, since
# tests started in parallel on an uninitialised prefix would each try to create it. The program's
# exit status is this script's; its stdout and stderr come out together once it has ended.
set -euo pipefail
prefix=$1
shift
# Z: is the Unix root in every wine prefix.
export WINEPATH="Z:${prefix}/bin${WINEPATH:+;$WINEPATH}"
export WINEDEBUG=${WINEDEBUG:--all}
# No Mono or Gecko download prompt in a fresh prefix.
export WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-mscoree,mshtml=}
# Wine leaves every QT_* variable of the Unix environment out of the Windows one and passes
# WINEQT_* on as QT_*. Without this the tests' QT_QPA_PLATFORM=offscreen (tests/CMakeLists.txt)
# never reached them: the widget tests ran on the windows platform plugin, with real windows on
# wine's desktop.
# The offscreen plugin reads its fonts from <prefix>/lib/fonts, which Qt does not ship; without any
# font the widget tests measure text without glyphs (tst_showtimeboard's 700 px board came out 965
# px wide). It gets this machine's DejaVu fonts (fonts-dejavu-core, packaging/install-deps.sh).
if [ -z "${QT_QPA_FONTDIR:-}" ] && [ -d /usr/share/fonts/truetype/dejavu ]; then
    export QT_QPA_FONTDIR=Z:/usr/share/fonts/truetype/dejavu
fi
for name in $(compgen -e); do
    case "$name" in
    QT_*) export "WINE$name=${!name}" ;;
    esac
done
# Qt's message handler and QtTest's plain logger write to OutputDebugString, not to stderr and
# stdout, when the process has no console window (under wine with its output on a pipe or a
# file), so a failing test printed nothing for ctest to show.
export WINEQT_FORCE_STDERR_LOGGING=${WINEQT_FORCE_STDERR_LOGGING:-1}
# The program's output goes to a file, printed once it has ended, never straight to the caller's
# pipe: the first wine program of a wineserver session starts the session's processes (wineserver,
# services.exe, winedevice.exe, plugplay.exe, svchost.exe, rpcss.exe, explorer.exe), and they keep
# its stdout and stderr open for as long as the session lives. ctest reads a test's output until
# the end of the pipe, so while other wine programs (tests running beside it, ctest -j) kept the
# session alive, a test that had passed and ended was still "running" until its timeout.
out=$(mktemp "${TMPDIR:-/tmp}/wine-run-XXXXXX")
trap 'rm -f "$out"' EXIT
status=0
wine "$@" >"$out" 2>&1 || status=$?
cat "$out"
exit "$status"
