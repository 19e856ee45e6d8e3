// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QImage>
#include <QPointer>

#include "model/tickets/ticketprinting.h"
#include "ui/kiosk/kioskpage.h"

namespace bo {

class SaleFlow;
struct ConfirmResult;

/// The last screen: thank you, the tickets printing and then printed; without a printer, or when
/// the print fails, the booking code and its QR to show at the door or the counter.
class KioskDonePage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskDonePage)

public:
    explicit KioskDonePage(SaleFlow* flow, QWidget* parent = nullptr);

    /// Ticket printing; null: the booking code and its QR are shown instead.
    void setTicketPrinting(TicketPrinting* printing);
    /// Draws a booking code's QR; null: the code alone.
    void setQrImage(std::function<QImage(const QString& text)> qr) { m_qr = std::move(qr); }
    /// The booking made: its tickets printed, or its code shown.
    void showBooking(const ConfirmResult& booking);
    /// Whether tickets are still on their way from the printer.
    [[nodiscard]] bool isPrinting() const { return !m_printCode.isEmpty(); }
    void reset() override;
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    /// What the booking came to is shown (again, once the print is done or failed).
    void bookingShown();
    void finishClicked();

private:
    void showDone(const QString& text, bool withQr);

    SaleFlow* m_flow;
    QPointer<TicketPrinting> m_printing;
    std::function<QImage(const QString&)> m_qr;
    QString m_printCode; ///< the booking being printed
    QLabel* m_heading = nullptr;
    QLabel* m_text = nullptr;
    QLabel* m_qrLabel = nullptr;
    QPushButton* m_finish = nullptr;
};

} // namespace bo
