// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/help/kioskhelp.h"

namespace bo {

KioskHelp::KioskHelp(HelpDesk* desk, QString kiosk, QObject* parent)
    : QObject(parent)
    , m_desk(desk)
    , m_kiosk(std::move(kiosk))
{
    connect(m_desk, &HelpDesk::callChanged, this, &KioskHelp::onCallChanged);
    connect(m_desk, &HelpDesk::requestFailed, this, &KioskHelp::onRequestFailed);
    connect(m_desk, &HelpDesk::reconnected, this, &KioskHelp::onReconnected);
}

KioskHelp::~KioskHelp() = default;

void KioskHelp::callForHelp()
{
    if (m_stage != Stage::Idle) {
        // Pressed again: say again where the call stands.
        if (m_stage == Stage::Waiting)
            emit helpRequested();
        else if (m_stage == Stage::Coming)
            emit staffOnTheWay(m_till);
        return;
    }
    m_callId = 0;
    m_till.clear();
    setStage(Stage::Calling);
    m_desk->call(m_kiosk);
}

void KioskHelp::endCall()
{
    if (m_callId != 0)
        m_desk->close(m_callId);
    m_callId = 0;
    m_till.clear();
    setStage(Stage::Idle);
}

void KioskHelp::onCallChanged(const HelpCall& call)
{
    if (call.kiosk != m_kiosk || m_stage == Stage::Idle)
        return;
    if (m_callId != 0 && call.id != m_callId)
        return;
    m_callId = call.id;
    switch (call.state) {
    case HelpCallState::Open:
        if (m_stage == Stage::Calling) {
            setStage(Stage::Waiting);
            emit helpRequested();
        }
        break;
    case HelpCallState::Answered:
        if (m_stage != Stage::Coming) {
            m_till = call.answeredBy;
            setStage(Stage::Coming);
            emit staffOnTheWay(m_till);
        }
        break;
    case HelpCallState::Closed:
        // A till closed it (staff are here): nothing more to wait for.
        m_callId = 0;
        m_till.clear();
        setStage(Stage::Idle);
        break;
    }
}

void KioskHelp::onRequestFailed(const Error& error)
{
    if (m_stage != Stage::Calling)
        return;
    setStage(Stage::Idle);
    emit callFailed(error);
}

void KioskHelp::onReconnected()
{
    // An answer announced while the kiosk was offline is lost: asking again returns the call
    // as it stands now (the same call, never a second one).
    if (m_stage == Stage::Waiting || m_stage == Stage::Coming)
        m_desk->call(m_kiosk);
}

void KioskHelp::setStage(Stage stage)
{
    if (m_stage == stage)
        return;
    m_stage = stage;
    emit stageChanged(stage);
}

} // namespace bo
