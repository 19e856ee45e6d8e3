// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

#include "model/core/result.h"

namespace bo {

/// What a report covers (migration 0038): a shift, a showtime, a period [from, to), or several
/// of them narrowing each other. Times are UTC.
struct ReportScope
{
    QDateTime from;
    QDateTime to;
    std::optional<int> shiftId;
    std::optional<int> showtimeId;
};

/// One group of gross sales (payments captured). `key` is what the server groups by (a film's
/// number, a method, an hour's start as ISO UTC, "none" for sales without a member); `at` is the
/// hour or the showtime's start (UTC), invalid otherwise. By ticket type, `sales` counts bookings.
struct SalesRow
{
    QString key;
    QString label;
    QDateTime at;
    qint64 sales = 0;
    qint64 seats = 0;
    qint64 amountMinor = 0;
};

/// Refunds (kind "refund") and voided payments (kind "void") by method (card, cash, none).
struct RefundRow
{
    QString kind;
    QString method;
    qint64 count = 0;
    qint64 amountMinor = 0;
};

/// A showtime's seats: all, kept from sale, sold (reserved) and booked (active booked seats).
struct OccupancyRow
{
    int showtimeId = 0;
    QDateTime startsAt; ///< UTC
    QString film;
    int hallId = 0;
    QString hall;
    qint64 seats = 0;
    qint64 blocked = 0;
    qint64 sold = 0;
    qint64 booked = 0;
};

/// One shift's drawer: the expected cash line by line and the count (empty while open).
struct DrawerRow
{
    int shiftId = 0;
    QString terminal;
    QDateTime openedAt; ///< UTC
    QString openedBy;
    QDateTime closedAt; ///< UTC; invalid while open
    QString closedBy;
    qint64 floatMinor = 0;
    qint64 cashTakenMinor = 0;
    qint64 cashRefundedMinor = 0;
    qint64 payInMinor = 0;
    qint64 payOutMinor = 0;
    qint64 expectedMinor = 0;
    std::optional<qint64> countedMinor;
    std::optional<qint64> overShortMinor;
};

/// What one member of staff did: sales taken, refunds made, refunds approved, sign-ins.
struct StaffRow
{
    int staffId = 0;
    QString name;
    QString role;
    qint64 sales = 0;
    qint64 salesMinor = 0;
    qint64 refunds = 0;
    qint64 refundsMinor = 0;
    qint64 approvals = 0;
    qint64 signIns = 0;
};

/// Where a report comes from: the cinema, its currency, the server's time and login, and the
/// audit log's head (its position and SHA-256 as hex) at that moment.
struct ReportContext
{
    QString cinemaName;
    QString currency;
    QDateTime printedAt; ///< UTC, the server's clock
    QString login;
    qint64 auditPosition = 0;
    QString auditHash;
};

/// The manager's reports, read from the database (migration 0038; a manager's login). Every
/// function is read-only; a scope naming a shift or showtime that does not exist is NotFound, a
/// scope without a shift, a showtime or a whole period is BadInput.
class ReportSource
{
public:
    ReportSource() = default;
    virtual ~ReportSource() = default;
    ReportSource(const ReportSource&) = delete;
    ReportSource& operator=(const ReportSource&) = delete;

    /// Gross sales grouped `by`: hour, showtime, film, hall, type, method, staff or terminal.
    [[nodiscard]] virtual Result<QList<SalesRow>> sales(const ReportScope& scope, const QString& by) = 0;
    [[nodiscard]] virtual Result<QList<RefundRow>> refunds(const ReportScope& scope) = 0;
    /// The showtime named, the showtimes a shift sold for, or those starting in the period.
    [[nodiscard]] virtual Result<QList<OccupancyRow>> occupancy(const ReportScope& scope) = 0;
    /// The shift named, or the shifts open at some time in the period; none for a showtime.
    [[nodiscard]] virtual Result<QList<DrawerRow>> drawers(const ReportScope& scope) = 0;
    [[nodiscard]] virtual Result<QList<StaffRow>> staff(const ReportScope& scope) = 0;
    [[nodiscard]] virtual Result<ReportContext> context() = 0;
};

} // namespace bo
