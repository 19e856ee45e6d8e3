// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QString>

#include "app/common/databasesetup.h"
#include "app/common/terminalidentity.h"
#include "db/connectionsettings.h"
#include "model/core/result.h"
#include "model/payments/cardpayments.h"
#include "model/payments/paymentgateway.h"

class QCommandLineParser;
class QSettings;

namespace bo {

class BackgroundReconciler;
class CardService;
class CardSimulator;
class ThreadedSalePayments;
class ThreadedPaymentRecords;
class PgTerminalBackend;
class SaleFlow;
class SiteLeads;
class TicketPrinting;

/// The command line every selling shell (counter, kiosk) shares: --db, --demo, --gateway,
/// --terminal, --lang, --verbose, --quit-after. `context` is the translation context.
void addTerminalOptions(QCommandLineParser& parser, const char* context);

/// What a selling terminal is made of, wired as every shell needs it (ARCHITECTURE §1: one sale workflow
/// for the counter and the kiosk): the database found (or the demo's started) and checked, the
/// terminal's identity, the card service, the backend, the payment desk, its own reconciler, the
/// sale flow, the demo's site leads and, where the build has it, the ticket printing. The shell adds
/// only its window. Made by open(); start() starts the workers, stop() ends them.
class TerminalStack final
{
public:
    struct Setup
    {
        bool counterTill = false; ///< a counter till joins the line as a till; a kiosk waits its turn
        QString defaultTerminal;  ///< the name asked for without --terminal (empty: the machine's till)
    };
    /// Why open() failed: the message for the screen and the process's exit status.
    struct Failure
    {
        Error error;
        int exitCode = 1;
    };

    /// Use open().
    TerminalStack() = default;
    ~TerminalStack();
    TerminalStack(const TerminalStack&) = delete;
    TerminalStack& operator=(const TerminalStack&) = delete;

    /// Builds everything from the parsed command line (addTerminalOptions) and `preferences`
    /// (kept by the caller for the stack's life). Null with `failure` filled when it cannot.
    [[nodiscard]] static std::unique_ptr<TerminalStack>
    open(const QCommandLineParser& parser, QSettings& preferences, const Setup& setup, Failure* failure);

    void start();
    void stop();

    [[nodiscard]] bool demo() const { return m_choice.demo; }
    [[nodiscard]] const DatabaseChoice& choice() const { return m_choice; }
    [[nodiscard]] const ConnectionSettings& database() const { return m_database; }
    /// For plain statements (no LISTEN, no session state): through the pooler when one is named,
    /// else the same as database().
    [[nodiscard]] const ConnectionSettings& statements() const { return m_statements; }
    [[nodiscard]] const QString& terminal() const { return m_identity.name; }
    [[nodiscard]] const QUuid& terminalId() const { return m_identity.id; }
    [[nodiscard]] PgTerminalBackend& backend() { return *m_backend; }
    [[nodiscard]] SaleFlow& flow() { return *m_flow; }
    [[nodiscard]] ThreadedPaymentRecords& paymentRecords() { return *m_records; }
    [[nodiscard]] BackgroundReconciler& reconciler() { return *m_reconciler; }
    [[nodiscard]] CardSimulator* cardSimulator() const;
    /// The payment service for a thread of its own (the till desk's card refunds); empty when
    /// this terminal takes no cards.
    [[nodiscard]] CardPaymentsFactory cardPayments() const;
    /// Null where the build has no printing or the output setting is wrong (logged).
    [[nodiscard]] TicketPrinting* ticketPrinting() const { return m_printing.get(); }

private:
    /// How this terminal's card payments reach the payment service (docs/SECURITY.md).
    [[nodiscard]] static Result<CardPaymentsFactory> cardPaymentsFor(const QCommandLineParser& parser,
                                                                     const QSettings& preferences,
                                                                     const DatabaseChoice& choice,
                                                                     CardService& cardService);

    DatabaseChoice m_choice;
    ConnectionSettings m_database;
    ConnectionSettings m_statements;
    TerminalIdentity m_identity;
    std::unique_ptr<CardService> m_cards;
    CardPaymentsFactory m_cardPayments;
    std::unique_ptr<PgTerminalBackend> m_backend;
    std::unique_ptr<ThreadedSalePayments> m_desk;
    std::unique_ptr<BackgroundReconciler> m_reconciler;
    std::unique_ptr<SaleFlow> m_flow;
    std::unique_ptr<SiteLeads> m_leads; ///< the demo's only (docs/SECURITY.md: the service's login)
    std::unique_ptr<ThreadedPaymentRecords> m_records;
    std::unique_ptr<TicketPrinting> m_printing;
};

} // namespace bo
