// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include "model/ticketbook.h"

namespace bo {

class DbConnection;

/// The tickets, their keys and the check-in on PostgreSQL (migrations 0012 and 0015): every call is a
/// bo_ticket_* or bo_checkin* function; issue() is one transaction (the serials, then their
/// signatures). Use from the connection's thread.
class TicketStore final : public TicketBook
{
    Q_DECLARE_TR_FUNCTIONS(bo::TicketStore)

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

private:
    DbConnection& m_connection;
};

} // namespace bo
