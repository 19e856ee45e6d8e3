// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <spdlog/spdlog.h>

#include "app/adapters/tickets/ed25519.h"
#include "app/common/databasesetup.h"
#include "app/common/logging.h"
#include "app/common/siteleads.h"
#include "boxoffice/version.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/pgdoorbackend.h"
#include "db/sqlitedoorjournal.h"
#include "model/core/clock.h"
#include "model/door/doorcheck.h"
#include "ui/door/doorbeeper.h"
#include "ui/door/doorwindow.h"

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("bo::DoorMain", text);
}

/// A whole number option in [low, high], else the fallback; false on a bad value.
bool intOption(const QCommandLineParser& parser, const QSettings& settings, const QString& name, int low,
               int high, int* value)
{
    const QString text = parser.isSet(name)
                             ? parser.value(name)
                             : settings.value(QStringLiteral("door/") + name, *value).toString();
    bool ok = false;
    const int v = text.toInt(&ok);
    if (!ok || v < low || v > high) {
        spdlog::error("--{} '{}' is not a whole number from {} to {}", name.toStdString(), text.toStdString(),
                      low, high);
        return false;
    }
    *value = v;
    return true;
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QApplication::setApplicationName(QStringLiteral("boxoffice-door"));
    QApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION BOXOFFICE_BUILD_NOTE));
    QApplication::setApplicationDisplayName(tr("Box office door"));
    QApplication::setDesktopFileName(QStringLiteral("org.boxoffice.Door"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.boxoffice.Counter")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Cinema box office: the door's ticket check, full screen, for a keyboard-wedge scanner."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("db"), tr("libpq connection string or URI (else $BOXOFFICE_DB, else the settings)."),
         tr("conninfo")},
        {QStringLiteral("demo"), tr("Use the private demo database (the default when none is configured).")},
        {QStringLiteral("door"), tr("This door's name, as check-ins record it (default: Door)."), tr("name")},
        {QStringLiteral("showtime"), tr("Serve this one showtime."), tr("id")},
        {QStringLiteral("next"),
         tr("Serve every showtime starting within this many minutes (default 30) that started no longer "
            "ago than --late."),
         tr("minutes")},
        {QStringLiteral("hall"), tr("With --next: only this hall's showtimes."), tr("name")},
        {QStringLiteral("open"), tr("Admit from this many minutes before the start (default 30)."),
         tr("minutes")},
        {QStringLiteral("late"), tr("Admit until this many minutes after the start (default 30)."),
         tr("minutes")},
        {QStringLiteral("journal"),
         tr("The door's local journal (SQLite; else $BOXOFFICE_DOOR_JOURNAL, else door-NAME.sqlite in the "
            "application's data folder)."),
         tr("file")},
        {QStringLiteral("lang"), tr("Language: en or ko."), tr("code")},
        {QStringLiteral("windowed"), tr("A normal window instead of full screen.")},
        {QStringLiteral("verbose"), tr("Log details to the console.")},
        {QStringLiteral("quit-after"),
         tr("Smoke test: quit after this many ms; exit 0 only if the door loaded online."), tr("ms")},
    });
    parser.process(app);
    bo::setupLogging(QStringLiteral("boxoffice-door"), parser.isSet(QStringLiteral("verbose")), false);

    QSettings preferences;
    bo::DoorOptions options;
    options.door = parser.isSet(QStringLiteral("door"))
                       ? parser.value(QStringLiteral("door")).trimmed()
                       : preferences.value(QStringLiteral("door/name"), options.door).toString().trimmed();
    if (options.door.isEmpty() || options.door.size() > 80) {
        spdlog::error("--door names the door (1 to 80 characters)");
        return 2;
    }
    options.hall = parser.isSet(QStringLiteral("hall"))
                       ? parser.value(QStringLiteral("hall"))
                       : preferences.value(QStringLiteral("door/hall")).toString();
    if ((parser.isSet(QStringLiteral("showtime")) || preferences.contains(QStringLiteral("door/showtime"))) &&
        !intOption(parser, preferences, QStringLiteral("showtime"), 1, 2147483647, &options.showtimeId))
        return 2;
    if (!intOption(parser, preferences, QStringLiteral("next"), 1, 24 * 60, &options.nextMinutes) ||
        !intOption(parser, preferences, QStringLiteral("open"), 0, 24 * 60, &options.openMinutes) ||
        !intOption(parser, preferences, QStringLiteral("late"), 0, 24 * 60, &options.lateMinutes))
        return 2;
    int quitAfter = -1;
    if (parser.isSet(QStringLiteral("quit-after")) &&
        !intOption(parser, preferences, QStringLiteral("quit-after"), 0, 3600000, &quitAfter))
        return 2;

    // The journal before the database: a door whose journal cannot be written must not start
    // admitting (offline it would admit what nobody records).
    QString journalPath = parser.value(QStringLiteral("journal"));
    const bool journalGiven =
        !journalPath.isEmpty() || !qEnvironmentVariable("BOXOFFICE_DOOR_JOURNAL").isEmpty();
    if (journalPath.isEmpty())
        journalPath = qEnvironmentVariable("BOXOFFICE_DOOR_JOURNAL");
    if (journalPath.isEmpty()) {
        QString file = options.door;
        file.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"));
        journalPath = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                      QStringLiteral("/door-") + file + QStringLiteral(".sqlite");
    }
    std::unique_ptr<bo::SqliteDoorJournal> journal;
    if (auto opened = bo::SqliteDoorJournal::open(journalPath); opened) {
        journal = std::move(opened.value());
        spdlog::info("door journal: {}", journal->path().toStdString());
    } else if (journalGiven) {
        spdlog::error("--journal: {} ({})", opened.error().message.toStdString(),
                      opened.error().detail.toStdString());
        return 2;
    } else {
        // The Windows prefix has no QSQLITE driver: that door works online only (README).
        spdlog::warn("no door journal, so no offline admits: {} ({})", opened.error().message.toStdString(),
                     opened.error().detail.toStdString());
    }

    bo::DatabaseChoice choice{parser.value(QStringLiteral("db")), parser.isSet(QStringLiteral("demo"))};
    choice.kind = bo::LoginRole::Door; // the demo's door login: admit and undo, nothing to sell
    const bool configured = !choice.conninfo.isEmpty() || !qEnvironmentVariable("BOXOFFICE_DB").isEmpty() ||
                            preferences.contains(QStringLiteral("database/conninfo"));
    if (!configured)
        choice.demo = true;
    auto settings = bo::resolveDatabase(choice);
    if (settings) {
        auto connection = bo::DbConnection::open(settings.value(), QStringLiteral("startup"));
        if (!connection) {
            settings = connection.error();
        } else {
            bo::Migrator migrator(*connection.value());
            if (bo::Status compatible = migrator.checkCompatible(); !compatible)
                settings = compatible.error();
        }
    }
    if (!settings) {
        spdlog::error("cannot start: {} ({})", settings.error().message.toStdString(),
                      settings.error().detail.toStdString());
        QMessageBox::critical(nullptr, tr("Box office door"), settings.error().message);
        return 1;
    }
    spdlog::info("door {} starting on {}", options.door.toStdString(),
                 settings.value().describe().toStdString());

    // The demo owns its database: it runs the site's leads too (the announcer tells the door of
    // admissions at the other doors), on its service login, as boxoffice-service does at a cinema.
    std::unique_ptr<bo::SiteLeads> leads;
    if (choice.demo) {
        bo::DatabaseChoice service = choice;
        service.kind = bo::LoginRole::Service;
        auto login = bo::resolveDatabase(service);
        if (!login) {
            QMessageBox::critical(nullptr, tr("Box office door"), login.error().message);
            return 1;
        }
        leads = std::make_unique<bo::SiteLeads>(login.value(), bo::PaymentGatewayFactory());
        leads->start();
    }
    bo::PgDoorBackend backend(settings.value());
    bo::SteadyClock clock;
    bo::DoorCheck check(
        &backend,
        [](const QList<bo::TicketKey>& keys) {
            return std::make_unique<bo::Ed25519KeyRing>(bo::Ed25519KeyRing::fromKeys(keys));
        },
        clock, options);
    check.setJournal(journal.get());
    bo::DoorBeeper beeper;
    bo::DoorWindow window(&check, &beeper);
    QString language = parser.value(QStringLiteral("lang"));
    if (language.isEmpty())
        language =
            preferences.value(QStringLiteral("ui/language"), QLocale::system().name().left(2)).toString();
    window.setLanguage(language);
    check.start();
    if (parser.isSet(QStringLiteral("windowed")))
        window.show();
    else
        window.showFullScreen();
    if (quitAfter >= 0) {
        QTimer::singleShot(quitAfter, &app, [&app, &check] {
            spdlog::info("smoke test: online {}, loaded {}", check.isOnline(), check.isReady());
            app.exit(check.isOnline() && check.isReady() ? 0 : 1);
        });
    }
    const int rc = QApplication::exec();
#ifdef Q_OS_WIN
    // Windows: the process ends without ending the backend's worker thread, as the counter's does
    // (app/counter/main.cpp; docs/DECISIONS.md, "The counter ends without joining its threads on
    // Windows"): with MinGW's emulated TLS, a thread that used a QRegularExpression crashes in its
    // teardown. The server rolls back whatever its connection had open, as after a power cut.
    spdlog::shutdown();
    std::fflush(nullptr);
    std::_Exit(rc);
#else
    backend.stop();
    if (leads)
        leads->stop();
    return rc;
#endif
}
