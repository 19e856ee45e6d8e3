// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// StormManager: a storm worker's manager connection and its cancels of bookings.
#include "app/tools/audit/stormmanager.h"

#include "db/dbconnection.h"

namespace bo::audit {

StormManager::StormManager(const ConnectionSettings& settings, int index, StormLedger& ledger)
    : m_settings(settings)
    , m_index(index)
    , m_ledger(ledger)
{}

StormManager::~StormManager() = default;

bool StormManager::open()
{
    if (m_connection)
        return true;
    auto opened = DbConnection::open(m_settings, QStringLiteral("audit-manager-%1").arg(m_index));
    if (!opened) {
        m_ledger.error(QStringLiteral("connect-manager"), opened.error());
        return false;
    }
    m_connection = std::move(opened).value();
    return true;
}

Status StormManager::cancel(const QString& code)
{
    auto r =
        m_connection->exec(QStringLiteral("SELECT booking_id, status FROM bo_cancel_booking(?)"), {code});
    if (!r)
        return r.error();
    return success();
}

Status StormManager::refund(const QString& code)
{
    auto r = m_connection->exec(
        QStringLiteral(
            "WITH b AS (UPDATE booking SET status = 'REFUNDED', closed_at = clock_timestamp() "
            "            WHERE code = ? AND status = 'CONFIRMED' RETURNING id), "
            "     l AS (UPDATE booking_seat SET active = false WHERE booking_id IN (SELECT id FROM "
            "b) "
            "           RETURNING showtime_id, seat_id) "
            "UPDATE showtime_seat ss SET status = 'FREE', booking_id = NULL "
            "  FROM l WHERE ss.showtime_id = l.showtime_id AND ss.seat_id = l.seat_id"),
        {code});
    if (!r)
        return r.error();
    return success();
}

void StormManager::close()
{
    m_connection.reset();
}

} // namespace bo::audit
