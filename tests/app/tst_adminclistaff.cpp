// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh demo database per test: staff-add,
// staff, staff-pin, staff-disable, staff-unlock, audit and audit verify (migration
// 0034). A manager adds staff with the PIN on standard input (only the server's bcrypt hash is kept, and
// neither reaches the log); bad input exits 2 and adds nobody; a terminal login may list the
// staff but not add, disable or read the log; verify exits 3 naming a row the owner removed.
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

class TstAdminCliStaff final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};

    [[nodiscard]] CliRun asManager(const QStringList& arguments, const QByteArray& input = {}) const
    {
        return m_rig.cli(arguments, m_rig.db().managerSettings().toConninfo(), input);
    }

    [[nodiscard]] QString staffRows() const
    {
        return m_rig.db().scalar(QStringLiteral(
            "SELECT coalesce(string_agg(name || ':' || role || ':' || (disabled_at IS NULL) || ':' || "
            "(locked_at IS NOT NULL), ',' ORDER BY id), '') FROM staff"));
    }

private slots:
    void initTestCase() { m_rig.checkProgram(); }
    void init() { m_rig.create(); }
    void cleanup() { m_rig.reset(); }

    void aManagerAddsStaffWithThePinOnStandardInput()
    {
        const CliRun added =
            asManager(words({"staff-add", "Mina Park", "--role", "cashier", "--json"}), "482913\n");
        QVERIFY2(added.exitCode == 0, qPrintable(added.describe()));
        const int number = added.json().value(QLatin1String("number")).toInt();
        QVERIFY(number >= 101);
        QCOMPARE(added.json().value(QLatin1String("role")).toString(), QStringLiteral("cashier"));
        QCOMPARE(staffRows(), QStringLiteral("Mina Park:cashier:true:false"));
        // Only the server's bcrypt hash is kept.
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT pin_hash LIKE '$2a$10$%' AND pin_hash NOT LIKE "
                                                  "'%482913%' FROM staff")),
                 QStringLiteral("true"));

        // The list, read by a terminal login (the sign-in screen's).
        const CliRun listed = m_rig.cli(words({"staff", "--json"}));
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        const QJsonObject first = listed.json().value(QLatin1String("staff")).toArray().first().toObject();
        QCOMPARE(first.value(QLatin1String("name")).toString(), QStringLiteral("Mina Park"));
        QCOMPARE(first.value(QLatin1String("number")).toInt(), number);
        QCOMPARE(first.value(QLatin1String("has_pin")).toBool(false), true);
        QVERIFY(!first.contains(QLatin1String("pin_hash")));
        QVERIFY(!listed.out.contains(QLatin1String("$2a$")));

        // A new PIN, disabling (by name or number), and the log that says so without the PIN.
        const CliRun pin = asManager(words({"staff-pin", "mina park"}), "246810\n");
        QVERIFY2(pin.exitCode == 0, qPrintable(pin.describe()));
        const CliRun disabled = asManager({QStringLiteral("staff-disable"), QString::number(number)});
        QVERIFY2(disabled.exitCode == 0, qPrintable(disabled.describe()));
        QCOMPARE(staffRows(), QStringLiteral("Mina Park:cashier:false:false"));
        const CliRun again =
            asManager({QStringLiteral("staff-disable"), QString::number(number), QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(again.json().value(QLatin1String("disabled")).toBool(), false);

        const CliRun audit = asManager(words({"audit", "--json"}));
        QVERIFY2(audit.exitCode == 0, qPrintable(audit.describe()));
        QStringList actions;
        for (const auto& e : audit.json().value(QLatin1String("events")).toArray())
            if (e.toObject().value(QLatin1String("action")).toString().startsWith(QLatin1String("staff.")))
                actions << e.toObject().value(QLatin1String("action")).toString();
        QCOMPARE(actions, (words({"staff.add", "staff.pin_changed", "staff.disable"})));
        QVERIFY(!audit.out.contains(QLatin1String("482913")));
        QVERIFY(!audit.out.contains(QLatin1String("246810")));
        QVERIFY(!audit.out.contains(QLatin1String("$2a$")));
        // The catalogue the demo seeded is in the log too, by the owner's login.
        QVERIFY(audit.out.contains(QLatin1String("showtime.insert")));

        const CliRun verified = asManager(words({"audit", "verify", "--json"}));
        QVERIFY2(verified.exitCode == 0, qPrintable(verified.describe()));
        QCOMPARE(verified.json().value(QLatin1String("whole")).toBool(), true);
        QCOMPARE(verified.json().value(QLatin1String("rows")).toInteger(),
                 m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM audit_log")).toLongLong());
    }

    void aManagerUnlocksALockedMember()
    {
        QCOMPARE(asManager(words({"staff-add", "Joon Lee", "--role", "supervisor"}), "730155\n").exitCode, 0);
        QVERIFY(m_rig.db().run(QStringLiteral("UPDATE staff SET locked_at = now(), failed_pins = 5")));
        const CliRun byTerminal = m_rig.cli(words({"staff-unlock", "Joon Lee"}));
        QCOMPARE(byTerminal.exitCode, 1);
        QVERIFY2(byTerminal.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(byTerminal.describe()));
        const CliRun unlocked = asManager(words({"staff-unlock", "Joon Lee", "--json"}));
        QVERIFY2(unlocked.exitCode == 0, qPrintable(unlocked.describe()));
        QCOMPARE(unlocked.json().value(QLatin1String("unlocked")).toBool(), true);
        QCOMPARE(staffRows(), QStringLiteral("Joon Lee:supervisor:true:false"));
        const CliRun notLocked = asManager(words({"staff-unlock", "Joon Lee", "--json"}));
        QCOMPARE(notLocked.json().value(QLatin1String("unlocked")).toBool(), false);
    }

    void verifyExitsThreeNamingARowTheOwnerRemoved()
    {
        QCOMPARE(asManager(words({"staff-add", "Mina Park", "--role", "cashier"}), "482913\n").exitCode, 0);
        QVERIFY(m_rig.db().run(QStringLiteral(
            "BEGIN; ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only; DELETE FROM audit_log WHERE "
            "action = 'staff.add'; ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only; COMMIT")));
        const CliRun verified = asManager(words({"audit", "verify", "--json"}));
        QCOMPARE(verified.exitCode, 3);
        QCOMPARE(verified.json().value(QLatin1String("whole")).toBool(), false);
        QVERIFY2(verified.err.contains(QLatin1String("has lost its row")), qPrintable(verified.describe()));
    }

    void badInputAddsNobody_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no role") << words({"staff-add", "Ara"}) << QByteArray("1234\n") << 2
                                 << QStringLiteral("needs --role cashier, supervisor or manager");
        QTest::newRow("a role that is not") << words({"staff-add", "Ara", "--role", "boss"})
                                            << QByteArray("1234\n") << 2 << QStringLiteral("needs --role");
        QTest::newRow("no name") << words({"staff-add", "--role", "cashier"}) << QByteArray("1234\n") << 2
                                 << QStringLiteral("takes one name");
        QTest::newRow("a blank name") << words({"staff-add", "  ", "--role", "cashier"})
                                      << QByteArray("1234\n") << 2 << QStringLiteral("1 to 80 characters");
        QTest::newRow("no PIN") << words({"staff-add", "Ara", "--role", "cashier"}) << QByteArray() << 2
                                << QStringLiteral("No PIN on standard input");
        QTest::newRow("a short PIN") << words({"staff-add", "Ara", "--role", "cashier"})
                                     << QByteArray("123\n") << 2 << QStringLiteral("4 to 12 digits");
        QTest::newRow("a PIN with letters")
            << words({"staff-add", "Ara", "--role", "cashier"}) << QByteArray("12ab56\n") << 2
            << QStringLiteral("4 to 12 digits");
        QTest::newRow("the same name twice") << words({"staff-add", "mina park", "--role", "cashier"})
                                             << QByteArray("1234\n") << 3 << QStringLiteral("already called");
        QTest::newRow("disable nobody") << words({"staff-disable", "Nobody"}) << QByteArray() << 2
                                        << QStringLiteral("no member of staff 'Nobody'");
        QTest::newRow("audit with a bad time") << words({"audit", "--since", "yesterday"}) << QByteArray()
                                               << 2 << QStringLiteral("--since needs a day or a time");
        QTest::newRow("audit with a bad limit")
            << words({"audit", "--limit", "0"}) << QByteArray() << 2 << QStringLiteral("--limit is a number");
        QTest::newRow("audit with a word") << words({"audit", "check"}) << QByteArray() << 2
                                           << QStringLiteral("audit takes nothing or 'verify'");
    }

    void badInputAddsNobody()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, input);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QCOMPARE(asManager(words({"staff-add", "Mina Park", "--role", "cashier"}), "482913\n").exitCode, 0);
        const QString before = staffRows();
        const QString log = m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM audit_log"));
        const CliRun run = asManager(arguments, input);
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.describe()));
        QVERIFY2(run.err.contains(message), qPrintable(run.describe()));
        QCOMPARE(staffRows(), before);
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM audit_log")), log);
    }

    void aTerminalLoginListsButChangesNothing()
    {
        for (const QStringList& arguments : {words({"staff-add", "Ara", "--role", "cashier"}),
                                             words({"audit"}), words({"audit", "verify"})}) {
            const CliRun run = m_rig.cli(arguments, m_rig.db().settings().toConninfo(), "1234\n");
            QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
            QVERIFY2(run.err.contains(QLatin1String("needs a manager login")), qPrintable(run.describe()));
        }
        QCOMPARE(staffRows(), QString());
        const CliRun listed = m_rig.cli(words({"staff"}));
        QVERIFY2(listed.exitCode == 0 && listed.out.contains(QLatin1String("No staff yet")),
                 qPrintable(listed.describe()));
    }
};

QTEST_GUILESS_MAIN(TstAdminCliStaff)
#include "tst_adminclistaff.moc"
