// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pricestore.h"

#include <QHash>

#include "db/dbconnection.h"

namespace bo {

PriceStore::PriceStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<QList<PriceListSummary>> PriceStore::lists()
{
    // Current versions, and older ones while a showtime not over yet still sells at them.
    auto q = m_connection.exec(QStringLiteral(
        "SELECT p.id, p.version, p.name, p.retired_at IS NULL, coalesce(p.card::text, ''), "
        "       (SELECT count(*) FROM showtime st WHERE st.price_list_id = p.id "
        "           AND st.status <> 'CANCELLED' AND coalesce(st.ends_at, st.starts_at) > now()) "
        "  FROM price_list p "
        " WHERE p.retired_at IS NULL OR EXISTS (SELECT 1 FROM showtime st WHERE st.price_list_id = p.id "
        "           AND st.status <> 'CANCELLED' AND coalesce(st.ends_at, st.starts_at) > now()) "
        " ORDER BY p.retired_at IS NOT NULL, p.name, p.version DESC"));
    if (!q)
        return q.error();
    QList<PriceListSummary> out;
    QHash<int, qsizetype> index;
    while (q.value().next()) {
        Rows& r = q.value();
        PriceListSummary s;
        s.id = r.value(0).toInt();
        s.version = r.value(1).toInt();
        s.name = r.value(2).toString();
        s.current = r.value(3).toBool();
        s.showtimes = r.value(5).toInt();
        if (const QByteArray card = r.value(4).toString().toUtf8(); !card.isEmpty()) {
            // A card the database holds was checked when it was set; one that no longer reads
            // (a rule made stricter since) is shown by its tiers alone.
            if (auto read = PriceCardFormat::readJson(card)) {
                s.card = read.value();
                s.hasRules = !s.card.rules.rules.isEmpty() || !s.card.rules.surcharges.isEmpty() ||
                             !s.card.rules.formatSurcharges.isEmpty();
            }
        }
        index.insert(s.id, out.size());
        out << s;
    }
    auto tiers = m_connection.exec(QStringLiteral("SELECT price_list_id, code, name, amount_minor, currency "
                                                  "FROM price_tier ORDER BY price_list_id, sort_order, id"));
    if (!tiers)
        return tiers.error();
    while (tiers.value().next()) {
        Rows& r = tiers.value();
        const auto at = index.constFind(r.value(0).toInt());
        if (at == index.constEnd())
            continue;
        PriceListSummary& s = out[*at];
        s.types.append({r.value(1).toString(), r.value(2).toString(), r.value(3).toLongLong()});
        s.currency = r.value(4).toString();
    }
    for (PriceListSummary& s : out) {
        if (s.card.name.isEmpty()) {
            s.card.name = s.name;
            s.card.types = s.types;
            s.card.rules.currency = s.currency;
        }
    }
    return out;
}

Result<PriceSetResult> PriceStore::store(const PriceCard& card)
{
    if (Status s = PriceCardFormat::check(card); !s)
        return s.error();
    auto q = m_connection.exec(
        QStringLiteral("SELECT price_list_id, version, created, unchanged FROM bo_price_set(?::jsonb)"),
        {QString::fromUtf8(PriceCardFormat::writeJson(card))});
    if (!q)
        return q.error();
    if (!q.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_price_set")});
    Rows& r = q.value();
    return PriceSetResult{r.value(0).toInt(), r.value(1).toInt(), r.value(2).toBool(), r.value(3).toBool()};
}

} // namespace bo
