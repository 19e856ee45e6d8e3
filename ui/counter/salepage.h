// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QWidget>

#include "model/sale/saleflow.h"

class QLabel;
class QShortcut;
class QStackedWidget;

namespace bo {

class SaleDonePanel;
class TicketPrinting;
class SalePaymentPanel;
class SaleSelectionPanel;
class SeatLegendWidget;
class SeatMapWidget;

/// Renders a SaleFlow: the seat map and legend, the showtime, countdown and conflict messages,
/// and one panel per step (selection, payment, booking). Keyboard: digits pick the best N seats,
/// Space toggles the focused seat, Enter goes on, Esc cancels (seats released).
class SalePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SalePage)

public:
    explicit SalePage(SaleFlow* flow, QWidget* parent = nullptr);

    [[nodiscard]] SeatMapWidget* seatMap() const { return m_map; }
    /// Printing of the tickets on the last step (P prints, again after a failure).
    void setTicketPrinting(TicketPrinting* printing);

signals:
    /// The clerk is done with this sale (completed or ended): show the board again.
    void backToBoard();

protected:
    void changeEvent(QEvent* event) override;

private slots:
    void showShowtime();
    void showStep(bo::SaleFlow::State state);
    void showCountdown(qint64 remainingMs);
    void showSeatsTaken(const QList<int>& taken, const QList<int>& suggestion,
                        const QList<bo::SeatRefusal>& reasons);
    void showBooking(const bo::ConfirmResult& booking);
    /// Enter: on to payment, then cash, then the next customer.
    void advance();
    void refreshSelection();
    void rebuildTierKeys();
    void finishSale();

private:
    void createKeys();
    void connectFlow();
    void showMessage(const QString& text, const QString& styleSheet);
    [[nodiscard]] static QString paymentPhaseText(PaymentPhase phase);
    void updateShortcuts();
    [[nodiscard]] QString money(qint64 minor) const;

    SaleFlow* m_flow;
    SeatMapWidget* m_map = nullptr;
    SeatLegendWidget* m_legend = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_countdown = nullptr;
    QLabel* m_message = nullptr;
    QStackedWidget* m_steps = nullptr;
    SaleSelectionPanel* m_selectionPanel = nullptr;
    SalePaymentPanel* m_paymentPanel = nullptr;
    SaleDonePanel* m_donePanel = nullptr;
    // keys
    QList<QShortcut*> m_digitKeys;
    QList<QShortcut*> m_tierKeys;
    QShortcut* m_enterKey = nullptr;
    QShortcut* m_returnKey = nullptr;
    QShortcut* m_escapeKey = nullptr;
    QShortcut* m_suggestionKey = nullptr;
    QShortcut* m_cardKey = nullptr;
    QShortcut* m_printKey = nullptr;
};

} // namespace bo
