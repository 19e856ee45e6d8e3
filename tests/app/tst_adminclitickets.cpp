// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The ticket and door commands of the real boxoffice-admin: ticket (manager login),
// checkin and checkins (terminal login), ticket-keys; JSON, exit status, bad input.
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include "tests/support/adminclirig.h"

using namespace bo::test;

class TstAdminCliTickets final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    QTemporaryDir m_dir;

    [[nodiscard]] CliRun asManager(const QStringList& arguments) const
    {
        return m_rig.cli(arguments, m_rig.db().managerSettings().toConninfo());
    }

    /// A cash sale of `seats` in Hall 1 by the terminal; its booking code.
    [[nodiscard]] QString sell(const QStringList& seats) const
    {
        // A till takes cash with a member signed in and its shift open.
        if (const CliRun opened = m_rig.openTill(); opened.exitCode != 0) {
            qWarning("%s", qPrintable(opened.describe()));
            return {};
        }
        const CliRun sold = m_rig.cli(QStringList{QStringLiteral("sell"), m_rig.hall1()}
                                      << seats << QStringLiteral("--pay") << QStringLiteral("cash")
                                      << QStringLiteral("--json"));
        return sold.exitCode == 0 ? sold.json().value(QStringLiteral("booking")).toString() : QString();
    }

private slots:
    void initTestCase()
    {
        m_rig.checkProgram();
        QVERIFY(m_dir.isValid());
    }
    /// A fresh database per test; the bad-input rows, which each prove they change nothing, share one.
    void init() { m_rig.createUnlessShared("badInputIsRefusedWithExitTwo"); }
    void cleanup() { m_rig.resetUnlessShared("badInputIsRefusedWithExitTwo"); }

    void ticketThenAdmitOnceThenRefuse()
    {
        const QString code = sell({QStringLiteral("D4"), QStringLiteral("D5")});
        QVERIFY(!code.isEmpty());
        const QString pdf = m_dir.filePath(QStringLiteral("t.pdf"));
        const QString escpos = m_dir.filePath(QStringLiteral("t.bin"));
        const CliRun issued = asManager({QStringLiteral("ticket"), code, QStringLiteral("--pdf"), pdf,
                                         QStringLiteral("--escpos"), escpos, QStringLiteral("--json")});
        QVERIFY2(issued.exitCode == 0, qPrintable(issued.describe()));
        const QJsonArray tickets = issued.json().value(QStringLiteral("tickets")).toArray();
        QCOMPARE(tickets.size(), 2);
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5) == "%PDF-");
        QVERIFY(QFile(escpos).size() > qint64(2) * 72 * 600); // two rasters of 72 bytes a row
        const QString payload = tickets.at(0).toObject().value(QStringLiteral("payload")).toString();

        // A till prints the issued tickets again without a key; it cannot reprint.
        const CliRun again = m_rig.cli({QStringLiteral("ticket"), code, QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(again.json()
                     .value(QStringLiteral("tickets"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("payload")),
                 QJsonValue(payload));
        const CliRun tillReprint = m_rig.cli({QStringLiteral("ticket"), code, QStringLiteral("--reprint")});
        QVERIFY2(tillReprint.exitCode == 1, qPrintable(tillReprint.describe()));
        QVERIFY2(tillReprint.err.contains(QLatin1String("manager")), qPrintable(tillReprint.describe()));

        const CliRun admitted = m_rig.cli({QStringLiteral("checkin"), payload, QStringLiteral("--door"),
                                           QStringLiteral("Main"), QStringLiteral("--json")});
        QVERIFY2(admitted.exitCode == 0, qPrintable(admitted.describe()));
        QCOMPARE(admitted.json().value(QStringLiteral("verdict")).toString(), QStringLiteral("ADMITTED"));
        QCOMPARE(admitted.json().value(QStringLiteral("seat")).toString(), QStringLiteral("D4"));
        const CliRun refused = m_rig.cli({QStringLiteral("checkin"), payload, QStringLiteral("--door"),
                                          QStringLiteral("Side"), QStringLiteral("--json")});
        QVERIFY2(refused.exitCode == 3, qPrintable(refused.describe()));
        QCOMPARE(refused.json().value(QStringLiteral("verdict")).toString(), QStringLiteral("ALREADY_USED"));
        QCOMPARE(refused.json().value(QStringLiteral("admitted_door")).toString(), QStringLiteral("Main"));

        const CliRun listed =
            m_rig.cli({QStringLiteral("checkins"), m_rig.hall1(), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        QCOMPARE(listed.json().value(QStringLiteral("admitted")).toInt(), 1);
        QCOMPARE(listed.json().value(QStringLiteral("expected")).toInt(), 2);

        // A reprint by the manager: the old code is refused, the new one says REPRINT.
        const CliRun reprinted = asManager(
            {QStringLiteral("ticket"), code, QStringLiteral("--reprint"), QStringLiteral("--json")});
        QVERIFY2(reprinted.exitCode == 0, qPrintable(reprinted.describe()));
        const QJsonObject fresh =
            reprinted.json().value(QStringLiteral("tickets")).toArray().at(1).toObject();
        QVERIFY(fresh.value(QStringLiteral("reprint")).toBool());
        const QString old1 = tickets.at(1).toObject().value(QStringLiteral("payload")).toString();
        const CliRun oldRefused = m_rig.cli({QStringLiteral("checkin"), old1, QStringLiteral("--door"),
                                             QStringLiteral("Main"), QStringLiteral("--json")});
        QVERIFY2(oldRefused.exitCode == 3, qPrintable(oldRefused.describe()));
        QCOMPARE(oldRefused.json().value(QStringLiteral("verdict")).toString(), QStringLiteral("REPRINTED"));
    }

    void aForgedCodeIsRefusedWithExitThree()
    {
        const QString code = sell({QStringLiteral("E1")});
        const CliRun issued = asManager({QStringLiteral("ticket"), code, QStringLiteral("--json")});
        QVERIFY2(issued.exitCode == 0, qPrintable(issued.describe()));
        QString payload = issued.json()
                              .value(QStringLiteral("tickets"))
                              .toArray()
                              .at(0)
                              .toObject()
                              .value(QStringLiteral("payload"))
                              .toString();
        // One character of the signature changed.
        payload[100] = payload.at(100) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
        const CliRun refused = m_rig.cli({QStringLiteral("checkin"), payload, QStringLiteral("--door"),
                                          QStringLiteral("Main"), QStringLiteral("--json")});
        QVERIFY2(refused.exitCode == 3, qPrintable(refused.describe()));
        QCOMPARE(refused.json().value(QStringLiteral("verdict")).toString(), QStringLiteral("FORGED"));
    }

    void badInputIsRefusedWithExitTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("ticket: no code") << QStringList{QStringLiteral("ticket")};
        QTest::newRow("ticket: not a code") << QStringList{QStringLiteral("ticket"), QStringLiteral("12345")};
        QTest::newRow("ticket: unknown booking")
            << QStringList{QStringLiteral("ticket"), QStringLiteral("ZZZZ-ZZZZ")};
        QTest::newRow("ticket: bad paper")
            << QStringList{QStringLiteral("ticket"), QStringLiteral("ZZZZ-ZZZZ"), QStringLiteral("--paper"),
                           QStringLiteral("A5")};
        QTest::newRow("checkin: no door") << QStringList{QStringLiteral("checkin"), QStringLiteral("AAAA")};
        QTest::newRow("checkin: not a ticket")
            << QStringList{QStringLiteral("checkin"), QStringLiteral("HELLO"), QStringLiteral("--door"),
                           QStringLiteral("Main")};
        QTest::newRow("checkin: bad showtime")
            << QStringList{QStringLiteral("checkin"), QStringLiteral("AAAA"),       QStringLiteral("--door"),
                           QStringLiteral("Main"),    QStringLiteral("--showtime"), QStringLiteral("x")};
        QTest::newRow("checkins: no showtime") << QStringList{QStringLiteral("checkins")};
        QTest::newRow("checkins: not a showtime")
            << QStringList{QStringLiteral("checkins"), QStringLiteral("first")};
        QTest::newRow("ticket-keys: bad id")
            << QStringList{QStringLiteral("ticket-keys"), QStringLiteral("--retire"), QStringLiteral("one")};
        QTest::newRow("ticket-keys: bad approve id")
            << QStringList{QStringLiteral("ticket-keys"), QStringLiteral("--approve"), QStringLiteral("0")};
        QTest::newRow("ticket-keys: approve and retire")
            << QStringList{QStringLiteral("ticket-keys"), QStringLiteral("--approve"), QStringLiteral("1"),
                           QStringLiteral("--retire"), QStringLiteral("1")};
    }

    void badInputIsRefusedWithExitTwo()
    {
        QFETCH(QStringList, arguments);
        const CliRun run = asManager(arguments << QStringLiteral("--json"));
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.json().contains(QStringLiteral("error")), qPrintable(run.describe()));
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM ticket")), QStringLiteral("0"));
    }

    /// A till's own key waits for a manager: listed as pending with its till, approved with
    /// --approve (a terminal login cannot), an unknown id is bad input (exit 2).
    void aTillKeyWaitsForTheManagersApproval()
    {
        auto till = m_rig.db().connect(QStringLiteral("till"));
        QVERIFY(till);
        auto enrolled =
            till->exec(QStringLiteral("SELECT key_id FROM bo_ticket_till_key_enrol(decode(repeat('ab', 32), "
                                      "'hex'), gen_random_uuid(), 'till-9')"));
        QVERIFY2(enrolled, qPrintable(enrolled ? QString() : enrolled.error().detail));
        QVERIFY(enrolled.value().next());
        const QString id = enrolled.value().value(0).toString();

        const CliRun listed = asManager({QStringLiteral("ticket-keys"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        const QJsonArray keys = listed.json().value(QStringLiteral("keys")).toArray();
        QCOMPARE(keys.size(), 1);
        QCOMPARE(keys.at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
        QCOMPARE(keys.at(0).toObject().value(QStringLiteral("terminal")).toString(),
                 QStringLiteral("till-9"));
        QCOMPARE(keys.at(0).toObject().value(QStringLiteral("terminal_login")).toString(),
                 m_rig.db().terminalLogin());

        const CliRun byTill = m_rig.cli({QStringLiteral("ticket-keys"), QStringLiteral("--approve"), id});
        QVERIFY2(byTill.exitCode == 1, qPrintable(byTill.describe()));
        QVERIFY2(byTill.err.contains(QLatin1String("manager")), qPrintable(byTill.describe()));

        const CliRun approved = asManager(
            {QStringLiteral("ticket-keys"), QStringLiteral("--approve"), id, QStringLiteral("--json")});
        QVERIFY2(approved.exitCode == 0, qPrintable(approved.describe()));
        QCOMPARE(approved.json()
                     .value(QStringLiteral("keys"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("state"))
                     .toString(),
                 QStringLiteral("approved"));
        const CliRun unknown = asManager({QStringLiteral("ticket-keys"), QStringLiteral("--approve"),
                                          QStringLiteral("999"), QStringLiteral("--json")});
        QVERIFY2(unknown.exitCode == 2, qPrintable(unknown.describe())); // an unknown id, as --retire
    }

    void aCancelledBookingGetsNoTicket()
    {
        const QString code = sell({QStringLiteral("F3")});
        QVERIFY(m_rig.db().run(
            QStringLiteral("UPDATE booking SET status = 'CANCELLED' WHERE code = '%1'").arg(code)));
        const CliRun run = asManager({QStringLiteral("ticket"), code, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 3, qPrintable(run.describe()));
    }
};

QTEST_GUILESS_MAIN(TstAdminCliTickets)
#include "tst_adminclitickets.moc"
