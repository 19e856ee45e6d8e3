// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/seats/expiryreleaser.h"

#include <map>
#include <memory>

#include <QTimer>

#include <spdlog/spdlog.h>

#include "model/seats/expirysweep.h"

namespace bo {

/// Lives on the releaser's thread, made there by its first task: owns the connection and the timer.
class ReleaserWorker final : public QObject
{
    Q_OBJECT

public:
    ReleaserWorker(ExpiryReleaser* owner, SeatCommandsFactory open, ExpiryReleaser::Options options)
        : m_owner(owner)
        , m_open(std::move(open))
        , m_options(options)
    {}

    void begin()
    {
        m_timer = new QTimer(this);
        m_timer->setInterval(m_options.intervalMs);
        connect(m_timer, &QTimer::timeout, this, &ReleaserWorker::sweep);
        m_timer->start();
        sweep();
    }

    void finish()
    {
        if (m_timer)
            m_timer->stop();
        m_store.reset();
    }

    void sweep()
    {
        if (!m_store) {
            auto opened = m_open();
            if (!opened) {
                reportFailure(opened.error());
                return;
            }
            m_store = std::move(opened.value());
        }
        SeatCommands& store = *m_store;
        const SweepRun run =
            sweepExpired(store, m_options.batchSize, 50, [this](const SweepResult& r) { logAndAnnounce(r); });
        if (run.error)
            reportFailure(*run.error);
        const int seats = run.seatsFreed;
        const int bookings = run.bookingsExpired;
        if (++m_ticks % m_options.purgeEveryTicks == 0) {
            if (auto purged = store.purgeExpiredKeys(); purged && purged.value() > 0)
                spdlog::info("releaser: purged {} idempotency keys past retention", purged.value());
        }
        m_owner->count(seats, bookings);
        emit m_owner->sweepFinished(seats, bookings);
    }

private:
    void reportFailure(const Error& e)
    {
        spdlog::warn("releaser: sweep failed: {} ({})", e.message.toStdString(), e.detail.toStdString());
        emit m_owner->sweepFailed(e.message);
    }

    void logAndAnnounce(const SweepResult& r)
    {
        std::map<std::pair<int, QString>, QList<int>> byHold;
        std::map<int, QList<int>> byShowtime;
        for (const SweptSeat& s : r.seats) {
            byHold[{s.showtimeId, s.holdToken.toString(QUuid::WithoutBraces)}].append(s.seatId);
            byShowtime[s.showtimeId].append(s.seatId);
        }
        for (const auto& [key, seats] : byHold)
            spdlog::info("releaser: hold {} on showtime {} expired, freed {} seats", key.second.toStdString(),
                         key.first, seats.size());
        for (const ExpiredBooking& b : r.bookings)
            spdlog::info("releaser: hold {} booking {} on showtime {} expired unpaid",
                         b.holdToken.toString(QUuid::WithoutBraces).toStdString(), b.code.toStdString(),
                         b.showtimeId);
        for (const auto& [showtime, seats] : byShowtime)
            emit m_owner->seatsReleased(showtime, seats);
    }

    ExpiryReleaser* m_owner;
    SeatCommandsFactory m_open;
    ExpiryReleaser::Options m_options;
    std::unique_ptr<SeatCommands> m_store;
    QTimer* m_timer = nullptr;
    int m_ticks = 0;
};

ExpiryReleaser::ExpiryReleaser(SeatCommandsFactory open, Options options, QObject* parent)
    : QObject(parent)
    , m_open(std::move(open))
    , m_options(options)
{}

ExpiryReleaser::~ExpiryReleaser()
{
    // Here, not with the members: the sweeps still queued emit this releaser's signals.
    stop();
}

void ExpiryReleaser::start()
{
    m_worker.start(QStringLiteral("expiry-releaser"), [this, open = m_open, options = m_options] {
        return std::make_unique<ReleaserWorker>(this, open, options);
    });
}

void ExpiryReleaser::stop()
{
    m_worker.stop();
}

bool ExpiryReleaser::isRunning() const
{
    return m_worker.isRunning();
}

void ExpiryReleaser::sweepNow()
{
    m_worker.post([](ReleaserWorker& w) { w.sweep(); });
}

void ExpiryReleaser::count(int seats, int bookings)
{
    m_seatsFreed += seats;
    m_bookingsExpired += bookings;
}

} // namespace bo

#include "expiryreleaser.moc"
