// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/pricing/pricecard.h"

#include <algorithm>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include "model/halls/halllayout.h"

namespace bo {
namespace {

/// The largest amount a price or surcharge may be (ten billion minor units).
constexpr double maxAmount = 1e10;

const QString typesKey = QStringLiteral("ticket_types");
const QString daypartsKey = QStringLiteral("dayparts");
const QString rulesKey = QStringLiteral("rules");
const QString seatKey = QStringLiteral("seat_surcharges");
const QString formatKey = QStringLiteral("format_surcharges");
const QString holidaysKey = QStringLiteral("holidays");
const QString amountKey = QStringLiteral("amount_minor");

} // namespace

QString PriceCardFormat::dayWord(DayType day)
{
    switch (day) {
    case DayType::Weekday:
        return QStringLiteral("weekday");
    case DayType::Weekend:
        return QStringLiteral("weekend");
    case DayType::Holiday:
        return QStringLiteral("holiday");
    }
    return {};
}

namespace {

/// Reads a card's JSON, field by field; the first problem is kept with the field's path.
class CardReader
{
    Q_DECLARE_TR_FUNCTIONS(bo::PriceCardFormat)

public:
    [[nodiscard]] bool failed() const { return !m_problem.isEmpty(); }
    [[nodiscard]] Error error() const { return makeError(ErrorCode::BadInput, m_problem); }

    void fail(const QString& path, const QString& problem)
    {
        if (m_problem.isEmpty())
            m_problem = tr("%1: %2").arg(path, problem);
    }

    QString text(const QJsonObject& o, const QString& key, const QString& path, bool required)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() && !required)
            return {};
        if (!v.isString()) {
            fail(path + QLatin1Char('.') + key, tr("wants a text"));
            return {};
        }
        return v.toString();
    }

    qint64 amount(const QJsonObject& o, const QString& path)
    {
        const QJsonValue v = o.value(amountKey);
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d > maxAmount || d != double(qint64(d))) {
            fail(path + QLatin1Char('.') + amountKey,
                 tr("wants a whole number of minor units from 0 to 10000000000"));
            return 0;
        }
        return qint64(d);
    }

    /// The objects of array `key`, each with its path; a non-object names its index.
    QList<std::pair<QJsonObject, QString>> objects(const QJsonObject& root, const QString& key,
                                                   const QStringList& fields)
    {
        QList<std::pair<QJsonObject, QString>> out;
        const QJsonValue v = root.value(key);
        if (v.isUndefined())
            return out;
        if (!v.isArray()) {
            fail(key, tr("wants a list"));
            return out;
        }
        const QJsonArray array = v.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString path = QStringLiteral("%1[%2]").arg(key).arg(i);
            if (!array.at(i).isObject()) {
                fail(path, tr("wants an object"));
                continue;
            }
            const QJsonObject o = array.at(i).toObject();
            for (const QString& k : o.keys()) {
                if (!fields.contains(k))
                    fail(path, tr("unknown field '%1' (%2)").arg(k, fields.join(QStringLiteral(", "))));
            }
            out.append({o, path});
        }
        return out;
    }

private:
    QString m_problem;
};

} // namespace

PriceRules PriceCard::resolver() const
{
    PriceRules out = rules;
    for (const TicketType& t : types)
        out.rules.append({t.code, {}, std::nullopt, t.baseMinor});
    return out;
}

Result<QList<ShowtimePrice>> PriceCard::pricesFor(const QDateTime& localStart, const QString& format) const
{
    const PriceRules all = resolver();
    QList<ShowtimePrice> out;
    out.reserve(types.size());
    for (const TicketType& t : types) {
        auto price = PriceResolver::resolve(all, t.code, localStart, SeatKind::Standard, format);
        if (!price)
            return price.error();
        out.append({t.code, price.value().amountMinor, price.value().daypart, price.value().dayType});
    }
    return out;
}

QList<SeatSurcharge> PriceCard::seatSurcharges() const
{
    QList<SeatSurcharge> out;
    for (const SeatSurcharge& s : rules.surcharges) {
        if (s.amountMinor != 0)
            out.append(s);
    }
    return out;
}

Result<PriceCard> PriceCardFormat::readJson(const QByteArray& data)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return makeError(
            ErrorCode::BadInput,
            tr("Not JSON at character %1: %2.").arg(parseError.offset).arg(parseError.errorString()));
    if (!doc.isObject())
        return makeError(ErrorCode::BadInput, tr("A price list is a JSON object."));
    const QJsonObject root = doc.object();
    const QStringList topKeys{QStringLiteral("name"),
                              QStringLiteral("currency"),
                              typesKey,
                              daypartsKey,
                              rulesKey,
                              seatKey,
                              formatKey,
                              holidaysKey};
    CardReader r;
    for (const QString& k : root.keys()) {
        if (!topKeys.contains(k))
            r.fail(k, tr("unknown field (%1)").arg(topKeys.join(QStringLiteral(", "))));
    }
    PriceCard card;
    card.name = r.text(root, QStringLiteral("name"), QStringLiteral("price list"), true);
    card.rules.currency = r.text(root, QStringLiteral("currency"), QStringLiteral("price list"), true);
    for (const auto& [o, path] :
         r.objects(root, typesKey, {QStringLiteral("code"), QStringLiteral("name"), amountKey}))
        card.types.append({r.text(o, QStringLiteral("code"), path, true),
                           r.text(o, QStringLiteral("name"), path, true), r.amount(o, path)});
    for (const auto& [o, path] :
         r.objects(root, daypartsKey, {QStringLiteral("code"), QStringLiteral("from")})) {
        const QString from = r.text(o, QStringLiteral("from"), path, true);
        const QTime time = QTime::fromString(from, QStringLiteral("HH:mm"));
        if (!r.failed() && !time.isValid())
            r.fail(path + QStringLiteral(".from"), tr("'%1' is not a time like 06:00").arg(from));
        card.rules.dayparts.append({r.text(o, QStringLiteral("code"), path, true), time});
    }
    for (const auto& [o, path] :
         r.objects(root, rulesKey,
                   {QStringLiteral("type"), QStringLiteral("daypart"), QStringLiteral("day"), amountKey})) {
        PriceRule rule;
        rule.ticketType = r.text(o, QStringLiteral("type"), path, true);
        rule.daypart = r.text(o, QStringLiteral("daypart"), path, false);
        const QString day = r.text(o, QStringLiteral("day"), path, false);
        for (DayType d : {DayType::Weekday, DayType::Weekend, DayType::Holiday}) {
            if (day == PriceCardFormat::dayWord(d))
                rule.dayType = d;
        }
        if (!day.isEmpty() && !rule.dayType)
            r.fail(path + QStringLiteral(".day"), tr("'%1' is not weekday, weekend or holiday").arg(day));
        if (rule.daypart.isEmpty() && !rule.dayType)
            r.fail(path,
                   tr("a rule names a daypart, a day or both (the ticket type's amount is its base price)"));
        rule.amountMinor = r.amount(o, path);
        card.rules.rules.append(rule);
    }
    for (const auto& [o, path] : r.objects(root, seatKey, {QStringLiteral("kind"), amountKey})) {
        SeatSurcharge s;
        const QString kind = r.text(o, QStringLiteral("kind"), path, true);
        if (!r.failed() && !HallLayoutFormat::parseKind(kind, &s.kind))
            r.fail(path + QStringLiteral(".kind"),
                   tr("unknown seat kind '%1' (standard, premium, couple, wheelchair, companion)").arg(kind));
        s.amountMinor = r.amount(o, path);
        card.rules.surcharges.append(s);
    }
    for (const auto& [o, path] : r.objects(root, formatKey, {QStringLiteral("format"), amountKey}))
        card.rules.formatSurcharges.append(
            {r.text(o, QStringLiteral("format"), path, true), r.amount(o, path)});
    if (const QJsonValue h = root.value(holidaysKey); !h.isUndefined()) {
        if (!h.isArray())
            r.fail(holidaysKey, tr("wants a list of days"));
        const QJsonArray days = h.toArray();
        for (qsizetype i = 0; i < days.size(); ++i) {
            const QDate day = QDate::fromString(days.at(i).toString(), Qt::ISODate);
            if (!day.isValid())
                r.fail(QStringLiteral("%1[%2]").arg(holidaysKey).arg(i),
                       tr("'%1' is not a day like 2026-12-25").arg(days.at(i).toVariant().toString()));
            card.rules.holidays.insert(day);
        }
    }
    if (r.failed())
        return r.error();
    if (Status s = check(card); !s)
        return s.error();
    return card;
}

QByteArray PriceCardFormat::writeJson(const PriceCard& card)
{
    QJsonArray types;
    for (const TicketType& t : card.types)
        types.append(QJsonObject{{QStringLiteral("code"), t.code},
                                 {QStringLiteral("name"), t.name},
                                 {amountKey, double(t.baseMinor)}});
    QJsonObject root{{QStringLiteral("name"), card.name},
                     {QStringLiteral("currency"), card.rules.currency},
                     {typesKey, types}};
    if (!card.rules.dayparts.isEmpty()) {
        QJsonArray parts;
        for (const Daypart& d : card.rules.dayparts)
            parts.append(QJsonObject{{QStringLiteral("code"), d.code},
                                     {QStringLiteral("from"), d.from.toString(QStringLiteral("HH:mm"))}});
        root.insert(daypartsKey, parts);
    }
    if (!card.rules.rules.isEmpty()) {
        QJsonArray rules;
        for (const PriceRule& rule : card.rules.rules) {
            QJsonObject o{{QStringLiteral("type"), rule.ticketType}, {amountKey, double(rule.amountMinor)}};
            if (!rule.daypart.isEmpty())
                o.insert(QStringLiteral("daypart"), rule.daypart);
            if (rule.dayType)
                o.insert(QStringLiteral("day"), PriceCardFormat::dayWord(*rule.dayType));
            rules.append(o);
        }
        root.insert(rulesKey, rules);
    }
    if (!card.rules.surcharges.isEmpty()) {
        QJsonArray list;
        for (const SeatSurcharge& s : card.rules.surcharges)
            list.append(QJsonObject{{QStringLiteral("kind"), seatKindText(s.kind)},
                                    {amountKey, double(s.amountMinor)}});
        root.insert(seatKey, list);
    }
    if (!card.rules.formatSurcharges.isEmpty()) {
        QJsonArray list;
        for (const FormatSurcharge& s : card.rules.formatSurcharges)
            list.append(
                QJsonObject{{QStringLiteral("format"), s.format}, {amountKey, double(s.amountMinor)}});
        root.insert(formatKey, list);
    }
    if (!card.rules.holidays.isEmpty()) {
        QList<QDate> days(card.rules.holidays.begin(), card.rules.holidays.end());
        std::sort(days.begin(), days.end());
        QJsonArray list;
        for (const QDate& d : days)
            list.append(d.toString(Qt::ISODate));
        root.insert(holidaysKey, list);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Status PriceCardFormat::check(const PriceCard& card)
{
    const QString name = card.name;
    if (name.trimmed().isEmpty() || name.trimmed() != name || name.size() > 80)
        return makeError(ErrorCode::BadInput,
                         tr("A price list's name is 1 to 80 characters without spaces around it."));
    if (card.types.isEmpty())
        return makeError(ErrorCode::BadInput, tr("A price list has at least one ticket type."));
    static const QRegularExpression codeShape(QStringLiteral("^[a-z][a-z0-9_]{0,31}$"));
    QSet<QString> codes;
    for (const TicketType& t : card.types) {
        if (!codeShape.match(t.code).hasMatch())
            return makeError(ErrorCode::BadInput,
                             tr("The ticket type code '%1' is not 1 to 32 small letters, digits or _ "
                                "starting with a letter.")
                                 .arg(t.code));
        if (codes.contains(t.code))
            return makeError(ErrorCode::BadInput, tr("The ticket type %1 is listed twice.").arg(t.code));
        codes.insert(t.code);
        if (t.name.trimmed().isEmpty() || t.name.size() > 40)
            return makeError(ErrorCode::BadInput,
                             tr("The ticket type %1 needs a name of 1 to 40 characters.").arg(t.code));
    }
    for (const PriceRule& rule : card.rules.rules) {
        if (!codes.contains(rule.ticketType))
            return makeError(
                ErrorCode::BadInput,
                tr("A rule prices the ticket type '%1', which the list does not have.").arg(rule.ticketType));
    }
    return PriceResolver::check(card.resolver());
}

} // namespace bo
