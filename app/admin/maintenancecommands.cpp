// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/maintenancecommands.h"

#include <QJsonObject>

#include "db/seatstore.h"
#include "model/seats/expirysweep.h"

namespace bo {
namespace {

// A sweep frees at most batchSize x maxBatches seats; the next sweep takes the rest.
constexpr int batchSize = 200;
constexpr int maxBatches = 1000;

} // namespace

MaintenanceCommands::MaintenanceCommands(CliSession& session)
    : m_session(session)
{}

ExitCode MaintenanceCommands::sweep()
{
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    SeatStore store(m_session.connection());
    const SweepRun run = sweepExpired(store, batchSize, maxBatches);
    if (run.error)
        return m_session.fail(*run.error);
    const int seats = run.seatsFreed;
    const int bookings = run.bookingsExpired;
    m_session.print(
        QJsonObject{{QStringLiteral("seats_freed"), seats}, {QStringLiteral("bookings_expired"), bookings}},
        tr("Freed %1 expired seats; %2 unpaid bookings expired.\n").arg(seats).arg(bookings));
    return ExitCode::Ok;
}

} // namespace bo
