// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QString>

namespace bo {

/// A card payment device or gateway: authorise an amount, answer later by signal. Each attempt
/// carries an idempotency key so that a repeat after an unknown outcome never charges twice.
class CardTerminal : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~CardTerminal() override = default;

    virtual void authorise(const QString& idempotencyKey, qint64 amountMinor, const QString& currency) = 0;
    /// Voids an authorisation that could not become a booking (the seats were lost).
    virtual void voidAuthorisation(const QString& reference) = 0;

signals:
    void approved(const QString& idempotencyKey, const QString& reference, const QString& maskedCard);
    void declined(const QString& idempotencyKey, const QString& reason);
};

/// The demo and test card terminal: approves, declines or answers slowly, as configured.
class SimulatedCardTerminal final : public CardTerminal
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimulatedCardTerminal)

public:
    enum class Behaviour { Approve, Decline, Slow };

    explicit SimulatedCardTerminal(QObject* parent = nullptr);

    void setBehaviour(Behaviour behaviour) { m_behaviour = behaviour; }
    [[nodiscard]] Behaviour behaviour() const { return m_behaviour; }
    /// Answer delay in ms for Approve/Decline (Slow waits ten times as long).
    void setDelayMs(int ms) { m_delayMs = ms; }

    void authorise(const QString& idempotencyKey, qint64 amountMinor, const QString& currency) override;
    void voidAuthorisation(const QString& reference) override;

    [[nodiscard]] int voids() const { return m_voids; }

private:
    Behaviour m_behaviour = Behaviour::Approve;
    int m_delayMs = 600;
    int m_voids = 0;
};

} // namespace bo
