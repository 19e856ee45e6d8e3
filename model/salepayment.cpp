// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/salepayment.h"

#include <algorithm>

namespace bo {
namespace {

constexpr qint64 askAgainFirstMs = 1000;
constexpr qint64 askAgainMaxMs = 5000;

} // namespace

void SalePayment::begin(QString bookingCode)
{
    m_key = QUuid::createUuid();
    m_bookingCode = std::move(bookingCode);
    m_payment = {};
    m_changeDue = 0;
    m_retries = 0;
    m_askAgainAtMs = 0;
}

void SalePayment::end()
{
    m_key = QUuid();
}

QString SalePayment::keyText() const
{
    return m_key.toString(QUuid::WithoutBraces);
}

bool SalePayment::payCash(qint64 totalMinor, qint64 tenderedMinor)
{
    if (tenderedMinor < totalMinor)
        return false;
    m_changeDue = tenderedMinor - totalMinor;
    m_payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                            {QStringLiteral("tendered_minor"), tenderedMinor},
                            {QStringLiteral("change_minor"), m_changeDue}};
    return true;
}

void SalePayment::payCard(const QString& reference, const QString& maskedCard)
{
    m_changeDue = 0;
    m_payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                            {QStringLiteral("reference"), reference},
                            {QStringLiteral("card"), maskedCard}};
}

QString SalePayment::cardReference() const
{
    return m_payment.value(QStringLiteral("reference")).toString();
}

qint64 SalePayment::waitBeforeAskingAgain(qint64 nowMs)
{
    const qint64 wait = std::min(askAgainMaxMs, askAgainFirstMs << std::min(m_retries, 3));
    ++m_retries;
    m_askAgainAtMs = nowMs + wait;
    return wait;
}

} // namespace bo
