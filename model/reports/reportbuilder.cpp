// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/reports/reportbuilder.h"

#include <algorithm>
#include <map>

#include <QLocale>

#include "model/reports/reportformat.h"

namespace bo {
namespace {

QVariant num(qint64 v)
{
    return QVariant::fromValue(v);
}

QVariant optionalNum(const std::optional<qint64>& v)
{
    return v ? num(*v) : QVariant();
}

/// A share in tenths of a percent, rounded half up, in integers.
qint64 permille(qint64 part, qint64 whole)
{
    return whole <= 0 ? 0 : (part * 2000 + whole) / (2 * whole);
}

QString localTime(const QDateTime& utc, const QString& format)
{
    return utc.isValid() ? utc.toLocalTime().toString(format) : QString();
}

/// A column titled in the user's language and keyed for JSON by its English title, so that the
/// CLI's --json does not change with the language.
ReportColumn col(const char* title, ReportValue type)
{
    return {ReportBuilder::tr(title), type, ReportFormat::jsonKey(QString::fromLatin1(title))};
}

/// The sales table of one grouping, with its totals; `total` gets the amount's.
ReportSection salesSection(const QString& id, const QString& title, const char* keyTitle,
                           const QList<SalesRow>& rows, bool withTime, bool totalSales, qint64& total)
{
    ReportSection s{id, title, {}, {}, {}};
    if (withTime)
        s.columns.append(col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Time"), ReportValue::Text));
    s.columns.append(col(keyTitle, ReportValue::Text));
    s.columns.append(col(id == QLatin1String("type") ? QT_TRANSLATE_NOOP("bo::ReportBuilder", "Bookings")
                                                     : QT_TRANSLATE_NOOP("bo::ReportBuilder", "Sales"),
                         ReportValue::Count));
    s.columns.append(col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Seats"), ReportValue::Count));
    s.columns.append(col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Amount"), ReportValue::Money));
    qint64 sales = 0;
    qint64 seats = 0;
    total = 0;
    for (const SalesRow& r : rows) {
        QVariantList row;
        if (withTime)
            row.append(localTime(r.at, QStringLiteral("yyyy-MM-dd HH:mm")));
        QString label = r.label;
        if (id == QLatin1String("hour"))
            label = localTime(r.at, QStringLiteral("HH:00"));
        else if (id == QLatin1String("staff") && r.key == QLatin1String("none"))
            label = ReportBuilder::tr("(no member: kiosk or CLI)");
        else if (id == QLatin1String("method"))
            label = r.key == QLatin1String("card")   ? ReportBuilder::tr("Card")
                    : r.key == QLatin1String("cash") ? ReportBuilder::tr("Cash")
                                                     : r.key;
        row << label << num(r.sales) << num(r.seats) << num(r.amountMinor);
        s.rows.append(row);
        sales += r.sales;
        seats += r.seats;
        total += r.amountMinor;
    }
    if (withTime)
        s.totals.append(QString());
    s.totals << ReportBuilder::tr("Total") << (totalSales ? num(sales) : QVariant()) << num(seats)
             << num(total);
    return s;
}

QString methodName(const QString& method)
{
    if (method == QLatin1String("card"))
        return ReportBuilder::tr("Card");
    if (method == QLatin1String("cash"))
        return ReportBuilder::tr("Cash");
    if (method == QLatin1String("none"))
        return ReportBuilder::tr("No payment");
    return method;
}

} // namespace

const ReportSection* ReportDocument::section(const QString& id) const
{
    const auto it = std::find_if(sections.cbegin(), sections.cend(),
                                 [&id](const ReportSection& s) { return s.id == id; });
    return it == sections.cend() ? nullptr : &*it;
}

ReportBuilder::ReportBuilder(ReportSource& source)
    : m_source(source)
{}

ReportScope ReportBuilder::scopeOf(const ReportRequest& request)
{
    ReportScope scope;
    switch (request.kind) {
    case ReportRequest::Kind::Day:
        scope.from = request.day.startOfDay().toUTC();
        scope.to = request.day.addDays(1).startOfDay().toUTC();
        break;
    case ReportRequest::Kind::Shift:
        scope.shiftId = request.shiftId;
        break;
    case ReportRequest::Kind::Showtime:
        scope.showtimeId = request.showtimeId;
        break;
    }
    return scope;
}

Result<ReportDocument> ReportBuilder::build(const ReportRequest& request)
{
    const ReportScope scope = scopeOf(request);
    auto context = m_source.context();
    if (!context)
        return context.error();
    ReportDocument doc;
    doc.cinema = context.value().cinemaName;
    doc.currency = context.value().currency;
    doc.printedAt = context.value().printedAt;
    doc.printedBy = context.value().login;
    doc.auditPosition = context.value().auditPosition;
    doc.auditHash = context.value().auditHash;

    // Every grouping of the same payments, read before the drawers so a shift's name is known.
    static const QStringList groupings{QStringLiteral("method"), QStringLiteral("type"),
                                       QStringLiteral("film"),   QStringLiteral("showtime"),
                                       QStringLiteral("hour"),   QStringLiteral("terminal")};
    std::map<QString, QList<SalesRow>> sales;
    for (const QString& by : groupings) {
        auto rows = m_source.sales(scope, by);
        if (!rows)
            return rows.error();
        sales[by] = rows.value();
    }
    auto refunds = m_source.refunds(scope);
    if (!refunds)
        return refunds.error();
    auto occupancy = m_source.occupancy(scope);
    if (!occupancy)
        return occupancy.error();
    auto drawers = m_source.drawers(scope);
    if (!drawers)
        return drawers.error();
    auto staff = m_source.staff(scope);
    if (!staff)
        return staff.error();

    switch (request.kind) {
    case ReportRequest::Kind::Day:
        doc.kind = QStringLiteral("day");
        doc.title = tr("Day report");
        doc.period = QLocale().toString(request.day, QLocale::LongFormat);
        break;
    case ReportRequest::Kind::Shift: {
        doc.kind = QStringLiteral("shift");
        const bool closed = !drawers.value().isEmpty() && drawers.value().first().closedAt.isValid();
        doc.title = closed ? tr("Z report, shift %1").arg(request.shiftId)
                           : tr("X report, shift %1 (open)").arg(request.shiftId);
        if (!drawers.value().isEmpty()) {
            const DrawerRow& d = drawers.value().first();
            doc.period =
                tr("%1, %2 to %3")
                    .arg(d.terminal, localTime(d.openedAt, QStringLiteral("yyyy-MM-dd HH:mm")),
                         d.closedAt.isValid() ? localTime(d.closedAt, QStringLiteral("yyyy-MM-dd HH:mm"))
                                              : tr("now"));
        }
        break;
    }
    case ReportRequest::Kind::Showtime:
        doc.kind = QStringLiteral("showtime");
        doc.title = tr("Showtime report, showtime %1").arg(request.showtimeId);
        if (!occupancy.value().isEmpty()) {
            const OccupancyRow& o = occupancy.value().first();
            doc.period = tr("%1, %2, %3")
                             .arg(o.film, o.hall, localTime(o.startsAt, QStringLiteral("yyyy-MM-dd HH:mm")));
        }
        break;
    }

    // The takings: gross, refunds that moved money, net, and what moved none.
    qint64 byMethod = 0;
    ReportSection method = salesSection(QStringLiteral("method"), tr("Sales by payment method"),
                                        QT_TRANSLATE_NOOP("bo::ReportBuilder", "Method"),
                                        sales[QStringLiteral("method")], false, true, byMethod);
    qint64 grossSales = 0;
    for (const SalesRow& r : sales[QStringLiteral("method")])
        grossSales += r.sales;
    qint64 refundCount = 0;
    qint64 noMoneyCount = 0;
    qint64 noMoneyMinor = 0;
    qint64 voidCount = 0;
    for (const RefundRow& r : refunds.value()) {
        if (r.kind == QLatin1String("void")) {
            voidCount += r.count;
            doc.voidsMinor += r.amountMinor;
        } else if (r.method == QLatin1String("none")) {
            noMoneyCount += r.count;
            noMoneyMinor += r.amountMinor;
        } else {
            refundCount += r.count;
            doc.refundsMinor += r.amountMinor;
        }
    }
    doc.grossMinor = byMethod;
    doc.netMinor = doc.grossMinor - doc.refundsMinor;
    ReportSection summary{QStringLiteral("summary"),
                          tr("Takings"),
                          {col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Item"), ReportValue::Text),
                           col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Count"), ReportValue::Count),
                           col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Amount"), ReportValue::Money)},
                          {},
                          {}};
    summary.rows.append({tr("Gross sales (payments taken)"), num(grossSales), num(doc.grossMinor)});
    summary.rows.append({tr("Refunds (card and cash)"), num(refundCount), num(-doc.refundsMinor)});
    summary.totals = {tr("Net takings"), QVariant(), num(doc.netMinor)};
    if (noMoneyCount > 0)
        summary.rows.append(
            {tr("Refunds without a payment (no money moved)"), num(noMoneyCount), num(noMoneyMinor)});
    summary.rows.append({tr("Voided payments (never taken)"), num(voidCount), num(doc.voidsMinor)});
    doc.sections.append(summary);
    doc.sections.append(method);

    qint64 byType = 0;
    qint64 byFilm = 0;
    qint64 byShowtime = 0;
    qint64 byHour = 0;
    qint64 byTerminal = 0;
    doc.sections.append(salesSection(QStringLiteral("type"), tr("Sales by ticket type"),
                                     QT_TRANSLATE_NOOP("bo::ReportBuilder", "Ticket type"),
                                     sales[QStringLiteral("type")], false, false, byType));
    doc.sections.append(salesSection(QStringLiteral("film"), tr("Sales by film"),
                                     QT_TRANSLATE_NOOP("bo::ReportBuilder", "Film"),
                                     sales[QStringLiteral("film")], false, true, byFilm));
    doc.sections.append(salesSection(QStringLiteral("showtime"), tr("Sales by showtime"),
                                     QT_TRANSLATE_NOOP("bo::ReportBuilder", "Showtime"),
                                     sales[QStringLiteral("showtime")], true, true, byShowtime));
    doc.sections.append(salesSection(QStringLiteral("hour"), tr("Sales by hour"),
                                     QT_TRANSLATE_NOOP("bo::ReportBuilder", "Hour"),
                                     sales[QStringLiteral("hour")], false, true, byHour));
    doc.sections.append(salesSection(QStringLiteral("terminal"), tr("Sales by till"),
                                     QT_TRANSLATE_NOOP("bo::ReportBuilder", "Till"),
                                     sales[QStringLiteral("terminal")], false, true, byTerminal));

    ReportSection back{QStringLiteral("refunds"),
                       tr("Refunds and voids"),
                       {col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Kind"), ReportValue::Text),
                        col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Method"), ReportValue::Text),
                        col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Count"), ReportValue::Count),
                        col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Amount"), ReportValue::Money)},
                       {},
                       {}};
    for (const RefundRow& r : refunds.value())
        back.rows.append({r.kind == QLatin1String("void") ? tr("Void") : tr("Refund"), methodName(r.method),
                          num(r.count), num(r.amountMinor)});
    doc.sections.append(back);

    ReportSection seats{QStringLiteral("occupancy"),
                        tr("Occupancy per showtime"),
                        {col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Time"), ReportValue::Text),
                         col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Film"), ReportValue::Text),
                         col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Hall"), ReportValue::Text),
                         col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Seats"), ReportValue::Count),
                         col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Sold"), ReportValue::Count),
                         col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Occupancy"), ReportValue::Permille)},
                        {},
                        {}};
    struct HallSum
    {
        QString name;
        qint64 showtimes = 0;
        qint64 seats = 0;
        qint64 sold = 0;
    };
    std::map<QString, HallSum> halls;
    qint64 allSeats = 0;
    qint64 allSold = 0;
    for (const OccupancyRow& o : occupancy.value()) {
        // Seats kept from sale could never be sold: the share is of those on sale.
        const qint64 onSale = o.seats - o.blocked;
        seats.rows.append({localTime(o.startsAt, QStringLiteral("yyyy-MM-dd HH:mm")), o.film, o.hall,
                           num(onSale), num(o.sold), num(permille(o.sold, onSale))});
        HallSum& h = halls[o.hall];
        h.name = o.hall;
        ++h.showtimes;
        h.seats += onSale;
        h.sold += o.sold;
        allSeats += onSale;
        allSold += o.sold;
    }
    seats.totals = {tr("Total"),   QString(),    QString(),
                    num(allSeats), num(allSold), num(permille(allSold, allSeats))};
    doc.sections.append(seats);
    ReportSection perHall{QStringLiteral("halls"),
                          tr("Occupancy per hall"),
                          {col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Hall"), ReportValue::Text),
                           col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Showtimes"), ReportValue::Count),
                           col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Seats"), ReportValue::Count),
                           col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Sold"), ReportValue::Count),
                           col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Occupancy"), ReportValue::Permille)},
                          {},
                          {}};
    for (const auto& [name, h] : halls)
        perHall.rows.append(
            {h.name, num(h.showtimes), num(h.seats), num(h.sold), num(permille(h.sold, h.seats))});
    perHall.totals = {tr("Total"), num(occupancy.value().size()), num(allSeats), num(allSold),
                      num(permille(allSold, allSeats))};
    doc.sections.append(perHall);

    ReportSection drawer{QStringLiteral("drawer"),
                         tr("Cash drawers"),
                         {col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Shift"), ReportValue::Text),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Till"), ReportValue::Text),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Opened by"), ReportValue::Text),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Float"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Cash taken"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Cash refunded"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Pay-ins"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Pay-outs"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Expected"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Counted"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Over/short"), ReportValue::Money)},
                         {},
                         {}};
    qint64 overShort = 0;
    for (const DrawerRow& d : drawers.value()) {
        drawer.rows.append({QString::number(d.shiftId), d.terminal, d.openedBy, num(d.floatMinor),
                            num(d.cashTakenMinor), num(d.cashRefundedMinor), num(d.payInMinor),
                            num(d.payOutMinor), num(d.expectedMinor), optionalNum(d.countedMinor),
                            optionalNum(d.overShortMinor)});
        overShort += d.overShortMinor.value_or(0);
    }
    if (!drawers.value().isEmpty())
        drawer.totals = {tr("Total"), QString(),  QString(),  QVariant(), QVariant(),    QVariant(),
                         QVariant(),  QVariant(), QVariant(), QVariant(), num(overShort)};
    doc.sections.append(drawer);

    ReportSection people{QStringLiteral("staff"),
                         tr("Staff activity"),
                         {col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Member"), ReportValue::Text),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Role"), ReportValue::Text),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Sales"), ReportValue::Count),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Taken"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Refunds"), ReportValue::Count),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Refunded"), ReportValue::Money),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Approvals"), ReportValue::Count),
                          col(QT_TRANSLATE_NOOP("bo::ReportBuilder", "Sign-ins"), ReportValue::Count)},
                         {},
                         {}};
    for (const StaffRow& s : staff.value())
        people.rows.append({tr("%1 (%2)").arg(s.name).arg(s.staffId), s.role, num(s.sales), num(s.salesMinor),
                            num(s.refunds), num(s.refundsMinor), num(s.approvals), num(s.signIns)});
    doc.sections.append(people);

    // Each grouping is of the same payments: a difference is a fault, not a rounding.
    if (byType != doc.grossMinor || byFilm != doc.grossMinor || byShowtime != doc.grossMinor ||
        byHour != doc.grossMinor || byTerminal != doc.grossMinor)
        return makeError(ErrorCode::Internal, tr("The report's sections do not add up: not printed."),
                         QStringLiteral("gross %1, by type %2, film %3, showtime %4, hour %5, till %6")
                             .arg(doc.grossMinor)
                             .arg(byType)
                             .arg(byFilm)
                             .arg(byShowtime)
                             .arg(byHour)
                             .arg(byTerminal));
    return doc;
}

} // namespace bo
