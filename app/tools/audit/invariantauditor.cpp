// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/audit/invariantauditor.h"

#include <numeric>

#include "db/dbconnection.h"

namespace bo::audit {
namespace {

/// Samples kept per pass: enough to diagnose, few enough for a log line each.
constexpr int maxSamples = 12;
/// How far back a partial pass looks at bookings and stored responses. A booking's code,
/// showtime, total and seats and a key's response are written once, by the transaction that
/// creates them (created_at / confirmed_at are that transaction's start); no transaction of
/// ours lasts longer than statement_timeout (15 s), so anything older was seen whole by an
/// earlier pass. The final pass and every 60th pass check everything.
constexpr int recentSeconds = 60;

} // namespace

qint64 AuditPass::total() const
{
    return std::accumulate(violations.cbegin(), violations.cend(), qint64(0));
}

Result<std::unique_ptr<InvariantAuditor>> InvariantAuditor::open(const ConnectionSettings& settings)
{
    auto connection = DbConnection::open(settings, QStringLiteral("audit"));
    if (!connection)
        return connection.error();
    return std::unique_ptr<InvariantAuditor>(new InvariantAuditor(std::move(connection).value()));
}

InvariantAuditor::InvariantAuditor(std::unique_ptr<DbConnection> connection)
    : m_connection(std::move(connection))
{}

InvariantAuditor::~InvariantAuditor() = default;

Result<SchemaFeatures> InvariantAuditor::features()
{
    auto rows = m_connection->exec(QStringLiteral(
        "SELECT to_regproc('bo_extend_hold') IS NOT NULL, to_regproc('bo_cancel_booking') IS NOT NULL, "
        "       to_regclass('sale') IS NOT NULL, "
        "       EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'settings' "
        "                 AND column_name = 'hold_extension_s' AND table_schema = current_schema()), "
        "       (SELECT count(DISTINCT p.proname) = 3 FROM pg_proc p "
        "         WHERE p.pronamespace = current_schema()::regnamespace "
        "           AND p.proname IN ('bo_staff_add', 'bo_shift_open', 'bo_payment_create'))"));
    if (!rows)
        return rows.error();
    if (!rows.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("no row from the feature query"));
    m_features.extendHold = rows.value().value(0).toBool();
    m_features.cancelBooking = rows.value().value(1).toBool();
    m_features.saleTable = rows.value().value(2).toBool();
    m_features.extensionSettings = rows.value().value(3).toBool();
    m_features.cashAtTill = rows.value().value(4).toBool();
    m_featuresKnown = true;
    return m_features;
}

Status InvariantAuditor::check(AuditPass& pass, const QString& name, const QString& sql,
                               const QVariantList& values)
{
    // Every query returns (offending rows in all, one offending row as text), at most a few rows.
    auto rows = m_connection->exec(sql, values);
    if (!rows)
        return rows.error();
    while (rows.value().next()) {
        pass.violations[name] = rows.value().value(0).toLongLong();
        if (pass.samples.size() < maxSamples)
            pass.samples << name + QStringLiteral(": ") + rows.value().value(1).toString();
    }
    return success();
}

Status InvariantAuditor::checkPendingWithoutSeats(AuditPass& pass, int graceMs)
{
    // (d, second half) A PENDING booking whose sale no longer holds any seat validly must be
    // closed within the grace: remembered across passes, judged in each pass's own snapshot.
    auto rows = m_connection->exec(QStringLiteral(
        "SELECT b.id, b.code, now() FROM booking b "
        " WHERE b.status = 'PENDING' AND NOT EXISTS ("
        "       SELECT 1 FROM showtime_seat ss WHERE ss.showtime_id = b.showtime_id AND ss.status = 'HELD' "
        "          AND ss.held_by = b.hold_token AND ss.held_until >= now())"));
    if (!rows)
        return rows.error();
    QHash<QUuid, QDateTime> seen;
    while (rows.value().next()) {
        const QUuid id = QUuid::fromString(rows.value().value(0).toString());
        const QDateTime now = rows.value().value(2).toDateTime();
        const QDateTime first = m_pendingWithoutSeats.value(id, now);
        seen.insert(id, first);
        const qint64 ms = first.msecsTo(now);
        if (ms > graceMs) {
            ++pass.violations[QStringLiteral("d2-pending-without-hold")];
            if (pass.samples.size() < maxSamples)
                pass.samples << QStringLiteral("d2-pending-without-hold: booking %1 (%2) PENDING %3 ms after "
                                               "its sale held no seat")
                                    .arg(id.toString(QUuid::WithoutBraces), rows.value().value(1).toString())
                                    .arg(ms);
        }
    }
    m_pendingWithoutSeats = seen;
    return success();
}

Result<AuditPass> InvariantAuditor::audit(int graceMs, bool full, bool final)
{
    if (!m_featuresKnown) {
        if (auto f = features(); !f)
            return f.error();
    }
    AuditPass pass;
    if (Status s = m_connection->begin(); !s)
        return s.error();
    auto fail = [this](const Error& e) {
        m_connection->rollback();
        return e;
    };
    if (Status s = m_connection->execScript(
            QStringLiteral("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"));
        !s)
        return fail(s.error());
    const QVariantList grace{graceMs};
    // The condition a partial pass puts on a creation time.
    auto recent = [full](const QString& column) {
        return full ? QStringLiteral("true")
                    : QStringLiteral("%1 > now() - interval '%2 seconds'").arg(column).arg(recentSeconds);
    };
    struct Invariant
    {
        QString name;
        QString sql;
        QVariantList values;
    };
    QList<Invariant> invariants{
        // (a) No seat with two owners.
        {QStringLiteral("a1-reserved-for-unconfirmed-booking"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('seat %s/%s RESERVED for booking %s (%s)', ss.showtime_id, "
             "       ss.seat_id, ss.booking_id, coalesce(b.status, 'no such booking')) "
             "  FROM showtime_seat ss LEFT JOIN booking b ON b.id = ss.booking_id "
             " WHERE ss.status = 'RESERVED' AND b.status IS DISTINCT FROM 'CONFIRMED' LIMIT 4"),
         {}},
        {QStringLiteral("a2-seat-with-two-marks"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('seat %s/%s %s held_by %s booking %s', ss.showtime_id, "
             "       ss.seat_id, ss.status, ss.held_by, ss.booking_id) "
             "  FROM showtime_seat ss "
             " WHERE (ss.status <> 'RESERVED' AND ss.booking_id IS NOT NULL) "
             "    OR (ss.status <> 'HELD' AND (ss.held_by IS NOT NULL OR ss.held_until IS NOT NULL)) "
             "    OR (ss.status = 'HELD' AND (ss.held_by IS NULL OR ss.held_until IS NULL)) LIMIT 4"),
         {}},
        {QStringLiteral("a3-held-and-sold"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('seat %s/%s %s by %s while booking %s (%s) has it', "
             "       ss.showtime_id, ss.seat_id, ss.status, ss.held_by, b.code, b.status) "
             "  FROM showtime_seat ss "
             "  JOIN booking_seat bs ON bs.showtime_id = ss.showtime_id AND bs.seat_id = ss.seat_id "
             "   AND bs.active "
             "  JOIN booking b ON b.id = bs.booking_id AND b.status = 'CONFIRMED' "
             " WHERE ss.status <> 'RESERVED' LIMIT 4"),
         {}},
        // (b) Every RESERVED seat: exactly one CONFIRMED booking with an active line for it, the
        // seat's own booking; every active line of a CONFIRMED booking: its seat RESERVED for it.
        {QStringLiteral("b1-reserved-without-one-booking"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('seat %s/%s RESERVED for %s; confirmed active lines: %s', "
             "       ss.showtime_id, ss.seat_id, ss.booking_id, coalesce(x.ids, '{}')) "
             "  FROM showtime_seat ss "
             "  LEFT JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE bs.booking_id = "
             "ss.booking_id) AS own, "
             "                            string_agg(b.code, ',') AS ids "
             "                       FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id "
             "                      WHERE bs.showtime_id = ss.showtime_id AND bs.seat_id = ss.seat_id AND "
             "bs.active "
             "                        AND b.status = 'CONFIRMED') x ON true "
             " WHERE ss.status = 'RESERVED' AND (x.n <> 1 OR x.own <> 1) LIMIT 4"),
         {}},
        {QStringLiteral("b2-sold-line-without-reserved-seat"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('booking %s line seat %s/%s: seat %s for %s', b.code, "
             "       bs.showtime_id, bs.seat_id, ss.status, ss.booking_id) "
             "  FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id "
             "  LEFT JOIN showtime_seat ss ON ss.showtime_id = bs.showtime_id AND ss.seat_id = bs.seat_id "
             " WHERE bs.active AND b.status = 'CONFIRMED' "
             "   AND (ss.status IS DISTINCT FROM 'RESERVED' OR ss.booking_id IS DISTINCT FROM b.id) "
             " LIMIT 4"),
         {}},
        {QStringLiteral("b3-active-line-of-closed-booking"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('booking %s (%s) has active line seat %s/%s', b.code, "
             "       b.status, bs.showtime_id, bs.seat_id) "
             "  FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id "
             " WHERE bs.active AND b.status NOT IN ('CONFIRMED', 'PENDING') LIMIT 4"),
         {}},
        {QStringLiteral("b4-confirmed-without-seats"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('booking %s CONFIRMED at %s has no active seat', b.code, "
             "       b.confirmed_at) "
             "  FROM booking b WHERE b.status = 'CONFIRMED' AND %1 "
             "   AND NOT EXISTS (SELECT 1 FROM booking_seat bs WHERE bs.booking_id = b.id AND bs.active) "
             " LIMIT 4")
             .arg(recent(QStringLiteral("b.confirmed_at"))),
         {}},
        // (c) No booking seat active twice.
        {QStringLiteral("c1-seat-active-twice"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('seat %s/%s active in %s', bs.showtime_id, bs.seat_id, "
             "       string_agg(bs.booking_id::text, ',')) "
             "  FROM booking_seat bs WHERE bs.active GROUP BY bs.showtime_id, bs.seat_id "
             "HAVING count(*) > 1 LIMIT 4"),
         {}},
        // (d) No PENDING booking outlives its hold: past its deadline by more than the grace, or
        // without one; at most one per sale and showtime.
        {QStringLiteral("d1-pending-past-deadline"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('booking %s PENDING, expires_at %s, now %s', b.code, "
             "       b.expires_at, now()) "
             "  FROM booking b WHERE b.status = 'PENDING' "
             "   AND (b.expires_at IS NULL OR b.expires_at < now() - ? * interval '1 millisecond') "
             " LIMIT 4"),
         grace},
        {QStringLiteral("d3-two-pending-per-sale"),
         QStringLiteral("SELECT count(*) OVER (), format('sale %s showtime %s has PENDING %s', b.hold_token, "
                        "       b.showtime_id, string_agg(b.code, ',')) "
                        "  FROM booking b WHERE b.status = 'PENDING' GROUP BY b.hold_token, b.showtime_id "
                        "HAVING count(*) > 1 LIMIT 4"),
         {}},
        // (e) Every stored response names an existing booking with the same code, showtime,
        // total and seats.
        {QStringLiteral("e1-stored-response-mismatch"),
         QStringLiteral(
             "SELECT count(*) OVER (), format('key %s: response %s %s total %s seats %s; booking %s %s total "
             "%s "
             "       seats %s', k.key, k.response->>'code', k.response->>'showtime_id', "
             "       k.response->>'total_minor', r.seats, b.code, b.showtime_id, b.total_minor, l.seats) "
             "  FROM idempotency_key k "
             "  LEFT JOIN booking b ON b.id = (k.response->>'booking_id')::uuid "
             "  LEFT JOIN LATERAL (SELECT array_agg(bs.seat_id ORDER BY bs.seat_id) AS seats FROM "
             "booking_seat bs "
             "                      WHERE bs.booking_id = b.id) l ON true "
             "  LEFT JOIN LATERAL (SELECT array_agg((e->>'seat_id')::integer ORDER BY "
             "(e->>'seat_id')::integer) "
             "                            AS seats "
             "                       FROM jsonb_array_elements(CASE jsonb_typeof(k.response->'seats') "
             "                            WHEN 'array' THEN k.response->'seats' ELSE '[]' END) e) r ON true "
             " WHERE %1 AND (k.response IS NULL OR b.id IS NULL OR b.code IS DISTINCT FROM "
             "k.response->>'code' "
             "    OR b.showtime_id IS DISTINCT FROM (k.response->>'showtime_id')::integer "
             "    OR b.total_minor IS DISTINCT FROM (k.response->>'total_minor')::bigint "
             "    OR l.seats IS DISTINCT FROM r.seats) LIMIT 4")
             .arg(recent(QStringLiteral("k.created_at"))),
         {}},
    };
    if (m_features.saleTable) {
        invariants.append(
            {QStringLiteral("d4-pending-past-sale-deadline"),
             QStringLiteral(
                 "SELECT count(*) OVER (), format('booking %s PENDING, its sale''s deadline %s, now %s', "
                 "       b.code, coalesce(s.payment_deadline, s.selection_deadline), now()) "
                 "  FROM booking b JOIN sale s ON s.hold_token = b.hold_token AND s.showtime_id = "
                 "b.showtime_id "
                 " WHERE b.status = 'PENDING' AND coalesce(s.payment_deadline, s.selection_deadline) "
                 "       < now() - ? * interval '1 millisecond' LIMIT 4"),
             grace});
    }
    if (m_features.cashAtTill) {
        // (p) A terminal's confirm books only on money taken (bo_confirm): the payment its
        // booking stores names an intent of that booking, AUTHORISED or CAPTURED.
        invariants.append(
            {QStringLiteral("p1-confirmed-without-payment"),
             QStringLiteral(
                 "SELECT count(*) OVER (), format('booking %s CONFIRMED at %s total %s carries payment "
                 "%s (%s)', b.code, b.confirmed_at, b.total_minor, b.payment->>'intent', "
                 "       coalesce(p.state, 'no such intent of this booking')) "
                 "  FROM booking b LEFT JOIN payment_intent p ON p.key::text = b.payment->>'intent' "
                 "   AND p.booking_id = b.id "
                 " WHERE b.status = 'CONFIRMED' AND %1 "
                 "   AND p.state IS DISTINCT FROM 'AUTHORISED' AND p.state IS DISTINCT FROM 'CAPTURED' "
                 " LIMIT 4")
                 .arg(recent(QStringLiteral("b.confirmed_at"))),
             {}});
    }
    if (final) {
        invariants.append(
            {QStringLiteral("f1-expired-hold-left"),
             QStringLiteral("SELECT count(*) OVER (), format('seat %s/%s HELD by %s until %s', "
                            "       ss.showtime_id, ss.seat_id, ss.held_by, ss.held_until) "
                            "  FROM showtime_seat ss WHERE ss.status = 'HELD' "
                            "   AND ss.held_until < now() - ? * interval '1 millisecond' LIMIT 4"),
             grace});
        invariants.append(
            {QStringLiteral("f2-pending-left"),
             QStringLiteral("SELECT count(*) OVER (), format('booking %s PENDING until %s', b.code, "
                            "       b.expires_at) FROM booking b WHERE b.status = 'PENDING' LIMIT 4"),
             {}});
    }
    for (const Invariant& i : std::as_const(invariants)) {
        if (Status s = check(pass, i.name, i.sql, i.values); !s)
            return fail(s.error());
    }
    if (Status s = checkPendingWithoutSeats(pass, graceMs); !s)
        return fail(s.error());
    auto late = m_connection->exec(QStringLiteral(
        "SELECT coalesce(max(extract(epoch FROM now() - b.expires_at)) * 1000, 0)::bigint FROM booking b "
        " WHERE b.status = 'PENDING' AND b.expires_at < now()"));
    if (!late)
        return fail(late.error());
    if (late.value().next())
        pass.pendingLatenessMs = late.value().value(0).toLongLong();
    if (Status s = m_connection->commit(); !s)
        return s.error();
    return pass;
}

} // namespace bo::audit
