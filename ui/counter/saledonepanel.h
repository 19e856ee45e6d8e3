// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace bo {

class SaleFlow;
struct ConfirmResult;

/// The sale page's last step: the booking code, the seats with their ticket types, the total and
/// the change due, and on to the next customer.
class SaleDonePanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaleDonePanel)

public:
    explicit SaleDonePanel(SaleFlow* flow, QWidget* parent = nullptr);

    /// Shows a confirmed booking.
    void showBooking(const ConfirmResult& booking);

signals:
    /// The clerk is ready for the next customer.
    void nextCustomerChosen();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    [[nodiscard]] QString money(qint64 minor) const;

    SaleFlow* m_flow;
    QLabel* m_title = nullptr;
    QLabel* m_code = nullptr;
    QLabel* m_details = nullptr;
    QPushButton* m_nextCustomer = nullptr;
};

} // namespace bo
