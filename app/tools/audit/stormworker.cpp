// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// StormWorker: the run loop of one storm terminal and its sale steps, with the worker's own
// checks of what a step was told (w1, w5, w6, w7).
#include "app/tools/audit/stormworker.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <thread>

#include <QJsonObject>

#include "app/tools/audit/confirmtwin.h"
#include "app/tools/audit/replayjudge.h"
#include "app/tools/audit/stormmanager.h"
#include "db/dbconnection.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"

namespace bo::audit {
namespace {

constexpr int maxSeatsPerHold = 4;

} // namespace

StormWorker::StormWorker(const AuditStormTarget& target, const AuditStormOptions& options,
                         const SchemaFeatures& features, const StormCash& cash, const StormHall& hall,
                         int index, QUuid tillId, quint32 seed, StormShared& shared,
                         const QDeadlineTimer& deadline)
    : m_target(target)
    , m_options(options)
    , m_features(features)
    , m_hall(hall)
    , m_index(index)
    , m_rng(seed)
    , m_shared(shared)
    , m_deadline(deadline)
    , m_terminal(QStringLiteral("audit-%1").arg(index))
    , m_otherTerminal(QStringLiteral("audit-%1-elsewhere").arg(index))
    , m_cash(cash)
    , m_tillId(tillId)
    , m_manager(target.manager, index, m_ledger)
{}

StormWorker::~StormWorker() = default;

StormLedger StormWorker::run()
{
    auto opened = DbConnection::open(m_target.terminal, QStringLiteral("audit-worker-%1").arg(m_index));
    if (!opened) {
        m_ledger.error(QStringLiteral("connect"), opened.error());
        return m_ledger;
    }
    m_connection = std::move(opened).value();
    SeatStore store(*m_connection);
    m_store = &store;
    StormTill till(*m_connection, m_cash, m_hall.showtime, m_index, m_terminal, m_tillId, m_rng, m_ledger);
    m_till = &till;
    ReplayJudge judge(store, m_shared, m_ledger);
    m_judge = &judge;
    ConfirmTwin twin(m_target.terminal, QStringLiteral("audit-twin-%1").arg(m_index));
    m_twin = &twin;
    if (!m_cash.pays || till.open(store)) {
        newSale();
        const qint64 maxOps =
            m_options.maxOpsPerWorker > 0 ? m_options.maxOpsPerWorker : qint64(m_options.seconds) * 5000;
        for (qint64 op = 0; op < maxOps && !m_deadline.hasExpired() && !m_shared.stop.load(); ++op) {
            ++m_shared.ops;
            step();
            if (m_bookings.size() > m_options.bookingsPerWorker ||
                (!m_bookings.isEmpty() && m_rng.bounded(100) < 3))
                cancelBooking(int(m_rng.bounded(int(m_bookings.size()))));
            if (m_rng.bounded(4) == 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(m_rng.bounded(3)));
        }
        // The customer at the counter when the storm ends gets the cash back; the hold lapses.
        m_till->voidCash(QStringLiteral("cash-void"));
    }
    m_twin = nullptr;
    m_judge = nullptr;
    m_till = nullptr;
    m_store = nullptr;
    // Connections are closed on the thread that opened them (Qt's rule for QSqlDatabase).
    m_manager.close();
    m_connection.reset();
    return m_ledger;
}

/// Seats of bookings this worker holds now (confirmed, not cancelled).
qint64 StormWorker::liveSeats() const
{
    return std::accumulate(m_bookings.cbegin(), m_bookings.cend(), qint64(0),
                           [](qint64 n, const Booking& b) { return n + b.result.seats.size(); });
}

void StormWorker::step()
{
    const int dice = int(m_rng.bounded(100));
    if (m_held.isEmpty()) {
        hold();
    } else if (!m_paying) {
        if (dice < 25 && m_held.size() < maxSeatsPerHold)
            hold();
        else if (dice < 40)
            extend();
        else if (dice < 50)
            releaseSome();
        else if (dice < 55)
            releaseAll(QStringLiteral("release-all"));
        else if (dice < 80) {
            if (beginPayment())
                payEarly();
        } else if (dice < 92)
            confirm(false);
        else
            slowCustomer();
    } else {
        if (dice < 50) {
            confirm(false);
        } else if (dice < 65) {
            confirm(true);
        } else if (dice < 72) {
            // A terminal may extend during payment too: after migration 0005 the server caps
            // it at the sale's payment deadline, before it the PENDING booking was left behind.
            extend();
        } else if (dice < 80) {
            releaseAll(QStringLiteral("release-all"));
        } else if (dice < 90) {
            cancelPending();
        } else {
            slowCustomer();
        }
    }
}

void StormWorker::newSale()
{
    m_token = CheckedSeatCommands::newToken();
    m_held.clear();
    m_paying = false;
    m_pendingId = QUuid();
    m_pendingCode.clear();
    m_lapsed = false;
    m_holdDeadline = QDeadlineTimer(0);
    m_till->newSale(); // its cash captured or voided by now
}

std::optional<int> StormWorker::ttl()
{
    switch (m_rng.bounded(3)) {
    case 0:
        return 1;
    case 1:
        return 2;
    default:
        return std::nullopt; // the setting
    }
}

/// 1-4 new seats: mostly from the hot spot, so sales collide.
QList<int> StormWorker::pickSeats()
{
    if (m_held.size() >= maxSeatsPerHold)
        return {};
    const int want = 1 + int(m_rng.bounded(maxSeatsPerHold - int(m_held.size())));
    QSet<int> chosen;
    for (int tries = 0; chosen.size() < want && tries < 50; ++tries) {
        const bool hot = m_rng.bounded(100) < 50;
        const int range = hot ? m_options.hotSeats : int(m_hall.seats.size());
        const int seat = m_hall.seats[int(m_rng.bounded(range))];
        if (!m_held.contains(seat))
            chosen.insert(seat);
    }
    QList<int> out(chosen.cbegin(), chosen.cend());
    std::shuffle(out.begin(), out.end(), m_rng);
    return out;
}

void StormWorker::hold()
{
    const QList<int> seats = pickSeats();
    if (seats.isEmpty())
        return;
    auto r = m_store->hold(m_hall.showtime, seats, m_token, ttl());
    if (!r) {
        saleFailed(QStringLiteral("hold"), r.error());
        return;
    }
    if (!r.value().granted) {
        m_ledger.count(QStringLiteral("hold-refused"));
        return;
    }
    m_ledger.count(QStringLiteral("hold"));
    m_held.unite(QSet<int>(seats.cbegin(), seats.cend()));
    m_holdDeadline = QDeadlineTimer(r.value().remainingMs());
}

/// Re-holds every own seat, or (after migration 0005) asks for the sale's one extension.
void StormWorker::extend()
{
    if (m_features.extendHold && m_rng.bounded(2) == 0) {
        extendHold();
        return;
    }
    if (m_paying && m_holdDeadline.remainingTime() < 20)
        m_lapsed = true; // the re-hold may take over seats whose hold (and booking) ran out
    auto r = m_store->hold(m_hall.showtime, sortedSeats(m_held), m_token, ttl());
    if (!r) {
        saleFailed(QStringLiteral("extend"), r.error());
        return;
    }
    if (!r.value().granted) {
        // Our hold ran out and another sale took a seat meanwhile.
        m_ledger.count(QStringLiteral("extend-refused"));
        releaseAll(QStringLiteral("release-all"));
        return;
    }
    m_ledger.count(QStringLiteral("extend"));
    m_holdDeadline = QDeadlineTimer(r.value().remainingMs());
}

void StormWorker::extendHold()
{
    auto r = m_connection->exec(QStringLiteral("SELECT granted, held_until, db_now, extensions_left "
                                               "FROM bo_extend_hold(?, ?::uuid)"),
                                {m_hall.showtime, m_token.toString(QUuid::WithoutBraces)});
    if (!r) {
        saleFailed(QStringLiteral("extend-hold"), r.error());
        return;
    }
    if (!r.value().next() || !r.value().value(0).toBool()) {
        m_ledger.count(QStringLiteral("extend-hold-refused"));
        return;
    }
    m_ledger.count(QStringLiteral("extend-hold"));
    const QDateTime until = r.value().value(1).toDateTime();
    const QDateTime now = r.value().value(2).toDateTime();
    m_holdDeadline = QDeadlineTimer(now.msecsTo(until));
}

void StormWorker::releaseSome()
{
    QList<int> seats;
    for (int seat : sortedSeats(m_held)) {
        if (m_rng.bounded(2) == 0)
            seats << seat;
    }
    if (seats.isEmpty())
        seats << sortedSeats(m_held).first();
    auto r = m_store->release(m_hall.showtime, m_token, seats);
    if (!r) {
        m_ledger.error(QStringLiteral("release-some"), r.error());
        return;
    }
    m_ledger.count(QStringLiteral("release-some"));
    for (int seat : seats)
        m_held.remove(seat);
    if (m_held.isEmpty())
        releaseAll(QStringLiteral("release-all"));
}

/// Ends the sale (its pending booking too) and starts a new one.
void StormWorker::releaseAll(const QString& why)
{
    m_till->voidCash(QStringLiteral("cash-void"));
    auto r = m_store->release(m_hall.showtime, m_token);
    if (!r)
        m_ledger.error(why, r.error());
    else
        m_ledger.count(why);
    newSale();
}

/// A failed step: the sale's time ran out or its seats were taken; anything else is unexpected.
void StormWorker::saleFailed(const QString& op, const Error& e)
{
    if (e.code == ErrorCode::Expired || e.code == ErrorCode::Conflict || e.code == ErrorCode::InProgress)
        m_ledger.count(op + QStringLiteral("-failed"));
    else
        m_ledger.error(op, e);
    releaseAll(QStringLiteral("release-after-failure"));
}

bool StormWorker::beginPayment()
{
    auto r =
        m_store->beginPayment(m_hall.showtime, sortedSeats(m_held), m_token, m_terminal, ttl(), m_tillId);
    if (!r) {
        saleFailed(QStringLiteral("begin-payment"), r.error());
        return false;
    }
    if (!r.value().hold.granted) {
        m_ledger.count(QStringLiteral("begin-payment-refused"));
        releaseAll(QStringLiteral("release-after-failure"));
        return false;
    }
    m_ledger.count(QStringLiteral("begin-payment"));
    if (m_paying && r.value().bookingId != m_pendingId)
        m_ledger.violation(
            m_shared, QStringLiteral("w1-second-pending-booking"),
            QStringLiteral("sale %1 opened %2 after %3")
                .arg(m_token.toString(QUuid::WithoutBraces), r.value().bookingCode, m_pendingCode));
    m_paying = true;
    m_pendingId = r.value().bookingId;
    m_pendingCode = r.value().bookingCode;
    m_holdDeadline = QDeadlineTimer(r.value().hold.remainingMs());
    return true;
}

bool StormWorker::payCash(ConfirmRequest& request)
{
    // What the request books: every seat the sale holds when it names none.
    const QList<int> seats = request.seatIds.isEmpty() ? sortedSeats(m_held) : request.seatIds;
    if (Status paid = m_till->pay(request, seats, m_token, m_pendingId, m_pendingCode); !paid) {
        saleFailed(QStringLiteral("cash"), paid.error());
        return false;
    }
    return true;
}

bool StormWorker::payEarly()
{
    // Half the customers hand the money over as soon as payment starts, for the tickets they
    // name then; the confirm that follows may name others (a new price: that cash goes back).
    if (!m_cash.pays || m_rng.bounded(2) == 0)
        return true;
    ConfirmRequest prospect = confirmRequest();
    return payCash(prospect);
}

void StormWorker::slowCustomer()
{
    m_ledger.count(QStringLiteral("slow-customer"));
    pauseStorm(m_shared, m_holdDeadline.remainingTime() + m_rng.bounded(400));
}

void StormWorker::cancelPending()
{
    if (!m_features.cancelBooking || m_pendingCode.isEmpty()) {
        releaseAll(QStringLiteral("release-all"));
        return;
    }
    if (!m_manager.open())
        return;
    const Status r = m_manager.cancel(m_pendingCode);
    if (!r && r.error().code == ErrorCode::Conflict)
        m_ledger.count(QStringLiteral("cancel-pending-late")); // the releaser expired it first
    else if (!r)
        m_ledger.error(QStringLiteral("cancel-pending"), r.error());
    else
        m_ledger.count(QStringLiteral("cancel-pending"));
    releaseAll(QStringLiteral("release-all"));
}

ConfirmRequest StormWorker::confirmRequest()
{
    ConfirmRequest request;
    request.terminal = m_terminal;
    request.key = QUuid::createUuid();
    request.showtimeId = m_hall.showtime;
    request.owner = m_token;
    request.terminalId = m_tillId;
    if (m_rng.bounded(2) == 0) {
        request.seatIds = sortedSeats(m_held);
        std::shuffle(request.seatIds.begin(), request.seatIds.end(), m_rng);
        if (m_rng.bounded(2) == 0) {
            for (qsizetype i = 0; i < request.seatIds.size(); ++i)
                request.tiers << (m_rng.bounded(2) == 0 ? QStringLiteral("adult") : QStringLiteral("child"));
        }
    }
    if (!m_cash.pays)
        // A schema before cash at staffed tills books on a description of the payment alone.
        request.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                                      {QStringLiteral("reference"), QString::number(m_rng.generate64(), 16)}};
    return request;
}

void StormWorker::confirm(bool atDeadline)
{
    if (atDeadline)
        m_ledger.count(QStringLiteral("confirm-at-deadline"));
    ConfirmRequest request = confirmRequest();
    if (m_cash.pays) {
        // As a till sells: payment begun (the hold moved to the payment time), the price of what
        // the confirm books taken in cash, and the confirm carrying that payment.
        if (!m_paying && !beginPayment())
            return;
        if (!payCash(request))
            return;
    }
    if (atDeadline)
        // Right at the hold's deadline, where a confirm races the sweepers.
        pauseStorm(m_shared, m_holdDeadline.remainingTime() - m_rng.bounded(8));
    if (m_holdDeadline.hasExpired())
        m_lapsed = true;
    const bool concurrent = m_rng.bounded(100) < 30;
    ConfirmRequest duplicate = request;
    if (concurrent) {
        duplicate.terminal = m_rng.bounded(2) == 0 ? m_terminal : m_otherTerminal;
        m_twin->post(duplicate);
    }
    Result<ConfirmResult> first = m_store->confirm(request);
    std::optional<ConfirmResult> booked;
    if (concurrent) {
        std::optional<Result<ConfirmResult>> second = m_twin->wait();
        m_ledger.count(duplicate.terminal == m_terminal ? QStringLiteral("replay-concurrent")
                                                        : QStringLiteral("replay-concurrent-cross-terminal"));
        if (!second) {
            m_ledger.error(QStringLiteral("twin"), makeError(ErrorCode::Internal, QStringLiteral("no answer"),
                                                             QStringLiteral("the duplicate confirm hung")));
            return;
        }
        booked = m_judge->judgePair(request, first, duplicate, *second);
    } else if (first) {
        booked = first.value();
        if (first.value().replayed)
            m_ledger.violation(m_shared, QStringLiteral("w5-fresh-key-replayed"),
                               describeBooking(first.value()));
    }
    if (!booked) {
        const Error e = first ? makeError(ErrorCode::Conflict, QString()) : first.error();
        if (m_cash.pays && !m_lapsed && e.detail.contains(QLatin1String("but the seats cost"))) {
            // The till's bill differs from the server's price of the same seats and tiers.
            m_ledger.error(QStringLiteral("confirm-price"), e);
            releaseAll(QStringLiteral("release-after-failure"));
            return;
        }
        saleFailed(QStringLiteral("confirm"), e);
        return;
    }
    m_ledger.count(QStringLiteral("confirm"));
    m_till->captureCash();
    const ConfirmResult& c = *booked;
    // Without a seat list a confirm books what the sale still holds: seats held earlier may
    // have run out and been swept meanwhile (each hold has its own deadline).
    const QSet<int> expected =
        request.seatIds.isEmpty() ? m_held : QSet<int>(request.seatIds.cbegin(), request.seatIds.cend());
    const bool seatsRight = request.seatIds.isEmpty() ? !seatSet(c).isEmpty() && expected.contains(seatSet(c))
                                                      : seatSet(c) == expected;
    if (c.status != QLatin1String("CONFIRMED") || !seatsRight)
        m_ledger.violation(
            m_shared, QStringLiteral("w6-confirm-booked-other-seats"),
            QStringLiteral("asked %1, got %2").arg(toPgIntArray(sortedSeats(expected)), describeBooking(c)));
    if (m_paying && !m_lapsed && c.bookingId != m_pendingId)
        // The sale's own PENDING booking was closed under its running confirm (the sweep
        // race): the terminal showed one code and the customer gets another.
        m_ledger.violation(
            m_shared, QStringLiteral("w7-confirm-left-its-pending-booking"),
            QStringLiteral("sale %1 paid on %2, confirmed %3")
                .arg(m_token.toString(QUuid::WithoutBraces), m_pendingCode, describeBooking(c)));
    const int dice = int(m_rng.bounded(100));
    if (dice < 25)
        m_judge->replay(request, c, m_terminal, QStringLiteral("replay-sequential"),
                        QStringLiteral("CONFIRMED"));
    else if (dice < 50)
        m_judge->replay(request, c, m_otherTerminal, QStringLiteral("replay-cross-terminal"),
                        QStringLiteral("CONFIRMED"));
    m_bookings.append({request, c});
    newSale();
}

/// Cancels one of this worker's bookings (bo_cancel_booking as a manager; before migration
/// 0005, which has none, a refund written as one statement of the owner) and sometimes
/// replays its confirm afterwards: the answer must carry the booking's state now.
void StormWorker::cancelBooking(int which)
{
    if (!m_manager.open())
        return;
    const Booking booking = m_bookings.takeAt(which);
    const bool cancels = m_features.cancelBooking;
    if (Status r = cancels ? m_manager.cancel(booking.result.code) : m_manager.refund(booking.result.code);
        !r) {
        m_ledger.error(QStringLiteral("cancel"), r.error());
        m_bookings.insert(which, booking);
        return;
    }
    const QString status = cancels ? QStringLiteral("CANCELLED") : QStringLiteral("REFUNDED");
    m_ledger.count(QStringLiteral("cancel"));
    if (m_rng.bounded(2) == 0)
        m_judge->replay(booking.request, booking.result,
                        m_rng.bounded(2) == 0 ? booking.request.terminal : m_otherTerminal,
                        QStringLiteral("replay-after-cancel"), status);
}

} // namespace bo::audit
