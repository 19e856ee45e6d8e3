// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QListView>

namespace bo {

class SeatBlockList;

/// The accessible seat list on screen: one block per line, best first, usable by
/// touch and by the kiosk keypad alone — Up/Down (or Left/Right) move, OK (Enter, Return,
/// Select, Space) chooses. Each line's accessible name is the model's spoken sentence; every
/// move emits it so the kiosk's voice can say it (with SpeechPriority::Interrupt).
class SeatBlockListView final : public QListView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatBlockListView)

public:
    explicit SeatBlockListView(QWidget* parent = nullptr);
    ~SeatBlockListView() override;

    /// The list shown; the first (best) block becomes current.
    void setBlocks(SeatBlockList* blocks);
    /// The current block's seats, empty when none.
    [[nodiscard]] QList<int> currentSeats() const;

signals:
    /// The current block changed: what a voice says about it ("Row F, seats 11 to 12, …").
    void blockFocused(const QString& spoken);
    /// A block was chosen (OK, a tap, a double click).
    void blockChosen(const QList<int>& seatIds);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void currentChanged(const QModelIndex& current, const QModelIndex& previous) override;

private:
    void choose(const QModelIndex& index);
};

} // namespace bo
