// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The payment fault runs (docs/PAYMENTS.md, "Fault runs"): a card sale by the real
// PaymentProcess, on a real PostgreSQL (the terminal login) through the real HttpPaymentGateway
// to a real boxoffice-paysim on loopback, with each of paysim's faults injected at each external
// step (authorise, capture, void) and the database's faults at the confirm. After the sale (and
// a reconciler pass where it left something unresolved, with paysim restarted where it crashed)
// the end is either a CONFIRMED booking whose payment the service captured, or no booking and a
// payment the service voided, declined or never saw. Counted over the whole table: charged
// without booking = 0, booked without payment = 0.
#include <atomic>
#include <memory>

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSemaphore>
#include <QThread>
#include <QtTest>

#include <spdlog/spdlog.h>

#include "app/adapters/payments/httppaymentgateway.h"
#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/core/clock.h"
#include "model/payments/paymentprocess.h"
#include "model/payments/paymentreconciler.h"
#include "tests/support/paysimrig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_PAYSIM_PATH
#error "BOXOFFICE_PAYSIM_PATH must name the boxoffice-paysim executable"
#endif

using namespace bo;
using bo::test::PaysimRig;
using bo::test::TestDatabase;

namespace {

/// The latency fault: longer than one gateway call (callMs), so every call under it times out.
constexpr int latencyMs = 2'000;
constexpr int callMs = 1'500;
/// How long the authorise and its look-ups may take (the hold's deadline minus the margin).
constexpr int authoriseBudgetMs = 2'500;

/// What the test does to the database: before the intent is stored, or at the confirm.
enum class DbFault {
    Nothing,
    KillBeforeRecord, ///< the till's backend is terminated just before the intent is stored
    SeatsLost,        ///< the hold ran out and another sale took a seat: the confirm is refused
    KillWaiting,      ///< the till's backend is terminated while its confirm waits for a seat's lock
    KillIdle,         ///< the till's backend is terminated just before the confirm is sent
    AnswerLost,       ///< the confirm commits, its answer is lost (as a COMMIT that never answered)
};

/// When paysim, crashed, comes back (with the same journal and port).
enum class Restart {
    AfterSale,    ///< after the sale gave up: the reconciler finds it
    WhileChecking ///< at the till's next pause while it asks again
};

HttpGatewaySettings gatewaySettings(const QUrl& url)
{
    HttpGatewaySettings settings;
    settings.baseUrl = url;
    settings.connectTimeoutMs = 500;
    settings.readTimeoutMs = 600;
    settings.maxAttempts = 2;
    settings.backoffInitialMs = 50;
    settings.backoffMaxMs = 100;
    return settings;
}

PaymentTimings timings()
{
    PaymentTimings t;
    t.callTimeoutMs = callMs;
    t.marginMs = 500;
    t.lookupPauseMs = 100;
    t.confirmAttempts = 3;
    t.captureAttempts = 2;
    return t;
}

QString keyText(const QUuid& key)
{
    return key.toString(QUuid::WithoutBraces);
}

/// The till's seat commands on the real store; AnswerLost makes the next confirm's answer vanish
/// after it committed, as a connection cut between COMMIT and its answer would.
class LossySeats final : public SeatCommands
{
public:
    explicit LossySeats(SeatCommands& inner)
        : m_inner(inner)
    {}

    void loseNextConfirmAnswer() { m_lose = true; }

    Result<HoldDecision> hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                              std::optional<int> ttlSeconds) override
    {
        return m_inner.hold(showtimeId, seatIds, owner, ttlSeconds);
    }
    Result<PaymentStart> beginPayment(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                      const QString& terminal, std::optional<int> ttlSeconds,
                                      const QUuid& terminalId) override
    {
        return m_inner.beginPayment(showtimeId, seatIds, owner, terminal, ttlSeconds, terminalId);
    }
    Result<int> release(int showtimeId, const QUuid& owner, const QList<int>& seatIds) override
    {
        return m_inner.release(showtimeId, owner, seatIds);
    }
    Result<ConfirmResult> confirm(const ConfirmRequest& request) override
    {
        Result<ConfirmResult> done = m_inner.confirm(request);
        if (m_lose && done) {
            m_lose = false;
            return makeError(ErrorCode::Offline, QStringLiteral("the database did not answer"),
                             QStringLiteral("test: the confirm committed, its answer was lost"));
        }
        return done;
    }
    Result<SweepResult> sweep(int batch) override { return m_inner.sweep(batch); }
    Result<int> purgeExpiredKeys() override { return m_inner.purgeExpiredKeys(); }
    Result<QList<SeatState>> seats(int showtimeId, const QUuid& owner) override
    {
        return m_inner.seats(showtimeId, owner);
    }

private:
    SeatCommands& m_inner;
    bool m_lose = false;
};

/// On a thread of its own, as the database's owner: locks the sale's seats, lets the till's
/// confirm run into the lock, terminates the till's backend while it waits, then lets go.
class ConfirmKiller final
{
public:
    ConfirmKiller(const TestDatabase& db, int tillPid, const QUuid& token)
    {
        m_thread.reset(QThread::create([this, &db, tillPid, token] { run(db, tillPid, token); }));
        m_thread->start();
    }
    ~ConfirmKiller() { (void)finish(); }
    ConfirmKiller(const ConfirmKiller&) = delete;
    ConfirmKiller& operator=(const ConfirmKiller&) = delete;

    /// True once the seats are locked (false when that did not happen within 5 s).
    [[nodiscard]] bool waitLocked() { return m_locked.tryAcquire(1, 5'000); }
    /// Joins the thread; what went wrong, empty when the till's backend was killed in its wait.
    [[nodiscard]] QString finish()
    {
        if (m_thread && !m_thread->wait(10'000))
            return QStringLiteral("the killer did not finish");
        return m_failure;
    }

private:
    void run(const TestDatabase& db, int tillPid, const QUuid& token)
    {
        auto owner = db.connectAsOwner(QStringLiteral("faults-killer"));
        if (!owner || !owner->begin() ||
            !owner->exec(QStringLiteral("SELECT 1 FROM showtime_seat WHERE held_by = ?::uuid FOR UPDATE"),
                         {keyText(token)})) {
            m_failure = QStringLiteral("could not lock the seats");
            m_locked.release();
            return;
        }
        m_locked.release();
        QElapsedTimer waited;
        waited.start();
        bool waiting = false;
        while (!waiting && waited.elapsed() < 5'000) {
            auto rows = owner->exec(
                QStringLiteral(
                    "SELECT count(*) FROM pg_stat_activity WHERE pid = ? AND wait_event_type = 'Lock'"),
                {tillPid});
            waiting = rows && rows.value().next() && rows.value().value(0).toInt() == 1;
            if (!waiting)
                QThread::msleep(10);
        }
        if (!waiting)
            m_failure = QStringLiteral("the till's confirm never waited for the seats' lock");
        else if (!owner->exec(QStringLiteral("SELECT pg_terminate_backend(?)"), {tillPid}))
            m_failure = QStringLiteral("pg_terminate_backend failed");
        owner->rollback();
    }

    std::unique_ptr<QThread> m_thread;
    QSemaphore m_locked;
    QString m_failure;
};

struct Totals
{
    int runs = 0;
    int chargedWithoutBooking = 0;
    int bookedWithoutPayment = 0;
    int resolvedBySale = 0;
    int resolvedByReconciler = 0;
};

} // namespace

class TstPaymentFaults final : public QObject
{
    Q_OBJECT

public:
    TstPaymentFaults()
        : m_paysim(QStringLiteral(BOXOFFICE_PAYSIM_PATH))
    {}

private slots:
    void initTestCase()
    {
        spdlog::set_level(spdlog::level::warn);
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        QVERIFY2(m_paysim.start({QStringLiteral("--seed"), QStringLiteral("7")}),
                 m_paysim.standardError().constData());
        m_showtime = m_db->addShowtime(4, 10);
        QVERIFY(m_showtime > 0);
        m_seats = m_db->seatIds(m_showtime);
        m_till = m_db->connect(QStringLiteral("faults-till"));
        QVERIFY(m_till);
        m_other = m_db->connect(QStringLiteral("faults-other-sale"));
        QVERIFY(m_other);
    }

    void cleanupTestCase()
    {
        qInfo("fault runs: %d runs (%d resolved by the sale, %d by the reconciler), charged without "
              "booking = %d, booked without payment = %d",
              m_totals.runs, m_totals.resolvedBySale, m_totals.resolvedByReconciler,
              m_totals.chargedWithoutBooking, m_totals.bookedWithoutPayment);
        m_till.reset();
        m_other.reset();
        m_db.reset();
        (void)m_paysim.stop();
    }

    void faultAtStep_data()
    {
        QTest::addColumn<QString>("step");       // authorise, confirm, capture, void ("" none)
        QTest::addColumn<QJsonObject>("faults"); // paysim's, for the step's calls
        QTest::addColumn<bool>("crash");         // paysim exits after the step's first request
        QTest::addColumn<int>("restart");        // Restart, when crash
        QTest::addColumn<int>("dbFault");        // DbFault
        QTest::addColumn<QString>("outcome");    // the sale's, paymentOutcomeName
        QTest::addColumn<QString>("afterSale");  // the intent's state when the sale ended
        QTest::addColumn<QString>("intent");     // the intent's state at the end
        QTest::addColumn<bool>("booked");
        QTest::addColumn<QString>("service"); // the payment's state at paysim, "none" when unseen

        const auto seatsLost = int(DbFault::SeatsLost);
        const auto none = int(DbFault::Nothing);
        const auto after = int(Restart::AfterSale);
        const QJsonObject noFault;
        const QJsonObject decline{{QStringLiteral("decline_rate"), 1}};
        const QJsonObject error500Once{{QStringLiteral("error_next"), 1}};
        const QJsonObject error500Always{{QStringLiteral("error_rate"), 1}};
        const QJsonObject latency{{QStringLiteral("latency_ms"), latencyMs}};
        const QJsonObject timeoutOnce{{QStringLiteral("timeout_next"), 1}};
        const QJsonObject timeoutAlways{{QStringLiteral("timeout_rate"), 1}};
        // Qt Network sends a request again by itself once when its connection closes unanswered:
        // dropped twice, the adapter's own retry is needed.
        const QJsonObject dropTwice{{QStringLiteral("drop_next"), 2}};
        const QJsonObject dropAlways{{QStringLiteral("drop_rate"), 1}};

        const QString paid = QStringLiteral("paid");
        const QString unknown = QStringLiteral("unknown");
        const QString lost = QStringLiteral("seats-lost");
        const QString authorising = QStringLiteral("AUTHORISING");
        const QString captured = QStringLiteral("CAPTURED");
        const QString voided = QStringLiteral("VOIDED");

        // A fault that happens once is taken care of within the sale (the adapter asks again with
        // the same key, or the sale looks the payment up); one that lasts through the step is left
        // to the reconciler, never guessed.
        QTest::newRow("no fault") << QString() << noFault << false << after << none << paid << captured
                                  << captured << true << "captured";

        const QString a = QStringLiteral("authorise");
        QTest::newRow("authorise: declined") << a << decline << false << after << none << "declined"
                                             << "DECLINED"
                                             << "DECLINED" << false << "declined";
        QTest::newRow("authorise: 500 once") << a << error500Once << false << after << none << paid
                                             << captured << captured << true << "captured";
        QTest::newRow("authorise: 500 always") << a << error500Always << false << after << none << unknown
                                               << authorising << "ABANDONED" << false << "none";
        QTest::newRow("authorise: latency beyond the call")
            << a << latency << false << after << none << unknown << authorising << voided << false
            << "voided";
        QTest::newRow("authorise: processed, answer never (once)")
            << a << timeoutOnce << false << after << none << paid << captured << captured << true
            << "captured";
        QTest::newRow("authorise: processed, answer never (always)")
            << a << timeoutAlways << false << after << none << paid << captured << captured << true
            << "captured";
        QTest::newRow("authorise: processed, dropped (twice)")
            << a << dropTwice << false << after << none << paid << captured << captured << true << "captured";
        QTest::newRow("authorise: processed, dropped (always)")
            << a << dropAlways << false << after << none << paid << captured << captured << true
            << "captured";
        QTest::newRow("authorise: crash, restarted after the sale")
            << a << noFault << true << after << none << unknown << authorising << voided << false << "voided";
        QTest::newRow("authorise: crash, restarted while checking")
            << a << noFault << true << int(Restart::WhileChecking) << none << paid << captured << captured
            << true << "captured";

        QTest::newRow("record: backend killed before the intent is stored")
            << QStringLiteral("record") << noFault << false << after << int(DbFault::KillBeforeRecord) << paid
            << captured << captured << true << "captured";

        const QString c = QStringLiteral("confirm");
        QTest::newRow("confirm: hold expired, seat taken")
            << c << noFault << false << after << seatsLost << lost << voided << voided << false << "voided";
        QTest::newRow("confirm: backend killed while waiting")
            << c << noFault << false << after << int(DbFault::KillWaiting) << paid << captured << captured
            << true << "captured";
        QTest::newRow("confirm: backend killed before it")
            << c << noFault << false << after << int(DbFault::KillIdle) << paid << captured << captured
            << true << "captured";
        QTest::newRow("confirm: committed, answer lost")
            << c << noFault << false << after << int(DbFault::AnswerLost) << paid << captured << captured
            << true << "captured";

        struct NetworkFault
        {
            const char* name;
            QJsonObject faults;
            bool lasting; ///< through the whole step: the sale leaves it to the reconciler
        };
        const QList<NetworkFault> networkFaults{
            {"500 once", error500Once, false},
            {"500 always", error500Always, true},
            {"latency beyond the call", latency, true},
            {"processed, answer never (once)", timeoutOnce, false},
            {"processed, answer never (always)", timeoutAlways, true},
            {"processed, dropped (twice)", dropTwice, false},
            {"processed, dropped (always)", dropAlways, true},
        };
        const QString p = QStringLiteral("capture");
        for (const NetworkFault& f : networkFaults)
            QTest::addRow("capture: %s", f.name)
                << p << f.faults << false << after << none << paid
                << (f.lasting ? QStringLiteral("CAPTURING") : captured) << captured << true << "captured";
        QTest::newRow("capture: crash, restarted after the sale")
            << p << noFault << true << after << none << paid << "CAPTURING" << captured << true << "captured";

        const QString v = QStringLiteral("void");
        for (const NetworkFault& f : networkFaults)
            QTest::addRow("void: %s", f.name)
                << v << f.faults << false << after << seatsLost << lost
                << (f.lasting ? QStringLiteral("VOIDING") : voided) << voided << false << "voided";
        QTest::newRow("void: crash, restarted after the sale")
            << v << noFault << true << after << seatsLost << lost << "VOIDING" << voided << false << "voided";
    }

    void faultAtStep()
    {
        QFETCH(QString, step);
        QFETCH(QJsonObject, faults);
        QFETCH(bool, crash);
        QFETCH(int, restart);
        QFETCH(int, dbFault);
        QFETCH(QString, outcome);
        QFETCH(QString, afterSale);
        QFETCH(QString, intent);
        QFETCH(bool, booked);
        QFETCH(QString, service);

        QElapsedTimer rowTime;
        rowTime.start();
        QVERIFY(m_paysim.setFaults({{QStringLiteral("reset"), true}}));
        const int row = ++m_row;
        const QString terminal = QStringLiteral("faults-%1").arg(row);
        // A seat of its own on the one showtime: rows do not meet.
        const int showtime = m_showtime;
        QVERIFY(row <= m_seats.size());
        const QList<int> seats{m_seats.at(row - 1)};

        // The sale: seats held, the hold extended for the payment and its booking opened.
        SeatStore store(*m_till);
        LossySeats till(store);
        const QUuid token = QUuid::createUuid();
        auto held = store.hold(showtime, seats, token);
        QVERIFY(held && held.value().granted);
        auto started = store.beginPayment(showtime, seats, token, terminal);
        QVERIFY2(started, qPrintable(started ? QString() : started.error().detail));

        NewPaymentIntent request;
        request.key = QUuid::createUuid();
        request.holdToken = token;
        request.showtimeId = showtime;
        request.bookingId = started.value().bookingId;
        request.bookingCode = started.value().bookingCode;
        request.terminal = terminal;
        request.method = PaymentMethod::Card;
        request.amountMinor = 10'000;
        request.currency = QStringLiteral("KRW");
        request.gateway = QStringLiteral("http");
        ConfirmRequest confirm;
        confirm.terminal = terminal;
        confirm.key = QUuid::createUuid();
        confirm.showtimeId = showtime;
        confirm.owner = token;
        confirm.seatIds = seats;
        confirm.tiers = {QStringLiteral("adult")};

        // The fault is on for its step's calls only: set when the step starts, reset when the
        // next one does (or the sale ends).
        QString failure; // what went wrong in the injection itself
        bool faultOn = false;
        bool injected = false;
        QString current;
        std::unique_ptr<ConfirmKiller> killer;
        auto inject = [&] {
            injected = true;
            if (crash) {
                const int sent = m_paysim.stats().value(QLatin1String("payment_requests")).toInt();
                faultOn = m_paysim.setFaults({{QStringLiteral("crash_after"), sent + 1}});
            } else if (!faults.isEmpty()) {
                faultOn = m_paysim.setFaults(faults);
            }
            if ((crash || !faults.isEmpty()) && !faultOn)
                failure = QStringLiteral("paysim did not take the faults");
        };
        auto dbFaultAt = [&] {
            switch (DbFault(dbFault)) {
            case DbFault::Nothing:
                break;
            case DbFault::SeatsLost: {
                // The hold runs out and another sale takes the seat before this one confirms.
                if (m_db->expireHoldsOf(token) != 1)
                    failure = QStringLiteral("the hold did not expire");
                SeatStore other(*m_other);
                auto taken = other.hold(showtime, seats, QUuid::createUuid());
                if (!taken || !taken.value().granted)
                    failure = QStringLiteral("the other sale could not take the seat");
                break;
            }
            case DbFault::KillBeforeRecord:
            case DbFault::KillWaiting:
            case DbFault::KillIdle: {
                auto pid = m_till->exec(QStringLiteral("SELECT pg_backend_pid()"));
                if (!pid || !pid.value().next()) {
                    failure = QStringLiteral("no backend pid");
                    break;
                }
                const int tillPid = pid.value().value(0).toInt();
                if (DbFault(dbFault) == DbFault::KillWaiting) {
                    killer = std::make_unique<ConfirmKiller>(*m_db, tillPid, token);
                    if (!killer->waitLocked())
                        failure = QStringLiteral("the seats were not locked in time");
                    break;
                }
                auto owner = m_db->connectAsOwner(QStringLiteral("faults-owner"));
                auto killed = owner ? owner->exec(QStringLiteral("SELECT pg_terminate_backend(?)"), {tillPid})
                                    : Result<Rows>(makeError(ErrorCode::Offline, QStringLiteral("no owner")));
                if (!killed || !killed.value().next() || !killed.value().value(0).toBool())
                    failure = QStringLiteral("the till's backend was not terminated");
                break;
            }
            case DbFault::AnswerLost:
                till.loseNextConfirmAnswer();
                break;
            }
        };
        auto progress = [&](PaymentPhase phase) {
            QString now;
            switch (phase) {
            case PaymentPhase::Recording:
                now = QStringLiteral("record");
                break;
            case PaymentPhase::Authorising:
            case PaymentPhase::Checking:
                now = QStringLiteral("authorise");
                break;
            case PaymentPhase::Confirming:
                now = QStringLiteral("confirm");
                break;
            case PaymentPhase::Capturing:
                now = QStringLiteral("capture");
                break;
            case PaymentPhase::Voiding:
                now = QStringLiteral("void");
                break;
            }
            if (now == current)
                return;
            if (faultOn && m_paysim.running())
                faultOn = !m_paysim.setFaults({{QStringLiteral("reset"), true}});
            current = now;
            const bool dbFaultHere = DbFault(dbFault) == DbFault::KillBeforeRecord
                                         ? current == QLatin1String("record")
                                         : current == QLatin1String("confirm");
            if (dbFaultHere)
                dbFaultAt();
            if (current == step && !injected)
                inject();
        };
        bool restarted = false;
        auto pause = [&](int ms) {
            if (crash && Restart(restart) == Restart::WhileChecking && !restarted &&
                m_paysim.waitForExit(0) == 99) {
                restartPaysim(&failure);
                restarted = true;
            }
            QThread::msleep(static_cast<unsigned long>(ms));
        };

        HttpPaymentGateway gateway(gatewaySettings(m_paysim.url()));
        PaymentIntentStore intents(*m_till);
        // The payment service records the card's states with its own login (migration 0044).
        auto serviceIntents =
            PaymentIntentStore::open(m_db->serviceSettings(), QStringLiteral("faults-service"));
        QVERIFY(serviceIntents);
        LocalCardPayments cards(intents, *serviceIntents.value(), gateway);
        SteadyClock clock;
        PaymentProcess process(intents, till, &cards, clock, pause, timings());
        const qint64 setUpMs = rowTime.elapsed();
        QElapsedTimer ran;
        ran.start();
        const PaymentOutcome out = process.payByCard(
            request, confirm, clock.nowMs() + timings().marginMs + authoriseBudgetMs, progress);
        const qint64 saleMs = ran.elapsed();
        if (killer)
            failure += killer->finish();
        // A paysim that crashed may not be seen gone yet: it is started again below.
        if (faultOn && m_paysim.running())
            (void)m_paysim.setFaults({{QStringLiteral("reset"), true}});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY2(step.isEmpty() || injected, "the step was never reached");
        if (crash && !restarted)
            restartPaysim(&failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        // The sale ends as the till ends it: unless paid, its seats go back and its pending
        // booking is cancelled (a declined card's seats stay held only for another try).
        if (out.kind != PaymentOutcome::Kind::Paid)
            (void)store.release(showtime, token);

        // A reconciler pass (a new process: its own connection and gateway) for what the sale
        // left unresolved. Its grace: longer than the service may still be working on a call the
        // till gave up on (the latency fault's requests are processed that late).
        // (No intent stored at all: nothing was sent, nothing is left to resolve.)
        const bool resolvedBySale = out.intent.request.key.isNull() || isResolved(out.intent.state);
        if (!resolvedBySale) {
            if (faults.contains(QLatin1String("latency_ms")))
                QThread::msleep(latencyMs + 300);
            auto connection = m_db->connect(QStringLiteral("faults-reconciler"));
            QVERIFY(connection);
            PaymentIntentStore reconcilerIntents(*connection);
            SeatStore reconcilerSeats(*connection);
            HttpPaymentGateway reconcilerGateway(gatewaySettings(m_paysim.url()));
            auto reconcilerService = PaymentIntentStore::open(m_db->serviceSettings(),
                                                              QStringLiteral("faults-reconciler-service"));
            QVERIFY(reconcilerService);
            LocalCardPayments reconcilerCards(reconcilerIntents, *reconcilerService.value(),
                                              reconcilerGateway);
            PaymentProcess reconcilerProcess(
                reconcilerIntents, reconcilerSeats, &reconcilerCards, clock,
                [](int ms) { QThread::msleep(static_cast<unsigned long>(ms)); }, timings());
            PaymentReconciler reconciler(reconcilerIntents, reconcilerProcess);
            ReconcileScope scope;
            scope.terminal = terminal;
            auto pass = reconciler.runOnce(scope);
            QVERIFY2(pass, qPrintable(pass ? QString() : pass.error().detail));
        }

        // The truth on both sides: the booking in the database, the money at the service.
        auto after = intents.find(request.key);
        QVERIFY2(after || after.error().code == ErrorCode::NotFound,
                 qPrintable(after ? QString() : after.error().detail));
        const QString endState =
            after ? QString::fromLatin1(intentStateName(after.value().state)) : QStringLiteral("none");
        const QString bookingStatus = m_db->scalar(
            QStringLiteral("SELECT status FROM booking WHERE id = '%1'").arg(keyText(request.bookingId)));
        const bool isBooked = bookingStatus == QLatin1String("CONFIRMED");
        const test::HttpAnswer atService =
            m_paysim.get(QStringLiteral("/v1/payments/") + keyText(request.key));
        QVERIFY(atService.answered);
        const QString charged = atService.status == 200
                                    ? atService.body.value(QLatin1String("state")).toString()
                                    : QStringLiteral("none");
        const bool isCharged = charged == QLatin1String("captured") || charged == QLatin1String("authorised");

        ++m_totals.runs;
        ++(resolvedBySale ? m_totals.resolvedBySale : m_totals.resolvedByReconciler);
        if (isCharged && !isBooked)
            ++m_totals.chargedWithoutBooking;
        if (isBooked && charged != QLatin1String("captured"))
            ++m_totals.bookedWithoutPayment;
        qInfo(
            "%s: sale %s in %lld ms (row %lld ms, set-up %lld ms), intent %s after the sale, %s at the end; "
            "booking %s; service %s",
            QTest::currentDataTag(), paymentOutcomeName(out.kind), saleMs, rowTime.elapsed(), setUpMs,
            intentStateName(out.intent.state), qPrintable(endState), qPrintable(bookingStatus),
            qPrintable(charged));

        // The money first (counted above whatever else went wrong), then the path to it.
        QVERIFY2(isBooked ? charged == QLatin1String("captured") : !isCharged,
                 QJsonDocument(atService.body).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(QString::fromLatin1(paymentOutcomeName(out.kind)), outcome);
        QCOMPARE(QString::fromLatin1(intentStateName(out.intent.state)), afterSale);
        QCOMPARE(endState, intent);
        QCOMPARE(isBooked, booked);
        QCOMPARE(charged, service);
    }

private:
    /// Starts paysim again on its port with its journal, after its simulated crash (status 99).
    void restartPaysim(QString* failure)
    {
        const quint16 port = m_paysim.port();
        if (const int status = m_paysim.waitForExit(5'000); status != 99)
            *failure += QStringLiteral("paysim ended with %1, not the simulated crash; ").arg(status);
        if (!m_paysim.start({QStringLiteral("--seed"), QStringLiteral("7")}, port))
            *failure += QStringLiteral("paysim did not start again; ");
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_till;
    std::unique_ptr<DbConnection> m_other;
    PaysimRig m_paysim;
    int m_showtime = 0;
    QList<int> m_seats;
    Totals m_totals;
    int m_row = 0;
};

QTEST_GUILESS_MAIN(TstPaymentFaults)
#include "tst_paymentfaults.moc"
