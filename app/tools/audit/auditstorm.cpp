// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/audit/auditstorm.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QRandomGenerator>

#include "app/tools/audit/stormledger.h"
#include "app/tools/audit/stormsweeper.h"
#include "app/tools/audit/stormworker.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/seatstore.h"
#include "db/staffstore.h"

namespace bo::audit {
namespace {

/// The storm's cashiers, one signed in at each worker's till.
const QString stormCashierPin = QStringLiteral("461730");

/// Adds the storm's cashier `name` through the manager's login, or (left by an earlier storm on
/// this database) gives them the storm's PIN again, which also unlocks them.
Result<int> addCashier(const ConnectionSettings& manager, const QString& stormCashierName)
{
    auto opened = DbConnection::open(manager, QStringLiteral("audit-staff"));
    if (!opened)
        return opened.error();
    StaffStore staff(*opened.value());
    auto members = staff.staff();
    if (!members)
        return members.error();
    for (const StaffMember& m : members.value()) {
        if (m.active && m.name == stormCashierName) {
            if (Status s = staff.setPin(m.id, stormCashierPin); !s)
                return s.error();
            return m.id;
        }
    }
    return staff.addStaff(stormCashierName, StaffRole::Cashier, stormCashierPin);
}

void addPass(AuditStormReport& report, const AuditPass& pass, const QString& when)
{
    ++report.audits;
    report.maxPendingLatenessMs = std::max(report.maxPendingLatenessMs, pass.pendingLatenessMs);
    for (auto it = pass.violations.cbegin(); it != pass.violations.cend(); ++it)
        report.violations[it.key()] += it.value();
    for (const QString& s : pass.samples) {
        if (report.samples.size() < maxStormSamples)
            report.samples << when + QStringLiteral(" ") + s;
    }
}

Result<StormHall> prepare(DbConnection& owner, const AuditStormOptions& options,
                          const SchemaFeatures& features)
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
    StormHall hall;
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
    auto store = SeatStore::open(target.service, QStringLiteral("audit-final-sweep"));
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

} // namespace

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

    // Cash at the till as a counter takes it: where the schema asks a confirm to carry its
    // payment, a cashier the manager added signs in at each worker's till (its own id) and opens
    // its shift. Where the workers run as the owner (runAuditStormOnServer), who takes cash
    // without a till's staff, nobody signs in.
    StormCash cash;
    cash.pays = report.features.cashAtTill;
    cash.staffed = cash.pays && target.terminal.value(QStringLiteral("user")) !=
                                    target.owner.value(QStringLiteral("user"));
    if (cash.staffed) {
        for (int i = 0; i < options.workers; ++i) {
            auto cashier = addCashier(target.manager, QStringLiteral("Audit Cashier %1").arg(i + 1));
            if (!cashier) {
                report.failure = QStringLiteral("adding the storm's cashier: ") + cashier.error().message +
                                 QLatin1Char(' ') + cashier.error().detail;
                return report;
            }
            cash.cashierIds << cashier.value();
        }
        cash.pin = stormCashierPin;
    }

    StormShared shared;
    const QDeadlineTimer deadline(qint64(options.seconds) * 1000);
    QElapsedTimer elapsed;
    elapsed.start();
    std::vector<std::unique_ptr<StormWorker>> workers;
    std::vector<StormLedger> ledgers(size_t(options.workers + options.sweepers));
    std::vector<std::thread> threads;
    // Every worker exists before any thread starts (the vector does not move under them).
    workers.reserve(size_t(options.workers));
    threads.reserve(size_t(options.workers) + size_t(options.sweepers));
    for (int i = 0; i < options.workers; ++i)
        workers.push_back(std::make_unique<StormWorker>(target, options, report.features, cash, hall.value(),
                                                        i, cash.pays ? QUuid::createUuid() : QUuid(),
                                                        report.seed + quint32(i) * 7919U, shared, deadline));
    for (size_t i = 0; i < workers.size(); ++i)
        threads.emplace_back([&workers, &ledgers, i] { ledgers[i] = workers[i]->run(); });
    for (int i = 0; i < options.sweepers; ++i) {
        threads.emplace_back([&, i] {
            ledgers[size_t(options.workers) + size_t(i)] =
                runSweeper(target.service, i, options.sweepPauseMs, shared, deadline);
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
            if (report.errorSamples.size() < maxStormSamples)
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
    StormLedger all;
    for (const StormLedger& l : ledgers)
        all.merge(l);
    for (auto it = all.ops.cbegin(); it != all.ops.cend(); ++it)
        report.ops[it.key()] += it.value();
    for (auto it = all.violations.cbegin(); it != all.violations.cend(); ++it)
        report.violations[it.key()] += it.value();
    for (auto it = all.errors.cbegin(); it != all.errors.cend(); ++it)
        report.errors[it.key()] += it.value();
    report.samples += all.samples.mid(0, std::max<qsizetype>(0, maxStormSamples - report.samples.size()));
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
        report =
            runAuditStorm({database, database, database, database}, options, progress, progressSeconds, stop);
    (void)maintenance.value()->execScript(
        QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name));
    return report;
}

} // namespace bo::audit
