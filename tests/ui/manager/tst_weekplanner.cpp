// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The week planner: on a real PostgreSQL as the manager login, a showtime
// dragged with the mouse to a later time is moved in the database (5-minute steps); one dragged
// onto another showtime is refused, the one in the way named and the box back where it was; a
// showtime with a sale neither moves nor is cancelled ("refund its bookings first").
#include <QtTest>

#include <QJsonDocument>

#include <cmath>
#include <memory>

#include "db/seatstore.h"
#include "db/showtimestore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"
#include "ui/manager/weekplanner.h"

using namespace bo;
using namespace bo::test;

namespace {

/// A Monday far ahead.
const QDate monday(2031, 1, 6);
const QDateTime ten(monday, QTime(10, 0), Qt::UTC);
constexpr int busyMinutes = 10 + 100 + 15; // trailers, the test film, the buffer

/// With $BOXOFFICE_SNAPSHOT_DIR set, saves the widget there (the README's screenshot: run under
/// Xvfb with QT_QPA_PLATFORM=xcb).
void snapshot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TstWeekPlanner final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_manager;
    std::unique_ptr<ShowtimeStore> m_store;
    QString m_hall;

    int add(const QDateTime& start, const QString& hall = QString()) const
    {
        auto done = m_store->add(NewShowtime{
            hall.isEmpty() ? m_hall : hall, QStringLiteral("Test film"), QString(), start, std::nullopt, {}});
        return done && done.value().added ? done.value().added->id : -1;
    }

    QString startOf(int showtime) const
    {
        return m_db->scalar(QStringLiteral("SELECT to_char(starts_at AT TIME ZONE 'UTC', 'Dy HH24:MI') FROM "
                                           "showtime WHERE id = %1")
                                .arg(showtime));
    }

    /// Drags the box of `showtime` by `minutes` along its lane, with the mouse.
    static void drag(WeekPlanner& planner, int showtime, int minutes)
    {
        const QRect box = planner.boxRect(showtime);
        QVERIFY(!box.isEmpty());
        const double perMinute = double(box.width()) / busyMinutes;
        const QPoint from = box.center();
        const QPoint to = from + QPoint(int(std::lround(minutes * perMinute)), 0);
        QTest::mousePress(planner.grid(), Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(planner.grid(), from + (to - from) / 2);
        QTest::mouseMove(planner.grid(), to);
        QTest::mouseRelease(planner.grid(), Qt::LeftButton, Qt::NoModifier, to);
    }

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_hall = QStringLiteral("Planner hall");
        QVERIFY(m_db->addShowtime(2, 5, m_hall) > 0);
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime SET status = 'CANCELLED'")));
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
        m_store = std::make_unique<ShowtimeStore>(*m_manager);
    }
    void cleanup()
    {
        m_store.reset();
        m_manager.reset();
        m_db.reset();
    }

    void aDraggedShowtimeMovesAndOneDraggedOntoAnotherSnapsBack()
    {
        const int first = add(ten);
        const int second = add(ten.addSecs(qint64(4) * 3600));
        QVERIFY(first > 0 && second > 0);
        WeekPlanner planner(*m_store, QTimeZone::utc());
        planner.resize(1400, 600);
        planner.show();
        QVERIFY(QTest::qWaitForWindowExposed(&planner));
        planner.showWeek(monday.addDays(3)); // any day of the week shows the week from its Monday
        QCOMPARE(planner.monday(), monday);
        QCOMPARE(planner.week().showtimes.size(), 2);

        // An hour later: moved in the database, the box with it.
        const QRect before = planner.boxRect(first);
        drag(planner, first, 60);
        QCOMPARE(startOf(first), QStringLiteral("Mon 11:00"));
        QVERIFY2(planner.statusText().contains(QLatin1String("now starts")),
                 qPrintable(planner.statusText()));
        QVERIFY(planner.boxRect(first).left() > before.left());

        // The second dragged onto the first: refused, the first named, nothing moved.
        const QRect secondBox = planner.boxRect(second);
        const QString snapshotBefore = m_db->snapshot();
        drag(planner, second, -150);
        QCOMPARE(startOf(second), QStringLiteral("Mon 14:00"));
        QCOMPARE(m_db->snapshot(), snapshotBefore);
        QVERIFY2(planner.statusText().contains(QStringLiteral("showtime %1 (").arg(first)),
                 qPrintable(planner.statusText()));
        QCOMPARE(planner.boxRect(second), secondBox);

        // Next week is empty; back again.
        planner.nextWeek();
        QCOMPARE(planner.week().showtimes.size(), 0);
        planner.previousWeek();
        QCOMPARE(planner.week().showtimes.size(), 2);
    }

    void aShowtimeWithASaleNeitherMovesNorIsCancelled()
    {
        const int sold = add(ten.addDays(1));
        QVERIFY(sold > 0);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        SeatStore seats(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = seats.hold(sold, {m_db->seatIds(sold).first()}, owner);
        QVERIFY(held.ok() && held.value().granted);
        // Paid in cash at the till first, as a till does before its confirm.
        ConfirmRequest paid;
        paid.terminal = QStringLiteral("till");
        paid.showtimeId = sold;
        paid.owner = owner;
        QVERIFY_PAID(*terminal, paid);
        QVERIFY(terminal->exec(
            QStringLiteral("SELECT * FROM bo_confirm('till', gen_random_uuid(), ?::integer, ?::uuid, "
                           "NULL, NULL, ?::jsonb)"),
            {sold, owner.toString(QUuid::WithoutBraces),
             QString::fromUtf8(QJsonDocument(paid.payment).toJson(QJsonDocument::Compact))}));

        WeekPlanner planner(*m_store, QTimeZone::utc());
        planner.resize(1400, 600);
        planner.show();
        QVERIFY(QTest::qWaitForWindowExposed(&planner));
        planner.showWeek(monday);
        QCOMPARE(planner.week().showtimes.size(), 1);
        QCOMPARE(planner.week().showtimes.first().seatsSold, 1);
        drag(planner, sold, 60);
        QCOMPARE(startOf(sold), QStringLiteral("Tue 10:00"));
        QVERIFY2(planner.statusText().contains(QLatin1String("refund its bookings first")),
                 qPrintable(planner.statusText()));

        planner.cancelShowtime(sold);
        QVERIFY2(planner.statusText().contains(QLatin1String("refund its bookings first")),
                 qPrintable(planner.statusText()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM showtime WHERE id = %1").arg(sold)),
                 QStringLiteral("ON_SALE"));

        // One that sold nothing is cancelled from the planner.
        const int free = add(ten.addDays(2));
        QVERIFY(free > 0);
        planner.cancelShowtime(free);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM showtime WHERE id = %1").arg(free)),
                 QStringLiteral("CANCELLED"));
    }

    void aShowtimeGoesOnSaleAndOntoTheNewLayoutFromThePlanner()
    {
        const int id = add(ten.addDays(1));
        QVERIFY(id > 0);
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET sale_opens_at = now() + interval '1 day' WHERE id = %1")
                .arg(id)));
        WeekPlanner planner(*m_store, QTimeZone::utc());
        planner.resize(1400, 600);
        planner.show();
        QVERIFY(QTest::qWaitForWindowExposed(&planner));
        planner.showWeek(monday);
        QCOMPARE(planner.week().showtimes.size(), 1);
        QVERIFY(planner.week().showtimes.first().saleOpensAt.isValid());

        planner.openSaleNow(id);
        QVERIFY2(planner.statusText().contains(QLatin1String("on sale now")),
                 qPrintable(planner.statusText()));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT sale_opens_at IS NULL FROM showtime WHERE id = %1").arg(id)),
            QStringLiteral("true"));

        // On its hall's current layout already: said, nothing changes.
        planner.relayoutShowtime(id);
        QVERIFY2(planner.statusText().contains(QLatin1String("current layout already")),
                 qPrintable(planner.statusText()));
        // A new version of the hall with one seat fewer: the showtime takes it.
        QVERIFY(m_db->run(
            QStringLiteral(
                "WITH l AS (INSERT INTO hall_layout (auditorium_id, version) SELECT auditorium_id, 2 FROM "
                "showtime "
                "WHERE id = %1 RETURNING id, auditorium_id), copied AS (INSERT INTO seat (auditorium_id, "
                "layout_id, "
                "row_label, number, kind, x, y) SELECT l.auditorium_id, l.id, s.row_label, s.number, s.kind, "
                "s.x, s.y "
                "FROM l, seat s WHERE s.layout_id = (SELECT layout_id FROM showtime WHERE id = %1) AND "
                "s.label <> 'A1' "
                "RETURNING 1) UPDATE auditorium a SET layout_id = l.id FROM l WHERE a.id = l.auditorium_id")
                .arg(id)));
        const int before =
            m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1").arg(id))
                .toInt();
        planner.relayoutShowtime(id);
        QVERIFY2(planner.statusText().contains(QLatin1String("layout version 2")),
                 qPrintable(planner.statusText()));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1").arg(id))
                .toInt(),
            before - 1);
    }

    void aWeekForTheReadme()
    {
        // Two halls and a week of showtimes, one of them sold (greyed), for the screenshot.
        QVERIFY(m_db->addShowtime(2, 5, QStringLiteral("Hall 2")) > 0);
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime SET status = 'CANCELLED'")));
        for (int day = 0; day < 7; ++day) {
            for (int slot = 0; slot < 5; ++slot) {
                const QDateTime start = ten.addDays(day).addSecs(qint64(slot) * 150 * 60);
                QVERIFY(add(start) > 0);
                if ((day + slot) % 2 == 0)
                    QVERIFY(add(start.addSecs(qint64(40) * 60), QStringLiteral("Hall 2")) > 0);
            }
        }
        const int sold = add(ten.addSecs(qint64(12) * 3600 + qint64(30) * 60)); // Monday 22:30
        QVERIFY(sold > 0);
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime_seat SET status = 'HELD', held_by = gen_random_uuid(), "
                           "held_until = now() + interval '1 hour' WHERE showtime_id = %1 AND "
                           "seat_id = (SELECT min(seat_id) FROM showtime_seat WHERE showtime_id = %1)")
                .arg(sold)));
        WeekPlanner planner(*m_store, QTimeZone::utc());
        planner.resize(1500, 820);
        planner.show();
        QVERIFY(QTest::qWaitForWindowExposed(&planner));
        planner.showWeek(monday);
        QVERIFY(planner.week().showtimes.size() > 30);
        QVERIFY(!planner.boxRect(sold).isEmpty());
        snapshot(planner, QStringLiteral("week-planner.png"));
    }
};

QTEST_MAIN(TstWeekPlanner)
#include "tst_weekplanner.moc"
