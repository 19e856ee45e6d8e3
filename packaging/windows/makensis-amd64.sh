#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# makensis for CPack (CPACK_NSIS_EXECUTABLE): a 64-bit Unicode installer stub instead of NSIS's
# default 32-bit one, so the installer writes the 64-bit registry view and Program Files.
set -euo pipefail
exec makensis -XTarget\ amd64-unicode "$@"
