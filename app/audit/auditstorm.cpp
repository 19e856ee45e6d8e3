// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/audit/auditstorm.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>
#include <vector>

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QSet>
#include <QTextStream>

#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/seatstore.h"
#include "model/seatservice.h"

namespace bo::audit {
namespace {

constexpr int maxSamples = 40;
constexpr int maxSeatsPerHold = 4;
constexpr int longestPauseMs = 3000; // a slow customer's pause, at most
constexpr int twinWaitMs = 30000;    // a concurrent duplicate answers within statement_timeout

/// The first line of a driver message (the rest is PL/pgSQL context).
QString firstLine(const QString& text)
{
    return text.section(QLatin1Char('\n'), 0, 0);
}

/// What every thread of the storm sees.
struct Shared
{
    std::atomic<bool> stop{false};
    std::atomic<qint64> ops{0};
    std::atomic<qint64> violations{0};
};

/// What one thread did; merged into the report at the end.
struct Ledger
{
    QMap<QString, qint64> ops;
    QMap<QString, qint64> violations;
    QStringList samples;
    QMap<QString, qint64> errors;
    QStringList errorSamples;

    void count(const QString& what, qint64 n = 1) { ops[what] += n; }
    void violation(Shared& shared, const QString& what, const QString& detail)
    {
        ++violations[what];
        ++shared.violations;
        if (samples.size() < maxSamples)
            samples << what + QStringLiteral(": ") + detail;
    }
    void error(const QString& op, const Error& e)
    {
        const QString key = op + QLatin1Char(':') + QLatin1String(errorCodeName(e.code));
        ++errors[key];
        if (errorSamples.size() < maxSamples)
            errorSamples << key + QStringLiteral(" ") + firstLine(e.detail);
    }
    void merge(const Ledger& other)
    {
        for (auto it = other.ops.cbegin(); it != other.ops.cend(); ++it)
            ops[it.key()] += it.value();
        for (auto it = other.violations.cbegin(); it != other.violations.cend(); ++it)
            violations[it.key()] += it.value();
        for (auto it = other.errors.cbegin(); it != other.errors.cend(); ++it)
            errors[it.key()] += it.value();
        samples += other.samples.mid(0, std::max<qsizetype>(0, maxSamples - samples.size()));
        errorSamples += other.errorSamples.mid(0, std::max<qsizetype>(0, maxSamples - errorSamples.size()));
    }
};

/// Sleeps `ms` in slices, returning early when the storm stops.
void pause(const Shared& shared, qint64 ms)
{
    QDeadlineTimer until(std::clamp<qint64>(ms, 0, longestPauseMs));
    while (!until.hasExpired() && !shared.stop.load()) {
        const qint64 slice = std::min<qint64>(until.remainingTime(), 50);
        std::this_thread::sleep_for(std::chrono::milliseconds(std::max<qint64>(slice, 1)));
    }
}

QList<int> sorted(const QSet<int>& seats)
{
    QList<int> out(seats.cbegin(), seats.cend());
    std::sort(out.begin(), out.end());
    return out;
}

QSet<int> seatSet(const ConfirmResult& c)
{
    QSet<int> out;
    for (const BookedSeat& s : c.seats)
        out.insert(s.seatId);
    return out;
}

/// The booking a confirm answer names, as text for comparisons and logs.
QString describe(const ConfirmResult& c)
{
    return QStringLiteral("%1 %2 %3 total %4 seats %5")
        .arg(c.bookingId.toString(QUuid::WithoutBraces), c.code, c.status)
        .arg(c.totalMinor)
        .arg(toPgIntArray(sorted(seatSet(c))));
}

bool sameBooking(const ConfirmResult& a, const ConfirmResult& b)
{
    return a.bookingId == b.bookingId && a.code == b.code && a.totalMinor == b.totalMinor &&
           seatSet(a) == seatSet(b);
}

/// A second connection of a worker, on a thread of its own, that sends the same confirm at the
/// same moment as the worker (the duplicate a terminal's retry or a second click makes).
class Twin final
{
public:
    Twin(ConnectionSettings settings, QString purpose)
        : m_settings(std::move(settings))
        , m_purpose(std::move(purpose))
        , m_thread([this] { run(); })
    {}
    ~Twin()
    {
        {
            std::lock_guard lock(m_mutex);
            m_quit = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    Twin(const Twin&) = delete;
    Twin& operator=(const Twin&) = delete;

    void post(const ConfirmRequest& request)
    {
        {
            std::lock_guard lock(m_mutex);
            m_job = request;
            m_answer.reset();
        }
        m_wake.notify_all();
    }
    /// The duplicate's answer, or nothing when it did not come in time.
    std::optional<Result<ConfirmResult>> wait()
    {
        std::unique_lock lock(m_mutex);
        m_wake.wait_for(lock, std::chrono::milliseconds(twinWaitMs), [this] { return m_answer.has_value(); });
        std::optional<Result<ConfirmResult>> answer = std::move(m_answer);
        m_answer.reset();
        return answer;
    }

private:
    void run()
    {
        auto connection = DbConnection::open(m_settings, m_purpose);
        std::unique_ptr<SeatStore> store;
        if (connection)
            store = std::make_unique<SeatStore>(*connection.value());
        for (;;) {
            ConfirmRequest request;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, [this] { return m_quit || m_job.has_value(); });
                if (m_quit)
                    return;
                request = *m_job;
                m_job.reset();
            }
            Result<ConfirmResult> answer =
                store ? store->confirm(request) : Result<ConfirmResult>(connection.error());
            {
                std::lock_guard lock(m_mutex);
                m_answer = std::move(answer);
            }
            m_wake.notify_all();
        }
    }

    const ConnectionSettings m_settings;
    const QString m_purpose;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<ConfirmRequest> m_job;
    std::optional<Result<ConfirmResult>> m_answer;
    bool m_quit = false;
    std::thread m_thread; // last: started once everything above exists
};

/// A booking a worker was told it made.
struct Booking
{
    ConfirmRequest request;
    ConfirmResult result;
};

struct Hall
{
    int showtime = 0;
    QList<int> seats; ///< row-major; the first `hotSeats` are the hot spot
};

/// One simulated terminal: its own thread, connection, twin and (for cancels) manager
/// connection, selling on the shared hall as fast as it can with random customers.
class Worker final
{
public:
    Worker(const AuditStormTarget& target, const AuditStormOptions& options, const SchemaFeatures& features,
           const Hall& hall, int index, quint32 seed, Shared& shared, const QDeadlineTimer& deadline)
        : m_target(target)
        , m_options(options)
        , m_features(features)
        , m_hall(hall)
        , m_index(index)
        , m_rng(seed)
        , m_shared(shared)
        , m_deadline(deadline)
        , m_terminal(QStringLiteral("audit-%1").arg(index))
        , m_otherTerminal(QStringLiteral("audit-%1-elsewhere").arg(index))
    {}

    Ledger run()
    {
        auto opened = DbConnection::open(m_target.terminal, QStringLiteral("audit-worker-%1").arg(m_index));
        if (!opened) {
            m_ledger.error(QStringLiteral("connect"), opened.error());
            return m_ledger;
        }
        m_connection = std::move(opened).value();
        SeatStore store(*m_connection);
        m_store = &store;
        Twin twin(m_target.terminal, QStringLiteral("audit-twin-%1").arg(m_index));
        m_twin = &twin;
        newSale();
        const qint64 maxOps =
            m_options.maxOpsPerWorker > 0 ? m_options.maxOpsPerWorker : qint64(m_options.seconds) * 5000;
        for (qint64 op = 0; op < maxOps && !m_deadline.hasExpired() && !m_shared.stop.load(); ++op) {
            ++m_shared.ops;
            step();
            if (m_bookings.size() > m_options.bookingsPerWorker ||
                (!m_bookings.isEmpty() && m_rng.bounded(100) < 3))
                cancelBooking(int(m_rng.bounded(int(m_bookings.size()))));
            if (m_rng.bounded(4) == 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(m_rng.bounded(3)));
        }
        m_twin = nullptr;
        m_store = nullptr;
        // Connections are closed on the thread that opened them (Qt's rule for QSqlDatabase).
        m_manager.reset();
        m_connection.reset();
        return m_ledger;
    }

    /// Seats of bookings this worker holds now (confirmed, not cancelled).
    [[nodiscard]] qint64 liveSeats() const
    {
        return std::accumulate(m_bookings.cbegin(), m_bookings.cend(), qint64(0),
                               [](qint64 n, const Booking& b) { return n + b.result.seats.size(); });
    }
    [[nodiscard]] qint64 liveBookings() const { return m_bookings.size(); }

private:
    void step()
    {
        const int dice = int(m_rng.bounded(100));
        if (m_held.isEmpty()) {
            hold();
        } else if (!m_paying) {
            if (dice < 25 && m_held.size() < maxSeatsPerHold)
                hold();
            else if (dice < 40)
                extend();
            else if (dice < 50)
                releaseSome();
            else if (dice < 55)
                releaseAll(QStringLiteral("release-all"));
            else if (dice < 80)
                beginPayment();
            else if (dice < 92)
                confirm(false);
            else
                slowCustomer();
        } else {
            if (dice < 50) {
                confirm(false);
            } else if (dice < 65) {
                confirm(true);
            } else if (dice < 72) {
                // A terminal may extend during payment too: after migration 0005 the server caps
                // it at the sale's payment deadline, before it the PENDING booking was left behind.
                extend();
            } else if (dice < 80) {
                releaseAll(QStringLiteral("release-all"));
            } else if (dice < 90) {
                cancelPending();
            } else {
                slowCustomer();
            }
        }
    }

    void newSale()
    {
        m_token = SeatService::newToken();
        m_held.clear();
        m_paying = false;
        m_pendingId = QUuid();
        m_pendingCode.clear();
        m_lapsed = false;
        m_holdDeadline = QDeadlineTimer(0);
    }

    std::optional<int> ttl()
    {
        switch (m_rng.bounded(3)) {
        case 0:
            return 1;
        case 1:
            return 2;
        default:
            return std::nullopt; // the setting
        }
    }

    /// 1-4 new seats: mostly from the hot spot, so sales collide.
    QList<int> pickSeats()
    {
        if (m_held.size() >= maxSeatsPerHold)
            return {};
        const int want = 1 + int(m_rng.bounded(maxSeatsPerHold - int(m_held.size())));
        QSet<int> chosen;
        for (int tries = 0; chosen.size() < want && tries < 50; ++tries) {
            const bool hot = m_rng.bounded(100) < 50;
            const int range = hot ? m_options.hotSeats : int(m_hall.seats.size());
            const int seat = m_hall.seats[int(m_rng.bounded(range))];
            if (!m_held.contains(seat))
                chosen.insert(seat);
        }
        QList<int> out(chosen.cbegin(), chosen.cend());
        std::shuffle(out.begin(), out.end(), m_rng);
        return out;
    }

    void hold()
    {
        const QList<int> seats = pickSeats();
        if (seats.isEmpty())
            return;
        auto r = m_store->hold(m_hall.showtime, seats, m_token, ttl());
        if (!r) {
            saleFailed(QStringLiteral("hold"), r.error());
            return;
        }
        if (!r.value().granted) {
            m_ledger.count(QStringLiteral("hold-refused"));
            return;
        }
        m_ledger.count(QStringLiteral("hold"));
        m_held.unite(QSet<int>(seats.cbegin(), seats.cend()));
        m_holdDeadline = QDeadlineTimer(r.value().remainingMs());
    }

    /// Re-holds every own seat, or (after migration 0005) asks for the sale's one extension.
    void extend()
    {
        if (m_features.extendHold && m_rng.bounded(2) == 0) {
            extendHold();
            return;
        }
        if (m_paying && m_holdDeadline.remainingTime() < 20)
            m_lapsed = true; // the re-hold may take over seats whose hold (and booking) ran out
        auto r = m_store->hold(m_hall.showtime, sorted(m_held), m_token, ttl());
        if (!r) {
            saleFailed(QStringLiteral("extend"), r.error());
            return;
        }
        if (!r.value().granted) {
            // Our hold ran out and another sale took a seat meanwhile.
            m_ledger.count(QStringLiteral("extend-refused"));
            releaseAll(QStringLiteral("release-all"));
            return;
        }
        m_ledger.count(QStringLiteral("extend"));
        m_holdDeadline = QDeadlineTimer(r.value().remainingMs());
    }

    void extendHold()
    {
        auto r = m_connection->exec(QStringLiteral("SELECT granted, held_until, db_now, extensions_left "
                                                   "FROM bo_extend_hold(?, ?::uuid)"),
                                    {m_hall.showtime, m_token.toString(QUuid::WithoutBraces)});
        if (!r) {
            saleFailed(QStringLiteral("extend-hold"), r.error());
            return;
        }
        if (!r.value().next() || !r.value().value(0).toBool()) {
            m_ledger.count(QStringLiteral("extend-hold-refused"));
            return;
        }
        m_ledger.count(QStringLiteral("extend-hold"));
        const QDateTime until = r.value().value(1).toDateTime();
        const QDateTime now = r.value().value(2).toDateTime();
        m_holdDeadline = QDeadlineTimer(now.msecsTo(until));
    }

    void releaseSome()
    {
        QList<int> seats;
        for (int seat : sorted(m_held)) {
            if (m_rng.bounded(2) == 0)
                seats << seat;
        }
        if (seats.isEmpty())
            seats << sorted(m_held).first();
        auto r = m_store->release(m_hall.showtime, m_token, seats);
        if (!r) {
            m_ledger.error(QStringLiteral("release-some"), r.error());
            return;
        }
        m_ledger.count(QStringLiteral("release-some"));
        for (int seat : seats)
            m_held.remove(seat);
        if (m_held.isEmpty())
            releaseAll(QStringLiteral("release-all"));
    }

    /// Ends the sale (its pending booking too) and starts a new one.
    void releaseAll(const QString& why)
    {
        auto r = m_store->release(m_hall.showtime, m_token);
        if (!r)
            m_ledger.error(why, r.error());
        else
            m_ledger.count(why);
        newSale();
    }

    /// A failed step: the sale's time ran out or its seats were taken; anything else is unexpected.
    void saleFailed(const QString& op, const Error& e)
    {
        if (e.code == ErrorCode::Expired || e.code == ErrorCode::Conflict || e.code == ErrorCode::InProgress)
            m_ledger.count(op + QStringLiteral("-failed"));
        else
            m_ledger.error(op, e);
        releaseAll(QStringLiteral("release-after-failure"));
    }

    void beginPayment()
    {
        auto r = m_store->beginPayment(m_hall.showtime, sorted(m_held), m_token, m_terminal, ttl());
        if (!r) {
            saleFailed(QStringLiteral("begin-payment"), r.error());
            return;
        }
        if (!r.value().hold.granted) {
            m_ledger.count(QStringLiteral("begin-payment-refused"));
            releaseAll(QStringLiteral("release-after-failure"));
            return;
        }
        m_ledger.count(QStringLiteral("begin-payment"));
        if (m_paying && r.value().bookingId != m_pendingId)
            m_ledger.violation(
                m_shared, QStringLiteral("w1-second-pending-booking"),
                QStringLiteral("sale %1 opened %2 after %3")
                    .arg(m_token.toString(QUuid::WithoutBraces), r.value().bookingCode, m_pendingCode));
        m_paying = true;
        m_pendingId = r.value().bookingId;
        m_pendingCode = r.value().bookingCode;
        m_holdDeadline = QDeadlineTimer(r.value().hold.remainingMs());
    }

    void slowCustomer()
    {
        m_ledger.count(QStringLiteral("slow-customer"));
        pause(m_shared, m_holdDeadline.remainingTime() + m_rng.bounded(400));
    }

    void cancelPending()
    {
        if (!m_features.cancelBooking || m_pendingCode.isEmpty()) {
            releaseAll(QStringLiteral("release-all"));
            return;
        }
        if (!openManager())
            return;
        auto r = m_manager->exec(QStringLiteral("SELECT booking_id, status FROM bo_cancel_booking(?)"),
                                 {m_pendingCode});
        if (!r && r.error().code == ErrorCode::Conflict)
            m_ledger.count(QStringLiteral("cancel-pending-late")); // the releaser expired it first
        else if (!r)
            m_ledger.error(QStringLiteral("cancel-pending"), r.error());
        else
            m_ledger.count(QStringLiteral("cancel-pending"));
        releaseAll(QStringLiteral("release-all"));
    }

    ConfirmRequest confirmRequest()
    {
        ConfirmRequest request;
        request.terminal = m_terminal;
        request.key = QUuid::createUuid();
        request.showtimeId = m_hall.showtime;
        request.owner = m_token;
        if (m_rng.bounded(2) == 0) {
            request.seatIds = sorted(m_held);
            std::shuffle(request.seatIds.begin(), request.seatIds.end(), m_rng);
            if (m_rng.bounded(2) == 0) {
                for (qsizetype i = 0; i < request.seatIds.size(); ++i)
                    request.tiers << (m_rng.bounded(2) == 0 ? QStringLiteral("adult")
                                                            : QStringLiteral("child"));
            }
        }
        request.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                                      {QStringLiteral("reference"), QString::number(m_rng.generate64(), 16)}};
        return request;
    }

    /// The same confirm sent again after an answer: it must come back as the stored booking.
    void replay(const ConfirmRequest& original, const ConfirmResult& first, const QString& terminal,
                const QString& kind, const QString& expectedStatus)
    {
        ConfirmRequest again = original;
        again.terminal = terminal;
        Result<ConfirmResult> r = m_store->confirm(again);
        for (int retry = 0; !r && r.error().code == ErrorCode::InProgress && retry < 3; ++retry) {
            pause(m_shared, 50);
            r = m_store->confirm(again);
        }
        m_ledger.count(kind);
        if (!r) {
            m_ledger.violation(m_shared, QStringLiteral("w2-replay-refused"),
                               QStringLiteral("%1 of key %2 as '%3' answered %4 (%5), booking %6")
                                   .arg(kind, original.key.toString(QUuid::WithoutBraces), terminal,
                                        QLatin1String(errorCodeName(r.error().code)),
                                        firstLine(r.error().detail), describe(first)));
            return;
        }
        if (!r.value().replayed || !sameBooking(r.value(), first))
            m_ledger.violation(
                m_shared, QStringLiteral("w3-replay-differs"),
                QStringLiteral("%1 of key %2 as '%3': %4 replayed=%5, first %6")
                    .arg(kind, original.key.toString(QUuid::WithoutBraces), terminal, describe(r.value()))
                    .arg(r.value().replayed)
                    .arg(describe(first)));
        else if (r.value().status != expectedStatus)
            m_ledger.violation(m_shared, QStringLiteral("w4-replay-stale-status"),
                               QStringLiteral("%1 of key %2 says %3, the booking is %4")
                                   .arg(kind, original.key.toString(QUuid::WithoutBraces), r.value().status,
                                        expectedStatus));
    }

    void confirm(bool atDeadline)
    {
        if (atDeadline) {
            // Right at the hold's deadline, where a confirm races the sweepers.
            m_ledger.count(QStringLiteral("confirm-at-deadline"));
            pause(m_shared, m_holdDeadline.remainingTime() - m_rng.bounded(8));
        }
        if (m_holdDeadline.hasExpired())
            m_lapsed = true;
        const ConfirmRequest request = confirmRequest();
        const bool concurrent = m_rng.bounded(100) < 30;
        ConfirmRequest duplicate = request;
        if (concurrent) {
            duplicate.terminal = m_rng.bounded(2) == 0 ? m_terminal : m_otherTerminal;
            m_twin->post(duplicate);
        }
        Result<ConfirmResult> first = m_store->confirm(request);
        std::optional<ConfirmResult> booked;
        if (concurrent) {
            std::optional<Result<ConfirmResult>> second = m_twin->wait();
            m_ledger.count(duplicate.terminal == m_terminal
                               ? QStringLiteral("replay-concurrent")
                               : QStringLiteral("replay-concurrent-cross-terminal"));
            if (!second) {
                m_ledger.error(QStringLiteral("twin"),
                               makeError(ErrorCode::Internal, QStringLiteral("no answer"),
                                         QStringLiteral("the duplicate confirm hung")));
                return;
            }
            booked = judgePair(request, first, duplicate, *second);
        } else if (first) {
            booked = first.value();
            if (first.value().replayed)
                m_ledger.violation(m_shared, QStringLiteral("w5-fresh-key-replayed"),
                                   describe(first.value()));
        }
        if (!booked) {
            const Error e = first ? makeError(ErrorCode::Conflict, QString()) : first.error();
            saleFailed(QStringLiteral("confirm"), e);
            return;
        }
        m_ledger.count(QStringLiteral("confirm"));
        const ConfirmResult& c = *booked;
        // Without a seat list a confirm books what the sale still holds: seats held earlier may
        // have run out and been swept meanwhile (each hold has its own deadline).
        const QSet<int> expected =
            request.seatIds.isEmpty() ? m_held : QSet<int>(request.seatIds.cbegin(), request.seatIds.cend());
        const bool seatsRight = request.seatIds.isEmpty()
                                    ? !seatSet(c).isEmpty() && expected.contains(seatSet(c))
                                    : seatSet(c) == expected;
        if (c.status != QLatin1String("CONFIRMED") || !seatsRight)
            m_ledger.violation(
                m_shared, QStringLiteral("w6-confirm-booked-other-seats"),
                QStringLiteral("asked %1, got %2").arg(toPgIntArray(sorted(expected)), describe(c)));
        if (m_paying && !m_lapsed && c.bookingId != m_pendingId)
            // The sale's own PENDING booking was closed under its running confirm (the sweep
            // race): the terminal showed one code and the customer gets another.
            m_ledger.violation(m_shared, QStringLiteral("w7-confirm-left-its-pending-booking"),
                               QStringLiteral("sale %1 paid on %2, confirmed %3")
                                   .arg(m_token.toString(QUuid::WithoutBraces), m_pendingCode, describe(c)));
        const int dice = int(m_rng.bounded(100));
        if (dice < 25)
            replay(request, c, m_terminal, QStringLiteral("replay-sequential"), QStringLiteral("CONFIRMED"));
        else if (dice < 50)
            replay(request, c, m_otherTerminal, QStringLiteral("replay-cross-terminal"),
                   QStringLiteral("CONFIRMED"));
        m_bookings.append({request, c});
        newSale();
    }

    /// Two sends of one key at once: exactly one booking, the other send its replay.
    std::optional<ConfirmResult> judgePair(const ConfirmRequest& a, Result<ConfirmResult>& first,
                                           const ConfirmRequest& b, Result<ConfirmResult>& second)
    {
        if (!first && !second)
            return std::nullopt;
        // A send that met the other's lock past lock_timeout is told "in progress": the
        // terminal sends it again, and then it must be answered.
        for (int retry = 0; retry < 3; ++retry) {
            if (!first && first.error().code == ErrorCode::InProgress) {
                pause(m_shared, 50);
                first = m_store->confirm(a);
            }
            if (!second && second.error().code == ErrorCode::InProgress) {
                pause(m_shared, 50);
                second = m_store->confirm(b);
            }
        }
        const bool cross = a.terminal != b.terminal;
        if (first && second) {
            const int fresh = int(!first.value().replayed) + int(!second.value().replayed);
            if (fresh != 1 || !sameBooking(first.value(), second.value()))
                m_ledger.violation(m_shared, QStringLiteral("w8-duplicate-confirm-differs"),
                                   QStringLiteral("key %1%2: %3 replayed=%4 / %5 replayed=%6")
                                       .arg(a.key.toString(QUuid::WithoutBraces),
                                            cross ? QStringLiteral(" (other terminal)") : QString(),
                                            describe(first.value()))
                                       .arg(first.value().replayed)
                                       .arg(describe(second.value()))
                                       .arg(second.value().replayed));
            return first.value().replayed ? second.value() : first.value();
        }
        const Result<ConfirmResult>& ok = first ? first : second;
        const Result<ConfirmResult>& refused = first ? second : first;
        m_ledger.violation(
            m_shared, QStringLiteral("w2-replay-refused"),
            QStringLiteral("concurrent sends of key %1 as '%2' and '%3': the one as '%4' answered "
                           "%5 (%6), the other booked %7")
                .arg(a.key.toString(QUuid::WithoutBraces), a.terminal, b.terminal,
                     first ? b.terminal : a.terminal, QLatin1String(errorCodeName(refused.error().code)),
                     firstLine(refused.error().detail), describe(ok.value())));
        return ok.value();
    }

    bool openManager()
    {
        if (m_manager)
            return true;
        auto opened = DbConnection::open(m_target.manager, QStringLiteral("audit-manager-%1").arg(m_index));
        if (!opened) {
            m_ledger.error(QStringLiteral("connect-manager"), opened.error());
            return false;
        }
        m_manager = std::move(opened).value();
        return true;
    }

    /// Cancels one of this worker's bookings (bo_cancel_booking as a manager; before migration
    /// 0005, which has none, a refund written as one statement of the owner) and sometimes
    /// replays its confirm afterwards: the answer must carry the booking's state now.
    void cancelBooking(int which)
    {
        if (!openManager())
            return;
        const Booking booking = m_bookings.takeAt(which);
        QString status;
        if (m_features.cancelBooking) {
            auto r = m_manager->exec(QStringLiteral("SELECT booking_id, status FROM bo_cancel_booking(?)"),
                                     {booking.result.code});
            if (!r) {
                m_ledger.error(QStringLiteral("cancel"), r.error());
                m_bookings.insert(which, booking);
                return;
            }
            status = QStringLiteral("CANCELLED");
        } else {
            auto r = m_manager->exec(
                QStringLiteral(
                    "WITH b AS (UPDATE booking SET status = 'REFUNDED', closed_at = clock_timestamp() "
                    "            WHERE code = ? AND status = 'CONFIRMED' RETURNING id), "
                    "     l AS (UPDATE booking_seat SET active = false WHERE booking_id IN (SELECT id FROM "
                    "b) "
                    "           RETURNING showtime_id, seat_id) "
                    "UPDATE showtime_seat ss SET status = 'FREE', booking_id = NULL "
                    "  FROM l WHERE ss.showtime_id = l.showtime_id AND ss.seat_id = l.seat_id"),
                {booking.result.code});
            if (!r) {
                m_ledger.error(QStringLiteral("cancel"), r.error());
                m_bookings.insert(which, booking);
                return;
            }
            status = QStringLiteral("REFUNDED");
        }
        m_ledger.count(QStringLiteral("cancel"));
        if (m_rng.bounded(2) == 0)
            replay(booking.request, booking.result,
                   m_rng.bounded(2) == 0 ? booking.request.terminal : m_otherTerminal,
                   QStringLiteral("replay-after-cancel"), status);
    }

    const AuditStormTarget& m_target;
    const AuditStormOptions& m_options;
    const SchemaFeatures m_features;
    const Hall& m_hall;
    const int m_index;
    QRandomGenerator m_rng;
    Shared& m_shared;
    const QDeadlineTimer m_deadline;
    const QString m_terminal;
    const QString m_otherTerminal;

    std::unique_ptr<DbConnection> m_connection;
    std::unique_ptr<DbConnection> m_manager;
    SeatStore* m_store = nullptr;
    Twin* m_twin = nullptr;
    Ledger m_ledger;

    QUuid m_token;
    QSet<int> m_held;
    bool m_paying = false;
    QUuid m_pendingId;
    QString m_pendingCode;
    QDeadlineTimer m_holdDeadline{0};
    bool m_lapsed = false; ///< the sale's hold ran out at some moment while paying
    QList<Booking> m_bookings;
};

Ledger sweeper(const ConnectionSettings& settings, int index, int pauseMs, Shared& shared,
               const QDeadlineTimer& deadline)
{
    Ledger ledger;
    auto store = SeatStore::open(settings, QStringLiteral("audit-sweeper-%1").arg(index));
    if (!store) {
        ledger.error(QStringLiteral("connect"), store.error());
        return ledger;
    }
    QRandomGenerator rng{quint32(index) + 1U};
    while (!deadline.hasExpired() && !shared.stop.load()) {
        auto swept = store.value()->sweep(200);
        if (!swept) {
            ledger.error(QStringLiteral("sweep"), swept.error());
        } else {
            ledger.count(QStringLiteral("sweep"));
            ledger.count(QStringLiteral("swept-seats"), swept.value().seats.size());
            ledger.count(QStringLiteral("expired-bookings"), swept.value().bookings.size());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(pauseMs / 2 + int(rng.bounded(pauseMs + 1))));
    }
    return ledger;
}

void addPass(AuditStormReport& report, const AuditPass& pass, const QString& when)
{
    ++report.audits;
    report.maxPendingLatenessMs = std::max(report.maxPendingLatenessMs, pass.pendingLatenessMs);
    for (auto it = pass.violations.cbegin(); it != pass.violations.cend(); ++it)
        report.violations[it.key()] += it.value();
    for (const QString& s : pass.samples) {
        if (report.samples.size() < maxSamples)
            report.samples << when + QStringLiteral(" ") + s;
    }
}

Result<Hall> prepare(DbConnection& owner, const AuditStormOptions& options, const SchemaFeatures& features)
{
    QString settings = QStringLiteral("UPDATE settings SET selection_ttl_s = %1, payment_ttl_s = %2")
                           .arg(options.selectionTtlS)
                           .arg(options.paymentTtlS);
    if (features.extensionSettings)
        // The shortest extension the settings allow (10 s), once per sale.
        settings += QStringLiteral(", hold_extension_s = 10, max_hold_extensions = 1");
    if (Status s = owner.execScript(settings); !s)
        return s.error();
    const int rows = std::min(26, 4 + options.workers);
    if (Status s = owner.execScript(QStringLiteral(R"sql(
        DO $$
        DECLARE
            a integer; m integer; p integer;
        BEGIN
            INSERT INTO auditorium (name) VALUES ('Audit hall') RETURNING id INTO a;
            INSERT INTO seat (auditorium_id, row_label, number, x, y)
            SELECT a, chr(64 + r), n, n - 1, (r - 1) * 1.2
              FROM generate_series(1, %1) r, generate_series(1, %2) n;
            INSERT INTO movie (title, runtime_min) VALUES ('Audit film', 120) RETURNING id INTO m;
            INSERT INTO price_list (name) VALUES ('Audit prices') RETURNING id INTO p;
            INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency, sort_order)
            VALUES (p, 'adult', 'Adult', 10000, 'KRW', 0), (p, 'child', 'Child', 7000, 'KRW', 1);
            INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at)
            VALUES (a, m, p, now() + interval '1 day');
        END $$;
        )sql")
                                        .arg(rows)
                                        .arg(options.perRow));
        !s)
        return s.error();
    auto ids = owner.exec(
        QStringLiteral("SELECT st.id, s.id FROM showtime st JOIN auditorium a ON a.id = st.auditorium_id "
                       "  JOIN seat s ON s.auditorium_id = a.id WHERE a.name = 'Audit hall' ORDER BY "
                       "s.row_label, s.number"));
    if (!ids)
        return ids.error();
    Hall hall;
    while (ids.value().next()) {
        hall.showtime = ids.value().value(0).toInt();
        hall.seats << ids.value().value(1).toInt();
    }
    if (hall.seats.size() != qsizetype(rows) * options.perRow)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("the audit hall has %1 seats").arg(hall.seats.size()));
    return hall;
}

/// After the storm: waits until every hold and pending booking has run out, sweeps until
/// nothing is left, and compares the reserved seats with what the workers were told.
void finish(AuditStormReport& report, const AuditStormTarget& target, InvariantAuditor& auditor,
            const AuditStormOptions& options, qint64 liveSeats, qint64 liveBookings)
{
    DbConnection& owner = auditor.connection();
    auto left = owner.exec(QStringLiteral("SELECT coalesce(extract(epoch FROM greatest((SELECT "
                                          "max(held_until) FROM showtime_seat WHERE status = "
                                          "'HELD'), (SELECT max(expires_at) FROM booking WHERE status = "
                                          "'PENDING')) - now()) * 1000, 0)::bigint"));
    qint64 waitMs = 0;
    if (left && left.value().next())
        waitMs = left.value().value(0).toLongLong();
    std::this_thread::sleep_for(std::chrono::milliseconds(std::clamp<qint64>(waitMs + 100, 0, 20000)));
    auto store = SeatStore::open(target.terminal, QStringLiteral("audit-final-sweep"));
    if (!store) {
        report.failure = QStringLiteral("final sweep: ") + store.error().detail;
        return;
    }
    for (int i = 0; i < 100; ++i) {
        auto swept = store.value()->sweep(1000);
        if (!swept) {
            report.failure = QStringLiteral("final sweep: ") + swept.error().detail;
            return;
        }
        report.ops[QStringLiteral("swept-seats")] += swept.value().seats.size();
        report.ops[QStringLiteral("expired-bookings")] += swept.value().bookings.size();
        if (swept.value().seats.isEmpty() && swept.value().bookings.isEmpty())
            break;
    }
    auto pass = auditor.audit(options.graceMs, true, true);
    if (!pass) {
        report.failure = QStringLiteral("final audit: ") + pass.error().detail;
        return;
    }
    addPass(report, pass.value(), QStringLiteral("[final]"));
    auto counts =
        owner.exec(QStringLiteral("SELECT (SELECT count(*) FROM showtime_seat WHERE status = 'RESERVED'), "
                                  "       (SELECT count(*) FROM booking WHERE status = 'CONFIRMED')"));
    if (!counts || !counts.value().next()) {
        report.failure = QStringLiteral("final counts failed");
        return;
    }
    const qint64 reserved = counts.value().value(0).toLongLong();
    const qint64 confirmed = counts.value().value(1).toLongLong();
    if (reserved != liveSeats || confirmed != liveBookings) {
        ++report.violations[QStringLiteral("g1-sold-differs-from-told")];
        report.samples << QStringLiteral(
                              "[final] g1-sold-differs-from-told: %1 seats RESERVED in %2 CONFIRMED "
                              "bookings, the workers were told %3 seats in %4 bookings")
                              .arg(reserved)
                              .arg(confirmed)
                              .arg(liveSeats)
                              .arg(liveBookings);
    }
}

QJsonObject toObject(const QMap<QString, qint64>& map)
{
    QJsonObject o;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        o[it.key()] = it.value();
    return o;
}

} // namespace

qint64 AuditStormReport::totalOps() const
{
    // The operations the workers sent (the sweepers' and the auditor's are counted apart).
    qint64 n = 0;
    for (auto it = ops.cbegin(); it != ops.cend(); ++it) {
        if (!it.key().startsWith(QLatin1String("swe")) && it.key() != QLatin1String("expired-bookings") &&
            it.key() != QLatin1String("audit"))
            n += it.value();
    }
    return n;
}

qint64 AuditStormReport::totalViolations() const
{
    return std::accumulate(violations.cbegin(), violations.cend(), qint64(0));
}

qint64 AuditStormReport::totalErrors() const
{
    return std::accumulate(errors.cbegin(), errors.cend(), qint64(0));
}

QJsonObject AuditStormReport::toJson() const
{
    return QJsonObject{
        {QStringLiteral("seconds"), double(elapsedMs) / 1000.0},
        {QStringLiteral("seed"), qint64(seed)},
        {QStringLiteral("features"), QJsonObject{{QStringLiteral("extend_hold"), features.extendHold},
                                                 {QStringLiteral("cancel_booking"), features.cancelBooking},
                                                 {QStringLiteral("sale_table"), features.saleTable}}},
        {QStringLiteral("ops_total"), totalOps()},
        {QStringLiteral("ops_per_second"),
         elapsedMs > 0 ? double(totalOps()) * 1000.0 / double(elapsedMs) : 0.0},
        {QStringLiteral("ops"), toObject(ops)},
        {QStringLiteral("audits"), audits},
        {QStringLiteral("violations_total"), totalViolations()},
        {QStringLiteral("violations"), toObject(violations)},
        {QStringLiteral("violation_samples"), QJsonArray::fromStringList(samples)},
        {QStringLiteral("errors_total"), totalErrors()},
        {QStringLiteral("errors"), toObject(errors)},
        {QStringLiteral("error_samples"), QJsonArray::fromStringList(errorSamples)},
        {QStringLiteral("max_pending_lateness_ms"), maxPendingLatenessMs},
        {QStringLiteral("failure"), failure},
    };
}

QString AuditStormReport::text() const
{
    QString out;
    QTextStream s(&out);
    s << "audit storm: " << double(elapsedMs) / 1000.0 << " s, seed " << seed << ", " << totalOps()
      << " ops (" << (elapsedMs > 0 ? qint64(double(totalOps()) * 1000.0 / double(elapsedMs)) : 0)
      << " ops/s), " << audits << " audits, " << totalViolations() << " violations, " << totalErrors()
      << " unexpected errors\n";
    s << "schema: bo_extend_hold " << (features.extendHold ? "yes" : "no") << ", bo_cancel_booking "
      << (features.cancelBooking ? "yes" : "no") << ", sale table " << (features.saleTable ? "yes" : "no")
      << "; most overdue PENDING booking seen: " << maxPendingLatenessMs << " ms\n";
    s << "ops:";
    for (auto it = ops.cbegin(); it != ops.cend(); ++it)
        s << ' ' << it.key() << '=' << it.value();
    s << '\n';
    if (!violations.isEmpty()) {
        s << "violations:";
        for (auto it = violations.cbegin(); it != violations.cend(); ++it)
            s << ' ' << it.key() << '=' << it.value();
        s << '\n';
        for (const QString& sample : samples)
            s << "  " << sample << '\n';
    }
    if (!errors.isEmpty()) {
        s << "unexpected errors:";
        for (auto it = errors.cbegin(); it != errors.cend(); ++it)
            s << ' ' << it.key() << '=' << it.value();
        s << '\n';
        for (const QString& sample : errorSamples)
            s << "  " << sample << '\n';
    }
    if (!failure.isEmpty())
        s << "FAILED to run: " << failure << '\n';
    s.flush();
    return out;
}

AuditStormReport runAuditStorm(const AuditStormTarget& target, const AuditStormOptions& options,
                               const std::function<void(const QString&)>& progress, int progressSeconds,
                               const std::function<bool()>& stop)
{
    AuditStormReport report;
    report.seed = options.seed != 0 ? options.seed : QRandomGenerator::global()->generate() | 1U;
    auto opened = InvariantAuditor::open(target.owner);
    if (!opened) {
        report.failure = opened.error().message + QLatin1Char(' ') + opened.error().detail;
        return report;
    }
    InvariantAuditor& auditor = *opened.value();
    auto features = auditor.features();
    if (!features) {
        report.failure = features.error().detail;
        return report;
    }
    report.features = features.value();
    auto hall = prepare(auditor.connection(), options, report.features);
    if (!hall) {
        report.failure = hall.error().message + QLatin1Char(' ') + hall.error().detail;
        return report;
    }

    Shared shared;
    const QDeadlineTimer deadline(qint64(options.seconds) * 1000);
    QElapsedTimer elapsed;
    elapsed.start();
    std::vector<std::unique_ptr<Worker>> workers;
    std::vector<Ledger> ledgers(size_t(options.workers + options.sweepers));
    std::vector<std::thread> threads;
    // Every worker exists before any thread starts (the vector does not move under them).
    workers.reserve(size_t(options.workers));
    threads.reserve(size_t(options.workers) + size_t(options.sweepers));
    for (int i = 0; i < options.workers; ++i)
        workers.push_back(std::make_unique<Worker>(target, options, report.features, hall.value(), i,
                                                   report.seed + quint32(i) * 7919U, shared, deadline));
    for (size_t i = 0; i < workers.size(); ++i)
        threads.emplace_back([&workers, &ledgers, i] { ledgers[i] = workers[i]->run(); });
    for (int i = 0; i < options.sweepers; ++i) {
        threads.emplace_back([&, i] {
            ledgers[size_t(options.workers) + size_t(i)] =
                sweeper(target.terminal, i, options.sweepPauseMs, shared, deadline);
        });
    }
    // The auditor runs on this thread: one pass a second until the end.
    qint64 nextProgress = qint64(progressSeconds) * 1000;
    while (!deadline.hasExpired() && !shared.stop.load()) {
        QDeadlineTimer next(options.auditIntervalMs);
        const bool full = report.audits % 60 == 59;
        auto pass = auditor.audit(options.graceMs, full);
        if (!pass) {
            ++report.errors[QStringLiteral("audit:") + QLatin1String(errorCodeName(pass.error().code))];
            if (report.errorSamples.size() < maxSamples)
                report.errorSamples << QStringLiteral("audit ") + pass.error().detail;
        } else {
            addPass(report, pass.value(), QStringLiteral("[%1 ms]").arg(elapsed.elapsed()));
            shared.violations += pass.value().total();
        }
        if (progress && elapsed.elapsed() >= nextProgress) {
            progress(QStringLiteral("audit storm: %1 s, %2 ops, %3 audits, %4 violations")
                         .arg(elapsed.elapsed() / 1000)
                         .arg(shared.ops.load())
                         .arg(report.audits)
                         .arg(shared.violations.load()));
            nextProgress += qint64(progressSeconds) * 1000;
        }
        while (!next.hasExpired() && !deadline.hasExpired()) {
            if (stop && stop())
                shared.stop = true;
            if (shared.stop.load())
                break;
            std::this_thread::sleep_for(
                std::chrono::milliseconds(std::min<qint64>(next.remainingTime(), 50) + 1));
        }
    }
    shared.stop = true;
    for (std::thread& t : threads)
        t.join();
    report.elapsedMs = elapsed.elapsed();
    Ledger all;
    for (const Ledger& l : ledgers)
        all.merge(l);
    for (auto it = all.ops.cbegin(); it != all.ops.cend(); ++it)
        report.ops[it.key()] += it.value();
    for (auto it = all.violations.cbegin(); it != all.violations.cend(); ++it)
        report.violations[it.key()] += it.value();
    for (auto it = all.errors.cbegin(); it != all.errors.cend(); ++it)
        report.errors[it.key()] += it.value();
    report.samples += all.samples.mid(0, std::max<qsizetype>(0, maxSamples - report.samples.size()));
    report.errorSamples += all.errorSamples;
    qint64 liveSeats = 0;
    qint64 liveBookings = 0;
    for (const auto& w : workers) {
        liveSeats += w->liveSeats();
        liveBookings += w->liveBookings();
    }
    finish(report, target, auditor, options, liveSeats, liveBookings);
    report.ops[QStringLiteral("audit")] = report.audits;
    return report;
}

AuditStormReport runAuditStormOnServer(const ConnectionSettings& server, const AuditStormOptions& options,
                                       const std::function<void(const QString&)>& progress,
                                       int progressSeconds, const std::function<bool()>& stop)
{
    AuditStormReport report;
    const QString name =
        QStringLiteral("bench_audit_%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    auto maintenance = DbConnection::open(server, QStringLiteral("audit-admin"));
    if (!maintenance) {
        report.failure = maintenance.error().message;
        return report;
    }
    if (Status made = maintenance.value()->execScript(QStringLiteral("CREATE DATABASE ") + name); !made) {
        report.failure = made.error().detail;
        return report;
    }
    const ConnectionSettings database = server.withDatabase(name);
    {
        auto owner = DbConnection::open(database, QStringLiteral("audit-migrate"));
        if (!owner) {
            report.failure = owner.error().message;
        } else if (auto migrated = Migrator(*owner.value()).migrate(); !migrated) {
            report.failure = migrated.error().message + QLatin1Char(' ') + migrated.error().detail;
        }
    }
    if (report.failure.isEmpty())
        report = runAuditStorm({database, database, database}, options, progress, progressSeconds, stop);
    (void)maintenance.value()->execScript(
        QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name));
    return report;
}

} // namespace bo::audit
