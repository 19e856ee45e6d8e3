// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/showtimes/weekpattern.h"

#include <algorithm>

#include <QStringList>

namespace bo {
namespace {

const QStringList dayNames = {QStringLiteral("mon"), QStringLiteral("tue"), QStringLiteral("wed"),
                              QStringLiteral("thu"), QStringLiteral("fri"), QStringLiteral("sat"),
                              QStringLiteral("sun")};

int dayNumber(const QString& name)
{
    return int(dayNames.indexOf(name.trimmed().toLower().left(3))) + 1; // 0: unknown
}

} // namespace

Result<QList<QTime>> WeekPattern::parseTimes(const QString& text)
{
    QList<QTime> times;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QTime t = QTime::fromString(part.trimmed(), QStringLiteral("H:mm"));
        if (!t.isValid())
            return makeError(ErrorCode::BadInput, tr("'%1' is not a time like 13:20.").arg(part.trimmed()));
        if (times.contains(t))
            return makeError(ErrorCode::BadInput,
                             tr("%1 is given twice.").arg(t.toString(QStringLiteral("HH:mm"))));
        times.append(t);
    }
    if (times.isEmpty())
        return makeError(ErrorCode::BadInput, tr("A pattern needs at least one time, like 10:00,13:20."));
    std::sort(times.begin(), times.end());
    return times;
}

Result<QList<Qt::DayOfWeek>> WeekPattern::parseWeekdays(const QString& text)
{
    QList<Qt::DayOfWeek> days;
    if (text.trimmed().compare(QLatin1String("daily"), Qt::CaseInsensitive) == 0)
        return days;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList range = part.split(QLatin1Char('-'));
        const int first = dayNumber(range.first());
        const int last = range.size() == 2 ? dayNumber(range.last()) : first;
        const bool known = range.size() <= 2 && first > 0 && last > 0 &&
                           dayNames.contains(range.first().trimmed().toLower()) &&
                           dayNames.contains(range.last().trimmed().toLower());
        if (!known || last < first)
            return makeError(ErrorCode::BadInput,
                             tr("'%1' is not a day like mon, or days like mon-fri.").arg(part.trimmed()));
        for (int d = first; d <= last; ++d) {
            if (!days.contains(Qt::DayOfWeek(d)))
                days.append(Qt::DayOfWeek(d));
        }
    }
    if (days.isEmpty())
        return makeError(ErrorCode::BadInput, tr("Name the days, like mon-fri, or say daily."));
    std::sort(days.begin(), days.end());
    return days;
}

Result<QList<QDateTime>> WeekPattern::starts(const QTimeZone& zone) const
{
    if (!from.isValid() || !to.isValid())
        return makeError(ErrorCode::BadInput, tr("A pattern needs its first and last day."));
    if (to < from)
        return makeError(ErrorCode::BadInput, tr("The last day (%1) is before the first (%2).")
                                                  .arg(to.toString(Qt::ISODate), from.toString(Qt::ISODate)));
    if (times.isEmpty())
        return makeError(ErrorCode::BadInput, tr("A pattern needs at least one time, like 10:00,13:20."));
    // Bounded before the loop: a range of years is refused without walking it.
    if (from.daysTo(to) + 1 > maxShowtimes)
        return makeError(ErrorCode::BadInput, tr("A pattern makes at most %1 showtimes.").arg(maxShowtimes));
    QList<QDateTime> out;
    for (QDate day = from; day <= to; day = day.addDays(1)) {
        if (!weekdays.isEmpty() && !weekdays.contains(Qt::DayOfWeek(day.dayOfWeek())))
            continue;
        for (const QTime& time : times) {
            const QDateTime start(day, time, zone);
            // A time the clock skips that day (the hour it springs forward) is not on the clock.
            if (!start.isValid() || start.time() != time)
                return makeError(ErrorCode::BadInput,
                                 tr("%1 %2 does not exist in the time zone %3.")
                                     .arg(day.toString(Qt::ISODate), time.toString(QStringLiteral("HH:mm")),
                                          QString::fromUtf8(zone.id())));
            out.append(start);
            if (out.size() > maxShowtimes)
                return makeError(ErrorCode::BadInput,
                                 tr("A pattern makes at most %1 showtimes.").arg(maxShowtimes));
        }
    }
    if (out.isEmpty())
        return makeError(ErrorCode::BadInput, tr("No day from %1 to %2 is one of the days named.")
                                                  .arg(from.toString(Qt::ISODate), to.toString(Qt::ISODate)));
    return out;
}

} // namespace bo
