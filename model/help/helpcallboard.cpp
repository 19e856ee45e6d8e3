// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/help/helpcallboard.h"

namespace bo {

HelpCallBoard::HelpCallBoard(HelpDesk* desk, QString till, QObject* parent)
    : QAbstractListModel(parent)
    , m_desk(desk)
    , m_till(std::move(till))
{
    connect(m_desk, &HelpDesk::callChanged, this, &HelpCallBoard::onCallChanged);
    connect(m_desk, &HelpDesk::callsLoaded, this, &HelpCallBoard::onCallsLoaded);
    connect(m_desk, &HelpDesk::reconnected, this, &HelpCallBoard::reload);
    connect(m_desk, &HelpDesk::answerRefused, this, [this](const HelpCall& call) {
        onCallChanged(call);
        emit answeredElsewhere(call);
    });
}

HelpCallBoard::~HelpCallBoard() = default;

const HelpCall* HelpCallBoard::find(qint64 callId) const
{
    const qsizetype row = rowOf(callId);
    return row < 0 ? nullptr : &m_calls.at(row);
}

int HelpCallBoard::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_calls.size());
}

QVariant HelpCallBoard::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HelpCall& c = m_calls.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return c.state == HelpCallState::Open ? tr("%1 asks for help").arg(c.kiosk)
                                              : tr("%1: %2 is on the way").arg(c.kiosk, c.answeredBy);
    case CallIdRole:
        return c.id;
    case KioskRole:
        return c.kiosk;
    case StateRole:
        return static_cast<int>(c.state);
    case AnsweredByRole:
        return c.answeredBy;
    case AnsweredHereRole:
        return c.state == HelpCallState::Answered && c.answeredBy == m_till;
    default:
        return {};
    }
}

void HelpCallBoard::reload()
{
    m_desk->loadCalls();
}

void HelpCallBoard::answer(qint64 callId)
{
    m_desk->answer(callId, m_till);
}

void HelpCallBoard::close(qint64 callId)
{
    m_desk->close(callId);
}

void HelpCallBoard::onCallChanged(const HelpCall& call)
{
    const qsizetype row = rowOf(call.id);
    if (call.state == HelpCallState::Closed) {
        if (row >= 0) {
            beginRemoveRows({}, static_cast<int>(row), static_cast<int>(row));
            m_calls.removeAt(row);
            endRemoveRows();
        }
        m_seen.insert(call.id);
        return;
    }
    if (row >= 0) {
        m_calls[row] = call;
        emit dataChanged(index(static_cast<int>(row)), index(static_cast<int>(row)));
        return;
    }
    if (m_seen.contains(call.id) && call.state == HelpCallState::Open)
        return; // a late announcement of a call closed meanwhile
    // Oldest first: ids grow with time.
    qsizetype at = 0;
    while (at < m_calls.size() && m_calls.at(at).id < call.id)
        ++at;
    beginInsertRows({}, static_cast<int>(at), static_cast<int>(at));
    m_calls.insert(at, call);
    endInsertRows();
    const bool isNew = !m_seen.contains(call.id);
    m_seen.insert(call.id);
    if (isNew && call.state == HelpCallState::Open)
        emit helpCalled(call);
}

void HelpCallBoard::onCallsLoaded(const QList<HelpCall>& calls)
{
    beginResetModel();
    m_calls = calls;
    endResetModel();
    for (const HelpCall& c : calls) {
        if (m_seen.contains(c.id))
            continue;
        m_seen.insert(c.id);
        if (c.state == HelpCallState::Open)
            emit helpCalled(c);
    }
}

qsizetype HelpCallBoard::rowOf(qint64 callId) const
{
    for (qsizetype i = 0; i < m_calls.size(); ++i)
        if (m_calls.at(i).id == callId)
            return i;
    return -1;
}

} // namespace bo
