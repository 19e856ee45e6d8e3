// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace bo {

/// Why a store, the server or the program refused or failed: finer than ErrorCode, which says
/// what the caller does next. An adapter says *why* with one of these and the arguments its
/// sentence names (%1, %2, ... in order); the sentence a person reads is the model's
/// (refusalSentence), translated in one place.
///
/// Each has a name (refusalName) that outlives any wording: programs read it (the CLI's JSON,
/// the web API's problem documents), so a name once written never changes and an enumerator is
/// never renumbered into another's meaning. New ones go anywhere in the list; the names hold.
enum class Refusal {
    None, ///< no refusal given: the message is someone else's words (the server's, a rule's)

    // Reaching the database.
    Unreachable,               ///< the connection is lost or the server is down
    NotConnected,              ///< asked of a connection that has none
    CannotConnect,             ///< %1 where, %2 the client library's reason
    LoginRefused,              ///< %1 the login: wrong login or password, or no such role
    NoPostgresDriver,          ///< Qt's PostgreSQL driver is missing
    ConnectionStringInvalid,   ///< %1 the parser's reason
    ConnectionStringSemicolon, ///< a ';' Qt's driver would mangle
    TimedOut,                  ///< the statement ran out of its time
    OutcomeUnknown,            ///< the commit was not confirmed on a standby: ask again by key
    RolledBack,                ///< COMMIT was answered with ROLLBACK
    UnexpectedServerError,     ///< a server error no rule expects
    ValueNotSendable,          ///< %1 the client library's reason
    PasswordNotEncrypted,      ///< the client library could not hash a password
    NoAnswer,                  ///< %1 what was asked (a function or statement); no row came back
    UnexpectedAnswer,          ///< %1 what was asked; the answer is not one this program reads

    // Seats and sales.
    SeatsTaken,        ///< some of the seats asked for are held or sold; Error::seats names them
    HoldExpired,       ///< the hold ran out before the action
    NotAdmitted,       ///< the showtime sells through its queue and this sale's turn has not come
    RequestInProgress, ///< another request holds the row
    LostRace,          ///< a concurrent request won (serialisation failure, unique key)
    NothingOnSale,     ///< no showtime is on sale now
    NoSeatsNamed,      ///< a seat action without seats
    SeatNameEmpty,     ///< an empty seat label
    SeatListedTwice,   ///< %1 the label
    SeatInOtherHall,   ///< %1 the label, %2 its hall, %3 the showtime's hall, %4 the showtime
    NoSuchSeat,        ///< %1 the label, %2 the hall, %3 the showtime
    NoOpenShift,       ///< the till's shift is closed
    TooManyPins,       ///< the terminal tried too many staff PINs lately: it waits
    ExchangeSeatTaken, ///< a seat an exchange moves to was taken meanwhile

    // Showtimes and the schedule.
    NoSuchShowtime,          ///< %1 the showtime
    HallBusy,                ///< another showtime (or its cleaning) has the hall then
    ShowtimeStartInvalid,    ///< a showtime without a valid start
    PatternStartInvalid,     ///< a pattern with a start that is not valid
    WeekInvalid,             ///< a week without a valid first day or time zone
    ShowtimeHasSales,        ///< %1 the showtime: sold seats or a sale in progress stop a cancel
    ShowtimeHasSoldSeats,    ///< %1 the showtime: sold seats stop a move
    ShowtimeHasHeldSeats,    ///< %1 the showtime: held seats stop the change for now
    ShowtimeKeepsSoldLayout, ///< %1 the showtime: its tickets were sold on its layout
    ShowtimeStaysInHall,     ///< %1 the showtime: a move to another hall is refused
    PriceListUnreadable,     ///< %1 why the showtime's price list cannot be read
    NoShowtimesNamed,        ///< a change of showtimes naming none
    SaleWindowUnchanged,     ///< a sale window change that changes nothing
    SettingsMissing,         ///< the settings row is gone
    DemoDataMissing,         ///< the demo data is not in this build

    // Films and halls.
    NoSuchFilm,     ///< %1 the film
    FilmExists,     ///< %1 the film that has them, %2 its title, %3 its format
    NoSuchHall,     ///< %1 the hall as asked
    NoSuchHallSeat, ///< %1 the hall, %2 the seats

    // Logins and databases.
    LoginNameInvalid,    ///< %1 the name
    PasswordEmpty,       ///< a login without a password
    RoleExists,          ///< %1 the name
    NoSuchLogin,         ///< %1 the name
    ForeignLogin,        ///< %1 the name: not one of Box office's logins, never touched
    DatabaseNameInvalid, ///< %1 the name
    NoSuchDatabase,      ///< %1 the name

    // The schema.
    SchemaTooNew,      ///< %1 the database's version, %2 this program's
    SchemaTooOld,      ///< %1 the database's version, %2 this program's
    SchemaGap,         ///< %1 versions missing (or empty), %2 the highest applied, %3 versions unknown
    FunctionsMismatch, ///< the database's functions are another release's
    MigrationsMissing, ///< no migrations in this build
    MigrationFailed,   ///< %1 the migration, %2 the server's reason
    FunctionsMissing,  ///< no database functions in this build
    FunctionsFailed,   ///< %1 the server's reason

    // The private PostgreSQL server (the demo, the tests).
    PostgresAsRoot,          ///< run as root with no 'postgres' user to drop to
    PostgresNotFound,        ///< the server's programs are not installed
    FolderNotHandedOver,     ///< %1 the path the 'postgres' user cannot be given
    FolderClosedToPostgres,  ///< %1 the folder, %2 its closed parent
    FolderNotCreated,        ///< %1 the folder
    FileNotWritten,          ///< %1 the file
    DatabaseStarting,        ///< %1 the folder another program is starting a server in
    InitdbFailed,            ///< %1 the data folder
    NoFreePort,              ///< no loopback port to listen on
    FolderHasQuote,          ///< %1 the folder
    PrivateServerNotStarted, ///< %1 the folder
    PrivateServerNotStopped, ///< %1 the folder

    // The door's journal.
    JournalNoDriver,      ///< no SQLite driver in this build
    JournalNotAFile,      ///< %1 the path
    JournalFolderNotMade, ///< %1 the folder
    JournalNotOpened,     ///< %1 the path
    JournalNotWritten,    ///< a write failed (what and why are in the detail)
    JournalNotRead,       ///< a read failed (what and why are in the detail)
    JournalNoSuchScan,    ///< %1 the scan

    // Refused by the database's own functions, which name the refusal in their error's hint
    // (db/functions: HINT = 'refusal: ' || json_build_array(name, arguments...)); the server's
    // words stay in Error::detail.
    NotOnSaleYet,            ///< %1 the showtime, %2 when (UTC)
    NotOnSale,               ///< %1 the showtime
    KioskHoldsAnotherSale,   ///< %1 seats held, %2 the kiosk's limit
    SeatsNotInShowtime,      ///< %1 the showtime, %2 the seats
    NoSuchSale,              ///< %1 the showtime
    NoSuchRequestKey,        ///< %1 the idempotency key
    KeyReused,               ///< %1 the idempotency key
    NoSuchBooking,           ///< %1 the booking
    BookingClosedAlready,    ///< %1 the booking, %2 its state
    CancelWhileCapturing,    ///< %1 the booking, %2 the payment
    PaymentMissing,          ///< %1 the payment the confirm carries
    PaymentOfAnotherBooking, ///< %1 the payment
    PaymentNotTaken,         ///< %1 the payment, %2 its state
    PaymentBeingVoided,      ///< %1 the booking, %2 the payment
    PaymentNotMoneyTaken,    ///< %1 the booking, %2 the payment, %3 its state
    PaymentAmountDiffers,   ///< %1 the payment, %2 %3 its amount (minor units) and currency, %4 %5 the seats'
                            ///< price
    KioskPaysByCard,        ///< no arguments
    PayFirst,               ///< %1 %2 the amount (minor units) and currency
    CashOnlyAtTill,         ///< no arguments
    BookingNotPending,      ///< %1 the booking, %2 its state
    UnresolvedPayment,      ///< %1 the booking, %2 the open payment, %3 its state
    NoSuchPayment,          ///< %1 the payment
    PaymentStateMoved,      ///< %1 the payment, %2 its state, %3 the state the caller expected
    BookingPaymentNotTaken, ///< %1 the booking, %2 its state
    ConfirmedPaymentStays,  ///< %1 the booking
    MoneyBackByRefund,      ///< %1 the booking, %2 its state
    PaymentBacksExchange,   ///< %1 the payment
    PaymentShiftClosed,     ///< %1 the payment
    OnlyServiceRecordsCard, ///< %1 %2 the step
    ServiceTakesNoCash,     ///< no arguments
    PaymentAlready,         ///< %1 the payment, %2 its state
    NoSuchTicketKey,        ///< %1 the key
    BookingHasNoTickets,    ///< %1 the booking, %2 its state
    TicketNotAwaitingSignature,   ///< %1 the ticket, %2 the key
    TicketKeyOfAnotherTill,       ///< %1 the key
    TillHasTicketKey,             ///< %1 the key
    NoWaitingTillKey,             ///< %1 the key
    TicketKeyNotLive,             ///< %1 the key
    TicketKeyAwaitsApproval,      ///< %1 the key
    BookingOfAnotherTill,         ///< %1 the booking
    TicketsIssuedAlready,         ///< %1 the booking
    TicketNotAwaitingThisTill,    ///< %1 the ticket
    NoSuchHelpCall,               ///< %1 the call
    HallExists,                   ///< %1 the hall
    NoSuchPriceList,              ///< %1 the price list as asked
    ShowtimeOverlaps,             ///< %1 the other showtime
    PatternOverlaps,              ///< no arguments
    FilmTitleTaken,               ///< %1 the film that has them
    ShowtimePricesStay,           ///< %1 the showtime
    ShowtimeCancelled,            ///< %1 the showtime
    FilmRetired,                  ///< %1 the film, %2 its title
    StaffNameTaken,               ///< %1 the name
    NoActiveStaff,                ///< %1 the member
    NoPinAttempt,                 ///< no arguments
    UnlockNeedsSupervisor,        ///< no arguments
    NoSelfUnlock,                 ///< no arguments
    NoSuchStaff,                  ///< %1 the member
    NobodySignedIn,               ///< no arguments
    TillLocked,                   ///< no arguments
    ShiftAlreadyOpen,             ///< %1 the shift, %2 since when (UTC)
    DrawerShort,                  ///< no arguments
    CashSaleInProgress,           ///< no arguments
    NoSuchShift,                  ///< %1 the shift
    BookingStillBeingPaid,        ///< %1 the booking
    DrawerShortForRefund,         ///< %1 the amount (minor units)
    NothingToRefund,              ///< %1 the booking, %2 its state
    SeatRefundedAlready,          ///< %1 the seat, %2 the booking
    BatchRefundIsManagers,        ///< no arguments
    CannotApprove,                ///< %1 the member
    ApprovalStale,                ///< %1 the member
    RefundNeedsApproval,          ///< %1 the amount (minor units), %2 the booking
    NoSuchRefund,                 ///< %1 the refund
    OnlyServiceRecordsCardRefund, ///< %1 the refund
    RefundAlready,                ///< %1 the refund, %2 its state
    ExchangeNeedsApproval,        ///< %1 the booking
    DifferenceNeedsShift,         ///< %1 the amount (minor units)
    TerminalOfAnotherLogin,       ///< %1 the terminal's id
};

/// The stable, machine-readable name ("showtime-has-sales"); "none" for Refusal::None, nullptr
/// for a value that is no enumerator.
[[nodiscard]] const char* refusalName(Refusal why);

/// The refusal whose name is `name`, or Refusal::None.
[[nodiscard]] Refusal refusalFromName(const QString& name);

/// Every refusal but None, in declaration order.
[[nodiscard]] QList<Refusal> allRefusals();

/// The sentence for people, translated (context "bo::Refusals"), with %1, %2, ... replaced by
/// `args` in one pass (an argument that contains "%1" stays as it is). Empty for None. A
/// placeholder without its argument stays visible rather than guessing.
[[nodiscard]] QString refusalSentence(Refusal why, const QStringList& args = {});

} // namespace bo
