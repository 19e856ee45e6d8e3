// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/door/doorbackend.h"
#include "model/tickets/ticketbook.h"

namespace bo {

class DbConnection;

/// The tickets, their keys and the check-in on PostgreSQL (migrations 0012 and 0015): every call is a
/// bo_ticket_* or bo_checkin* function; issue() is one transaction (the serials, then their
/// signatures). Use from the connection's thread.
class TicketStore final : public TicketBook
{
public:
    explicit TicketStore(DbConnection& connection);

    [[nodiscard]] Result<QList<TicketKey>> keys() override;
    [[nodiscard]] Result<quint16> addKey(const QByteArray& publicKey, const QByteArray& secretKey) override;
    [[nodiscard]] Status retireKey(quint16 id) override;
    [[nodiscard]] Result<std::optional<SigningKey>> signingKey() override;
    [[nodiscard]] Result<QList<Ticket>> issue(const QString& code, bool reprint,
                                              const TicketSigner& signer) override;
    [[nodiscard]] Result<QList<TicketKeyInfo>> keyList() override;
    [[nodiscard]] Status approveTillKey(quint16 id) override;
    [[nodiscard]] Result<TillKey> enrolTillKey(const QByteArray& publicKey, const QUuid& terminalId,
                                               const QString& terminal) override;
    [[nodiscard]] Result<QList<Ticket>> issueOwnSale(const QString& code,
                                                     const TicketSigner& signer) override;
    [[nodiscard]] Result<QList<Ticket>> tickets(const QString& code) override;
    [[nodiscard]] Result<CheckinResult> checkin(const TicketPayload& payload, const QString& text,
                                                const QString& door, int showtimeId) override;
    [[nodiscard]] Result<bool> undoCheckin(quint32 serial, const QString& door, int withinSeconds) override;
    [[nodiscard]] Result<CheckinList> checkins(int showtimeId) override;

    /// The door's side (migration 0018): every ticket of up to 64 showtimes (bo_door_tickets).
    [[nodiscard]] Result<DoorTicketList> doorTickets(const QList<int>& showtimeIds);
    /// bo_checkin with the door's scan id (bo_door_checkin): a repeat returns the same admit.
    [[nodiscard]] Result<CheckinResult> doorCheckin(const QUuid& scanId, const TicketPayload& payload,
                                                    const QString& text, const QString& door);
    /// Delivers a scan the door decided alone (bo_door_sync); idempotent by its scan id.
    [[nodiscard]] Result<DoorSyncResult> doorSync(const DoorScan& scan);
    /// A showtime's scans decided by doors alone, with what their sync found (bo_door_reports).
    [[nodiscard]] Result<QList<DoorScan>> doorReports(int showtimeId);

private:
    DbConnection& m_connection;
};

} // namespace bo
