// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/salecommands.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>

#include "app/admin/paymentcommands.h"
#include "db/catalogstore.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

SaleCommands::SaleCommands(CliSession& session)
    : m_session(session)
{}

ExitCode SaleCommands::hold(const QStringList& positional)
{
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    const QStringList labels = positional.mid(2);
    if (labels.isEmpty())
        return m_session.usageError(tr("Which seats? Name them as printed, e.g. K12 K13."));
    auto owner = m_session.uuidOption(QStringLiteral("owner"), tr("hold token"), false);
    if (!owner)
        return m_session.fail(owner.error());
    auto ttl = ttlOption();
    if (!ttl)
        return m_session.usageError(ttl.error().message);
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    CatalogStore catalog(m_session.connection());
    auto settings = catalog.settings();
    if (!settings)
        return m_session.fail(settings.error());
    auto ids = catalog.resolveSeatLabels(showtimeId.value(), labels);
    if (!ids)
        return m_session.failLookup(ids.error());
    const QUuid token = owner.value().isNull() ? CheckedSeatCommands::newToken() : owner.value();
    SeatStore store(m_session.connection());
    CheckedSeatCommands service(store, SaleRules(settings.value()));
    auto outcome = service.hold(showtimeId.value(), ids.value(), token, ttl.value());
    if (!outcome)
        return m_session.fail(outcome.error());
    QHash<int, QString> names;
    for (qsizetype i = 0; i < ids.value().size(); ++i)
        names.insert(ids.value().at(i), labels.at(i).trimmed().toUpper());
    const QString tokenText = token.toString(QUuid::WithoutBraces);
    const HoldDecision& decision = outcome.value();
    if (!decision.granted) {
        QStringList takenLabels;
        for (int id : decision.unavailable)
            takenLabels << names.value(id);
        Error e = makeError(ErrorCode::Conflict,
                            tr("Not held: %1 unavailable.").arg(takenLabels.join(QStringLiteral(", "))));
        e.seats = decision.unavailable;
        if (m_session.json()) {
            // The answer of a refused hold, not an error object: which seats were in the way.
            m_session.print(
                QJsonObject{{QStringLiteral("held"), false},
                            {QStringLiteral("owner"), tokenText},
                            {QStringLiteral("unavailable"), labelArray(decision.unavailable, names)}},
                QString());
            m_session.printError(e.message);
            return ExitCode::Conflict;
        }
        return m_session.fail(e);
    }
    m_session.print(QJsonObject{{QStringLiteral("held"), true},
                                {QStringLiteral("owner"), tokenText},
                                {QStringLiteral("seats"), labelArray(ids.value(), names)},
                                {QStringLiteral("held_until"), CliSession::isoUtc(decision.heldUntil)},
                                {QStringLiteral("remaining_ms"), decision.remainingMs()}},
                    tr("Held %1 until %2 (%3 s left), owner %4\n")
                        .arg(labels.join(QLatin1Char(' ')).toUpper(),
                             CliSession::localTime(decision.heldUntil, QStringLiteral("HH:mm:ss")))
                        .arg(decision.remainingMs() / 1000)
                        .arg(tokenText));
    return ExitCode::Ok;
}

ExitCode SaleCommands::release(const QStringList& positional)
{
    auto sale = saleArguments(positional);
    if (!sale)
        return m_session.fail(sale.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    CatalogStore catalog(m_session.connection());
    auto ids = namedSeats(catalog, sale.value().showtimeId, positional.mid(2));
    if (!ids)
        return m_session.failLookup(ids.error());
    auto settings = catalog.settings();
    if (!settings)
        return m_session.fail(settings.error());
    SeatStore store(m_session.connection());
    CheckedSeatCommands service(store, SaleRules(settings.value()));
    auto released = service.release(sale.value().showtimeId, sale.value().owner, ids.value());
    if (!released)
        return m_session.fail(released.error());
    m_session.print(QJsonObject{{QStringLiteral("released"), released.value()}},
                    tr("Released %1 seats.\n").arg(released.value()));
    return ExitCode::Ok;
}

ExitCode SaleCommands::confirm(const QStringList& positional)
{
    auto sale = saleArguments(positional);
    if (!sale)
        return m_session.fail(sale.error());
    const int showtimeId = sale.value().showtimeId;
    auto key = m_session.uuidOption(QStringLiteral("key"), tr("idempotency key"), true);
    if (!key)
        return m_session.fail(key.error());
    auto picks = parsePicks(positional.mid(2));
    if (!picks)
        return m_session.usageError(picks.error().message);
    // A sale that costs something is confirmed only on its payment (the database refuses it
    // otherwise): --pay takes it as the counter does, then confirms.
    if (m_session.isSet(QStringLiteral("pay")))
        return PaymentCommands(m_session).confirmPaid(showtimeId, sale.value().owner, key.value(),
                                                      picks.value());
    const QStringList& labels = picks.value().labels;
    QStringList tiers = picks.value().tiers;
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    CatalogStore catalog(m_session.connection());
    ConfirmRequest request;
    request.terminal = m_session.isSet(QStringLiteral("terminal"))
                           ? m_session.value(QStringLiteral("terminal")).trimmed()
                           : QStringLiteral("cli@") + QSysInfo::machineHostName();
    request.key = key.value();
    request.showtimeId = showtimeId;
    request.owner = sale.value().owner;
    auto ids = namedSeats(catalog, showtimeId, labels);
    if (!ids)
        return m_session.failLookup(ids.error());
    request.seatIds = ids.value();
    if (picks.value().anyTier) {
        auto available = catalog.priceTiers(showtimeId);
        if (!available)
            return m_session.fail(available.error());
        fillTiers(tiers, available.value());
        request.tiers = tiers;
    }
    auto settings = catalog.settings();
    if (!settings)
        return m_session.fail(settings.error());
    SeatStore store(m_session.connection());
    CheckedSeatCommands service(store, SaleRules(settings.value()));
    auto result = service.confirm(request);
    if (!result) {
        Error e = result.error();
        if (e.code == ErrorCode::Conflict && !e.seats.isEmpty()) {
            if (auto names = labelsOf(showtimeId)) {
                QStringList taken;
                for (int id : e.seats)
                    taken << names.value().value(id, QString::number(id));
                e.message = tr("Not confirmed: %1 unavailable.").arg(taken.join(QStringLiteral(", ")));
            }
        }
        return m_session.fail(e);
    }
    const ConfirmResult& r = result.value();
    QStringList seatLabels;
    for (const BookedSeat& s : r.seats)
        seatLabels << QStringLiteral("%1 (%2)").arg(s.label, s.tier);
    QJsonObject json = QJsonDocument::fromJson(r.responseJson.toUtf8()).object();
    json.insert(QStringLiteral("replayed"), r.replayed);
    m_session.print(json, tr("%1 booking %2: %3 — total %4 %5\n")
                              .arg(r.replayed ? tr("Already confirmed:") : tr("Confirmed"), r.code,
                                   seatLabels.join(QStringLiteral(", ")))
                              .arg(r.totalMinor)
                              .arg(r.currency));
    return ExitCode::Ok;
}

Result<SaleCommands::SeatPicks> SaleCommands::parsePicks(const QStringList& arguments)
{
    SeatPicks picks;
    for (const QString& arg : arguments) {
        const QStringList parts = arg.split(QLatin1Char(':'));
        if (parts.size() > 2 || parts.first().trimmed().isEmpty())
            return makeError(ErrorCode::BadInput, tr("'%1' is not SEAT or SEAT:TIER.").arg(arg));
        picks.labels << parts.first();
        picks.tiers << (parts.size() == 2 ? parts.at(1).trimmed().toLower() : QString());
        picks.anyTier = picks.anyTier || parts.size() == 2;
    }
    return picks;
}

void SaleCommands::fillTiers(QStringList& tiers, const QList<PriceTier>& available)
{
    // A seat named without a tier gets the ticket type the counter offers first.
    const QString fallback = defaultTier(available);
    for (QString& t : tiers) {
        if (t.isEmpty())
            t = fallback;
    }
}

Result<SaleCommands::Sale> SaleCommands::saleArguments(const QStringList& positional) const
{
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return showtimeId.error();
    auto owner = m_session.uuidOption(QStringLiteral("owner"), tr("hold token"), true);
    if (!owner)
        return owner.error();
    return Sale{showtimeId.value(), owner.value()};
}

Result<QList<int>> SaleCommands::namedSeats(CatalogStore& catalog, int showtimeId, const QStringList& labels)
{
    if (!labels.isEmpty())
        return catalog.resolveSeatLabels(showtimeId, labels);
    if (auto info = catalog.showtime(showtimeId); !info)
        return info.error();
    return QList<int>();
}

Result<std::optional<int>> SaleCommands::ttlOption() const
{
    if (!m_session.isSet(QStringLiteral("ttl")))
        return std::optional<int>();
    bool ok = false;
    const QString text = m_session.value(QStringLiteral("ttl"));
    const int seconds = text.toInt(&ok);
    if (!ok || seconds < 1 || seconds > 3600)
        return makeError(ErrorCode::BadInput,
                         tr("--ttl '%1' is not a number of seconds from 1 to 3600.").arg(text));
    return std::optional<int>(seconds);
}

Result<QHash<int, QString>> SaleCommands::labelsOf(int showtimeId)
{
    SeatStore store(m_session.connection());
    auto seats = store.seats(showtimeId, QUuid());
    if (!seats)
        return seats.error();
    QHash<int, QString> labels;
    for (const SeatState& s : seats.value())
        labels.insert(s.seatId, s.label);
    return labels;
}

QJsonArray SaleCommands::labelArray(const QList<int>& ids, const QHash<int, QString>& labels)
{
    QJsonArray out;
    for (int id : ids)
        out.append(labels.value(id, QString::number(id)));
    return out;
}

QList<QCommandLineOption> SaleCommands::options()
{
    return {
        {QStringLiteral("ttl"), tr("Hold time in seconds (default: the selection TTL setting)."),
         tr("seconds")},
    };
}

} // namespace bo
