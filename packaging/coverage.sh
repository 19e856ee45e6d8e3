#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Line coverage of model/ by the unit tests alone (no database): builds the `coverage` preset,
# runs `ctest -L unit` and prints gcovr's summary per file and in total. The model is the domain;
# its workflows are tested against fakes of their ports, so this figure says how much of it a
# change can break without a unit test noticing. BOXOFFICE_SKIP_DEPS=1 skips the installation.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${BOXOFFICE_SKIP_DEPS:-0}" != "1" ]; then
    bash packaging/install-deps.sh
fi
cmake --preset coverage
cmake --build --preset coverage
find build/coverage -name '*.gcda' -delete
ctest --preset coverage -L unit
gcovr --root . --filter 'model/' --exclude-unreachable-branches --print-summary \
    --object-directory build/coverage build/coverage
