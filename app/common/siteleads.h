// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "db/announcer.h"
#include "db/connectionsettings.h"
#include "model/payments/paymentgateway.h"

namespace bo {

class BackgroundReconciler;
class ExpiryReleaser;

/// The site's background work, which only the payment service's login may lead
/// (docs/SECURITY.md, "Service"): the announcer that turns seat changes into notifications, the
/// releaser that frees lapsed holds and expires unpaid bookings, and the reconciler that settles
/// every terminal's payments left in doubt (through the gateway, as the service itself). A kiosk
/// whose public credential could take a lead could sit on it and freeze every seat map; so no
/// terminal runs these. boxoffice-service runs them; so does a demo, on the demo's service login.
/// Several may run at once (two services for one site): each lead is elected by a session lock.
class SiteLeads final
{
public:
    /// `service`: a login of role boxoffice_service. `gateways`: the card gateway the reconciler
    /// asks (empty: cash only — a card payment in doubt then waits for a service that has one).
    SiteLeads(const ConnectionSettings& service, PaymentGatewayFactory gateways);
    ~SiteLeads();
    SiteLeads(const SiteLeads&) = delete;
    SiteLeads& operator=(const SiteLeads&) = delete;

    void start();
    void stop();
    [[nodiscard]] Announcer& announcer() { return m_announcer; }
    [[nodiscard]] BackgroundReconciler& reconciler() { return *m_reconciler; }
    [[nodiscard]] ExpiryReleaser& releaser() { return *m_releaser; }

private:
    Announcer m_announcer;
    std::unique_ptr<ExpiryReleaser> m_releaser;
    std::unique_ptr<BackgroundReconciler> m_reconciler;
};

} // namespace bo
