// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QRect>
#include <QStringList>
#include <QWidget>

#include "model/seats/seattypes.h"
#include "ui/common/seatpainter.h"

namespace bo {

/// Explains the seat map's symbols: one entry per status and per seat kind, drawn with the same
/// painter as the map, laid out in lines that wrap to the widget's width.
class SeatLegendWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatLegendWidget)

public:
    explicit SeatLegendWidget(QWidget* parent = nullptr);
    ~SeatLegendWidget() override;

    /// The entries' texts in display order (statuses, then seat kinds).
    [[nodiscard]] QStringList entryTexts() const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Entry
    {
        SeatPainter::Look look = SeatPainter::Look::Free;
        SeatKind kind = SeatKind::Standard;
        QString text;
    };
    struct Placed
    {
        qsizetype entry = -1; ///< -1: a group heading
        QString heading;
        QRect symbol;
        QRect text;
    };

    [[nodiscard]] static QList<Entry> statusEntries();
    [[nodiscard]] static QList<Entry> kindEntries();
    /// Positions every heading and entry for `width`; returns the height used through `height`.
    [[nodiscard]] QList<Placed> layoutFor(int width, int* height) const;
    void retranslate();

    QList<Entry> m_entries;
    qsizetype m_statusCount = 0;
};

} // namespace bo
