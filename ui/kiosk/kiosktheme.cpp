// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kiosktheme.h"

#include <QPushButton>

namespace bo::kiosktheme {

QString styleSheet()
{
    return QStringLiteral(
               "QWidget#kioskWindow { background: #101418; }"
               "QLabel { color: #f2f2f2; font-size: 28px; }"
               "QLabel[role=\"title\"] { font-size: 54px; font-weight: bold; }"
               "QLabel[role=\"heading\"] { font-size: 40px; font-weight: bold; }"
               "QLabel[role=\"countdown\"] { font-size: 40px; font-weight: bold; color: #ffd166; }"
               "QLabel[role=\"notice\"] { background: #2b3440; padding: 18px; border-radius: 8px; }"
               "QPushButton { min-height: %1px; min-width: %1px; font-size: 30px; color: #101418;"
               " background: #e8eef5; border: %2px solid #e8eef5; border-radius: 10px; padding: 6px 22px; }"
               "QPushButton[role=\"primary\"] { background: #4cc38a; border-color: #4cc38a; font-weight: "
               "bold; }"
               "QPushButton:focus { border: %2px solid #ffbf00; }"
               "QPushButton:disabled { background: #59616b; border-color: #59616b; color: #c9ced4; }"
               "QLineEdit { font-size: 40px; min-height: %1px; }")
        .arg(touchTargetPx)
        .arg(focusFramePx);
}

void makeTouchButton(QPushButton* button)
{
    button->setMinimumSize(touchTargetPx, touchTargetPx);
    button->setFocusPolicy(Qt::StrongFocus);
    button->setAutoDefault(false);
}

} // namespace bo::kiosktheme
