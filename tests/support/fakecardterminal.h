// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QSet>
#include <QString>

#include "model/cardterminal.h"

namespace bo::test {

/// A card terminal that answers only when the test says so; it remembers what it approved and
/// what was voided, so a test can check that no approval is left without a booking.
class FakeCardTerminal final : public CardTerminal
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FakeCardTerminal)

public:
    using CardTerminal::CardTerminal;

    void authorise(const QString& idempotencyKey, qint64 amountMinor, const QString&) override
    {
        m_waiting.append(Attempt{idempotencyKey, amountMinor});
    }
    void voidAuthorisation(const QString& reference) override { m_voided.insert(reference); }

    [[nodiscard]] qsizetype waiting() const { return m_waiting.size(); }
    /// Answers the oldest authorisation; false when none waits.
    bool answer(bool approve)
    {
        if (m_waiting.isEmpty())
            return false;
        const Attempt attempt = m_waiting.takeFirst();
        if (!approve) {
            emit declined(attempt.key, QStringLiteral("declined by the test"));
            return true;
        }
        const QString reference = QStringLiteral("CARD-%1").arg(++m_approvals);
        m_approved.insert(reference);
        emit approved(attempt.key, reference, QStringLiteral("**** 4242"));
        return true;
    }
    [[nodiscard]] const QSet<QString>& approvedReferences() const { return m_approved; }
    [[nodiscard]] const QSet<QString>& voidedReferences() const { return m_voided; }

private:
    struct Attempt
    {
        QString key;
        qint64 amountMinor = 0;
    };
    QList<Attempt> m_waiting;
    QSet<QString> m_approved;
    QSet<QString> m_voided;
    int m_approvals = 0;
};

} // namespace bo::test
