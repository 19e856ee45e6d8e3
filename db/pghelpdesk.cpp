// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pghelpdesk.h"

#include <memory>

#include <spdlog/spdlog.h>

#include "db/dbconnection.h"
#include "db/helpcallstore.h"
#include "db/listeningsession.h"

namespace bo {

/// Lives on the desk's thread, made there by its first task: carries the help-call requests over
/// the session that LISTENs (ListeningSession: the heartbeat, going offline and back).
class HelpDeskWorker final : public QObject
{
    Q_OBJECT

public:
    HelpDeskWorker(PgHelpDesk* owner, ConnectionSettings settings)
        : m_owner(owner)
        , m_session(std::move(settings), QStringLiteral("help-calls"), {helpChannel()})
    {
        connect(&m_session, &ListeningSession::notified, this, &HelpDeskWorker::onNotification);
        connect(&m_session, &ListeningSession::onlineChanged, this,
                [this](bool online, const QString&) { m_owner->setOnline(online); });
        connect(&m_session, &ListeningSession::reconnected, this, [this] { emit m_owner->reconnected(); });
    }

    void begin() { m_session.start(); }
    void finish() { m_session.stop(); }

    void call(const QString& kiosk)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready())
            return;
        auto c = HelpCallStore(m_session.connection()).call(kiosk);
        if (!c)
            return failed(c.error());
        emit m_owner->callChanged(c.value());
    }

    void answer(qint64 callId, const QString& till)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready())
            return;
        auto a = HelpCallStore(m_session.connection()).answer(callId, till);
        if (!a)
            return failed(a.error());
        if (a.value().counted)
            emit m_owner->callChanged(a.value().call);
        else
            emit m_owner->answerRefused(a.value().call);
    }

    void close(qint64 callId)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready())
            return;
        auto c = HelpCallStore(m_session.connection()).close(callId);
        if (!c)
            return failed(c.error());
        emit m_owner->callChanged(c.value());
    }

    void loadCalls()
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready())
            return;
        auto calls = HelpCallStore(m_session.connection()).openCalls();
        if (!calls)
            return failed(calls.error());
        emit m_owner->callsLoaded(calls.value());
    }

private:
    void onNotification(const QString& channel, const QString& payload)
    {
        if (channel != helpChannel())
            return;
        if (auto call = parseHelpNotification(payload))
            emit m_owner->callChanged(*call);
        else
            spdlog::warn("help calls: unreadable announcement ignored");
    }

    bool ready()
    {
        if (m_session.ensureOnline())
            return true;
        failed(makeError(ErrorCode::Offline, QStringLiteral("offline")));
        return false;
    }

    void failed(const Error& error)
    {
        if (error.code == ErrorCode::Offline)
            m_session.goOffline(error);
        emit m_owner->requestFailed(error);
    }

    PgHelpDesk* m_owner;
    ListeningSession m_session;
};

PgHelpDesk::PgHelpDesk(ConnectionSettings settings, QObject* parent)
    : HelpDesk(parent)
    , m_settings(std::move(settings))
{
    qRegisterMetaType<HelpCall>();
    qRegisterMetaType<QList<HelpCall>>();
    qRegisterMetaType<Error>();
}

PgHelpDesk::~PgHelpDesk()
{
    stop();
}

void PgHelpDesk::start()
{
    m_worker.start(QStringLiteral("help-calls"),
                   [this] { return std::make_unique<HelpDeskWorker>(this, m_settings); });
}

void PgHelpDesk::stop()
{
    m_worker.stop();
}

void PgHelpDesk::setOnline(bool online)
{
    QMetaObject::invokeMethod(
        this,
        [this, online] {
            if (m_online == online)
                return;
            m_online = online;
            emit onlineChanged(online);
        },
        Qt::QueuedConnection);
}

void PgHelpDesk::call(const QString& kiosk)
{
    m_worker.post([kiosk](HelpDeskWorker& w) { w.call(kiosk); });
}

void PgHelpDesk::answer(qint64 callId, const QString& till)
{
    m_worker.post([callId, till](HelpDeskWorker& w) { w.answer(callId, till); });
}

void PgHelpDesk::close(qint64 callId)
{
    m_worker.post([callId](HelpDeskWorker& w) { w.close(callId); });
}

void PgHelpDesk::loadCalls()
{
    m_worker.post([](HelpDeskWorker& w) { w.loadCalls(); });
}

} // namespace bo

#include "pghelpdesk.moc"
