#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Cross-builds boxoffice.exe and boxoffice-admin.exe for Windows x86_64 (preset windows-mingw,
# warnings are errors) and packs the 64-bit NSIS installer and the MSI (wixl), the same files:
#   build/windows-mingw/packages/boxoffice-<version>-win64.exe
#   build/windows-mingw/packages/boxoffice-<version>-win64.msi
# The Qt MinGW prefix is unpacked once into build/toolchains/ from
# ../shared/toolchains/qt6.4.2-mingw64.tar.xz, or from BOXOFFICE_QT_MINGW_TARBALL.
# Set BOXOFFICE_SKIP_DEPS=1 to skip the package installation, BOXOFFICE_WINDOWS_TESTS=1 to build the
# unit tests as Windows executables too (ctest runs them under wine: packaging/ci-windows.sh),
# BOXOFFICE_NO_INSTALLER=1 to build without packing the installers.
# Uses ccache when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${BOXOFFICE_SKIP_DEPS:-0}" != "1" ]; then
    bash packaging/install-deps.sh
fi
launcher=()
if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
tests=(-DBOXOFFICE_BUILD_TESTS=OFF)
if [ "${BOXOFFICE_WINDOWS_TESTS:-0}" = "1" ]; then
    tests=(-DBOXOFFICE_BUILD_TESTS=ON)
fi
cmake --preset windows-mingw "${launcher[@]}" "${tests[@]}"
cmake --build --preset windows-mingw
if [ "${BOXOFFICE_NO_INSTALLER:-0}" = "1" ]; then
    exit 0
fi
# cpack -G External is the MSI (packaging/windows/Msi.cmake); it also writes CPack's JSON
# description of the package beside it.
(cd build/windows-mingw && cpack -G NSIS && cpack -G External)
ls -l build/windows-mingw/packages/boxoffice-*-win64.exe build/windows-mingw/packages/boxoffice-*-win64.msi
