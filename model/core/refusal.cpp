// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/core/refusal.h"

#include <QCoreApplication>

namespace bo {

namespace {

constexpr const char* refusalsContext = "bo::Refusals";

struct Wording
{
    const char* name = nullptr;
    const char* sentence = nullptr; ///< the source text, translated in context "bo::Refusals"
};

/// Every refusal's name and sentence side by side. No `default`: a new enumerator without its
/// name and sentence is a build error (-Wswitch).
Wording wording(Refusal why)
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
    }
    return {};
}

QString translatedSentence(const char* source)
{
    return QCoreApplication::translate(refusalsContext, source);
}

/// %1 .. %99 replaced by args[0] .. args[98] in one pass, so an argument's own "%1" (a file name,
/// a server's text) stays as it is; a placeholder without an argument stays as written.
QString fillPlaceholders(const QString& text, const QStringList& args)
{
    QString out;
    out.reserve(text.size() + 16 * args.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c != QLatin1Char('%') || i + 1 >= text.size() || !text.at(i + 1).isDigit() ||
            text.at(i + 1) == QLatin1Char('0')) {
            out += c;
            continue;
        }
        qsizetype end = i + 1;
        int number = 0;
        while (end < text.size() && end < i + 3 && text.at(end).isDigit())
            number = number * 10 + text.at(end++).digitValue();
        if (number <= args.size()) {
            out += args.at(number - 1);
            i = end - 1;
        } else {
            out += c;
        }
    }
    return out;
}

/// The gap's %1: which migrations are missing below the highest applied, and which are applied
/// but unknown to this program.
QString gapParts(const QStringList& args)
{
    const QString missing = args.value(0);
    const QString highest = args.value(1);
    const QString unknown = args.value(2);
    QStringList parts;
    if (!missing.isEmpty())
        parts << fillPlaceholders(translatedSentence(QT_TRANSLATE_NOOP(
                                      "bo::Refusals", "migration %1 is not applied although %2 is")),
                                  {missing, highest});
    if (!unknown.isEmpty())
        parts << fillPlaceholders(
            translatedSentence(QT_TRANSLATE_NOOP(
                "bo::Refusals", "migration %1 is applied but not shipped with this program")),
            {unknown});
    return parts.join(QStringLiteral("; "));
}

} // namespace

const char* refusalName(Refusal why)
{
    return wording(why).name;
}

Refusal refusalFromName(const QString& name)
{
    for (Refusal why : allRefusals()) {
        if (name == QLatin1String(refusalName(why)))
            return why;
    }
    return Refusal::None;
}

QList<Refusal> allRefusals()
{
    // The enumerators are consecutive from None (0); the first value without a name is past the
    // last.
    QList<Refusal> out;
    for (int i = int(Refusal::None) + 1; refusalName(Refusal(i)); ++i)
        out.append(Refusal(i));
    return out;
}

QString refusalSentence(Refusal why, const QStringList& args)
{
    const Wording w = wording(why);
    if (!w.sentence || !*w.sentence)
        return {};
    if (why == Refusal::SchemaGap)
        return fillPlaceholders(translatedSentence(w.sentence), {gapParts(args)});
    return fillPlaceholders(translatedSentence(w.sentence), args);
}

} // namespace bo
