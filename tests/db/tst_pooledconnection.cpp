// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <atomic>
#include <memory>
#include <thread>

#include <QDateTime>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QThread>
#include <QTimeZone>
#include <QUuid>

#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testpooler.h"

using namespace bo;
using bo::test::TestDatabase;
using bo::test::TestPooler;

namespace {

QString describe(const Result<Rows>& r)
{
    return r.ok() ? QStringLiteral("succeeded") : r.error().detail;
}

} // namespace

/// The terminals' statements through a pooler in transaction mode (docs/DECISIONS.md, "500
/// terminals"): pgbouncer hands each transaction whichever server session is free, so a connection
/// marked `pooled` writes its values into each statement instead of preparing it, and a sale
/// through such a pooler is still held, confirmed once and never given twice.
class TstPooledConnection final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
    }

    void cleanup()
    {
        m_pooler.reset();
        m_db.reset();
    }

    /// A connection not marked `pooled` sends its session options, which the pooler refuses at
    /// once: a till configured wrongly fails at start, not at its first sale.
    void aConnectionNotMarkedPooledIsRefusedAtConnect()
    {
        startPooler(2, 10);
        ConnectionSettings unmarked = m_pooler->through(m_db->settings());
        unmarked.pooled = false;
        auto client = DbConnection::open(unmarked, QStringLiteral("unmarked"));
        QVERIFY(!client);
        QCOMPARE(client.error().code, ErrorCode::Offline);
        QVERIFY2(client.error().message.contains(QLatin1String("unsupported startup parameter: options")),
                 qPrintable(client.error().message));
    }

    /// The reason for `pooled`: with the only server session busy in another till's transaction,
    /// the pooler gives the next statement a second session, where a statement prepared on the
    /// first would not exist. Written in, the values go with the statement.
    void aStatementRunsOnWhicheverSessionThePoolerGives()
    {
        startPooler(2, 10);
        const ConnectionSettings pooled = m_pooler->through(m_db->settings());
        auto client = DbConnection::open(pooled, QStringLiteral("client"));
        QVERIFY2(client, qPrintable(client ? QString() : client.error().detail));
        const QString sql = QStringLiteral("SELECT count(*) FROM showtime WHERE id > ?");
        auto first = client.value()->exec(sql, {-1});
        QVERIFY2(first, qPrintable(describe(first)));
        // Another till's transaction takes the session the first statement ran on.
        auto other = DbConnection::open(pooled, QStringLiteral("other"));
        QVERIFY(other);
        QVERIFY(other.value()->begin());
        auto otherSession = other.value()->exec(QStringLiteral("SELECT pg_backend_pid()"));
        QVERIFY(otherSession && otherSession.value().next());
        auto second = client.value()->exec(
            QStringLiteral("SELECT pg_backend_pid(), count(*) FROM showtime WHERE id > ?"), {-1});
        QVERIFY2(second, qPrintable(describe(second)));
        QVERIFY(second.value().next());
        QVERIFY(second.value().value(0).toInt() != otherSession.value().value(0).toInt());
        auto third = client.value()->exec(sql, {-1});
        QVERIFY2(third, qPrintable(describe(third)));
        other.value()->rollback();
    }

    void valuesReadBackAsSent_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QVariant>("value");
        QTest::newRow("integer") << "SELECT ?::integer" << QVariant(-42);
        QTest::newRow("bigint") << "SELECT ?::bigint" << QVariant(qint64(9007199254740993));
        QTest::newRow("numeric from int") << "SELECT ?::numeric + 1" << QVariant(41);
        QTest::newRow("double") << "SELECT ?::double precision" << QVariant(0.1 + 0.2);
        QTest::newRow("true") << "SELECT ?::boolean" << QVariant(true);
        QTest::newRow("false") << "SELECT ?::boolean" << QVariant(false);
        QTest::newRow("quotes and backslashes")
            << "SELECT ?::text" << QVariant(QStringLiteral("it's a \\'quoted\\' ? and $$ -- not a comment"));
        QTest::newRow("korean and a line break")
            << "SELECT ?::text" << QVariant(QStringLiteral("좌석\n예매"));
        QTest::newRow("empty text") << "SELECT ?::text" << QVariant(QStringLiteral(""));
        QTest::newRow("null text") << "SELECT ?::text IS NULL" << QVariant(QString());
        QTest::newRow("invalid variant") << "SELECT ?::integer IS NULL" << QVariant();
        QTest::newRow("timestamptz") << "SELECT ?::timestamptz"
                                     << QVariant(QDateTime(QDate(2026, 12, 4), QTime(19, 30, 15, 123),
                                                           QTimeZone(9 * 3600)));
        QTest::newRow("date") << "SELECT ?::date" << QVariant(QDate(2027, 2, 28));
        QTest::newRow("uuid") << "SELECT ?::uuid::text" << QVariant(QUuid::createUuid());
        QByteArray bytes;
        for (int b = 0; b < 256; ++b)
            bytes.append(char(b));
        QTest::newRow("every byte") << "SELECT ?::bytea" << QVariant(bytes);
        QTest::newRow("untyped, typed by the function")
            << "SELECT length(?) + ?" << QVariant(QVariantList{QStringLiteral("abc"), 4});
    }

    /// The same statement and value give the same answer pooled (values written in) as prepared.
    void valuesReadBackAsSent()
    {
        QFETCH(QString, sql);
        QFETCH(QVariant, value);
        startPooler(2, 10);
        const QVariantList values =
            value.typeId() == QMetaType::QVariantList ? value.toList() : QVariantList{value};
        auto direct = m_db->connect();
        auto pooled = DbConnection::open(m_pooler->through(m_db->settings()), QStringLiteral("pooled"));
        QVERIFY(direct && pooled);
        auto expected = direct->exec(sql, values);
        auto actual = pooled.value()->exec(sql, values);
        QVERIFY2(expected, qPrintable(describe(expected)));
        QVERIFY2(actual, qPrintable(describe(actual)));
        QVERIFY(expected.value().next() && actual.value().next());
        QCOMPARE(actual.value().value(0), expected.value().value(0));
        QVERIFY(!actual.value().value(0).toString().isEmpty() || value.toString().isEmpty());
    }

    /// A `?` inside a literal, a dollar-quoted string, a quoted name or a comment is text, not a
    /// placeholder; a count that does not match is refused before anything is sent.
    void onlyPlaceholdersOutsideQuotesTakeValues()
    {
        startPooler(2, 10);
        auto pooled = DbConnection::open(m_pooler->through(m_db->settings()), QStringLiteral("pooled"));
        QVERIFY(pooled);
        auto r = pooled.value()->exec(
            QStringLiteral(
                "SELECT '?''?' || ? || $$?$$ || $x$'?$x$ || E'\\'?' AS \"?\" -- ?\n /* ? /* ? */ ? */"),
            {QStringLiteral("v")});
        QVERIFY2(r, qPrintable(describe(r)));
        QVERIFY(r.value().next());
        QCOMPARE(r.value().value(0).toString(), QStringLiteral("?'?v?'?'?"));

        auto tooFew = pooled.value()->exec(QStringLiteral("SELECT ?, ?"), {1});
        QVERIFY(!tooFew);
        QCOMPARE(tooFew.error().code, ErrorCode::Internal);
        auto tooMany = pooled.value()->exec(QStringLiteral("SELECT ?"), {1, 2});
        QVERIFY(!tooMany);
        QCOMPARE(tooMany.error().code, ErrorCode::Internal);
    }

    /// Hold, confirm and a replay of the confirm with its key, all through the pooler: one
    /// booking, the replay answered with the stored response.
    void aSaleThroughThePoolerIsConfirmedOnce()
    {
        startPooler(2, 10);
        const int showtime = m_db->addShowtime(3, 10);
        const QList<int> seats = m_db->seatIds(showtime).mid(4, 2);
        auto store = SeatStore::open(m_pooler->through(m_db->settings()), QStringLiteral("sale"));
        QVERIFY(store);
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = store.value()->hold(showtime, seats, owner);
        QVERIFY2(held && held.value().granted, "the hold through the pooler was refused");
        // The till takes the money through the pooler too, then confirms carrying it.
        auto till = DbConnection::open(m_pooler->through(m_db->settings()), QStringLiteral("sale-payment"));
        QVERIFY(till);
        ConfirmRequest request{QStringLiteral("till-1"), QUuid::createUuid(), showtime, owner, seats, {}, {}};
        QVERIFY_PAID(*till.value(), request);
        auto first = store.value()->confirm(request);
        QVERIFY2(first, qPrintable(first ? QString() : first.error().detail));
        QCOMPARE(first.value().status, QStringLiteral("CONFIRMED"));
        auto again = store.value()->confirm(request);
        QVERIFY(again);
        QCOMPARE(again.value().replayed, true);
        QCOMPARE(again.value().bookingId, first.value().bookingId);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("1"));
        QCOMPARE(m_db->seatStates(showtime, seats), QStringLiteral("RESERVED:,RESERVED:"));
    }

    /// Eight tills on three server sessions: every seat sold once, every till told the truth, and
    /// the pooler never used more server sessions than it may.
    void aStormOnThreeServerSessionsNeverSellsASeatTwice()
    {
        startPooler(3, 3);
        const int showtime = m_db->addShowtime(3, 10);
        const QList<int> seats = m_db->seatIds(showtime);
        const ConnectionSettings through = m_pooler->through(m_db->settings());
        constexpr int tills = 8;
        constexpr int salesEach = 40;
        std::atomic<int> failures{0};
        std::atomic<int> seatsConfirmed{0};
        std::atomic<int> finished{0};
        // Each till is staffed with its shift open before the storm, as at opening.
        QList<QUuid> tillIds;
        {
            auto staffing = DbConnection::open(through, QStringLiteral("storm-staffing"));
            QVERIFY(staffing);
            for (int till = 0; till < tills; ++till) {
                tillIds << QUuid::createUuid();
                const bo::Status staffed = bo::test::staffTill(*staffing.value(), tillIds.last(),
                                                               QStringLiteral("till-%1").arg(till));
                QVERIFY2(staffed.ok(), qPrintable(staffed.ok() ? QString() : staffed.error().detail));
            }
        }
        std::vector<std::thread> workers;
        workers.reserve(tills);
        for (int till = 0; till < tills; ++till) {
            workers.emplace_back([&, till] {
                const auto done = qScopeGuard([&finished] { ++finished; });
                auto store = SeatStore::open(through, QStringLiteral("storm-%1").arg(till));
                auto payments = DbConnection::open(through, QStringLiteral("storm-payment-%1").arg(till));
                if (!store || !payments) {
                    ++failures;
                    return;
                }
                QElapsedTimer clock;
                clock.start();
                for (int sale = 0; sale < salesEach && clock.elapsed() < 30000; ++sale) {
                    const int first = int(QRandomGenerator::global()->bounded(0, int(seats.size()) - 1));
                    const QList<int> pair{seats.at(first), seats.at(first + 1)};
                    const QUuid owner = CheckedSeatCommands::newToken();
                    auto held = store.value()->hold(showtime, pair, owner);
                    if (!held) {
                        ++failures;
                        continue;
                    }
                    if (!held.value().granted)
                        continue;
                    ConfirmRequest request{QStringLiteral("till-%1").arg(till),
                                           QUuid::createUuid(),
                                           showtime,
                                           owner,
                                           pair,
                                           {},
                                           {},
                                           tillIds.at(till)};
                    if (!bo::test::payCash(*payments.value(), request)) {
                        ++failures;
                        continue;
                    }
                    auto confirmed = store.value()->confirm(request);
                    if (confirmed && confirmed.value().status == QLatin1String("CONFIRMED"))
                        seatsConfirmed += 2;
                    else
                        ++failures;
                }
            });
        }
        // The server sessions of the tills' login, sampled while they sell.
        int mostServerSessions = 0;
        const QString login = m_db->terminalLogin();
        QElapsedTimer watch;
        watch.start();
        while (finished < tills && watch.elapsed() < 60000) {
            const int sessions =
                m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE usename = '%1'")
                                 .arg(login))
                    .toInt();
            mostServerSessions = std::max(mostServerSessions, sessions);
            QThread::msleep(20);
        }
        for (auto& w : workers)
            w.join();
        QCOMPARE(failures.load(), 0);
        QVERIFY2(mostServerSessions <= 3, qPrintable(QString::number(mostServerSessions)));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1 AND "
                                             "status = 'RESERVED'")
                                  .arg(showtime))
                     .toInt(),
                 seatsConfirmed.load());
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM (SELECT seat_id FROM booking_seat GROUP BY "
                                        "showtime_id, seat_id HAVING count(*) > 1) twice")),
            QStringLiteral("0"));
        QVERIFY2(seatsConfirmed > 0, "nothing was sold");
    }

    /// The reconciler's lead is a session's lock: behind a pooler a store takes it on a session
    /// of its own, opened only when nobody leads, and a follower keeps none. A pooled store told
    /// no session to lead from refuses rather than leave the lock on one of the pooler's.
    void theReconcilersLeadIsASessionOfItsOwn()
    {
        startPooler(2, 10);
        // The payment service's reconciler (only its login may lead), through the pooler.
        const ConnectionSettings pooled = m_pooler->through(m_db->serviceSettings());
        auto first =
            PaymentIntentStore::factory(pooled, m_db->serviceSettings(), QStringLiteral("reconciler"))();
        auto second =
            PaymentIntentStore::factory(pooled, m_db->serviceSettings(), QStringLiteral("reconciler"))();
        QVERIFY(first && second);
        const QString leadSessions = QStringLiteral(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'boxoffice-reconciler-lead' "
            "AND datname = current_database()");
        // This database's only (the suite's other tests lead in theirs on the same server).
        auto leads = first.value()->tryLeadReconciliation();
        QVERIFY2(leads && leads.value(), "the first store did not take the lead");
        QCOMPARE(m_db->scalar(leadSessions), QStringLiteral("1"));
        leads = second.value()->tryLeadReconciliation();
        QVERIFY2(leads && !leads.value(), "two stores lead");
        QCOMPARE(m_db->scalar(leadSessions), QStringLiteral("1"));
        first.value()->stepDownAsReconciler();
        QTRY_COMPARE_WITH_TIMEOUT(m_db->scalar(leadSessions), QStringLiteral("0"), 5000);
        leads = second.value()->tryLeadReconciliation();
        QVERIFY2(leads && leads.value(), "the second store did not take the lead");
        second.value()->stepDownAsReconciler();

        auto unguided = PaymentIntentStore::open(pooled, QStringLiteral("records"));
        QVERIFY(unguided);
        QVERIFY(!unguided.value()->tryLeadReconciliation());
        QCOMPARE(m_db->scalar(QStringLiteral(
                     "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
                     "(SELECT oid FROM pg_database WHERE datname = current_database())")),
                 QStringLiteral("0"));
    }

private:
    void startPooler(int poolPerLogin, int maxServerSessions)
    {
        m_pooler = std::make_unique<TestPooler>(
            m_db->ownerSettings(),
            QList<ConnectionSettings>{m_db->settings(), m_db->ownerSettings(), m_db->serviceSettings()},
            poolPerLogin, maxServerSessions);
        if (m_pooler->skipped())
            QSKIP(qPrintable(m_pooler->error()));
        QVERIFY2(m_pooler->ok(), qPrintable(m_pooler->error()));
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<TestPooler> m_pooler;
};

QTEST_GUILESS_MAIN(TstPooledConnection)
#include "tst_pooledconnection.moc"
