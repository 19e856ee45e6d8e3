// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <atomic>

#include <QSemaphore>

#include "model/payments/threadedpaymentrecords.h"
#include "tests/support/memorypaymentintents.h"
#include "tests/support/scriptedgateway.h"
#include "tests/support/scriptedseatcommands.h"

using namespace bo;
using namespace bo::test;

namespace {

constexpr int answerMs = 5000;

/// The intents of a site, shared by the service's connections, and a payment service that voids.
struct Site
{
    MemoryPaymentIntents intents;
    QMutex mutex;
    /// The payment service's own connection to the same intents (it records the card's states).
    PaymentIntentsFactory serviceIntents()
    {
        return [this]() -> Result<std::unique_ptr<PaymentIntents>> {
            return std::unique_ptr<PaymentIntents>(
                std::make_unique<MemoryIntentsView>(intents, mutex, serviceLeads));
        };
    }
    bool leaderTaken = false;
    bool serviceLeads = false; ///< the payment service's view never leads; its own flag
    std::atomic<int> opens{0};
    std::atomic<bool> offline{false};
    std::atomic<int> voids{0};
    QSemaphore gatewayGate{1000}; ///< a test takes these to hold a payment call where it is

    QUuid add(const QString& terminal, IntentState state, const QString& booking, int silentSeconds)
    {
        NewPaymentIntent n;
        n.key = QUuid::createUuid();
        n.holdToken = QUuid::createUuid();
        n.showtimeId = 3;
        n.bookingCode = QStringLiteral("BK-%1").arg(n.key.toString(QUuid::WithoutBraces).left(4).toUpper());
        n.terminal = terminal;
        n.amountMinor = 14'000;
        n.currency = QStringLiteral("KRW");
        QMutexLocker lock(&mutex);
        (void)intents.create(n);
        PaymentIntent& row = intents.rows[n.key];
        row.state = state;
        row.bookingStatus = booking;
        row.createdAt = QDateTime::currentDateTimeUtc().addSecs(-silentSeconds - 30);
        row.updatedAt = QDateTime::currentDateTimeUtc().addSecs(-silentSeconds);
        return n.key;
    }

    IntentState stateOf(const QUuid& key)
    {
        QMutexLocker lock(&mutex);
        return intents.rows.value(key).state;
    }

    std::unique_ptr<ThreadedPaymentRecords> service(const QString& terminal, bool everyTerminal = false)
    {
        PaymentIntentsFactory openIntents = [this]() -> Result<std::unique_ptr<PaymentIntents>> {
            ++opens;
            if (offline)
                return makeError(ErrorCode::Offline, QStringLiteral("The database cannot be reached."));
            return std::unique_ptr<PaymentIntents>(
                std::make_unique<MemoryIntentsView>(intents, mutex, leaderTaken));
        };
        SeatCommandsFactory openSeats = []() -> Result<std::unique_ptr<SeatCommands>> {
            return std::unique_ptr<SeatCommands>(std::make_unique<ScriptedSeatCommands>());
        };
        PaymentGatewayFactory openGateway = [this]() -> std::unique_ptr<PaymentGateway> {
            auto gateway = std::make_unique<ScriptedGateway>();
            for (int i = 0; i < 10; ++i)
                gateway->voids << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Voided);
            gateway->onCall = [this, g = gateway.get()] {
                gatewayGate.acquire();
                gatewayGate.release();
                if (g->calls.last().startsWith(QLatin1String("void")))
                    ++voids;
            };
            return gateway;
        };
        ThreadedPaymentRecords::Options options;
        options.terminal = terminal;
        options.everyTerminal = everyTerminal;
        return std::make_unique<ThreadedPaymentRecords>(
            openIntents, openSeats, LocalCardPayments::factory(serviceIntents(), openGateway), options);
    }
};

PaymentRecord recordOf(const QList<PaymentRecord>& records, const QUuid& key)
{
    for (const PaymentRecord& r : records) {
        if (r.intent.request.key == key)
            return r;
    }
    return {};
}

} // namespace

/// The manager's view of unresolved payments on its own thread: what is in doubt, what the
/// reconciler will do, and one pass by hand with the normal grace rules.
class TstThreadedPaymentRecords final : public QObject
{
    Q_OBJECT

private slots:
    void listsWhatIsInDoubtWithWhatTheReconcilerWillDo()
    {
        Site site;
        const QUuid silentUnbooked =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("EXPIRED"), 600);
        const QUuid freshUnbooked =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("CANCELLED"), 5);
        const QUuid pendingSale =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("PENDING"), 600);
        const QUuid ownUnknown =
            site.add(QStringLiteral("till-1"), IntentState::Authorising, QStringLiteral("PENDING"), 90);
        site.add(QStringLiteral("till-2"), IntentState::Captured, QStringLiteral("CONFIRMED"), 600);
        auto service = site.service(QStringLiteral("till-1"));
        QSignalSpy listed(service.get(), &PaymentRecords::unresolvedListed);
        const int id = service->listUnresolved();
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, answerMs);
        QCOMPARE(listed.first().at(0).toInt(), id);
        const auto records = listed.first().at(1).value<QList<PaymentRecord>>();
        QCOMPARE(records.size(), 4); // the captured one is settled: not in doubt

        const PaymentRecord a = recordOf(records, silentUnbooked);
        QCOMPARE(a.action, ReconcileAction::Void);
        QVERIFY(a.due);
        QVERIFY(!a.ownTerminal);
        // Voided too, but only once its terminal has been silent for the grace period.
        const PaymentRecord b = recordOf(records, freshUnbooked);
        QCOMPARE(b.action, ReconcileAction::Void);
        QVERIFY(!b.due);
        // Another terminal's sale may still be confirmed: nobody acts on it.
        const PaymentRecord c = recordOf(records, pendingSale);
        QCOMPARE(c.action, ReconcileAction::Wait);
        QVERIFY(!c.due);
        // This terminal's own: looked up after its own (shorter) silence.
        const PaymentRecord d = recordOf(records, ownUnknown);
        QVERIFY(d.ownTerminal);
        QCOMPARE(d.action, ReconcileAction::LookUp);
        QVERIFY(d.due);
    }

    void checkNowVoidsASilentPaymentWithoutBookingAndLeavesTheRest()
    {
        Site site;
        const QUuid silentUnbooked =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("EXPIRED"), 600);
        const QUuid freshUnbooked =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("CANCELLED"), 5);
        const QUuid pendingSale =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("PENDING"), 600);
        // As the payment service's own records would (the one login that may lead).
        auto service = site.service(QStringLiteral("till-1"), true);
        QSignalSpy finished(service.get(), &PaymentRecords::checkFinished);
        const int id = service->checkNow();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, answerMs);
        QCOMPARE(finished.first().at(0).toInt(), id);
        const auto check = finished.first().at(1).value<PaymentCheck>();
        QVERIFY(check.othersChecked);
        QCOMPARE(site.stateOf(silentUnbooked), IntentState::Voided);
        QCOMPARE(site.stateOf(freshUnbooked), IntentState::Authorised);
        QCOMPARE(site.stateOf(pendingSale), IntentState::Authorised);
        QCOMPARE(site.voids.load(), 1);
        // What it did: the silent one voided; the pending sale looked at and left.
        QCOMPARE(check.entries.size(), 2);
        for (const ReconcileEntry& e : check.entries) {
            if (e.before.request.key == silentUnbooked) {
                QCOMPARE(e.action, ReconcileAction::Void);
                QCOMPARE(e.after, IntentState::Voided);
            } else {
                QCOMPARE(e.before.request.key, pendingSale);
                QCOMPARE(e.action, ReconcileAction::Wait);
            }
        }
        // The pass gave the reconciler's lock back.
        QVERIFY(!site.leaderTaken);
    }

    void checkNowLeavesOtherTerminalsToTheLeadingReconciler()
    {
        Site site;
        const QUuid theirs =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("EXPIRED"), 600);
        const QUuid mine =
            site.add(QStringLiteral("till-1"), IntentState::Authorised, QStringLiteral("CANCELLED"), 600);
        site.leaderTaken = true; // another process reconciles now
        auto service = site.service(QStringLiteral("till-1"), true);
        QSignalSpy finished(service.get(), &PaymentRecords::checkFinished);
        (void)service->checkNow();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, answerMs);
        const auto check = finished.first().at(1).value<PaymentCheck>();
        QVERIFY(!check.othersChecked);
        QCOMPARE(site.stateOf(mine), IntentState::Voided);
        QCOMPARE(site.stateOf(theirs), IntentState::Authorised);
        QCOMPARE(check.entries.size(), 1);
        QVERIFY(site.leaderTaken); // still the other's
    }

    /// At a terminal (everyTerminal off, as TerminalStack makes it): its own are checked, the
    /// others' are the payment service's, and it never asks for the lead.
    void checkNowAtATerminalNeverAsksToLead()
    {
        Site site;
        const QUuid theirs =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("EXPIRED"), 600);
        const QUuid mine =
            site.add(QStringLiteral("till-1"), IntentState::Authorised, QStringLiteral("CANCELLED"), 600);
        auto service = site.service(QStringLiteral("till-1"));
        QSignalSpy finished(service.get(), &PaymentRecords::checkFinished);
        (void)service->checkNow();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, answerMs);
        const auto check = finished.first().at(1).value<PaymentCheck>();
        QVERIFY(!check.othersChecked);
        QCOMPARE(site.stateOf(mine), IntentState::Voided);
        QCOMPARE(site.stateOf(theirs), IntentState::Authorised);
        QVERIFY(!site.leaderTaken);
    }

    void aCheckInProgressNeverBlocksTheCaller()
    {
        Site site;
        const QUuid key =
            site.add(QStringLiteral("till-1"), IntentState::Authorised, QStringLiteral("EXPIRED"), 600);
        auto service = site.service(QStringLiteral("till-1"));
        QSignalSpy finished(service.get(), &PaymentRecords::checkFinished);
        QSignalSpy listed(service.get(), &PaymentRecords::unresolvedListed);
        site.gatewayGate.acquire(1000); // the payment service does not answer yet
        QElapsedTimer timer;
        timer.start();
        (void)service->checkNow();
        (void)service->listUnresolved();
        QVERIFY2(timer.elapsed() < 200, "the requests waited for the worker");
        // The void is committed as about to be sent, and the call waits for the service.
        QTRY_COMPARE_WITH_TIMEOUT(site.stateOf(key), IntentState::Voiding, answerMs);
        QCOMPARE(finished.size(), 0);
        QCOMPARE(listed.size(), 0); // answered in order, after the check
        site.gatewayGate.release(1000);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, answerMs);
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, answerMs);
        QVERIFY(listed.first().at(1).value<QList<PaymentRecord>>().isEmpty());
    }

    void anUnreachableDatabaseIsReportedAndOpenedAgainLater()
    {
        Site site;
        site.add(QStringLiteral("till-2"), IntentState::Authorising, QStringLiteral("PENDING"), 600);
        site.offline = true;
        auto service = site.service(QStringLiteral("till-1"));
        QSignalSpy failed(service.get(), &PaymentRecords::requestFailed);
        QSignalSpy listed(service.get(), &PaymentRecords::unresolvedListed);
        const int id = service->listUnresolved();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, answerMs);
        QCOMPARE(failed.first().at(0).toInt(), id);
        QCOMPARE(failed.first().at(1).value<Error>().code, ErrorCode::Offline);
        site.offline = false;
        (void)service->listUnresolved();
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, answerMs);
        QCOMPARE(listed.first().at(1).value<QList<PaymentRecord>>().size(), 1);
        QCOMPARE(site.opens.load(), 2);
    }
};

QTEST_GUILESS_MAIN(TstThreadedPaymentRecords)
#include "tst_threadedpaymentrecords.moc"
