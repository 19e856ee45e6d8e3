// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/clicardservice.h"

#include "app/admin/clisession.h"

namespace bo {

Status CliCardService::open(const CliSession& session)
{
    auto login = session.serviceSettings();
    if (!login)
        return login.error();
    auto opened = DbConnection::open(login.value(), QStringLiteral("admin-service"));
    if (!opened)
        return opened.error();
    m_connection = std::move(opened.value());
    m_intents = std::make_unique<PaymentIntentStore>(*m_connection);
    m_refunds = std::make_unique<RefundStore>(*m_connection);
    return success();
}

CardPayments* CliCardService::cardsFor(PaymentIntents& own, PaymentGateway& gateway)
{
    if (m_intents) {
        m_cards = std::make_unique<LocalCardPayments>(own, *m_intents, gateway, m_refunds.get());
        m_cards->setCheckpoint(CliSession::stopAtCheckpoint); // the kill tests stop the service's steps too
    }
    return m_cards.get();
}

Result<CardPayments*> CliCardService::openFor(const CliSession& session, DbConnection& own,
                                              PaymentGateway* gateway)
{
    if (!gateway)
        return static_cast<CardPayments*>(nullptr);
    if (Status opened = open(session); !opened)
        return opened.error();
    m_own = std::make_unique<PaymentIntentStore>(own);
    return cardsFor(*m_own, *gateway);
}

} // namespace bo
