// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <memory>

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QScreen>
#include <QTemporaryDir>

#include "db/dbconnection.h"
#include "db/pgterminalbackend.h"
#include "db/privatepostgres.h"
#include "db/queuestore.h"
#include "model/sale/saleflow.h"
#include "tests/support/checked.h"
#include "tests/support/countertill.h"
#include "tests/support/testdatabase.h"
#include "ui/counter/counterwindow.h"

using namespace bo;
using namespace bo::test;

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

    void selectionTimeoutEndsTheSaleAndFreesTheSeats()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        // Before the terminal starts: it reads the settings when it comes online.
        QVERIFY(db.run(QStringLiteral("UPDATE settings SET selection_ttl_s = 2")));
        const int seat = db.seatIds(showtime).at(14);

        CounterTill c(db.settings(), QStringLiteral("till-1"));
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

    /// The board says how many wait in a showtime's admission queue, and the count follows the
    /// line as it moves: a leave changes no seat and reloads no board, so only the queue's
    /// announcement can bring the new count. $BOXOFFICE_SNAPSHOT_DIR keeps the README's picture.
    void theBoardShowsHowManyWaitAndFollowsTheLine()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int premiere = addTodaysShowtime(db, QStringLiteral("Hall 1"));
        const int other = addTodaysShowtime(db, QStringLiteral("Hall 2"));
        QVERIFY(premiere > 0 && other > 0);
        QVERIFY(db.run(QStringLiteral("UPDATE movie SET title = 'Premiere night'")));
        // The door is closed before the opening: everyone who comes waits.
        QVERIFY(db.run(QStringLiteral("UPDATE showtime SET queue_capacity = 0 WHERE id = %1").arg(premiere)));
        auto connection = db.connect();
        QVERIFY(connection);
        QueueStore queue(*connection);
        QList<QUuid> line;
        for (int i = 0; i < 3; ++i) {
            line << QUuid::createUuid();
            auto joined = queue.join(premiere, line.last());
            QVERIFY(joined.ok());
            QCOMPARE(joined.value().state, TicketState::Waiting);
        }

        CounterTill c(db.settings(), QStringLiteral("till-1"));
        CHECKED(start(c));
        QTableView* table = c.table();
        const auto seatsText = [table](int showtime) {
            const int row = boardRow(table, showtime);
            return row < 0 ? QString()
                           : table->model()->index(row, ShowtimeListModel::SeatsColumn).data().toString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(seatsText(premiere), QStringLiteral("30 / 30, 3 waiting"), dbTimeoutMs);
        QCOMPARE(seatsText(other), QStringLiteral("30 / 30"));
        const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
        if (!dir.isEmpty()) {
            // The window down to the board's last row.
            const int last = table->model()->rowCount() - 1;
            const QPoint bottom = table->viewport()->mapTo(
                &c.window, QPoint(0, table->rowViewportPosition(last) + table->rowHeight(last)));
            QVERIFY(c.window.grab(QRect(0, 0, c.window.width(), bottom.y() + 12))
                        .save(dir + QStringLiteral("/board-queue.png")));
        }

        QSignalSpy boardLoads(&c.backend, &PgTerminalBackend::showtimesLoaded);
        QVERIFY(queue.leave(line.at(1)).ok());
        QTRY_COMPARE_WITH_TIMEOUT(seatsText(premiere), QStringLiteral("30 / 30, 2 waiting"), dbTimeoutMs);
        QVERIFY(queue.leave(line.at(0)).ok());
        QVERIFY(queue.leave(line.at(2)).ok());
        QTRY_COMPARE_WITH_TIMEOUT(seatsText(premiere), QStringLiteral("30 / 30"), dbTimeoutMs);
        QCOMPARE(boardLoads.count(), 0);
    }

    /// Cash goes into an open shift's drawer: a till nobody is signed in at, or without its shift,
    /// is refused the cash by the server, says so, and keeps the sale in payment with its seats;
    /// once the shift is open the same Enter books it.
    void cashBeforeTheShiftIsOpenIsRefusedAndTheSaleKept()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        CounterTill c(db.settings(), QStringLiteral("till-1"));
        c.staffed = false;
        CHECKED(start(c));
        const auto press = [&](Qt::Key key) {
            QWidget* focus = QApplication::focusWidget();
            QTest::keyClick(focus ? focus : static_cast<QWidget*>(&c.window), key);
        };
        press(Qt::Key_N);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Selecting, dbTimeoutMs);
        press(Qt::Key_2);
        QTRY_VERIFY_WITH_TIMEOUT(c.flow.selection().size() == 2 && !c.flow.isBusy(), dbTimeoutMs);
        press(Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Payment, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);
        QSignalSpy problems(&c.flow, &SaleFlow::problem);
        press(Qt::Key_Return); // cash, the exact amount
        QTRY_COMPARE_WITH_TIMEOUT(problems.size(), 1, dbTimeoutMs);
        QVERIFY2(problems.at(0).at(0).toString().contains(QLatin1String("Nobody is signed in at this till.")),
                 qPrintable(problems.at(0).at(0).toString()));
        QCOMPARE(c.flow.state(), SaleFlow::State::Payment);
        QCOMPARE(heldSeats(db, showtime, c.flow.holdToken()), joined(c.flow.selection()));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));

        auto staffing = DbConnection::open(c.settings, QStringLiteral("test-staffing"));
        QVERIFY(staffing.ok());
        QVERIFY(bo::test::staffTill(*staffing.value(), c.tillId, c.terminal).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!c.flow.isBusy(), dbTimeoutMs);
        press(Qt::Key_Return);
        QTRY_VERIFY2_WITH_TIMEOUT(c.flow.state() == SaleFlow::State::Completed,
                                  qPrintable(c.label(QStringLiteral("saleMessage"))->text()), dbTimeoutMs);
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

        CounterTill c(db.settings(), QStringLiteral("till-1"));
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

    /// The card step at the counter, by keyboard: a declined card says why and keeps the seats; F9
    /// again pays by card through the intent, booked and captured.
    void aDeclinedCardSaysWhyAndTheNextCardPays()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);

        CounterTill c(db.settings(), QStringLiteral("till-1"));
        CHECKED(start(c));
        CHECKED(openShowtime(c, showtime));
        const auto press = [&](Qt::Key key) {
            QWidget* focus = QApplication::focusWidget();
            QTest::keyClick(focus ? focus : static_cast<QWidget*>(&c.window), key);
        };
        press(Qt::Key_2); // the best two seats together
        QTRY_VERIFY_WITH_TIMEOUT(c.flow.selection().size() == 2 && !c.flow.isBusy(), dbTimeoutMs);
        press(Qt::Key_Return); // to payment
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Payment, dbTimeoutMs);
        const QString seats = joined(c.flow.selection());

        c.cardService.setBehaviour(SimulatedCard::Decline);
        press(Qt::Key_F9);
        QLabel* message = c.label(QStringLiteral("saleMessage"));
        QVERIFY(message);
        QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QLatin1String("insufficient funds")),
                                  qPrintable(message->text()), dbTimeoutMs);
        QVERIFY2(message->text().startsWith(QLatin1String("Card payment failed: insufficient funds")),
                 qPrintable(message->text()));
        QVERIFY(message->isVisible());
        QCOMPARE(c.flow.state(), SaleFlow::State::Payment);
        QCOMPARE(heldSeats(db, showtime, c.flow.holdToken()), seats);
        QVERIFY(c.button(QStringLiteral("payCard"))->isEnabled());

        c.cardService.setBehaviour(SimulatedCard::Approve);
        press(Qt::Key_F9);
        QTRY_VERIFY2_WITH_TIMEOUT(c.flow.state() == SaleFlow::State::Completed, qPrintable(message->text()),
                                  dbTimeoutMs);
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT string_agg(method || ' ' || state, ';' ORDER BY created_at) "
                                     "FROM payment_intent")),
            QStringLiteral("card DECLINED;card CAPTURED"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT status || ' ' || (payment->>'method') FROM booking")),
                 QStringLiteral("CONFIRMED card"));
        QCOMPARE(c.cardService.count(GatewayPaymentState::Captured), 1);
        QLabel* codeLabel = c.label(QStringLiteral("bookingCode"));
        QVERIFY(codeLabel);
        QTRY_VERIFY_WITH_TIMEOUT(codeLabel->isVisible(), dbTimeoutMs);
        QCOMPARE(codeLabel->text(), c.flow.lastBooking().code);
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

        CounterTill a(db.settings(), QStringLiteral("till-a"));
        CounterTill b(db.settings(), QStringLiteral("till-b"));
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
        // A change nobody announces (the seat trigger stays quiet for this session): the site's
        // announcer runs elsewhere and keeps publishing, so an announced change could reach B
        // after it listens again; this one only the reload can show.
        QVERIFY(db.run(QStringLiteral("SET bo.announced = 'on'; UPDATE showtime_seat SET status = 'BLOCKED' "
                                      "WHERE showtime_id = %1 AND seat_id = %2")
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

        CounterTill c(db.settings(), QStringLiteral("till-1"));
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
        CounterTill c(settings, QStringLiteral("till-1"));
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
