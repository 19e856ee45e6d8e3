// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh demo database per test: block,
// unblock and blocks (migration 0021). A manager blocks seats with a reason that the
// listing shows; a held or sold seat exits 3 naming it and nothing changes; bad input exits 2 and
// changes nothing; a terminal login cannot block or unblock but may read the blocks.
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "tests/support/adminclirig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::words;

class TstAdminCliBlocks final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};

    /// The seats of a showtime that are blocked, by label, with their reasons.
    QString blocked(const QString& showtime) const
    {
        return m_rig.db().scalar(
            QStringLiteral(
                "SELECT coalesce(string_agg(s.label || ':' || coalesce(b.reason, '-'), ',' ORDER BY "
                "s.row_label, s.number), '') FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
                "LEFT JOIN seat_block b USING (showtime_id, seat_id) "
                "WHERE ss.showtime_id = %1 AND ss.status = 'BLOCKED'")
                .arg(showtime));
    }

    static QStringList labels(const QJsonValue& array)
    {
        QStringList out;
        for (const auto& v : array.toArray())
            out << v.toString();
        return out;
    }

private slots:
    void initTestCase() { m_rig.checkProgram(); }
    /// A fresh database per test; the bad-input rows, which each prove they change nothing, share one.
    void init() { m_rig.createUnlessShared("badInputExitsTwoAndChangesNothing"); }
    void cleanup() { m_rig.resetUnlessShared("badInputExitsTwoAndChangesNothing"); }

    void aManagerBlocksSeatsThatTheListingShows()
    {
        const QString show = m_rig.hall1();
        const CliRun run = m_rig.cliAsManager({QStringLiteral("block"), show, QStringLiteral("a1"),
                                               QStringLiteral("A2"), QStringLiteral("--reason"),
                                               QStringLiteral("Press screening"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QCOMPARE(labels(run.json().value(QLatin1String("blocked"))), (words({"A1", "A2"})));
        QCOMPARE(run.json().value(QLatin1String("reason")).toString(), QStringLiteral("Press screening"));
        QCOMPARE(blocked(show), QStringLiteral("A1:Press screening,A2:Press screening"));

        // The listing, read by a terminal login.
        const CliRun listed = m_rig.cli({QStringLiteral("blocks"), show, QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        const QJsonArray list = listed.json().value(QLatin1String("blocked")).toArray();
        QCOMPARE(list.size(), 2);
        QCOMPARE(list.first().toObject().value(QLatin1String("seat")).toString(), QStringLiteral("A1"));
        QCOMPARE(list.first().toObject().value(QLatin1String("reason")).toString(),
                 QStringLiteral("Press screening"));
        QCOMPARE(list.first().toObject().value(QLatin1String("blocked_by")).toString(),
                 m_rig.db().managerLogin());
        const CliRun text = m_rig.cli({QStringLiteral("blocks"), show});
        QVERIFY2(text.exitCode == 0 && text.out.contains(QLatin1String("Press screening")),
                 qPrintable(text.describe()));

        // A blocked seat is not sold.
        const CliRun held = m_rig.cli({QStringLiteral("hold"), show, QStringLiteral("A2")});
        QVERIFY2(held.exitCode == 3, qPrintable(held.describe()));

        const CliRun freed = m_rig.cliAsManager({QStringLiteral("unblock"), show, QStringLiteral("A1"),
                                                 QStringLiteral("A3"), QStringLiteral("--json")});
        QVERIFY2(freed.exitCode == 0, qPrintable(freed.describe()));
        QCOMPARE(labels(freed.json().value(QLatin1String("unblocked"))), words({"A1"}));
        QCOMPARE(labels(freed.json().value(QLatin1String("not_blocked"))), words({"A3"}));
        QCOMPARE(blocked(show), QStringLiteral("A2:Press screening"));
    }

    void aHeldOrSoldSeatExitsThreeAndNothingChanges()
    {
        const QString show = m_rig.hall1();
        const CliRun held = m_rig.cli({QStringLiteral("hold"), show, QStringLiteral("B5")});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        const QString before = m_rig.snapshot();
        const CliRun run = m_rig.cliAsManager(
            {QStringLiteral("block"), show, QStringLiteral("B4"), QStringLiteral("B5"), QStringLiteral("B6"),
             QStringLiteral("--reason"), QStringLiteral("Broken"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 3, qPrintable(run.describe()));
        const QJsonArray inTheWay = run.json().value(QLatin1String("in_the_way")).toArray();
        QCOMPARE(inTheWay.size(), 1);
        QCOMPARE(inTheWay.first().toObject().value(QLatin1String("seat")).toString(), QStringLiteral("B5"));
        QCOMPARE(inTheWay.first().toObject().value(QLatin1String("state")).toString(),
                 QStringLiteral("held"));
        QVERIFY(!inTheWay.first().toObject().value(QLatin1String("held_until")).toString().isEmpty());
        QCOMPARE(run.json().value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
                 QStringLiteral("conflict"));
        QVERIFY2(run.err.contains(QLatin1String("B5 is held")), qPrintable(run.describe()));
        QCOMPARE(m_rig.snapshot(), before);
        QCOMPARE(blocked(show), QString());
    }

    void badInputExitsTwoAndChangesNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("block without seats") << words({"block", "$HALL1", "--reason", "x"});
        QTest::newRow("block without a reason") << words({"block", "$HALL1", "A1"});
        QTest::newRow("block with a blank reason") << words({"block", "$HALL1", "A1", "--reason", "  "});
        QTest::newRow("block with a reason of 201 characters")
            << (words({"block", "$HALL1", "A1", "--reason"}) << QString(201, QLatin1Char('r')));
        QTest::newRow("block of an unknown seat") << words({"block", "$HALL1", "A1", "Z99", "--reason", "x"});
        QTest::newRow("block of a seat twice") << words({"block", "$HALL1", "A1", "a1", "--reason", "x"});
        QTest::newRow("block of an unknown showtime") << words({"block", "999999", "A1", "--reason", "x"});
        QTest::newRow("block of a showtime that is no number")
            << words({"block", "tonight", "A1", "--reason", "x"});
        QTest::newRow("unblock without seats") << words({"unblock", "$HALL1"});
        QTest::newRow("unblock of an unknown seat") << words({"unblock", "$HALL1", "Z99"});
        QTest::newRow("blocks of two showtimes") << words({"blocks", "$HALL1", "$PREMIUM"});
        QTest::newRow("blocks of an unknown showtime") << words({"blocks", "999999"});
        QTest::newRow("hall-block without seats") << words({"hall-block", "Hall 1", "--reason", "x"});
        QTest::newRow("hall-block without a reason") << words({"hall-block", "Hall 1", "A1"});
        QTest::newRow("hall-block of an unknown hall")
            << words({"hall-block", "Hall 9", "A1", "--reason", "x"});
        QTest::newRow("hall-block of an unknown seat")
            << words({"hall-block", "Hall 1", "A1", "Z99", "--reason", "x"});
        QTest::newRow("hall-block of a seat twice")
            << words({"hall-block", "Hall 1", "A1", "a1", "--reason", "x"});
        QTest::newRow("hall-unblock without seats") << words({"hall-unblock", "Hall 1"});
        QTest::newRow("hall-unblock of an unknown seat") << words({"hall-unblock", "Hall 1", "Z99"});
        QTest::newRow("hall-blocks of an unknown hall") << words({"hall-blocks", "Hall 9"});
        QTest::newRow("hall-blocks of two halls") << words({"hall-blocks", "Hall 1", "Hall 2"});
    }

    void badInputExitsTwoAndChangesNothing()
    {
        QFETCH(QStringList, args);
        const QString before = m_rig.snapshot();
        const CliRun run = m_rig.cliAsManager(m_rig.expand(args, {}) << QStringLiteral("--json"));
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.json().contains(QLatin1String("error")), qPrintable(run.describe()));
        QVERIFY2(!run.err.isEmpty(), qPrintable(run.describe()));
        QCOMPARE(m_rig.snapshot(), before);
        QCOMPARE(blocked(m_rig.hall1()), QString());
    }

    void aHallsBlockTakesEveryComingShowtimeOfTheHall()
    {
        // Sold in one showtime of Hall 1: refused naming it, nothing changes.
        const QString show = m_rig.hall1();
        const CliRun held = m_rig.cli({QStringLiteral("hold"), show, QStringLiteral("C5")});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        const QString before = m_rig.snapshot();
        const QStringList args{QStringLiteral("hall-block"), QStringLiteral("Hall 1"),
                               QStringLiteral("C4"),         QStringLiteral("C5"),
                               QStringLiteral("--reason"),   QStringLiteral("Broken"),
                               QStringLiteral("--json")};
        const CliRun refused = m_rig.cliAsManager(args);
        QVERIFY2(refused.exitCode == 3, qPrintable(refused.describe()));
        const QJsonArray inTheWay = refused.json().value(QLatin1String("in_the_way")).toArray();
        QCOMPARE(inTheWay.size(), 1);
        QCOMPARE(inTheWay.first().toObject().value(QLatin1String("seat")).toString(), QStringLiteral("C5"));
        QCOMPARE(inTheWay.first().toObject().value(QLatin1String("showtime")).toInt(), show.toInt());
        QVERIFY2(refused.err.contains(QLatin1String("--skip-taken")), qPrintable(refused.describe()));
        QCOMPARE(m_rig.snapshot(), before);

        // Left to its sale: every other coming showtime of Hall 1 has both blocked.
        const CliRun done = m_rig.cliAsManager(QStringList(args) << QStringLiteral("--skip-taken"));
        QVERIFY2(done.exitCode == 0, qPrintable(done.describe()));
        const QJsonArray showtimes = done.json().value(QLatin1String("showtimes")).toArray();
        const int coming = m_rig.db()
                               .scalar(QStringLiteral("SELECT count(*) FROM showtime st JOIN auditorium a ON "
                                                      "a.id = st.auditorium_id WHERE a.name = 'Hall 1' AND "
                                                      "st.status <> 'CANCELLED' AND st.ends_at > now()"))
                               .toInt();
        QCOMPARE(showtimes.size(), coming);
        QCOMPARE(done.json().value(QLatin1String("left_to_their_sale")).toArray().size(), 1);
        QCOMPARE(blocked(show), QStringLiteral("C4:Broken"));
        const CliRun listed =
            m_rig.cli({QStringLiteral("hall-blocks"), QStringLiteral("Hall 1"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        QCOMPARE(listed.json().value(QLatin1String("blocked")).toArray().size(), 2);

        // A terminal may neither block nor unblock a hall's seats.
        const QString blockedNow = m_rig.snapshot();
        const CliRun terminal =
            m_rig.cli({QStringLiteral("hall-unblock"), QStringLiteral("Hall 1"), QStringLiteral("C4")});
        QVERIFY2(terminal.exitCode == 1 && terminal.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(terminal.describe()));
        QCOMPARE(m_rig.snapshot(), blockedNow);

        const CliRun undone =
            m_rig.cliAsManager({QStringLiteral("hall-unblock"), QStringLiteral("Hall 1"),
                                QStringLiteral("C4"), QStringLiteral("C5"), QStringLiteral("--json")});
        QVERIFY2(undone.exitCode == 0, qPrintable(undone.describe()));
        QCOMPARE(blocked(show), QString());
    }

    void aTerminalLoginCanNeitherBlockNorUnblock()
    {
        const QString show = m_rig.hall1();
        QCOMPARE(m_rig
                     .cliAsManager({QStringLiteral("block"), show, QStringLiteral("C1"),
                                    QStringLiteral("--reason"), QStringLiteral("Wheelchair space kept free")})
                     .exitCode,
                 0);
        const QString before = m_rig.snapshot();
        const CliRun block = m_rig.cli({QStringLiteral("block"), show, QStringLiteral("C2"),
                                        QStringLiteral("--reason"), QStringLiteral("x")});
        QVERIFY2(block.exitCode == 1, qPrintable(block.describe()));
        QVERIFY2(block.err.contains(QLatin1String("needs a manager login")), qPrintable(block.describe()));
        const CliRun unblock = m_rig.cli({QStringLiteral("unblock"), show, QStringLiteral("C1")});
        QVERIFY2(unblock.exitCode == 1, qPrintable(unblock.describe()));
        QVERIFY2(unblock.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(unblock.describe()));
        QCOMPARE(m_rig.snapshot(), before);
        QCOMPARE(blocked(show), QStringLiteral("C1:Wheelchair space kept free"));
    }
};

QTEST_GUILESS_MAIN(TstAdminCliBlocks)
#include "tst_admincliblocks.moc"
