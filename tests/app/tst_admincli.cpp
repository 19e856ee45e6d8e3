// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh database per test: the database,
// showtime and maintenance commands, help and the refusal of bad input; the sale commands (hold,
// release, confirm) are in tst_adminclisales.cpp.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QScopeGuard>
#include <QtTest>

#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/seatstore.h"
#include "tests/support/adminclirig.h"
#include "tests/support/checked.h"
#include "tests/support/paidsale.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::newUuid;

namespace {

/// A command line split at spaces (placeholders such as $OWNER are filled in later).
QStringList words(const char* line)
{
    return QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TstAdminCli final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    /// The bad-input rows' state (a sale and a live hold of one owner, made by the first row), kept
    /// across the rows: each row proves it changed nothing, so the next may start from the same.
    QString m_keptOwner;
    QString m_keptKey;

    /// The data-driven test whose rows share one database (see badInputIsRefusedAndChangesNothing).
    [[nodiscard]] static bool rowsShareTheDatabase()
    {
        return qstrcmp(QTest::currentTestFunction(), "badInputIsRefusedAndChangesNothing") == 0;
    }

    /// Holds A1 and A2 of Hall 1, confirms them paid, and holds B1 for the same owner; keeps the
    /// owner and the confirm's key for the rows.
    void keepASaleAndAHold()
    {
        const QString owner = newUuid();
        const QString key = newUuid();
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("A1"), QStringLiteral("A2"),
                           QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        {
            auto till = m_rig.db().connect(QStringLiteral("setup-till"));
            QVERIFY(till);
            ConfirmRequest sale;
            sale.terminal = QStringLiteral("setup-till");
            sale.key = QUuid(key);
            sale.showtimeId = m_rig.hall1().toInt();
            sale.owner = QUuid(owner);
            QVERIFY_PAID(*till, sale);
            auto confirmed = SeatStore(*till).confirm(sale);
            QVERIFY2(confirmed.ok(), qPrintable(confirmed.ok() ? QString() : confirmed.error().detail));
        }
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("B1"),
                           QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        m_keptOwner = owner;
        m_keptKey = key;
    }

private slots:
    void initTestCase() { m_rig.checkProgram(); }

    /// A fresh migrated database per test, seeded with the demo cinema through the CLI itself.
    void init()
    {
        if (rowsShareTheDatabase() && !m_keptOwner.isEmpty())
            return;
        m_keptOwner.clear();
        m_keptKey.clear();
        m_rig.create();
    }

    void cleanup()
    {
        if (!rowsShareTheDatabase() || QTest::currentTestFailed())
            m_keptOwner.clear();
        if (m_keptOwner.isEmpty())
            m_rig.reset();
    }

    void seedDemoCreatesTheCinemaOnce()
    {
        // init() seeded once already; a second run adds nothing.
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM auditorium")), QStringLiteral("3"));
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM seat")), QStringLiteral("570"));
        const QString showtimes = m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM showtime"));
        QCOMPARE(showtimes, QStringLiteral("32"));
        const CliRun again = m_rig.cliAsOwner({QStringLiteral("seed-demo"), QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        const QJsonObject json = again.json();
        QCOMPARE(json.value(QStringLiteral("auditoriums")).toInt(), 3);
        QCOMPARE(json.value(QStringLiteral("seats")).toInt(), 570);
        QCOMPARE(json.value(QStringLiteral("movies")).toInt(), 5);
        QCOMPARE(json.value(QStringLiteral("showtimes_added")).toInt(), 0);
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM showtime")), showtimes);
    }

    void sweepFreesExpiredHolds()
    {
        const QString owner = newUuid();
        QCOMPARE(
            m_rig
                .cli({QStringLiteral("hold"), m_rig.premium(), QStringLiteral("A1"), QStringLiteral("A2"),
                      QStringLiteral("--owner"), owner, QStringLiteral("--ttl"), QStringLiteral("60")})
                .exitCode,
            0);
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.premium(), QStringLiteral("A3"),
                           QStringLiteral("--owner"), newUuid()})
                     .exitCode,
                 0);
        // A manager sweeps by hand (the site's releaser runs on the payment service's login); a
        // till's login may not. Nothing has expired yet.
        const CliRun early = m_rig.cliAsManager({QStringLiteral("sweep"), QStringLiteral("--json")});
        QVERIFY2(early.exitCode == 0, qPrintable(early.describe()));
        QCOMPARE(early.json().value(QStringLiteral("seats_freed")).toInt(-1), 0);

        QVERIFY(
            m_rig.db().run(QStringLiteral("UPDATE showtime_seat SET held_until = now() - interval '1 second' "
                                          "WHERE held_by = '%1'")
                               .arg(owner)));
        const CliRun refused = m_rig.cli({QStringLiteral("sweep"), QStringLiteral("--json")});
        QVERIFY2(refused.exitCode != 0, qPrintable(refused.describe()));
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
            QStringLiteral("3"));
        const CliRun swept = m_rig.cliAsManager({QStringLiteral("sweep"), QStringLiteral("--json")});
        QVERIFY2(swept.exitCode == 0, qPrintable(swept.describe()));
        QCOMPARE(swept.json().value(QStringLiteral("seats_freed")).toInt(), 2);
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
            QStringLiteral("1"));

        const CliRun text = m_rig.cliAsManager({QStringLiteral("sweep")});
        QVERIFY2(text.exitCode == 0 && text.out.contains(QLatin1String("Freed 0")),
                 qPrintable(text.describe()));
    }

    void showtimesListsTheDayAsJson()
    {
        const QString tomorrow = QDate::currentDate().addDays(1).toString(Qt::ISODate);
        const CliRun run = m_rig.cli(
            {QStringLiteral("showtimes"), QStringLiteral("--date"), tomorrow, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonObject json = run.json();
        QCOMPARE(json.value(QStringLiteral("date")).toString(), tomorrow);
        const QJsonArray list = json.value(QStringLiteral("showtimes")).toArray();
        QCOMPARE(list.size(), 16);
        bool sawHall1 = false;
        for (const auto& v : list) {
            const QJsonObject s = v.toObject();
            QVERIFY(s.value(QStringLiteral("id")).toInt() > 0);
            QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("ON_SALE"));
            QVERIFY(!s.value(QStringLiteral("movie")).toString().isEmpty());
            // Nothing is sold yet; only seats out of service are not free.
            QVERIFY(s.value(QStringLiteral("seats_free")).toInt() > 0);
            QVERIFY(s.value(QStringLiteral("seats_free")).toInt() <=
                    s.value(QStringLiteral("seats_total")).toInt());
            QCOMPARE(s.value(QStringLiteral("seats_held")).toInt(), 0);
            if (s.value(QStringLiteral("id")).toInt() == m_rig.hall1().toInt()) {
                sawHall1 = true;
                QCOMPARE(s.value(QStringLiteral("auditorium")).toString(), QStringLiteral("Hall 1"));
                QCOMPARE(s.value(QStringLiteral("seats_total")).toInt(), 350);
            }
        }
        QVERIFY(sawHall1);

        const CliRun badDate =
            m_rig.cli({QStringLiteral("showtimes"), QStringLiteral("--date"), QStringLiteral("tomorrow")});
        QVERIFY2(badDate.exitCode == 2 && badDate.err.contains(QLatin1String("tomorrow")),
                 qPrintable(badDate.describe()));
    }

    void migrateReportsUpToDate()
    {
        const CliRun text = m_rig.cliAsOwner({QStringLiteral("migrate")});
        QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
        QVERIFY2(text.out.contains(QLatin1String("up to date")), qPrintable(text.describe()));
        const CliRun json = m_rig.cliAsOwner({QStringLiteral("migrate"), QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
        QCOMPARE(json.json().value(QStringLiteral("to_version")).toInt(), Migrator::latestVersion());
        QCOMPARE(json.json().value(QStringLiteral("from_version")).toInt(), Migrator::latestVersion());
        QVERIFY(json.json().value(QStringLiteral("applied")).toArray().isEmpty());
    }

    /// A database with a migration missing below its newest: migrate refuses (exit 1, naming the
    /// version), and so does every other command through the compatibility check.
    void migrateRefusesAGapNamingIt()
    {
        const int skipped = Migrator::latestVersion() - 1;
        const QString name = QStringLiteral("%1").arg(skipped, 4, 10, QLatin1Char('0'));
        QVERIFY(
            m_rig.db().run(QStringLiteral("DELETE FROM schema_migrations WHERE version = %1").arg(skipped)));

        const CliRun text = m_rig.cliAsOwner({QStringLiteral("migrate")});
        QVERIFY2(text.exitCode == 1 && text.err.contains(name) && text.out.isEmpty(),
                 qPrintable(text.describe()));
        const CliRun json = m_rig.cliAsOwner({QStringLiteral("migrate"), QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 1, qPrintable(json.describe()));
        const QJsonObject error = json.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("schema_mismatch"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(name),
                 qPrintable(json.describe()));

        const CliRun showtimes = m_rig.cli({QStringLiteral("showtimes"), QStringLiteral("--json")});
        QVERIFY2(showtimes.exitCode == 1, qPrintable(showtimes.describe()));
        QCOMPARE(showtimes.json()
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("code"))
                     .toString(),
                 QStringLiteral("schema_mismatch"));
        QCOMPARE(
            m_rig.db().scalar(
                QStringLiteral("SELECT count(*) FROM schema_migrations WHERE version = %1").arg(skipped)),
            QStringLiteral("0"));
    }

    void badInputIsRefusedAndChangesNothing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("mentions");
        auto row = [](const char* name, const QStringList& arguments, const char* mentions) {
            QTest::newRow(name) << arguments << 2 << QString::fromUtf8(mentions);
        };

        row("unknown showtime (hold)", words("hold 999999 K5 --owner $OWNER"), "999999");
        row("unknown showtime (seats)", words("seats 999999"), "999999");
        row("unknown showtime (release)", words("release 999999 --owner $OWNER"), "999999");
        row("unknown showtime (confirm)", words("confirm 999999 --owner $OWNER --key $KEY"), "999999");
        row("non-numeric showtime", words("hold tonight K5 --owner $OWNER"), "tonight");
        row("no showtime", words("seats"), "showtime");
        row("unknown seat label", words("hold $HALL1 K5 Z99 --owner $OWNER"), "Z99");
        row("seat of another auditorium", words("hold $PREMIUM A1 P1 --owner $OWNER"), "P1");
        row("row beyond this auditorium", words("hold $PREMIUM K5 --owner $OWNER"), "K5");
        row("seat number beyond the row", words("hold $PREMIUM A11 --owner $OWNER"), "A11");
        row("duplicate seats", words("hold $HALL1 K5 K5 --owner $OWNER"), "K5");
        row("duplicate seats, other case", words("hold $HALL1 k5 K5 --owner $OWNER"), "K5");
        row("duplicate seats in confirm", words("confirm $HALL1 A1 a1:child --owner $OWNER --key $KEY"),
            "A1");
        row("more seats than one sale may take",
            words("hold $HALL1 K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 --owner $OWNER"), "11");
        row("empty seat list", words("hold $HALL1 --owner $OWNER"), "seats");
        row("empty seat name", words("hold $HALL1 K5 --owner $OWNER") << QStringLiteral(" "), "seat");
        row("malformed owner (word)", words("hold $HALL1 K5 --owner not-a-uuid"), "not-a-uuid");
        row("malformed owner (number)", words("hold $HALL1 K5 --owner 12345"), "12345");
        row("empty owner", words("hold $HALL1 K5 --owner") << QString(), "hold token");
        row("nil owner", words("hold $HALL1 K5 --owner 00000000-0000-0000-0000-000000000000"),
            "00000000-0000-0000-0000-000000000000");
        row("malformed owner on release", words("release $HALL1 --owner 12345"), "12345");
        row("release without owner", words("release $HALL1"), "--owner");
        row("malformed key", words("confirm $HALL1 --owner $OWNER --key key-42"), "key-42");
        row("confirm without key", words("confirm $HALL1 --owner $OWNER"), "--key");
        row("confirm without owner", words("confirm $HALL1 --key $KEY"), "--owner");
        row("confirm with malformed seat:tier", words("confirm $HALL1 A1:adult:x --owner $OWNER --key $KEY"),
            "A1:adult:x");
        row("key reused for another sale", words("confirm $HALL1 B1 --owner $OWNER --key $USEDKEY"),
            "$USEDKEY");
        row("ttl zero", words("hold $HALL1 K5 --owner $OWNER --ttl 0"), "--ttl '0'");
        row("ttl not a number", words("hold $HALL1 K5 --owner $OWNER --ttl abc"), "abc");
        row("ttl too long", words("hold $HALL1 K5 --owner $OWNER --ttl 3601"), "3601");
        row("unknown command", words("frobnicate"), "frobnicate");
        row("unknown option", words("sweep --force"), "force");
        row("no command", {}, "command");
        row("both --db and --demo", words("sweep --demo"), "--demo");
        row("create-login without a name", words("create-login --role terminal --generate-password"),
            "login name");
        row("create-login with a bad name", words("create-login Till-1 --role terminal --generate-password"),
            "Till-1");
        row("create-login named like our roles",
            words("create-login boxoffice_x --role terminal --generate-password"), "boxoffice_x");
        row("create-login with an unknown role",
            words("create-login till_9 --role admin --generate-password"), "admin");
        row("create-login without a role", words("create-login till_9 --generate-password"), "--role");
        row("create-login without a password", words("create-login till_9 --role terminal"), "password");
        row("create-login with an empty password on stdin",
            words("create-login till_9 --role terminal --password-stdin"), "standard input");
        row("create-login with two password sources",
            words("create-login till_9 --role terminal --password-stdin --generate-password"),
            "--generate-password");
        row("drop-login of an unknown login", words("drop-login nobody_here"), "nobody_here");
        row("drop-login of a role that is not a login of ours", words("drop-login boxoffice"), "boxoffice");
        row("drop-login with a bad name", words("drop-login Robert';DROP"), "Robert';DROP");
    }

    void badInputIsRefusedAndChangesNothing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, mentions);

        // Some state to keep: a confirmed sale and a live hold of the same owner, made by the first
        // row on a fresh database; the rows after it find them as it left them, since each row
        // proves it changed nothing (a failed row starts the next on a fresh database). The sale is
        // paid and confirmed by a till of its own on the database (the CLI's sale commands are
        // tested in tst_adminclisales), which costs this table of rows less than the CLI's sign-in.
        if (m_keptOwner.isEmpty())
            CHECKED(keepASaleAndAHold());
        const QString owner = m_keptOwner;
        const QString key = m_keptKey;

        const QString before = m_rig.snapshot();
        QVERIFY(before.contains(QLatin1String("1 bookings")));
        const QHash<QString, QString> values{{QStringLiteral("$OWNER"), owner},
                                             {QStringLiteral("$USEDKEY"), key},
                                             {QStringLiteral("$KEY"), newUuid()}};
        const CliRun run = m_rig.cli(m_rig.expand(arguments, values));
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.describe()));
        QVERIFY2(run.out.isEmpty(), qPrintable(run.describe()));
        const QString message = run.err.trimmed();
        QVERIFY2(!message.isEmpty(), qPrintable(run.describe()));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(run.describe()));
        QVERIFY2(message.startsWith(QLatin1String("boxoffice-admin: ")), qPrintable(run.describe()));
        QVERIFY2(message.contains(m_rig.expand({mentions}, values).first(), Qt::CaseInsensitive),
                 qPrintable(run.describe()));
        QCOMPARE(m_rig.snapshot(), before);
    }

    void createLoginMakesATerminalLoginThatCanSellOnly()
    {
        const QString name = QStringLiteral("till_") + m_rig.db().name().right(8);
        const auto dropped =
            qScopeGuard([&] { (void)m_rig.db().run(QStringLiteral("DROP ROLE IF EXISTS ") + name); });
        const CliRun made = m_rig.cliAsOwner(
            {QStringLiteral("create-login"), name, QStringLiteral("--role"), QStringLiteral("terminal"),
             QStringLiteral("--generate-password"), QStringLiteral("--json")});
        QVERIFY2(made.exitCode == 0, qPrintable(made.describe()));
        const QString password = made.json().value(QStringLiteral("password")).toString();
        QVERIFY(password.size() >= 20);
        QVERIFY2(!made.err.contains(password), qPrintable(made.describe()));
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT pg_has_role('%1', 'boxoffice_terminal', 'MEMBER') AND "
                                    "NOT pg_has_role('%1', 'boxoffice_manager', 'MEMBER') AND "
                                    "rolpassword LIKE 'SCRAM-SHA-256$%%' FROM pg_authid WHERE rolname = '%1'")
                         .arg(name)),
                 QStringLiteral("true"));
        // The password is nowhere in the logs.
        for (const QFileInfo& log : QDir(m_rig.logDir()).entryInfoList(QDir::Files)) {
            QFile f(log.filePath());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(password.toUtf8()), qPrintable(log.filePath()));
        }

        // It sells with its own password, and cannot do what the owner does.
        ConnectionSettings login = m_rig.db().ownerSettings();
        login.setValue(QStringLiteral("user"), name);
        login.setValue(QStringLiteral("password"), password);
        const CliRun held = m_rig.cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("K5"),
                                       QStringLiteral("--owner"), newUuid()},
                                      login.toConninfo());
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        const CliRun seeded = m_rig.cli({QStringLiteral("seed-demo")}, login.toConninfo());
        QVERIFY2(seeded.exitCode != 0, qPrintable(seeded.describe()));
        const CliRun notOwner =
            m_rig.cli({QStringLiteral("create-login"), QStringLiteral("till_x"), QStringLiteral("--role"),
                       QStringLiteral("manager"), QStringLiteral("--generate-password")},
                      login.toConninfo());
        QVERIFY2(notOwner.exitCode == 1, qPrintable(notOwner.describe()));

        // A second login of that name is a conflict; a manager's password from stdin.
        const CliRun again =
            m_rig.cliAsOwner({QStringLiteral("create-login"), name, QStringLiteral("--role"),
                              QStringLiteral("manager"), QStringLiteral("--generate-password")});
        QVERIFY2(again.exitCode == 3, qPrintable(again.describe()));
        const QString manager = name + QStringLiteral("_mgr");
        const auto droppedManager =
            qScopeGuard([&] { (void)m_rig.db().run(QStringLiteral("DROP ROLE IF EXISTS ") + manager); });
        const CliRun fromStdin = m_rig.cli({QStringLiteral("create-login"), manager, QStringLiteral("--role"),
                                            QStringLiteral("manager"), QStringLiteral("--password-stdin")},
                                           m_rig.db().ownerSettings().toConninfo(), "s3cret-from-stdin\n");
        QVERIFY2(fromStdin.exitCode == 0 && !fromStdin.out.contains(QLatin1String("s3cret")),
                 qPrintable(fromStdin.describe()));
        ConnectionSettings managerLogin = m_rig.db().ownerSettings();
        managerLogin.setValue(QStringLiteral("user"), manager);
        managerLogin.setValue(QStringLiteral("password"), QStringLiteral("s3cret-from-stdin"));
        QVERIFY(DbConnection::open(managerLogin, QStringLiteral("manager-check")).ok());

        // Dropped once; then it is unknown.
        for (const QString& who : {name, manager}) {
            const CliRun drop =
                m_rig.cliAsOwner({QStringLiteral("drop-login"), who, QStringLiteral("--json")});
            QVERIFY2(drop.exitCode == 0 && drop.json().value(QStringLiteral("dropped")).toBool(),
                     qPrintable(drop.describe()));
            const CliRun dropAgain = m_rig.cliAsOwner({QStringLiteral("drop-login"), who});
            QVERIFY2(dropAgain.exitCode == 2, qPrintable(dropAgain.describe()));
        }
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM pg_roles WHERE rolname IN ('%1', '%2')")
                                  .arg(name, manager)),
            QStringLiteral("0"));
    }

    /// `--role web` makes the online box office's login: a member of boxoffice_web only, which may
    /// hold a seat and may not confirm; drop-login names its role.
    void createLoginWebMakesAWebsiteLogin()
    {
        const QString name = QStringLiteral("web_") + m_rig.db().name().right(8);
        const auto dropped =
            qScopeGuard([&] { (void)m_rig.db().run(QStringLiteral("DROP ROLE IF EXISTS ") + name); });
        const CliRun made = m_rig.cliAsOwner({QStringLiteral("create-login"), name, QStringLiteral("--role"),
                                              QStringLiteral("web"), QStringLiteral("--generate-password"),
                                              QStringLiteral("--json")});
        QVERIFY2(made.exitCode == 0, qPrintable(made.describe()));
        QCOMPARE(made.json().value(QStringLiteral("role")).toString(), QStringLiteral("web"));
        const QString password = made.json().value(QStringLiteral("password")).toString();
        QVERIFY(password.size() >= 20);
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT string_agg(g.rolname, ',') FROM pg_auth_members m "
                                    "JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = '%1'::regrole")
                         .arg(name)),
                 QStringLiteral("boxoffice_web"));

        ConnectionSettings login = m_rig.db().ownerSettings();
        login.setValue(QStringLiteral("user"), name);
        login.setValue(QStringLiteral("password"), password);
        auto web = DbConnection::open(login, QStringLiteral("web-check"));
        QVERIFY(web.ok());
        const int showtime = m_rig.hall1().toInt();
        const QString seat = m_rig.db().scalar(
            QStringLiteral(
                "SELECT min(seat_id) FROM showtime_seat WHERE showtime_id = %1 AND status = 'FREE'")
                .arg(showtime));
        const QString token = newUuid();
        auto held = web.value()->exec(QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
                                      {showtime, QStringLiteral("{%1}").arg(seat), token});
        QVERIFY2(held.ok() && held.value().next() && held.value().value(0).toBool(),
                 qPrintable(held.ok() ? QStringLiteral("not granted") : held.error().detail));
        auto confirmed = web.value()->exec(
            QStringLiteral(
                "SELECT * FROM bo_confirm('k1', ?::uuid, ?, NULL::uuid, ?::integer[], NULL::text[], "
                "NULL::jsonb, NULL::uuid)"),
            {token, showtime, QStringLiteral("{%1}").arg(seat)});
        QVERIFY(!confirmed.ok() && confirmed.error().detail.contains(QLatin1String("permission denied")));
        web.value().reset();

        const CliRun drop = m_rig.cliAsOwner({QStringLiteral("drop-login"), name, QStringLiteral("--json")});
        QVERIFY2(drop.exitCode == 0 &&
                     drop.json().value(QStringLiteral("role")).toString() == QLatin1String("web"),
                 qPrintable(drop.describe()));
    }

    void badInputInJsonModeIsAnErrorObject()
    {
        const CliRun run = m_rig.cli(
            {QStringLiteral("hold"), m_rig.premium(), QStringLiteral("P1"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        const QJsonObject error = run.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("bad_input"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QLatin1String("P1")),
                 qPrintable(run.describe()));
        QVERIFY2(!run.err.trimmed().isEmpty() && !run.err.trimmed().contains(QLatin1Char('\n')),
                 qPrintable(run.describe()));
    }

    void unreachableDatabaseFailsWithoutLeakingThePassword_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("migrate") << QStringList{QStringLiteral("migrate")};
        QTest::newRow("showtimes --json")
            << QStringList{QStringLiteral("showtimes"), QStringLiteral("--json")};
        QTest::newRow("hold --verbose") << QStringList{QStringLiteral("hold"), QStringLiteral("1"),
                                                       QStringLiteral("A1"), QStringLiteral("--verbose")};
        QTest::newRow("sweep") << QStringList{QStringLiteral("sweep")};
    }

    void unreachableDatabaseFailsWithoutLeakingThePassword()
    {
        QFETCH(QStringList, arguments);
        const QString secret = QStringLiteral("SuperSecret123");
        QDir(m_rig.logDir()).removeRecursively();
        const QString before = m_rig.snapshot();

        const CliRun run =
            m_rig.cli(arguments, QStringLiteral("host=127.0.0.1 port=1 user=x password=") + secret);
        QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
        const QString message = run.err.trimmed();
        QVERIFY2(!message.isEmpty() && !message.contains(QLatin1Char('\n')), qPrintable(run.describe()));
        QVERIFY2(message.contains(QLatin1String("127.0.0.1")), qPrintable(run.describe()));
        QVERIFY2(!run.out.contains(secret), qPrintable(run.describe()));
        QVERIFY2(!run.err.contains(secret), qPrintable(run.describe()));

        int logFiles = 0;
        QDirIterator logs(m_rig.logDir(), QDir::Files, QDirIterator::Subdirectories);
        while (logs.hasNext()) {
            QFile file(logs.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(secret.toUtf8()), qPrintable(file.fileName()));
            ++logFiles;
        }
        QVERIFY2(logFiles > 0, "the CLI wrote no log file to BOXOFFICE_LOG_DIR");
        QCOMPARE(m_rig.snapshot(), before);
    }

    void helpAndVersionNeedNoDatabase()
    {
        const CliRun help = m_rig.cli({QStringLiteral("--help")}, QString());
        QVERIFY2(help.exitCode == 0, qPrintable(help.describe()));
        for (const char* name : {"migrate", "seed-demo", "showtimes", "seats", "hold", "release", "confirm",
                                 "sweep", "demo-stop", "--json", "--owner", "--key", "--ttl", "Exit status"})
            QVERIFY2(help.out.contains(QLatin1String(name)), qPrintable(help.describe()));
        const CliRun version = m_rig.cli({QStringLiteral("--version")}, QString());
        QVERIFY2(version.exitCode == 0 && !version.out.trimmed().isEmpty(), qPrintable(version.describe()));
    }

    void seatsNextListsTheSoonestShowtime()
    {
        const CliRun json =
            m_rig.cli({QStringLiteral("seats"), QStringLiteral("next"), QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
        const int id = json.json().value(QStringLiteral("showtime_id")).toInt();
        QVERIFY2(id > 0, qPrintable(json.describe()));
        QVERIFY(!json.json().value(QStringLiteral("seats")).toArray().isEmpty());
        const CliRun text = m_rig.cli({QStringLiteral("seats"), QStringLiteral("next")});
        QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
        QVERIFY2(text.out.startsWith(QStringLiteral("Showtime %1:").arg(id)), qPrintable(text.describe()));
    }

    void demoStopWithoutADemoDatabaseSaysSo()
    {
        const CliRun text = m_rig.cli({QStringLiteral("demo-stop")}, QString());
        QVERIFY2(text.exitCode == 0 && text.out.contains(QLatin1String("not running")),
                 qPrintable(text.describe()));
        const CliRun json = m_rig.cli({QStringLiteral("demo-stop"), QStringLiteral("--json")}, QString());
        QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
        QCOMPARE(json.json().value(QStringLiteral("stopped")).toBool(true), false);
    }
};

QTEST_GUILESS_MAIN(TstAdminCli)
#include "tst_admincli.moc"
