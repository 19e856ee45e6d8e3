// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

#include "model/core/result.h"
#include "model/payments/refunds.h"
#include "model/staff/staffsignin.h"
#include "model/till/tillshifts.h"

namespace bo {

/// The counter's money desk: the till's shift, its drawer, the blind
/// count and the refunds, answered by signals from a thread of its own (db/pgtilldesk.h), so that
/// the screens never wait for the database, a PIN's check or the payment service.
/// Every call names what it answers with; a failure answers with failed(what, error).
class TillDesk : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TillDesk)

public:
    explicit TillDesk(QObject* parent = nullptr)
        : QObject(parent)
    {}
    ~TillDesk() override = default;

    virtual void start() = 0;
    virtual void stop() = 0;

    /// The till's open shift: shiftLoaded.
    virtual void loadShift() = 0;
    /// shiftOpened.
    virtual void openShift(qint64 floatMinor) = 0;
    /// cashMoved.
    virtual void moveCash(bo::DrawerMove kind, qint64 amountMinor, const QString& reason) = 0;
    /// The blind count: shiftClosed with what was expected and the Z lines.
    virtual void closeShift(qint64 countedMinor, const QJsonObject& detail) = 0;
    /// The open shift's X lines: reportLoaded.
    virtual void loadReport() = 0;
    /// refundQuoted.
    virtual void quoteRefund(const QString& bookingCode, const QStringList& seats) = 0;
    /// A supervisor's PIN for an approval: approvalChecked (its `ok()` says whether it approves).
    virtual void checkApproval(int staffId, const QString& pin) = 0;
    /// refunded (a card's through the payment service).
    virtual void refund(const bo::RefundRequest& request) = 0;
    /// Holds `newSeats` (labels) of `request.showtimeId` for the exchange and makes it in one
    /// transaction: exchanged; the new seats go back when it fails. `request.owner` and
    /// `request.seatIds` are filled here.
    virtual void exchange(const bo::ExchangeRequest& request, const QStringList& newSeats) = 0;

signals:
    void shiftLoaded(bool open, const bo::OpenShift& shift);
    void shiftOpened(int shiftId);
    void cashMoved(qint64 moveId);
    void shiftClosed(const bo::ShiftCount& count, const QList<bo::SalesLine>& lines);
    void reportLoaded(const QList<bo::SalesLine>& lines);
    void refundQuoted(const bo::RefundQuote& quote);
    void approvalChecked(const bo::PinCheck& check);
    void refunded(const bo::RefundRecord& refund);
    void exchanged(const bo::ExchangeResult& result);
    /// `what`: the call that failed ("open", "move", "close", "report", "quote", "approve", "refund",
    /// "exchange").
    void failed(const QString& what, const bo::Error& error);
};

} // namespace bo

Q_DECLARE_METATYPE(bo::OpenShift)
Q_DECLARE_METATYPE(bo::ShiftCount)
Q_DECLARE_METATYPE(bo::SalesLine)
Q_DECLARE_METATYPE(bo::RefundQuote)
Q_DECLARE_METATYPE(bo::RefundRequest)
Q_DECLARE_METATYPE(bo::RefundRecord)
Q_DECLARE_METATYPE(bo::DrawerMove)
Q_DECLARE_METATYPE(bo::ExchangeResult)
