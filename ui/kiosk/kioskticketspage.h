// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>

#include "model/showtimes/showtimeinfo.h"
#include "ui/kiosk/kioskpage.h"

class QGridLayout;

namespace bo {

class SaleFlow;

/// "How many tickets?": a row per ticket type of the showtime (its name and price, minus, the
/// count, plus), one adult to start with, the total, on to the seats. At most ten tickets, and
/// never more than the hall's seats.
class KioskTicketsPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskTicketsPage)

public:
    explicit KioskTicketsPage(SaleFlow* flow, QWidget* parent = nullptr);

    /// The rows anew for the flow's showtime's ticket types.
    void rebuild();
    /// The counts, names, prices and total shown again.
    void updateCounts();
    /// The tickets chosen, of every type.
    [[nodiscard]] int ticketCount() const;
    /// What they cost together, minor units.
    [[nodiscard]] qint64 totalMinor() const;
    /// The flow's seats take the ticket types of the counts, in the order of the seats.
    void applyTiers() const;
    /// The name of the ticket type `code` among the rows; the code itself when none has it.
    [[nodiscard]] QString tierNameOf(const QString& code) const;
    void reset() override;
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    void nextClicked();
    /// The tickets chosen changed (or were cleared).
    void countsChanged(int count, qint64 totalMinor);

protected:
    [[nodiscard]] QWidget* preferredFocus() const override;

private:
    struct TierRow
    {
        PriceTier tier;
        int count = 0;
        QLabel* name = nullptr;
        QLabel* countLabel = nullptr;
        QPushButton* minus = nullptr;
        QPushButton* plus = nullptr;
    };

    [[nodiscard]] QString money(qint64 minor) const;

    SaleFlow* m_flow;
    QList<TierRow> m_tiers;
    QLabel* m_heading = nullptr;
    QGridLayout* m_tierGrid = nullptr;
    QLabel* m_total = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace bo
