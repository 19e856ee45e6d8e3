// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskqueuepage.h"

#include <QLabel>
#include <QUuid>
#include <QVBoxLayout>

namespace bo {
namespace {

/// Rounded minutes for a wait, never a false precision.
QString waitText(int etaSeconds)
{
    if (etaSeconds < 0)
        return KioskQueuePage::tr("We are working out the wait.");
    if (etaSeconds < 60)
        return KioskQueuePage::tr("Less than a minute.");
    return KioskQueuePage::tr("About %n minute(s).", nullptr, (etaSeconds + 59) / 60);
}

} // namespace

KioskQueuePage::KioskQueuePage(QWidget* parent)
    : KioskPage(QStringLiteral("queuePage"), parent)
{
    m_heading = makeLabel(QStringLiteral("queueHeading"), QStringLiteral("heading"), this);
    m_position = makeLabel(QStringLiteral("queuePosition"), QString(), this);
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_heading);
    l->addWidget(m_position);
    l->addStretch(1);
    addBackButton();
}

void KioskQueuePage::setAdmissionWatch(AdmissionWatch* watch)
{
    m_watch = watch;
    if (!watch)
        return;
    connect(watch, &AdmissionWatch::ticketChanged, this, [this](const QueueTicket& ticket) {
        if (m_inLine)
            emit ticketChanged(ticket);
    });
    connect(watch, &AdmissionWatch::admitted, this, [this] {
        if (m_inLine)
            emit admitted();
    });
}

void KioskQueuePage::join(int showtimeId, const QUuid& token)
{
    // Joins with the sale's own token; invisible when there is no line.
    m_inLine = true;
    m_position->setText(tr("Checking whether there is a line…"));
    QMetaObject::invokeMethod(m_watch,
                              [watch = m_watch, showtimeId, token] { watch->join(showtimeId, token); });
}

void KioskQueuePage::leave()
{
    if (!m_inLine)
        return;
    m_inLine = false;
    if (m_watch)
        QMetaObject::invokeMethod(m_watch, [watch = m_watch] { watch->leave(); });
}

void KioskQueuePage::showTicket(const QueueTicket& ticket)
{
    m_position->setText(tr("There is a line for this showing so that everyone can choose seats in "
                           "peace.\nYou are number %1.\n%2")
                            .arg(ticket.position)
                            .arg(waitText(ticket.etaSeconds)));
}

QString KioskQueuePage::announcement() const
{
    return tr("Please wait a moment. %1").arg(m_position->text());
}

void KioskQueuePage::retranslate()
{
    KioskPage::retranslate();
    m_heading->setText(tr("Please wait a moment"));
}

} // namespace bo
