// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/conditionalclient.h"

#include <QJsonObject>

#include "db/catalogstore.h"
#include "db/dbconnection.h"

namespace bo::bench {
namespace {

/// The rules of the database's own settings, as every other front end uses them.
SaleRules rulesOf(DbConnection& db)
{
    auto settings = CatalogStore(db).settings();
    return settings ? SaleRules(settings.value()) : SaleRules();
}

} // namespace

ConditionalClient::ConditionalClient(std::unique_ptr<DbConnection> connection, StrategyContext context,
                                     int clientIndex)
    : m_db(std::move(connection))
    , m_store(*m_db)
    , m_service(m_store, rulesOf(*m_db))
    , m_context(std::move(context))
    , m_terminal(QStringLiteral("bench-%1").arg(clientIndex))
{}

ConditionalClient::~ConditionalClient() = default;

Result<HoldDecision> ConditionalClient::hold(const QList<int>& seats, const QUuid& token)
{
    ++m_roundTrips;
    Result<HoldDecision> held = m_service.hold(m_context.showtimeId, seats, token);
    if (!held && held.error().code == ErrorCode::Conflict) {
        // A deadlock or serialization failure that outlasted the store's retries: a race lost,
        // which the bench counts as a conflict like a taken seat.
        HoldDecision refused;
        refused.unavailable = held.error().seats;
        return refused;
    }
    return held;
}

Result<int> ConditionalClient::release(const QList<int>& seats, const QUuid& token)
{
    ++m_roundTrips;
    return m_service.release(m_context.showtimeId, token, seats);
}

Status ConditionalClient::confirm(const QList<int>& seats, const QUuid& token, const QUuid& key)
{
    ConfirmRequest request;
    request.terminal = m_terminal;
    request.key = key;
    request.showtimeId = m_context.showtimeId;
    request.owner = token;
    request.seatIds = seats;
    request.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")}};
    ++m_roundTrips;
    auto confirmed = m_service.confirm(request);
    if (!confirmed)
        return confirmed.error();
    return success();
}

ClientCounters ConditionalClient::counters() const
{
    ClientCounters c;
    c.roundTrips = m_roundTrips;
    c.retries = m_db->retriesSeen();
    c.deadlocks = m_db->deadlocksSeen();
    c.serialization = m_db->serializationFailuresSeen();
    return c;
}

} // namespace bo::bench
