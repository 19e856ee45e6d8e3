// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/payments/paymentprocess.h"
#include "ui/kiosk/kioskpage.h"

namespace bo {

class SaleFlow;

/// The card payment: the flow's payment step, then the card asked for once the step is held and
/// nothing else is on its way (once a try); what is happening, never a success before it is one;
/// after a decline or a failure, try again or cancel.
class KioskPaymentPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskPaymentPage)

public:
    explicit KioskPaymentPage(SaleFlow* flow, QWidget* parent = nullptr);

    /// A new try: the card is wanted, no way back until it answers. The page is shown next, then
    /// `pay`.
    void prepare();
    /// Asks the flow for the payment step, or for the card when the step is held already.
    void pay();
    /// Whether the card is asked for: the idle time waits, the sale's end is the payment's.
    [[nodiscard]] bool isPaying() const { return m_paying; }
    /// The payment is over (booked, ended, or the customer left).
    void stopPaying() { m_paying = false; }
    void reset() override;
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    /// The card was declined or the payment did not go through: nothing charged, the customer
    /// may try again.
    void paymentFailed();
    void retryClicked();
    void cancelClicked();

private:
    void askCard();
    void showPhase(PaymentPhase phase);
    void offerRetry();

    SaleFlow* m_flow;
    bool m_paying = false;
    bool m_cardAsked = false; ///< payCard went out for this try
    QLabel* m_heading = nullptr;
    QLabel* m_text = nullptr;
    QPushButton* m_retry = nullptr;
    QPushButton* m_cancel = nullptr;
};

} // namespace bo
