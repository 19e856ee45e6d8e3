// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QTest>

/// QTRY_* and QVERIFY return only from the helper that failed; wrapping the helper's call in
/// CHECKED stops the calling test function too.
#define CHECKED(call)                                                                                        \
    do {                                                                                                     \
        call;                                                                                                \
        if (QTest::currentTestFailed())                                                                      \
            return;                                                                                          \
    } while (false)
