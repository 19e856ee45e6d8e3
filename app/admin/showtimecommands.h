// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"
#include "model/showtimes/showtimeschedule.h"

namespace bo {

/// What is playing: `showtimes` and `seats` (any login), `showtime-add` and `showtime-cancel`
/// (a manager's).
class ShowtimeCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::ShowtimeCommands)

public:
    explicit ShowtimeCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(ShowtimeCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// Lists the showtimes of one day (--date, default today) with their seats left.
    [[nodiscard]] ExitCode showtimes();
    /// Lists the seats of `seats SHOWTIME|next` and their state.
    [[nodiscard]] ExitCode seats(const QStringList& positional);
    /// `showtime-add --hall H --film F --start TIME [--prices LIST] [--trailers MIN]`: exit 3
    /// naming the showtimes in the way when the hall is busy then (cleaning included).
    [[nodiscard]] ExitCode add(const QStringList& positional);
    /// `showtime-pattern --hall H --film F --from DAY --to DAY --times T,... [--days D]
    /// [--prices LIST] [--trailers MIN]`: all or nothing; exit 3 listing every conflict.
    [[nodiscard]] ExitCode pattern(const QStringList& positional);
    /// `showtime-cancel SHOWTIME`: exit 3 when it has sales (refund its bookings first).
    [[nodiscard]] ExitCode cancel(const QStringList& positional);
    /// `showtime-sale SHOWTIME... [--sale-opens TIME|now|none] [--sale-closes TIME|none]`: all or
    /// nothing; exit 2 for a window that closes before it opens or after the film, 3 for a
    /// cancelled showtime.
    [[nodiscard]] ExitCode saleWindow(const QStringList& positional);
    /// `showtime-relayout SHOWTIME`: the hall's current layout for a showtime never booked; exit 3
    /// when it has a booking or a seat held.
    [[nodiscard]] ExitCode relayout(const QStringList& positional);

private:
    /// The hall, film, price list and trailers of showtime-add and showtime-pattern; BadInput
    /// when one is missing or wrong.
    [[nodiscard]] Result<NewShowtime> request() const;
    /// --sale-opens and --sale-closes; BadInput naming a time that is not one.
    [[nodiscard]] Result<SaleWindowChange> saleWindowOptions() const;

    CliSession& m_session;
};

} // namespace bo
