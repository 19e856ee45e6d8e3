// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/siteleads.h"

#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/payments/backgroundreconciler.h"
#include "model/payments/cardpayments.h"
#include "model/seats/expiryreleaser.h"

namespace bo {

SiteLeads::SiteLeads(const ConnectionSettings& service, PaymentGatewayFactory gateways)
    : m_announcer(service)
    , m_releaser(std::make_unique<ExpiryReleaser>(SeatStore::factory(service, QStringLiteral("releaser")),
                                                  ExpiryReleaser::Options{}))
{
    BackgroundReconciler::Options reconcile;
    reconcile.everyTerminal = true; // and no terminal's own: the service makes no sale
    m_reconciler = std::make_unique<BackgroundReconciler>(
        PaymentIntentStore::factory(service, QStringLiteral("reconciler")),
        SeatStore::factory(service, QStringLiteral("reconciler")),
        ServiceCardPayments::factory(std::move(gateways)), reconcile);
}

SiteLeads::~SiteLeads()
{
    stop();
}

void SiteLeads::start()
{
    m_announcer.start();
    m_releaser->start();
    m_reconciler->start();
}

void SiteLeads::stop()
{
    m_reconciler->stop();
    m_releaser->stop();
    m_announcer.stop();
}

} // namespace bo
