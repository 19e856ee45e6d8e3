// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>

#include "model/core/result.h"

namespace bo {

/// A QR symbol from libqrencode: size x size modules, row after row, true = dark. No quiet zone.
struct QrCode
{
    int size = 0;
    QList<bool> modules;

    [[nodiscard]] bool dark(int x, int y) const { return modules.at(qsizetype(y) * size + x); }
};

/// The QR symbol of `text` at error correction level M (base32 text goes in alphanumeric mode).
[[nodiscard]] Result<QrCode> makeQrCode(const QString& text);

} // namespace bo
