// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// StormWorker: one selling terminal of the audit storm and its sale steps (hold, extend, release,
// begin payment, confirm, cancel) chosen at random on a shared hall, with the hall it sells on
// (StormHall). Its till and cash are StormTill (app/tools/audit/stormtill.h), the checks of its
// repeated confirms ReplayJudge (app/tools/audit/replayjudge.h), its cancels StormManager
// (app/tools/audit/stormmanager.h), the duplicate sends ConfirmTwin.
#pragma once

#include <memory>
#include <optional>

#include <QDeadlineTimer>
#include <QList>
#include <QRandomGenerator>
#include <QSet>
#include <QString>
#include <QUuid>

#include "app/tools/audit/auditstorm.h"
#include "app/tools/audit/stormledger.h"
#include "app/tools/audit/stormmanager.h"
#include "app/tools/audit/stormtill.h"
#include "model/sale/seatdesk.h"

namespace bo {
class DbConnection;
class SeatStore;
} // namespace bo

namespace bo::audit {

class ConfirmTwin;
class ReplayJudge;

/// The hall a storm sells on.
struct StormHall
{
    int showtime = 0;
    QList<int> seats; ///< row-major; the first `hotSeats` are the hot spot
};

/// One simulated terminal: its own thread, connection, twin and (for cancels) manager
/// connection, selling on the shared hall as fast as it can with random customers.
class StormWorker final
{
public:
    StormWorker(const AuditStormTarget& target, const AuditStormOptions& options,
                const SchemaFeatures& features, const StormCash& cash, const StormHall& hall, int index,
                QUuid tillId, quint32 seed, StormShared& shared, const QDeadlineTimer& deadline);
    ~StormWorker();
    StormWorker(const StormWorker&) = delete;
    StormWorker& operator=(const StormWorker&) = delete;

    /// Sells until the deadline, the stop or its count of operations; on the calling thread, which
    /// opens (and closes) the worker's connections.
    [[nodiscard]] StormLedger run();

    /// Seats of bookings this worker holds now (confirmed, not cancelled).
    [[nodiscard]] qint64 liveSeats() const;
    [[nodiscard]] qint64 liveBookings() const { return m_bookings.size(); }

private:
    /// A booking a worker was told it made.
    struct Booking
    {
        ConfirmRequest request;
        ConfirmResult result;
    };

    void step();
    void newSale();
    std::optional<int> ttl();
    /// 1-4 new seats: mostly from the hot spot, so sales collide.
    QList<int> pickSeats();
    void hold();
    /// Re-holds every own seat, or (after migration 0005) asks for the sale's one extension.
    void extend();
    void extendHold();
    void releaseSome();
    /// Ends the sale (its pending booking too) and starts a new one.
    void releaseAll(const QString& why);
    /// A failed step: the sale's time ran out or its seats were taken; anything else is unexpected.
    void saleFailed(const QString& op, const Error& e);
    /// True when the sale is paying afterwards; a refused or failed start ends the sale.
    bool beginPayment();
    /// Takes the price of what `request` books in cash at the till (StormTill::pay) and makes
    /// `request` carry it. False when the sale ended.
    bool payCash(ConfirmRequest& request);
    /// Sometimes takes the cash right after payment starts, before the confirm is asked for.
    bool payEarly();
    void slowCustomer();
    void cancelPending();
    ConfirmRequest confirmRequest();
    void confirm(bool atDeadline);
    /// Cancels one of this worker's bookings (bo_cancel_booking as a manager; before migration
    /// 0005, which has none, a refund written as one statement of the owner) and sometimes
    /// replays its confirm afterwards: the answer must carry the booking's state now.
    void cancelBooking(int which);

    const AuditStormTarget& m_target;
    const AuditStormOptions& m_options;
    const SchemaFeatures m_features;
    const StormHall& m_hall;
    const int m_index;
    QRandomGenerator m_rng;
    StormShared& m_shared;
    const QDeadlineTimer m_deadline;
    const QString m_terminal;
    const QString m_otherTerminal;
    const StormCash& m_cash;
    const QUuid m_tillId; ///< this worker's till (ConfirmRequest::terminalId); null when not paying

    std::unique_ptr<DbConnection> m_connection;
    SeatStore* m_store = nullptr;
    StormTill* m_till = nullptr; ///< the till and the sale's cash (AUTHORISED, for m_pendingId)
    ConfirmTwin* m_twin = nullptr;
    ReplayJudge* m_judge = nullptr;
    StormLedger m_ledger;
    StormManager m_manager; ///< after m_ledger, which it counts into

    QUuid m_token;
    QSet<int> m_held;
    bool m_paying = false;
    QUuid m_pendingId;
    QString m_pendingCode;
    QDeadlineTimer m_holdDeadline{0};
    bool m_lapsed = false; ///< the sale's hold ran out at some moment while paying
    QList<Booking> m_bookings;
};

} // namespace bo::audit
