// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QUuid>
#include <memory>

#include "db/connectionsettings.h"
#include "model/payments/cardpayments.h"
#include "model/staff/staff.h"
#include "model/till/tilldesk.h"

namespace bo {

class WorkerThread;

class TillDeskWorker;

/// TillDesk on PostgreSQL: a thread of its own with its own connection (TillShiftStore,
/// RefundStore, StaffStore), the card refunds sent by the payment service (`cards`, made on that
/// thread; may make null: card refunds then wait), and the
/// supervisor's PIN sent from there for the server to check.
class PgTillDesk final : public TillDesk
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PgTillDesk)

public:
    PgTillDesk(ConnectionSettings settings, QString terminal, QUuid terminalId, CardPaymentsFactory cards,
               QObject* parent = nullptr);
    ~PgTillDesk() override;

    void start() override;
    void stop() override;
    void loadShift() override;
    void openShift(qint64 floatMinor) override;
    void moveCash(DrawerMove kind, qint64 amountMinor, const QString& reason) override;
    void closeShift(qint64 countedMinor, const QJsonObject& detail) override;
    void loadReport() override;
    void quoteRefund(const QString& bookingCode, const QStringList& seats) override;
    void checkApproval(int staffId, const QString& pin) override;
    void refund(const RefundRequest& request) override;
    void exchange(const ExchangeRequest& request, const QStringList& newSeats) override;

    [[nodiscard]] const QString& terminal() const { return m_terminal; }
    [[nodiscard]] const QUuid& terminalId() const { return m_terminalId; }

private:
    /// Runs `job` on the desk's thread (started on first use).
    template <typename Job> void post(Job job);

    ConnectionSettings m_settings;
    QString m_terminal;
    QUuid m_terminalId;
    CardPaymentsFactory m_cards;
    std::unique_ptr<TillDeskWorker> m_worker; ///< used on m_thread only
    std::unique_ptr<WorkerThread> m_thread;
};

} // namespace bo
