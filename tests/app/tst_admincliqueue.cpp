// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh database per test: the admission
// queue's commands queue, queue-capacity, queue-join, queue-status and queue-leave.
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "tests/support/adminclirig.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;

namespace {

QString newToken()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

} // namespace

class TstAdminCliQueue final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};

    /// As the manager's login (queue-capacity is a manager's).
    QString tickets() const
    {
        return m_rig.db().scalar(QStringLiteral("SELECT coalesce(string_agg(format('%s:%s:%s', id, state, "
                                                "seen_at), ',' ORDER BY id), '') FROM queue_ticket"));
    }

private slots:
    void initTestCase() { m_rig.checkProgram(); }
    void init() { m_rig.create(); }
    void cleanup() { m_rig.reset(); }

    void aLineFromJoinToAdmission()
    {
        const QString showtime = m_rig.hall1();
        const CliRun capacity = m_rig.cliAsManager(
            {QStringLiteral("queue-capacity"), showtime, QStringLiteral("1"), QStringLiteral("--json")});
        QVERIFY2(capacity.exitCode == 0, qPrintable(capacity.describe()));
        QCOMPARE(capacity.json().value(QStringLiteral("capacity")).toInt(), 1);

        const QString first = newToken();
        const QString second = newToken();
        const CliRun in = m_rig.cli({QStringLiteral("queue-join"), showtime, QStringLiteral("--owner"), first,
                                     QStringLiteral("--json")});
        QVERIFY2(in.exitCode == 0, qPrintable(in.describe()));
        QCOMPARE(in.json().value(QStringLiteral("state")).toString(), QStringLiteral("admitted"));
        QVERIFY(in.json().value(QStringLiteral("admitted")).toBool());
        QVERIFY(!in.json().value(QStringLiteral("admitted_until")).toString().isEmpty());

        const CliRun waits =
            m_rig.cli({QStringLiteral("queue-join"), showtime, QStringLiteral("--owner"), second});
        QVERIFY2(waits.exitCode == 0, qPrintable(waits.describe()));
        QVERIFY2(waits.out.contains(QLatin1String("position 1 of 1")), qPrintable(waits.describe()));

        // Not admitted yet: the hold is refused as not admitted (exit 3, as a conflict: asking
        // again later may succeed), nothing held.
        const QString before = m_rig.snapshot();
        const CliRun refused = m_rig.cli({QStringLiteral("hold"), showtime, QStringLiteral("H10"),
                                          QStringLiteral("--owner"), second, QStringLiteral("--json")});
        QCOMPARE(refused.exitCode, 3);
        const QJsonObject error = refused.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("not_admitted"));
        QCOMPARE(error.value(QStringLiteral("refusal")).toString(), QStringLiteral("not-admitted"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QLatin1String("queue")),
                 qPrintable(refused.describe()));
        QCOMPARE(m_rig.snapshot(), before);

        const CliRun line = m_rig.cli({QStringLiteral("queue"), showtime, QStringLiteral("--json")});
        QVERIFY2(line.exitCode == 0, qPrintable(line.describe()));
        QCOMPARE(line.json().value(QStringLiteral("waiting")).toInt(), 1);
        QCOMPARE(line.json().value(QStringLiteral("occupied")).toInt(), 1);
        const QJsonArray entries = line.json().value(QStringLiteral("tickets")).toArray();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.at(1).toObject().value(QStringLiteral("position")).toInt(), 1);
        // Tokens are a sale's key: never listed.
        QVERIFY(!line.out.contains(first) && !line.out.contains(second));

        const CliRun left = m_rig.cli(
            {QStringLiteral("queue-leave"), QStringLiteral("--owner"), first, QStringLiteral("--json")});
        QVERIFY2(left.exitCode == 0, qPrintable(left.describe()));
        QCOMPARE(left.json().value(QStringLiteral("state")).toString(), QStringLiteral("left"));
        const CliRun turn = m_rig.cli(
            {QStringLiteral("queue-status"), QStringLiteral("--owner"), second, QStringLiteral("--json")});
        QVERIFY2(turn.exitCode == 0, qPrintable(turn.describe()));
        QCOMPARE(turn.json().value(QStringLiteral("state")).toString(), QStringLiteral("admitted"));
        const CliRun held = m_rig.cli(
            {QStringLiteral("hold"), showtime, QStringLiteral("H10"), QStringLiteral("--owner"), second});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));

        const CliRun off =
            m_rig.cliAsManager({QStringLiteral("queue-capacity"), showtime, QStringLiteral("default")});
        QVERIFY2(off.exitCode == 0, qPrintable(off.describe()));
        QVERIFY2(off.out.contains(QLatin1String("no queue")), qPrintable(off.describe()));
    }

    void badInputIsRefusedAndChangesNothing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<bool>("manager");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("error");
        const QString unknownToken = newToken();
        QTest::newRow("unknown showtime")
            << QStringList{QStringLiteral("queue-join"), QStringLiteral("999999"), QStringLiteral("--owner"),
                           unknownToken}
            << false << 2 << QStringLiteral("bad_input");
        QTest::newRow("showtime not a number") << QStringList{QStringLiteral("queue"), QStringLiteral("K12")}
                                               << false << 2 << QStringLiteral("bad_input");
        QTest::newRow("no owner") << QStringList{QStringLiteral("queue-join"), QStringLiteral("$HALL1")}
                                  << false << 2 << QStringLiteral("bad_input");
        QTest::newRow("owner not a token")
            << QStringList{QStringLiteral("queue-status"), QStringLiteral("--owner"), QStringLiteral("K12")}
            << false << 2 << QStringLiteral("bad_input");
        QTest::newRow("a token that never joined")
            << QStringList{QStringLiteral("queue-leave"), QStringLiteral("--owner"), unknownToken} << false
            << 2 << QStringLiteral("bad_input");
        QTest::newRow("foreign token")
            << QStringList{QStringLiteral("queue-join"), QStringLiteral("$PREMIUM"),
                           QStringLiteral("--owner"), QStringLiteral("$SALE")}
            << false << 2 << QStringLiteral("bad_input");
        QTest::newRow("negative capacity")
            << QStringList{QStringLiteral("queue-capacity"), QStringLiteral("$HALL1"), QStringLiteral("--"),
                           QStringLiteral("-3")}
            << true << 2 << QStringLiteral("bad_input");
        QTest::newRow("capacity not a number")
            << QStringList{QStringLiteral("queue-capacity"), QStringLiteral("$HALL1"), QStringLiteral("many")}
            << true << 2 << QStringLiteral("bad_input");
        QTest::newRow("capacity of an unknown showtime")
            << QStringList{QStringLiteral("queue-capacity"), QStringLiteral("999999"), QStringLiteral("4")}
            << true << 2 << QStringLiteral("bad_input");
    }

    void badInputIsRefusedAndChangesNothing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(bool, manager);
        QFETCH(int, exitCode);
        QFETCH(QString, error);
        // A sale under way in Hall 1 (its token is $SALE), with its ticket.
        const QString sale = newToken();
        QCOMPARE(m_rig.cli({QStringLiteral("queue-join"), m_rig.hall1(), QStringLiteral("--owner"), sale})
                     .exitCode,
                 0);
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("A1"),
                           QStringLiteral("--owner"), sale})
                     .exitCode,
                 0);
        for (QString& a : arguments) {
            a.replace(QLatin1String("$HALL1"), m_rig.hall1());
            a.replace(QLatin1String("$PREMIUM"), m_rig.premium());
            a.replace(QLatin1String("$SALE"), sale);
        }
        const QString before =
            m_rig.snapshot() + tickets() +
            m_rig.db().scalar(QStringLiteral("SELECT string_agg(coalesce(queue_capacity, -1)::text, "
                                             "',' ORDER BY id) FROM showtime"));
        const CliRun run = manager ? m_rig.cliAsManager(QStringList{QStringLiteral("--json")} + arguments)
                                   : m_rig.cli(QStringList{QStringLiteral("--json")} + arguments);
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.describe()));
        QVERIFY2(
            run.json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString() ==
                error,
            qPrintable(run.describe()));
        QCOMPARE(m_rig.snapshot() + tickets() +
                     m_rig.db().scalar(QStringLiteral("SELECT string_agg(coalesce(queue_capacity, -1)::text, "
                                                      "',' ORDER BY id) FROM showtime")),
                 before);
    }
};

QTEST_GUILESS_MAIN(TstAdminCliQueue)
#include "tst_admincliqueue.moc"
