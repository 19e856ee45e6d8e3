// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A long storm that checks itself: workers sell on a small hall with a hot spot while
// two sweepers run with tiny TTLs and an auditor checks the invariants every second inside one
// snapshot (app/tools/audit/). 60 s by default; BOXOFFICE_AUDIT_SECONDS changes it and
// BOXOFFICE_AUDIT_SEED repeats a run; `boxoffice-bench audit --seconds 3600` is the hour.
// Zero violations is the only passing result.
#include <QtTest>

#include <spdlog/spdlog.h>

#include "app/tools/audit/auditstorm.h"
#include "app/tools/audit/invariantauditor.h"
#include "db/seatstore.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

class TstAuditStorm final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Refusals and expiries are logged at info level; thousands of lines would drown the report.
        spdlog::set_level(spdlog::level::warn);
    }

    /// The auditor can fail: each invariant, broken by hand on a quiet database, is reported.
    void auditorSeesEachBrokenInvariant_data()
    {
        QTest::addColumn<QString>("breakage"); // %1 showtime, %2 a free seat, %3 a seat sold properly
        QTest::addColumn<QString>("invariant");
        QTest::addColumn<bool>("final");
        QTest::addColumn<int>("passes");
        const QString pendingBooking = QStringLiteral(
            "INSERT INTO booking (code, showtime_id, status, hold_token, currency, terminal, expires_at) "
            "VALUES ('PPPP-PPPP', %1, 'PENDING', gen_random_uuid(), 'KRW', 'audit', now() + interval '%4')");
        QTest::newRow("reserved for a pending booking")
            << QStringLiteral("WITH b AS (") +
                   pendingBooking.arg(QStringLiteral("%1"), QStringLiteral("1 hour")) +
                   QStringLiteral(" RETURNING id) UPDATE showtime_seat SET status = 'RESERVED', booking_id = "
                                  "(SELECT id FROM b) WHERE showtime_id = %1 AND seat_id = %2")
            << QStringLiteral("a1-reserved-for-unconfirmed-booking") << false << 1;
        QTest::newRow("sold seat also marked held")
            << QStringLiteral(
                   "UPDATE showtime_seat SET held_by = gen_random_uuid() WHERE showtime_id = %1 AND "
                   "seat_id = %3")
            << QStringLiteral("a2-seat-with-two-marks") << false << 1;
        QTest::newRow("sold line on a free seat")
            << QStringLiteral(
                   "WITH b AS (INSERT INTO booking (code, showtime_id, status, hold_token, currency, "
                   "terminal, confirmed_at) VALUES ('CCCC-CCCC', %1, 'CONFIRMED', gen_random_uuid(), "
                   "'KRW', 'audit', now()) RETURNING id) INSERT INTO booking_seat (booking_id, "
                   "showtime_id, seat_id, tier_code, price_minor) SELECT id, %1, %2, 'adult', 10000 "
                   "FROM b")
            << QStringLiteral("b2-sold-line-without-reserved-seat") << false << 1;
        QTest::newRow("reserved seat whose booking was closed")
            << QStringLiteral(
                   "UPDATE booking SET status = 'EXPIRED', closed_at = now() WHERE showtime_id = %1")
            << QStringLiteral("b1-reserved-without-one-booking") << false << 1;
        QTest::newRow("confirmed booking without seats")
            << QStringLiteral(
                   "INSERT INTO booking (code, showtime_id, status, hold_token, currency, terminal, "
                   "confirmed_at) VALUES ('DDDD-DDDD', %1, 'CONFIRMED', gen_random_uuid(), 'KRW', "
                   "'audit', now())")
            << QStringLiteral("b4-confirmed-without-seats") << false << 1;
        QTest::newRow("pending booking past its deadline")
            << pendingBooking.arg(QStringLiteral("%1"), QStringLiteral("-10 seconds"))
            << QStringLiteral("d1-pending-past-deadline") << false << 1;
        QTest::newRow("pending booking without a hold")
            << pendingBooking.arg(QStringLiteral("%1"), QStringLiteral("1 hour"))
            << QStringLiteral("d2-pending-without-hold") << false << 2;
        QTest::newRow("pending booking left at the end")
            << pendingBooking.arg(QStringLiteral("%1"), QStringLiteral("1 hour"))
            << QStringLiteral("f2-pending-left") << true << 1;
        QTest::newRow("stored response with another total")
            << QStringLiteral(
                   "UPDATE idempotency_key SET response = jsonb_set(response, '{total_minor}', '1'::jsonb)")
            << QStringLiteral("e1-stored-response-mismatch") << false << 1;
        QTest::newRow("stored response with another seat")
            << QStringLiteral(
                   "UPDATE idempotency_key SET response = jsonb_set(response, '{seats,0,seat_id}', "
                   "to_jsonb(%2))")
            << QStringLiteral("e1-stored-response-mismatch") << false << 1;
        QTest::newRow("confirmed booking without its payment")
            << QStringLiteral("UPDATE booking SET payment = payment - 'intent' WHERE status = 'CONFIRMED'")
            << QStringLiteral("p1-confirmed-without-payment") << false << 1;
    }

    void auditorSeesEachBrokenInvariant()
    {
        QFETCH(QString, breakage);
        QFETCH(QString, invariant);
        QFETCH(bool, final);
        QFETCH(int, passes);
        // One quiet database for every row (creating one costs seconds), emptied before each.
        if (!m_quiet) {
            m_quiet = std::make_unique<TestDatabase>();
            QVERIFY2(m_quiet->ok(), qPrintable(m_quiet->error()));
            m_showtime = m_quiet->addShowtime(2, 5);
            m_seats = m_quiet->seatIds(m_showtime);
        }
        const TestDatabase& db = *m_quiet;
        // The payments of earlier rows go with their bookings: their tables are append-only for
        // everybody, the owner too, unless its triggers are off (replica role, this transaction).
        QVERIFY(db.run(QStringLiteral(
            "BEGIN; "
            "DELETE FROM idempotency_key; "
            "UPDATE showtime_seat SET status = 'FREE', held_by = NULL, held_until = NULL, booking_id = NULL; "
            "SET LOCAL session_replication_role = replica; "
            "DELETE FROM payment_event; DELETE FROM payment_intent; "
            "SET LOCAL session_replication_role = DEFAULT; "
            "DELETE FROM booking_seat; DELETE FROM booking; "
            "DO $$ BEGIN IF to_regclass('sale') IS NOT NULL THEN DELETE FROM sale; END IF; END $$; "
            "COMMIT")));
        const int showtime = m_showtime;
        const QList<int>& seats = m_seats;
        auto connection = db.connect();
        QVERIFY(connection);
        SeatStore store(*connection);
        const QUuid token = QUuid::createUuid();
        auto held = store.hold(showtime, {seats[1]}, token);
        QVERIFY(held && held.value().granted);
        ConfirmRequest request;
        request.terminal = QStringLiteral("audit");
        request.key = QUuid::createUuid();
        request.showtimeId = showtime;
        request.owner = token;
        request.terminalId = m_till;        // staffed and its shift opened by the first row
        QVERIFY_PAID(*connection, request); // a till's confirm carries its payment
        QVERIFY(store.confirm(request).ok());

        auto auditor = audit::InvariantAuditor::open(db.ownerSettings());
        QVERIFY(auditor);
        auto clean = auditor.value()->audit(0, true, final);
        QVERIFY(clean);
        QVERIFY2(clean.value().total() == 0, qPrintable(clean.value().samples.join(QLatin1Char('\n'))));

        QVERIFY(db.run(breakage.replace(QStringLiteral("%1"), QString::number(showtime))
                           .replace(QStringLiteral("%2"), QString::number(seats[0]))
                           .replace(QStringLiteral("%3"), QString::number(seats[1]))));
        Result<audit::AuditPass> pass = audit::AuditPass{};
        for (int i = 0; i < passes; ++i) {
            QTest::qWait(20);
            pass = auditor.value()->audit(0, true, final);
            QVERIFY(pass);
        }
        QVERIFY2(pass.value().violations.value(invariant) > 0,
                 qPrintable(QStringLiteral("%1 not reported; saw: %2")
                                .arg(invariant, pass.value().samples.join(QLatin1Char('\n')))));
        qInfo("%s", qPrintable(pass.value().samples.join(QLatin1Char('\n'))));
    }

    void cleanupTestCase() { m_quiet.reset(); }

    void stormKeepsEveryInvariant()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));

        audit::AuditStormOptions options;
        if (qEnvironmentVariableIsSet("BOXOFFICE_AUDIT_SECONDS"))
            options.seconds = qBound(5, qEnvironmentVariableIntValue("BOXOFFICE_AUDIT_SECONDS"), 3600);
        if (qEnvironmentVariableIsSet("BOXOFFICE_AUDIT_SEED"))
            options.seed = quint32(qEnvironmentVariableIntValue("BOXOFFICE_AUDIT_SEED"));
        audit::AuditStormTarget target;
        target.owner = db.ownerSettings();
        target.terminal = db.settings();
        target.manager = db.managerSettings();
        target.service = db.serviceSettings();

        const audit::AuditStormReport report = audit::runAuditStorm(
            target, options, [](const QString& line) { qInfo("%s", qPrintable(line)); }, 10);
        qInfo("%s(set BOXOFFICE_AUDIT_SEED=%u to repeat)", qPrintable(report.text()), report.seed);

        QVERIFY2(report.failure.isEmpty(), qPrintable(report.failure));
        QCOMPARE(report.totalViolations(), qint64(0));
        QVERIFY2(report.totalErrors() == 0, qPrintable(report.errorSamples.join(QLatin1Char('\n'))));
        // The storm really ran: every kind of operation, many times.
        QVERIFY(report.audits >= options.seconds / 2);
        const qint64 many = std::max(2, options.seconds / 3);
        QStringList kinds{QStringLiteral("hold"),
                          QStringLiteral("hold-refused"),
                          QStringLiteral("extend"),
                          QStringLiteral("release-some"),
                          QStringLiteral("release-all"),
                          QStringLiteral("begin-payment"),
                          QStringLiteral("confirm"),
                          QStringLiteral("confirm-at-deadline"),
                          QStringLiteral("confirm-failed"),
                          QStringLiteral("replay-sequential"),
                          QStringLiteral("replay-cross-terminal"),
                          QStringLiteral("replay-concurrent"),
                          QStringLiteral("replay-concurrent-cross-terminal"),
                          QStringLiteral("replay-after-cancel"),
                          QStringLiteral("cancel"),
                          QStringLiteral("slow-customer"),
                          QStringLiteral("sweep"),
                          QStringLiteral("swept-seats"),
                          QStringLiteral("expired-bookings")};
        if (report.features.extendHold)
            kinds << QStringLiteral("extend-hold");
        // Cancelling a sale in payment is one branch of one phase: fewer, but still many.
        if (report.features.cancelBooking)
            QVERIFY2(report.ops.value(QStringLiteral("cancel-pending")) >= many / 2,
                     qPrintable(QStringLiteral("cancel-pending happened %1 times")
                                    .arg(report.ops.value(QStringLiteral("cancel-pending")))));
        for (const QString& kind : std::as_const(kinds))
            QVERIFY2(report.ops.value(kind) >= many,
                     qPrintable(QStringLiteral("%1 happened %2 times, expected at least %3")
                                    .arg(kind)
                                    .arg(report.ops.value(kind))
                                    .arg(many)));
    }

private:
    std::unique_ptr<TestDatabase> m_quiet;
    int m_showtime = 0;
    QList<int> m_seats;
    const QUuid m_till = QUuid::createUuid();
};

QTEST_GUILESS_MAIN(TstAuditStorm)
#include "tst_auditstorm.moc"
