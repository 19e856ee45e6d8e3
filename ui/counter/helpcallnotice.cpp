// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/helpcallnotice.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/help/helpcallboard.h"

namespace bo {

HelpCallNotice::HelpCallNotice(HelpCallBoard* board, QWidget* parent)
    : QFrame(parent)
    , m_board(board)
{
    setObjectName(QStringLiteral("helpCallNotice"));
    // Amber with dark text (contrast 9:1): not the red of the offline banner, not a sale error.
    setStyleSheet(QStringLiteral("#helpCallNotice { background: #ffc107; border: 2px solid #7a5900; }"
                                 "#helpCallNotice QLabel { color: #1a1a1a; font-weight: bold; }"));
    m_rows = new QVBoxLayout(this);
    m_rows->setContentsMargins(8, 4, 8, 4);
    connect(m_board, &QAbstractItemModel::modelReset, this, &HelpCallNotice::rebuild);
    connect(m_board, &QAbstractItemModel::rowsInserted, this, &HelpCallNotice::rebuild);
    connect(m_board, &QAbstractItemModel::rowsRemoved, this, &HelpCallNotice::rebuild);
    connect(m_board, &QAbstractItemModel::dataChanged, this, &HelpCallNotice::rebuild);
    rebuild();
}

HelpCallNotice::~HelpCallNotice() = default;

QPushButton* HelpCallNotice::buttonFor(qint64 callId) const
{
    return findChild<QPushButton*>(QStringLiteral("helpCallButton%1").arg(callId));
}

QString HelpCallNotice::textFor(qint64 callId) const
{
    const auto* label = findChild<QLabel*>(QStringLiteral("helpCallText%1").arg(callId));
    return label ? label->text() : QString();
}

void HelpCallNotice::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_retranslate = true;
        rebuild();
    }
    QFrame::changeEvent(event);
}

void HelpCallNotice::rebuild()
{
    // A change arrives twice (the own request's reply and the announcement): the buttons are
    // rebuilt only when what they show changed, never under the clerk's finger for nothing.
    QStringList shown;
    for (const HelpCall& call : m_board->calls())
        shown
            << QStringLiteral("%1|%2|%3").arg(call.id).arg(static_cast<int>(call.state)).arg(call.answeredBy);
    setVisible(!shown.isEmpty());
    if (shown == m_shown && !m_retranslate)
        return;
    m_shown = shown;
    m_retranslate = false;
    for (QWidget* line : std::as_const(m_lines))
        delete line; // NOLINT(cppcoreguidelines-owning-memory): a child widget, deleted before its parent
    m_lines.clear();
    const QLocale locale;
    for (const HelpCall& call : m_board->calls()) {
        auto* line = new QWidget(this);
        auto* row = new QHBoxLayout(line);
        row->setContentsMargins(0, 0, 0, 0);
        const QString since = locale.toString(call.calledAt.toLocalTime().time(), QLocale::ShortFormat);
        QString text;
        if (call.state == HelpCallState::Open)
            text = tr("Help needed at %1 (since %2)").arg(call.kiosk, since);
        else if (call.answeredBy == m_board->till())
            text = tr("%1: you are on your way (called %2)").arg(call.kiosk, since);
        else
            text = tr("%1: %2 is on the way (called %3)").arg(call.kiosk, call.answeredBy, since);
        auto* label = new QLabel(text, line);
        label->setObjectName(QStringLiteral("helpCallText%1").arg(call.id));
        label->setWordWrap(true);
        auto* button =
            new QPushButton(call.state == HelpCallState::Open ? tr("On my way") : tr("Done"), line);
        button->setObjectName(QStringLiteral("helpCallButton%1").arg(call.id));
        button->setAccessibleName(call.state == HelpCallState::Open ? tr("On my way to %1").arg(call.kiosk)
                                                                    : tr("Help at %1 done").arg(call.kiosk));
        const qint64 id = call.id;
        if (call.state == HelpCallState::Open)
            connect(button, &QPushButton::clicked, m_board, [this, id] { m_board->answer(id); });
        else
            connect(button, &QPushButton::clicked, m_board, [this, id] { m_board->close(id); });
        row->addWidget(label, 1);
        row->addWidget(button);
        m_rows->addWidget(line);
        m_lines.append(line);
    }
}

} // namespace bo
