// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include "ui/kiosk/kioskpage.h"

namespace bo {

class SaleFlow;

/// "Check your order": the film, the time and hall, each seat with its ticket type, the total,
/// the countdown, pay by card.
class KioskSummaryPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskSummaryPage)

public:
    explicit KioskSummaryPage(SaleFlow* flow, QWidget* parent = nullptr);

    /// The flow's order; `tierName` names a ticket type by its code.
    void showOrder(const std::function<QString(const QString& code)>& tierName);
    void setCountdown(const QString& text);
    void reset() override;
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    void payClicked();

protected:
    [[nodiscard]] QWidget* preferredFocus() const override;

private:
    SaleFlow* m_flow;
    QLabel* m_heading = nullptr;
    QLabel* m_countdown = nullptr;
    QLabel* m_text = nullptr;
    QPushButton* m_pay = nullptr;
};

} // namespace bo
