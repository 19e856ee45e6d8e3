// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QPageSize>
#include <QString>

#include "app/adapters/tickets/ticketlayout.h"
#include "model/core/result.h"

class QPainter;

namespace bo {

/// Draws a TicketLayout with QPainter: on an 80 mm thermal roll (a 576-dot raster at 203 dpi,
/// 72 mm printable) and on A4 or letter PDF pages (QPdfWriter, one ticket per section). Both go
/// through one routine; only the width differs (below 120 mm the QR code sits under the text,
/// above it beside). Every length inside is in tenths of a millimetre.
class TicketRenderer final
{
    Q_DECLARE_TR_FUNCTIONS(bo::TicketRenderer)

public:
    static constexpr int thermalDots = 576;
    static constexpr int thermalDpi = 203;

    /// The ticket as the thermal printer's raster: 576 dots wide, as long as it needs, white
    /// background, 8-bit grey.
    [[nodiscard]] static Result<QImage> thermal(const TicketLayout& layout);
    /// A PDF of the tickets, one per section, as many sections on a page as fit.
    [[nodiscard]] static Status writePdf(const QList<TicketLayout>& tickets, const QString& path,
                                         QPageSize::PageSizeId pageSize, const QString& title);

    /// Draws (or with `draw` false only measures) `layout` `widthDmm` wide from the painter's
    /// origin, whose unit must be 0.1 mm; `dotsPerDmm` is the device's, to put QR modules on
    /// whole dots. Returns the height used, in 0.1 mm.
    [[nodiscard]] static Result<double> paint(QPainter& painter, const TicketLayout& layout, double widthDmm,
                                              double dotsPerDmm, bool draw);
};

/// The ESC/POS commands that print `raster` (thresholded at half grey) on a thermal printer:
/// initialise, GS v 0 raster image in bands, feed and cut.
[[nodiscard]] QByteArray escPosRaster(const QImage& raster);

} // namespace bo
