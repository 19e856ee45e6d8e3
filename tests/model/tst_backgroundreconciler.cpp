// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/payments/backgroundreconciler.h"
#include "tests/support/memorypaymentintents.h"
#include "tests/support/scriptedgateway.h"
#include "tests/support/scriptedseatcommands.h"

using namespace bo;
using namespace bo::test;

namespace {

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
    std::atomic<int> releases{0};
    std::atomic<int> voids{0};
    std::atomic<int> captures{0};

    QUuid add(const QString& terminal, IntentState state, const QString& booking)
    {
        NewPaymentIntent n;
        n.key = QUuid::createUuid();
        n.holdToken = QUuid::createUuid();
        n.showtimeId = 3;
        n.terminal = terminal;
        n.amountMinor = 14'000;
        n.currency = QStringLiteral("KRW");
        (void)intents.create(n);
        intents.rows[n.key].state = state;
        intents.setBookingStatus(n.key, booking);
        return n.key;
    }

    BackgroundReconciler::Options options(const QString& terminal, bool everyTerminal)
    {
        BackgroundReconciler::Options o;
        o.terminal = terminal;
        o.everyTerminal = everyTerminal;
        o.intervalMs = 60'000; // one pass at start, then only when asked
        return o;
    }

    std::unique_ptr<BackgroundReconciler> reconciler(const QString& terminal, bool everyTerminal = true)
    {
        PaymentIntentsFactory openIntents = [this]() -> Result<std::unique_ptr<PaymentIntents>> {
            return std::unique_ptr<PaymentIntents>(
                std::make_unique<MemoryIntentsView>(intents, mutex, leaderTaken));
        };
        SeatCommandsFactory openSeats = [this]() -> Result<std::unique_ptr<SeatCommands>> {
            auto seats = std::make_unique<ScriptedSeatCommands>();
            seats->onRelease = [this](int, const QUuid& owner, const QList<int>&) -> Result<int> {
                ++releases;
                QMutexLocker lock(&mutex);
                for (PaymentIntent& row : intents.rows) {
                    if (row.request.holdToken == owner && row.bookingStatus == QLatin1String("PENDING"))
                        row.bookingStatus = QStringLiteral("CANCELLED");
                }
                return 1;
            };
            return std::unique_ptr<SeatCommands>(std::move(seats));
        };
        PaymentGatewayFactory openGateway = [this]() -> std::unique_ptr<PaymentGateway> {
            auto gateway = std::make_unique<ScriptedGateway>();
            for (int i = 0; i < 10; ++i) {
                gateway->voids << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Voided);
                gateway->captures << ScriptedGateway::reply(GatewayOutcome::Done,
                                                            GatewayPaymentState::Captured);
            }
            gateway->onCall = [this, g = gateway.get()] {
                if (g->calls.last().startsWith(QLatin1String("void")))
                    ++voids;
                if (g->calls.last().startsWith(QLatin1String("capture")))
                    ++captures;
            };
            return gateway;
        };
        return std::make_unique<BackgroundReconciler>(
            openIntents, openSeats, LocalCardPayments::factory(serviceIntents(), openGateway),
            options(terminal, everyTerminal));
    }
};

IntentState stateOf(Site& site, const QUuid& key)
{
    QMutexLocker lock(&site.mutex);
    return site.intents.rows.value(key).state;
}

} // namespace

/// The reconciler every application runs: its own terminal's intents after a restart, everyone's
/// when it leads, one leader at a time.
class TstBackgroundReconciler final : public QObject
{
    Q_OBJECT

private slots:
    void aRestartedTerminalGivesUpItsOwnPendingSaleAndVoids()
    {
        Site site;
        const QUuid mine =
            site.add(QStringLiteral("till-1"), IntentState::Authorised, QStringLiteral("PENDING"));
        const QUuid theirs =
            site.add(QStringLiteral("till-2"), IntentState::Authorised, QStringLiteral("PENDING"));
        const QUuid booked =
            site.add(QStringLiteral("till-2"), IntentState::Capturing, QStringLiteral("CONFIRMED"));
        auto reconciler = site.reconciler(QStringLiteral("till-1"));
        QSignalSpy finished(reconciler.get(), &BackgroundReconciler::passFinished);
        reconciler->start();
        // (The pass emits on the reconciler's thread: it may be recorded before a wait() began.)
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        reconciler->stop();
        QCOMPARE(stateOf(site, mine), IntentState::Voided);
        QCOMPARE(site.releases.load(), 1);
        // Another terminal's pending sale may still be confirmed: left. Its booked one: captured.
        QCOMPARE(stateOf(site, theirs), IntentState::Authorised);
        QCOMPARE(stateOf(site, booked), IntentState::Captured);
        QCOMPARE(reconciler->resolved(), 2);
        QVERIFY(finished.first().at(2).toBool()); // it led
    }

    void onlyOneProcessReconcilesOthersAtATime()
    {
        Site site;
        auto first = site.reconciler(QStringLiteral("till-1"));
        auto second = site.reconciler(QStringLiteral("till-2"));
        QSignalSpy firstDone(first.get(), &BackgroundReconciler::passFinished);
        QSignalSpy secondDone(second.get(), &BackgroundReconciler::passFinished);
        first->start();
        QTRY_COMPARE_WITH_TIMEOUT(firstDone.size(), 1, 5000);
        second->start();
        QTRY_COMPARE_WITH_TIMEOUT(secondDone.size(), 1, 5000);
        QVERIFY(firstDone.first().at(2).toBool());
        QVERIFY(!secondDone.first().at(2).toBool());
        // The leader stops (its connection closes): the other takes over on its next pass.
        first->stop();
        second->reconcileNow();
        QTRY_COMPARE_WITH_TIMEOUT(secondDone.size(), 2, 5000);
        QVERIFY(secondDone.last().at(2).toBool());
        second->stop();
    }

    /// A terminal's reconciler (everyTerminal off, as TerminalStack makes it): its own sale is
    /// settled, every other terminal's payment is left to the payment service's reconciler, and
    /// it never asks for the lead, which only the service's login may take (docs/SECURITY.md).
    void aTerminalsReconcilerSettlesOnlyItsOwn()
    {
        Site site;
        const QUuid mine =
            site.add(QStringLiteral("till-1"), IntentState::Authorised, QStringLiteral("PENDING"));
        const QUuid booked =
            site.add(QStringLiteral("till-2"), IntentState::Capturing, QStringLiteral("CONFIRMED"));
        auto reconciler = site.reconciler(QStringLiteral("till-1"), false);
        QSignalSpy finished(reconciler.get(), &BackgroundReconciler::passFinished);
        reconciler->start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        reconciler->reconcileNow();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 5000);
        reconciler->stop();
        QCOMPARE(stateOf(site, mine), IntentState::Voided);
        QCOMPARE(stateOf(site, booked), IntentState::Capturing);
        QVERIFY(!finished.first().at(2).toBool());
        QVERIFY(!finished.last().at(2).toBool());
        QVERIFY(!site.leaderTaken);
        QCOMPARE(site.captures.load(), 0);
    }
};

QTEST_GUILESS_MAIN(TstBackgroundReconciler)
#include "tst_backgroundreconciler.moc"
