// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/ticketstore.h"

#include <algorithm>

#include "db/dbconnection.h"

namespace bo {
namespace {

QVariant nullInt()
{
    return QVariant(QMetaType::fromType<int>());
}

Ticket readTicket(const Rows& r)
{
    Ticket t;
    t.serial = r.value(0).toUInt();
    t.bookingCode = r.value(1).toString();
    t.bookingStatus = r.value(2).toString();
    t.showtimeId = r.value(3).toInt();
    t.seatId = r.value(4).toInt();
    t.cinema = r.value(5).toString();
    t.hall = r.value(6).toString();
    t.film = r.value(7).toString();
    t.rating = r.value(8).toString();
    t.startsAt = r.value(9).toDateTime().toUTC();
    t.seatLabel = r.value(10).toString();
    t.seatKind = r.value(11).toString();
    t.tierCode = r.value(12).toString();
    t.tierName = r.value(13).toString();
    t.priceMinor = r.value(14).toLongLong();
    t.currency = r.value(15).toString().trimmed();
    t.soldAt = r.value(16).toDateTime().toUTC();
    t.terminal = r.value(17).toString();
    t.keyId = quint16(r.value(18).toUInt());
    t.payload = r.value(19).toString();
    t.reprint = r.value(20).toBool();
    t.issuedAt = r.value(21).toDateTime().toUTC();
    return t;
}

} // namespace

TicketStore::TicketStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<QList<TicketKey>> TicketStore::keys()
{
    auto rows = m_connection.exec(
        QStringLiteral("SELECT key_id, public_key, created_at, retired_at FROM bo_ticket_keys()"));
    if (!rows)
        return rows.error();
    QList<TicketKey> out;
    Rows& r = rows.value();
    while (r.next())
        out.append({quint16(r.value(0).toUInt()), r.value(1).toByteArray(), r.value(2).toDateTime().toUTC(),
                    r.value(3).isNull() ? QDateTime() : r.value(3).toDateTime().toUTC()});
    return out;
}

Result<quint16> TicketStore::addKey(const QByteArray& publicKey, const QByteArray& secretKey)
{
    auto rows = m_connection.exec(QStringLiteral("SELECT bo_ticket_key_add(?, ?)"), {publicKey, secretKey});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_ticket_key_add")},
                      QStringLiteral("no row"));
    return quint16(r.value(0).toUInt());
}

Status TicketStore::retireKey(quint16 id)
{
    auto rows = m_connection.exec(QStringLiteral("SELECT bo_ticket_key_retire(?::smallint)"), {int(id)});
    if (!rows)
        return rows.error();
    return success();
}

Result<std::optional<SigningKey>> TicketStore::signingKey()
{
    auto rows = m_connection.exec(QStringLiteral("SELECT key_id, secret_key FROM bo_ticket_signing_key()"));
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    if (!r.next())
        return std::optional<SigningKey>();
    return std::optional<SigningKey>(SigningKey{quint16(r.value(0).toUInt()), r.value(1).toByteArray()});
}

Result<QList<Ticket>> TicketStore::issue(const QString& code, bool reprint, const TicketSigner& signer)
{
    if (Status s = m_connection.begin(); !s)
        return s.error();
    auto issued = m_connection.exec(
        QStringLiteral("SELECT serial, showtime_id, seat_id FROM bo_ticket_issue(?, ?)"), {code, reprint});
    if (!issued) {
        m_connection.rollback();
        return issued.error();
    }
    Rows& r = issued.value();
    while (r.next()) {
        TicketPayload p;
        p.serial = r.value(0).toUInt();
        p.showtimeId = r.value(1).toInt();
        p.seatId = r.value(2).toInt();
        p.bookingCode = code;
        const QString text = ticketcode::encode(p, signer);
        auto signedRow = m_connection.exec(QStringLiteral("SELECT bo_ticket_sign(?, ?::smallint, ?)"),
                                           {int(p.serial), int(signer.keyId()), text});
        if (!signedRow) {
            m_connection.rollback();
            return signedRow.error();
        }
    }
    if (Status s = m_connection.commit(); !s)
        return s.error();
    return tickets(code);
}

Result<QList<TicketKeyInfo>> TicketStore::keyList()
{
    auto rows = m_connection.exec(QStringLiteral(
        "SELECT key_id, public_key, created_at, created_by, terminal_login, terminal_id, terminal, "
        "approved_at, approved_by, retired_at FROM bo_ticket_key_list()"));
    if (!rows)
        return rows.error();
    QList<TicketKeyInfo> out;
    Rows& r = rows.value();
    const auto time = [&r](int column) {
        return r.value(column).isNull() ? QDateTime() : r.value(column).toDateTime().toUTC();
    };
    while (r.next()) {
        TicketKeyInfo k;
        k.key = {quint16(r.value(0).toUInt()), r.value(1).toByteArray(), time(2), time(9)};
        k.createdBy = r.value(3).toString();
        k.terminalLogin = r.value(4).toString();
        k.terminalId = QUuid(r.value(5).toString());
        k.terminal = r.value(6).toString();
        k.approvedAt = time(7);
        k.approvedBy = r.value(8).toString();
        out.append(k);
    }
    return out;
}

Status TicketStore::approveTillKey(quint16 id)
{
    auto rows =
        m_connection.exec(QStringLiteral("SELECT bo_ticket_till_key_approve(?::smallint)"), {int(id)});
    if (!rows)
        return rows.error();
    return success();
}

Result<TillKey> TicketStore::enrolTillKey(const QByteArray& publicKey, const QUuid& terminalId,
                                          const QString& terminal)
{
    auto rows =
        m_connection.exec(QStringLiteral("SELECT key_id, state FROM bo_ticket_till_key_enrol(?, ?::uuid, ?)"),
                          {publicKey, terminalId.toString(QUuid::WithoutBraces), terminal});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_ticket_till_key_enrol")},
                      QStringLiteral("no row"));
    TillKey key;
    key.id = quint16(r.value(0).toUInt());
    const QString state = r.value(1).toString();
    key.state = state == QLatin1String("APPROVED")  ? TillKeyState::Approved
                : state == QLatin1String("RETIRED") ? TillKeyState::Retired
                                                    : TillKeyState::Pending;
    return key;
}

Result<QList<Ticket>> TicketStore::issueOwnSale(const QString& code, const TicketSigner& signer)
{
    if (Status s = m_connection.begin(); !s)
        return s.error();
    auto issued = m_connection.exec(
        QStringLiteral("SELECT serial, showtime_id, seat_id FROM bo_ticket_till_issue(?, ?::smallint)"),
        {code, int(signer.keyId())});
    if (!issued) {
        m_connection.rollback();
        return issued.error();
    }
    Rows& r = issued.value();
    while (r.next()) {
        TicketPayload p;
        p.keyId = signer.keyId();
        p.serial = r.value(0).toUInt();
        p.showtimeId = r.value(1).toInt();
        p.seatId = r.value(2).toInt();
        p.bookingCode = code;
        const QString text = ticketcode::encode(p, signer);
        auto signedRow =
            m_connection.exec(QStringLiteral("SELECT bo_ticket_till_sign(?, ?)"), {int(p.serial), text});
        if (!signedRow) {
            m_connection.rollback();
            return signedRow.error();
        }
    }
    if (Status s = m_connection.commit(); !s)
        return s.error();
    return tickets(code);
}

Result<QList<Ticket>> TicketStore::tickets(const QString& code)
{
    auto rows = m_connection.exec(
        QStringLiteral(
            "SELECT serial, booking_code, booking_status, showtime_id, seat_id, cinema, hall, film, "
            "rating, starts_at, seat_label, seat_kind, tier_code, tier_name, price_minor, currency, "
            "sold_at, terminal, key_id, payload, reprint, issued_at FROM bo_ticket_list(?)"),
        {code});
    if (!rows)
        return rows.error();
    QList<Ticket> out;
    Rows& r = rows.value();
    while (r.next())
        out.append(readTicket(r));
    return out;
}

Result<CheckinResult> TicketStore::checkin(const TicketPayload& payload, const QString& text,
                                           const QString& door, int showtimeId)
{
    auto rows = m_connection.exec(
        QStringLiteral("SELECT verdict, showtime_id, seat_label, tier_name, admitted_at, door, admitted "
                       "FROM bo_checkin(?, ?, ?, ?)"),
        {int(payload.serial), text, door, showtimeId > 0 ? QVariant(showtimeId) : nullInt()});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_checkin")},
                      QStringLiteral("no row"));
    const std::optional<CheckinVerdict> verdict = checkinVerdictFromName(r.value(0).toString());
    if (!verdict)
        return refuse(ErrorCode::Internal, Refusal::UnexpectedAnswer, {QStringLiteral("bo_checkin")},
                      QStringLiteral("verdict %1").arg(r.value(0).toString()));
    CheckinResult c;
    c.verdict = *verdict;
    c.serial = payload.serial;
    c.showtimeId = r.value(1).toInt();
    c.seatLabel = r.value(2).toString();
    c.tierName = r.value(3).toString();
    c.admittedAt = r.value(4).isNull() ? QDateTime() : r.value(4).toDateTime().toUTC();
    c.door = r.value(5).toString();
    c.admitted = r.value(6).toInt();
    return c;
}

Result<bool> TicketStore::undoCheckin(quint32 serial, const QString& door, int withinSeconds)
{
    auto rows = m_connection.exec(QStringLiteral("SELECT bo_checkin_undo(?, ?, ?)"),
                                  {int(serial), door, withinSeconds});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    return r.next() && r.value(0).toBool();
}

Result<CheckinList> TicketStore::checkins(int showtimeId)
{
    CheckinList list;
    auto expected = m_connection.exec(QStringLiteral("SELECT bo_checkin_expected(?)"), {showtimeId});
    if (!expected)
        return expected.error();
    if (expected.value().next())
        list.expected = expected.value().value(0).toInt();
    auto rows = m_connection.exec(
        QStringLiteral("SELECT serial, booking_code, seat_label, tier_name, door, admitted_at, undone_at "
                       "FROM bo_checkin_list(?)"),
        {showtimeId});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    while (r.next())
        list.records.append({r.value(0).toUInt(), r.value(1).toString(), r.value(2).toString(),
                             r.value(3).toString(), r.value(4).toString(), r.value(5).toDateTime().toUTC(),
                             r.value(6).isNull() ? QDateTime() : r.value(6).toDateTime().toUTC()});
    return list;
}

namespace {

QDateTime utcOrNull(const QVariant& v)
{
    return v.isNull() ? QDateTime() : v.toDateTime().toUTC();
}

QVariant nullTime()
{
    return QVariant(QMetaType::fromType<QDateTime>());
}

} // namespace

Result<DoorTicketList> TicketStore::doorTickets(const QList<int>& showtimeIds)
{
    DoorTicketList list;
    list.showtimeIds = showtimeIds;
    auto rows = m_connection.exec(
        QStringLiteral(
            "SELECT serial, showtime_id, seat_id, booking_code, seat_label, tier_name, booking_status, "
            "voided, used_at, used_door FROM bo_door_tickets(?::integer[])"),
        {toPgIntArray(showtimeIds)});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    while (r.next()) {
        DoorTicket t;
        t.serial = r.value(0).toUInt();
        t.showtimeId = r.value(1).toInt();
        t.seatId = r.value(2).toInt();
        t.bookingCode = r.value(3).toString();
        t.seatLabel = r.value(4).toString();
        t.tierName = r.value(5).toString();
        t.bookingStatus = r.value(6).toString();
        t.voided = r.value(7).toBool();
        t.usedAt = utcOrNull(r.value(8));
        t.usedDoor = r.value(9).toString();
        list.newestSerial = std::max(list.newestSerial, t.serial);
        list.tickets.append(t);
    }
    return list;
}

Result<CheckinResult> TicketStore::doorCheckin(const QUuid& scanId, const TicketPayload& payload,
                                               const QString& text, const QString& door)
{
    auto rows = m_connection.exec(
        QStringLiteral("SELECT verdict, showtime_id, seat_label, tier_name, admitted_at, door, admitted "
                       "FROM bo_door_checkin(?::uuid, ?, ?, ?, ?)"),
        {scanId.toString(QUuid::WithoutBraces), int(payload.serial), text, door, payload.showtimeId});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_door_checkin")},
                      QStringLiteral("no row"));
    const std::optional<CheckinVerdict> verdict = checkinVerdictFromName(r.value(0).toString());
    if (!verdict)
        return refuse(ErrorCode::Internal, Refusal::UnexpectedAnswer, {QStringLiteral("bo_door_checkin")},
                      QStringLiteral("verdict %1").arg(r.value(0).toString()));
    CheckinResult c;
    c.verdict = *verdict;
    c.serial = payload.serial;
    c.showtimeId = r.value(1).toInt();
    c.seatLabel = r.value(2).toString();
    c.tierName = r.value(3).toString();
    c.admittedAt = utcOrNull(r.value(4));
    c.door = r.value(5).toString();
    c.admitted = r.value(6).toInt();
    return c;
}

Result<DoorSyncResult> TicketStore::doorSync(const DoorScan& scan)
{
    auto rows = m_connection.exec(
        QStringLiteral("SELECT result, first_door, first_admitted_at "
                       "FROM bo_door_sync(?::uuid, ?, ?, ?, ?, ?, ?, ?)"),
        {scan.scanId.toString(QUuid::WithoutBraces), scan.serial > 0 ? QVariant(int(scan.serial)) : nullInt(),
         scan.text, scan.door, scan.showtimeId > 0 ? QVariant(scan.showtimeId) : nullInt(), scan.scannedAt,
         scan.decided ? doorReasonName(scan.reason) : QStringLiteral("PENDING"),
         scan.undoneAt.isValid() ? QVariant(scan.undoneAt) : nullTime()});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_door_sync")},
                      QStringLiteral("no row"));
    return DoorSyncResult{r.value(0).toString(), r.value(1).toString(), utcOrNull(r.value(2))};
}

Result<QList<DoorScan>> TicketStore::doorReports(int showtimeId)
{
    auto rows = m_connection.exec(
        QStringLiteral(
            "SELECT scan_id, serial, seat_label, door, scanned_at, door_verdict, result, first_door, "
            "first_admitted_at FROM bo_door_reports(?)"),
        {showtimeId});
    if (!rows)
        return rows.error();
    QList<DoorScan> out;
    Rows& r = rows.value();
    while (r.next()) {
        DoorScan s;
        s.scanId = QUuid::fromString(r.value(0).toString());
        s.serial = r.value(1).toUInt();
        s.showtimeId = showtimeId;
        s.seatLabel = r.value(2).toString();
        s.door = r.value(3).toString();
        s.scannedAt = utcOrNull(r.value(4));
        s.decided = r.value(5).toString() != QLatin1String("PENDING");
        s.reason = doorReasonFromName(r.value(5).toString()).value_or(DoorReason::Offline);
        s.offline = true;
        s.synced = true;
        s.syncResult = r.value(6).toString();
        s.firstDoor = r.value(7).toString();
        s.firstAt = utcOrNull(r.value(8));
        out.append(s);
    }
    return out;
}

} // namespace bo
