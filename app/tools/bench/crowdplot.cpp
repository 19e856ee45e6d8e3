// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdplot.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <QColor>
#include <QFont>
#include <QPainter>

namespace bo::bench {
namespace {

constexpr int panelWidth = 520;
constexpr int panelHeight = 420;
constexpr int headerHeight = 70;
constexpr int legendHeight = 60;

/// A round upper bound for an axis: 1, 2 or 5 times a power of ten.
double niceCeiling(double v)
{
    if (v <= 0)
        return 1;
    const double power = std::pow(10.0, std::floor(std::log10(v)));
    for (double step : {1.0, 2.0, 5.0, 10.0}) {
        if (v <= step * power)
            return step * power;
    }
    return 10 * power;
}

QColor colourOf(int index)
{
    static const QList<QColor> colours{
        QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
        QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
        QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22)};
    return colours.at(index % colours.size());
}

struct Panel
{
    QString title;
    QString unit;
    std::function<double(const CrowdResult&)> value;
};

void drawPanel(QPainter& p, const QRect& area, const Panel& panel, const QList<int>& crowds,
               const QStringList& labels, const QList<CrowdResult>& runs)
{
    p.save();
    p.translate(area.topLeft());
    QFont title = p.font();
    title.setBold(true);
    p.setFont(title);
    p.drawText(QRect(0, 0, area.width(), 24), Qt::AlignCenter, panel.title);
    p.setFont(QFont(p.font().family(), 9));
    const QRect plot(60, 34, area.width() - 75, area.height() - 70);
    double top = 0;
    for (const CrowdResult& r : runs)
        top = std::max(top, panel.value(r));
    top = niceCeiling(top);
    p.setPen(QColor(0xdd, 0xdd, 0xdd));
    for (int i = 0; i <= 5; ++i) {
        const int y = plot.bottom() - plot.height() * i / 5;
        p.drawLine(plot.left(), y, plot.right(), y);
        p.setPen(Qt::black);
        p.drawText(QRect(0, y - 8, plot.left() - 6, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(top * i / 5, 'g', 3));
        p.setPen(QColor(0xdd, 0xdd, 0xdd));
    }
    p.setPen(Qt::black);
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    p.save();
    p.translate(12, plot.center().y());
    p.rotate(-90);
    p.drawText(QRect(-80, -8, 160, 16), Qt::AlignCenter, panel.unit);
    p.restore();
    const int groups = int(crowds.size());
    const double groupWidth = double(plot.width()) / std::max(1, groups);
    const double barWidth = groupWidth * 0.8 / std::max<qsizetype>(1, labels.size());
    for (int g = 0; g < groups; ++g) {
        const double left = plot.left() + g * groupWidth + groupWidth * 0.1;
        for (qsizetype s = 0; s < labels.size(); ++s) {
            const auto run = std::find_if(runs.cbegin(), runs.cend(), [&](const CrowdResult& r) {
                return r.customers == crowds.at(g) && r.label() == labels.at(s);
            });
            if (run == runs.cend())
                continue;
            const double v = panel.value(*run);
            const double h = top > 0 ? plot.height() * v / top : 0;
            const QRectF bar(left + double(s) * barWidth, plot.bottom() - h, barWidth * 0.9, h);
            p.fillRect(bar, colourOf(int(s)));
            if (run->violations > 0) {
                p.setPen(Qt::red);
                p.drawText(bar.adjusted(0, -14, 0, 0).topLeft(), QStringLiteral("!"));
                p.setPen(Qt::black);
            }
        }
        p.drawText(QRectF(plot.left() + g * groupWidth, plot.bottom() + 4, groupWidth, 18), Qt::AlignCenter,
                   QStringLiteral("%1 customers").arg(crowds.at(g)));
    }
    p.restore();
}

} // namespace

QImage plotCrowd(const QList<CrowdResult>& runs, const QString& caption)
{
    QList<int> crowds;
    QStringList labels;
    for (const CrowdResult& r : runs) {
        if (!crowds.contains(r.customers))
            crowds << r.customers;
        if (!labels.contains(r.label()))
            labels << r.label();
    }
    std::sort(crowds.begin(), crowds.end());
    const QList<Panel> panels{
        {QStringLiteral("Time to the last sale"), QStringLiteral("seconds"),
         [](const CrowdResult& r) { return r.lastSaleS; }},
        {QStringLiteral("Hold latency, 99th percentile"), QStringLiteral("milliseconds"),
         [](const CrowdResult& r) { return r.hold.p99; }},
        {QStringLiteral("PostgreSQL CPU"), QStringLiteral("CPU seconds"),
         [](const CrowdResult& r) { return r.serverCpuS.value_or(0.0); }},
    };
    QImage image(panelWidth * int(panels.size()), headerHeight + panelHeight + legendHeight,
                 QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setFont(QFont(QStringLiteral("DejaVu Sans"), 10));
    QFont heading = p.font();
    heading.setPointSize(13);
    heading.setBold(true);
    p.setFont(heading);
    p.drawText(QRect(0, 6, image.width(), 26), Qt::AlignCenter,
               QStringLiteral("boxoffice-bench crowd: one showtime of the demo's largest hall goes on sale"));
    p.setFont(QFont(QStringLiteral("DejaVu Sans"), 9));
    p.drawText(QRect(10, 34, image.width() - 20, 32), Qt::AlignCenter | Qt::TextWordWrap, caption);
    for (qsizetype i = 0; i < panels.size(); ++i)
        drawPanel(p, QRect(int(i) * panelWidth, headerHeight, panelWidth, panelHeight), panels.at(i), crowds,
                  labels, runs);
    // The legend: one swatch per strategy, in bar order.
    int x = 20;
    int y = headerHeight + panelHeight + 10;
    for (qsizetype s = 0; s < labels.size(); ++s) {
        const int width = p.fontMetrics().horizontalAdvance(labels.at(s)) + 40;
        if (x + width > image.width() - 10) {
            x = 20;
            y += 22;
        }
        p.fillRect(QRect(x, y + 3, 14, 14), colourOf(int(s)));
        p.drawText(QPoint(x + 20, y + 15), labels.at(s));
        x += width;
    }
    return image;
}

} // namespace bo::bench
