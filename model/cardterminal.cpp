// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/cardterminal.h"

#include <QRandomGenerator>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace bo {

SimulatedCardTerminal::SimulatedCardTerminal(QObject* parent)
    : CardTerminal(parent)
{}

void SimulatedCardTerminal::authorise(const QString& idempotencyKey, qint64 amountMinor,
                                      const QString& currency)
{
    const Behaviour behaviour = m_behaviour;
    const int delay = behaviour == Behaviour::Slow ? m_delayMs * 10 : m_delayMs;
    spdlog::info("card terminal (simulated): authorise {} {} key {}", amountMinor, currency.toStdString(),
                 idempotencyKey.toStdString());
    QTimer::singleShot(delay, this, [this, behaviour, idempotencyKey] {
        if (behaviour == Behaviour::Decline) {
            emit declined(idempotencyKey, tr("The card was declined."));
            return;
        }
        const QString reference = QStringLiteral("SIM-%1").arg(QRandomGenerator::global()->bounded(100000000),
                                                               8, 10, QLatin1Char('0'));
        const QString masked = QStringLiteral("**** %1").arg(QRandomGenerator::global()->bounded(10000), 4,
                                                             10, QLatin1Char('0'));
        emit approved(idempotencyKey, reference, masked);
    });
}

void SimulatedCardTerminal::voidAuthorisation(const QString& reference)
{
    ++m_voids;
    spdlog::info("card terminal (simulated): void {}", reference.toStdString());
}

} // namespace bo
