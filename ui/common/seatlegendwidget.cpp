// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/seatlegendwidget.h"

#include <algorithm>

#include <QEvent>
#include <QFontMetrics>
#include <QPaintEvent>
#include <QPainter>

#include "ui/common/seatmapwidget.h"

namespace bo {

namespace {

constexpr int symbolHeight = 20;
constexpr int symbolWidth = 22;
constexpr int symbolTextGap = 6;
constexpr int entryGap = 16;
constexpr int lineGap = 6;
constexpr int margin = 4;

} // namespace

SeatLegendWidget::SeatLegendWidget(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("seatLegendWidget"));
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    retranslate();
}

SeatLegendWidget::~SeatLegendWidget() = default;

QStringList SeatLegendWidget::entryTexts() const
{
    QStringList texts;
    for (const Entry& e : m_entries)
        texts.append(e.text);
    return texts;
}

QSize SeatLegendWidget::sizeHint() const
{
    int height = 0;
    const int width = 640;
    (void)layoutFor(width, &height);
    return {width, height};
}

QSize SeatLegendWidget::minimumSizeHint() const
{
    return {symbolWidth * 2 + 120, symbolHeight + 2 * margin};
}

int SeatLegendWidget::heightForWidth(int width) const
{
    int height = 0;
    (void)layoutFor(width, &height);
    return height;
}

void SeatLegendWidget::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    p.setClipRect(event->rect());
    int height = 0;
    const QList<Placed> placed = layoutFor(width(), &height);
    QFont headingFont = font();
    headingFont.setBold(true);
    for (const Placed& item : placed) {
        if (item.entry < 0) {
            p.setFont(headingFont);
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(item.text, Qt::AlignLeft | Qt::AlignVCenter, item.heading);
            continue;
        }
        const Entry& e = m_entries.at(item.entry);
        if (e.kind == SeatKind::Couple) {
            // A couple seat is a joined pair: show both halves.
            const QRect s = item.symbol;
            const int half = s.width() / 2;
            SeatPainter::paintSeat(p, QRectF(s.left(), s.top(), half, s.height()), e.look, e.kind,
                                   SeatPainter::Part::CoupleLeft);
            SeatPainter::paintSeat(p, QRectF(s.left() + half, s.top(), s.width() - half, s.height()), e.look,
                                   e.kind, SeatPainter::Part::CoupleRight);
        } else {
            SeatPainter::paintSeat(p, QRectF(item.symbol), e.look, e.kind, SeatPainter::Part::Single);
        }
        p.setFont(font());
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(item.text, Qt::AlignLeft | Qt::AlignVCenter, e.text);
    }
}

void SeatLegendWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

QList<SeatLegendWidget::Entry> SeatLegendWidget::statusEntries()
{
    using Look = SeatPainter::Look;
    QList<Entry> entries;
    for (Look look : {Look::Free, Look::Mine, Look::HeldByOther, Look::Reserved, Look::Blocked})
        entries.append(Entry{look, SeatKind::Standard, SeatMapWidget::lookName(look)});
    return entries;
}

QList<SeatLegendWidget::Entry> SeatLegendWidget::kindEntries()
{
    QList<Entry> entries;
    for (SeatKind kind :
         {SeatKind::Standard, SeatKind::Premium, SeatKind::Couple, SeatKind::Wheelchair, SeatKind::Companion})
        entries.append(Entry{SeatPainter::Look::Free, kind, SeatMapWidget::kindName(kind)});
    return entries;
}

QList<SeatLegendWidget::Placed> SeatLegendWidget::layoutFor(int width, int* height) const
{
    QList<Placed> placed;
    const QFontMetrics metrics(font());
    QFont headingFont = font();
    headingFont.setBold(true);
    const QFontMetrics headingMetrics(headingFont);
    const int lineHeight = std::max(symbolHeight, metrics.height());
    const int right = std::max(width - margin, margin + 1);
    int y = margin;

    const QString headings[] = {tr("Status"), tr("Seat types")};
    const qsizetype groupStart[] = {0, m_statusCount};
    const qsizetype groupEnd[] = {m_statusCount, m_entries.size()};
    for (int group = 0; group < 2; ++group) {
        int x = margin;
        const int headingWidth = headingMetrics.horizontalAdvance(headings[group]) + entryGap;
        placed.append(Placed{-1, headings[group], QRect(), QRect(x, y, headingWidth, lineHeight)});
        x += headingWidth;
        for (qsizetype i = groupStart[group]; i < groupEnd[group]; ++i) {
            const Entry& e = m_entries.at(i);
            const int symbolW = e.kind == SeatKind::Couple ? 2 * symbolWidth : symbolWidth;
            const int textW = metrics.horizontalAdvance(e.text);
            const int itemW = symbolW + symbolTextGap + textW;
            if (x > margin && x + itemW > right) {
                x = margin + headingWidth;
                y += lineHeight + lineGap;
            }
            const QRect symbol(x, y + (lineHeight - symbolHeight) / 2, symbolW, symbolHeight);
            const QRect text(x + symbolW + symbolTextGap, y, textW + 2, lineHeight);
            placed.append(Placed{i, QString(), symbol, text});
            x += itemW + entryGap;
        }
        y += lineHeight + lineGap;
    }
    if (height)
        *height = y - lineGap + margin;
    return placed;
}

void SeatLegendWidget::retranslate()
{
    m_entries = statusEntries();
    m_statusCount = m_entries.size();
    m_entries += kindEntries();
    setAccessibleName(tr("Seat map legend"));
    setAccessibleDescription(entryTexts().join(QLatin1String(", ")));
}

} // namespace bo
