// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include "model/seats/expiryreleaser.h"

namespace bo::test {

/// Re-emits a releaser's signals on the test's thread (queued), so QSignalSpy never records
/// from the releaser's thread while the test reads it.
class Relay final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Relay)

public:
    explicit Relay(ExpiryReleaser& releaser)
    {
        connect(&releaser, &ExpiryReleaser::seatsReleased, this, &Relay::seatsReleased, Qt::QueuedConnection);
        connect(&releaser, &ExpiryReleaser::sweepFinished, this, &Relay::sweepFinished, Qt::QueuedConnection);
        connect(&releaser, &ExpiryReleaser::sweepFailed, this, &Relay::sweepFailed, Qt::QueuedConnection);
    }

signals:
    void seatsReleased(int showtimeId, const QList<int>& seatIds);
    void sweepFinished(int seatsFreed, int bookingsExpired);
    void sweepFailed(const QString& reason);
};

} // namespace bo::test
