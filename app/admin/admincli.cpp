// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/admincli.h"

#include <memory>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTimeZone>

#include "app/common/databasesetup.h"
#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/privatepostgres.h"
#include "db/seatstore.h"
#include "model/expirysweep.h"
#include "model/seatservice.h"

namespace bo {
namespace {

ExitCode exitFor(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadInput:
    case ErrorCode::NotFound:
    case ErrorCode::KeyMismatch:
        return ExitCode::BadInput;
    case ErrorCode::Conflict:
    case ErrorCode::Expired:
    case ErrorCode::InProgress:
    case ErrorCode::NotOnSale:
        return ExitCode::Conflict;
    case ErrorCode::Offline:
    case ErrorCode::SchemaTooNew:
    case ErrorCode::Internal:
        return ExitCode::Failure;
    }
    return ExitCode::Failure;
}

QString localTime(const QDateTime& utc, const QString& format)
{
    return utc.toLocalTime().toString(format);
}

QString isoUtc(const QDateTime& dt)
{
    return dt.toUTC().toString(Qt::ISODateWithMs);
}

class AdminCli
{
public:
    AdminCli(QTextStream& out, QTextStream& err)
        : m_out(out)
        , m_err(err)
    {}

    ExitCode run(const QStringList& arguments);

private:
    ExitCode fail(const Error& e);
    ExitCode usageError(const QString& message);
    void print(const QJsonObject& json, const QString& text);
    Result<int> showtimeArgument(const QStringList& positional);
    Status connect(bool requireCurrentSchema);
    Result<QUuid> uuidOption(const QString& name, const QString& what, bool required);
    Result<QHash<int, QString>> labelsOf(int showtimeId);
    QJsonArray labelArray(const QList<int>& ids, const QHash<int, QString>& labels);

    ExitCode migrate();
    ExitCode seedDemo();
    ExitCode showtimes();
    ExitCode seats(const QStringList& positional);
    ExitCode hold(const QStringList& positional);
    ExitCode release(const QStringList& positional);
    ExitCode confirm(const QStringList& positional);
    ExitCode sweep();
    ExitCode demoStop();

    QTextStream& m_out;
    QTextStream& m_err;
    QCommandLineParser m_parser;
    bool m_json = false;
    std::unique_ptr<DbConnection> m_connection;
};

ExitCode AdminCli::fail(const Error& e)
{
    QString message = e.message.isEmpty() ? e.detail : e.message;
    message.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (m_json) {
        QJsonArray seats;
        for (int s : e.seats)
            seats.append(s);
        print(QJsonObject{{QStringLiteral("error"),
                           QJsonObject{{QStringLiteral("code"), QString::fromLatin1(errorCodeName(e.code))},
                                       {QStringLiteral("message"), message},
                                       {QStringLiteral("seats"), seats}}}},
              QString());
    }
    m_err << "boxoffice-admin: " << message << Qt::endl;
    return exitFor(e.code);
}

ExitCode AdminCli::usageError(const QString& message)
{
    return fail(
        makeError(ErrorCode::BadInput, message + QLatin1Char(' ') +
                                           QCoreApplication::translate("boxoffice-admin", "(see --help)")));
}

void AdminCli::print(const QJsonObject& json, const QString& text)
{
    if (m_json)
        m_out << QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)) << Qt::endl;
    else if (!text.isEmpty())
        m_out << text << Qt::flush;
}

Result<int> AdminCli::showtimeArgument(const QStringList& positional)
{
    if (positional.size() < 2)
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("boxoffice-admin",
                                                     "Which showtime? Give its number (see 'showtimes')."));
    bool ok = false;
    const int id = positional.at(1).toInt(&ok);
    if (!ok || id <= 0)
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("boxoffice-admin", "'%1' is not a showtime number.")
                             .arg(positional.at(1)));
    return id;
}

Status AdminCli::connect(bool requireCurrentSchema)
{
    auto settings =
        resolveDatabase({m_parser.value(QStringLiteral("db")), m_parser.isSet(QStringLiteral("demo"))});
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

Result<QUuid> AdminCli::uuidOption(const QString& name, const QString& what, bool required)
{
    if (!m_parser.isSet(name)) {
        if (required)
            return makeError(ErrorCode::BadInput,
                             QCoreApplication::translate("boxoffice-admin", "--%1 is required.").arg(name));
        return QUuid();
    }
    return SeatService::parseUuid(m_parser.value(name), what);
}

Result<QHash<int, QString>> AdminCli::labelsOf(int showtimeId)
{
    SeatStore store(*m_connection);
    auto seats = store.seats(showtimeId);
    if (!seats)
        return seats.error();
    QHash<int, QString> labels;
    for (const SeatState& s : seats.value())
        labels.insert(s.seatId, s.label);
    return labels;
}

QJsonArray AdminCli::labelArray(const QList<int>& ids, const QHash<int, QString>& labels)
{
    QJsonArray out;
    for (int id : ids)
        out.append(labels.value(id, QString::number(id)));
    return out;
}

ExitCode AdminCli::run(const QStringList& arguments)
{
    m_parser.setApplicationDescription(QCoreApplication::translate(
        "boxoffice-admin",
        "Box office operations.\n\nCommands:\n"
        "  migrate                                 apply database migrations\n"
        "  seed-demo                               create the demo cinema and today's and tomorrow's "
        "showtimes\n"
        "  showtimes [--date YYYY-MM-DD]           list a day's showtimes with seats left\n"
        "  seats SHOWTIME|next                     list a showtime's seats and their state\n"
        "  hold SHOWTIME SEAT... [--owner TOKEN] [--ttl S]   hold seats (all or none)\n"
        "  release SHOWTIME --owner TOKEN [SEAT...]          release held seats\n"
        "  confirm SHOWTIME --owner TOKEN --key KEY [SEAT[:TIER]...]   confirm a sale (idempotent)\n"
        "  sweep                                   free expired holds now\n"
        "  demo-stop                               stop the private demo database\n\n"
        "Exit status: 0 success, 2 bad input, 3 conflict (seat taken, hold expired), 1 other failure."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addOptions({
        {QStringLiteral("db"),
         QCoreApplication::translate("boxoffice-admin",
                                     "libpq connection string or URI (else $BOXOFFICE_DB)."),
         QCoreApplication::translate("boxoffice-admin", "conninfo")},
        {QStringLiteral("demo"),
         QCoreApplication::translate("boxoffice-admin",
                                     "Use the private demo database (created on first use).")},
        {QStringLiteral("json"), QCoreApplication::translate("boxoffice-admin", "Machine-readable output.")},
        {QStringLiteral("verbose"),
         QCoreApplication::translate("boxoffice-admin", "Log details to the console.")},
        {QStringLiteral("owner"),
         QCoreApplication::translate("boxoffice-admin", "Hold token (UUID) of the sale."),
         QCoreApplication::translate("boxoffice-admin", "token")},
        {QStringLiteral("key"),
         QCoreApplication::translate("boxoffice-admin", "Idempotency key (UUID) of the confirm."),
         QCoreApplication::translate("boxoffice-admin", "key")},
        {QStringLiteral("ttl"),
         QCoreApplication::translate("boxoffice-admin",
                                     "Hold time in seconds (default: the selection TTL setting)."),
         QCoreApplication::translate("boxoffice-admin", "seconds")},
        {QStringLiteral("terminal"),
         QCoreApplication::translate("boxoffice-admin", "Terminal name stored with the sale."),
         QCoreApplication::translate("boxoffice-admin", "name")},
        {QStringLiteral("payment"),
         QCoreApplication::translate("boxoffice-admin",
                                     "Payment method recorded with the booking (cash, card, ...)."),
         QCoreApplication::translate("boxoffice-admin", "method")},
        {QStringLiteral("date"),
         QCoreApplication::translate("boxoffice-admin", "Day for 'showtimes' (default today)."),
         QCoreApplication::translate("boxoffice-admin", "YYYY-MM-DD")},
    });
    m_parser.addPositionalArgument(QStringLiteral("command"),
                                   QCoreApplication::translate("boxoffice-admin", "What to do (see above)."));
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
        return usageError(
            QCoreApplication::translate("boxoffice-admin", "Use either --db or --demo, not both."));
    const QStringList positional = m_parser.positionalArguments();
    if (positional.isEmpty())
        return usageError(QCoreApplication::translate("boxoffice-admin", "No command given."));
    const QString command = positional.first();
    if (command == QLatin1String("migrate"))
        return migrate();
    if (command == QLatin1String("seed-demo"))
        return seedDemo();
    if (command == QLatin1String("showtimes"))
        return showtimes();
    if (command == QLatin1String("seats"))
        return seats(positional);
    if (command == QLatin1String("hold"))
        return hold(positional);
    if (command == QLatin1String("release"))
        return release(positional);
    if (command == QLatin1String("confirm"))
        return confirm(positional);
    if (command == QLatin1String("sweep"))
        return sweep();
    if (command == QLatin1String("demo-stop"))
        return demoStop();
    return usageError(QCoreApplication::translate("boxoffice-admin", "Unknown command '%1'.").arg(command));
}

ExitCode AdminCli::migrate()
{
    if (Status s = connect(false); !s)
        return fail(s.error());
    Migrator migrator(*m_connection);
    auto report = migrator.migrate();
    if (!report)
        return fail(report.error());
    const MigrationReport& r = report.value();
    print(QJsonObject{{QStringLiteral("from_version"), r.fromVersion},
                      {QStringLiteral("to_version"), r.toVersion},
                      {QStringLiteral("applied"), QJsonArray::fromStringList(r.applied)}},
          r.applied.isEmpty()
              ? QCoreApplication::translate("boxoffice-admin", "Schema is up to date (version %1).\n")
                    .arg(r.toVersion)
              : QCoreApplication::translate("boxoffice-admin", "Migrated from version %1 to %2: %3\n")
                    .arg(r.fromVersion)
                    .arg(r.toVersion)
                    .arg(r.applied.join(QStringLiteral(", "))));
    return ExitCode::Ok;
}

ExitCode AdminCli::seedDemo()
{
    if (Status s = connect(true); !s)
        return fail(s.error());
    CatalogStore catalog(*m_connection);
    auto seeded = catalog.seedDemo(QDate::currentDate(), QTimeZone::systemTimeZone());
    if (!seeded)
        return fail(seeded.error());
    const SeedSummary& s = seeded.value();
    print(QJsonObject{{QStringLiteral("auditoriums"), s.auditoriums},
                      {QStringLiteral("seats"), s.seats},
                      {QStringLiteral("movies"), s.movies},
                      {QStringLiteral("showtimes_added"), s.showtimesAdded}},
          QCoreApplication::translate(
              "boxoffice-admin", "Demo cinema: %1 auditoriums, %2 seats, %3 films; %4 showtimes added.\n")
              .arg(s.auditoriums)
              .arg(s.seats)
              .arg(s.movies)
              .arg(s.showtimesAdded));
    return ExitCode::Ok;
}

ExitCode AdminCli::showtimes()
{
    QDate day = QDate::currentDate();
    if (m_parser.isSet(QStringLiteral("date"))) {
        day = QDate::fromString(m_parser.value(QStringLiteral("date")), Qt::ISODate);
        if (!day.isValid())
            return usageError(
                QCoreApplication::translate("boxoffice-admin", "'%1' is not a date like 2026-12-24.")
                    .arg(m_parser.value(QStringLiteral("date"))));
    }
    if (Status s = connect(true); !s)
        return fail(s.error());
    CatalogStore catalog(*m_connection);
    const QDateTime from(day, QTime(0, 0), QTimeZone::systemTimeZone());
    auto list = catalog.showtimes(from, from.addDays(1));
    if (!list)
        return fail(list.error());
    QJsonArray json;
    QString text =
        QCoreApplication::translate("boxoffice-admin", "Showtimes on %1:\n").arg(day.toString(Qt::ISODate));
    for (const ShowtimeInfo& s : list.value()) {
        json.append(QJsonObject{{QStringLiteral("id"), s.id},
                                {QStringLiteral("starts_at"), isoUtc(s.startsAt)},
                                {QStringLiteral("status"), s.status},
                                {QStringLiteral("movie"), s.movieTitle},
                                {QStringLiteral("rating"), s.rating},
                                {QStringLiteral("runtime_min"), s.runtimeMinutes},
                                {QStringLiteral("auditorium"), s.auditoriumName},
                                {QStringLiteral("seats_total"), s.seatsTotal},
                                {QStringLiteral("seats_free"), s.seatsFree},
                                {QStringLiteral("seats_held"), s.seatsHeld},
                                {QStringLiteral("seats_reserved"), s.seatsReserved}});
        text += QStringLiteral("%1  %2  %3  %4  %5/%6 free%7\n")
                    .arg(s.id, 5)
                    .arg(localTime(s.startsAt, QStringLiteral("HH:mm")), s.auditoriumName.leftJustified(15),
                         s.movieTitle.leftJustified(24))
                    .arg(s.seatsFree)
                    .arg(s.seatsTotal)
                    .arg(s.seatsFree == 0
                             ? QCoreApplication::translate("boxoffice-admin", "  SOLD OUT")
                             : (s.status != QLatin1String("ON_SALE") ? QStringLiteral("  ") + s.status
                                                                     : QString()));
    }
    if (list.value().isEmpty())
        text += QCoreApplication::translate("boxoffice-admin", "  (none)\n");
    print(
        QJsonObject{{QStringLiteral("date"), day.toString(Qt::ISODate)}, {QStringLiteral("showtimes"), json}},
        text);
    return ExitCode::Ok;
}

ExitCode AdminCli::seats(const QStringList& positional)
{
    // "seats next": the showtime on sale that starts soonest.
    const bool next = positional.size() == 2 && positional.at(1) == QLatin1String("next");
    auto showtimeId = next ? Result<int>(0) : showtimeArgument(positional);
    if (!showtimeId)
        return fail(showtimeId.error());
    if (Status s = connect(true); !s)
        return fail(s.error());
    CatalogStore catalog(*m_connection);
    if (next) {
        showtimeId = catalog.nextShowtime();
        if (!showtimeId)
            return fail(showtimeId.error());
    }
    auto info = catalog.showtime(showtimeId.value());
    if (!info)
        return fail(info.error().code == ErrorCode::NotFound
                        ? makeError(ErrorCode::BadInput, info.error().message)
                        : info.error());
    SeatStore store(*m_connection);
    auto seats = store.seats(showtimeId.value());
    if (!seats)
        return fail(seats.error());
    const ShowtimeInfo& s = info.value();
    QJsonArray json;
    QString text =
        QCoreApplication::translate("boxoffice-admin", "Showtime %1: %2, %3, %4 — %5 of %6 seats free\n")
            .arg(s.id)
            .arg(s.movieTitle, s.auditoriumName, localTime(s.startsAt, QStringLiteral("yyyy-MM-dd HH:mm")))
            .arg(s.seatsFree)
            .arg(s.seatsTotal);
    QString currentRow;
    for (const SeatState& seat : seats.value()) {
        QJsonObject o{{QStringLiteral("seat_id"), seat.seatId},
                      {QStringLiteral("label"), seat.label},
                      {QStringLiteral("row"), seat.row},
                      {QStringLiteral("number"), seat.number},
                      {QStringLiteral("kind"), seatKindText(seat.kind)},
                      {QStringLiteral("x"), seat.x},
                      {QStringLiteral("y"), seat.y},
                      {QStringLiteral("status"), seatStatusText(seat.status)}};
        if (seat.status == SeatStatus::Held)
            o.insert(QStringLiteral("held_until"), isoUtc(seat.heldUntil));
        json.append(o);
        if (seat.row != currentRow) {
            currentRow = seat.row;
            text += QStringLiteral("\n%1 ").arg(seat.row, -3);
        }
        const QString kind = seat.kind == SeatKind::Standard
                                 ? QString()
                                 : QLatin1Char('(') + seatKindText(seat.kind) + QLatin1Char(')');
        text += QStringLiteral(" %1%2:%3").arg(seat.label, kind, seatStatusText(seat.status).toLower());
    }
    text += QLatin1Char('\n');
    print(QJsonObject{{QStringLiteral("showtime_id"), s.id},
                      {QStringLiteral("movie"), s.movieTitle},
                      {QStringLiteral("auditorium"), s.auditoriumName},
                      {QStringLiteral("starts_at"), isoUtc(s.startsAt)},
                      {QStringLiteral("seats"), json}},
          text);
    return ExitCode::Ok;
}

ExitCode AdminCli::hold(const QStringList& positional)
{
    auto showtimeId = showtimeArgument(positional);
    if (!showtimeId)
        return fail(showtimeId.error());
    const QStringList labels = positional.mid(2);
    if (labels.isEmpty())
        return usageError(QCoreApplication::translate("boxoffice-admin",
                                                      "Which seats? Name them as printed, e.g. K12 K13."));
    auto owner = uuidOption(QStringLiteral("owner"),
                            QCoreApplication::translate("boxoffice-admin", "hold token"), false);
    if (!owner)
        return fail(owner.error());
    std::optional<int> ttl;
    if (m_parser.isSet(QStringLiteral("ttl"))) {
        bool ok = false;
        const int v = m_parser.value(QStringLiteral("ttl")).toInt(&ok);
        if (!ok || v < 1 || v > 3600)
            return usageError(QCoreApplication::translate(
                                  "boxoffice-admin", "--ttl '%1' is not a number of seconds from 1 to 3600.")
                                  .arg(m_parser.value(QStringLiteral("ttl"))));
        ttl = v;
    }
    if (Status s = connect(true); !s)
        return fail(s.error());
    CatalogStore catalog(*m_connection);
    auto settings = catalog.settings();
    if (!settings)
        return fail(settings.error());
    auto ids = catalog.resolveSeatLabels(showtimeId.value(), labels);
    if (!ids)
        return fail(ids.error().code == ErrorCode::NotFound
                        ? makeError(ErrorCode::BadInput, ids.error().message)
                        : ids.error());
    const QUuid token = owner.value().isNull() ? SeatService::newToken() : owner.value();
    SeatStore store(*m_connection);
    SeatService service(store, settings.value().maxSeatsPerSale);
    auto outcome = service.hold(showtimeId.value(), ids.value(), token, ttl);
    if (!outcome)
        return fail(outcome.error());
    QHash<int, QString> names;
    for (qsizetype i = 0; i < ids.value().size(); ++i)
        names.insert(ids.value().at(i), labels.at(i).trimmed().toUpper());
    const QString tokenText = token.toString(QUuid::WithoutBraces);
    const HoldDecision& decision = outcome.value();
    if (!decision.granted) {
        QStringList takenLabels;
        for (int id : decision.unavailable)
            takenLabels << names.value(id);
        Error e = makeError(ErrorCode::Conflict,
                            QCoreApplication::translate("boxoffice-admin", "Not held: %1 unavailable.")
                                .arg(takenLabels.join(QStringLiteral(", "))));
        e.seats = decision.unavailable;
        if (m_json) {
            print(QJsonObject{{QStringLiteral("held"), false},
                              {QStringLiteral("owner"), tokenText},
                              {QStringLiteral("unavailable"), labelArray(decision.unavailable, names)}},
                  QString());
            m_err << "boxoffice-admin: " << e.message << Qt::endl;
            return ExitCode::Conflict;
        }
        return fail(e);
    }
    print(QJsonObject{{QStringLiteral("held"), true},
                      {QStringLiteral("owner"), tokenText},
                      {QStringLiteral("seats"), labelArray(ids.value(), names)},
                      {QStringLiteral("held_until"), isoUtc(decision.heldUntil)},
                      {QStringLiteral("remaining_ms"), decision.remainingMs()}},
          QCoreApplication::translate("boxoffice-admin", "Held %1 until %2 (%3 s left), owner %4\n")
              .arg(labels.join(QLatin1Char(' ')).toUpper(),
                   localTime(decision.heldUntil, QStringLiteral("HH:mm:ss")))
              .arg(decision.remainingMs() / 1000)
              .arg(tokenText));
    return ExitCode::Ok;
}

ExitCode AdminCli::release(const QStringList& positional)
{
    auto showtimeId = showtimeArgument(positional);
    if (!showtimeId)
        return fail(showtimeId.error());
    auto owner = uuidOption(QStringLiteral("owner"),
                            QCoreApplication::translate("boxoffice-admin", "hold token"), true);
    if (!owner)
        return fail(owner.error());
    if (Status s = connect(true); !s)
        return fail(s.error());
    CatalogStore catalog(*m_connection);
    QList<int> ids;
    if (positional.size() > 2) {
        auto resolved = catalog.resolveSeatLabels(showtimeId.value(), positional.mid(2));
        if (!resolved)
            return fail(resolved.error().code == ErrorCode::NotFound
                            ? makeError(ErrorCode::BadInput, resolved.error().message)
                            : resolved.error());
        ids = resolved.value();
    } else if (auto info = catalog.showtime(showtimeId.value()); !info) {
        return fail(info.error().code == ErrorCode::NotFound
                        ? makeError(ErrorCode::BadInput, info.error().message)
                        : info.error());
    }
    auto settings = catalog.settings();
    if (!settings)
        return fail(settings.error());
    SeatStore store(*m_connection);
    SeatService service(store, settings.value().maxSeatsPerSale);
    auto released = service.release(showtimeId.value(), owner.value(), ids);
    if (!released)
        return fail(released.error());
    print(QJsonObject{{QStringLiteral("released"), released.value()}},
          QCoreApplication::translate("boxoffice-admin", "Released %1 seats.\n").arg(released.value()));
    return ExitCode::Ok;
}

ExitCode AdminCli::confirm(const QStringList& positional)
{
    auto showtimeId = showtimeArgument(positional);
    if (!showtimeId)
        return fail(showtimeId.error());
    auto owner = uuidOption(QStringLiteral("owner"),
                            QCoreApplication::translate("boxoffice-admin", "hold token"), true);
    if (!owner)
        return fail(owner.error());
    auto key = uuidOption(QStringLiteral("key"),
                          QCoreApplication::translate("boxoffice-admin", "idempotency key"), true);
    if (!key)
        return fail(key.error());
    QStringList labels;
    QStringList tiers;
    bool anyTier = false;
    for (const QString& arg : positional.mid(2)) {
        const QStringList parts = arg.split(QLatin1Char(':'));
        if (parts.size() > 2 || parts.first().trimmed().isEmpty())
            return usageError(
                QCoreApplication::translate("boxoffice-admin", "'%1' is not SEAT or SEAT:TIER.").arg(arg));
        labels << parts.first();
        tiers << (parts.size() == 2 ? parts.at(1).trimmed().toLower() : QString());
        anyTier = anyTier || parts.size() == 2;
    }
    if (Status s = connect(true); !s)
        return fail(s.error());
    CatalogStore catalog(*m_connection);
    ConfirmRequest request;
    request.terminal = m_parser.isSet(QStringLiteral("terminal"))
                           ? m_parser.value(QStringLiteral("terminal")).trimmed()
                           : QStringLiteral("cli@") + QSysInfo::machineHostName();
    request.key = key.value();
    request.showtimeId = showtimeId.value();
    request.owner = owner.value();
    if (m_parser.isSet(QStringLiteral("payment")))
        request.payment = QJsonObject{{QStringLiteral("method"), m_parser.value(QStringLiteral("payment"))}};
    if (!labels.isEmpty()) {
        auto ids = catalog.resolveSeatLabels(showtimeId.value(), labels);
        if (!ids)
            return fail(ids.error().code == ErrorCode::NotFound
                            ? makeError(ErrorCode::BadInput, ids.error().message)
                            : ids.error());
        request.seatIds = ids.value();
        if (anyTier) {
            auto available = catalog.priceTiers(showtimeId.value());
            if (!available)
                return fail(available.error());
            const QString fallback = defaultTier(available.value());
            for (QString& t : tiers) {
                if (t.isEmpty())
                    t = fallback;
            }
            request.tiers = tiers;
        }
    } else if (auto info = catalog.showtime(showtimeId.value()); !info) {
        return fail(info.error().code == ErrorCode::NotFound
                        ? makeError(ErrorCode::BadInput, info.error().message)
                        : info.error());
    }
    auto settings = catalog.settings();
    if (!settings)
        return fail(settings.error());
    SeatStore store(*m_connection);
    SeatService service(store, settings.value().maxSeatsPerSale);
    auto result = service.confirm(request);
    if (!result) {
        Error e = result.error();
        if (e.code == ErrorCode::Conflict && !e.seats.isEmpty()) {
            if (auto names = labelsOf(showtimeId.value())) {
                QStringList taken;
                for (int id : e.seats)
                    taken << names.value().value(id, QString::number(id));
                e.message = QCoreApplication::translate("boxoffice-admin", "Not confirmed: %1 unavailable.")
                                .arg(taken.join(QStringLiteral(", ")));
            }
        }
        return fail(e);
    }
    const ConfirmResult& r = result.value();
    QStringList seatLabels;
    for (const BookedSeat& s : r.seats)
        seatLabels << QStringLiteral("%1 (%2)").arg(s.label, s.tier);
    QJsonObject json = QJsonDocument::fromJson(r.responseJson.toUtf8()).object();
    json.insert(QStringLiteral("replayed"), r.replayed);
    print(json, QCoreApplication::translate("boxoffice-admin", "%1 booking %2: %3 — total %4 %5\n")
                    .arg(r.replayed ? QCoreApplication::translate("boxoffice-admin", "Already confirmed:")
                                    : QCoreApplication::translate("boxoffice-admin", "Confirmed"),
                         r.code, seatLabels.join(QStringLiteral(", ")))
                    .arg(r.totalMinor)
                    .arg(r.currency));
    return ExitCode::Ok;
}

ExitCode AdminCli::sweep()
{
    if (Status s = connect(true); !s)
        return fail(s.error());
    SeatStore store(*m_connection);
    const SweepRun run = sweepExpired(store, 200, 1000);
    if (run.error)
        return fail(*run.error);
    const int seats = run.seatsFreed;
    const int bookings = run.bookingsExpired;
    print(QJsonObject{{QStringLiteral("seats_freed"), seats}, {QStringLiteral("bookings_expired"), bookings}},
          QCoreApplication::translate("boxoffice-admin",
                                      "Freed %1 expired seats; %2 unpaid bookings expired.\n")
              .arg(seats)
              .arg(bookings));
    return ExitCode::Ok;
}

ExitCode AdminCli::demoStop()
{
    const QString folder = demoClusterFolder();
    if (!PrivatePostgres::isRunning(folder)) {
        print(QJsonObject{{QStringLiteral("stopped"), false}},
              QCoreApplication::translate("boxoffice-admin", "The demo database is not running.\n"));
        return ExitCode::Ok;
    }
    if (Status s = PrivatePostgres::stop(folder); !s)
        return fail(s.error());
    print(QJsonObject{{QStringLiteral("stopped"), true}},
          QCoreApplication::translate("boxoffice-admin", "Stopped the demo database in %1.\n").arg(folder));
    return ExitCode::Ok;
}

} // namespace

ExitCode runAdminCli(const QStringList& arguments, QTextStream& out, QTextStream& err)
{
    AdminCli cli(out, err);
    return cli.run(arguments);
}

} // namespace bo
