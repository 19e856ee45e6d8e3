// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/refundstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

const QString recordColumns = QStringLiteral(
    "key, booking_code, showtime_id, array_to_string(seat_labels, ','), amount_minor, currency, "
    "method, payment_key, state, booking_status");

QVariant textOrNull(const QString& text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

/// A text[] literal of labels (letters and digits only reach here; quoted all the same).
QString labelArray(const QStringList& labels)
{
    QStringList quoted;
    quoted.reserve(labels.size());
    for (QString label : labels) {
        label.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + label + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

QUuid uuidAt(const Rows& r, int column)
{
    return r.value(column).isNull() ? QUuid() : QUuid::fromString(r.value(column).toString());
}

RefundState stateFrom(const QString& text)
{
    if (text == QLatin1String("REFUNDED"))
        return RefundState::Refunded;
    if (text == QLatin1String("FAILED"))
        return RefundState::Failed;
    return RefundState::Refunding;
}

/// The first ten columns of recordColumns.
RefundRecord recordAt(const Rows& r)
{
    RefundRecord rec;
    rec.key = uuidAt(r, 0);
    rec.bookingCode = r.value(1).toString();
    rec.showtimeId = r.value(2).toInt();
    rec.seats = r.value(3).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
    rec.amountMinor = r.value(4).toLongLong();
    rec.currency = r.value(5).toString();
    rec.method = r.value(6).toString();
    rec.paymentKey = uuidAt(r, 7);
    rec.state = stateFrom(r.value(8).toString());
    rec.bookingStatus = r.value(9).toString();
    return rec;
}

} // namespace

RefundStore::RefundStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<RefundQuote> RefundStore::quote(const QString& bookingCode, const QStringList& seats,
                                       const QUuid& terminalId)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT booking_code, showtime_id, starts_at, array_to_string(seat_labels, ','), "
                       "amount_minor, currency, method, payment_key, needs_approval, seats_left, card_minor, "
                       "cash_minor FROM "
                       "bo_refund_quote(?, ?::text[], ?::uuid)"),
        {bookingCode, labelArray(seats),
         terminalId.isNull() ? QVariant(QMetaType::fromType<QString>())
                             : QVariant(terminalId.toString(QUuid::WithoutBraces))});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The server did not quote the refund."));
    RefundQuote quote;
    quote.bookingCode = r.value(0).toString();
    quote.showtimeId = r.value(1).toInt();
    quote.startsAt = r.value(2).toDateTime().toUTC();
    quote.seats = r.value(3).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
    quote.amountMinor = r.value(4).toLongLong();
    quote.currency = r.value(5).toString();
    quote.method = r.value(6).toString();
    quote.paymentKey = uuidAt(r, 7);
    quote.needsApproval = r.value(8).toBool();
    quote.seatsLeft = r.value(9).toInt();
    quote.cardMinor = r.value(10).toLongLong();
    quote.cashMinor = r.value(11).toLongLong();
    return quote;
}

Result<RefundRecord> RefundStore::begin(const RefundRequest& request)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT %1, replay FROM bo_refund_begin(?::uuid, ?, ?::text[], ?, ?, ?::uuid, ?, ?)")
            .arg(recordColumns),
        {request.key.toString(QUuid::WithoutBraces), request.bookingCode, labelArray(request.seats),
         request.reason, request.terminal, uuidOrNull(request.terminalId),
         request.approvedBy ? QVariant(*request.approvedBy) : QVariant(QMetaType::fromType<int>()),
         textOrNull(request.batch)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The server did not answer the refund."));
    RefundRecord rec = recordAt(r);
    rec.replay = r.value(10).toBool();
    rec.reason = request.reason;
    rec.terminal = request.terminal;
    // A refund over more than one payment answers a row per part, its first part first.
    while (r.next()) {
        const RefundRecord part = recordAt(r);
        rec.parts.append({part.key, part.method, part.amountMinor, part.state});
    }
    return rec;
}

Result<RefundRecord> RefundStore::finish(const QUuid& key, bool refunded, const QString& reference,
                                         const QString& failure, const QUuid& terminalId)
{
    auto q =
        m_connection.exec(QStringLiteral("SELECT %1, replay FROM bo_refund_finish(?::uuid, ?, ?, ?, ?::uuid)")
                              .arg(recordColumns),
                          {key.toString(QUuid::WithoutBraces), refunded, textOrNull(reference),
                           textOrNull(failure), uuidOrNull(terminalId)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal,
                         QStringLiteral("The server did not answer the refund's result."));
    RefundRecord rec = recordAt(r);
    rec.replay = r.value(10).toBool();
    rec.failure = failure;
    return rec;
}

Result<RefundRecord> RefundStore::find(const QUuid& key)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT %1, reason, failure, terminal, created_at FROM bo_refund_find(?::uuid)")
            .arg(recordColumns),
        {key.toString(QUuid::WithoutBraces)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("There is no refund %1.").arg(key.toString(QUuid::WithoutBraces)));
    RefundRecord rec = recordAt(r);
    rec.reason = r.value(10).toString();
    rec.failure = r.value(11).toString();
    rec.terminal = r.value(12).toString();
    rec.createdAt = r.value(13).toDateTime().toUTC();
    return rec;
}

Result<QList<RefundRecord>> RefundStore::list(const QString& bookingCode, const QString& batch, bool openOnly)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT %1, reason, failure, terminal, created_at FROM bo_refund_list(?, ?, ?)")
            .arg(recordColumns),
        {textOrNull(bookingCode), textOrNull(batch), openOnly});
    if (!q)
        return q.error();
    QList<RefundRecord> list;
    Rows& r = q.value();
    while (r.next()) {
        RefundRecord rec = recordAt(r);
        rec.reason = r.value(10).toString();
        rec.failure = r.value(11).toString();
        rec.terminal = r.value(12).toString();
        rec.createdAt = r.value(13).toDateTime().toUTC();
        list.append(rec);
    }
    return list;
}

Result<QList<ShowtimeBooking>> RefundStore::showtimeBookings(int showtimeId)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT booking_code, status, seats, total_minor FROM bo_showtime_bookings(?)"),
        {showtimeId});
    if (!q)
        return q.error();
    QList<ShowtimeBooking> list;
    Rows& r = q.value();
    while (r.next())
        list.append(
            {r.value(0).toString(), r.value(1).toString(), r.value(2).toInt(), r.value(3).toLongLong()});
    return list;
}

Result<ExchangeResult> RefundStore::exchange(const ExchangeRequest& request)
{
    QStringList seatIds;
    seatIds.reserve(request.seatIds.size());
    for (int id : request.seatIds)
        seatIds << QString::number(id);
    auto q = m_connection.exec(
        QStringLiteral("SELECT response::text, replayed FROM bo_exchange(?::uuid, ?, ?::text[], ?, ?::uuid, "
                       "?::integer[], ?::text[], ?, ?, ?::uuid, ?)"),
        {request.key.toString(QUuid::WithoutBraces), request.bookingCode, labelArray(request.seats),
         request.showtimeId, request.owner.toString(QUuid::WithoutBraces),
         QLatin1Char('{') + seatIds.join(QLatin1Char(',')) + QLatin1Char('}'),
         request.tiers.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                 : QVariant(labelArray(request.tiers)),
         request.reason, request.terminal, uuidOrNull(request.terminalId),
         request.approvedBy ? QVariant(*request.approvedBy) : QVariant(QMetaType::fromType<int>())});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The server did not answer the exchange."));
    const QJsonObject o = QJsonDocument::fromJson(r.value(0).toString().toUtf8()).object();
    const auto labels = [](const QJsonArray& a) {
        QStringList out;
        for (const auto& v : a)
            out << (v.isObject() ? v.toObject().value(QLatin1String("label")).toString() : v.toString());
        return out;
    };
    ExchangeResult x;
    x.key = QUuid::fromString(o.value(QLatin1String("key")).toString());
    x.oldCode = o.value(QLatin1String("old_code")).toString();
    x.oldSeats = labels(o.value(QLatin1String("old_seats")).toArray());
    x.oldAmountMinor = o.value(QLatin1String("old_amount_minor")).toInteger();
    x.newCode = o.value(QLatin1String("new_code")).toString();
    x.newSeats =
        labels(o.value(QLatin1String("new_booking")).toObject().value(QLatin1String("seats")).toArray());
    x.newAmountMinor = o.value(QLatin1String("new_amount_minor")).toInteger();
    x.differenceMinor = o.value(QLatin1String("difference_minor")).toInteger();
    x.currency = o.value(QLatin1String("currency")).toString();
    x.paymentKey = QUuid::fromString(o.value(QLatin1String("payment_key")).toString());
    x.replay = r.value(1).toBool();
    if (o.value(QLatin1String("refund_key")).isString()) {
        RefundRecord refund;
        refund.key = QUuid::fromString(o.value(QLatin1String("refund_key")).toString());
        refund.bookingCode = x.oldCode;
        refund.seats = x.oldSeats;
        refund.amountMinor = -x.differenceMinor;
        refund.currency = x.currency;
        refund.method = o.value(QLatin1String("refund_method")).toString();
        refund.paymentKey = QUuid::fromString(o.value(QLatin1String("old_payment_key")).toString());
        refund.state = stateFrom(o.value(QLatin1String("refund_state")).toString());
        // The difference given back part by part (the old booking's card first, then cash).
        const QJsonArray parts = o.value(QLatin1String("refund_parts")).toArray();
        for (qsizetype i = 0; i < parts.size(); ++i) {
            const QJsonObject p = parts.at(i).toObject();
            const RefundPart part{QUuid::fromString(p.value(QLatin1String("key")).toString()),
                                  p.value(QLatin1String("method")).toString(),
                                  p.value(QLatin1String("amount_minor")).toInteger(),
                                  stateFrom(p.value(QLatin1String("state")).toString())};
            if (i == 0)
                refund.amountMinor = part.amountMinor;
            else
                refund.parts.append(part);
        }
        x.refund = refund;
    }
    return x;
}

} // namespace bo
