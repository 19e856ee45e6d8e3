// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/tickets/ticket.h"

#include "model/tickets/ticketbook.h"

#include <algorithm>
#include <array>

#include <QtEndian>

namespace bo {
namespace {

constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
constexpr int codeSize = 8; // "XXXX-XXXX" without the dash
/// Signed before the body so a signature of ours can never stand for another kind of message.
constexpr char context[] = "boxoffice-ticket:";

void put16(QByteArray& out, quint16 v)
{
    std::array<uchar, 2> b{};
    qToBigEndian(v, b.data());
    out.append(reinterpret_cast<const char*>(b.data()), 2);
}

void put32(QByteArray& out, quint32 v)
{
    std::array<uchar, 4> b{};
    qToBigEndian(v, b.data());
    out.append(reinterpret_cast<const char*>(b.data()), 4);
}

quint32 get32(const QByteArray& in, int at)
{
    return qFromBigEndian<quint32>(in.constData() + at);
}

bool validCode(const QByteArray& code)
{
    if (code.size() != codeSize)
        return false;
    for (char c : code) {
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return false;
    }
    return true;
}

std::optional<TicketPayload> parseBody(const QByteArray& bytes)
{
    if (bytes.size() != ticketcode::bodySize + ticketcode::signatureSize ||
        quint8(bytes.at(0)) != ticketcode::version)
        return std::nullopt;
    const QByteArray code = bytes.mid(15, codeSize);
    if (!validCode(code))
        return std::nullopt;
    TicketPayload p;
    p.keyId = qFromBigEndian<quint16>(bytes.constData() + 1);
    p.serial = get32(bytes, 3);
    p.showtimeId = qint32(get32(bytes, 7));
    p.seatId = qint32(get32(bytes, 11));
    p.bookingCode = QString::fromLatin1(code.left(4)) + QLatin1Char('-') + QString::fromLatin1(code.mid(4));
    return p;
}

QByteArray signedMessage(const QByteArray& body)
{
    return QByteArray(context) + body;
}

} // namespace

namespace ticketcode {

QByteArray body(const TicketPayload& payload)
{
    QByteArray out;
    out.reserve(bodySize);
    out.append(char(version));
    put16(out, payload.keyId);
    put32(out, payload.serial);
    put32(out, quint32(payload.showtimeId));
    put32(out, quint32(payload.seatId));
    QByteArray code = payload.bookingCode.toLatin1();
    code.replace('-', QByteArray());
    code = code.leftJustified(codeSize, '0', true);
    out.append(code);
    return out;
}

QString encode(const TicketPayload& payload, const TicketSigner& signer)
{
    TicketPayload p = payload;
    p.keyId = signer.keyId();
    const QByteArray b = body(p);
    return base32(b + signer.sign(signedMessage(b)));
}

std::variant<TicketPayload, PayloadProblem> decode(const QString& text, const TicketVerifier& verifier)
{
    bool ok = false;
    const QByteArray bytes = fromBase32(text.trimmed().toUpper(), &ok);
    if (!ok)
        return PayloadProblem::Unreadable;
    const std::optional<TicketPayload> p = parseBody(bytes);
    if (!p)
        return PayloadProblem::Unreadable;
    if (!verifier.knowsKey(p->keyId))
        return PayloadProblem::UnknownKey;
    if (!verifier.verify(p->keyId, signedMessage(bytes.left(bodySize)), bytes.mid(bodySize)))
        return PayloadProblem::Forged;
    return *p;
}

std::optional<TicketPayload> peek(const QString& text)
{
    bool ok = false;
    const QByteArray bytes = fromBase32(text.trimmed().toUpper(), &ok);
    return ok ? parseBody(bytes) : std::nullopt;
}

QString base32(const QByteArray& bytes)
{
    QString out;
    out.reserve((bytes.size() * 8 + 4) / 5);
    quint32 buffer = 0;
    int bits = 0;
    for (char c : bytes) {
        buffer = (buffer << 8) | quint8(c);
        bits += 8;
        while (bits >= 5) {
            out.append(QLatin1Char(alphabet[(buffer >> (bits - 5)) & 31U]));
            bits -= 5;
        }
    }
    if (bits > 0)
        out.append(QLatin1Char(alphabet[(buffer << (5 - bits)) & 31U]));
    return out;
}

QByteArray fromBase32(const QString& text, bool* ok)
{
    QByteArray out;
    out.reserve(text.size() * 5 / 8);
    quint32 buffer = 0;
    int bits = 0;
    for (QChar ch : text) {
        const char16_t c = ch.unicode();
        quint32 v = 0;
        if (c >= u'A' && c <= u'Z')
            v = c - u'A';
        else if (c >= u'2' && c <= u'7')
            v = c - u'2' + 26;
        else {
            *ok = false;
            return {};
        }
        buffer = (buffer << 5) | v;
        bits += 5;
        if (bits >= 8) {
            out.append(char((buffer >> (bits - 8)) & 0xFFU));
            bits -= 8;
        }
    }
    // Leftover bits are padding; anything but zeros there is not our encoding.
    *ok = bits < 5 && (buffer & ((1U << bits) - 1)) == 0;
    return *ok ? out : QByteArray();
}

} // namespace ticketcode

QString checkinVerdictName(CheckinVerdict verdict)
{
    switch (verdict) {
    case CheckinVerdict::Admitted:
        return QStringLiteral("ADMITTED");
    case CheckinVerdict::AlreadyUsed:
        return QStringLiteral("ALREADY_USED");
    case CheckinVerdict::Reprinted:
        return QStringLiteral("REPRINTED");
    case CheckinVerdict::Cancelled:
        return QStringLiteral("CANCELLED");
    case CheckinVerdict::Refunded:
        return QStringLiteral("REFUNDED");
    case CheckinVerdict::NotValid:
        return QStringLiteral("NOT_VALID");
    case CheckinVerdict::WrongShowtime:
        return QStringLiteral("WRONG_SHOWTIME");
    case CheckinVerdict::Unknown:
        return QStringLiteral("UNKNOWN");
    case CheckinVerdict::Forged:
        return QStringLiteral("FORGED");
    case CheckinVerdict::Unreadable:
        return QStringLiteral("UNREADABLE");
    }
    return QStringLiteral("UNREADABLE");
}

std::optional<CheckinVerdict> checkinVerdictFromName(const QString& name)
{
    for (CheckinVerdict v : {CheckinVerdict::Admitted, CheckinVerdict::AlreadyUsed, CheckinVerdict::Reprinted,
                             CheckinVerdict::Cancelled, CheckinVerdict::Refunded, CheckinVerdict::NotValid,
                             CheckinVerdict::WrongShowtime, CheckinVerdict::Unknown, CheckinVerdict::Forged,
                             CheckinVerdict::Unreadable}) {
        if (checkinVerdictName(v) == name)
            return v;
    }
    return std::nullopt;
}

int CheckinList::admitted() const
{
    return int(std::count_if(records.cbegin(), records.cend(),
                             [](const CheckinRecord& r) { return r.undoneAt.isNull(); }));
}

} // namespace bo
