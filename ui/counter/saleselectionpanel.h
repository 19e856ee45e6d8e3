// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QWidget>

class QLabel;
class QPushButton;

namespace bo {

class SaleFlow;
class SeatMap;

/// The sale page's first step: the seats selected so far, the key hints, the nearest free block
/// offered after a conflict, on to payment or cancel.
class SaleSelectionPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaleSelectionPanel)

public:
    explicit SaleSelectionPanel(SaleFlow* flow, QWidget* parent = nullptr);

    /// Offers these seats (the nearest free block) in place of the selection; none hides the offer.
    void offerSuggestion(const QList<int>& seatIds);
    /// Seat labels for ids, comma separated (an unknown seat by its id).
    [[nodiscard]] static QString seatLabels(const SeatMap& map, const QList<int>& seatIds);

signals:
    /// The offered seats replaced the selection.
    void suggestionTaken();

public slots:
    /// Takes the offered seats, if there is an offer.
    void takeSuggestion();
    /// Shows the selection as it is now.
    void refreshSelection();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    SaleFlow* m_flow;
    QLabel* m_title = nullptr;
    QLabel* m_selection = nullptr;
    QLabel* m_bestHint = nullptr;
    QPushButton* m_toPayment = nullptr;
    QPushButton* m_takeSuggestion = nullptr;
    QPushButton* m_cancel = nullptr;
    QList<int> m_suggestion;
};

} // namespace bo
