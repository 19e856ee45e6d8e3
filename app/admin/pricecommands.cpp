// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/pricecommands.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include "db/pricestore.h"
#include "model/core/money.h"

namespace bo {
namespace {

QJsonObject toJson(const PriceListSummary& s)
{
    return QJsonObject{
        {QStringLiteral("id"), s.id},
        {QStringLiteral("name"), s.name},
        {QStringLiteral("version"), s.version},
        {QStringLiteral("current"), s.current},
        {QStringLiteral("showtimes"), s.showtimes},
        {QStringLiteral("card"), QJsonDocument::fromJson(PriceCardFormat::writeJson(s.card)).object()}};
}

} // namespace

PriceCommands::PriceCommands(CliSession& session)
    : m_session(session)
{}

ExitCode PriceCommands::prices(const QStringList& positional)
{
    if (positional.size() > 2)
        return m_session.usageError(tr("prices takes at most one price list's name."));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    PriceStore store(m_session.connection());
    auto lists = store.lists();
    if (!lists)
        return m_session.fail(lists.error());
    if (positional.size() == 2) {
        const QString& wanted = positional.at(1);
        for (const PriceListSummary& s : lists.value()) {
            if (s.current && (s.name == wanted || QString::number(s.id) == wanted)) {
                m_session.print(QJsonObject{{QStringLiteral("price_list"), toJson(s)}},
                                QString::fromUtf8(PriceCardFormat::writeJson(s.card)));
                return ExitCode::Ok;
            }
        }
        return m_session.fail(makeError(ErrorCode::NotFound, tr("There is no price list '%1'.").arg(wanted)));
    }
    QJsonArray list;
    QString text;
    const QLocale locale;
    for (const PriceListSummary& s : lists.value()) {
        list.append(toJson(s));
        QStringList types;
        for (const TicketType& t : s.types)
            types << QStringLiteral("%1 %2").arg(t.name, formatMoney(t.baseMinor, s.currency, locale));
        QStringList notes;
        if (s.hasRules)
            notes << tr("%n rule(s)", nullptr, int(s.card.rules.rules.size()));
        for (const SeatSurcharge& c : s.card.rules.surcharges)
            notes << tr("%1 +%2").arg(seatKindText(c.kind), formatMoney(c.amountMinor, s.currency, locale));
        for (const FormatSurcharge& c : s.card.rules.formatSurcharges)
            notes << tr("%1 +%2").arg(c.format, formatMoney(c.amountMinor, s.currency, locale));
        notes << tr("%n showtime(s) on sale", nullptr, s.showtimes);
        if (!s.current)
            notes << tr("an older version");
        text += QStringLiteral("%1\t%2 v%3\t%4\t%5\n")
                    .arg(s.id)
                    .arg(s.name)
                    .arg(s.version)
                    .arg(types.join(QStringLiteral(", ")), notes.join(QStringLiteral("; ")));
    }
    if (list.isEmpty())
        text = tr("No price lists yet (price-set).\n");
    m_session.print(QJsonObject{{QStringLiteral("price_lists"), list}}, text);
    return ExitCode::Ok;
}

ExitCode PriceCommands::set(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("price-set takes one file: the price list's card (docs/FORMATS.md)."));
    QFile file(positional.at(1));
    if (!file.open(QIODevice::ReadOnly))
        return m_session.usageError(tr("Cannot read %1: %2.").arg(file.fileName(), file.errorString()));
    constexpr qint64 maxCardBytes = 1 << 20;
    if (file.size() > maxCardBytes)
        return m_session.usageError(tr("A price list's file has at most %1 bytes; %2 has %3.")
                                        .arg(maxCardBytes)
                                        .arg(file.fileName())
                                        .arg(file.size()));
    auto card = PriceCardFormat::readJson(file.readAll());
    if (!card)
        return m_session.usageError(tr("%1: %2").arg(file.fileName(), card.error().message));
    if (m_session.isSet(QStringLiteral("name"))) {
        card.value().name = m_session.value(QStringLiteral("name"));
        if (Status s = PriceCardFormat::check(card.value()); !s)
            return m_session.usageError(s.error().message);
    }
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    PriceStore store(m_session.connection());
    auto done = store.store(card.value());
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("Setting prices needs a manager login."),
                                            done.error().detail));
        return m_session.fail(done.error());
    }
    const PriceSetResult& r = done.value();
    QString text;
    if (r.unchanged)
        text = tr("Price list %1 is this card already (version %2): nothing changed.\n")
                   .arg(card.value().name)
                   .arg(r.version);
    else if (r.created)
        text = tr("Price list %1 set (number %2).\n").arg(card.value().name).arg(r.priceListId);
    else
        text = tr("Price list %1 set as version %2 (number %3): new showtimes get it; those on sale keep "
                  "the prices they were sold at.\n")
                   .arg(card.value().name)
                   .arg(r.version)
                   .arg(r.priceListId);
    m_session.print(QJsonObject{{QStringLiteral("price_list_id"), r.priceListId},
                                {QStringLiteral("name"), card.value().name},
                                {QStringLiteral("version"), r.version},
                                {QStringLiteral("created"), r.created},
                                {QStringLiteral("unchanged"), r.unchanged}},
                    text);
    return ExitCode::Ok;
}

} // namespace bo
