// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/seatstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

QVariant nullableInt(std::optional<int> value)
{
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<int>());
}

QVariant nullableUuid(const QUuid& id)
{
    return id.isNull() ? QVariant(QMetaType::fromType<QString>()) : QVariant(uuidText(id));
}

/// The reasons of a refused hold, e.g. "{held,locked}" (plain words, never quoted). A NULL
/// element, a word not known here and a missing one all read as Locked: re-read, never guessed.
QList<SeatRefusal> refusalsFromPg(const QString& text)
{
    QList<SeatRefusal> out;
    const QString inner = text.trimmed().remove(QLatin1Char('{')).remove(QLatin1Char('}'));
    if (inner.isEmpty())
        return out;
    for (const QString& word : inner.split(QLatin1Char(',')))
        out << seatRefusalFromText(word.trimmed());
    return out;
}

/// Reads granted, held_until, db_now, unavailable (columns 0-3) and `refused` (column
/// `refusedColumn`), which runs parallel to unavailable.
HoldDecision readHold(Rows& q, int refusedColumn)
{
    HoldDecision r;
    r.granted = q.value(0).toBool();
    r.heldUntil = q.value(1).toDateTime();
    r.dbNow = q.value(2).toDateTime();
    r.unavailable = fromPgIntArray(q.value(3).toString());
    r.refused = refusalsFromPg(q.value(refusedColumn).toString());
    return r;
}

Error noRow()
{
    return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
}

} // namespace

SeatStore::SeatStore(DbConnection& connection)
    : m_connection(connection)
{}

SeatStore::SeatStore(std::unique_ptr<DbConnection> connection)
    : m_owned(std::move(connection))
    , m_connection(*m_owned)
{}

SeatStore::~SeatStore() = default;

Result<std::unique_ptr<SeatCommands>> SeatStore::open(const ConnectionSettings& settings,
                                                      const QString& purpose)
{
    auto opened = DbConnection::open(settings, purpose);
    if (!opened)
        return opened.error();
    return std::unique_ptr<SeatCommands>(std::make_unique<SeatStore>(std::move(opened.value())));
}

SeatCommandsFactory SeatStore::factory(ConnectionSettings settings, QString purpose)
{
    return [settings = std::move(settings), purpose = std::move(purpose)] { return open(settings, purpose); };
}

Result<HoldDecision> SeatStore::hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                     std::optional<int> ttlSeconds)
{
    auto q = m_connection.exec(QStringLiteral("SELECT granted, held_until, db_now, unavailable, refused "
                                              "FROM bo_hold(?, ?::integer[], ?::uuid, ?, true)"),
                               {showtimeId, toPgIntArray(seatIds), uuidText(owner), nullableInt(ttlSeconds)},
                               DbConnection::RoundTrip::Short); // commits asynchronously (0005)
    if (!q)
        return q.error();
    if (!q.value().next())
        return noRow();
    return readHold(q.value(), 4);
}

Result<PaymentStart> SeatStore::beginPayment(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                             const QString& terminal, std::optional<int> ttlSeconds,
                                             const QUuid& terminalId)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT granted, held_until, db_now, unavailable, booking_id, booking_code, refused "
                       "FROM bo_begin_payment(?, ?::integer[], ?::uuid, ?, ?, ?::uuid)"),
        {showtimeId, toPgIntArray(seatIds), uuidText(owner), terminal, nullableInt(ttlSeconds),
         nullableUuid(terminalId)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return noRow();
    PaymentStart start;
    start.hold = readHold(r, 6);
    start.bookingId = QUuid::fromString(r.value(4).toString());
    start.bookingCode = r.value(5).toString();
    return start;
}

Result<HoldExtension> SeatStore::extendHold(int showtimeId, const QUuid& owner)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT granted, held_until, db_now, extensions_left FROM bo_extend_hold(?, ?::uuid)"),
        {showtimeId, uuidText(owner)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return noRow();
    HoldExtension e;
    e.granted = r.value(0).toBool();
    e.heldUntil = r.value(1).toDateTime();
    e.dbNow = r.value(2).toDateTime();
    e.extensionsLeft = r.value(3).toInt();
    return e;
}

Result<int> SeatStore::release(int showtimeId, const QUuid& owner, const QList<int>& seatIds)
{
    const QVariant seats =
        seatIds.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(toPgIntArray(seatIds));
    auto q = m_connection.exec(QStringLiteral("SELECT bo_release(?, ?::uuid, ?::integer[], true)"),
                               {showtimeId, uuidText(owner), seats},
                               DbConnection::RoundTrip::Short); // commits asynchronously (0008)
    if (!q)
        return q.error();
    if (!q.value().next())
        return noRow();
    return q.value().value(0).toInt();
}

Result<ConfirmResult> SeatStore::confirm(const ConfirmRequest& request)
{
    // pg_current_xact_id() gives even a replayed answer (which changes nothing) a commit record:
    // its COMMIT then waits for the synchronous standby too, so a confirm asked again by key after
    // an unknown outcome answers only once the booking is on a standby (or warns again).
    const QVariant nullText(QMetaType::fromType<QString>());
    const QVariant seats = request.seatIds.isEmpty() ? nullText : QVariant(toPgIntArray(request.seatIds));
    const QVariant tiers = request.tiers.isEmpty() ? nullText : QVariant(toPgTextArray(request.tiers));
    const QVariant payment =
        request.payment.isEmpty()
            ? nullText
            : QVariant(QString::fromUtf8(QJsonDocument(request.payment).toJson(QJsonDocument::Compact)));
    auto q = m_connection.exec(
        QStringLiteral("SELECT response::text, replayed, pg_current_xact_id() FROM bo_confirm(?, "
                       "?::uuid, ?, ?::uuid, ?::integer[], ?::text[], ?::jsonb, ?::uuid)"),
        {request.terminal, uuidText(request.key), request.showtimeId, uuidText(request.owner), seats, tiers,
         payment, nullableUuid(request.terminalId)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return noRow();
    return parseConfirmResponse(r.value(0).toString(), r.value(1).toBool());
}

ConfirmResult parseConfirmResponse(const QString& json, bool replayed)
{
    ConfirmResult result;
    result.responseJson = json;
    result.replayed = replayed;
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
    result.bookingId = QUuid::fromString(o.value(QStringLiteral("booking_id")).toString());
    result.code = o.value(QStringLiteral("code")).toString();
    result.status = o.value(QStringLiteral("status")).toString();
    result.totalMinor = o.value(QStringLiteral("total_minor")).toInteger();
    result.currency = o.value(QStringLiteral("currency")).toString();
    for (const auto& v : o.value(QStringLiteral("seats")).toArray()) {
        const QJsonObject s = v.toObject();
        result.seats.append(
            {s.value(QStringLiteral("seat_id")).toInt(), s.value(QStringLiteral("label")).toString(),
             s.value(QStringLiteral("tier")).toString(), s.value(QStringLiteral("price_minor")).toInteger()});
    }
    return result;
}

Result<SweepResult> SeatStore::sweep(int batch)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT showtime_id, seat_id, hold_token, booking_code FROM bo_sweep(?)"), {batch});
    if (!q)
        return q.error();
    SweepResult result;
    Rows& r = q.value();
    while (r.next()) {
        const QUuid token = QUuid::fromString(r.value(2).toString());
        if (r.value(1).isNull())
            result.bookings.append({r.value(0).toInt(), r.value(3).toString(), token});
        else
            result.seats.append({r.value(0).toInt(), r.value(1).toInt(), token});
    }
    return result;
}

Result<int> SeatStore::purgeExpiredKeys()
{
    auto q = m_connection.exec(QStringLiteral("SELECT bo_purge_keys(1000)"));
    if (!q)
        return q.error();
    if (!q.value().next())
        return noRow();
    return q.value().value(0).toInt();
}

Result<QList<SeatState>> SeatStore::seats(int showtimeId, const QUuid& owner)
{
    // Another sale's hold token is not the terminal's to read (bo_seat_map): a seat held by this
    // sale carries `owner`, any other held seat no token.
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT m.seat_id, s.label, s.row_label, s.number, s.kind, s.x, s.y, s.width, m.status, "
            "       m.mine, m.held_until "
            "  FROM bo_seat_map(?, ?::uuid) m JOIN seat s ON s.id = m.seat_id "
            " ORDER BY s.y, s.x, m.seat_id"),
        {showtimeId, uuidOrNull(owner)}, DbConnection::RoundTrip::Short);
    if (!q)
        return q.error();
    QList<SeatState> out;
    Rows& r = q.value();
    while (r.next()) {
        SeatState s;
        s.seatId = r.value(0).toInt();
        s.label = r.value(1).toString();
        s.row = r.value(2).toString();
        s.number = r.value(3).toInt();
        s.kind = seatKindFromText(r.value(4).toString());
        s.x = r.value(5).toDouble();
        s.y = r.value(6).toDouble();
        s.width = r.value(7).toDouble();
        s.status = seatStatusFromText(r.value(8).toString());
        if (r.value(9).toBool())
            s.heldBy = owner;
        s.heldUntil = r.value(10).toDateTime();
        out.append(s);
    }
    return out;
}

} // namespace bo
