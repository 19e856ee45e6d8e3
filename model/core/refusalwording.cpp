// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/core/refusalwording.h"

#include <QCoreApplication>

namespace bo::detail {

/// Every refusal's name and sentence side by side. No `default`: a new enumerator without its
/// name and sentence is a build error (-Wswitch).
RefusalWording refusalWording(Refusal why)
{
    switch (why) {
    case Refusal::None:
        return {"none", ""};

    case Refusal::Unreachable:
        return {"database-unreachable", QT_TRANSLATE_NOOP("bo::Refusals", "The database cannot be reached.")};
    case Refusal::NotConnected:
        return {"not-connected", QT_TRANSLATE_NOOP("bo::Refusals", "Not connected to the database.")};
    case Refusal::CannotConnect:
        return {"cannot-connect",
                QT_TRANSLATE_NOOP("bo::Refusals", "Cannot connect to the database at %1: %2")};
    case Refusal::LoginRefused:
        return {
            "login-refused",
            QT_TRANSLATE_NOOP("bo::Refusals", "The database refused the login %1: wrong login or password.")};
    case Refusal::NoPostgresDriver:
        return {"no-postgres-driver",
                QT_TRANSLATE_NOOP("bo::Refusals", "The PostgreSQL driver for Qt (QPSQL) is not installed.")};
    case Refusal::ConnectionStringInvalid:
        return {"connection-string-invalid",
                QT_TRANSLATE_NOOP("bo::Refusals", "The database connection string is not valid: %1")};
    case Refusal::ConnectionStringSemicolon:
        return {"connection-string-semicolon",
                QT_TRANSLATE_NOOP("bo::Refusals", "The database connection string must not contain ';'.")};
    case Refusal::TimedOut:
        return {"database-timeout",
                QT_TRANSLATE_NOOP("bo::Refusals", "The database did not answer in time.")};
    case Refusal::OutcomeUnknown:
        return {"outcome-unknown",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "The outcome is being checked: the database could not confirm it was saved twice.")};
    case Refusal::RolledBack:
        return {"transaction-rolled-back",
                QT_TRANSLATE_NOOP("bo::Refusals", "The transaction failed and was rolled back.")};
    case Refusal::UnexpectedServerError:
        return {"unexpected-database-error", QT_TRANSLATE_NOOP("bo::Refusals", "Unexpected database error.")};
    case Refusal::ValueNotSendable:
        return {"value-not-sendable",
                QT_TRANSLATE_NOOP("bo::Refusals", "A value cannot be sent to the database: %1")};
    case Refusal::PasswordNotEncrypted:
        return {"password-not-encrypted",
                QT_TRANSLATE_NOOP("bo::Refusals", "Could not encrypt the password.")};
    case Refusal::NoAnswer:
        return {"no-answer", QT_TRANSLATE_NOOP("bo::Refusals", "The database gave no answer to %1.")};
    case Refusal::UnexpectedAnswer:
        return {"unexpected-answer",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "The database answered %1 in a way this program does not know.")};

    case Refusal::SeatsTaken:
        return {"seats-taken", QT_TRANSLATE_NOOP("bo::Refusals", "Some seats are no longer available.")};
    case Refusal::HoldExpired:
        return {"hold-expired", QT_TRANSLATE_NOOP("bo::Refusals", "The seat hold has expired.")};
    case Refusal::NotAdmitted:
        return {
            "not-admitted",
            QT_TRANSLATE_NOOP("bo::Refusals", "This showtime sells through a queue; wait for your turn.")};
    case Refusal::RequestInProgress:
        return {"request-in-progress",
                QT_TRANSLATE_NOOP("bo::Refusals", "Another request is still working on this; try again.")};
    case Refusal::LostRace:
        return {"lost-race", QT_TRANSLATE_NOOP("bo::Refusals", "Another sale got there first; try again.")};
    case Refusal::NothingOnSale:
        return {"nothing-on-sale", QT_TRANSLATE_NOOP("bo::Refusals", "No showtime is on sale.")};
    case Refusal::NoSeatsNamed:
        return {"no-seats-named", QT_TRANSLATE_NOOP("bo::Refusals", "Which seats?")};
    case Refusal::SeatNameEmpty:
        return {"seat-name-empty", QT_TRANSLATE_NOOP("bo::Refusals", "A seat name is empty.")};
    case Refusal::SeatListedTwice:
        return {"seat-listed-twice", QT_TRANSLATE_NOOP("bo::Refusals", "Seat %1 is listed more than once.")};
    case Refusal::SeatInOtherHall:
        return {"seat-in-other-hall",
                QT_TRANSLATE_NOOP("bo::Refusals", "Seat %1 is in %2, not in %3 where showtime %4 plays.")};
    case Refusal::NoSuchSeat:
        return {"no-such-seat",
                QT_TRANSLATE_NOOP("bo::Refusals", "There is no seat %1 in %2 (showtime %3).")};
    case Refusal::TooManyPins:
        return {"too-many-pins",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Too many PINs were tried at this terminal: wait ten minutes, then try again.")};
    case Refusal::NoOpenShift:
        return {"no-open-shift", QT_TRANSLATE_NOOP("bo::Refusals", "This till has no open shift.")};
    case Refusal::ExchangeSeatTaken:
        return {"exchange-seat-taken",
                QT_TRANSLATE_NOOP("bo::Refusals", "A new seat is no longer free: pick others.")};

    case Refusal::NoSuchShowtime:
        return {"no-such-showtime", QT_TRANSLATE_NOOP("bo::Refusals", "There is no showtime %1.")};
    case Refusal::HallBusy:
        return {"hall-busy", QT_TRANSLATE_NOOP("bo::Refusals", "The hall is busy at that time.")};
    case Refusal::ShowtimeStartInvalid:
        return {"showtime-start-invalid",
                QT_TRANSLATE_NOOP("bo::Refusals", "A showtime needs a valid start time.")};
    case Refusal::PatternStartInvalid:
        return {"pattern-start-invalid",
                QT_TRANSLATE_NOOP("bo::Refusals", "Every showtime of a pattern needs a valid start time.")};
    case Refusal::WeekInvalid:
        return {"week-invalid",
                QT_TRANSLATE_NOOP("bo::Refusals", "A week needs a valid first day and time zone.")};
    case Refusal::ShowtimeHasSales:
        return {"showtime-has-sales",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Showtime %1 has sold seats or a sale in progress: refund its bookings first.")};
    case Refusal::ShowtimeHasSoldSeats:
        return {"showtime-has-sold-seats",
                QT_TRANSLATE_NOOP("bo::Refusals", "Showtime %1 has sold seats: refund its bookings first.")};
    case Refusal::ShowtimeHasHeldSeats:
        return {"showtime-has-held-seats",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Showtime %1 has seats held by a sale in progress: try again when it is over.")};
    case Refusal::ShowtimeKeepsSoldLayout:
        return {"showtime-keeps-sold-layout",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Showtime %1 has bookings: it keeps the layout its tickets were sold on.")};
    case Refusal::ShowtimeStaysInHall:
        return {"showtime-stays-in-hall",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Showtime %1 stays in its hall: cancel it and add it in the other hall.")};
    case Refusal::PriceListUnreadable:
        return {"price-list-unreadable",
                QT_TRANSLATE_NOOP("bo::Refusals", "The showtime's price list cannot be read: %1")};
    case Refusal::NoShowtimesNamed:
        return {"no-showtimes-named", QT_TRANSLATE_NOOP("bo::Refusals", "Name one showtime or more.")};
    case Refusal::SaleWindowUnchanged:
        return {"sale-window-unchanged",
                QT_TRANSLATE_NOOP("bo::Refusals", "Say when the sale opens, closes, or both.")};
    case Refusal::SettingsMissing:
        return {"settings-missing", QT_TRANSLATE_NOOP("bo::Refusals", "The settings row is missing.")};
    case Refusal::DemoDataMissing:
        return {"demo-data-missing",
                QT_TRANSLATE_NOOP("bo::Refusals", "The demo data is not built into this program.")};

    case Refusal::NoSuchFilm:
        return {"no-such-film", QT_TRANSLATE_NOOP("bo::Refusals", "There is no film %1.")};
    case Refusal::FilmExists:
        return {"film-exists", QT_TRANSLATE_NOOP("bo::Refusals", "Film %1 is '%2' in %3 already.")};
    case Refusal::NoSuchHall:
        return {"no-such-hall", QT_TRANSLATE_NOOP("bo::Refusals", "There is no hall '%1'.")};
    case Refusal::NoSuchHallSeat:
        return {"no-such-hall-seat", QT_TRANSLATE_NOOP("bo::Refusals", "Hall '%1' has no seat %2.")};

    case Refusal::LoginNameInvalid:
        return {"login-name-invalid",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "'%1' is not a valid login name (lower-case letters, digits and _, at most 63).")};
    case Refusal::PasswordEmpty:
        return {"password-empty", QT_TRANSLATE_NOOP("bo::Refusals", "The password is empty.")};
    case Refusal::RoleExists:
        return {"role-exists", QT_TRANSLATE_NOOP("bo::Refusals", "A database role named %1 exists already.")};
    case Refusal::NoSuchLogin:
        return {"no-such-login", QT_TRANSLATE_NOOP("bo::Refusals", "There is no login %1.")};
    case Refusal::ForeignLogin:
        return {"foreign-login",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "%1 is not a Box office terminal or manager login; it is left alone.")};
    case Refusal::DatabaseNameInvalid:
        return {"database-name-invalid",
                QT_TRANSLATE_NOOP("bo::Refusals", "'%1' is not a valid database name.")};
    case Refusal::NoSuchDatabase:
        return {"no-such-database", QT_TRANSLATE_NOOP("bo::Refusals", "There is no database %1.")};

    case Refusal::SchemaTooNew:
        return {"schema-too-new",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "The database schema (version %1) is newer than this program understands "
                                  "(version %2). Install the newer Box office release.")};
    case Refusal::SchemaTooOld:
        return {"schema-too-old",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "The database schema is at version %1, this program needs version %2. "
                                  "Run 'boxoffice-admin migrate' first.")};
    case Refusal::SchemaGap:
        // %1 is made of the parts gapParts() words.
        return {"schema-gap",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "The database schema has a gap: %1. Migrations are never applied out of "
                                  "order; restore the database or install the release that migrated it.")};
    case Refusal::FunctionsMismatch:
        return {"functions-mismatch",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "The database's functions are not the ones this program carries (another release "
                    "migrated it). Run 'boxoffice-admin migrate' first.")};
    case Refusal::MigrationsMissing:
        return {"migrations-missing",
                QT_TRANSLATE_NOOP("bo::Refusals", "No migrations are built into this program.")};
    case Refusal::MigrationFailed:
        return {"migration-failed",
                QT_TRANSLATE_NOOP("bo::Refusals", "Migration %1 failed and was rolled back: %2")};
    case Refusal::FunctionsMissing:
        return {"functions-missing",
                QT_TRANSLATE_NOOP("bo::Refusals", "No database functions are built into this program.")};
    case Refusal::FunctionsFailed:
        return {"functions-failed",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "The database functions failed to apply and were rolled back: %1")};

    case Refusal::PostgresAsRoot:
        return {"postgres-as-root",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "PostgreSQL refuses to run as root and there is no 'postgres' user to run it as. "
                    "Run as an ordinary user, or install the postgresql package (it creates that user).")};
    case Refusal::PostgresNotFound:
#ifdef Q_OS_WIN
        // The Windows installer ships no server: where the demo looks and what to do instead.
        return {"postgres-not-found",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "The PostgreSQL server programs (initdb, pg_ctl, postgres) were not found on PATH or in "
                    "C:\\Program Files\\PostgreSQL\\*\\bin. Install PostgreSQL for Windows for the demo, or "
                    "point this till at the site's database with --db.")};
#else
        return {"postgres-not-found",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "The PostgreSQL server programs (initdb, pg_ctl, postgres) were not found on PATH or in "
                    "/usr/lib/postgresql/*/bin. Install the postgresql package.")};
#endif
    case Refusal::FolderNotHandedOver:
        return {"folder-not-handed-over",
                QT_TRANSLATE_NOOP("bo::Refusals", "Cannot hand %1 to the postgres user.")};
    case Refusal::FolderClosedToPostgres:
        return {"folder-closed-to-postgres",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "PostgreSQL runs as user 'postgres' when started by root, and it cannot reach %1 "
                    "because %2 is closed to other users. Choose a folder under /tmp or /var/tmp.")};
    case Refusal::FolderNotCreated:
        return {"folder-not-created", QT_TRANSLATE_NOOP("bo::Refusals", "Cannot create the folder %1.")};
    case Refusal::FileNotWritten:
        return {"file-not-written", QT_TRANSLATE_NOOP("bo::Refusals", "Cannot write %1.")};
    case Refusal::DatabaseStarting:
        return {"database-starting",
                QT_TRANSLATE_NOOP("bo::Refusals", "Another program is still starting the database in %1.")};
    case Refusal::InitdbFailed:
        return {"initdb-failed", QT_TRANSLATE_NOOP("bo::Refusals", "initdb failed in %1.")};
    case Refusal::NoFreePort:
        return {"no-free-port", QT_TRANSLATE_NOOP("bo::Refusals", "No free loopback port for the database.")};
    case Refusal::FolderHasQuote:
        return {"folder-has-quote",
                QT_TRANSLATE_NOOP("bo::Refusals", "The database folder must not contain a quote: %1")};
    case Refusal::PrivateServerNotStarted:
        return {"private-server-not-started",
                QT_TRANSLATE_NOOP("bo::Refusals", "The private PostgreSQL server in %1 did not start.")};
    case Refusal::PrivateServerNotStopped:
        return {"private-server-not-stopped",
                QT_TRANSLATE_NOOP("bo::Refusals", "Stopping the database in %1 failed.")};

    case Refusal::JournalNoDriver:
        return {"journal-no-driver",
                QT_TRANSLATE_NOOP("bo::Refusals", "This build has no SQLite driver for the door's journal.")};
    case Refusal::JournalNotAFile:
        return {"journal-not-a-file",
                QT_TRANSLATE_NOOP("bo::Refusals", "The door's journal must be a file: %1")};
    case Refusal::JournalFolderNotMade:
        return {"journal-folder-not-made",
                QT_TRANSLATE_NOOP("bo::Refusals", "The door's journal folder cannot be made: %1")};
    case Refusal::JournalNotOpened:
        return {"journal-not-opened",
                QT_TRANSLATE_NOOP("bo::Refusals", "The door's journal cannot be opened: %1")};
    case Refusal::JournalNotWritten:
        return {"journal-not-written",
                QT_TRANSLATE_NOOP("bo::Refusals", "The door's journal cannot be written.")};
    case Refusal::JournalNotRead:
        return {"journal-not-read", QT_TRANSLATE_NOOP("bo::Refusals", "The door's journal cannot be read.")};
    case Refusal::JournalNoSuchScan:
        return {"journal-no-such-scan",
                QT_TRANSLATE_NOOP("bo::Refusals", "The door's journal has no scan %1.")};

    case Refusal::NotOnSaleYet:
        return {"not-on-sale-yet", QT_TRANSLATE_NOOP("bo::Refusals", "Showtime %1 goes on sale at %2.")};
    case Refusal::NotOnSale:
        return {"not-on-sale", QT_TRANSLATE_NOOP("bo::Refusals", "Showtime %1 is not on sale.")};
    case Refusal::KioskHoldsAnotherSale:
        return {"kiosk-holds-another-sale",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "This kiosk still holds %1 seats for another sale; a kiosk holds at most %2 at a time.")};
    case Refusal::SeatsNotInShowtime:
        return {"seats-not-in-showtime",
                QT_TRANSLATE_NOOP("bo::Refusals", "Seats %2 are not in showtime %1.")};
    case Refusal::NoSuchSale:
        return {"no-such-sale",
                QT_TRANSLATE_NOOP("bo::Refusals", "This sale holds nothing on showtime %1 any more.")};
    case Refusal::NoSuchRequestKey:
        return {"no-such-request-key",
                QT_TRANSLATE_NOOP("bo::Refusals", "There is no request %1 to answer again.")};
    case Refusal::KeyReused:
        return {"key-reused",
                QT_TRANSLATE_NOOP("bo::Refusals", "Key %1 was already used for a different request.")};
    case Refusal::NoSuchBooking:
        return {"no-such-booking", QT_TRANSLATE_NOOP("bo::Refusals", "There is no booking %1.")};
    case Refusal::BookingClosedAlready:
        return {"booking-closed-already", QT_TRANSLATE_NOOP("bo::Refusals", "Booking %1 is already %2.")};
    case Refusal::CancelWhileCapturing:
        return {
            "cancel-while-capturing",
            QT_TRANSLATE_NOOP("bo::Refusals",
                              "Booking %1 cannot be cancelled while its payment %2 is being captured: wait "
                              "for the result (or run boxoffice-admin reconcile), then cancel and refund.")};
    case Refusal::PaymentMissing:
        return {"payment-missing",
                QT_TRANSLATE_NOOP("bo::Refusals", "There is no payment %1: take the payment again.")};
    case Refusal::PaymentOfAnotherBooking:
        return {
            "payment-of-another-booking",
            QT_TRANSLATE_NOOP("bo::Refusals", "Payment %1 is not this booking's: take the payment again.")};
    case Refusal::PaymentNotTaken:
        return {"payment-not-taken",
                QT_TRANSLATE_NOOP("bo::Refusals", "Payment %1 is %2: no money is taken yet.")};
    case Refusal::PaymentBeingVoided:
        return {"payment-being-voided",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Booking %1 cannot be confirmed while its payment %2 is being "
                                  "voided: wait for the result, then take the payment again.")};
    case Refusal::PaymentNotMoneyTaken:
        return {"payment-not-money-taken",
                QT_TRANSLATE_NOOP("bo::Refusals", "Booking %1 cannot be confirmed: its payment %2 is %3, not "
                                                  "money taken. Take the payment again.")};
    case Refusal::PaymentAmountDiffers:
        return {
            "payment-amount-differs",
            QT_TRANSLATE_NOOP("bo::Refusals",
                              "Payment %1 is for %2 %3, but the seats cost %4 %5: take the payment again.")};
    case Refusal::KioskPaysByCard:
        return {"kiosk-pays-by-card",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "A kiosk confirms a sale only on its card payment, with the money taken.")};
    case Refusal::PayFirst:
        return {"pay-first",
                QT_TRANSLATE_NOOP("bo::Refusals", "A sale of %1 %2 is confirmed only on its payment, with "
                                                  "the money taken: take the payment first.")};
    case Refusal::CashOnlyAtTill:
        return {"cash-only-at-till",
                QT_TRANSLATE_NOOP("bo::Refusals", "Cash is taken only at a staffed till.")};
    case Refusal::BookingNotPending:
        return {"booking-not-pending",
                QT_TRANSLATE_NOOP("bo::Refusals", "Booking %1 is %2, not waiting for its payment.")};
    case Refusal::UnresolvedPayment:
        return {"unresolved-payment",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Booking %1 has a payment still open (%2, %3): settle it before taking another.")};
    case Refusal::NoSuchPayment:
        return {"no-such-payment", QT_TRANSLATE_NOOP("bo::Refusals", "There is no payment %1.")};
    case Refusal::PaymentStateMoved:
        return {"payment-state-moved",
                QT_TRANSLATE_NOOP("bo::Refusals", "Payment %1 is %2, not %3: read it again.")};
    case Refusal::BookingPaymentNotTaken:
        return {"booking-payment-not-taken",
                QT_TRANSLATE_NOOP("bo::Refusals", "Booking %1 is %2: its payment is not taken.")};
    case Refusal::ConfirmedPaymentStays:
        return {"confirmed-payment-stays",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Booking %1 is confirmed: its payment is not given back; refund the booking instead.")};
    case Refusal::MoneyBackByRefund:
        return {"money-back-by-refund",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Booking %1 is %2: its money goes back through a refund of the booking.")};
    case Refusal::PaymentBacksExchange:
        return {"payment-backs-exchange",
                QT_TRANSLATE_NOOP("bo::Refusals", "Payment %1 backs an exchange or a refund: its money goes "
                                                  "back through refunds of the bookings it backs.")};
    case Refusal::PaymentShiftClosed:
        return {
            "payment-shift-closed",
            QT_TRANSLATE_NOOP(
                "bo::Refusals",
                "Payment %1 was taken in a shift that is closed: give the cash back as a refund at a till.")};
    case Refusal::OnlyServiceRecordsCard:
        return {"only-service-records-card",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Only the payment service records what the card's gateway answered (%1 to %2).")};
    case Refusal::ServiceTakesNoCash:
        return {"service-takes-no-cash",
                QT_TRANSLATE_NOOP("bo::Refusals", "The payment service takes no cash.")};
    case Refusal::PaymentAlready:
        return {"payment-already", QT_TRANSLATE_NOOP("bo::Refusals", "Payment %1 is already %2.")};
    case Refusal::NoSuchTicketKey:
        return {"no-such-ticket-key", QT_TRANSLATE_NOOP("bo::Refusals", "There is no ticket key %1.")};
    case Refusal::BookingHasNoTickets:
        return {"booking-has-no-tickets",
                QT_TRANSLATE_NOOP("bo::Refusals", "Booking %1 is %2: no ticket is issued for it.")};
    case Refusal::TicketNotAwaitingSignature:
        return {"ticket-not-awaiting-signature",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Ticket %1 is not waiting for its signature, or key %2 cannot sign it.")};
    case Refusal::TicketKeyOfAnotherTill:
        return {"ticket-key-of-another-till",
                QT_TRANSLATE_NOOP("bo::Refusals", "Ticket key %1 belongs to another till.")};
    case Refusal::TillHasTicketKey:
        return {"till-has-ticket-key",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "This till already has ticket key %1; a manager retires it before another is enrolled.")};
    case Refusal::NoWaitingTillKey:
        return {
            "no-waiting-till-key",
            QT_TRANSLATE_NOOP("bo::Refusals",
                              "No till key %1 is waiting or approved (unknown, retired, or a shared key).")};
    case Refusal::TicketKeyNotLive:
        return {"ticket-key-not-live",
                QT_TRANSLATE_NOOP("bo::Refusals", "Ticket key %1 is not a live key of this till.")};
    case Refusal::TicketKeyAwaitsApproval:
        return {
            "ticket-key-awaits-approval",
            QT_TRANSLATE_NOOP(
                "bo::Refusals",
                "Ticket key %1 waits for a manager's approval (boxoffice-admin ticket-keys --approve %1).")};
    case Refusal::BookingOfAnotherTill:
        return {"booking-of-another-till",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Booking %1 was not sold at this till: a manager issues its tickets.")};
    case Refusal::TicketsIssuedAlready:
        return {"tickets-issued-already",
                QT_TRANSLATE_NOOP("bo::Refusals", "The tickets of booking %1 were issued already: print them "
                                                  "again, or a manager reprints them.")};
    case Refusal::TicketNotAwaitingThisTill:
        return {"ticket-not-awaiting-this-till",
                QT_TRANSLATE_NOOP("bo::Refusals", "Ticket %1 is not waiting for this till's signature.")};
    case Refusal::NoSuchHelpCall:
        return {"no-such-help-call", QT_TRANSLATE_NOOP("bo::Refusals", "There is no help call %1.")};
    case Refusal::HallExists:
        return {"hall-exists",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Hall \"%1\" exists already; replace its layout to change it.")};
    case Refusal::NoSuchPriceList:
        return {"no-such-price-list", QT_TRANSLATE_NOOP("bo::Refusals", "There is no price list \"%1\".")};
    case Refusal::ShowtimeOverlaps:
        return {"showtime-overlaps",
                QT_TRANSLATE_NOOP("bo::Refusals", "The hall is busy then: it overlaps showtime %1.")};
    case Refusal::PatternOverlaps:
        return {"pattern-overlaps",
                QT_TRANSLATE_NOOP("bo::Refusals", "A showtime of the pattern overlaps one just added.")};
    case Refusal::FilmTitleTaken:
        return {"film-title-taken",
                QT_TRANSLATE_NOOP("bo::Refusals", "Film %1 has that title and format already.")};
    case Refusal::ShowtimePricesStay:
        return {"showtime-prices-stay",
                QT_TRANSLATE_NOOP("bo::Refusals", "Showtime %1 has sales: its prices stay.")};
    case Refusal::ShowtimeCancelled:
        return {"showtime-cancelled", QT_TRANSLATE_NOOP("bo::Refusals", "Showtime %1 is cancelled.")};
    case Refusal::FilmRetired:
        return {"film-retired",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Film %1 (%2) is retired: bring it back before giving it showtimes.")};
    case Refusal::StaffNameTaken:
        return {"staff-name-taken",
                QT_TRANSLATE_NOOP("bo::Refusals", "A member of staff is already called %1.")};
    case Refusal::NoActiveStaff:
        return {"no-active-staff",
                QT_TRANSLATE_NOOP("bo::Refusals", "There is no active member of staff %1.")};
    case Refusal::NoPinAttempt:
        return {"no-pin-attempt",
                QT_TRANSLATE_NOOP("bo::Refusals", "That PIN attempt is gone: type the PIN again.")};
    case Refusal::UnlockNeedsSupervisor:
        return {"unlock-needs-supervisor",
                QT_TRANSLATE_NOOP("bo::Refusals", "Unlocking a member of staff needs a supervisor's PIN.")};
    case Refusal::NoSelfUnlock:
        return {"no-self-unlock", QT_TRANSLATE_NOOP("bo::Refusals", "Nobody unlocks themselves.")};
    case Refusal::NoSuchStaff:
        return {"no-such-staff", QT_TRANSLATE_NOOP("bo::Refusals", "There is no member of staff %1.")};
    case Refusal::NobodySignedIn:
        return {"nobody-signed-in", QT_TRANSLATE_NOOP("bo::Refusals", "Nobody is signed in at this till.")};
    case Refusal::TillLocked:
        return {"till-locked", QT_TRANSLATE_NOOP("bo::Refusals", "The till is locked: sign in again first.")};
    case Refusal::ShiftAlreadyOpen:
        return {"shift-already-open",
                QT_TRANSLATE_NOOP("bo::Refusals", "This till's shift %1 is open since %2: close it first.")};
    case Refusal::DrawerShort:
        return {"drawer-short",
                QT_TRANSLATE_NOOP("bo::Refusals", "The drawer does not hold that much cash.")};
    case Refusal::CashSaleInProgress:
        return {"cash-sale-in-progress",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "A cash sale of this shift is still being completed: finish it, then close the shift.")};
    case Refusal::NoSuchShift:
        return {"no-such-shift", QT_TRANSLATE_NOOP("bo::Refusals", "There is no shift %1.")};
    case Refusal::BookingStillBeingPaid:
        return {
            "booking-still-being-paid",
            QT_TRANSLATE_NOOP("bo::Refusals",
                              "Booking %1 is still being paid: wait for the capture's result, then refund.")};
    case Refusal::DrawerShortForRefund:
        return {"drawer-short-for-refund",
                QT_TRANSLATE_NOOP("bo::Refusals", "The drawer does not hold %1 for this refund.")};
    case Refusal::NothingToRefund:
        return {"nothing-to-refund",
                QT_TRANSLATE_NOOP("bo::Refusals", "Booking %1 is %2: there is nothing to refund.")};
    case Refusal::SeatRefundedAlready:
        return {"seat-refunded-already",
                QT_TRANSLATE_NOOP("bo::Refusals", "Seat %1 of booking %2 is refunded already.")};
    case Refusal::BatchRefundIsManagers:
        return {"batch-refund-is-managers",
                QT_TRANSLATE_NOOP("bo::Refusals", "A batch of refunds is a manager's to run.")};
    case Refusal::CannotApprove:
        return {"cannot-approve",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Staff member %1 cannot approve this: only an active supervisor or manager can.")};
    case Refusal::ApprovalStale:
        return {"approval-stale",
                QT_TRANSLATE_NOOP("bo::Refusals", "The approval of staff member %1 is not from this till in "
                                                  "the last two minutes: ask for the PIN again.")};
    case Refusal::RefundNeedsApproval:
        return {
            "refund-needs-approval",
            QT_TRANSLATE_NOOP("bo::Refusals", "Refunding %1 of booking %2 needs a supervisor's approval.")};
    case Refusal::NoSuchRefund:
        return {"no-such-refund", QT_TRANSLATE_NOOP("bo::Refusals", "There is no refund %1.")};
    case Refusal::OnlyServiceRecordsCardRefund:
        return {"only-service-records-card-refund",
                QT_TRANSLATE_NOOP(
                    "bo::Refusals",
                    "Only the payment service records what the gateway answered to card refund %1.")};
    case Refusal::RefundAlready:
        return {"refund-already", QT_TRANSLATE_NOOP("bo::Refusals", "Refund %1 is %2 already.")};
    case Refusal::ExchangeNeedsApproval:
        return {"exchange-needs-approval",
                QT_TRANSLATE_NOOP("bo::Refusals", "Exchanging booking %1 needs a supervisor's approval.")};
    case Refusal::DifferenceNeedsShift:
        return {
            "difference-needs-shift",
            QT_TRANSLATE_NOOP("bo::Refusals",
                              "The difference of %1 is settled in cash at this till: open a shift first.")};
    case Refusal::TerminalOfAnotherLogin:
        return {"terminal-of-another-login",
                QT_TRANSLATE_NOOP("bo::Refusals",
                                  "Terminal %1 belongs to another login: a terminal acts only for itself.")};
    }
    return {};
}

} // namespace bo::detail
