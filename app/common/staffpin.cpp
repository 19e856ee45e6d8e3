// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/staffpin.h"

#include <array>

#include <QRegularExpression>

#include <sodium.h>

namespace bo {

Result<QString> StaffPin::hash(const QString& pin)
{
    static const QRegularExpression digits(QStringLiteral("^[0-9]{4,12}$"));
    if (!digits.match(pin).hasMatch())
        return Error{ErrorCode::BadInput, QStringLiteral("A staff PIN is 4 to 12 digits."), {}, {}};
    if (sodium_init() < 0)
        return Error{ErrorCode::Internal, QStringLiteral("libsodium could not start."), {}, {}};
    const QByteArray text = pin.toUtf8();
    std::array<char, crypto_pwhash_STRBYTES> out{};
    // crypto_pwhash_str is Argon2id with its own random salt.
    if (crypto_pwhash_str(out.data(), text.constData(), static_cast<unsigned long long>(text.size()),
                          crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        return Error{ErrorCode::Internal, QStringLiteral("Out of memory while hashing the PIN."), {}, {}};
    return QString::fromLatin1(out.data());
}

bool StaffPin::verify(const QString& stored, const QString& pin)
{
    if (stored.isEmpty() || pin.isEmpty() || sodium_init() < 0)
        return false;
    const QByteArray hashed = stored.toLatin1();
    if (hashed.size() >= crypto_pwhash_STRBYTES)
        return false;
    const QByteArray text = pin.toUtf8();
    return crypto_pwhash_str_verify(hashed.constData(), text.constData(),
                                    static_cast<unsigned long long>(text.size())) == 0;
}

} // namespace bo
