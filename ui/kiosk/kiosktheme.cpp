// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kiosktheme.h"

#include <cmath>

#include <QPushButton>

namespace bo::kiosktheme {

QString styleSheet(const KioskDisplay& display)
{
    const double scale = display.largeText ? KioskTheme::largeTextScale : 1.0;
    const auto px = [scale](int size) { return QString::number(std::lround(size * scale)); };
    // Normal: light on dark blue-grey. High contrast: white on black, yellow for what acts
    // (21:1 and 19.6:1, KioskTheme::palette(true)).
    const bool hc = display.highContrast;
    const QString ground = hc ? QStringLiteral("#000000") : QStringLiteral("#101418");
    const QString text = hc ? QStringLiteral("#ffffff") : QStringLiteral("#f2f2f2");
    const QString accent = hc ? QStringLiteral("#ffeb3b") : QStringLiteral("#ffd166");
    const QString notice = hc ? QStringLiteral("#000000") : QStringLiteral("#2b3440");
    const QString noticeBorder = hc ? QStringLiteral("#ffffff") : QStringLiteral("#2b3440");
    const QString button = hc ? QStringLiteral("#000000") : QStringLiteral("#e8eef5");
    const QString buttonText = hc ? QStringLiteral("#ffffff") : QStringLiteral("#101418");
    const QString buttonBorder = hc ? QStringLiteral("#ffffff") : QStringLiteral("#e8eef5");
    const QString primary = hc ? QStringLiteral("#ffeb3b") : QStringLiteral("#4cc38a");
    const QString primaryText = hc ? QStringLiteral("#000000") : QStringLiteral("#101418");
    const QString focus = hc ? QStringLiteral("#00e5ff") : QStringLiteral("#ffbf00");
    const QString checked = hc ? QStringLiteral("#ffeb3b") : QStringLiteral("#8ecbff");
    return QStringLiteral("QWidget#kioskWindow { background: %1; }"
                          "QLabel { color: %2; font-size: %3px; }"
                          "QLabel[role=\"title\"] { font-size: %4px; font-weight: bold; }"
                          "QLabel[role=\"heading\"] { font-size: %5px; font-weight: bold; }"
                          "QLabel[role=\"countdown\"] { font-size: %5px; font-weight: bold; color: %6; }"
                          "QLabel[role=\"notice\"] { background: %7; border: 2px solid %8; padding: 18px;"
                          " border-radius: 8px; }")
               .arg(ground, text, px(28), px(54), px(40), accent, notice, noticeBorder) +
           QStringLiteral("QPushButton { min-height: %1px; min-width: %1px; font-size: %2px; color: %3;"
                          " background: %4; border: %5px solid %6; border-radius: 10px; padding: 6px 18px; }"
                          "QPushButton[role=\"primary\"] { background: %7; border-color: %7; color: %8;"
                          " font-weight: bold; }"
                          "QPushButton[role=\"tool\"] { font-size: %9px; padding: 4px 8px; }"
                          "QPushButton#callHelp { background: %7; border-color: %7; color: %8; }"
                          "QPushButton:checked { border-color: %10; text-decoration: underline; }")
               .arg(QString::number(touchTargetPx), px(30), buttonText, button, QString::number(focusFramePx),
                    buttonBorder, primary, primaryText, px(24))
               .arg(checked) +
           QStringLiteral(
               "QPushButton:focus { border: %1px solid %2; }"
               "QPushButton:disabled { background: #59616b; border-color: #59616b; color: #ffffff; }"
               "QLineEdit { font-size: %3px; min-height: %4px; }"
               "QListView { color: %5; background: %6; font-size: %7px; border: 2px solid %8; }"
               "QListView::item { min-height: %4px; padding: 8px; border-bottom: 1px solid %8; }"
               "QListView::item:selected { color: %9; background: %10; }"
               "QListView:focus { border: %1px solid %2; }")
               .arg(QString::number(focusFramePx), focus, px(40), QString::number(touchTargetPx), text,
                    ground, px(28), buttonBorder, primaryText)
               .arg(primary);
}

void makeTouchButton(QPushButton* button)
{
    button->setMinimumSize(touchTargetPx, touchTargetPx);
    button->setFocusPolicy(Qt::StrongFocus);
    button->setAutoDefault(false);
}

} // namespace bo::kiosktheme
