// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A showtime's on-sale window (migration 0030): bo_hold and bo_queue_join refuse
// before the opening (naming it) and after the close, a held sale still pays after the close,
// a window is set all or nothing by a manager only, and a bad window changes nothing.
#include <QtTest>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/showtimestore.h"
#include "model/sale/salerules.h"
#include "tests/support/checked.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

class TstSaleWindows final : public QObject
{
    Q_OBJECT

private:
    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    std::unique_ptr<DbConnection>& m_terminal = m_rig.connection; ///< the till's
    int& m_showtime = m_rig.showtime;
    std::unique_ptr<DbConnection> m_manager;
    int m_seat = 0;

    /// A hold of the first seat as a till makes it (terminal login): the error, or "" when granted.
    QString hold()
    {
        auto q = m_terminal->exec(
            QStringLiteral("SELECT granted FROM bo_hold(?, ARRAY[?]::integer[], gen_random_uuid())"),
            {m_showtime, m_seat});
        if (!q)
            return QString::fromLatin1(errorCodeName(q.error().code)) + QLatin1Char(' ') + q.error().message;
        return q.value().next() && q.value().value(0).toBool() ? QString() : QStringLiteral("not granted");
    }

    QString window(int showtime) const
    {
        return m_db->scalar(QStringLiteral("SELECT coalesce(sale_opens_at::text, '-') || ' ' || "
                                           "coalesce(sale_closes_at::text, '-') FROM showtime WHERE id = %1")
                                .arg(showtime));
    }

    Result<QList<SaleWindow>> set(const QList<int>& ids, std::optional<QDateTime> opens,
                                  std::optional<QDateTime> closes)
    {
        ShowtimeStore store(*m_manager);
        return store.setSaleWindow(ids, SaleWindowChange{std::move(opens), std::move(closes)});
    }

private slots:
    void init()
    {
        CHECKED(m_rig.create(2, 4));
        m_seat = m_rig.seats.value(0);
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
    }
    void cleanup()
    {
        m_manager.reset();
        m_rig.reset();
    }

    void aShowtimeSellsOnlyInsideItsWindow()
    {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        // Not open yet: refused, naming the opening; the seat untouched.
        auto done = set({m_showtime}, now.addSecs(3600), std::nullopt);
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QCOMPARE(done.value().size(), 1);
        QCOMPARE(done.value().first().opensAt, now.addSecs(3600));
        QString refused = hold();
        QVERIFY2(refused.startsWith(QLatin1String("not_on_sale")) &&
                     refused.contains(QLatin1String("goes on sale at")),
                 qPrintable(refused));
        QCOMPARE(m_db->seatRow(m_showtime, m_seat), QStringLiteral("FREE -"));

        // Open: a hold is granted.
        QVERIFY(set({m_showtime}, now.addSecs(-60), std::nullopt).ok());
        QCOMPARE(hold(), QString());

        // Closed early (an hour before its start tomorrow, which is already past here): refused.
        QVERIFY(set({m_showtime}, now.addSecs(-7200), now.addSecs(-60)).ok());
        refused = hold();
        QVERIFY2(refused.startsWith(QLatin1String("not_on_sale")) &&
                     refused.contains(QLatin1String("is not on sale")),
                 qPrintable(refused));

        // Cleared: on sale as before.
        QVERIFY(set({m_showtime}, QDateTime(), QDateTime()).ok());
        QCOMPARE(window(m_showtime), QStringLiteral("- -"));
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime_seat SET status = 'FREE', held_by = NULL, held_until = NULL")));
        QCOMPARE(hold(), QString());
    }

    void theTillsAndTheBoardReadTheWindow()
    {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QVERIFY(set({m_showtime}, now.addSecs(3600), std::nullopt).ok());
        CatalogStore catalog(*m_terminal);
        auto info = catalog.showtime(m_showtime);
        QVERIFY(info.ok());
        QVERIFY(info.value().saleOpensAt.isValid());
        QVERIFY(!info.value().saleClosesAt.isValid());
        QVERIFY(!SaleRules::isOnSale(info.value(), now, 20));
        QVERIFY(SaleRules::isOnSale(info.value(), now.addSecs(3601), 20));
        // "seats next" and the kiosk's first choice skip a showtime not on sale yet.
        auto next = catalog.nextShowtime();
        QVERIFY(!next.ok() || next.value() != m_showtime);
    }

    void aQueueIsNotJoinedBeforeTheOpening()
    {
        QVERIFY(set({m_showtime}, QDateTime::currentDateTimeUtc().addSecs(3600), std::nullopt).ok());
        auto q = m_terminal->exec(
            QStringLiteral("SELECT ticket FROM bo_queue_join(?, gen_random_uuid(), false)"), {m_showtime});
        QVERIFY(!q.ok());
        QCOMPARE(q.error().code, ErrorCode::NotOnSale);
        QVERIFY2(q.error().message.contains(QLatin1String("goes on sale at")), qPrintable(q.error().message));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM queue_ticket")), QStringLiteral("0"));
    }

    void aBadWindowChangesNothing()
    {
        const int other = m_db->addShowtime(1, 2, QStringLiteral("Other hall"));
        QVERIFY(other > 0);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QVERIFY(set({m_showtime, other}, now.addSecs(600), std::nullopt).ok());
        const QString before = window(m_showtime) + QLatin1Char('|') + window(other);
        const QDateTime ends = QDateTime::fromString(
            m_db->scalar(
                QStringLiteral("SELECT to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') "
                               "FROM showtime WHERE id = %1")
                    .arg(m_showtime)),
            Qt::ISODate);
        QVERIFY(ends.isValid());

        // Closing after the film ends, on one of the two: neither changes.
        auto done = set({other, m_showtime}, std::nullopt, ends.addSecs(60));
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        QVERIFY2(done.error().message.contains(QLatin1String("after its film ends")),
                 qPrintable(done.error().message));
        // Opening at or after the close (kept: the start plus the late-sale minutes).
        done = set({m_showtime}, ends.addDays(1), std::nullopt);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        // An unknown showtime among known ones.
        done = set({m_showtime, 999999}, now, std::nullopt);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::NotFound);
        QVERIFY2(done.error().message.contains(QLatin1String("999999")), qPrintable(done.error().message));
        // A cancelled showtime.
        QVERIFY(
            m_db->run(QStringLiteral("UPDATE showtime SET status = 'CANCELLED' WHERE id = %1").arg(other)));
        done = set({m_showtime, other}, now, std::nullopt);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::Conflict);
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime SET status = 'ON_SALE' WHERE id = %1").arg(other)));
        // Nothing at all, and no showtime: refused before the database.
        done = set({m_showtime}, std::nullopt, std::nullopt);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        done = set({}, now, std::nullopt);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);

        QCOMPARE(window(m_showtime) + QLatin1Char('|') + window(other), before);
    }

    void aTerminalCannotSetAWindow()
    {
        ShowtimeStore store(*m_terminal);
        auto done = store.setSaleWindow({m_showtime},
                                        SaleWindowChange{QDateTime::currentDateTimeUtc(), std::nullopt});
        QVERIFY(!done.ok());
        QVERIFY2(done.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(done.error().detail));
        QCOMPARE(window(m_showtime), QStringLiteral("- -"));
    }

    void aShowtimeIsAddedWithItsWindowInOneTransaction()
    {
        const QDateTime start = QDateTime(QDate(2031, 3, 3), QTime(18, 0), Qt::UTC);
        ShowtimeStore store(*m_manager);
        NewShowtime wanted{
            QStringLiteral("Test hall"), QStringLiteral("Test film"), QString(), start, std::nullopt, {}};
        wanted.saleWindow.opens = start.addDays(-7);
        auto done = store.add(wanted);
        QVERIFY2(done.ok() && done.value().added, qPrintable(done.ok() ? QString() : done.error().detail));
        QCOMPARE(done.value().added->saleOpensAt, start.addDays(-7));
        QVERIFY(!done.value().added->saleClosesAt.isValid());

        // A window the showtime cannot have: the showtime is not made either.
        const QString count = m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime"));
        wanted.startsAt = start.addDays(1);
        wanted.saleWindow.opens = std::nullopt;
        wanted.saleWindow.closes = start.addDays(2);
        done = store.add(wanted);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime")), count);
    }
};

QTEST_GUILESS_MAIN(TstSaleWindows)
#include "tst_salewindows.moc"
