// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QDate>

#include "model/reports/reportdocument.h"
#include "model/reports/reports.h"

namespace bo {

/// Which report: a local day's (every till; the day's Z once its shifts are closed), a shift's
/// (X while open, Z once closed) or a showtime's.
struct ReportRequest
{
    enum class Kind { Day, Shift, Showtime };
    Kind kind = Kind::Day;
    QDate day; ///< for Day: a day in this computer's time zone
    int shiftId = 0;
    int showtimeId = 0;
};

/// Builds a report's document from the database's figures (ReportSource): the takings (gross,
/// refunds, net, voids), sales by payment method, ticket type, film, showtime, hour and till,
/// refunds and voids, occupancy per showtime and per hall, the drawers and the staff. Checks that
/// the sections agree to the cent (by method = by type = by film = gross) and refuses a report
/// whose figures do not (an Internal error naming them), so a printed report never disagrees
/// with itself.
class ReportBuilder final
{
    Q_DECLARE_TR_FUNCTIONS(bo::ReportBuilder)

public:
    explicit ReportBuilder(ReportSource& source);
    Q_DISABLE_COPY_MOVE(ReportBuilder)

    [[nodiscard]] Result<ReportDocument> build(const ReportRequest& request);

    /// The scope of a request: a day from local midnight to the next.
    [[nodiscard]] static ReportScope scopeOf(const ReportRequest& request);

private:
    ReportSource& m_source;
};

} // namespace bo
