// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "db/connectionsettings.h"
#include "model/core/workerthread.h"
#include "model/help/helpdesk.h"

namespace bo {

class HelpDeskWorker;

/// The help-call port on PostgreSQL (migration 0017). A worker thread with its own connection
/// runs the requests in order and LISTENs on `bo_help`; it checks the connection every few
/// seconds, reconnects by itself and then emits reconnected() (callers reload: announcements
/// sent while offline are lost). The announcements themselves are published by the site's
/// announcer (db/announcer.h), which every terminal backend runs: a kiosk or till has one.
class PgHelpDesk final : public HelpDesk
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PgHelpDesk)

public:
    explicit PgHelpDesk(ConnectionSettings settings, QObject* parent = nullptr);
    ~PgHelpDesk() override;

    void start() override;
    void stop() override;
    [[nodiscard]] bool isOnline() const override { return m_online; }
    void call(const QString& kiosk) override;
    void answer(qint64 callId, const QString& till) override;
    void close(qint64 callId) override;
    void loadCalls() override;

private:
    friend class HelpDeskWorker;
    void setOnline(bool online);
    ConnectionSettings m_settings;
    ThreadedWorker<HelpDeskWorker> m_worker;
    bool m_online = false;
};

} // namespace bo
