// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace bo {

class SaleFlow;
class TicketPrinting;
struct ConfirmResult;
struct Error;
struct PrintedTickets;

/// The sale page's last step: the booking code, the seats with their ticket types, the total and
/// the change due, the tickets printed (by the till's print setting) or printed again, and on to
/// the next customer. A print that fails leaves the sale as it is and says how to print again.
class SaleDonePanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaleDonePanel)

public:
    explicit SaleDonePanel(SaleFlow* flow, QWidget* parent = nullptr);

    /// Shows a confirmed booking.
    void showBooking(const ConfirmResult& booking);
    /// Printing of the booking's tickets; without it (tests, a build without tickets) there is
    /// no print button.
    void setTicketPrinting(TicketPrinting* printing);

public slots:
    /// Prints the shown booking's tickets (again).
    void printTickets();

signals:
    /// The clerk is ready for the next customer.
    void nextCustomerChosen();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    [[nodiscard]] QString money(qint64 minor) const;
    void showPrinted(const PrintedTickets& printed);
    void showPrintFailed(const QString& code, const Error& error);

    SaleFlow* m_flow;
    QLabel* m_title = nullptr;
    QLabel* m_code = nullptr;
    QLabel* m_details = nullptr;
    QPushButton* m_nextCustomer = nullptr;
    TicketPrinting* m_printing = nullptr;
    QLabel* m_printStatus = nullptr;
    QPushButton* m_print = nullptr;
    QString m_bookingCode;
    bool m_printBusy = false;
    bool m_printedOnce = false;
};

} // namespace bo
