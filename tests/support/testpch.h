// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The test programs' precompiled header (tests/CMakeLists.txt, BOXOFFICE_TEST_PCH): the Qt and
// standard headers nearly every test reads, parsed once for the ~150 test programs instead of once
// each (a model test compiles in less than half the time; docs/DECISIONS.md, "CI time").
// GCC uses a precompiled header only where the macros it looked at are as they were when it was
// made: tests/CMakeLists.txt makes this one three times (a test linking neither Qt Gui nor Qt
// Widgets, one linking Gui, one linking Widgets), and the Gui and Widgets parts below are chosen by
// the QT_GUI_LIB and QT_WIDGETS_LIB macros of those kinds. Other QT_<MODULE>_LIB macros differ
// between tests of one kind, so nothing here may look at them: no <QtTest> umbrella (qtest.h picks
// its network part by QT_NETWORK_LIB) and no <QtSql> umbrella. Each test still includes what it
// uses (clang-tidy checks each file without this header).
#pragma once

#include <QtCore/QtCore>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtSql/QSqlRecord>
#include <QtTest/qsignalspy.h>
#include <QtTest/qtestcase.h>
#include <QtTest/qtestdata.h>
#include <QtTest/qtesteventloop.h>
#ifdef QT_GUI_LIB
#include <QtGui/QtGui>
#endif
#ifdef QT_WIDGETS_LIB
#include <QtWidgets/QtWidgets>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <latch>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>
