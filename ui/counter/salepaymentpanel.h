// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QWidget>

#include "model/showtimes/showtimeinfo.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace bo {

class SaleFlow;

/// The sale page's payment step: a ticket type per seat, one button per ticket type for all
/// seats, the total, cash tendered with the change, card, cancel.
class SalePaymentPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SalePaymentPanel)

public:
    explicit SalePaymentPanel(SaleFlow* flow, QWidget* parent = nullptr);

    /// One "all seats" button for each of the showtime's first four ticket types (F2–F5).
    void rebuildTierButtons();
    [[nodiscard]] const QList<QPushButton*>& tierButtons() const { return m_tierButtons; }

signals:
    /// The tier buttons were made anew for another showtime's ticket types.
    void tierButtonsRebuilt();

public slots:
    /// Pays cash: the amount typed, or the exact total when nothing is typed (payment step only).
    void payCash();
    /// Pays by card, unless a payment is under way.
    void payCard();
    /// Empties the cash tendered and the change.
    void clearCash();
    /// Shows the selected seats with their ticket types and the total (payment step only).
    void refreshTickets();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void retranslateTierButtons();
    void showChange(const QString& tendered);
    [[nodiscard]] QString money(qint64 minor) const;

    SaleFlow* m_flow;
    QTableWidget* m_tickets = nullptr;
    QWidget* m_tierButtonBox = nullptr;
    QList<QPushButton*> m_tierButtons;
    QList<PriceTier> m_buttonTiers; ///< the ticket type of each tier button
    QLabel* m_total = nullptr;
    QLabel* m_tenderedLabel = nullptr;
    QLineEdit* m_tendered = nullptr;
    QLabel* m_change = nullptr;
    QPushButton* m_cash = nullptr;
    QPushButton* m_card = nullptr;
    QPushButton* m_cancel = nullptr;
};

} // namespace bo
