// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QList>

#include "db/dbconnection.h"
#include "tests/support/testdatabase.h"

namespace bo::test {

/// The set-up most database tests start from: a fresh database, one showtime in a hall of `rows`
/// x `seatsPerRow` seats, its seat ids and the till's connection to it. One place for it, so that
/// a change to how a test database or a showtime is made reaches every such test alike.
struct ShowtimeRig
{
    /// Whether create() opens the till's connection: a test whose code under test opens its own
    /// (or that connects only with another login) needs none of it.
    enum class Terminal { Connected, NotConnected };

    /// For init() (or initTestCase(), when the test functions share one database): creates the
    /// database and the showtime, reads the seat ids in label order and connects with the till's
    /// login (TestDatabase::connect(), what a counter logs in with). A failure fails the calling
    /// test function: call it through CHECKED() when more set-up follows.
    void create(int rows = 3, int seatsPerRow = 10, Terminal terminal = Terminal::Connected);
    /// For cleanup(): closes the connection, then drops the database.
    void reset();

    std::unique_ptr<TestDatabase> db;
    int showtime = 0;
    QList<int> seats; ///< A1, A2, ..., then B1, ... (rows x seatsPerRow of them)
    /// The till's connection; declared after the database so that it closes first.
    std::unique_ptr<DbConnection> connection;
};

} // namespace bo::test
