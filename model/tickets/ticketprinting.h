// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QObject>
#include <QString>

#include "model/core/result.h"

namespace bo {

/// Whether the counter prints a sale's tickets when it is confirmed (a setting of each till).
enum class PrintOnConfirm {
    Ask,    ///< the clerk is asked on the booking's page (the default)
    Always, ///< printed at once
    Never,  ///< only when the clerk asks
};

[[nodiscard]] QString printOnConfirmName(PrintOnConfirm mode);
/// The mode of its name ("ask", "always", "never"); nothing for another text.
[[nodiscard]] std::optional<PrintOnConfirm> printOnConfirmFromName(const QString& name);

/// A booking's tickets that came out.
struct PrintedTickets
{
    QString bookingCode;
    int tickets = 0;
    QString where;       ///< the PDF file's path, the printer's name or the device
    bool isFile = false; ///< `where` is a file the clerk can open
};

/// The till's ticket printing (docs/DECISIONS.md, "Print on confirm"): the first print of a sale
/// this till made issues its tickets (signed with the till's own key), every later one prints the
/// same tickets again. Answers come as signals on the caller's thread; a failure never touches the
/// sale. The adapter with the printers, the PDF and the key lives in app/adapters/tickets.
class TicketPrinting : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TicketPrinting)

public:
    explicit TicketPrinting(QObject* parent = nullptr)
        : QObject(parent)
    {}
    ~TicketPrinting() override = default;

    [[nodiscard]] virtual PrintOnConfirm printOnConfirm() const = 0;
    /// Kept in the till's settings.
    virtual void setPrintOnConfirm(PrintOnConfirm mode) = 0;
    /// The output, for people: "PDF files in /home/…/boxoffice-tickets", "printer Star TSP100".
    [[nodiscard]] virtual QString describeOutput() const = 0;
    /// Prints the tickets of booking `code`; printed() or printFailed() answers.
    virtual void print(const QString& code) = 0;

signals:
    void printed(const bo::PrintedTickets& tickets);
    void printFailed(const QString& code, const bo::Error& error);
};

} // namespace bo

Q_DECLARE_METATYPE(bo::PrintedTickets)
