// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <memory>

#include <QLabel>
#include <QPushButton>
#include <QTest>

#include "app/adapters/tickets/ed25519.h"
#include "db/pgdoorbackend.h"
#include "db/seatstore.h"
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

/// Records the verdicts' sounds instead of ringing the bell.
class RecordingBeeper final : public DoorBeeper
{
public:
    void play(DoorReason reason) override { played.append(reason); }
    QList<DoorReason> played;
};

/// One door as the program builds it: the real backend on the terminal login, the check, the
/// window shown offscreen.
struct Door
{
    Door(const TestDatabase& db, DoorOptions options)
        : site(bo::test::siteAnnouncer(db.doorSettings()))
        , backend(db.doorSettings())
        , check(
              &backend,
              [](const QList<TicketKey>& keys) {
                  return std::make_unique<Ed25519KeyRing>(Ed25519KeyRing::fromKeys(keys));
              },
              clock, std::move(options))
        , window(&check, &beeper)
    {
        window.resize(1280, 800);
        window.show();
        check.start();
    }
    ~Door() { backend.stop(); }
    Door(const Door&) = delete;
    Door& operator=(const Door&) = delete;

    std::unique_ptr<Announcer> site;
    PgDoorBackend backend;
    SteadyClock clock;
    DoorCheck check;
    RecordingBeeper beeper;
    DoorWindow window;
};

} // namespace

/// The door app's window driven as a keyboard-wedge scanner drives it (keystrokes ending in
/// Enter, no field focused) against a real PostgreSQL: green with the seat, red with each
/// reason, undo, and the admitted count of a second door following the first's admits.
class TstDoorWindow final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    int m_showtime = 0;
    QList<int> m_seats;

    QString sell(int showtime, const QList<int>& seats)
    {
        auto terminal = m_db->connect();
        if (!terminal)
            return {};
        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        if (!store.hold(showtime, seats, owner).value().granted)
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

    QList<Ticket> issue(const QString& code, bool reprint = false)
    {
        auto manager = m_db->connectAsManager();
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
        auto issued = store.issue(code, reprint, *signer);
        return issued ? issued.value() : QList<Ticket>();
    }

    /// Sells and issues one ticket of the test showtime's seat `index`.
    Ticket ticket(int index, int showtime = 0)
    {
        const int st = showtime > 0 ? showtime : m_showtime;
        const QList<int> seats = showtime > 0 ? m_db->seatIds(st) : m_seats;
        const QString code = sell(st, {seats.at(index)});
        const QList<Ticket> t = code.isEmpty() ? QList<Ticket>() : issue(code);
        return t.isEmpty() ? Ticket() : t.first();
    }

    bool startsIn(int showtime, int minutes)
    {
        return m_db->run(QStringLiteral("UPDATE showtime SET starts_at = now() + make_interval(mins => %1) "
                                        "WHERE id = %2")
                             .arg(minutes)
                             .arg(showtime));
    }

    static DoorOptions options(int showtime, const QString& door = QStringLiteral("Main"))
    {
        DoorOptions o;
        o.door = door;
        o.showtimeId = showtime;
        o.reloadSeconds = 3600; // counts change only by announcements in these tests
        return o;
    }

    /// With BOXOFFICE_DOOR_SCREENSHOTS set to a folder, saves the window there as `name`.png
    /// (README screenshots: run under Xvfb with QT_QPA_PLATFORM=xcb).
    static void shoot(Door& door, const QString& name)
    {
        const QString folder = qEnvironmentVariable("BOXOFFICE_DOOR_SCREENSHOTS");
        if (folder.isEmpty())
            return;
        QTest::qWait(200); // the header's labels laid out and painted
        QVERIFY(door.window.grab().save(folder + QLatin1Char('/') + name + QStringLiteral(".png")));
    }

    static bool waitReady(Door& door)
    {
        return QTest::qWaitFor([&door] { return door.check.isReady() && door.check.isOnline(); }, 10000);
    }

    /// Types `text` into the window as the scanner does, then Enter; returns the verdict shown.
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

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_showtime = m_db->addShowtime(3, 10, QStringLiteral("Hall 1"));
        m_seats = m_db->seatIds(m_showtime);
    }

    void cleanup() { m_db.reset(); }

    void admitIsGreenWithSeatAndType()
    {
        const Ticket t = ticket(0);
        QVERIFY(!t.payload.isEmpty());
        QVERIFY(startsIn(m_showtime, 10));
        Door door(*m_db, options(m_showtime));
        QVERIFY(waitReady(door));
        const auto v = scan(door, t.payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::Admitted);
        VerdictView* view = door.window.verdictView();
        QCOMPARE(view->background(), VerdictView::admitColour());
        QCOMPARE(view->lines().at(0), QStringLiteral("ADMIT"));
        QVERIFY2(view->lines().at(1).contains(QStringLiteral("A1")), qPrintable(view->lines().at(1)));
        QVERIFY2(view->lines().at(1).contains(QStringLiteral("Adult")), qPrintable(view->lines().at(1)));
        QCOMPARE(door.beeper.played, QList<DoorReason>{DoorReason::Admitted});
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT door FROM checkin WHERE ticket_serial = %1").arg(t.serial)),
            QStringLiteral("Main"));
        auto* count = door.window.findChild<QLabel*>(QStringLiteral("countLabel"));
        QVERIFY(count);
        QTRY_COMPARE(count->text(), QStringLiteral("Admitted 1 / 1"));
        shoot(door, QStringLiteral("door-admit"));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("reason");
        QTest::newRow("already used") << QStringLiteral("used");
        QTest::newRow("wrong showtime") << QStringLiteral("wrong");
        QTest::newRow("too early") << QStringLiteral("early");
        QTest::newRow("too late") << QStringLiteral("late");
        QTest::newRow("cancelled") << QStringLiteral("cancelled");
        QTest::newRow("refunded") << QStringLiteral("refunded");
        QTest::newRow("reprinted") << QStringLiteral("reprinted");
        QTest::newRow("forged") << QStringLiteral("forged");
        QTest::newRow("unreadable") << QStringLiteral("unreadable");
    }

    void refusals()
    {
        QFETCH(QString, reason);
        Ticket t = ticket(1);
        QVERIFY(!t.payload.isEmpty());
        QString text = t.payload;
        DoorReason expected = DoorReason::Unreadable;
        QString words;
        int minutes = 10;
        if (reason == QLatin1String("used")) {
            expected = DoorReason::AlreadyUsed;
            QVERIFY(m_db->run(QStringLiteral("INSERT INTO checkin (ticket_serial, showtime_id, door) "
                                             "VALUES (%1, %2, 'Side')")
                                  .arg(t.serial)
                                  .arg(m_showtime)));
            words = QStringLiteral("Side");
        } else if (reason == QLatin1String("wrong")) {
            expected = DoorReason::WrongShowtime;
            const int other = m_db->addShowtime(2, 5, QStringLiteral("Hall 2"));
            QVERIFY(startsIn(other, 20));
            t = ticket(0, other);
            text = t.payload;
            words = QStringLiteral("Hall 2");
        } else if (reason == QLatin1String("early")) {
            expected = DoorReason::TooEarly;
            minutes = 120;
            words = QStringLiteral("doors open in 90 min");
        } else if (reason == QLatin1String("late")) {
            expected = DoorReason::TooLate;
            minutes = -45;
            words = QStringLiteral("started 45 min ago");
        } else if (reason == QLatin1String("cancelled") || reason == QLatin1String("refunded")) {
            expected = reason == QLatin1String("cancelled") ? DoorReason::Cancelled : DoorReason::Refunded;
            QVERIFY(m_db->run(QStringLiteral("UPDATE booking SET status = '%1' WHERE code = '%2'")
                                  .arg(reason.toUpper(), t.bookingCode)));
        } else if (reason == QLatin1String("reprinted")) {
            expected = DoorReason::Reprinted;
            QCOMPARE(issue(t.bookingCode, true).size(), 1);
        } else if (reason == QLatin1String("forged")) {
            expected = DoorReason::Forged;
            // One character of the signature changed: still base32, no longer this cinema's.
            text[100] = text.at(100) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
        } else {
            text = QStringLiteral("HELLO-WORLD");
        }
        QVERIFY(startsIn(m_showtime, minutes));
        const QString before = m_db->scalar(QStringLiteral("SELECT count(*) FROM checkin"));
        Door door(*m_db, options(m_showtime));
        QVERIFY(waitReady(door));
        const auto v = scan(door, text);
        QVERIFY(v);
        QCOMPARE(v->reason, expected);
        VerdictView* view = door.window.verdictView();
        QCOMPARE(view->background(), VerdictView::refuseColour());
        QCOMPARE(view->lines().at(0), QStringLiteral("STOP"));
        const QString shown = view->lines().join(QLatin1Char('\n'));
        QVERIFY2(shown.contains(words), qPrintable(shown));
        QCOMPARE(door.beeper.played, QList<DoorReason>{expected});
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM checkin")), before);
        if (reason == QLatin1String("used"))
            shoot(door, QStringLiteral("door-refused"));
    }

    void undoTakesTheLastAdmitBack()
    {
        const Ticket t = ticket(2);
        QVERIFY(startsIn(m_showtime, 5));
        Door door(*m_db, options(m_showtime));
        QVERIFY(waitReady(door));
        auto v = scan(door, t.payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::Admitted);
        auto* undo = door.window.findChild<QPushButton*>(QStringLiteral("undoButton"));
        QVERIFY(undo);
        QTRY_VERIFY(undo->isEnabled());
        const quint64 admitted = v->number;
        QTest::keyClick(&door.window, Qt::Key_Backspace);
        QTRY_VERIFY(door.window.verdictView()->verdict()->number > admitted);
        QCOMPARE(door.window.verdictView()->verdict()->reason, DoorReason::Undone);
        QVERIFY(!undo->isEnabled());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM checkin WHERE ticket_serial = %1 "
                                             "AND undone_at IS NOT NULL")
                                  .arg(t.serial)),
                 QStringLiteral("1"));
        // The guest comes back: admitted again, once.
        v = scan(door, t.payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::Admitted);
        // Nothing to undo twice: a second Backspace after this admit's undo changes nothing.
        QTest::keyClick(&door.window, Qt::Key_Backspace);
        QTRY_COMPARE(door.window.verdictView()->verdict()->reason, DoorReason::Undone);
        const quint64 undone = door.window.verdictView()->verdict()->number;
        QTest::keyClick(&door.window, Qt::Key_Backspace);
        QTest::qWait(300);
        QCOMPARE(door.window.verdictView()->verdict()->number, undone);
        QCOMPARE(door.beeper.played, (QList<DoorReason>{DoorReason::Admitted, DoorReason::Undone,
                                                        DoorReason::Admitted, DoorReason::Undone}));
    }

    void undoIsRefusedAfterItsTime()
    {
        const Ticket t = ticket(3);
        QVERIFY(startsIn(m_showtime, 5));
        DoorOptions o = options(m_showtime);
        o.undoSeconds = 1;
        Door door(*m_db, o);
        QVERIFY(waitReady(door));
        const auto v = scan(door, t.payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::Admitted);
        auto* undo = door.window.findChild<QPushButton*>(QStringLiteral("undoButton"));
        QTRY_VERIFY_WITH_TIMEOUT(!undo->isEnabled(), 3000);
        QTest::keyClick(&door.window, Qt::Key_Backspace);
        QTest::qWait(300);
        QCOMPARE(door.window.verdictView()->verdict()->number, v->number);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM checkin WHERE undone_at IS NULL")),
                 QStringLiteral("1"));
    }

    void anAdmitIsCountedAtTheOtherDoor()
    {
        const Ticket first = ticket(4);
        const Ticket second = ticket(5);
        QVERIFY(startsIn(m_showtime, 10));
        Door main(*m_db, options(m_showtime));
        DoorOptions sideOptions = options(0, QStringLiteral("Side"));
        sideOptions.hall = QStringLiteral("Hall 1"); // every showtime of the hall in the next 30 minutes
        Door side(*m_db, sideOptions);
        QVERIFY(waitReady(main));
        QVERIFY(waitReady(side));
        auto* sideCount = side.window.findChild<QLabel*>(QStringLiteral("countLabel"));
        QTRY_COMPARE(sideCount->text(), QStringLiteral("Admitted 0 / 2"));
        auto v = scan(main, first.payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::Admitted);
        // The side door has scanned nothing and reloads only hourly here: the announcement did it.
        QTRY_COMPARE_WITH_TIMEOUT(sideCount->text(), QStringLiteral("Admitted 1 / 2"), 5000);
        v = scan(side, second.payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::Admitted);
        auto* mainCount = main.window.findChild<QLabel*>(QStringLiteral("countLabel"));
        QTRY_COMPARE_WITH_TIMEOUT(mainCount->text(), QStringLiteral("Admitted 2 / 2"), 5000);
        // The first ticket at the side door: used, at Main.
        v = scan(side, first.payload);
        QVERIFY(v);
        QCOMPARE(v->reason, DoorReason::AlreadyUsed);
        QCOMPARE(v->usedDoor, QStringLiteral("Main"));
    }
};

QTEST_MAIN(TstDoorWindow)
#include "tst_doorwindow.moc"
