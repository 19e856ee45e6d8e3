// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/reports/reportpdfwriter.h"

#include <algorithm>

#include <QBuffer>
#include <QFontMetricsF>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

#include "model/reports/reportformat.h"

namespace bo {
namespace {

constexpr int dpi = 300;
constexpr double tablePoints = 8.5;

/// Lays the report out page by page; with `draw` false it only counts the pages, so that the
/// second, drawing pass can say "page n of N".
class Layout
{
public:
    Layout(QPainter& painter, QPdfWriter& writer, const ReportDocument& doc, int pages)
        : m_painter(painter)
        , m_writer(writer)
        , m_doc(doc)
        , m_pages(pages)
        , m_width(writer.width())
        , m_bottom(writer.height())
    {}

    /// Returns the number of pages, or -1 when a new page could not be started.
    int run(bool draw)
    {
        m_draw = draw;
        m_page = 1;
        header();
        for (const ReportSection& s : m_doc.sections)
            section(s);
        ending();
        footer();
        return m_failed ? -1 : m_page;
    }

private:
    [[nodiscard]] QFont font(double points, bool bold = false) const
    {
        QFont f(QStringLiteral("DejaVu Sans"));
        f.setStyleHint(QFont::SansSerif);
        f.setPointSizeF(points);
        f.setBold(bold);
        return f;
    }
    [[nodiscard]] double lineHeight(const QFont& f) const
    {
        return QFontMetricsF(f, &m_writer).height() * 1.25;
    }

    void text(const QRectF& r, int flags, const QString& s, const QFont& f)
    {
        if (!m_draw)
            return;
        // The rules between rows leave their own pen behind: text is always black.
        m_painter.setPen(Qt::black);
        m_painter.setFont(f);
        const QString shown = QFontMetricsF(f, &m_writer).elidedText(s, Qt::ElideRight, r.width());
        m_painter.drawText(r, flags | Qt::AlignVCenter, shown);
    }

    void header()
    {
        const QFont big = font(15, true);
        const QFont mid = font(11, true);
        const QFont small = font(8.5);
        double h = lineHeight(big);
        text(QRectF(0, 0, m_width, h), Qt::AlignLeft, m_doc.cinema, big);
        m_y = h;
        h = lineHeight(mid);
        text(QRectF(0, m_y, m_width, h), Qt::AlignLeft, m_doc.title, mid);
        m_y += h;
        h = lineHeight(small);
        text(QRectF(0, m_y, m_width * 0.6, h), Qt::AlignLeft, m_doc.period, small);
        text(QRectF(m_width * 0.4, m_y, m_width * 0.6, h), Qt::AlignRight,
             ReportPdfWriter::tr("Printed %1 by %2")
                 .arg(m_doc.printedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                      m_doc.printedBy),
             small);
        m_y += h * 1.2;
        if (m_draw) {
            m_painter.setPen(QPen(Qt::black, dpi / 72.0));
            m_painter.drawLine(QPointF(0, m_y), QPointF(m_width, m_y));
        }
        m_y += h * 0.6;
    }

    void footer()
    {
        const QFont small = font(8);
        const double h = lineHeight(small);
        text(QRectF(0, m_bottom - h, m_width, h), Qt::AlignLeft,
             QStringLiteral("%1 — %2").arg(m_doc.cinema, m_doc.title), small);
        text(QRectF(0, m_bottom - h, m_width, h), Qt::AlignRight,
             ReportPdfWriter::tr("Page %1 of %2").arg(m_page).arg(std::max(m_pages, m_page)), small);
    }

    /// Room for `height` more on this page (the footer's line kept free), else a new page.
    void need(double height)
    {
        const double footerRoom = lineHeight(font(8)) * 1.5;
        if (m_y + height <= m_bottom - footerRoom)
            return;
        footer();
        if (m_draw && !m_writer.newPage())
            m_failed = true;
        ++m_page;
        header();
    }

    void section(const ReportSection& s)
    {
        const QFont title = font(10.5, true);
        // A wide table (the drawers') is set smaller rather than cut.
        QList<double> natural;
        QFont cells = font(tablePoints);
        QFont bold = font(tablePoints, true);
        const double pad = QFontMetricsF(cells, &m_writer).horizontalAdvance(QStringLiteral("  "));
        QList<QVariantList> all = s.rows;
        if (!s.totals.isEmpty())
            all.append(s.totals);
        for (int c = 0; c < s.columns.size(); ++c) {
            double w = QFontMetricsF(bold, &m_writer).horizontalAdvance(s.columns.at(c).title);
            for (const QVariantList& row : all)
                w = std::max(
                    w, QFontMetricsF(bold, &m_writer)
                           .horizontalAdvance(ReportFormat::cell(m_doc, s.columns.at(c), row.value(c))));
            natural.append(w + pad);
        }
        double sum = 0;
        for (double w : natural)
            sum += w;
        double scale = 1;
        if (sum > m_width) {
            scale = std::max(0.6, m_width / sum);
            cells = font(tablePoints * scale);
            bold = font(tablePoints * scale, true);
        }
        // Text columns take what is left over, the figures keep their width.
        QList<double> widths;
        double textNatural = 0;
        double figures = 0;
        for (int c = 0; c < s.columns.size(); ++c) {
            if (s.columns.at(c).type == ReportValue::Text)
                textNatural += natural.at(c) * scale;
            else
                figures += natural.at(c) * scale;
        }
        const double spare = std::max(0.0, m_width - figures - textNatural);
        for (int c = 0; c < s.columns.size(); ++c) {
            double w = natural.at(c) * scale;
            if (s.columns.at(c).type == ReportValue::Text && textNatural > 0)
                w += spare * (natural.at(c) * scale / textNatural);
            widths.append(std::min(w, m_width));
        }

        const double rowH = lineHeight(cells);
        const double titleH = lineHeight(title);
        // A section's title never ends a page alone: it comes with its header and a first row.
        need(titleH + rowH * 3);
        text(QRectF(0, m_y, m_width, titleH), Qt::AlignLeft, s.title, title);
        m_y += titleH;
        auto drawRow = [&](const QVariantList& row, bool isHeader, bool isTotal) {
            need(rowH);
            double x = 0;
            if (isTotal && m_draw) {
                m_painter.setPen(QPen(Qt::black, dpi / 150.0));
                m_painter.drawLine(QPointF(0, m_y), QPointF(m_width, m_y));
            }
            for (int c = 0; c < s.columns.size(); ++c) {
                const ReportColumn& col = s.columns.at(c);
                const QString shown = isHeader ? col.title : ReportFormat::cell(m_doc, col, row.value(c));
                const int align = col.type == ReportValue::Text ? Qt::AlignLeft : Qt::AlignRight;
                text(QRectF(x + pad / 4, m_y, widths.at(c) - pad / 2, rowH), align, shown,
                     isHeader || isTotal ? bold : cells);
                x += widths.at(c);
            }
            m_y += rowH;
            if (isHeader && m_draw) {
                m_painter.setPen(QPen(Qt::gray, dpi / 150.0));
                m_painter.drawLine(QPointF(0, m_y), QPointF(m_width, m_y));
            }
        };
        drawRow({}, true, false);
        if (s.rows.isEmpty()) {
            need(rowH);
            text(QRectF(pad / 4, m_y, m_width, rowH), Qt::AlignLeft, ReportPdfWriter::tr("None."), cells);
            m_y += rowH;
        }
        for (const QVariantList& row : s.rows)
            drawRow(row, false, false);
        if (!s.totals.isEmpty())
            drawRow(s.totals, false, true);
        m_y += rowH * 0.8;
    }

    void ending()
    {
        const QFont small = font(8);
        const QFont mono = [] {
            QFont f(QStringLiteral("DejaVu Sans Mono"));
            f.setStyleHint(QFont::Monospace);
            f.setPointSizeF(7.5);
            return f;
        }();
        const double h = lineHeight(small);
        need(h * 7);
        m_y += h;
        text(QRectF(0, m_y, m_width, h), Qt::AlignLeft,
             ReportPdfWriter::tr("Audit log head when printed: position %1").arg(m_doc.auditPosition), small);
        m_y += h;
        text(QRectF(0, m_y, m_width, h), Qt::AlignLeft, QStringLiteral("SHA-256 ") + m_doc.auditHash, mono);
        m_y += h * 2.5;
        const double half = m_width / 2;
        if (m_draw) {
            m_painter.setPen(QPen(Qt::black, dpi / 150.0));
            m_painter.drawLine(QPointF(0, m_y), QPointF(half - h * 2, m_y));
            m_painter.drawLine(QPointF(half + h * 2, m_y), QPointF(m_width, m_y));
        }
        text(QRectF(0, m_y, half, h), Qt::AlignLeft, ReportPdfWriter::tr("Counted and printed by"), small);
        text(QRectF(half + h * 2, m_y, half, h), Qt::AlignLeft, ReportPdfWriter::tr("Checked by (manager)"),
             small);
        m_y += h;
    }

    QPainter& m_painter;
    QPdfWriter& m_writer;
    const ReportDocument& m_doc;
    int m_pages = 0;
    double m_width = 0;
    double m_bottom = 0;
    double m_y = 0;
    int m_page = 1;
    bool m_draw = false;
    bool m_failed = false;
};

} // namespace

Result<QByteArray> ReportPdfWriter::render(const ReportDocument& doc)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(dpi);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(16, 14, 16, 14), QPageLayout::Millimeter);
        writer.setTitle(QStringLiteral("%1 — %2").arg(doc.cinema, doc.title));
        writer.setCreator(QStringLiteral("Box office"));
        QPainter painter;
        if (!painter.begin(&writer))
            return makeError(ErrorCode::Internal, tr("The report could not be drawn."),
                             QStringLiteral("QPainter::begin on QPdfWriter failed"));
        // First count the pages, then draw them.
        Layout counting(painter, writer, doc, 0);
        const int pages = counting.run(false);
        Layout drawing(painter, writer, doc, pages);
        const int drawn = drawing.run(true);
        if (!painter.end() || drawn < 0)
            return makeError(ErrorCode::Internal, tr("The report could not be drawn."),
                             QStringLiteral("QPainter on QPdfWriter failed"));
    }
    return bytes;
}

Status ReportPdfWriter::writePdf(const ReportDocument& doc, const QString& path)
{
    auto bytes = render(doc);
    if (!bytes)
        return bytes.error();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    if (file.write(bytes.value()) != bytes.value().size() || !file.commit())
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    return success();
}

} // namespace bo
