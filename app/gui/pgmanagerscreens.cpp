// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/gui/pgmanagerscreens.h"

#include <algorithm>
#include <utility>

#include <QPointer>
#include <QWidget>

#include <spdlog/spdlog.h>

#include "app/reports/reportpdfwriter.h"
#include "db/dbconnection.h"
#include "db/filmstore.h"
#include "db/hallstore.h"
#include "db/reportstore.h"
#include "db/showtimestore.h"
#include "ui/manager/filmscreen.h"
#include "ui/manager/layouteditor.h"
#include "ui/manager/reportscreen.h"
#include "ui/manager/weekplanner.h"

namespace bo {

/// One open screen: its connection, its store and its window (destroyed in that order's reverse).
struct PgManagerScreens::Session
{
    std::unique_ptr<DbConnection> connection;
    std::unique_ptr<HallStore> halls;
    std::unique_ptr<ShowtimeStore> showtimes;
    std::unique_ptr<FilmStore> films;
    std::unique_ptr<ReportStore> reports;
    std::unique_ptr<ReportPdfWriter> pdf;
    QPointer<QWidget> window;

    ~Session()
    {
        if (window) {
            QObject::disconnect(window.data(), &QObject::destroyed, nullptr, nullptr);
            delete window.data();
        }
    }
};

PgManagerScreens::PgManagerScreens(ConnectionSettings counterDatabase)
    : m_database(std::move(counterDatabase))
{}

PgManagerScreens::~PgManagerScreens() = default;

Result<bool> PgManagerScreens::open(Screen screen, const QString& user, const QString& password, int staffId)
{
    ConnectionSettings settings = m_database;
    settings.setValue(QStringLiteral("user"), user);
    settings.setValue(QStringLiteral("password"), password);
    auto connection = DbConnection::open(settings, QStringLiteral("manager"));
    if (!connection) {
        // The login only: never the password.
        spdlog::warn("manager sign-in as '{}' refused: {}", user.toStdString(),
                     connection.error().detail.toStdString());
        // A failed sign-in reads as "cannot be reached" from DbConnection; the server said why.
        Error e = connection.error();
        const QString why = e.detail.toLower();
        if (why.contains(QLatin1String("authentication")) || why.contains(QLatin1String("does not exist")) ||
            why.contains(QLatin1String("no password")))
            e.message = tr("The database refused the login %1: wrong login or password.").arg(user);
        return e;
    }
    // A manager's login is a member of boxoffice_manager; a terminal's is not (ARCHITECTURE §7).
    auto role = connection.value()->exec(
        QStringLiteral("SELECT pg_has_role(current_user, 'boxoffice_manager', 'MEMBER')"));
    if (!role || !role.value().next() || !role.value().value(0).toBool())
        return makeError(ErrorCode::BadInput, tr("%1 is not a manager's login.").arg(user));
    // The member whose manager's PIN opened the pages acts for this session: the audit log's rows
    // of their changes name them (bo_staff_acting), not only the shared manager's login.
    if (staffId > 0) {
        auto named = connection.value()->exec(QStringLiteral("SELECT set_config('bo.staff', ?, false)"),
                                              {QString::number(staffId)});
        if (!named)
            return named.error();
    }
    spdlog::info("manager '{}' (staff {}) signed in for the {}", user.toStdString(), staffId,
                 screen == Screen::WeekPlanner ? "week planner"
                 : screen == Screen::Films     ? "films"
                 : screen == Screen::Reports   ? "reports"
                                               : "hall layouts");

    auto session = std::make_unique<Session>();
    session->connection = std::move(connection.value());
    QWidget* window = nullptr;
    if (screen == Screen::WeekPlanner) {
        session->showtimes = std::make_unique<ShowtimeStore>(*session->connection);
        window = new WeekPlanner(*session->showtimes);
        window->setWindowTitle(tr("Week planner — %1").arg(user));
    } else if (screen == Screen::Films) {
        session->films = std::make_unique<FilmStore>(*session->connection);
        window = new FilmScreen(*session->films);
        window->setWindowTitle(tr("Films — %1").arg(user));
    } else if (screen == Screen::Reports) {
        session->reports = std::make_unique<ReportStore>(*session->connection);
        session->pdf = std::make_unique<ReportPdfWriter>();
        window = new ReportScreen(*session->reports, session->pdf.get());
        window->setWindowTitle(tr("Reports — %1").arg(user));
    } else {
        session->halls = std::make_unique<HallStore>(*session->connection);
        window = new LayoutEditor(*session->halls);
        window->setWindowTitle(tr("Hall layouts — %1").arg(user));
    }
    window->setAttribute(Qt::WA_DeleteOnClose);
    session->window = window;
    Session* raw = session.get();
    QObject::connect(window, &QObject::destroyed, window, [this, raw] {
        const auto it = std::find_if(m_sessions.begin(), m_sessions.end(),
                                     [raw](const std::unique_ptr<Session>& s) { return s.get() == raw; });
        if (it != m_sessions.end()) {
            (*it)->window = nullptr;
            m_sessions.erase(it);
        }
    });
    m_sessions.push_back(std::move(session));
    window->show();
    window->raise();
    return true;
}

} // namespace bo
