#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# CMAKE_CROSSCOMPILING_EMULATOR of the windows-mingw preset (packaging/windows/toolchain.cmake):
#   wine-run.sh <Qt MinGW prefix> <program.exe> [arguments...]
# runs a cross-built program (ctest: the unit tests) under wine with the prefix's DLLs on WINEPATH;
# Qt finds its plugins beside Qt6Core.dll (<prefix>/plugins). The wine prefix is $WINEPREFIX
# (default ~/.wine); packaging/ci-windows.sh makes a fresh one with `wineboot -i` first, since
# tests started in parallel on an uninitialised prefix would each try to create it.
set -euo pipefail
prefix=$1
shift
# Z: is the Unix root in every wine prefix.
export WINEPATH="Z:${prefix}/bin${WINEPATH:+;$WINEPATH}"
export WINEDEBUG=${WINEDEBUG:--all}
# No Mono or Gecko download prompt in a fresh prefix.
export WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-mscoree,mshtml=}
exec wine "$@"
