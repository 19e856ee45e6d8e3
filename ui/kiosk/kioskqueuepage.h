// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QPointer>

#include "model/queue/admissionqueue.h"
#include "model/queue/admissionwatch.h"
#include "ui/kiosk/kioskpage.h"

class QUuid;

namespace bo {

/// The line: the customer's place in a showtime's admission queue (through the AdmissionWatch, on
/// its own thread), shown only while they wait in it, with their place and the wait in rounded
/// minutes.
class KioskQueuePage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskQueuePage)

public:
    explicit KioskQueuePage(QWidget* parent = nullptr);

    /// The admission queue's watch; null: the kiosk never waits in a line.
    void setAdmissionWatch(AdmissionWatch* watch);
    [[nodiscard]] bool hasWatch() const { return m_watch != nullptr; }
    /// Joins the showtime's line with the sale's token ("Checking whether there is a line…").
    void join(int showtimeId, const QUuid& token);
    /// Leaves the line, if in it.
    void leave();
    [[nodiscard]] bool inLine() const { return m_inLine; }
    /// The customer's place in the line and the wait.
    void showTicket(const QueueTicket& ticket);
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    /// The ticket in the line changed (only while in it).
    void ticketChanged(const bo::QueueTicket& ticket);
    /// The customer may choose seats (only while in the line).
    void admitted();

private:
    QPointer<AdmissionWatch> m_watch;
    bool m_inLine = false;
    QLabel* m_heading = nullptr;
    QLabel* m_position = nullptr;
};

} // namespace bo
