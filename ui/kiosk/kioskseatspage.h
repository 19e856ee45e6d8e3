// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>

#include "ui/kiosk/kioskpage.h"

namespace bo {

class SaleFlow;
class SeatBlockList;
class SeatBlockListView;
class SeatMapWidget;

/// The seats: the shared map (touch), the accessible list of seats together beside it (keypad and
/// voice, best first, wheelchair spaces first on request), the countdown, a seat taken meanwhile
/// with the nearest seats offered, the seats chosen, on to the summary. Renders the flow's seats
/// and choice: a touch on the map, a block chosen in the list or the offer taken holds through the
/// flow. Once the database holds the seats wanted the page says so and Continue takes the focus.
class KioskSeatsPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskSeatsPage)

public:
    explicit KioskSeatsPage(SaleFlow* flow, QWidget* parent = nullptr);

    /// The tickets chosen: how many seats go together, and the price the list says for them.
    void setTickets(int count, qint64 totalMinor);
    void setHighContrast(bool highContrast);
    /// The list's language (its sentences and prices).
    void setBlocksLocale(const QLocale& locale);
    void setCountdown(const QString& text);
    /// A new choice of seats begins: no message, no offer, standard seats first, an empty list;
    /// Continue takes the focus once the seats are held.
    void start();
    /// The customer moves the focus by themselves: Continue does not take it.
    void clearPendingFocus() { m_focusPending = false; }
    /// The offer of the nearest seats takes the focus, when there is one.
    void focusSuggestion();
    /// Shows the seats chosen. Once all of them are held Continue is on, the seats are said (once),
    /// and Continue takes the focus from nowhere or Back, or when the choice has just begun.
    void refresh();
    /// The list anew when its blocks changed; the customer's place in it stays.
    void rebuildBlocks();
    void reset() override;
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;
    void opened() override;

signals:
    void nextClicked();
    /// Something for the voice to say: the block focused in the list, the list's best block, the
    /// seats held.
    void announced(const QString& text, bool interrupt);

protected:
    [[nodiscard]] QWidget* preferredFocus() const override;

private:
    void connectFlow();
    void showSeatsTaken(const QList<int>& suggestion);
    void chooseBlock(const QList<int>& seatIds);
    [[nodiscard]] QString chosenSeatsText() const;

    SaleFlow* m_flow;
    int m_count = 0;
    qint64 m_totalMinor = 0;
    QList<int> m_suggestion;
    bool m_rebuildingBlocks = false;
    bool m_blocksWheelchair = false; ///< the list was built with wheelchair spaces first
    bool m_focusPending = false;     ///< Continue takes the focus once the seats are held
    QString m_spokenSeats;           ///< the chosen seats last said
    QLabel* m_heading = nullptr;
    QLabel* m_countdown = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_takeSuggestion = nullptr;
    SeatMapWidget* m_map = nullptr;
    QPushButton* m_wheelchairFirst = nullptr;
    SeatBlockList* m_blocks = nullptr;
    SeatBlockListView* m_blockList = nullptr;
    QLabel* m_chosen = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace bo
