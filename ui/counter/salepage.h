// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QWidget>

#include "model/saleflow.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QShortcut;
class QStackedWidget;
class QTableWidget;

namespace bo {

class SeatLegendWidget;
class SeatMapWidget;

/// Renders a SaleFlow: the seat map with the selection, countdown and conflict messages, then the
/// payment step (ticket types, cash with change, card), then the booking. Keyboard: digits pick
/// the best N seats, Space toggles the focused seat, Enter goes on, Esc cancels (seats released).
class SalePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SalePage)

public:
    explicit SalePage(SaleFlow* flow, QWidget* parent = nullptr);

    [[nodiscard]] SeatMapWidget* seatMap() const { return m_map; }

signals:
    /// The clerk is done with this sale (completed or ended): show the board again.
    void backToBoard();

protected:
    void changeEvent(QEvent* event) override;

private slots:
    void onStateChanged(bo::SaleFlow::State state);
    void onCountdown(qint64 remainingMs);
    void onSeatsTaken(const QList<int>& taken, const QList<int>& suggestion);
    void onCompleted(const bo::ConfirmResult& booking);
    void refreshSelection();
    void onEnter();

private:
    QWidget* buildSelectPanel();
    QWidget* buildPaymentPanel();
    QWidget* buildDonePanel();
    void retranslate();
    void rebuildTierButtons();
    void updateShortcuts();
    [[nodiscard]] QString labels(const QList<int>& seatIds) const;
    [[nodiscard]] QString money(qint64 minor) const;

    SaleFlow* m_flow;
    SeatMapWidget* m_map = nullptr;
    SeatLegendWidget* m_legend = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_countdown = nullptr;
    QLabel* m_message = nullptr;
    QStackedWidget* m_steps = nullptr;
    // selecting
    QLabel* m_selectionTitle = nullptr;
    QLabel* m_selection = nullptr;
    QLabel* m_bestHint = nullptr;
    QPushButton* m_toPayment = nullptr;
    QPushButton* m_takeSuggestion = nullptr;
    QPushButton* m_cancel = nullptr;
    QList<int> m_suggestion;
    // payment
    QTableWidget* m_tickets = nullptr;
    QWidget* m_tierButtonBox = nullptr;
    QList<QPushButton*> m_tierButtons;
    QLabel* m_total = nullptr;
    QLabel* m_tenderedLabel = nullptr;
    QLineEdit* m_tendered = nullptr;
    QLabel* m_change = nullptr;
    QPushButton* m_cash = nullptr;
    QPushButton* m_card = nullptr;
    QPushButton* m_cancelPayment = nullptr;
    // done
    QLabel* m_doneTitle = nullptr;
    QLabel* m_code = nullptr;
    QLabel* m_doneDetails = nullptr;
    QPushButton* m_nextCustomer = nullptr;
    // keys
    QList<QShortcut*> m_digitKeys;
    QList<QShortcut*> m_tierKeys;
    QShortcut* m_enterKey = nullptr;
    QShortcut* m_returnKey = nullptr;
    QShortcut* m_escapeKey = nullptr;
    QShortcut* m_suggestionKey = nullptr;
    QShortcut* m_cardKey = nullptr;
};

} // namespace bo
