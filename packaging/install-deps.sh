#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# The one list of Debian 12 packages that building, testing and running Box office needs.
# Used by README.md and by .ci/run, so a missing package fails here first.
set -euo pipefail

packages=(
    # build, and the format check of CI
    cmake ninja-build g++ pkg-config clang-format
    # the linker of the Linux builds (docs/DECISIONS.md, "CI time"): mold links the ~150 test
    # programs many times faster than GNU ld
    mold
    # static analysis of CI (packaging/tidy.sh, .clang-tidy)
    clang-tidy
    # line coverage of the unit tests (packaging/coverage.sh)
    gcovr
    # Qt 6.4: Core/Gui/Widgets/Sql/Network/Test/PrintSupport, the QPSQL driver, Svg, LinguistTools
    qt6-base-dev qt6-base-dev-tools libqt6sql6-psql qt6-svg-dev
    # the manager's report charts (ui/manager/reportscreen.cpp; left out where Qt Charts is missing)
    qt6-charts-dev
    # the door's local journal (offline doors): Qt's SQLite driver
    libqt6sql6-sqlite
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    # the payment-service simulator boxoffice-paysim (Linux only): Qt HttpServer; Debian's CMake
    # files of Qt HttpServer also need those of Qt WebSockets, which the -dev package does not pull in
    qt6-httpserver-dev qt6-websockets-dev
    # the TLS test of the HTTP payment gateway makes its private CA and certificates with it
    openssl
    # PostgreSQL client library and server binaries (the demo, the tests and the benchmark start their own)
    libpq-dev postgresql-15 postgresql-client-15
    # the three-node failover cluster of packaging/cluster.sh and its tests: Patroni, its
    # etcd client library and one etcd server for the leader lock
    patroni python3-etcd etcd-server
    # the connection pooler of a chain's terminals (packaging/pooler.sh and its tests)
    pgbouncer
    # logging
    libspdlog-dev libfmt-dev
    # the website's HTTP server (boxoffice-web): Boost.Beast and Asio, header-only; 1.81 by name,
    # as libboost-dev means 1.74 in bookworm and the two conflict
    libboost1.81-dev
    # the hall layout's CSV reader (fast-cpp-csv-parser, header-only; the Windows build uses it too)
    libfccp-dev
    # tickets: Ed25519 signatures of the QR payload, the QR code itself; the tests read
    # the QR back with ZXing and rasterise the PDF with poppler's pdftoppm
    libsodium-dev libqrencode-dev libzxing-dev poppler-utils
    # the benchmark's Redis strategy (boxoffice-bench seats): hiredis to build it, a server it starts
    redis-server libhiredis-dev
    # screenshots and X11 runs of the GUI
    xvfb xauth x11-apps x11-utils imagemagick
    # the Windows cross build, its installer and its test under wine (packaging/build-windows.sh,
    # packaging/ci-windows.sh); spdlog and fmt above serve it header-only
    g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 nsis wine wine64 xz-utils
    # the Windows MSI, the second format (packaging/windows/Msi.cmake): wixl builds it, msitools'
    # msiinfo lists its tables in packaging/ci-windows.sh
    wixl msitools
    # the kiosk's voice guidance (voice/): Qt TextToSpeech, its speech-dispatcher plugin
    # with espeak-ng (Korean and English voices), and flite as the fallback engine (English only);
    # Debian's CMake package of Qt TextToSpeech needs Qt QmlIntegration, from qt6-declarative-dev
    qt6-declarative-dev qt6-speech-dev qt6-speech-speechd-plugin speech-dispatcher espeak-ng qt6-speech-flite-plugin
    # fonts for Korean text; DejaVu for the offscreen widget tests of the Windows cross build under
    # wine (packaging/windows/wine-run.sh), which cannot use fontconfig
    fonts-noto-cjk fonts-dejavu-core
    # the Debian package (packaging/build-deb.sh, ci-deb.sh): CPack's dpkg-shlibdeps and file,
    # man pages from --help, icon renders, and the validators
    dpkg-dev file help2man librsvg2-bin lintian desktop-file-utils appstream
)

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    sudo_cmd=(sudo)
fi

export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update
"${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${packages[@]}"
