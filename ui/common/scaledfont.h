// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QFont>

namespace bo {

/// `font` at `factor` times its point size, bold or not: the larger type of headings, totals and
/// countdowns, kept relative to the user's font.
[[nodiscard]] QFont scaledFont(QFont font, double factor, bool bold = false);

} // namespace bo
