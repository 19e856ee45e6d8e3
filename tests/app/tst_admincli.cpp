// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh database per test.
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

#include "db/migrator.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::TestDatabase;

namespace {

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
    QString failure; ///< set when the program did not start or finish

    [[nodiscard]] QJsonObject json() const { return QJsonDocument::fromJson(out.toUtf8()).object(); }
    [[nodiscard]] QString describe() const
    {
        return QStringLiteral("exit %1%2\n--- stdout:\n%3--- stderr:\n%4")
            .arg(exitCode)
            .arg(failure, out, err);
    }
};

/// The last showtime of the named demo hall: tomorrow evening, so always in the future and on sale.
QString showtimeInHall(const TestDatabase& db, const QString& hall)
{
    return db.scalar(QStringLiteral("SELECT s.id FROM showtime s JOIN auditorium a ON a.id = s.auditorium_id "
                                    "WHERE a.name = '%1' AND s.starts_at > now() + interval '2 hours' "
                                    "ORDER BY s.starts_at DESC LIMIT 1")
                         .arg(hall));
}

/// A command line split at spaces (placeholders such as $OWNER are filled in later).
QStringList words(const char* line)
{
    return QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QString newUuid()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

/// The seat objects of `seats SHOWTIME --json` by label.
QHash<QString, QJsonObject> seatsByLabel(const QJsonObject& json)
{
    QHash<QString, QJsonObject> out;
    const QJsonArray seats = json.value(QStringLiteral("seats")).toArray();
    for (const QJsonValue& v : seats)
        out.insert(v.toObject().value(QStringLiteral("label")).toString(), v.toObject());
    return out;
}

} // namespace

class TstAdminCli final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home; // log, config and data folders of the child: nothing of the real user's
    std::unique_ptr<TestDatabase> m_db;
    QString m_conninfo;
    QString m_hall1;   // showtime in Hall 1 (rows A-O of 22, couple row P)
    QString m_premium; // showtime in Hall 3 Premium (rows A-E of 10, couple row F)

    QString logDir() const { return m_home.filePath(QStringLiteral("logs")); }

    CliRun cli(const QStringList& arguments, const QString& conninfo)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("BOXOFFICE_DB"));
        env.insert(QStringLiteral("BOXOFFICE_LOG_DIR"), logDir());
        env.insert(QStringLiteral("BOXOFFICE_DEMO_DIR"), m_home.filePath(QStringLiteral("demo")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("HOME"), m_home.path());
        process.setProcessEnvironment(env);
        QStringList args;
        if (!conninfo.isEmpty())
            args << QStringLiteral("--db") << conninfo;
        args << arguments;
        process.start(QStringLiteral(BOXOFFICE_ADMIN_PATH), args);
        CliRun run;
        if (!process.waitForStarted(10000)) {
            run.failure = QStringLiteral(" (did not start: %1)").arg(process.errorString());
            return run;
        }
        if (!process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished(5000);
            run.failure = QStringLiteral(" (timed out)");
        } else if (process.exitStatus() != QProcess::NormalExit) {
            run.failure = QStringLiteral(" (crashed)");
        } else {
            run.exitCode = process.exitCode();
        }
        run.out = QString::fromUtf8(process.readAllStandardOutput());
        run.err = QString::fromUtf8(process.readAllStandardError());
        return run;
    }

    CliRun cli(const QStringList& arguments) { return cli(arguments, m_conninfo); }

    /// Replaces the placeholders of a data row: $HALL1 and $PREMIUM (showtimes), $OWNER (the hold
    /// token of the existing sale), $USEDKEY (its confirm key) and $KEY (a key never used).
    QStringList expand(QStringList list, const QHash<QString, QString>& values) const
    {
        for (QString& s : list) {
            s.replace(QLatin1String("$HALL1"), m_hall1);
            s.replace(QLatin1String("$PREMIUM"), m_premium);
            for (auto it = values.cbegin(); it != values.cend(); ++it)
                s.replace(it.key(), it.value());
        }
        return list;
    }

    QString snapshot() const { return m_db->snapshot(); }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_home.isValid(), qPrintable(m_home.errorString()));
        QVERIFY2(QFileInfo(QStringLiteral(BOXOFFICE_ADMIN_PATH)).isExecutable(), BOXOFFICE_ADMIN_PATH);
    }

    /// A fresh migrated database per test, seeded with the demo cinema through the CLI itself.
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_conninfo = m_db->settings().toConninfo();
        const CliRun seeded = cli({QStringLiteral("seed-demo"), QStringLiteral("--json")});
        QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.describe()));
        m_hall1 = showtimeInHall(*m_db, QStringLiteral("Hall 1"));
        m_premium = showtimeInHall(*m_db, QStringLiteral("Hall 3 Premium"));
        QVERIFY(m_hall1.toInt() > 0);
        QVERIFY(m_premium.toInt() > 0);
    }

    void cleanup() { m_db.reset(); }

    void seedDemoCreatesTheCinemaOnce()
    {
        // init() seeded once already; a second run adds nothing.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM auditorium")), QStringLiteral("3"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM seat")), QStringLiteral("570"));
        const QString showtimes = m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime"));
        QCOMPARE(showtimes, QStringLiteral("32"));
        const CliRun again = cli({QStringLiteral("seed-demo"), QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        const QJsonObject json = again.json();
        QCOMPARE(json.value(QStringLiteral("auditoriums")).toInt(), 3);
        QCOMPARE(json.value(QStringLiteral("seats")).toInt(), 570);
        QCOMPARE(json.value(QStringLiteral("movies")).toInt(), 5);
        QCOMPARE(json.value(QStringLiteral("showtimes_added")).toInt(), 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime")), showtimes);
    }

    void holdConfirmAndReplay()
    {
        const QString owner = newUuid();
        const QString key = newUuid();
        const CliRun held = cli({QStringLiteral("hold"), m_hall1, QStringLiteral("K5"), QStringLiteral("k6"),
                                 QStringLiteral("--owner"), owner});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        QVERIFY2(held.out.contains(QLatin1String("K5 K6")) && held.out.contains(owner),
                 qPrintable(held.describe()));

        const CliRun seats = cli({QStringLiteral("seats"), m_hall1, QStringLiteral("--json")});
        QVERIFY2(seats.exitCode == 0, qPrintable(seats.describe()));
        auto byLabel = seatsByLabel(seats.json());
        QCOMPARE(byLabel.size(), 350);
        QCOMPARE(byLabel.value(QStringLiteral("K5")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("HELD"));
        QCOMPARE(byLabel.value(QStringLiteral("K6")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("HELD"));
        QVERIFY(byLabel.value(QStringLiteral("K5")).contains(QStringLiteral("held_until")));
        QCOMPARE(byLabel.value(QStringLiteral("K7")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("FREE"));

        const QStringList confirmArgs{QStringLiteral("confirm"), m_hall1, QStringLiteral("--owner"), owner,
                                      QStringLiteral("--key"),   key,     QStringLiteral("--json")};
        const CliRun first = cli(confirmArgs);
        QVERIFY2(first.exitCode == 0, qPrintable(first.describe()));
        const QJsonObject booking = first.json();
        QCOMPARE(booking.value(QStringLiteral("status")).toString(), QStringLiteral("CONFIRMED"));
        QCOMPARE(booking.value(QStringLiteral("replayed")).toBool(true), false);
        const QString code = booking.value(QStringLiteral("code")).toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^[A-Z0-9]{4}-[A-Z0-9]{4}$")).match(code).hasMatch(),
                 qPrintable(first.describe()));

        const CliRun replay = cli(confirmArgs);
        QVERIFY2(replay.exitCode == 0, qPrintable(replay.describe()));
        QCOMPARE(replay.json().value(QStringLiteral("replayed")).toBool(false), true);
        QCOMPARE(replay.json().value(QStringLiteral("code")).toString(), code);
        QCOMPARE(replay.json().value(QStringLiteral("status")).toString(), QStringLiteral("CONFIRMED"));

        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("1"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat WHERE active")),
                 QStringLiteral("2"));
        const CliRun after = cli({QStringLiteral("seats"), m_hall1, QStringLiteral("--json")});
        QVERIFY2(after.exitCode == 0, qPrintable(after.describe()));
        byLabel = seatsByLabel(after.json());
        QCOMPARE(byLabel.value(QStringLiteral("K5")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("RESERVED"));
        QCOMPARE(byLabel.value(QStringLiteral("K6")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("RESERVED"));

        // The text form says the same.
        const CliRun text = cli(confirmArgs.mid(0, confirmArgs.size() - 1));
        QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
        QVERIFY2(text.out.contains(code), qPrintable(text.describe()));
    }

    void holdOfTakenSeatConflicts()
    {
        const QString first = newUuid();
        const CliRun held =
            cli({QStringLiteral("hold"), m_hall1, QStringLiteral("K5"), QStringLiteral("--owner"), first});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));

        const QString second = newUuid();
        const QString before = snapshot();
        const CliRun taken = cli({QStringLiteral("hold"), m_hall1, QStringLiteral("K4"), QStringLiteral("K5"),
                                  QStringLiteral("--owner"), second});
        QVERIFY2(taken.exitCode == 3, qPrintable(taken.describe()));
        const QString message = taken.err.trimmed();
        QVERIFY2(message.contains(QLatin1String("K5")), qPrintable(taken.describe()));
        QVERIFY2(!message.contains(QLatin1String("K4")), qPrintable(taken.describe()));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(taken.describe()));
        // All or none: K4 was not held either.
        QCOMPARE(snapshot(), before);

        const CliRun json = cli({QStringLiteral("hold"), m_hall1, QStringLiteral("K4"), QStringLiteral("K5"),
                                 QStringLiteral("--owner"), second, QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 3, qPrintable(json.describe()));
        QCOMPARE(json.json().value(QStringLiteral("held")).toBool(true), false);
        QCOMPARE(json.json().value(QStringLiteral("unavailable")).toArray(),
                 QJsonArray{QStringLiteral("K5")});
        QCOMPARE(snapshot(), before);
    }

    void holdOfSoldSeatConflicts()
    {
        const QString owner = newUuid();
        QCOMPARE(
            cli({QStringLiteral("hold"), m_premium, QStringLiteral("C3"), QStringLiteral("--owner"), owner})
                .exitCode,
            0);
        QCOMPARE(cli({QStringLiteral("confirm"), m_premium, QStringLiteral("--owner"), owner,
                      QStringLiteral("--key"), newUuid()})
                     .exitCode,
                 0);
        const CliRun taken = cli(
            {QStringLiteral("hold"), m_premium, QStringLiteral("C3"), QStringLiteral("--owner"), newUuid()});
        QVERIFY2(taken.exitCode == 3, qPrintable(taken.describe()));
        QVERIFY2(taken.err.contains(QLatin1String("C3")), qPrintable(taken.describe()));
    }

    void confirmAfterExpiryIsRefused()
    {
        const QString owner = newUuid();
        const CliRun held =
            cli({QStringLiteral("hold"), m_hall1, QStringLiteral("B2"), QStringLiteral("--owner"), owner});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime_seat SET held_until = now() - interval '1 second' "
                                         "WHERE status = 'HELD'")));
        const CliRun late = cli({QStringLiteral("confirm"), m_hall1, QStringLiteral("--owner"), owner,
                                 QStringLiteral("--key"), newUuid()});
        QVERIFY2(late.exitCode == 3, qPrintable(late.describe()));
        QVERIFY2(late.err.contains(QLatin1String("expired")), qPrintable(late.describe()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));
    }

    void releaseFreesTheOwnersSeats()
    {
        const QString owner = newUuid();
        const QString other = newUuid();
        QCOMPARE(cli({QStringLiteral("hold"), m_hall1, QStringLiteral("D1"), QStringLiteral("D2"),
                      QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        QCOMPARE(
            cli({QStringLiteral("hold"), m_hall1, QStringLiteral("D3"), QStringLiteral("--owner"), other})
                .exitCode,
            0);

        const CliRun released = cli(
            {QStringLiteral("release"), m_hall1, QStringLiteral("--owner"), owner, QStringLiteral("--json")});
        QVERIFY2(released.exitCode == 0, qPrintable(released.describe()));
        QCOMPARE(released.json().value(QStringLiteral("released")).toInt(), 2);

        const auto byLabel =
            seatsByLabel(cli({QStringLiteral("seats"), m_hall1, QStringLiteral("--json")}).json());
        QCOMPARE(byLabel.value(QStringLiteral("D1")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("FREE"));
        QCOMPARE(byLabel.value(QStringLiteral("D2")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("FREE"));
        // Another sale's hold is not touched.
        QCOMPARE(byLabel.value(QStringLiteral("D3")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("HELD"));

        // Releasing again is harmless.
        const CliRun again = cli({QStringLiteral("release"), m_hall1, QStringLiteral("--owner"), owner});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QVERIFY2(again.out.contains(QLatin1String("0")), qPrintable(again.describe()));
    }

    void sweepFreesExpiredHolds()
    {
        const QString owner = newUuid();
        QCOMPARE(cli({QStringLiteral("hold"), m_premium, QStringLiteral("A1"), QStringLiteral("A2"),
                      QStringLiteral("--owner"), owner, QStringLiteral("--ttl"), QStringLiteral("60")})
                     .exitCode,
                 0);
        QCOMPARE(cli({QStringLiteral("hold"), m_premium, QStringLiteral("A3"), QStringLiteral("--owner"),
                      newUuid()})
                     .exitCode,
                 0);
        // Nothing has expired yet.
        const CliRun early = cli({QStringLiteral("sweep"), QStringLiteral("--json")});
        QVERIFY2(early.exitCode == 0, qPrintable(early.describe()));
        QCOMPARE(early.json().value(QStringLiteral("seats_freed")).toInt(-1), 0);

        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime_seat SET held_until = now() - interval '1 second' "
                                         "WHERE held_by = '%1'")
                              .arg(owner)));
        const CliRun swept = cli({QStringLiteral("sweep"), QStringLiteral("--json")});
        QVERIFY2(swept.exitCode == 0, qPrintable(swept.describe()));
        QCOMPARE(swept.json().value(QStringLiteral("seats_freed")).toInt(), 2);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
                 QStringLiteral("1"));

        const CliRun text = cli({QStringLiteral("sweep")});
        QVERIFY2(text.exitCode == 0 && text.out.contains(QLatin1String("Freed 0")),
                 qPrintable(text.describe()));
    }

    void showtimesListsTheDayAsJson()
    {
        const QString tomorrow = QDate::currentDate().addDays(1).toString(Qt::ISODate);
        const CliRun run =
            cli({QStringLiteral("showtimes"), QStringLiteral("--date"), tomorrow, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonObject json = run.json();
        QCOMPARE(json.value(QStringLiteral("date")).toString(), tomorrow);
        const QJsonArray list = json.value(QStringLiteral("showtimes")).toArray();
        QCOMPARE(list.size(), 16);
        bool sawHall1 = false;
        for (const QJsonValue& v : list) {
            const QJsonObject s = v.toObject();
            QVERIFY(s.value(QStringLiteral("id")).toInt() > 0);
            QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("ON_SALE"));
            QVERIFY(!s.value(QStringLiteral("movie")).toString().isEmpty());
            // Nothing is sold yet; only seats out of service are not free.
            QVERIFY(s.value(QStringLiteral("seats_free")).toInt() > 0);
            QVERIFY(s.value(QStringLiteral("seats_free")).toInt() <=
                    s.value(QStringLiteral("seats_total")).toInt());
            QCOMPARE(s.value(QStringLiteral("seats_held")).toInt(), 0);
            if (s.value(QStringLiteral("id")).toInt() == m_hall1.toInt()) {
                sawHall1 = true;
                QCOMPARE(s.value(QStringLiteral("auditorium")).toString(), QStringLiteral("Hall 1"));
                QCOMPARE(s.value(QStringLiteral("seats_total")).toInt(), 350);
            }
        }
        QVERIFY(sawHall1);

        const CliRun badDate =
            cli({QStringLiteral("showtimes"), QStringLiteral("--date"), QStringLiteral("tomorrow")});
        QVERIFY2(badDate.exitCode == 2 && badDate.err.contains(QLatin1String("tomorrow")),
                 qPrintable(badDate.describe()));
    }

    void migrateReportsUpToDate()
    {
        const CliRun text = cli({QStringLiteral("migrate")});
        QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
        QVERIFY2(text.out.contains(QLatin1String("up to date")), qPrintable(text.describe()));
        const CliRun json = cli({QStringLiteral("migrate"), QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
        QCOMPARE(json.json().value(QStringLiteral("to_version")).toInt(), Migrator::latestVersion());
        QCOMPARE(json.json().value(QStringLiteral("from_version")).toInt(), Migrator::latestVersion());
        QVERIFY(json.json().value(QStringLiteral("applied")).toArray().isEmpty());
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
    }

    void badInputIsRefusedAndChangesNothing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, mentions);

        // Some state to keep: a confirmed sale and a live hold of the same owner.
        const QString owner = newUuid();
        const QString key = newUuid();
        QCOMPARE(cli({QStringLiteral("hold"), m_hall1, QStringLiteral("A1"), QStringLiteral("A2"),
                      QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        QCOMPARE(cli({QStringLiteral("confirm"), m_hall1, QStringLiteral("--owner"), owner,
                      QStringLiteral("--key"), key})
                     .exitCode,
                 0);
        QCOMPARE(
            cli({QStringLiteral("hold"), m_hall1, QStringLiteral("B1"), QStringLiteral("--owner"), owner})
                .exitCode,
            0);

        const QString before = snapshot();
        QVERIFY(before.contains(QLatin1String("1 bookings")));
        const QHash<QString, QString> values{{QStringLiteral("$OWNER"), owner},
                                             {QStringLiteral("$USEDKEY"), key},
                                             {QStringLiteral("$KEY"), newUuid()}};
        const CliRun run = cli(expand(arguments, values));
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.describe()));
        QVERIFY2(run.out.isEmpty(), qPrintable(run.describe()));
        const QString message = run.err.trimmed();
        QVERIFY2(!message.isEmpty(), qPrintable(run.describe()));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(run.describe()));
        QVERIFY2(message.startsWith(QLatin1String("boxoffice-admin: ")), qPrintable(run.describe()));
        QVERIFY2(message.contains(expand({mentions}, values).first(), Qt::CaseInsensitive),
                 qPrintable(run.describe()));
        QCOMPARE(snapshot(), before);
    }

    void badInputInJsonModeIsAnErrorObject()
    {
        const CliRun run =
            cli({QStringLiteral("hold"), m_premium, QStringLiteral("P1"), QStringLiteral("--json")});
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
        QDir(logDir()).removeRecursively();
        const QString before = snapshot();

        const CliRun run = cli(arguments, QStringLiteral("host=127.0.0.1 port=1 user=x password=") + secret);
        QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
        const QString message = run.err.trimmed();
        QVERIFY2(!message.isEmpty() && !message.contains(QLatin1Char('\n')), qPrintable(run.describe()));
        QVERIFY2(message.contains(QLatin1String("127.0.0.1")), qPrintable(run.describe()));
        QVERIFY2(!run.out.contains(secret), qPrintable(run.describe()));
        QVERIFY2(!run.err.contains(secret), qPrintable(run.describe()));

        int logFiles = 0;
        QDirIterator logs(logDir(), QDir::Files, QDirIterator::Subdirectories);
        while (logs.hasNext()) {
            QFile file(logs.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(secret.toUtf8()), qPrintable(file.fileName()));
            ++logFiles;
        }
        QVERIFY2(logFiles > 0, "the CLI wrote no log file to BOXOFFICE_LOG_DIR");
        QCOMPARE(snapshot(), before);
    }

    void helpAndVersionNeedNoDatabase()
    {
        const CliRun help = cli({QStringLiteral("--help")}, QString());
        QVERIFY2(help.exitCode == 0, qPrintable(help.describe()));
        for (const char* name : {"migrate", "seed-demo", "showtimes", "seats", "hold", "release", "confirm",
                                 "sweep", "demo-stop", "--json", "--owner", "--key", "--ttl", "Exit status"})
            QVERIFY2(help.out.contains(QLatin1String(name)), qPrintable(help.describe()));
        const CliRun version = cli({QStringLiteral("--version")}, QString());
        QVERIFY2(version.exitCode == 0 && !version.out.trimmed().isEmpty(), qPrintable(version.describe()));
    }

    void seatsNextListsTheSoonestShowtime()
    {
        const CliRun json = cli({QStringLiteral("seats"), QStringLiteral("next"), QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
        const int id = json.json().value(QStringLiteral("showtime_id")).toInt();
        QVERIFY2(id > 0, qPrintable(json.describe()));
        QVERIFY(!json.json().value(QStringLiteral("seats")).toArray().isEmpty());
        const CliRun text = cli({QStringLiteral("seats"), QStringLiteral("next")});
        QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
        QVERIFY2(text.out.startsWith(QStringLiteral("Showtime %1:").arg(id)), qPrintable(text.describe()));
    }

    void confirmGivesSeatsWithoutATierTheDefault()
    {
        const QString owner = newUuid();
        QCOMPARE(cli({QStringLiteral("hold"), m_premium, QStringLiteral("C1"), QStringLiteral("C2"),
                      QStringLiteral("C3"), QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        const CliRun run =
            cli({QStringLiteral("confirm"), m_premium, QStringLiteral("c1"), QStringLiteral("C2:child"),
                 QStringLiteral("C3:Teen"), QStringLiteral("--owner"), owner, QStringLiteral("--key"),
                 newUuid(), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QHash<QString, QString> tierByLabel;
        const QJsonArray seats = run.json().value(QStringLiteral("seats")).toArray();
        for (const QJsonValue& v : seats)
            tierByLabel.insert(v.toObject().value(QStringLiteral("label")).toString(),
                               v.toObject().value(QStringLiteral("tier")).toString());
        const QHash<QString, QString> expected{{QStringLiteral("C1"), QStringLiteral("adult")},
                                               {QStringLiteral("C2"), QStringLiteral("child")},
                                               {QStringLiteral("C3"), QStringLiteral("teen")}};
        QCOMPARE(tierByLabel, expected);
    }

    void confirmOfASeatHeldByAnotherSaleNamesIt()
    {
        const QString mine = newUuid();
        const QString theirs = newUuid();
        QCOMPARE(cli({QStringLiteral("hold"), m_hall1, QStringLiteral("K6"), QStringLiteral("--owner"), mine})
                     .exitCode,
                 0);
        QCOMPARE(
            cli({QStringLiteral("hold"), m_hall1, QStringLiteral("K5"), QStringLiteral("--owner"), theirs})
                .exitCode,
            0);
        const QString before = snapshot();
        const QStringList confirm{
            QStringLiteral("confirm"), m_hall1, QStringLiteral("K6"),    QStringLiteral("K5"),
            QStringLiteral("--owner"), mine,    QStringLiteral("--key"), newUuid()};
        const CliRun text = cli(confirm);
        QVERIFY2(text.exitCode == 3, qPrintable(text.describe()));
        const QString message = text.err.trimmed();
        QVERIFY2(message.startsWith(QLatin1String("boxoffice-admin: ")) &&
                     message.contains(QLatin1String("K5")) && !message.contains(QLatin1String("K6")),
                 qPrintable(text.describe()));

        const CliRun json = cli(QStringList(confirm) << QStringLiteral("--json"));
        QVERIFY2(json.exitCode == 3, qPrintable(json.describe()));
        const QJsonObject error = json.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("conflict"));
        QCOMPARE(error.value(QStringLiteral("seats")).toArray().size(), 1);
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QLatin1String("K5")),
                 qPrintable(json.describe()));
        QCOMPARE(snapshot(), before);
    }

    void demoStopWithoutADemoDatabaseSaysSo()
    {
        const CliRun text = cli({QStringLiteral("demo-stop")}, QString());
        QVERIFY2(text.exitCode == 0 && text.out.contains(QLatin1String("not running")),
                 qPrintable(text.describe()));
        const CliRun json = cli({QStringLiteral("demo-stop"), QStringLiteral("--json")}, QString());
        QVERIFY2(json.exitCode == 0, qPrintable(json.describe()));
        QCOMPARE(json.json().value(QStringLiteral("stopped")).toBool(true), false);
    }
};

QTEST_GUILESS_MAIN(TstAdminCli)
#include "tst_admincli.moc"
