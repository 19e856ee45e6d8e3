// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "ui/common/kiosktheme.h"

class QPushButton;

namespace bo::kiosktheme {

/// The smallest side of anything a customer touches: KioskTheme's one constant (WCAG 2.5.5
/// asks 44; 48 is about 9 mm). The kiosk's buttons grow past it with their type and padding.
inline constexpr int touchTargetPx = KioskTheme::touchTarget;
static_assert(touchTargetPx >= 44, "WCAG 2.5.5: touch targets of at least 44 x 44 px");
/// The frame that shows where the keypad's focus is (WCAG 2.4.7), in logical pixels.
inline constexpr int focusFramePx = 6;

/// The kiosk's style sheet for the customer's display modes: type sizes × largeTextScale in
/// large text, black / white / yellow in high contrast, the touch target on every button, a
/// focus frame that a keypad user cannot miss. (Low reach is layout, not style: KioskWindow.)
[[nodiscard]] QString styleSheet(const KioskDisplay& display = {});

/// Gives a button the kiosk's touch target and takes it into the keypad's focus chain.
void makeTouchButton(QPushButton* button);

} // namespace bo::kiosktheme
