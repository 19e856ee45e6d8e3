// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QtTest>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>

#include "db/announcer.h"
#include "db/pgterminalbackend.h"
#include "model/payments/simulatedpayments.h"
#include "model/sale/saleflow.h"
#include "model/sale/showtimelistmodel.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testthreadedsalepayments.h"
#include "ui/common/seatmapwidget.h"
#include "ui/counter/counterwindow.h"

/// A counter till against a test database, as the counter tests drive it: CounterTill wires a
/// backend, a flow and a window as app/counter/main.cpp does; the helpers open showtimes, click
/// seats and read the database's view of them.
namespace bo::test {

/// One database round trip (or a few) on a loaded two-core machine, with a lot of room.
inline constexpr int dbTimeoutMs = 10000;
/// Noticing a stopped or restarted server: a heartbeat every 3 s plus connect attempts.
inline constexpr int offlineTimeoutMs = 20000;

/// An SQL expression for a start time that is today in local time and on sale now.
inline QString todayOnSale()
{
    // Half an hour ahead, unless that is tomorrow already: then five minutes ago (a late sale).
    return QTime::currentTime() < QTime(23, 0) ? QStringLiteral("now() + interval '30 minutes'")
                                               : QStringLiteral("now() - interval '5 minutes'");
}

/// A showtime of `rows` x `perRow` seats (A1 = first id) that is on today's board.
inline int addTodaysShowtime(TestDatabase& db, const QString& hall = QStringLiteral("Test hall"))
{
    const int showtime = db.addShowtime(3, 10, hall);
    if (showtime <= 0 || !db.run(QStringLiteral("UPDATE showtime SET starts_at = %1 WHERE id = %2")
                                     .arg(todayOnSale())
                                     .arg(showtime)))
        return 0;
    return showtime;
}

/// "FREE -", "HELD <token>", ... for one seat, as the database has it.
inline QString seatRow(const TestDatabase& db, int showtime, int seat)
{
    return db.scalar(QStringLiteral("SELECT status || ' ' || coalesce(held_by::text, '-') FROM showtime_seat "
                                    "WHERE showtime_id = %1 AND seat_id = %2")
                         .arg(showtime)
                         .arg(seat));
}

inline QString heldBy(const QUuid& owner)
{
    return QStringLiteral("HELD ") + owner.toString(QUuid::WithoutBraces);
}

/// The seats `owner` holds, sorted, as "12,13".
inline QString heldSeats(const TestDatabase& db, int showtime, const QUuid& owner)
{
    return db.scalar(QStringLiteral("SELECT coalesce(string_agg(seat_id::text, ',' ORDER BY seat_id), '') "
                                    "FROM showtime_seat WHERE showtime_id = %1 AND status = 'HELD' "
                                    "AND held_by = '%2'")
                         .arg(showtime)
                         .arg(owner.toString(QUuid::WithoutBraces)));
}

inline QString joined(const QList<int>& ids)
{
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

/// One counter terminal, wired as app/counter/main.cpp wires it: its own backend thread and connection,
/// and a payment desk with its own paying cards through the in-process simulated service.
struct CounterTill
{
    CounterTill(const ConnectionSettings& settings, const QString& terminal)
        : settings(settings)
        , terminal(terminal)
        , announcer(TestDatabase::serviceSettingsFor(settings))
        , backend(settings)
        , desk(makeTestThreadedSalePayments(settings, cardService))
        , flow(&backend, desk.get(), terminal)
        , window(&backend, &flow, terminal)
        , boardTester(window.findChild<QTableView*>(QStringLiteral("showtimeTable"))->model(),
                      QAbstractItemModelTester::FailureReportingMode::QtTest)
    {
        flow.setJoinsQueueAsTill(true); // as the terminal stack makes a till's
        flow.setTerminalId(tillId);     // as the terminal stack does
        cardService.setDelayMs(20);
    }

    ~CounterTill()
    {
        window.close();
        backend.stop();
    }
    CounterTill(const CounterTill&) = delete;
    CounterTill& operator=(const CounterTill&) = delete;

    template <typename T> [[nodiscard]] T* find(const QString& name) const
    {
        return window.findChild<T*>(name);
    }
    [[nodiscard]] QTableView* table() const { return find<QTableView>(QStringLiteral("showtimeTable")); }
    [[nodiscard]] SeatMapWidget* seatMap() const { return find<SeatMapWidget>(QStringLiteral("seatMap")); }
    [[nodiscard]] QLabel* label(const QString& name) const { return find<QLabel>(name); }
    [[nodiscard]] QPushButton* button(const QString& name) const { return find<QPushButton>(name); }

    ConnectionSettings settings;
    QString terminal;
    QUuid tillId = QUuid::createUuid(); ///< the till's permanent id (settings, in the app)
    bool staffed = true;                ///< start() signs a cashier in and opens the shift
    Announcer announcer;                ///< the site's, as the payment service runs it: the till only listens
    PgTerminalBackend backend;
    QSignalSpy settingsLoaded{&backend, &PgTerminalBackend::settingsLoaded};
    SimulatedPaymentService cardService;
    std::unique_ptr<ThreadedSalePayments> desk;
    SaleFlow flow;
    CounterWindow window;
    QAbstractItemModelTester boardTester;
};

/// Starts the terminal like main() does and waits until it is online with settings and board.
inline void start(CounterTill& c)
{
    c.announcer.start();
    c.backend.start();
    c.window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&c.window));
    c.window.activateWindow();
    QApplication::setActiveWindow(&c.window);
    QTRY_VERIFY_WITH_TIMEOUT(c.backend.isOnline(), dbTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!c.settingsLoaded.isEmpty(), dbTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(c.table()->model()->rowCount() > 0, dbTimeoutMs);
    QVERIFY(c.window.isShowingBoard());
    // A counter at work: a cashier signed in at this till and its shift open, so that the cash it
    // takes goes into a drawer someone answers for. The window has no staff session here, so it
    // does not ask for a PIN itself (tst_staffsignin drives that).
    if (!c.staffed)
        return;
    auto staffing = DbConnection::open(c.settings, QStringLiteral("test-staffing"));
    QVERIFY2(staffing.ok(), qPrintable(staffing.ok() ? QString() : staffing.error().detail));
    const Status staffed = staffTill(*staffing.value(), c.tillId, c.terminal);
    QVERIFY2(staffed.ok(), qPrintable(staffed.ok() ? QString() : staffed.error().message));
}

/// The board row showing that showtime, or -1.
inline int boardRow(const QTableView* table, int showtimeId)
{
    const QAbstractItemModel* model = table->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(ShowtimeListModel::ShowtimeIdRole).toInt() == showtimeId)
            return row;
    }
    return -1;
}

/// Picks the showtime on the board and presses Enter, as a clerk would.
inline void openShowtime(CounterTill& c, int showtimeId)
{
    QTableView* table = c.table();
    QTRY_VERIFY_WITH_TIMEOUT(boardRow(table, showtimeId) >= 0, dbTimeoutMs);
    table->setCurrentIndex(table->model()->index(boardRow(table, showtimeId), 0));
    QTest::keyClick(table, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Selecting, dbTimeoutMs);
    QCOMPARE(c.flow.showtime().id, showtimeId);
    QVERIFY(!c.window.isShowingBoard());
}

inline void clickSeat(CounterTill& c, int seatId)
{
    SeatMapWidget* map = c.seatMap();
    QVERIFY(map);
    const QRect r = map->seatRect(seatId);
    QVERIFY2(r.width() >= 6 && r.height() >= 6, "seats too small to click");
    QCOMPARE(map->seatAt(r.center()), seatId);
    QTest::mouseClick(map, Qt::LeftButton, {}, r.center());
}

/// "mm:ss" in a countdown text as seconds, or -1.
inline int shownSeconds(const QString& text)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("(\\d\\d):(\\d\\d)")).match(text);
    return m.hasMatch() ? m.captured(1).toInt() * 60 + m.captured(2).toInt() : -1;
}

} // namespace bo::test
