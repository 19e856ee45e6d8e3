// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <latch>
#include <thread>
#include <vector>

#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/errorcodename.h"
#include "tests/support/paidsale.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::codeName;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

namespace {

const QString till1 = QStringLiteral("till-1");
const QString till2 = QStringLiteral("till-2");

QJsonObject cardPayment()
{
    return QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                       {QStringLiteral("reference"), QStringLiteral("AUTH-1234")}};
}

ConfirmRequest request(const QString& terminal, const QUuid& key, int showtime, const QUuid& owner,
                       const QList<int>& seats, const QStringList& tiers = {})
{
    return ConfirmRequest{terminal, key, showtime, owner, seats, tiers, cardPayment()};
}

bool holdSeats(DbConnection& connection, int showtime, const QList<int>& seats, const QUuid& owner,
               std::optional<int> ttl = std::nullopt)
{
    SeatStore store(connection);
    auto held = store.hold(showtime, seats, owner, ttl);
    if (!held) {
        qWarning("hold failed: %s", qPrintable(held.error().detail));
        return false;
    }
    return held.value().granted;
}

} // namespace

class TstIdempotency final : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_rig.create(); }

    void cleanup() { m_rig.reset(); }

    void sequentialReplayReturnsStoredResponse()
    {
        const QUuid owner = CheckedSeatCommands::newToken();
        const QUuid key = QUuid::createUuid();
        const QList<int> seats{m_seats[4], m_seats[3]};
        QVERIFY(holdSeats(*m_connection, m_showtime, seats, owner));

        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 10);
        ConfirmRequest req =
            request(till1, key, m_showtime, owner, seats, {QStringLiteral("adult"), QStringLiteral("child")});
        QVERIFY_PAID(*m_connection, req);
        auto first = service.confirm(req);
        QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error().detail));
        QCOMPARE(first.value().replayed, false);
        QCOMPARE(first.value().status, QStringLiteral("CONFIRMED"));
        QCOMPARE(first.value().totalMinor, qint64(17000));
        QCOMPARE(first.value().seats.size(), 2);
        QVERIFY(!first.value().bookingId.isNull());

        const QString afterFirst = m_db->snapshot();
        for (int repeat = 0; repeat < 3; ++repeat) {
            // Through the store and through the service: both must return the stored bytes.
            SeatStore store(*m_connection);
            auto again = repeat % 2 == 0 ? service.confirm(req) : store.confirm(req);
            QVERIFY2(again.ok(), qPrintable(again.ok() ? QString() : again.error().detail));
            QCOMPARE(again.value().replayed, true);
            QCOMPARE(again.value().responseJson, first.value().responseJson);
            QCOMPARE(again.value().bookingId, first.value().bookingId);
            QCOMPARE(again.value().code, first.value().code);
        }
        // Seat order in the request does not change the request's identity.
        ConfirmRequest reordered = req;
        reordered.seatIds = {seats[1], seats[0]};
        reordered.tiers = {req.tiers[1], req.tiers[0]};
        auto swapped = service.confirm(reordered);
        QVERIFY2(swapped.ok(), qPrintable(swapped.ok() ? QString() : swapped.error().detail));
        QCOMPARE(swapped.value().responseJson, first.value().responseJson);

        QCOMPARE(m_db->snapshot(), afterFirst);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("1"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat")), QStringLiteral("2"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM idempotency_key")), QStringLiteral("1"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT response::text FROM idempotency_key")),
                 first.value().responseJson);
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT string_agg(status || booking_id::text, ',') FROM showtime_seat "
                                    "WHERE status <> 'FREE'")),
                 QStringLiteral("RESERVED%1,RESERVED%1")
                     .arg(first.value().bookingId.toString(QUuid::WithoutBraces)));
    }

    // Each thread opens its own connection, all wait on a latch and then send the same confirm.
    // An InProgress answer (the first request still held the key past lock_timeout) is retried
    // with the same key, as a terminal would, up to 20 times; it is counted and reported.
    void concurrentConfirmsWithOneKeyBookOnce()
    {
        constexpr int threads = 20;
        const QUuid owner = CheckedSeatCommands::newToken();
        const QUuid key = QUuid::createUuid();
        const QList<int> seats{m_seats[10], m_seats[11], m_seats[12], m_seats[13]};
        QVERIFY(holdSeats(*m_connection, m_showtime, seats, owner));
        ConfirmRequest req = request(till1, key, m_showtime, owner, seats);
        QVERIFY_PAID(*m_connection, req);

        struct Outcome
        {
            bool connected = false;
            bool ok = false;
            bool replayed = false;
            QString json;
            QString error;
            int inProgress = 0;
        };
        std::vector<Outcome> outcomes(threads);
        std::latch ready(threads);
        std::vector<std::thread> workers;
        workers.reserve(threads);
        const TestDatabase& db = *m_db;
        for (int i = 0; i < threads; ++i) {
            workers.emplace_back([&, i] {
                Outcome& out = outcomes[size_t(i)];
                auto connection = db.connect(QStringLiteral("confirm-%1").arg(i));
                out.connected = connection != nullptr;
                ready.arrive_and_wait();
                if (!connection)
                    return;
                SeatStore serviceStore(*connection);
                CheckedSeatCommands service(serviceStore, 10);
                for (int attempt = 0; attempt < 20; ++attempt) {
                    auto r = service.confirm(req);
                    if (r) {
                        out.ok = true;
                        out.replayed = r.value().replayed;
                        out.json = r.value().responseJson;
                        return;
                    }
                    if (r.error().code != ErrorCode::InProgress) {
                        out.error = codeName(r.error().code) + QLatin1String(": ") + r.error().detail;
                        return;
                    }
                    ++out.inProgress;
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
                }
                out.error = QStringLiteral("still in progress after 20 attempts");
            });
        }
        for (std::thread& t : workers)
            t.join();

        int fresh = 0;
        int inProgress = 0;
        for (const Outcome& out : outcomes) {
            QVERIFY(out.connected);
            QVERIFY2(out.ok, qPrintable(out.error));
            QCOMPARE(out.json, outcomes.front().json);
            fresh += out.replayed ? 0 : 1;
            inProgress += out.inProgress;
        }
        qInfo("%d concurrent confirms, %d InProgress answers retried", threads, inProgress);
        QCOMPARE(fresh, 1);
        QVERIFY(!outcomes.front().json.isEmpty());

        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("1"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat")),
                 QString::number(seats.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM idempotency_key")), QStringLiteral("1"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat s JOIN booking b "
                                             "ON b.id = s.booking_id WHERE s.status = 'RESERVED' "
                                             "AND b.status = 'CONFIRMED'")),
                 QString::number(seats.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT response::text FROM idempotency_key")),
                 outcomes.front().json);
    }

    void sameKeyWithDifferentRequestIsKeyMismatch_data()
    {
        QTest::addColumn<QString>("change");
        QTest::newRow("other seats") << QStringLiteral("seats");
        QTest::newRow("fewer seats") << QStringLiteral("fewer");
        QTest::newRow("other tiers") << QStringLiteral("tiers");
        QTest::newRow("other owner") << QStringLiteral("owner");
        QTest::newRow("other payment") << QStringLiteral("payment");
        QTest::newRow("all held seats") << QStringLiteral("all");
    }
    void sameKeyWithDifferentRequestIsKeyMismatch()
    {
        QFETCH(QString, change);
        const QUuid owner = CheckedSeatCommands::newToken();
        const QUuid other = CheckedSeatCommands::newToken();
        const QUuid key = QUuid::createUuid();
        const QList<int> seats{m_seats[0], m_seats[1]};
        const QList<int> otherSeats{m_seats[2], m_seats[3]};
        QVERIFY(holdSeats(*m_connection, m_showtime, seats, owner));
        // The changed request would succeed on its own: its seats are held by its owner.
        QVERIFY(holdSeats(*m_connection, m_showtime, otherSeats,
                          change == QLatin1String("owner") ? other : owner));

        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 10);
        ConfirmRequest original =
            request(till1, key, m_showtime, owner, seats, {QStringLiteral("adult"), QStringLiteral("adult")});
        QVERIFY_PAID(*m_connection, original);
        auto first = service.confirm(original);
        QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error().detail));

        ConfirmRequest changed = original;
        if (change == QLatin1String("seats")) {
            changed.seatIds = otherSeats;
        } else if (change == QLatin1String("fewer")) {
            changed.seatIds = {seats[0]};
            changed.tiers = {QStringLiteral("adult")};
        } else if (change == QLatin1String("tiers")) {
            changed.tiers = {QStringLiteral("child"), QStringLiteral("adult")};
        } else if (change == QLatin1String("owner")) {
            changed.owner = other;
            changed.seatIds = otherSeats;
        } else if (change == QLatin1String("payment")) {
            changed.payment.insert(QStringLiteral("reference"), QStringLiteral("AUTH-9999"));
        } else {
            changed.seatIds.clear();
            changed.tiers.clear();
        }

        const QString before = m_db->snapshot();
        auto second = service.confirm(changed);
        QVERIFY(!second.ok());
        QCOMPARE(codeName(second.error().code), codeName(ErrorCode::KeyMismatch));
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("1"));

        // The original request still replays.
        auto replay = service.confirm(original);
        QVERIFY(replay.ok());
        QCOMPARE(replay.value().replayed, true);
        QCOMPARE(replay.value().responseJson, first.value().responseJson);
    }

    void failedConfirmLeavesNoKeyAndKeyCanBeRetried_data()
    {
        QTest::addColumn<QString>("failure");
        QTest::addColumn<ErrorCode>("expected");
        QTest::newRow("hold expired") << QStringLiteral("expired") << ErrorCode::Expired;
        QTest::newRow("seats held by another sale") << QStringLiteral("taken") << ErrorCode::Conflict;
        QTest::newRow("unknown price tier") << QStringLiteral("tier") << ErrorCode::BadInput;
    }
    void failedConfirmLeavesNoKeyAndKeyCanBeRetried()
    {
        QFETCH(QString, failure);
        QFETCH(ErrorCode, expected);
        const QUuid owner = CheckedSeatCommands::newToken();
        const QUuid rival = CheckedSeatCommands::newToken();
        const QUuid key = QUuid::createUuid();
        const QList<int> seats{m_seats[20], m_seats[21], m_seats[22]};
        ConfirmRequest req = request(till1, key, m_showtime, owner, seats);

        if (failure == QLatin1String("expired")) {
            QVERIFY(holdSeats(*m_connection, m_showtime, seats, owner, 1));
            QTest::qSleep(1200);
        } else if (failure == QLatin1String("taken")) {
            QVERIFY(holdSeats(*m_connection, m_showtime, {seats[0]}, owner));
            QVERIFY(holdSeats(*m_connection, m_showtime, {seats[1], seats[2]}, rival));
        } else {
            QVERIFY(holdSeats(*m_connection, m_showtime, seats, owner));
            req.tiers = {QStringLiteral("adult"), QStringLiteral("senior"), QStringLiteral("child")};
        }

        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 10);
        const QString before = m_db->snapshot();
        auto failed = service.confirm(req);
        QVERIFY(!failed.ok());
        QCOMPARE(codeName(failed.error().code), codeName(expected));
        if (failure == QLatin1String("taken"))
            QCOMPARE(failed.error().seats, QList<int>({seats[1], seats[2]}));
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM idempotency_key")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat")), QStringLiteral("0"));

        // Make the sale valid again and retry with the same key.
        if (failure == QLatin1String("taken"))
            QCOMPARE(service.release(m_showtime, rival).value(), 2);
        req.tiers.clear();
        QVERIFY(holdSeats(*m_connection, m_showtime, seats, owner));
        QVERIFY_PAID(*m_connection, req);
        auto retried = service.confirm(req);
        QVERIFY2(retried.ok(), qPrintable(retried.ok() ? QString() : retried.error().detail));
        QCOMPARE(retried.value().replayed, false);
        QCOMPARE(retried.value().status, QStringLiteral("CONFIRMED"));
        QCOMPARE(retried.value().seats.size(), 3);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("1"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'RESERVED' "
                                             "AND booking_id = '%1'")
                                  .arg(retried.value().bookingId.toString(QUuid::WithoutBraces))),
                 QStringLiteral("3"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT response::text FROM idempotency_key WHERE key = '%1'")
                                  .arg(key.toString(QUuid::WithoutBraces))),
                 retried.value().responseJson);
    }

    void sameKeyOnAnotherTerminalIsTheSameAction()
    {
        // A key names one action everywhere: under another terminal name the same request is a
        // replay, another request a mismatch, so a retry from a renamed till never voids the payment
        // of a booking that exists (docs/DECISIONS.md, "Keys are global").
        const QUuid key = QUuid::createUuid();
        const QUuid ownerA = CheckedSeatCommands::newToken();
        const QUuid ownerB = CheckedSeatCommands::newToken();
        const QList<int> seatsA{m_seats[5], m_seats[6]};
        const QList<int> seatsB{m_seats[15]};
        QVERIFY(holdSeats(*m_connection, m_showtime, seatsA, ownerA));
        QVERIFY(holdSeats(*m_connection, m_showtime, seatsB, ownerB));

        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 10);
        ConfirmRequest paid = request(till1, key, m_showtime, ownerA, seatsA);
        QVERIFY_PAID(*m_connection, paid);
        auto a = service.confirm(paid);
        QVERIFY2(a.ok(), qPrintable(a.ok() ? QString() : a.error().detail));
        ConfirmRequest elsewhere = paid;
        elsewhere.terminal = till2;
        auto replayed = service.confirm(elsewhere);
        QVERIFY2(replayed.ok(), qPrintable(replayed.ok() ? QString() : replayed.error().detail));
        QCOMPARE(replayed.value().replayed, true);
        QCOMPARE(replayed.value().responseJson, a.value().responseJson);
        auto crossed = service.confirm(request(till2, key, m_showtime, ownerB, seatsB));
        QVERIFY(!crossed.ok());
        QCOMPARE(codeName(crossed.error().code), codeName(ErrorCode::KeyMismatch));

        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(scope, ',') FROM idempotency_key")), till1);
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT string_agg(terminal || ':' || status, ',') FROM booking")),
            QStringLiteral("till-1:CONFIRMED"));
        QCOMPARE(m_db->seatRow(m_showtime, m_seats[15]), bo::test::heldBy(ownerB));
    }

private:
    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    std::unique_ptr<DbConnection>& m_connection = m_rig.connection;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats;
};

QTEST_GUILESS_MAIN(TstIdempotency)
#include "tst_idempotency.moc"
