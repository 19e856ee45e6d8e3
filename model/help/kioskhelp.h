// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QString>

#include "model/help/helpdesk.h"

namespace bo {

/// A kiosk's side of a call for help: calls, learns when the call reached the tills and which
/// till is on its way, closes it when the customer leaves. The kiosk's screens show and say
/// what the signals tell (text for deaf customers, voice for blind ones).
class KioskHelp final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskHelp)

public:
    enum class Stage {
        Idle,    ///< no call
        Calling, ///< asked, the database has not answered yet
        Waiting, ///< the call is on every till's board
        Coming,  ///< a till answered "on my way" (comingFrom())
    };
    Q_ENUM(Stage)

    /// `desk` must outlive this; `kiosk` is the kiosk's terminal name, shown on the tills.
    KioskHelp(HelpDesk* desk, QString kiosk, QObject* parent = nullptr);
    ~KioskHelp() override;

    [[nodiscard]] Stage stage() const { return m_stage; }
    [[nodiscard]] qint64 callId() const { return m_callId; }
    /// The till that is coming; empty before an answer.
    [[nodiscard]] QString comingFrom() const { return m_till; }

public slots:
    /// Calls for help (the Help button or key). While a call is under way nothing new is made:
    /// the screen repeats what it said.
    void callForHelp();
    /// The customer was helped or left (idle reset): closes the call; back to Idle at once.
    void endCall();

signals:
    void stageChanged(bo::KioskHelp::Stage stage);
    /// The call is on the tills' boards: "Staff have been called and will come to you."
    void helpRequested();
    /// A till answered: "Staff from `till` are on their way."
    void staffOnTheWay(const QString& till);
    /// The call could not be made (e.g. the database is unreachable): ask the customer to go to
    /// the counter. Back to Idle.
    void callFailed(const bo::Error& error);

private:
    void onCallChanged(const HelpCall& call);
    void onRequestFailed(const Error& error);
    void onReconnected();
    void setStage(Stage stage);

    HelpDesk* m_desk;
    QString m_kiosk;
    Stage m_stage = Stage::Idle;
    qint64 m_callId = 0;
    QString m_till;
};

} // namespace bo
