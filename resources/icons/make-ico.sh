#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Renders boxoffice.svg into boxoffice.ico (16..256 px, for the Windows executables and
# installer). The .ico is committed so the Windows build needs neither librsvg nor ImageMagick;
# run this again after changing the SVG. The Linux PNGs are rendered at build time
# (packaging/CMakeLists.txt). Needs rsvg-convert (librsvg2-bin) and convert (imagemagick).
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pngs=()
for size in 16 24 32 48 64 128 256; do
    rsvg-convert -w "$size" -h "$size" boxoffice.svg -o "$tmp/$size.png"
    pngs+=("$tmp/$size.png")
done
convert "${pngs[@]}" boxoffice.ico
echo "make-ico: $(pwd)/boxoffice.ico"
