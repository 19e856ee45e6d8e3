// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/optimisticclient.h"

namespace bo::bench {

Result<HoldDecision> OptimisticClient::hold(const QList<int>& seats, const QUuid& token)
{
    const QString reading = QStringLiteral("SELECT seat_id, %1, bench_version FROM showtime_seat "
                                           "WHERE showtime_id = ? AND seat_id = ANY (?::integer[]) "
                                           "ORDER BY seat_id")
                                .arg(QLatin1String(takeableSql));
    constexpr int tries = 3;
    for (int attempt = 1; attempt <= tries; ++attempt) {
        auto rows = run(reading, {uuidText(token), context().showtimeId, seatArray(seats)});
        if (!rows)
            return rows.error();
        QList<int> ids;
        QList<int> versions;
        bool takeable = true;
        while (rows.value().next()) {
            ids << rows.value().value(0).toInt();
            takeable = takeable && rows.value().value(1).toBool();
            versions << rows.value().value(2).toInt();
        }
        if (!takeable || ids.size() != seats.size())
            return decided(false); // taken: a conflict, not a reason to retry
        bool versionMoved = false;
        const Result<bool> committed = transaction([&]() -> Result<bool> {
            auto held = run(QStringLiteral("UPDATE showtime_seat ss SET status = 'HELD', held_by = ?::uuid, "
                                           "held_until = clock_timestamp() + interval '300 seconds', "
                                           "bench_version = ss.bench_version + 1 "
                                           "FROM unnest(?::integer[], ?::integer[]) AS v(seat, version) "
                                           "WHERE ss.showtime_id = ? AND ss.seat_id = v.seat "
                                           "AND ss.bench_version = v.version"),
                            {uuidText(token), seatArray(ids), seatArray(versions), context().showtimeId});
            if (!held)
                return held.error();
            versionMoved = held.value().numRowsAffected() != seats.size();
            return !versionMoved;
        });
        if (!committed)
            return committed.error();
        if (committed.value() || !versionMoved)
            return decided(committed.value());
        if (attempt < tries)
            ++m_counters.retries;
    }
    return decided(false);
}

} // namespace bo::bench
