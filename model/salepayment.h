// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QString>
#include <QUuid>

namespace bo {

/// The payment step of one sale: the idempotency key its confirm carries (made when the step
/// begins, kept for every retry), what was paid, and when a confirm whose outcome is unknown is
/// asked again (after 1 s, 2 s, 4 s, then every 5 s: never guessed, never given up).
class SalePayment final
{
public:
    /// A new payment step for the pending booking `bookingCode`: a fresh key, no payment yet.
    void begin(QString bookingCode);
    /// No payment step (the sale ended or was confirmed): a card answer now matches nothing.
    void end();

    [[nodiscard]] bool isOpen() const { return !m_key.isNull(); }
    [[nodiscard]] const QUuid& key() const { return m_key; }
    /// The key as the card terminal sees it.
    [[nodiscard]] QString keyText() const;
    [[nodiscard]] const QString& bookingCode() const { return m_bookingCode; }

    /// Records cash; false (nothing recorded) when less than `totalMinor` was tendered.
    bool payCash(qint64 totalMinor, qint64 tenderedMinor);
    /// Records an approved card payment.
    void payCard(const QString& reference, const QString& maskedCard);
    /// The payment as stored with the booking: method, amounts, reference.
    [[nodiscard]] const QJsonObject& payment() const { return m_payment; }
    /// The card authorisation to void when no booking comes of it; empty for cash.
    [[nodiscard]] QString cardReference() const;
    [[nodiscard]] qint64 changeDueMinor() const { return m_changeDue; }

    /// The confirm's outcome is unknown: returns how long to wait before asking again, and
    /// remembers when that is.
    qint64 waitBeforeAskingAgain(qint64 nowMs);
    [[nodiscard]] bool isDueAgain(qint64 nowMs) const { return nowMs >= m_askAgainAtMs; }
    [[nodiscard]] int retries() const { return m_retries; }

private:
    QUuid m_key;
    QString m_bookingCode;
    QJsonObject m_payment;
    qint64 m_changeDue = 0;
    int m_retries = 0;
    qint64 m_askAgainAtMs = 0;
};

} // namespace bo
