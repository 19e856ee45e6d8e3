// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QAbstractListModel>
#include <QList>
#include <QSet>

#include "model/help/helpdesk.h"

namespace bo {

/// A till's view of the help calls: every call not closed, oldest first, kept current by the
/// announcements (and reloaded after a reconnect, since those sent meanwhile are lost). The
/// counter shows it as a notice with "On my way" (answer) and "Done" (close).
class HelpCallBoard final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelpCallBoard)

public:
    enum Role {
        CallIdRole = Qt::UserRole + 1, ///< qint64
        KioskRole,                     ///< QString
        StateRole,                     ///< int (HelpCallState)
        AnsweredByRole,                ///< QString
        AnsweredHereRole,              ///< bool: this till answered
    };

    /// `desk` must outlive this; `till` is this till's terminal name (shown on the kiosk).
    HelpCallBoard(HelpDesk* desk, QString till, QObject* parent = nullptr);
    ~HelpCallBoard() override;

    [[nodiscard]] QString till() const { return m_till; }
    [[nodiscard]] const QList<HelpCall>& calls() const { return m_calls; }
    /// The call with that id, or nullptr.
    [[nodiscard]] const HelpCall* find(qint64 callId) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

public slots:
    /// Reads the calls not closed (at start; after a reconnect by itself).
    void reload();
    /// "On my way" for a call.
    void answer(qint64 callId);
    /// "Done": the customer is helped.
    void close(qint64 callId);

signals:
    /// A call this board had not seen, still open: show the notice at once.
    void helpCalled(const bo::HelpCall& call);
    /// This till's answer came second: `call` says who is on the way.
    void answeredElsewhere(const bo::HelpCall& call);

private:
    void onCallChanged(const HelpCall& call);
    void onCallsLoaded(const QList<HelpCall>& calls);
    [[nodiscard]] qsizetype rowOf(qint64 callId) const;

    HelpDesk* m_desk;
    QString m_till;
    QList<HelpCall> m_calls;
    QSet<qint64> m_seen; ///< every call id shown so far, so a call rings once
};

} // namespace bo
