// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// CrowdDriver: the crowd's client loop, a customer's steps as a pool thread runs them.
#include "app/tools/bench/crowddriver.h"

#include <chrono>

#include "app/tools/bench/crowdhall.h"
#include "app/tools/bench/steadyclock.h"
#include "app/tools/bench/strategies.h"
#include "model/payments/simulatedpayments.h"

namespace bo::bench {
namespace {

constexpr qint64 priceMinor = 12000;    // one adult ticket of the demo's standard list, KRW
constexpr int paymentTimeoutMs = 10000; // the simulated terminal answers at once (see pay())

} // namespace

CrowdDriver::CrowdDriver(CrowdHall& hall, const CrowdOptions& options, std::vector<CrowdCustomer>& customers,
                         qint64 startNs, int runIndex)
    : m_hall(hall)
    , m_options(options)
    , m_customers(customers)
    , m_startNs(startNs)
    , m_runIndex(runIndex)
{}

void CrowdDriver::serve(const QString& strategy, const StrategyContext& context,
                        const CrowdAdmissionFactory& admission, SimulatedPaymentService& payments, int index,
                        CrowdTally& tally, std::latch& ready, std::latch& sampled)
{
    Kit kit{
        nullptr, payments.factory()(), nullptr, tally,
        std::mt19937_64(quint64(m_options.seed) * 7919ULL + quint64(m_runIndex) * 131ULL + quint64(index))};
    auto connected = connectClient(strategy, context, 1000 + index);
    if (!connected)
        note(tally, QStringLiteral("connect: "), connected.error());
    else
        kit.client = std::move(connected).value();
    if (admission) {
        auto made = admission(index);
        if (!made)
            note(tally, QStringLiteral("admission: "), made.error());
        else
            kit.admission = std::move(made).value();
    }
    if (kit.client) {
        // Warm up: statements prepared, caches filled, on a seat at the back that ends free.
        const QList<int> seat{m_hall.seatId(m_hall.size() - 1 - index % m_hall.size())};
        const QUuid token = QUuid::createUuid();
        const Result<HoldDecision> held = kit.client->hold(seat, token);
        if (held && held.value().granted)
            (void)kit.client->release(seat, token);
    }
    ready.count_down();
    if (kit.client && (!admission || kit.admission)) {
        while (const std::optional<int> c = m_agenda.next())
            step(m_customers[size_t(*c)], kit);
    }
    sampled.wait(); // the server's CPU is read while the connections are still open
    kit.admission.reset();
    kit.client.reset(); // closed on the thread that opened it
}

qint64 CrowdDriver::sinceStart() const
{
    return nowNs() - m_startNs;
}

qint64 CrowdDriver::scaledNs(Kit& kit, int lowMs, int highMs) const
{
    std::uniform_int_distribution<int> ms(lowMs, highMs);
    return qint64(double(ms(kit.random)) * m_options.thinkScale * 1e6);
}

void CrowdDriver::note(CrowdTally& tally, const QString& what, const Error& e)
{
    if (tally.firstError.isEmpty())
        tally.firstError = what + e.message + (e.detail.isEmpty() ? QString() : QLatin1Char(' ') + e.detail);
}

void CrowdDriver::step(CrowdCustomer& c, Kit& kit)
{
    if (m_agenda.closing()) {
        close(c, kit);
        return;
    }
    switch (c.stage) {
    case CrowdCustomer::Stage::Arrive:
        arrive(c, kit);
        break;
    case CrowdCustomer::Stage::Wait:
        wait(c, kit);
        break;
    case CrowdCustomer::Stage::Choose:
        choose(c, kit);
        break;
    case CrowdCustomer::Stage::Pay:
        pay(c, kit);
        break;
    case CrowdCustomer::Stage::Confirm:
        confirm(c, kit);
        break;
    case CrowdCustomer::Stage::Done:
        break;
    }
}

void CrowdDriver::arrive(CrowdCustomer& c, Kit& kit)
{
    c.arrivedNs = sinceStart();
    if (!kit.admission) {
        choose(c, kit);
        return;
    }
    const Result<AdmissionState> joined = kit.admission->join(c.token);
    if (!joined) {
        ++kit.tally.errors;
        note(kit.tally, QStringLiteral("queue join: "), joined.error());
        finish(c, kit);
        return;
    }
    c.joined = true;
    c.joinedNs = sinceStart();
    admitted(c, kit, joined.value());
}

void CrowdDriver::wait(CrowdCustomer& c, Kit& kit)
{
    const Result<AdmissionState> polled = kit.admission->poll(c.token);
    if (!polled) {
        ++kit.tally.errors;
        note(kit.tally, QStringLiteral("queue poll: "), polled.error());
        finish(c, kit);
        return;
    }
    admitted(c, kit, polled.value());
}

void CrowdDriver::admitted(CrowdCustomer& c, Kit& kit, const AdmissionState& state)
{
    if (!state.admitted) {
        c.stage = CrowdCustomer::Stage::Wait;
        m_agenda.push(nowNs() + pollNs(), c.index);
        return;
    }
    c.admittedNs = sinceStart();
    c.admissionOrder = state.order;
    choose(c, kit);
}

void CrowdDriver::choose(CrowdCustomer& c, Kit& kit)
{
    c.positions = m_hall.pick(c.want, c.refused, kit.random);
    if (c.positions.isEmpty()) {
        c.gaveUp = true; // nothing left that suits: sold out for this customer
        finish(c, kit);
        return;
    }
    const QList<int> seats = m_hall.seatIds(c.positions);
    ++c.tries;
    ++kit.tally.holdAttempts;
    const auto started = std::chrono::steady_clock::now();
    const Result<HoldDecision> held = kit.client->hold(seats, c.token);
    kit.tally.holdMicros.push_back(
        std::chrono::duration<float, std::micro>(std::chrono::steady_clock::now() - started).count());
    if (held && held.value().granted) {
        ++kit.tally.holds;
        if (const int taken = m_hall.claim(c.positions, c.index + 1); taken > 0) {
            kit.tally.doubleOwners += taken;
            if (kit.tally.firstViolation.isEmpty())
                kit.tally.firstViolation =
                    QStringLiteral("customer %1 was granted %2 seats someone else held")
                        .arg(c.index)
                        .arg(taken);
        }
        if (c.firstHoldNs < 0)
            c.firstHoldNs = sinceStart();
        c.stage = CrowdCustomer::Stage::Pay;
        m_agenda.push(nowNs() + scaledNs(kit, 15000, 45000), c.index);
        return;
    }
    if (!held) {
        ++kit.tally.errors;
        note(kit.tally, QStringLiteral("hold: "), held.error());
    } else {
        ++kit.tally.conflicts;
    }
    for (int p : std::as_const(c.positions))
        c.refused.insert(p);
    c.positions.clear();
    if (c.tries >= m_options.tries) {
        c.gaveUp = true;
        finish(c, kit);
        return;
    }
    c.stage = CrowdCustomer::Stage::Choose;
    m_agenda.push(nowNs() + scaledNs(kit, 1500, 3000), c.index);
}

void CrowdDriver::pay(CrowdCustomer& c, Kit& kit)
{
    c.paymentKey = QUuid::createUuid();
    AuthoriseRequest request;
    request.key = c.paymentKey;
    request.amountMinor = priceMinor * c.want;
    request.currency = QStringLiteral("KRW");
    request.saleReference = c.token.toString(QUuid::WithoutBraces);
    request.terminalId = QStringLiteral("crowd");
    request.timeoutMs = paymentTimeoutMs;
    const GatewayReply reply = kit.gateway->authorise(request);
    if (reply.outcome != GatewayOutcome::Done) {
        ++kit.tally.errors;
        note(kit.tally, QStringLiteral("authorise: "), makeError(ErrorCode::Internal, reply.reason));
        release(c, kit);
        finish(c, kit);
        return;
    }
    c.stage = CrowdCustomer::Stage::Confirm;
    m_agenda.push(nowNs() + scaledNs(kit, 5000, 15000), c.index);
}

void CrowdDriver::confirm(CrowdCustomer& c, Kit& kit)
{
    const Status confirmed = kit.client->confirm(m_hall.seatIds(c.positions), c.token, QUuid::createUuid());
    if (confirmed) {
        (void)kit.gateway->capture(c.paymentKey, priceMinor * c.want, paymentTimeoutMs);
        c.sold = true;
        m_soldSeats += c.positions.size();
        qint64 last = m_lastSaleNs.load();
        const qint64 now = sinceStart();
        while (now > last && !m_lastSaleNs.compare_exchange_weak(last, now)) {
        }
    } else {
        ++kit.tally.confirmFailures;
        note(kit.tally, QStringLiteral("confirm: "), confirmed.error());
        (void)kit.gateway->voidPayment(c.paymentKey, paymentTimeoutMs);
        release(c, kit);
    }
    finish(c, kit);
}

void CrowdDriver::close(CrowdCustomer& c, Kit& kit)
{
    if (c.stage == CrowdCustomer::Stage::Pay || c.stage == CrowdCustomer::Stage::Confirm) {
        if (!c.paymentKey.isNull())
            (void)kit.gateway->voidPayment(c.paymentKey, paymentTimeoutMs);
        release(c, kit);
    }
    c.timedOut = true;
    finish(c, kit);
}

void CrowdDriver::release(CrowdCustomer& c, Kit& kit)
{
    if (c.positions.isEmpty())
        return;
    // Off the map before the release is sent: until it commits nobody can take them.
    m_hall.vacate(c.positions);
    const Result<int> freed = kit.client->release(m_hall.seatIds(c.positions), c.token);
    if (!freed) {
        ++kit.tally.errors;
        note(kit.tally, QStringLiteral("release: "), freed.error());
    } else if (freed.value() != c.positions.size()) {
        ++kit.tally.lostHolds;
        if (kit.tally.firstViolation.isEmpty())
            kit.tally.firstViolation = QStringLiteral("release of a %1-seat hold found %2 seats held")
                                           .arg(c.positions.size())
                                           .arg(freed.value());
    }
    c.positions.clear();
}

void CrowdDriver::finish(CrowdCustomer& c, Kit& kit)
{
    if (c.joined && kit.admission) {
        if (Status left = kit.admission->leave(c.token); !left) {
            ++kit.tally.errors;
            note(kit.tally, QStringLiteral("queue leave: "), left.error());
        }
    }
    c.stage = CrowdCustomer::Stage::Done;
    c.doneNs = sinceStart();
    m_agenda.finished();
}

} // namespace bo::bench
