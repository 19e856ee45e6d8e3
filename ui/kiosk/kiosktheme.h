// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

class QPushButton;

namespace bo::kiosktheme {

/// The smallest side of anything a customer touches, in logical pixels (WCAG 2.5.5 asks 44; a
/// kiosk's 21–27" screen at arm's length wants more). Every kiosk button takes it from here.
inline constexpr int touchTargetPx = 72;
/// The frame that shows where the keypad's focus is (WCAG 2.4.7), in logical pixels.
inline constexpr int focusFramePx = 6;

/// The kiosk's style sheet: large type, the touch target on every button, a focus frame that a
/// keypad user cannot miss.
[[nodiscard]] QString styleSheet();

/// Gives a button the kiosk's touch target and takes it into the keypad's focus chain.
void makeTouchButton(QPushButton* button);

} // namespace bo::kiosktheme
