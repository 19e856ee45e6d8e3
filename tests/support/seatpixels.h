// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QImage>
#include <QRgb>

#include "ui/common/seatmapwidget.h"

/// What a seat map painted, read back from its pixels (tests of the seat colours).
namespace bo::test {

/// The colour most pixels of `image` have, leaving out the ground colour `ground`.
inline QRgb dominantColourOn(const QImage& image, QRgb ground)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, int> counts;
    for (int y = 0; y < rgb.height(); ++y) {
        for (int x = 0; x < rgb.width(); ++x) {
            const QRgb c = rgb.pixel(x, y) | 0xFF000000u;
            if (c != (ground | 0xFF000000u))
                ++counts[c];
        }
    }
    QRgb best = ground;
    int most = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    }
    return best;
}

/// The main colour of one seat as `widget` shows it now, the map's ground left out.
inline QRgb seatColour(SeatMapWidget& widget, int seatId)
{
    const QImage image = widget.grab(widget.seatRect(seatId)).toImage();
    const QColor ground =
        widget.isHighContrast() ? QColor(Qt::black) : widget.palette().color(QPalette::Base);
    return dominantColourOn(image, ground.rgb());
}

} // namespace bo::test
