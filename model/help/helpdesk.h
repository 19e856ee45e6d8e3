// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include "model/core/result.h"

namespace bo {

/// A call for help: open until a till answers "on my way", closed when the customer was helped
/// or left (the kiosk closes it; a till may too).
enum class HelpCallState { Open, Answered, Closed };

[[nodiscard]] QString helpCallStateText(HelpCallState state);
/// "OPEN", "ANSWERED", "CLOSED"; `known` false (and Closed) for anything else.
[[nodiscard]] HelpCallState helpCallStateFromText(const QString& text, bool* known = nullptr);

struct HelpCall
{
    qint64 id = 0;
    QString kiosk; ///< the calling kiosk's terminal name
    HelpCallState state = HelpCallState::Open;
    QDateTime calledAt;   ///< UTC, database clock
    QString answeredBy;   ///< the answering till's terminal name; empty while open
    QDateTime answeredAt; ///< UTC, database clock; null while open
};

/// The help-call port (docs/DECISIONS.md, "Help calls"): a kiosk calls, every till hears of it at once
/// through the database's announcements, the first till to answer "on my way" wins and the
/// kiosk hears who is coming. Implemented in db/ (PgHelpDesk). Every call returns at once; the
/// answers come as signals on the caller's thread.
class HelpDesk : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelpDesk)

public:
    using QObject::QObject;
    ~HelpDesk() override = default;

    /// Connects (and keeps reconnecting) in the background and listens for calls.
    virtual void start() = 0;
    virtual void stop() = 0;
    [[nodiscard]] virtual bool isOnline() const = 0;

    /// A kiosk calls for help; answer: callChanged with the call (the kiosk's call that is not
    /// closed yet, if there is one: calling twice never makes two calls).
    virtual void call(const QString& kiosk) = 0;
    /// A till answers "on my way"; answer: callChanged when this answer counts, answerRefused
    /// with the call as it is when another till was first (or it was closed).
    virtual void answer(qint64 callId, const QString& till) = 0;
    /// Closes a call (idempotent); answer: callChanged.
    virtual void close(qint64 callId) = 0;
    /// The calls not closed, oldest first; answer: callsLoaded.
    virtual void loadCalls() = 0;

signals:
    /// A call was made, answered or closed — by this terminal or any other (announced), or
    /// as the reply to this terminal's own request. May arrive twice for one change.
    void callChanged(const bo::HelpCall& call);
    void callsLoaded(const QList<bo::HelpCall>& calls);
    void answerRefused(const bo::HelpCall& call);
    void requestFailed(const bo::Error& error);
    void onlineChanged(bool online);
    /// Back online after a loss: what was announced meanwhile is lost, reload (loadCalls).
    void reconnected();
};

} // namespace bo

Q_DECLARE_METATYPE(bo::HelpCall)
