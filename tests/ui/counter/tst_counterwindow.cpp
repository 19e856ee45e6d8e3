// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <memory>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QTableView>
#include <QTemporaryDir>

#include "db/dbconnection.h"
#include "db/pgterminalbackend.h"
#include "db/privatepostgres.h"
#include "db/seatstore.h"
#include "model/cardterminal.h"
#include "model/saleflow.h"
#include "model/showtimelistmodel.h"
#include "tests/support/checked.h"
#include "tests/support/paintcounter.h"
#include "tests/support/testdatabase.h"
#include "ui/common/seatmapwidget.h"
#include "ui/common/seatpainter.h"
#include "ui/counter/counterwindow.h"

using namespace bo;
using bo::test::PaintCounter;
using bo::test::TestDatabase;

namespace {

/// One database round trip (or a few) on a loaded two-core machine, with a lot of room.
constexpr int dbTimeoutMs = 10000;
/// Noticing a stopped or restarted server: a heartbeat every 3 s plus connect attempts.
constexpr int offlineTimeoutMs = 20000;

/// An SQL expression for a start time that is today in local time and on sale now.
QString todayOnSale()
{
    // Half an hour ahead, unless that is tomorrow already: then five minutes ago (a late sale).
    return QTime::currentTime() < QTime(23, 0) ? QStringLiteral("now() + interval '30 minutes'")
                                               : QStringLiteral("now() - interval '5 minutes'");
}

/// A showtime of `rows` x `perRow` seats (A1 = first id) that is on today's board.
int addTodaysShowtime(TestDatabase& db, const QString& hall = QStringLiteral("Test hall"))
{
    const int showtime = db.addShowtime(3, 10, hall);
    if (showtime <= 0 || !db.run(QStringLiteral("UPDATE showtime SET starts_at = %1 WHERE id = %2")
                                     .arg(todayOnSale())
                                     .arg(showtime)))
        return 0;
    return showtime;
}

/// "FREE -", "HELD <token>", ... for one seat, as the database has it.
QString seatRow(const TestDatabase& db, int showtime, int seat)
{
    return db.scalar(QStringLiteral("SELECT status || ' ' || coalesce(held_by::text, '-') FROM showtime_seat "
                                    "WHERE showtime_id = %1 AND seat_id = %2")
                         .arg(showtime)
                         .arg(seat));
}

QString heldBy(const QUuid& owner)
{
    return QStringLiteral("HELD ") + owner.toString(QUuid::WithoutBraces);
}

/// The seats `owner` holds, sorted, as "12,13".
QString heldSeats(const TestDatabase& db, int showtime, const QUuid& owner)
{
    return db.scalar(QStringLiteral("SELECT coalesce(string_agg(seat_id::text, ',' ORDER BY seat_id), '') "
                                    "FROM showtime_seat WHERE showtime_id = %1 AND status = 'HELD' "
                                    "AND held_by = '%2'")
                         .arg(showtime)
                         .arg(owner.toString(QUuid::WithoutBraces)));
}

QString joined(const QList<int>& ids)
{
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

/// One counter terminal, wired as app/gui/main.cpp wires it: its own backend thread and connection.
struct Counter
{
    Counter(const ConnectionSettings& settings, const QString& terminal)
        : backend(settings)
        , flow(&backend, &card, terminal)
        , window(&backend, &flow, terminal)
        , boardTester(window.findChild<QTableView*>(QStringLiteral("showtimeTable"))->model(),
                      QAbstractItemModelTester::FailureReportingMode::QtTest)
    {
        card.setDelayMs(20);
    }

    ~Counter()
    {
        window.close();
        backend.stop();
    }
    Counter(const Counter&) = delete;
    Counter& operator=(const Counter&) = delete;

    template <typename T> [[nodiscard]] T* find(const QString& name) const
    {
        return window.findChild<T*>(name);
    }
    [[nodiscard]] QTableView* table() const { return find<QTableView>(QStringLiteral("showtimeTable")); }
    [[nodiscard]] SeatMapWidget* seatMap() const { return find<SeatMapWidget>(QStringLiteral("seatMap")); }
    [[nodiscard]] QLabel* label(const QString& name) const { return find<QLabel>(name); }
    [[nodiscard]] QPushButton* button(const QString& name) const { return find<QPushButton>(name); }

    PgTerminalBackend backend;
    QSignalSpy settingsLoaded{&backend, &PgTerminalBackend::settingsLoaded};
    SimulatedCardTerminal card;
    SaleFlow flow;
    CounterWindow window;
    QAbstractItemModelTester boardTester;
};

/// Starts the terminal like main() does and waits until it is online with settings and board.
void start(Counter& c)
{
    c.backend.start();
    c.window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&c.window));
    c.window.activateWindow();
    QApplication::setActiveWindow(&c.window);
    QTRY_VERIFY_WITH_TIMEOUT(c.backend.isOnline(), dbTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!c.settingsLoaded.isEmpty(), dbTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(c.table()->model()->rowCount() > 0, dbTimeoutMs);
    QVERIFY(c.window.isShowingBoard());
}

/// The board row showing that showtime, or -1.
int boardRow(const QTableView* table, int showtimeId)
{
    const QAbstractItemModel* model = table->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(ShowtimeListModel::ShowtimeIdRole).toInt() == showtimeId)
            return row;
    }
    return -1;
}

/// Picks the showtime on the board and presses Enter, as a clerk would.
void openShowtime(Counter& c, int showtimeId)
{
    QTableView* table = c.table();
    QTRY_VERIFY_WITH_TIMEOUT(boardRow(table, showtimeId) >= 0, dbTimeoutMs);
    table->setCurrentIndex(table->model()->index(boardRow(table, showtimeId), 0));
    QTest::keyClick(table, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Selecting, dbTimeoutMs);
    QCOMPARE(c.flow.showtime().id, showtimeId);
    QVERIFY(!c.window.isShowingBoard());
}

void clickSeat(Counter& c, int seatId)
{
    SeatMapWidget* map = c.seatMap();
    QVERIFY(map);
    const QRect r = map->seatRect(seatId);
    QVERIFY2(r.width() >= 6 && r.height() >= 6, "seats too small to click");
    QCOMPARE(map->seatAt(r.center()), seatId);
    QTest::mouseClick(map, Qt::LeftButton, {}, r.center());
}

/// "mm:ss" in a countdown text as seconds, or -1.
int shownSeconds(const QString& text)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("(\\d\\d):(\\d\\d)")).match(text);
    return m.hasMatch() ? m.captured(1).toInt() * 60 + m.captured(2).toInt() : -1;
}

} // namespace

class TstCounterWindow final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_clusterDir; ///< a test's own PostgreSQL, stopped in cleanup()
    ClusterOptions m_clusterOptions;

    /// Starts a PostgreSQL of the test's own, which it may stop and start again.
    void startOwnCluster(ConnectionSettings* server)
    {
        m_clusterDir =
            std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/boxoffice-tst-counterwindow-XXXXXX"));
        QVERIFY2(m_clusterDir->isValid(), qPrintable(m_clusterDir->errorString()));
        m_clusterOptions.durable = false;
        auto started = PrivatePostgres::ensureRunning(m_clusterDir->path(), m_clusterOptions);
        QVERIFY2(started.ok(), qPrintable(started.ok() ? QString() : started.error().message));
        *server = started.value();
    }

private slots:
    void cleanup()
    {
        if (m_clusterDir) {
            (void)PrivatePostgres::stop(m_clusterDir->path());
            m_clusterDir.reset();
        }
    }

    void clickingSeatsHoldsAndReleasesThemWithTheDatabaseCountdown_data()
    {
        QTest::addColumn<int>("ttl");
        QTest::addColumn<QString>("countdown");
        QTest::newRow("default 300 s") << 300 << QStringLiteral("^Seats held (04:5\\d|05:00)$");
        QTest::newRow("90 s") << 90 << QStringLiteral("^Seats held (01:2\\d|01:30)$");
    }

    void clickingSeatsHoldsAndReleasesThemWithTheDatabaseCountdown()
    {
        QFETCH(int, ttl);
        QFETCH(QString, countdown);
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        QVERIFY(db.run(QStringLiteral("UPDATE settings SET selection_ttl_s = %1").arg(ttl)));
        const QList<int> seats = db.seatIds(showtime);
        QCOMPARE(seats.size(), 30);
        const int a = seats.at(14); // B5
        const int b = seats.at(15); // B6

        Counter c(db.settings(), QStringLiteral("till-1"));
        CHECKED(start(c));
        CHECKED(openShowtime(c, showtime));
        QLabel* countdownLabel = c.label(QStringLiteral("countdown"));
        QVERIFY(countdownLabel);
        QVERIFY2(shownSeconds(countdownLabel->text()) < 0, qPrintable(countdownLabel->text()));
        const QString mine = heldBy(c.flow.holdToken());

        CHECKED(clickSeat(c, a));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, a), mine, dbTimeoutMs);
        const QRegularExpression pattern(countdown);
        QTRY_VERIFY2_WITH_TIMEOUT(pattern.match(countdownLabel->text()).hasMatch(),
                                  qPrintable(countdownLabel->text()), dbTimeoutMs);
        // The label counts down from the deadline the database set, not from a local guess.
        const int dbLeft =
            db.scalar(QStringLiteral("SELECT ceil(extract(epoch FROM held_until - now()))::int "
                                     "FROM showtime_seat WHERE showtime_id = %1 AND seat_id = %2")
                          .arg(showtime)
                          .arg(a))
                .toInt();
        const int shown = shownSeconds(countdownLabel->text());
        QVERIFY2(qAbs(shown - dbLeft) <= 2,
                 qPrintable(QStringLiteral("label %1 s, database %2 s").arg(shown).arg(dbLeft)));

        CHECKED(clickSeat(c, b));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, b), mine, dbTimeoutMs);
        QCOMPARE(seatRow(db, showtime, a), mine);
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT count(*) || ' ' || count(DISTINCT held_by) FROM showtime_seat "
                                     "WHERE showtime_id = %1 AND status = 'HELD'")
                          .arg(showtime)),
            QStringLiteral("2 1"));
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.selection(), QList<int>({a, b}), dbTimeoutMs);
        QVERIFY(SeatPainter::lookOf(c.flow.seatMap(), *c.flow.seatMap().seat(a)) == SeatPainter::Look::Mine);

        // Clicking a held seat again gives it back at once; the other stays held.
        CHECKED(clickSeat(c, a));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, a), QStringLiteral("FREE -"), dbTimeoutMs);
        QCOMPARE(seatRow(db, showtime, b), mine);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.selection(), QList<int>({b}), dbTimeoutMs);
        QVERIFY2(shownSeconds(countdownLabel->text()) > 0, qPrintable(countdownLabel->text()));

        // The last seat given back.
        CHECKED(clickSeat(c, b));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, b), QStringLiteral("FREE -"), dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status <> 'FREE'")),
                 QStringLiteral("0"));
        // Nothing held any more: no time left on the screen either (ticks that came while the
        // release was on its way must not have put it back).
        QVERIFY2(shownSeconds(countdownLabel->text()) < 0, qPrintable(countdownLabel->text()));
    }

    void selectionTimeoutEndsTheSaleAndFreesTheSeats()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        // Before the terminal starts: it reads the settings when it comes online.
        QVERIFY(db.run(QStringLiteral("UPDATE settings SET selection_ttl_s = 2")));
        const int seat = db.seatIds(showtime).at(14);

        Counter c(db.settings(), QStringLiteral("till-1"));
        QSignalSpy granted(&c.backend, &PgTerminalBackend::holdFinished);
        QSignalSpy ended(&c.flow, &SaleFlow::saleEnded);
        CHECKED(start(c));
        CHECKED(openShowtime(c, showtime));
        CHECKED(clickSeat(c, seat));
        QTRY_COMPARE_WITH_TIMEOUT(granted.count(), 1, dbTimeoutMs);
        QElapsedTimer sinceGrant;
        sinceGrant.start();
        QVERIFY(granted.at(0).at(0).value<HoldReply>().result.granted);

        QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, dbTimeoutMs);
        const qint64 endedAfter = sinceGrant.elapsed();
        qInfo("sale ended %lld ms after the 2 s hold was granted", endedAfter);
        QVERIFY2(endedAfter >= 1000, "the sale ended before its time was up");
        QCOMPARE(ended.at(0).at(0).value<SaleFlow::EndReason>(), SaleFlow::EndReason::Expired);
        QCOMPARE(c.flow.state(), SaleFlow::State::Idle);
        QVERIFY(c.window.isShowingBoard());
        QLabel* notice = c.label(QStringLiteral("noticeBanner"));
        QVERIFY(notice);
        QVERIFY(notice->isVisible());
        QVERIFY2(notice->text().contains(QLatin1String("Time ran out")), qPrintable(notice->text()));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, seat), QStringLiteral("FREE -"), dbTimeoutMs);
    }

    void holdInOneWindowShowsInTheOtherWithinASecond()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const int seat = db.seatIds(showtime).at(14);

        Counter a(db.settings(), QStringLiteral("till-a"));
        Counter b(db.settings(), QStringLiteral("till-b"));
        CHECKED(start(a));
        CHECKED(start(b));
        CHECKED(openShowtime(a, showtime));
        CHECKED(openShowtime(b, showtime));
        const SeatMap& seenByB = b.flow.seatMap();
        QCOMPARE(seenByB.seat(seat)->status, SeatStatus::Free);
        PaintCounter paintsOfB(b.seatMap());

        QElapsedTimer clock;
        qint64 grantedToA = -1;
        qint64 shownInB = -1;
        connect(&a.backend, &PgTerminalBackend::holdFinished, this, [&](const HoldReply& reply) {
            if (reply.result.granted && grantedToA < 0)
                grantedToA = clock.elapsed();
        });
        connect(&b.flow, &SaleFlow::seatsUpdated, this, [&](const QList<int>& ids) {
            if (ids.contains(seat) && shownInB < 0 && seenByB.seat(seat)->status == SeatStatus::Held)
                shownInB = clock.elapsed();
        });
        const int paintsBefore = paintsOfB.paints;
        clock.start();
        CHECKED(clickSeat(a, seat));
        QTRY_VERIFY_WITH_TIMEOUT(shownInB >= 0 && grantedToA >= 0, dbTimeoutMs);
        qInfo("hold clicked in A: granted to A after %lld ms, shown in B's map after %lld ms", grantedToA,
              shownInB);
        QVERIFY2(shownInB < 1000, qPrintable(QStringLiteral("%1 ms").arg(shownInB)));
        QCOMPARE(seatRow(db, showtime, seat), heldBy(a.flow.holdToken()));
        QCOMPARE(SeatPainter::lookOf(seenByB, *seenByB.seat(seat)), SeatPainter::Look::HeldByOther);
        QCOMPARE(SeatPainter::lookOf(a.flow.seatMap(), *a.flow.seatMap().seat(seat)),
                 SeatPainter::Look::Mine);
        QTRY_VERIFY_WITH_TIMEOUT(paintsOfB.paints > paintsBefore, dbTimeoutMs);

        // And back: A gives the seat up, B shows it free again.
        shownInB = -1;
        disconnect(&b.flow, &SaleFlow::seatsUpdated, this, nullptr);
        connect(&b.flow, &SaleFlow::seatsUpdated, this, [&](const QList<int>& ids) {
            if (ids.contains(seat) && shownInB < 0 && seenByB.seat(seat)->status == SeatStatus::Free)
                shownInB = clock.elapsed();
        });
        clock.restart();
        CHECKED(clickSeat(a, seat));
        QTRY_VERIFY_WITH_TIMEOUT(shownInB >= 0, dbTimeoutMs);
        qInfo("release clicked in A: shown in B's map after %lld ms", shownInB);
        QVERIFY2(shownInB < 1000, qPrintable(QStringLiteral("%1 ms").arg(shownInB)));
        QCOMPARE(SeatPainter::lookOf(seenByB, *seenByB.seat(seat)), SeatPainter::Look::Free);
        disconnect(&a.backend, nullptr, this, nullptr);
        disconnect(&b.flow, nullptr, this, nullptr);
    }

    void seatTakenByAnotherTerminalConflictsAndKeepsTheRest()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QList<int> seats = db.seatIds(showtime);
        const int y = seats.at(14); // B5: the clerk's first seat
        const int x = seats.at(15); // B6: taken by someone else just before the clerk clicks it
        const QString xLabel = QStringLiteral("B6");

        Counter c(db.settings(), QStringLiteral("till-1"));
        QSignalSpy taken(&c.flow, &SaleFlow::seatsTaken);
        CHECKED(start(c));
        CHECKED(openShowtime(c, showtime));
        const QString mine = heldBy(c.flow.holdToken());
        CHECKED(clickSeat(c, y));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, y), mine, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);

        auto other = db.connect(QStringLiteral("other-till"));
        QVERIFY(other);
        const QUuid otherOwner = QUuid::createUuid();
        {
            SeatStore store(*other);
            auto hold = store.hold(showtime, {x}, otherOwner);
            QVERIFY(hold.ok());
            QVERIFY(hold.value().granted);
        }
        // No events processed since that commit: normally the terminal has not heard of it yet.
        const bool heardFirst = c.flow.seatMap().seat(x)->status != SeatStatus::Free;
        CHECKED(clickSeat(c, x));

        QLabel* message = c.label(QStringLiteral("saleMessage"));
        QVERIFY(message);
        QTRY_VERIFY2_WITH_TIMEOUT(message->isVisible() && message->text().contains(xLabel),
                                  qPrintable(message->text()), dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);
        qInfo("path: %s; message: %s", taken.isEmpty() ? "refused locally (notification first)" : "conflict",
              qPrintable(message->text()));
        QVERIFY(!heardFirst || taken.isEmpty());

        // All or nothing: the clerk still has Y, the other terminal has X.
        QCOMPARE(seatRow(db, showtime, y), mine);
        QCOMPARE(seatRow(db, showtime, x), heldBy(otherOwner));
        QCOMPARE(c.flow.selection(), QList<int>({y}));
        QCOMPARE(SeatPainter::lookOf(c.flow.seatMap(), *c.flow.seatMap().seat(x)),
                 SeatPainter::Look::HeldByOther);
        QPushButton* suggestionButton = c.button(QStringLiteral("takeSuggestion"));
        QVERIFY(suggestionButton);
        if (taken.isEmpty())
            return; // refused before asking: no conflict, so no suggestion

        QCOMPARE(taken.count(), 1);
        QCOMPARE(taken.at(0).at(0).value<QList<int>>(), QList<int>({x}));
        const QList<int> suggestion = taken.at(0).at(1).value<QList<int>>();
        QCOMPARE(suggestion.size(), 2);
        QVERIFY2(!suggestion.contains(x), qPrintable(joined(suggestion)));
        QVERIFY(suggestionButton->isVisible());
        QVERIFY2(!suggestionButton->text().isEmpty() && !suggestionButton->text().contains(xLabel),
                 qPrintable(suggestionButton->text()));

        // Taking the suggestion holds exactly that block.
        QTest::mouseClick(suggestionButton, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(heldSeats(db, showtime, c.flow.holdToken()), joined(suggestion),
                                  dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);
        QCOMPARE(c.flow.selection(), suggestion);
        QCOMPARE(seatRow(db, showtime, x), heldBy(otherOwner));
    }

    void keyboardSaleOfTheNextShowtimeTakesAtMostSixKeys()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        // An earlier showtime past its late-sale window, then the one to sell.
        const int past = db.addShowtime(3, 10, QStringLiteral("Hall 1"));
        QVERIFY(past > 0);
        QVERIFY(db.run(
            QStringLiteral("UPDATE showtime SET starts_at = now() - interval '25 minutes' WHERE id = %1")
                .arg(past)));
        const int showtime = addTodaysShowtime(db, QStringLiteral("Hall 2"));
        QVERIFY(showtime > 0);

        Counter c(db.settings(), QStringLiteral("till-1"));
        CHECKED(start(c));
        int keys = 0;
        const auto press = [&](Qt::Key key) {
            ++keys;
            QWidget* focus = QApplication::focusWidget();
            QTest::keyClick(focus ? focus : static_cast<QWidget*>(&c.window), key);
        };

        press(Qt::Key_N); // sell the next showtime
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Selecting, dbTimeoutMs);
        QCOMPARE(c.flow.showtime().id, showtime);
        press(Qt::Key_2); // the best two seats together
        QTRY_VERIFY_WITH_TIMEOUT(c.flow.selection().size() == 2 && !c.flow.isBusy(), dbTimeoutMs);
        QVERIFY(c.button(QStringLiteral("toPayment"))->isEnabled());
        QCOMPARE(heldSeats(db, showtime, c.flow.holdToken()), joined(c.flow.selection()));
        QVERIFY(c.flow.seatMap().adjacent(c.flow.selection().at(0), c.flow.selection().at(1)));
        press(Qt::Key_Return); // to payment
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Payment, dbTimeoutMs);
        QVERIFY(!c.flow.isBusy());
        press(Qt::Key_Return); // cash, the exact amount
        QTRY_VERIFY2_WITH_TIMEOUT(c.flow.state() == SaleFlow::State::Completed,
                                  qPrintable(c.label(QStringLiteral("saleMessage"))->text()), dbTimeoutMs);
        QVERIFY2(keys <= 6, qPrintable(QString::number(keys)));
        qInfo("keyboard sale done in %d keys", keys);

        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("1"));
        const QString code = db.scalar(QStringLiteral("SELECT code FROM booking WHERE status = 'CONFIRMED'"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking_seat bs JOIN booking b ON b.id = "
                                          "bs.booking_id WHERE b.code = '%1' AND bs.active")
                               .arg(code)),
                 QStringLiteral("2"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT total_minor FROM booking WHERE code = '%1'").arg(code)),
                 QStringLiteral("20000"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1 AND "
                                          "status = 'RESERVED'")
                               .arg(showtime)),
                 QStringLiteral("2"));
        QLabel* codeLabel = c.label(QStringLiteral("bookingCode"));
        QVERIFY(codeLabel);
        QVERIFY(codeLabel->isVisible());
        QCOMPARE(codeLabel->text(), code);
    }

    /// The language switched mid-payment retranslates every step of the sale page at once, and the
    /// ticket-type keys work on the buttons made anew for it.
    void languageSwitchedMidPaymentRetranslatesEveryStepAndKeepsTheKeys()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        Counter c(db.settings(), QStringLiteral("till-1"));
        CHECKED(start(c));
        CHECKED(openShowtime(c, showtime));
        QTest::keyClick(c.seatMap(), Qt::Key_2);
        QTRY_VERIFY_WITH_TIMEOUT(c.flow.selection().size() == 2 && !c.flow.isBusy(), dbTimeoutMs);
        QTest::keyClick(c.seatMap(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Payment, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);
        QCOMPARE(c.button(QStringLiteral("tier_child"))->text(), QStringLiteral("F3 All Child"));

        c.window.setLanguage(QStringLiteral("ko"));
        QTRY_COMPARE(c.button(QStringLiteral("payCash"))->text(), QStringLiteral("현금 (Enter)"));
        QCOMPARE(c.button(QStringLiteral("toPayment"))->text(), QStringLiteral("결제하기 (Enter)"));
        QCOMPARE(c.button(QStringLiteral("nextCustomer"))->text(), QStringLiteral("다음 고객 (Enter)"));
        QVERIFY2(c.label(QStringLiteral("totalLabel"))->text().startsWith(QStringLiteral("합계")),
                 qPrintable(c.label(QStringLiteral("totalLabel"))->text()));
        QTRY_COMPARE(c.button(QStringLiteral("tier_child"))->text(), QStringLiteral("F3 전체 어린이"));

        QTest::keyClick(c.seatMap(), Qt::Key_F3); // every seat a child's ticket
        for (int seat : c.flow.selection())
            QTRY_COMPARE(c.flow.tierOf(seat), QStringLiteral("child"));

        c.window.setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(c.button(QStringLiteral("payCash"))->text(), QStringLiteral("Cash (Enter)"));
        QTRY_COMPARE(c.button(QStringLiteral("tier_child"))->text(), QStringLiteral("F3 All Child"));
    }

    void terminalWhoseConnectionWasKilledHearsSeatChangesAgain()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QList<int> seats = db.seatIds(showtime);
        const int missed = seats.at(0); // changed while B had no session
        const int later = seats.at(14); // held in A once B is back

        Counter a(db.settings(), QStringLiteral("till-a"));
        Counter b(db.settings(), QStringLiteral("till-b"));
        QSignalSpy reloaded(&b.flow, &SaleFlow::mapReloaded);
        CHECKED(start(a));
        CHECKED(start(b));
        CHECKED(openShowtime(a, showtime));
        CHECKED(openShowtime(b, showtime));

        // The server ends the terminals' sessions (an admin, a failover, a pooler) but stays up: the
        // next statement reconnects at once, so the terminal is never seen offline.
        const QString terminals =
            QStringLiteral("FROM pg_stat_activity WHERE datname = current_database() AND application_name = "
                           "'boxoffice-terminal'");
        const QString before =
            db.scalar(QStringLiteral("SELECT string_agg(pid::text, ',' ORDER BY pid) ") + terminals);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) ") + terminals), QStringLiteral("2"));
        QVERIFY(db.run(QStringLiteral("SELECT pg_terminate_backend(pid) ") + terminals));
        QVERIFY(
            db.run(QStringLiteral("UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1 AND "
                                  "seat_id = %2")
                       .arg(showtime)
                       .arg(missed)));
        // Both reconnect within a heartbeat or two.
        QTRY_VERIFY_WITH_TIMEOUT(db.scalar(QStringLiteral("SELECT count(*) FILTER (WHERE pid::text <> ALL "
                                                          "(string_to_array('%1', ','))) ")
                                               .arg(before) +
                                           terminals) == QLatin1String("2"),
                                 offlineTimeoutMs);

        // B listens again and has caught up with what it missed.
        QTRY_COMPARE_WITH_TIMEOUT(b.flow.seatMap().seat(missed)->status, SeatStatus::Blocked,
                                  offlineTimeoutMs);
        QVERIFY(!reloaded.isEmpty());
        CHECKED(clickSeat(a, later));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, later), heldBy(a.flow.holdToken()), dbTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(b.flow.seatMap().seat(later)->status, SeatStatus::Held, dbTimeoutMs);
    }

    void databaseStoppedMidSaleGoesOfflineAndReloadsWhenBack()
    {
        ConnectionSettings server;
        CHECKED(startOwnCluster(&server));
        const QString folder = m_clusterDir->path();
        const ClusterOptions options = m_clusterOptions;
        const QString port = server.value(QStringLiteral("port"));

        TestDatabase db(server);
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QList<int> seats = db.seatIds(showtime);
        const int held = seats.at(14);        // the clerk's seat, kept through the outage
        const int silent = seats.at(0);       // blocked without a notification before the outage
        const int changedLater = seats.at(1); // blocked right after the restart
        const int offlineClick = seats.at(20);

        Counter c(db.settings(), QStringLiteral("till-1"));
        QSignalSpy online(&c.backend, &PgTerminalBackend::onlineChanged);
        QSignalSpy reloaded(&c.flow, &SaleFlow::mapReloaded);
        CHECKED(start(c));
        CHECKED(openShowtime(c, showtime));
        const QString mine = heldBy(c.flow.holdToken());
        CHECKED(clickSeat(c, held));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, held), mine, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);

        // A change this terminal never hears of: only a reload can show it.
        QVERIFY(
            db.run(QStringLiteral("BEGIN; ALTER TABLE showtime_seat DISABLE TRIGGER showtime_seat_notify; "
                                  "UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1 AND "
                                  "seat_id = %2; ALTER TABLE showtime_seat ENABLE TRIGGER "
                                  "showtime_seat_notify; COMMIT")
                       .arg(showtime)
                       .arg(silent)));

        QLabel* banner = c.label(QStringLiteral("offlineBanner"));
        QVERIFY(banner);
        QVERIFY(!banner->isVisible());
        QVERIFY(PrivatePostgres::stop(folder).ok());
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), offlineTimeoutMs);
        qInfo("offline banner shown %lld ms after the server stopped", clock.elapsed());
        QVERIFY(!c.backend.isOnline());
        QCOMPARE(c.flow.state(), SaleFlow::State::Selecting);

        // Clicking while offline changes nothing and says so.
        QLabel* message = c.label(QStringLiteral("saleMessage"));
        CHECKED(clickSeat(c, offlineClick));
        QTRY_VERIFY2_WITH_TIMEOUT(message->isVisible() &&
                                      message->text().contains(QLatin1String("cannot be reached")),
                                  qPrintable(message->text()), offlineTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);
        QCOMPARE(c.flow.selection(), QList<int>({held}));
        QCOMPARE(c.flow.seatMap().seat(silent)->status, SeatStatus::Free); // not heard, as intended
        QVERIFY(reloaded.isEmpty());

        auto restarted = PrivatePostgres::ensureRunning(folder, options);
        QVERIFY2(restarted.ok(), qPrintable(restarted.ok() ? QString() : restarted.error().message));
        QCOMPARE(restarted.value().value(QStringLiteral("port")), port);
        clock.restart();
        // Heard by notification or by the reload, depending on who is first.
        QVERIFY(
            db.run(QStringLiteral("UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1 AND "
                                  "seat_id = %2")
                       .arg(showtime)
                       .arg(changedLater)));

        QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), offlineTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!reloaded.isEmpty(), dbTimeoutMs);
        qInfo("back online and map reloaded %lld ms after the server restarted", clock.elapsed());
        QVERIFY(c.backend.isOnline());
        QCOMPARE(c.flow.seatMap().seat(silent)->status, SeatStatus::Blocked);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.seatMap().seat(changedLater)->status, SeatStatus::Blocked,
                                  dbTimeoutMs);
        QCOMPARE(c.flow.state(), SaleFlow::State::Selecting);
        QVERIFY(c.flow.seatMap().isMine(held));
        QCOMPARE(seatRow(db, showtime, held), mine);
        QVERIFY(online.count() >= 2);

        // And it sells again.
        CHECKED(clickSeat(c, offlineClick));
        QTRY_COMPARE_WITH_TIMEOUT(seatRow(db, showtime, offlineClick), mine, dbTimeoutMs);
    }

    void offlineBannerSaysWhatItMeansAndKeepsTheWindowOnTheScreen_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("offlineWord");
        QTest::newRow("English") << QStringLiteral("en") << QStringLiteral("Offline");
        QTest::newRow("Korean") << QStringLiteral("ko") << QStringLiteral("오프라인");
    }

    /// A three-host connection string whose hosts all fail gives libpq a long message naming every
    /// host, port and user. The banner says in plain words what it means, keeps those details in
    /// its tooltip, wraps instead of widening the window, and the window keeps its width after
    /// the connection is back.
    void offlineBannerSaysWhatItMeansAndKeepsTheWindowOnTheScreen()
    {
        QFETCH(QString, language);
        QFETCH(QString, offlineWord);
        ConnectionSettings server;
        CHECKED(startOwnCluster(&server));
        const QString folder = m_clusterDir->path();
        const ClusterOptions options = m_clusterOptions;
        TestDatabase db(server);
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);

        // Two hosts that refuse, then the real one: while it is down, every attempt is reported.
        ConnectionSettings settings = db.settings();
        const QString port = settings.value(QStringLiteral("port"));
        QVERIFY(!port.isEmpty());
        settings.setValue(QStringLiteral("host"), QStringLiteral("127.0.0.2,127.0.0.3,127.0.0.1"));
        settings.setValue(QStringLiteral("port"), QStringLiteral("1,2,") + port);
        settings.setValue(QStringLiteral("connect_timeout"), QStringLiteral("2"));
        settings.setValue(QStringLiteral("target_session_attrs"), QStringLiteral("read-write"));

        // The till starts while the server is down: the first thing it hears is libpq's whole
        // report of every host it tried.
        QVERIFY(PrivatePostgres::stop(folder).ok());
        Counter c(settings, QStringLiteral("till-1"));
        c.window.setLanguage(language);
        c.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&c.window));
        QLabel* banner = c.label(QStringLiteral("offlineBanner"));
        QVERIFY(banner);
        const int available = c.window.screen()->availableGeometry().width();
        const int width = c.window.width();
        QVERIFY2(c.window.frameGeometry().width() <= available,
                 qPrintable(QStringLiteral("%1 > %2").arg(c.window.frameGeometry().width()).arg(available)));
        c.backend.start();

        // Offline twice: at start-up (a failed connect) and mid-day (a lost session).
        for (int outage = 0; outage < 2; ++outage) {
            if (outage == 1)
                QVERIFY(PrivatePostgres::stop(folder).ok());
            QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), offlineTimeoutMs);
            const QString text = banner->text();
            QVERIFY2(text.contains(offlineWord), qPrintable(text));
            for (const QString& parameter :
                 {QStringLiteral("127.0.0"), QStringLiteral("port"), port,
                  settings.value(QStringLiteral("user")), settings.value(QStringLiteral("dbname")),
                  QStringLiteral("failed"), QStringLiteral("refused"), QStringLiteral("connection")}) {
                if (!parameter.isEmpty())
                    QVERIFY2(!text.contains(parameter),
                             qPrintable(QStringLiteral("'%1' in: %2").arg(parameter, text)));
            }
            QCOMPARE(c.window.width(), width);
            QVERIFY(c.window.frameGeometry().width() <= available);
            if (outage == 0) {
                // The details are not lost: the tooltip names every host tried.
                QVERIFY2(banner->toolTip().contains(QLatin1String("127.0.0.3")),
                         qPrintable(banner->toolTip()));
            }

            auto restarted = PrivatePostgres::ensureRunning(folder, options);
            QVERIFY2(restarted.ok(), qPrintable(restarted.ok() ? QString() : restarted.error().message));
            QTRY_VERIFY_WITH_TIMEOUT(c.backend.isOnline(), offlineTimeoutMs);
            QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), dbTimeoutMs);
            QCOMPARE(c.window.width(), width);
            QVERIFY(c.window.frameGeometry().width() <= available);
        }
        QTRY_VERIFY_WITH_TIMEOUT(c.table()->model()->rowCount() > 0, dbTimeoutMs);
    }
};

QTEST_MAIN(TstCounterWindow)
#include "tst_counterwindow.moc"
