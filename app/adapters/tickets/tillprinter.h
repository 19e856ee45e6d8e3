// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>

#include <QCoreApplication>
#include <QLocale>
#include <QString>
#include <QUuid>

#include "app/adapters/tickets/ed25519.h"
#include "db/connectionsettings.h"
#include "model/core/result.h"
#include "model/core/workerthread.h"
#include "model/tickets/ticketprinting.h"

class QSettings;

namespace bo {

/// The till's own Ed25519 key pair, its secret in a file only the till's user may read (0600):
/// never in the database, never in a log (docs/DECISIONS.md, "A till signs its own sale's tickets
/// with its own key").
class TillKeyFile final
{
    Q_DECLARE_TR_FUNCTIONS(bo::TillKeyFile)

public:
    /// The pair in `path`, made (and the file written 0600) when there is none.
    [[nodiscard]] static Result<KeyPair> loadOrCreate(const QString& path);
    /// A new pair in `path`; the old file is kept beside it as `<path>.retired`.
    [[nodiscard]] static Result<KeyPair> replace(const QString& path);
};

/// Where a till's tickets go.
struct TicketOutput
{
    enum class Kind {
        Pdf,     ///< A4 PDF files in `target`, a folder (the demo, and no printer configured)
        Printer, ///< a system printer through QPrinter, `target` its name (empty: the default)
        EscPos,  ///< ESC/POS raster to a raw device or file, `target` its path
    };
    Kind kind = Kind::Pdf;
    QString target;

    /// The output of the settings `printing/output` (pdf, printer, escpos) and `printing/target`;
    /// the demo always writes PDF files. An unknown output is a BadInput error.
    [[nodiscard]] static Result<TicketOutput> read(const QSettings& settings, bool demo);
    /// $BOXOFFICE_TICKET_DIR, else "boxoffice-tickets" in the user's documents folder.
    [[nodiscard]] static QString defaultPdfFolder();
};

/// How a till prints (app/counter/main.cpp fills it).
struct TillPrintSetup
{
    ConnectionSettings database; ///< the till's own login
    QString keyFile;             ///< the till's secret key (TillKeyFile)
    QUuid terminalId;
    QString terminal;
    TicketOutput output;
    QLocale locale;
    /// The demo approves the till's key itself (with its owner login); empty elsewhere: a manager
    /// approves with `boxoffice-admin ticket-keys --approve ID`.
    std::function<Status(quint16 keyId)> approve;
};

/// TicketPrinting on a worker thread with its own connection: issues the first tickets of the
/// till's own sale with the till's key (enrolled on first use), checks they verify with the
/// door's keys, and prints them on the till's output. `settings` (may be null) keeps the print
/// setting (`printing/on-confirm`).
class TillTicketPrinter final : public TicketPrinting
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TillTicketPrinter)

public:
    TillTicketPrinter(TillPrintSetup setup, QSettings* settings, QObject* parent = nullptr);
    ~TillTicketPrinter() override;

    [[nodiscard]] PrintOnConfirm printOnConfirm() const override { return m_mode; }
    void setPrintOnConfirm(PrintOnConfirm mode) override;
    [[nodiscard]] QString describeOutput() const override;
    void print(const QString& code) override;

private:
    class Worker;
    QSettings* m_settings;
    PrintOnConfirm m_mode = PrintOnConfirm::Ask;
    TicketOutput m_output;
    ThreadedWorker<Worker> m_worker;
};

} // namespace bo
