// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/showtimerig.h"

#include <QTest>

namespace bo::test {

void ShowtimeRig::create(int rows, int seatsPerRow, Terminal terminal)
{
    reset(); // an earlier test's connection closes before its database is dropped
    db = std::make_unique<TestDatabase>();
    QVERIFY2(db->ok(), qPrintable(db->error()));
    showtime = db->addShowtime(rows, seatsPerRow);
    QVERIFY(showtime > 0);
    seats = db->seatIds(showtime);
    QCOMPARE(seats.size(), rows * seatsPerRow);
    if (terminal == Terminal::Connected) {
        connection = db->connect();
        QVERIFY(connection);
    }
}

void ShowtimeRig::reset()
{
    connection.reset();
    db.reset();
    showtime = 0;
    seats.clear();
}

} // namespace bo::test
