// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/clisession.h"

#include "app/admin/auditcommands.h"
#include "app/admin/filmcommands.h"
#include "app/admin/hallblockcommands.h"
#include "app/admin/hallcommands.h"
#include "app/admin/paymentcommands.h"
#include "app/admin/queuecommands.h"
#include "app/admin/refundcommands.h"
#include "app/admin/reportcommands.h"
#include "app/admin/salecommands.h"
#include "app/admin/setupcommands.h"
#include "app/admin/shiftcommands.h"
#include "app/admin/showtimecommands.h"
#include "app/admin/ticketcommands.h"

#include <csignal>
#include <cstdio>

#include <QJsonArray>
#include <QJsonDocument>
#include <QSysInfo>
#include <QTextStream>

#include "app/common/databasesetup.h"
#include "db/dbconnection.h"
#include "db/loginstore.h"
#include "db/migrator.h"
#include "model/sale/checkedseatcommands.h"

#ifdef Q_OS_UNIX
#include <termios.h>
#include <unistd.h>
#endif

namespace bo {

CliSession::CliSession(QTextStream& out, QTextStream& err)
    : m_out(out)
    , m_err(err)
{}

CliSession::~CliSession() = default;

ExitCode CliSession::exitCodeFor(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadInput:
    case ErrorCode::NotFound:
    case ErrorCode::KeyMismatch:
        return ExitCode::BadInput;
    case ErrorCode::Conflict:
    case ErrorCode::NotAdmitted:
    case ErrorCode::Expired:
    case ErrorCode::InProgress:
    case ErrorCode::NotOnSale:
        return ExitCode::Conflict;
    case ErrorCode::Offline:
    case ErrorCode::SchemaTooNew:
    case ErrorCode::SchemaMismatch:
    case ErrorCode::Internal:
        return ExitCode::Failure;
    }
    return ExitCode::Failure;
}

QString CliSession::isoUtc(const QDateTime& dt)
{
    return dt.toUTC().toString(Qt::ISODateWithMs);
}

QString CliSession::localTime(const QDateTime& utc, const QString& format)
{
    return utc.toLocalTime().toString(format);
}

std::optional<ExitCode> CliSession::parse(const QStringList& arguments)
{
    addOptions();
    if (!m_parser.parse(arguments))
        return usageError(m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help"))) {
        m_out << m_parser.helpText();
        return ExitCode::Ok;
    }
    if (m_parser.isSet(QStringLiteral("version"))) {
        m_out << QCoreApplication::applicationName() << ' ' << QCoreApplication::applicationVersion()
              << Qt::endl;
        return ExitCode::Ok;
    }
    m_json = m_parser.isSet(QStringLiteral("json"));
    if (m_parser.isSet(QStringLiteral("db")) && m_parser.isSet(QStringLiteral("demo")))
        return usageError(tr("Use either --db or --demo, not both."));
    if (m_parser.positionalArguments().isEmpty())
        return usageError(tr("No command given."));
    return std::nullopt;
}

void CliSession::addOptions()
{
    m_parser.setApplicationDescription(tr(
        "Box office operations.\n\nCommands:\n"
        "  migrate                                 apply database migrations\n"
        "  seed-demo                               create the demo cinema and today's and tomorrow's "
        "showtimes\n"
        "  showtimes [--date YYYY-MM-DD]           list a day's showtimes with seats left\n"
        "  seats SHOWTIME|next                     list a showtime's seats and their state\n"
        "  halls                                   list the halls with their layout version and seats\n"
        "  hall-import FILE [--name N] [--replace] [--format csv|json]\n"
        "                                          import a hall's seat layout (docs/FORMATS.md;\n"
        "                                          manager); --replace adds a new version of an\n"
        "                                          existing hall, showtimes keep theirs\n"
        "  hall-export HALL [--format csv|json] [--output FILE]   a hall's current layout\n"
        "  films [--all]                           list the films: rating, format, languages, dates;\n"
        "                                          --all: the retired ones too"
        "  film-add --title T --runtime MIN --rating ALL|12|15|18|R [--title-en E] [--format "
        "2D|3D|IMAX|...]\n"
        "           [--language ko] [--subtitles en|none] [--release DAY] [--until DAY] [--poster FILE]\n"
        "                                          add a film (manager); the poster a PNG or JPEG\n"
        "  film-edit FILM [--title T] [--runtime MIN] [--rating R] [--until DAY|none] [--poster "
        "FILE|none] ...\n"
        "                                          change a film (manager): only the options given;\n"
        "                                          showtimes already made keep their slot\n"
        "  film-retire FILM [--undo]               retire a film (manager): no new showtimes, those\n"
        "                                          it has keep selling; --undo gives it back\n"
        "  showtime-add --hall H --film F --start TIME [--prices LIST] [--trailers MIN]\n"
        "                                          add a showtime (manager); TIME is local like\n"
        "                                          2026-12-24T19:30 or has an offset; refused when\n"
        "                                          it overlaps another of the hall, cleaning included\n"
        "  showtime-pattern --hall H --film F --from DAY --to DAY --times 10:00,13:20 [--days mon-fri]\n"
        "                   [--prices LIST] [--trailers MIN]\n"
        "                                          a week pattern of showtimes (manager), all or\n"
        "                                          nothing: any overlap lists every conflict\n"
        "  showtime-cancel SHOWTIME                cancel a showtime that sold nothing (manager)\n"
        "  showtime-relayout SHOWTIME              give a showtime never booked its hall's current\n"
        "                                          layout (manager); its own blocks follow by label\n"
        "  showtime-sale SHOWTIME... [--sale-opens TIME|now|none] [--sale-closes TIME|none]\n"
        "                                          set when showtimes go on sale and stop selling\n"
        "                                          (manager); also options of showtime-add/-pattern\n"
        "  prices [LIST]                           the price lists; with LIST its card (docs/FORMATS.md)\n"
        "  price-set FILE [--name N]               set a price list from its card (manager): a new\n"
        "                                          version; showtimes on sale keep their prices\n"
        "  block SHOWTIME SEAT... --reason R       block seats of a showtime (manager), all or none:\n"
        "                                          refused naming any seat held or sold\n"
        "  unblock SHOWTIME SEAT...                give blocked seats back for sale (manager)\n"
        "  blocks SHOWTIME                         a showtime's blocked seats and why\n"
        "  hall-block HALL SEAT... --reason R [--skip-taken]   block seats for every coming and\n"
        "                                          later showtime of the hall (manager); refused\n"
        "                                          naming any held or sold, unless --skip-taken\n"
        "  hall-unblock HALL SEAT...               give a hall's blocked seats back (manager)\n"
        "  hall-blocks HALL                        the seats a hall keeps blocked and why\n"
        "  hold SHOWTIME SEAT... [--owner TOKEN] [--ttl S]   hold seats (all or none)\n"
        "  release SHOWTIME --owner TOKEN [SEAT...]          release held seats\n"
        "  confirm SHOWTIME --owner TOKEN --key KEY [SEAT[:TIER]...] [--pay card|cash [--tendered AMOUNT]]\n"
        "                                          pay for a held sale and confirm it (idempotent);\n"
        "                                          without --pay only a sale that costs nothing\n"
        "  sell SHOWTIME SEAT[:TIER]... --pay card|cash [--tendered AMOUNT] [--gateway URL --service-db "
        "CONNINFO]\n"
        "                                          sell seats, paid through a durable payment intent\n"
        "  payments [--unresolved] [--terminal NAME]   list payment intents, newest first\n"
        "  payment KEY                             show one payment intent\n"
        "  reconcile [--dry-run] [--silent-for S] [--gateway URL --service-db CONNINFO]\n"
        "                                          capture, void or look up unresolved payments\n"
        "  queue SHOWTIME                          the admission queue's line: positions and states\n"
        "  queue-capacity SHOWTIME N|default       sales selecting seats at once (manager)\n"
        "  queue-join SHOWTIME --owner TOKEN [--counter]   join the line (admitted below capacity)\n"
        "  queue-status --owner TOKEN              where the sale's ticket stands (a heartbeat)\n"
        "  queue-leave --owner TOKEN               leave the line or give the place back\n"
        "  sweep                                   free expired holds now\n"
        "  ticket CODE [--pdf FILE] [--paper a4|letter] [--escpos FILE] [--reprint]\n"
        "                                          the booking's signed tickets (issuing and\n"
        "                                          reprinting need a manager login); a reprint\n"
        "                                          voids the old serials\n"
        "  checkin PAYLOAD --door NAME [--showtime N]   admit a scanned ticket once (exit 0),\n"
        "                                          refuse with the reason (exit 3)\n"
        "  checkins SHOWTIME                       a showtime's admits, expected count, doors' reports\n"
        "  ticket-keys [--new | --retire ID | --approve ID]   the ticket keys, shared and the\n"
        "                                          tills' own (manager); --new adds a shared key\n"
        "                                          that signs from now on, --approve lets a till's\n"
        "                                          waiting key sign its tickets\n"
        "  create-login NAME --role kiosk|till|door|manager|service|web "
        "[--password-stdin|--generate-password]\n"
        "                                          add a database login for a terminal or manager\n"
        "  drop-login NAME                         remove such a login\n"
        "  setup-server [--database NAME] [--terminal-login NAME] [--manager-login NAME]\n"
        "                                          prepare an existing PostgreSQL server: create\n"
        "                                          the database if missing, migrate it (roles\n"
        "                                          included), let only the Box office roles\n"
        "                                          connect, add the named logins; --db names a\n"
        "                                          maintenance database (dbname=postgres) and a\n"
        "                                          superuser or a role with CREATEDB and\n"
        "                                          CREATEROLE; a second run changes nothing\n"
        "  staff-add NAME --role cashier|supervisor|manager   add a member of staff; the PIN\n"
        "                                          (4 to 12 digits) on standard input\n"
        "  staff                                   the staff, their roles and whether locked\n"
        "  staff-pin NAME|NUMBER                   a new PIN from standard input (unlocks)\n"
        "  staff-disable NAME|NUMBER               no more sign-ins; their tills signed out\n"
        "  staff-unlock NAME|NUMBER                lift a lockout after wrong PINs\n"
        "  sign-in --staff NUMBER                  sign a member in at this till (--terminal NAME);\n"
        "                                          the PIN on standard input\n"
        "  sign-out                                end the member's session at this till\n"
        "  shift-open --float AMOUNT               open the till's shift with its counted float\n"
        "  pay-in AMOUNT --reason R                cash into the drawer (pay-out: out of it)\n"
        "  shift-close --counted AMOUNT            the blind count: close the shift, then see\n"
        "                                          what was expected, over/short and the Z report\n"
        "  shift                                   the till's open shift and its X report\n"
        "  refund CODE [SEAT...] --reason R [--approve STAFF]   refund a booking or some seats\n"
        "                                          to the payment's method (a supervisor's PIN on\n"
        "                                          standard input above the limit or once started)\n"
        "  refunds [CODE] [--unresolved] [--settle]   refunds; --settle asks the payment\n"
        "                                          service again for those still waiting\n"
        "  refund-all SHOWTIME --reason R          stop the showtime's sales, refund every\n"
        "                                          booking (run again to resume), cancel it;\n"
        "                                          cash is owed until a till pays it back\n"
        "  refund-pay CODE                         hand back the cash refund-all owes a booking\n"
        "  exchange CODE [SEAT...] --showtime N --seats SEAT[:TYPE],... --reason R [--approve STAFF]\n"
        "                                          the booking's seats for new ones in one step;\n"
        "                                          a dearer exchange is paid in cash, a cheaper\n"
        "                                          one gives the difference back\n"
        "  report day [--date YYYY-MM-DD] | shift N | showtime N [--csv FILE] [--pdf FILE]\n"
        "                                          a manager's report: sales by method, ticket type,\n"
        "                                          film, showtime, hour and till; refunds, voids,\n"
        "                                          occupancy, drawers over/short, staff; as text,\n"
        "                                          CSV or a printable PDF (A4)\n"
        "  audit [--since TIME] [--limit N]        the audit log: money, refunds, catalogue\n"
        "                                          changes, sign-ins and lockouts\n"
        "  audit verify                            recompute the log's hash chain: exit 3 when\n"
        "                                          a row was removed or changed\n"
        "  demo-stop                               stop the private demo database\n\n"
        "Exit status: 0 success, 2 bad input (also: a role lacking a privilege setup-server needs),\n"
        "3 conflict (seat taken, hold expired, login exists, ticket refused at the door, not\n"
        "admitted by the queue yet), 1 other failure (server unreachable)."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addOptions({
        {QStringLiteral("db"), tr("libpq connection string or URI (else $BOXOFFICE_DB)."), tr("conninfo")},
        {QStringLiteral("demo"), tr("Use the private demo database (created on first use).")},
        {QStringLiteral("json"), tr("Machine-readable output.")},
        {QStringLiteral("verbose"), tr("Log details to the console.")},
        {QStringLiteral("owner"), tr("Hold token (UUID) of the sale."), tr("token")},
        {QStringLiteral("key"), tr("Idempotency key (UUID) of the confirm or the refund."), tr("key")},
        {QStringLiteral("terminal"), tr("Terminal name stored with the sale."), tr("name")},
        {QStringLiteral("date"), tr("Day for 'showtimes' and 'report day' (default today)."),
         tr("YYYY-MM-DD")},
        {QStringLiteral("pay"), tr("How 'sell' or 'confirm' is paid: card or cash."), tr("method")},
        {QStringLiteral("service-db"),
         tr("The payment service's login, which alone records a card's answers (else "
            "$BOXOFFICE_SERVICE_DB; the demo's own with --demo)."),
         tr("conninfo")},
        {QStringLiteral("unresolved"), tr("Only payments not resolved yet.")},
        {QStringLiteral("role"),
         tr("What a new login may do: terminal or manager; for 'staff-add': cashier, supervisor or manager."),
         tr("role")},
        {QStringLiteral("password-stdin"),
         tr("Read the new login's password from one line of standard input.")},
        {QStringLiteral("generate-password"), tr("Generate the new login's password and print it once.")},
        {QStringLiteral("pdf"), tr("Write the tickets, or the report, to this PDF file."), tr("file")},
        {QStringLiteral("showtime"),
         tr("Admit only tickets of this showtime; for 'exchange': the showtime of the new seats."),
         tr("number")},
        {QStringLiteral("approve"),
         tr("Approve a till's own ticket key: it signs that till's tickets; for 'refund': the staff number "
            "of the supervisor approving it (their PIN on standard input)."),
         tr("id")},
        {QStringLiteral("name"),
         tr("The hall's name for 'hall-import', the list's for 'price-set' (else the file's)."), tr("name")},
        {QStringLiteral("format"),
         tr("Layout file format: csv or json (default: by the file's name; "
            "json for 'hall-export'); for 'film-add' the film's: 2D, 3D, IMAX, IMAX 3D, 4DX, ScreenX, "
            "Dolby."),
         tr("format")},
        {QStringLiteral("reason"), tr("Why 'block' blocks the seats (one line, at most 200 characters)."),
         tr("text")},
    });
    // The options of one group of commands only are declared beside those commands.
    for (const QList<QCommandLineOption>& group :
         {AuditCommands::options(), FilmCommands::options(), HallBlockCommands::options(),
          HallCommands::options(), PaymentCommands::options(), QueueCommands::options(),
          RefundCommands::options(), ReportCommands::options(), SaleCommands::options(),
          SetupCommands::options(), ShiftCommands::options(), ShowtimeCommands::options(),
          TicketCommands::options()})
        m_parser.addOptions(group);
    m_parser.addPositionalArgument(QStringLiteral("command"), tr("What to do (see above)."));
}

Result<int> CliSession::showtimeArgument(const QStringList& positional) const
{
    if (positional.size() < 2)
        return makeError(ErrorCode::BadInput, tr("Which showtime? Give its number (see 'showtimes')."));
    bool ok = false;
    const int id = positional.at(1).toInt(&ok);
    if (!ok || id <= 0)
        return makeError(ErrorCode::BadInput, tr("'%1' is not a showtime number.").arg(positional.at(1)));
    return id;
}

Result<QUuid> CliSession::uuidOption(const QString& name, const QString& what, bool required) const
{
    if (!m_parser.isSet(name)) {
        if (required)
            return makeError(ErrorCode::BadInput, tr("--%1 is required.").arg(name));
        return QUuid();
    }
    return CheckedSeatCommands::parseUuid(m_parser.value(name), what);
}

Result<ConnectionSettings> CliSession::serviceSettings() const
{
    QString conninfo = m_parser.value(QStringLiteral("service-db")).trimmed();
    if (conninfo.isEmpty())
        conninfo = qEnvironmentVariable("BOXOFFICE_SERVICE_DB").trimmed();
    if (conninfo.isEmpty() && !m_parser.isSet(QStringLiteral("demo")))
        return makeError(
            ErrorCode::BadInput,
            tr("A card is recorded by the payment service's login: give --service-db CONNINFO or set "
               "BOXOFFICE_SERVICE_DB (docs/SECURITY.md)."));
    DatabaseChoice choice{conninfo, conninfo.isEmpty()};
    choice.kind = LoginRole::Service;
    auto settings = resolveDatabase(choice);
    if (settings)
        settings.value().applicationName = QStringLiteral("boxoffice-admin-service");
    return settings;
}

Status CliSession::connect(bool requireCurrentSchema, bool asOwner)
{
    auto settings = resolveDatabase(
        {m_parser.value(QStringLiteral("db")), m_parser.isSet(QStringLiteral("demo")), asOwner});
    if (!settings)
        return settings.error();
    settings.value().applicationName = QStringLiteral("boxoffice-admin");
    auto connection = DbConnection::open(settings.value(), QStringLiteral("admin"));
    if (!connection)
        return connection.error();
    m_connection = std::move(connection.value());
    if (requireCurrentSchema) {
        Migrator migrator(*m_connection);
        if (Status s = migrator.checkCompatible(); !s)
            return s;
    }
    return success();
}

void CliSession::print(const QJsonObject& json, const QString& text)
{
    if (m_json)
        m_out << QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)) << Qt::endl;
    else if (!text.isEmpty())
        m_out << text << Qt::flush;
}

void CliSession::printError(const QString& message)
{
    m_err << "boxoffice-admin: " << message << Qt::endl;
}

ExitCode CliSession::conflict(const QString& message, const QJsonObject& fields,
                              const QJsonObject& errorFields)
{
    if (m_json) {
        QJsonObject error = errorFields;
        error.insert(QStringLiteral("code"), QString::fromLatin1(errorCodeName(ErrorCode::Conflict)));
        error.insert(QStringLiteral("message"), message);
        QJsonObject out = fields;
        out.insert(QStringLiteral("error"), error);
        print(out, QString());
    }
    printError(message);
    return ExitCode::Conflict;
}

namespace {

/// The command that lists what a refusal did not find. The sentence serves every screen (the
/// manager's too, which has no commands); only here can the reader type one.
QString listingFor(Refusal why)
{
    if (why == Refusal::NoSuchShowtime)
        return QStringLiteral("showtimes");
    if (why == Refusal::NoSuchFilm)
        return QStringLiteral("films");
    if (why == Refusal::NoSuchHall)
        return QStringLiteral("halls");
    if (why == Refusal::NoSuchHallSeat)
        return QStringLiteral("hall-export");
    return {};
}

} // namespace

ExitCode CliSession::fail(const Error& e)
{
    QString message = e.message.isEmpty() ? e.detail : e.message;
    message.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (const QString listing = listingFor(e.refusal); !listing.isEmpty())
        message += QLatin1Char(' ') + tr("See '%1'.").arg(listing);
    if (m_json) {
        QJsonArray seats;
        for (int s : e.seats)
            seats.append(s);
        QJsonObject error{{QStringLiteral("code"), QString::fromLatin1(errorCodeName(e.code))},
                          {QStringLiteral("message"), message},
                          {QStringLiteral("seats"), seats}};
        // Why, by a name that never changes, for a script to test rather than the sentence.
        if (e.refusal != Refusal::None)
            error.insert(QStringLiteral("refusal"), QString::fromLatin1(refusalName(e.refusal)));
        print(QJsonObject{{QStringLiteral("error"), error}}, QString());
    }
    printError(message);
    return exitCodeFor(e.code);
}

bool CliSession::permissionDenied(const Error& e)
{
    return e.detail.startsWith(QLatin1String("SQLSTATE 42501"));
}

ExitCode CliSession::failLookup(const Error& e)
{
    if (e.code != ErrorCode::NotFound)
        return fail(e);
    Error named = e;
    named.code = ErrorCode::BadInput;
    named.detail.clear();
    named.seats.clear();
    return fail(named);
}

ExitCode CliSession::usageError(const QString& message)
{
    return fail(makeError(ErrorCode::BadInput, message + QLatin1Char(' ') + tr("(see --help)")));
}

CliSession::Till CliSession::till() const
{
    // The namespace of the CLI's till ids.
    static const QUuid tills(QStringLiteral("{0d7e3c52-9b41-4f0a-8c66-2f5a7e1b9d34}"));
    const QString name =
        m_parser.isSet(QStringLiteral("terminal")) && !value(QStringLiteral("terminal")).trimmed().isEmpty()
            ? value(QStringLiteral("terminal")).trimmed()
            : QStringLiteral("cli@") + QSysInfo::machineHostName();
    return {name, QUuid::createUuidV5(tills, name)};
}

Result<qint64> CliSession::amountOption(const QString& name, bool required) const
{
    constexpr qint64 most = 100'000'000'000;
    if (!m_parser.isSet(name)) {
        if (required)
            return makeError(ErrorCode::BadInput, tr("--%1 needs an amount in minor units.").arg(name));
        return qint64(0);
    }
    bool ok = false;
    const qint64 amount = value(name).trimmed().toLongLong(&ok);
    if (!ok || amount < 0 || amount > most)
        return makeError(ErrorCode::BadInput, tr("--%1 is an amount in minor units from 0 to %2, not '%3'.")
                                                  .arg(name)
                                                  .arg(most)
                                                  .arg(value(name)));
    return amount;
}

void CliSession::stopAtCheckpoint(const char* name)
{
    static const QByteArray wanted = qgetenv("BOXOFFICE_PAYMENT_STOP_AT");
    if (wanted.isEmpty() || wanted != name)
        return;
    fprintf(stderr, "checkpoint %s\n", name);
    fflush(stderr);
#ifdef SIGSTOP
    (void)std::raise(SIGSTOP);
#endif
}

bool CliSession::stdinIsTerminal()
{
#ifdef Q_OS_UNIX
    return isatty(STDIN_FILENO) != 0;
#else
    return false;
#endif
}

QString CliSession::readStdinLine(bool hidden)
{
#ifdef Q_OS_UNIX
    termios saved{};
    const bool restore = hidden && tcgetattr(STDIN_FILENO, &saved) == 0;
    if (restore) {
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        (void)tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
#else
    Q_UNUSED(hidden)
#endif
    QTextStream in(stdin);
    QString line = in.readLine();
#ifdef Q_OS_UNIX
    if (restore)
        (void)tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
#endif
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    return line;
}

} // namespace bo
