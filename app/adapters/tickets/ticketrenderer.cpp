// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/tickets/ticketrenderer.h"

#include <algorithm>
#include <cmath>

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPdfWriter>

#include "app/adapters/tickets/qrcode.h"

namespace bo {
namespace {

constexpr double wideFromDmm = 1200; // 120 mm: from here the QR code goes beside the text
constexpr double qrTargetDmm = 400;  // 40 mm, quiet zone included
constexpr int quietModules = 4;
constexpr double gapDmm = 20;
constexpr double rollSideDmm = 20;
constexpr double sectionPadDmm = 60;

struct LineFont
{
    int sizeDmm;
    bool bold;
};

LineFont fontOf(TicketLineStyle style)
{
    switch (style) {
    case TicketLineStyle::Cinema:
        return {34, true};
    case TicketLineStyle::Film:
        return {55, true};
    case TicketLineStyle::Detail:
        return {32, false};
    case TicketLineStyle::Time:
        return {45, true};
    case TicketLineStyle::Seat:
        return {80, true};
    case TicketLineStyle::Price:
        return {36, false};
    case TicketLineStyle::Code:
        return {38, true};
    case TicketLineStyle::Small:
        return {27, false};
    case TicketLineStyle::Banner:
        return {50, true};
    }
    return {32, false};
}

QFont makeFont(TicketLineStyle style)
{
    const LineFont f = fontOf(style);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(f.sizeDmm);
    font.setBold(f.bold);
    font.setHintingPreference(QFont::PreferNoHinting);
    return font;
}

/// Lines from `y` down in a column; returns the new y.
double paintLines(QPainter& p, const QList<TicketLine>& lines, double x, double y, double width,
                  Qt::Alignment align, bool draw)
{
    for (const TicketLine& line : lines) {
        const QFont font = makeFont(line.style);
        const QFontMetricsF fm(font, p.device());
        const bool banner = line.style == TicketLineStyle::Banner;
        const double pad = banner ? fm.height() * 0.25 : 0.0;
        const double height = fm.height() * 1.15 + 2 * pad;
        const double textWidth = width - 2 * pad;
        if (draw) {
            p.setFont(font);
            const QString text = fm.elidedText(line.text, Qt::ElideRight, textWidth);
            const QRectF box(x + pad, y + pad, textWidth, height - 2 * pad);
            if (banner) {
                p.fillRect(QRectF(x, y, width, height), Qt::black);
                p.setPen(Qt::white);
                p.drawText(box, Qt::AlignCenter, text);
                p.setPen(Qt::black);
            } else {
                p.drawText(box, align | Qt::AlignVCenter, text);
            }
        }
        y += height;
    }
    return y;
}

/// The QR code's side in 0.1 mm, whole dots per module; returns the dots per module.
int qrDots(const QrCode& qr, double dotsPerDmm, double maxDmm)
{
    const int modules = qr.size + 2 * quietModules;
    return std::max(1, int(std::floor(std::min(qrTargetDmm, maxDmm) * dotsPerDmm / modules)));
}

double paintQr(QPainter& p, const QrCode& qr, double x, double y, int dotsPerModule, double dotsPerDmm,
               bool draw)
{
    const int modules = qr.size + 2 * quietModules;
    const double side = dotsPerModule * modules / dotsPerDmm;
    if (draw) {
        // The symbol on whole device dots, unsmoothed: a scanner reads sharp modules.
        const QTransform t = p.worldTransform();
        const QPointF origin = t.map(QPointF(x, y));
        p.save();
        p.resetTransform();
        p.setRenderHint(QPainter::Antialiasing, false);
        const double ox = std::round(origin.x()) + quietModules * dotsPerModule;
        const double oy = std::round(origin.y()) + quietModules * dotsPerModule;
        for (int row = 0; row < qr.size; ++row) {
            for (int col = 0; col < qr.size; ++col) {
                if (qr.dark(col, row))
                    p.fillRect(QRectF(ox + col * dotsPerModule, oy + row * dotsPerModule, dotsPerModule,
                                      dotsPerModule),
                               Qt::black);
            }
        }
        p.restore();
    }
    return side;
}

} // namespace

Result<double> TicketRenderer::paint(QPainter& painter, const TicketLayout& layout, double widthDmm,
                                     double dotsPerDmm, bool draw)
{
    auto qr = makeQrCode(layout.qrText);
    if (!qr)
        return qr.error();
    painter.setPen(Qt::black);
    if (widthDmm < wideFromDmm) {
        // A roll: one column, 2 mm clear at each edge.
        const Qt::Alignment center = Qt::AlignHCenter;
        const double column = widthDmm - 2 * rollSideDmm;
        double y = paintLines(painter, layout.head, rollSideDmm, 0, column, center, draw);
        const int dots = qrDots(qr.value(), dotsPerDmm, column);
        const double side = dots * (qr.value().size + 2 * quietModules) / dotsPerDmm;
        y += paintQr(painter, qr.value(), (widthDmm - side) / 2, y, dots, dotsPerDmm, draw);
        return paintLines(painter, layout.foot, rollSideDmm, y, column, center, draw);
    }
    const int dots = qrDots(qr.value(), dotsPerDmm, qrTargetDmm);
    const double side = dots * (qr.value().size + 2 * quietModules) / dotsPerDmm;
    const double column = widthDmm - side - gapDmm;
    double y = paintLines(painter, layout.head, 0, 0, column, Qt::AlignLeft, draw);
    y = paintLines(painter, layout.foot, 0, y + gapDmm / 2, column, Qt::AlignLeft, draw);
    paintQr(painter, qr.value(), widthDmm - side, 0, dots, dotsPerDmm, draw);
    return std::max(y, side);
}

Result<QImage> TicketRenderer::thermal(const TicketLayout& layout)
{
    const double dotsPerDmm = thermalDpi / 254.0;
    const double widthDmm = thermalDots / dotsPerDmm;
    const int dotsPerMetre = int(std::lround(thermalDpi / 0.0254));
    QImage probe(thermalDots, 1, QImage::Format_Grayscale8);
    probe.setDotsPerMeterX(dotsPerMetre);
    probe.setDotsPerMeterY(dotsPerMetre);
    Result<double> height = 0.0;
    {
        QPainter p(&probe);
        p.scale(dotsPerDmm, dotsPerDmm);
        height = paint(p, layout, widthDmm, dotsPerDmm, false);
    }
    if (!height)
        return height.error();
    // Paper fed before and after: the cutter sits a little above the print head.
    const int feedDots = int(std::lround(40 * dotsPerDmm));
    QImage image(thermalDots, int(std::ceil(height.value() * dotsPerDmm)) + 2 * feedDots,
                 QImage::Format_Grayscale8);
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.translate(0, feedDots);
    p.scale(dotsPerDmm, dotsPerDmm);
    if (auto done = paint(p, layout, widthDmm, dotsPerDmm, true); !done)
        return done.error();
    return image;
}

Status TicketRenderer::writePdf(const QList<TicketLayout>& tickets, const QString& path,
                                QPageSize::PageSizeId pageSize, const QString& title)
{
    QPdfWriter writer(path);
    writer.setResolution(600);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("Box office"));
    writer.setPageSize(QPageSize(pageSize));
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
    QPainter p;
    if (!p.begin(&writer))
        return makeError(ErrorCode::Internal, tr("The PDF file %1 could not be written.").arg(path),
                         QStringLiteral("QPainter::begin on QPdfWriter failed"));
    const double dotsPerDmm = writer.resolution() / 254.0;
    const double pageWidth = writer.width() / dotsPerDmm;
    const double pageHeight = writer.height() / dotsPerDmm;
    const double inner = pageWidth - 2 * sectionPadDmm;
    double top = 0;
    for (const TicketLayout& layout : tickets) {
        p.resetTransform();
        p.scale(dotsPerDmm, dotsPerDmm);
        auto height = paint(p, layout, inner, dotsPerDmm, false);
        if (!height) {
            p.end();
            return height.error();
        }
        const double section = height.value() + 2 * sectionPadDmm;
        if (top > 0 && top + section > pageHeight) {
            writer.newPage();
            top = 0;
        }
        // A frame around each section: where to cut.
        p.setPen(QPen(Qt::black, 3, Qt::SolidLine));
        p.drawRoundedRect(QRectF(1.5, top + 1.5, pageWidth - 3, section - 3), 20, 20);
        p.translate(sectionPadDmm, top + sectionPadDmm);
        if (auto done = paint(p, layout, inner, dotsPerDmm, true); !done) {
            p.end();
            return done.error();
        }
        top += section + gapDmm;
    }
    if (!p.end())
        return makeError(ErrorCode::Internal, tr("The PDF file %1 could not be written.").arg(path),
                         QStringLiteral("QPainter::end on QPdfWriter failed"));
    return success();
}

QByteArray escPosRaster(const QImage& raster)
{
    const QImage grey = raster.convertToFormat(QImage::Format_Grayscale8);
    const int bytesPerRow = (grey.width() + 7) / 8;
    QByteArray out;
    out.append("\x1b\x40", 2); // ESC @: initialise
    constexpr int band = 256;  // rows per GS v 0 command, within every printer's buffer
    for (int top = 0; top < grey.height(); top += band) {
        const int rows = std::min(band, grey.height() - top);
        out.append("\x1d\x76\x30\x00", 4); // GS v 0, normal density
        out.append(char(bytesPerRow & 0xff));
        out.append(char(bytesPerRow >> 8));
        out.append(char(rows & 0xff));
        out.append(char(rows >> 8));
        for (int y = top; y < top + rows; ++y) {
            const uchar* line = grey.constScanLine(y);
            for (int byte = 0; byte < bytesPerRow; ++byte) {
                uchar bits = 0;
                for (int bit = 0; bit < 8; ++bit) {
                    const int x = byte * 8 + bit;
                    if (x < grey.width() && line[x] < 128)
                        bits |= uchar(0x80U >> bit);
                }
                out.append(char(bits));
            }
        }
    }
    out.append("\x1b\x64\x03", 3); // ESC d 3: feed three lines
    out.append("\x1d\x56\x01", 3); // GS V 1: partial cut
    return out;
}

} // namespace bo
