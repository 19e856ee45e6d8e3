// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/tickets/qrcode.h"

#include <memory>

#include <QCoreApplication>

#include <qrencode.h>

namespace bo {

Result<QrCode> makeQrCode(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    const std::unique_ptr<QRcode, decltype(&QRcode_free)> symbol(
        QRcode_encodeString(utf8.constData(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
    if (!symbol)
        return makeError(ErrorCode::Internal,
                         QCoreApplication::translate("bo::QrCode", "The ticket's QR code could not be made."),
                         QStringLiteral("QRcode_encodeString failed for %1 characters").arg(text.size()));
    QrCode code;
    code.size = symbol->width;
    code.modules.reserve(qsizetype(code.size) * code.size);
    for (int i = 0; i < code.size * code.size; ++i)
        code.modules.append((symbol->data[i] & 1U) != 0);
    return code;
}

} // namespace bo
