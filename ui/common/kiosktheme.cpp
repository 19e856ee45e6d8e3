// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/kiosktheme.h"

#include <algorithm>
#include <cmath>

#include <QVBoxLayout>

namespace bo {
namespace {

double linear(double channel)
{
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

double luminance(const QColor& c)
{
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

} // namespace

void KioskTheme::apply(QWidget* window, const KioskDisplay& display, const QFont& baseFont)
{
    window->setPalette(palette(display.highContrast));
    window->setFont(font(display, baseFont));
    window->setStyleSheet(styleSheet(display));
}

QPalette KioskTheme::palette(bool highContrast)
{
    QPalette p;
    if (!highContrast) {
        // Dark blue-grey text on near-white, a deep blue accent: 12:1 and 8:1.
        const QColor text(0x1b, 0x26, 0x33);
        const QColor base(0xfa, 0xfa, 0xfa);
        p.setColor(QPalette::Window, base);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xee, 0xf1, 0xf5));
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0xe3, 0xe8, 0xef));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::Highlight, QColor(0x0b, 0x4f, 0x9c));
        p.setColor(QPalette::HighlightedText, Qt::white);
        return p;
    }
    // Black ground, white text, yellow for what is chosen or focused: 21:1 and 19.6:1.
    p.setColor(QPalette::Window, Qt::black);
    p.setColor(QPalette::WindowText, Qt::white);
    p.setColor(QPalette::Base, Qt::black);
    p.setColor(QPalette::AlternateBase, QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::Text, Qt::white);
    p.setColor(QPalette::Button, Qt::black);
    p.setColor(QPalette::ButtonText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0xff, 0xeb, 0x3b));
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Link, QColor(0xff, 0xeb, 0x3b));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0xb0, 0xb0, 0xb0)); // 10:1 on black
    return p;
}

QFont KioskTheme::font(const KioskDisplay& display, QFont base)
{
    base.setPointSizeF(basePointSize * (display.largeText ? largeTextScale : 1.0));
    return base;
}

QString KioskTheme::styleSheet(const KioskDisplay& display)
{
    // A style sheet on the window makes Qt draw its children with the style-sheet style, which
    // does not take every colour from the palette: the palette's colours are repeated here.
    const QPalette p = palette(display.highContrast);
    auto c = [&p](QPalette::ColorRole role) { return p.color(role).name(); };
    const QString border = display.highContrast ? QStringLiteral("white") : QStringLiteral("#4a5a6a");
    return QStringLiteral(
               "QWidget { color: %2; background: %3; }"
               "QAbstractButton, QComboBox, QLineEdit, QSpinBox { min-height: %1px; min-width: %1px; "
               "color: %4; background: %5; border: 2px solid %8; border-radius: 6px; padding: 4px 12px; }"
               "QAbstractItemView { color: %2; background: %3; border: 2px solid %8; "
               "selection-color: %6; selection-background-color: %7; }"
               "QAbstractItemView::item { min-height: %1px; padding: 4px; }"
               "QAbstractItemView::item:selected { color: %6; background: %7; }"
               "QAbstractButton:focus, QComboBox:focus, QLineEdit:focus, QSpinBox:focus, "
               "QAbstractItemView:focus { border: 3px solid %7; }")
        .arg(touchTarget)
        .arg(c(QPalette::WindowText), c(QPalette::Window), c(QPalette::ButtonText), c(QPalette::Button),
             c(QPalette::HighlightedText), c(QPalette::Highlight), border);
}

double KioskTheme::contrastRatio(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

ReachFrame::ReachFrame(QWidget* parent)
    : QWidget(parent)
    , m_info(new QWidget(this))
    , m_controls(new QWidget(this))
    , m_layout(new QVBoxLayout(this))
{
    m_info->setObjectName(QStringLiteral("reachInfo"));
    m_controls->setObjectName(QStringLiteral("reachControls"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addWidget(m_info);
    m_layout->addWidget(m_controls);
    relayout();
}

ReachFrame::~ReachFrame() = default;

void ReachFrame::setLowReach(bool lowReach)
{
    if (m_lowReach == lowReach)
        return;
    m_lowReach = lowReach;
    relayout();
}

void ReachFrame::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void ReachFrame::relayout()
{
    if (m_lowReach) {
        // Controls held in the lower share: the text above takes what is left.
        const int reach = static_cast<int>(height() * KioskTheme::lowReachShare);
        m_controls->setMaximumHeight(std::max(reach, 0));
        m_layout->setStretch(0, 1);
        m_layout->setStretch(1, 0);
        m_controls->setMinimumHeight(std::min(reach, m_controls->minimumSizeHint().height()));
    } else {
        m_controls->setMaximumHeight(QWIDGETSIZE_MAX);
        m_controls->setMinimumHeight(0);
        m_layout->setStretch(0, 0);
        m_layout->setStretch(1, 1);
    }
}

} // namespace bo
