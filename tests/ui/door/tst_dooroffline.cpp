// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <memory>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "app/adapters/tickets/ed25519.h"
#include "db/pgdoorbackend.h"
#include "db/privatepostgres.h"
#include "db/seatstore.h"
#include "db/sqlitedoorjournal.h"
#include "db/ticketstore.h"
#include "model/core/clock.h"
#include "model/door/doorcheck.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/siteannouncer.h"
#include "tests/support/testdatabase.h"
#include "ui/door/doorbeeper.h"
#include "ui/door/doorwindow.h"
#include "ui/door/verdictview.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

class SilentBeeper final : public DoorBeeper
{
public:
    void play(DoorReason /*reason*/) override {}
};

/// One door as the program builds it, with its journal: the real backend on the terminal login,
/// the check, the window shown offscreen.
struct Door
{
    Door(const ConnectionSettings& settings, DoorOptions options, const QString& journalPath)
        : site(bo::test::siteAnnouncer(settings))
        , backend(settings)
        , check(
              &backend,
              [](const QList<TicketKey>& keys) {
                  return std::make_unique<Ed25519KeyRing>(Ed25519KeyRing::fromKeys(keys));
              },
              clock, std::move(options))
        , window(&check, &beeper)
    {
        if (!journalPath.isEmpty()) {
            auto opened = SqliteDoorJournal::open(journalPath);
            if (opened)
                journal = std::move(opened.value());
            check.setJournal(journal.get());
        }
        window.resize(1280, 800);
        window.show();
        check.start();
    }
    ~Door() { backend.stop(); }
    Door(const Door&) = delete;
    Door& operator=(const Door&) = delete;

    std::unique_ptr<SqliteDoorJournal> journal;
    std::unique_ptr<Announcer> site;
    PgDoorBackend backend;
    SteadyClock clock;
    DoorCheck check;
    SilentBeeper beeper;
    DoorWindow window;
};

/// Copies the journal's files as they are on the disk this instant (the database, its
/// write-ahead log and its index): what a power cut would leave.
bool copyAsACrashLeavesIt(const QString& from, const QString& to)
{
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QFile::remove(to + suffix);
        if (QFile::exists(from + suffix) && !QFile::copy(from + suffix, to + suffix))
            return false;
    }
    return true;
}

struct ClusterGuard
{
    QString folder;
    ~ClusterGuard()
    {
        if (PrivatePostgres::isRunning(folder))
            (void)PrivatePostgres::stop(folder);
    }
};

} // namespace

/// Offline doors (docs/DECISIONS.md, "Offline rules") against a PostgreSQL of the test's own that
/// it stops and starts: the door admits alone by signature and its downloaded list, journals every
/// scan, and after a crash and the database's return delivers every scan once, reporting a ticket
/// two doors admitted.
class TstDoorOffline final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir{QStringLiteral("/tmp/boxoffice-tst-dooroffline-XXXXXX")};

    static QString sell(const TestDatabase& db, int showtime, const QList<int>& seats)
    {
        auto terminal = db.connect();
        if (!terminal)
            return {};
        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = store.hold(showtime, seats, owner);
        if (!held || !held.value().granted)
            return {};
        ConfirmRequest request;
        request.terminal = QStringLiteral("till-1");
        request.key = QUuid::createUuid();
        request.showtimeId = showtime;
        request.owner = owner;
        // Paid in cash at the till first, as a till does before its confirm.
        if (const Status paid = bo::test::payCash(*terminal, request); !paid) {
            qWarning("paying failed: %s: %s", qPrintable(paid.error().message),
                     qPrintable(paid.error().detail));
            return {};
        }
        auto done = store.confirm(request);
        return done ? done.value().code : QString();
    }

    static QList<Ticket> issue(const TestDatabase& db, const QString& code)
    {
        auto manager = db.connectAsManager();
        if (!manager)
            return {};
        TicketStore store(*manager);
        auto key = store.signingKey();
        if (!key)
            return {};
        std::unique_ptr<Ed25519Signer> signer;
        if (key.value()) {
            signer = std::make_unique<Ed25519Signer>(*key.value());
        } else {
            auto pair = generateTicketKeyPair();
            auto id = store.addKey(pair.value().publicKey, pair.value().secretKey);
            if (!id)
                return {};
            signer = std::make_unique<Ed25519Signer>(SigningKey{id.value(), pair.value().secretKey});
        }
        auto issued = store.issue(code, false, *signer);
        return issued ? issued.value() : QList<Ticket>();
    }

    static DoorOptions options(int showtime, const QString& door)
    {
        DoorOptions o;
        o.door = door;
        o.showtimeId = showtime;
        o.reloadSeconds = 3600; // loads only at start and when the database comes back
        return o;
    }

    static std::optional<DoorVerdict> scan(Door& door, const QString& text)
    {
        const auto before = door.window.verdictView()->verdict();
        const quint64 last = before ? before->number : 0;
        QTest::keyClicks(&door.window, text);
        QTest::keyClick(&door.window, Qt::Key_Return);
        const bool shown = QTest::qWaitFor(
            [&door, last] {
                const auto& v = door.window.verdictView()->verdict();
                return v && v->number > last;
            },
            10000);
        if (!shown)
            return std::nullopt;
        return door.window.verdictView()->verdict();
    }

    static void shoot(Door& door, const QString& name)
    {
        const QString folder = qEnvironmentVariable("BOXOFFICE_DOOR_SCREENSHOTS");
        if (folder.isEmpty())
            return;
        QTest::qWait(200);
        QVERIFY(door.window.grab().save(folder + QLatin1Char('/') + name + QStringLiteral(".png")));
    }

    static QLabel* label(Door& door, const QString& name) { return door.window.findChild<QLabel*>(name); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// The issue's test: the database stopped, 50 scans, a crash, the database back, the sync:
    /// every scan in the database once, the ticket two doors admitted reported.
    void fiftyScansWithoutTheDatabaseAllReachIt()
    {
        QTemporaryDir clusterDir(QStringLiteral("/tmp/boxoffice-tst-dooroffline-pg-XXXXXX"));
        QVERIFY(clusterDir.isValid());
        const QString cluster = clusterDir.path();
        ClusterGuard guard{cluster};
        ClusterOptions clusterOptions;
        clusterOptions.durable = false;
        auto server = PrivatePostgres::ensureRunning(cluster, clusterOptions);
        QVERIFY2(server.ok(), qPrintable(server.ok() ? QString() : server.error().message));
        TestDatabase db(server.value());
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = db.addShowtime(5, 10, QStringLiteral("Hall 1"));
        const QList<int> seats = db.seatIds(showtime);
        QCOMPARE(seats.size(), 50);
        QList<Ticket> tickets;
        for (int first = 0; first < 46; first += 8) // bookings of up to 8 seats
            tickets += issue(db, sell(db, showtime, seats.mid(first, std::min(8, 46 - first))));
        QCOMPARE(tickets.size(), 46);
        const QList<Ticket> cancelled = issue(db, sell(db, showtime, {seats.at(46)}));
        QCOMPARE(cancelled.size(), 1);
        QVERIFY(db.run(QStringLiteral("UPDATE booking SET status = 'CANCELLED' WHERE code = '%1'")
                           .arg(cancelled.first().bookingCode)));
        QVERIFY(db.run(QStringLiteral("UPDATE showtime SET starts_at = now() + interval '10 minutes' "
                                      "WHERE id = %1")
                           .arg(showtime)));

        const QString journal = m_dir.filePath(QStringLiteral("main.sqlite"));
        const QString crashed = m_dir.filePath(QStringLiteral("main-crashed.sqlite"));
        const QString crashedAgain = m_dir.filePath(QStringLiteral("main-crashed-again.sqlite"));
        QList<DoorVerdict> verdicts;
        {
            auto main =
                std::make_unique<Door>(db.doorSettings(), options(showtime, QStringLiteral("Main")), journal);
            Door side(db.doorSettings(), options(showtime, QStringLiteral("Side")), QString());
            QVERIFY(main->journal);
            QTRY_VERIFY_WITH_TIMEOUT(main->check.isOnline() && main->check.listedTickets() == 47, 10000);
            QTRY_VERIFY_WITH_TIMEOUT(side.check.isOnline() && side.check.isReady(), 10000);
            QVERIFY(!label(*main, QStringLiteral("offlineBanner"))->isVisible());

            // The side door admits ticket 0 online after the main door's list was downloaded.
            auto v = scan(side, tickets.at(0).payload);
            QVERIFY(v);
            QCOMPARE(v->reason, DoorReason::Admitted);
            // Counted at the main door (announced), before the database goes.
            QTRY_COMPARE_WITH_TIMEOUT(label(*main, QStringLiteral("countLabel"))->text(),
                                      QStringLiteral("Admitted 1 / 46"), 5000);

            QVERIFY(PrivatePostgres::stop(cluster).ok());
            QTRY_VERIFY_WITH_TIMEOUT(!main->check.isOnline(), 10000);
            QLabel* banner = label(*main, QStringLiteral("offlineBanner"));
            QTRY_VERIFY(banner->isVisible());
            QVERIFY2(banner->text().contains(QLatin1String("OFFLINE")), qPrintable(banner->text()));

            // 50 scans: 45 tickets (ticket 0 too: this door cannot know the side door's admit),
            // two of them again, the cancelled one, a forgery and something unreadable.
            QStringList texts;
            for (int i = 0; i < 45; ++i)
                texts << tickets.at(i).payload;
            texts << tickets.at(1).payload << tickets.at(2).payload << cancelled.first().payload;
            QString forged = tickets.at(45).payload;
            forged[100] = forged.at(100) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
            texts << forged << QStringLiteral("HELLO-WORLD");
            QCOMPARE(texts.size(), 50);
            for (const QString& text : std::as_const(texts)) {
                auto verdict = scan(*main, text);
                QVERIFY(verdict);
                verdicts << *verdict;
                if (verdicts.size() == 45)
                    shoot(*main, QStringLiteral("door-offline"));
            }
            for (int i = 0; i < 45; ++i) {
                QCOMPARE(verdicts.at(i).reason, DoorReason::Admitted);
                QVERIFY(verdicts.at(i).offline);
            }
            QCOMPARE(main->window.verdictView()->background(), VerdictView::refuseColour());
            QCOMPARE(verdicts.at(45).reason, DoorReason::AlreadyUsed);
            QCOMPARE(verdicts.at(45).usedDoor, QStringLiteral("Main"));
            QCOMPARE(verdicts.at(46).reason, DoorReason::AlreadyUsed);
            QCOMPARE(verdicts.at(47).reason, DoorReason::Cancelled);
            QCOMPARE(verdicts.at(48).reason, DoorReason::Forged);
            QCOMPARE(verdicts.at(49).reason, DoorReason::Unreadable);
            QCOMPARE(main->check.unsyncedScans(), 50);
            QCOMPARE(label(*main, QStringLiteral("countLabel"))->text(), QStringLiteral("Admitted 46 / 46"));

            // The crash: the journal's files as they are now, the door never closed.
            QVERIFY(copyAsACrashLeavesIt(journal, crashed));
            QVERIFY(copyAsACrashLeavesIt(journal, crashedAgain));
            main.reset();
        }

        auto again = PrivatePostgres::ensureRunning(cluster, clusterOptions);
        QVERIFY2(again.ok(), qPrintable(again.ok() ? QString() : again.error().message));
        {
            Door restarted(db.doorSettings(), options(showtime, QStringLiteral("Main")), crashed);
            QVERIFY(restarted.journal);
            // Restored from the journal before the database answers anything.
            QCOMPARE(restarted.check.listedTickets(), 47);
            QTRY_COMPARE_WITH_TIMEOUT(restarted.check.unsyncedScans(), 0, 20000);
            QLabel* report = label(restarted, QStringLiteral("reportBanner"));
            QTRY_VERIFY(report->isVisible());
            QVERIFY2(report->text().contains(QLatin1String("Used twice")) &&
                         report->text().contains(QLatin1String("Side")),
                     qPrintable(report->text()));
            QCOMPARE(restarted.check.reports().size(), 1);
            QCOMPARE(restarted.check.reports().first().serial, tickets.at(0).serial);
        }
        const auto checkState = [&db, &tickets, showtime] {
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM door_scan")), QStringLiteral("50"));
            QCOMPARE(db.scalar(
                         QStringLiteral("SELECT count(DISTINCT scan_id) FROM door_scan WHERE door = 'Main'")),
                     QStringLiteral("50"));
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM checkin WHERE offline AND door = 'Main' "
                                              "AND undone_at IS NULL")),
                     QStringLiteral("44"));
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM checkin")), QStringLiteral("45"));
            QCOMPARE(db.scalar(QStringLiteral("SELECT result || ' ' || first_door FROM door_scan "
                                              "WHERE ticket_serial = %1 AND door_verdict = 'ADMITTED'")
                                   .arg(tickets.at(0).serial)),
                     QStringLiteral("USED_TWICE Side"));
            QCOMPARE(db.scalar(QStringLiteral("SELECT string_agg(result, ',' ORDER BY result) FROM door_scan "
                                              "WHERE result <> 'ADMITTED'")),
                     QStringLiteral("REFUSED,REFUSED,REFUSED,REFUSED,REFUSED,USED_TWICE"));
            // The admits keep the door's scan time: before the database came back.
            QCOMPARE(db.scalar(QStringLiteral(
                                   "SELECT count(*) FROM checkin c JOIN door_scan d ON d.checkin_id = c.id "
                                   "WHERE c.admitted_at = d.scanned_at AND c.showtime_id = %1")
                                   .arg(showtime)),
                     QStringLiteral("44"));
        };
        checkState();
        if (QTest::currentTestFailed())
            return;

        // A sync interrupted and repeated: the second copy of the crashed journal never heard
        // any answer and sends all 50 again; nothing doubles, the report comes back the same.
        {
            Door repeated(db.doorSettings(), options(showtime, QStringLiteral("Main")), crashedAgain);
            QTRY_COMPARE_WITH_TIMEOUT(repeated.check.unsyncedScans(), 0, 20000);
            QCOMPARE(repeated.check.reports().size(), 1);
        }
        checkState();

        // The CLI lists the report.
        QProcess cli;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_LOG_DIR"), m_dir.filePath(QStringLiteral("logs")));
        cli.setProcessEnvironment(env);
        cli.start(QStringLiteral(BOXOFFICE_ADMIN_PATH),
                  {QStringLiteral("--db"), db.doorSettings().toConninfo(), QStringLiteral("checkins"),
                   QString::number(showtime), QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonObject json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
        // The unreadable scan names no showtime: 49 of the 50 are this showtime's.
        QCOMPARE(json.value(QStringLiteral("offline_scans")).toInt(), 49);
        const QJsonArray reports = json.value(QStringLiteral("reports")).toArray();
        QCOMPARE(reports.size(), 1);
        const QJsonObject report = reports.first().toObject();
        QCOMPARE(report.value(QStringLiteral("kind")).toString(), QStringLiteral("used_twice"));
        QCOMPARE(report.value(QStringLiteral("door")).toString(), QStringLiteral("Main"));
        QCOMPARE(report.value(QStringLiteral("first_door")).toString(), QStringLiteral("Side"));
        QCOMPARE(report.value(QStringLiteral("serial")).toInteger(), qint64(tickets.at(0).serial));
        int offlineRows = 0;
        for (const auto& row : json.value(QStringLiteral("checkins")).toArray())
            offlineRows += row.toObject().value(QStringLiteral("offline")).toBool() ? 1 : 0;
        QCOMPARE(offlineRows, 44);
    }

    /// A door restarted without the database: the journal gives back the list, the used
    /// serials, the count and the last admit's undo.
    void aRestartWithoutTheDatabaseIsTheJournalsState()
    {
        QTemporaryDir clusterDir(QStringLiteral("/tmp/boxoffice-tst-dooroffline-pg-XXXXXX"));
        QVERIFY(clusterDir.isValid());
        const QString cluster = clusterDir.path();
        ClusterGuard guard{cluster};
        ClusterOptions clusterOptions;
        clusterOptions.durable = false;
        auto server = PrivatePostgres::ensureRunning(cluster, clusterOptions);
        QVERIFY2(server.ok(), qPrintable(server.ok() ? QString() : server.error().message));
        TestDatabase db(server.value());
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = db.addShowtime(1, 4, QStringLiteral("Hall 1"));
        const QList<Ticket> tickets = issue(db, sell(db, showtime, db.seatIds(showtime)));
        QCOMPARE(tickets.size(), 4);
        QVERIFY(db.run(
            QStringLiteral("UPDATE showtime SET starts_at = now() + interval '5 minutes' WHERE id = %1")
                .arg(showtime)));
        const QString journal = m_dir.filePath(QStringLiteral("restart.sqlite"));
        {
            Door door(db.doorSettings(), options(showtime, QStringLiteral("Main")), journal);
            QTRY_VERIFY_WITH_TIMEOUT(door.check.isOnline() && door.check.listedTickets() == 4, 10000);
            auto v = scan(door, tickets.at(0).payload); // online, after the list
            QVERIFY(v);
            QCOMPARE(v->reason, DoorReason::Admitted);
            QVERIFY(PrivatePostgres::stop(cluster).ok());
            QTRY_VERIFY_WITH_TIMEOUT(!door.check.isOnline(), 10000);
            v = scan(door, tickets.at(1).payload); // alone
            QVERIFY(v);
            QCOMPARE(v->reason, DoorReason::Admitted);
            QVERIFY(v->offline);
        }
        Door door(db.doorSettings(), options(showtime, QStringLiteral("Main")), journal);
        QVERIFY(door.check.isReady());
        QVERIFY(!door.check.isOnline());
        QCOMPARE(door.check.unsyncedScans(), 1);
        QTRY_COMPARE(label(door, QStringLiteral("countLabel"))->text(), QStringLiteral("Admitted 2 / 4"));
        QTRY_VERIFY(label(door, QStringLiteral("offlineBanner"))->isVisible());
        auto v = scan(door, tickets.at(0).payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::AlreadyUsed);
        QVERIFY(v->offline);
        v = scan(door, tickets.at(2).payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::Admitted);
        QCOMPARE(label(door, QStringLiteral("countLabel"))->text(), QStringLiteral("Admitted 3 / 4"));
        // Undo of the last admit, made alone: taken back in the journal; the ticket admits again.
        auto* undo = door.window.findChild<QPushButton*>(QStringLiteral("undoButton"));
        QTRY_VERIFY(undo->isEnabled());
        QTest::keyClick(&door.window, Qt::Key_Backspace);
        QTRY_COMPARE(door.window.verdictView()->verdict()->reason, DoorReason::Undone);
        QCOMPARE(label(door, QStringLiteral("countLabel"))->text(), QStringLiteral("Admitted 2 / 4"));
        v = scan(door, tickets.at(1).payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::AlreadyUsed);
        QCOMPARE(v->usedDoor, QStringLiteral("Main"));
    }

    /// The door's new option refuses a journal it cannot write (exit 2) before anything else.
    void aJournalThatCannotBeWrittenIsBadInput_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("a folder") << m_dir.path();
        QTest::newRow("under a file") << m_dir.filePath(QStringLiteral("file/journal.sqlite"));
        QTest::newRow("not a journal") << m_dir.filePath(QStringLiteral("text.sqlite"));
    }

    void aJournalThatCannotBeWrittenIsBadInput()
    {
        QFETCH(QString, path);
        QFile file(m_dir.filePath(QStringLiteral("file")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QFile text(m_dir.filePath(QStringLiteral("text.sqlite")));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("this is not a SQLite database, it is a text file long enough to be read as a header\n");
        text.close();
        QProcess door;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_LOG_DIR"), m_dir.filePath(QStringLiteral("logs")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        door.setProcessEnvironment(env);
        door.start(QStringLiteral(BOXOFFICE_DOOR_PATH),
                   {QStringLiteral("--journal"), path, QStringLiteral("--db"),
                    QStringLiteral("host=/nonexistent"), QStringLiteral("--quit-after"),
                    QStringLiteral("0")});
        QVERIFY(door.waitForFinished(30000));
        QCOMPARE(door.exitStatus(), QProcess::NormalExit);
        QCOMPARE(door.exitCode(), 2);
        const QString err = QString::fromUtf8(door.readAllStandardError() + door.readAllStandardOutput());
        QVERIFY2(err.contains(QLatin1String("--journal")), qPrintable(err));
    }
};

QTEST_MAIN(TstDoorOffline)
#include "tst_dooroffline.moc"
