// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// CrowdDriver: the crowd run's client loop, apart from its set-up and its figures
// (app/tools/bench/crowdrun.h): the customer as a state machine of timed steps (CrowdCustomer),
// what one pool thread counts (CrowdTally), and the pool thread that takes the steps off the
// agenda as they fall due: queue, choose and hold, pay, confirm, release, leave.
#pragma once

#include <atomic>
#include <latch>
#include <memory>
#include <random>
#include <vector>

#include <QList>
#include <QSet>
#include <QString>
#include <QUuid>

#include "app/tools/bench/crowdadmission.h"
#include "app/tools/bench/crowdagenda.h"
#include "app/tools/bench/crowdoptions.h"
#include "app/tools/bench/strategyclient.h"
#include "model/core/result.h"
#include "model/payments/paymentgateway.h"

namespace bo {
class SimulatedPaymentService;
} // namespace bo

namespace bo::bench {

class CrowdHall;

/// One customer of the crowd: a state machine whose steps the pool threads run one at a time.
struct CrowdCustomer
{
    enum class Stage { Arrive, Wait, Choose, Pay, Confirm, Done };

    int index = 0; ///< arrival order
    int want = 1;  ///< seats, adjacent
    qint64 arrivalNs = 0;
    Stage stage = Stage::Arrive;
    QUuid token = QUuid::createUuid();
    QUuid paymentKey;
    QList<int> positions; ///< the held block, hall positions
    QSet<int> refused;
    int tries = 0;
    qint64 arrivedNs = -1; ///< when its first step ran (the join was sent), from the run's start
    qint64 joinedNs = -1;  ///< when the queue answered the join
    qint64 admittedNs = -1;
    qint64 admissionOrder = -1; ///< the queue's own count of admissions before this customer's
    qint64 firstHoldNs = -1;
    qint64 doneNs = -1;
    bool joined = false;
    bool sold = false;
    bool gaveUp = false;
    bool timedOut = false;
};

/// What one pool thread counted.
struct CrowdTally
{
    std::vector<float> holdMicros;
    qint64 holdAttempts = 0;
    qint64 holds = 0;
    qint64 conflicts = 0;
    qint64 errors = 0;
    qint64 confirmFailures = 0;
    qint64 doubleOwners = 0;
    qint64 lostHolds = 0;
    QString firstError;
    QString firstViolation;
};

/// Everything of one run the pool threads share.
class CrowdDriver final
{
public:
    /// `hall`, `options` and `customers` outlive the driver; `startNs` is the run's start on the
    /// steady clock (nowNs()), `runIndex` seeds the pool threads' random choices.
    CrowdDriver(CrowdHall& hall, const CrowdOptions& options, std::vector<CrowdCustomer>& customers,
                qint64 startNs, int runIndex);

    CrowdAgenda& agenda() { return m_agenda; }
    [[nodiscard]] qint64 soldSeats() const { return m_soldSeats.load(); }
    /// The last confirmed sale, from the run's start.
    [[nodiscard]] qint64 lastSaleNs() const { return m_lastSaleNs.load(); }

    /// One pool thread: its own client, gateway and admission handle; steps until quit. Counts
    /// `ready` down once connected and warmed up, and waits for `sampled` before disconnecting.
    void serve(const QString& strategy, const StrategyContext& context,
               const CrowdAdmissionFactory& admission, SimulatedPaymentService& payments, int index,
               CrowdTally& tally, std::latch& ready, std::latch& sampled);

private:
    struct Kit
    {
        std::unique_ptr<StrategyClient> client;
        std::unique_ptr<PaymentGateway> gateway;
        std::unique_ptr<CrowdAdmission> admission;
        CrowdTally& tally;
        std::mt19937_64 random;
    };

    [[nodiscard]] qint64 sinceStart() const;
    [[nodiscard]] qint64 scaledNs(Kit& kit, int lowMs, int highMs) const;
    [[nodiscard]] qint64 pollNs() const { return qint64(m_options.pollMs) * 1'000'000; }
    static void note(CrowdTally& tally, const QString& what, const Error& e);

    void step(CrowdCustomer& c, Kit& kit);
    void arrive(CrowdCustomer& c, Kit& kit);
    void wait(CrowdCustomer& c, Kit& kit);
    void admitted(CrowdCustomer& c, Kit& kit, const AdmissionState& state);
    void choose(CrowdCustomer& c, Kit& kit);
    /// The card is presented: the simulated terminal authorises at once (its answer delay is
    /// zero), and the customer's time at the terminal is the agenda's wait before the confirm,
    /// so no pool thread sleeps through it.
    void pay(CrowdCustomer& c, Kit& kit);
    void confirm(CrowdCustomer& c, Kit& kit);
    /// The run's bound came: let go of what the customer holds and leave.
    void close(CrowdCustomer& c, Kit& kit);
    void release(CrowdCustomer& c, Kit& kit);
    void finish(CrowdCustomer& c, Kit& kit);

    CrowdHall& m_hall;
    const CrowdOptions& m_options;
    std::vector<CrowdCustomer>& m_customers;
    const qint64 m_startNs;
    const int m_runIndex;
    CrowdAgenda m_agenda;
    std::atomic<qint64> m_soldSeats{0};
    std::atomic<qint64> m_lastSaleNs{0};
};

} // namespace bo::bench
