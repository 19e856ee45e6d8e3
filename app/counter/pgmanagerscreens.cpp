// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/counter/pgmanagerscreens.h"

#include <algorithm>
#include <utility>

#include <QPointer>
#include <QWidget>

#include <spdlog/spdlog.h>

#include "app/adapters/reports/reportpdfwriter.h"
#include "db/dbconnection.h"
#include "db/filmstore.h"
#include "db/hallstore.h"
#include "db/reportstore.h"
#include "db/showtimestore.h"
#include "model/core/workerthread.h"
#include "ui/manager/filmscreen.h"
#include "ui/manager/layouteditor.h"
#include "ui/manager/reportscreen.h"
#include "ui/manager/weekplanner.h"

namespace bo {

/// One screen: a worker thread holding the manager's connection and the store the screen needs
/// (opened, used and closed on that thread), and the window on the GUI thread that reaches the
/// store through the worker.
struct PgManagerScreens::Session
{
    WorkerThread worker{QStringLiteral("manager screen")};
    // Touched only on the worker: opened there by the sign-in, closed there by closeStores().
    std::unique_ptr<DbConnection> connection;
    std::unique_ptr<HallStore> halls;
    std::unique_ptr<ShowtimeStore> showtimes;
    std::unique_ptr<FilmStore> films;
    std::unique_ptr<ReportStore> reports;
    std::unique_ptr<ReportPdfWriter> pdf;
    QPointer<QWidget> window;
    QMetaObject::Connection askedBy; ///< the dialog's end, while the sign-in is on its way
    bool retiring = false;

    Session() = default;
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;
    Session(Session&&) = delete;
    Session& operator=(Session&&) = delete;
    ~Session()
    {
        if (window) {
            QObject::disconnect(window.data(), &QObject::destroyed, nullptr, nullptr);
            delete window.data();
        }
        // At exit, a session not yet retired: its worker closes what it opened, then ends.
        worker.stop([this] { closeStores(); });
    }

    void closeStores()
    {
        halls.reset();
        showtimes.reset();
        films.reset();
        reports.reset();
        connection.reset();
    }
};

namespace {

const char* screenName(ManagerScreens::Screen screen)
{
    switch (screen) {
    case ManagerScreens::Screen::WeekPlanner:
        return "week planner";
    case ManagerScreens::Screen::Films:
        return "films";
    case ManagerScreens::Screen::Reports:
        return "reports";
    case ManagerScreens::Screen::HallLayouts:
        break;
    }
    return "hall layouts";
}

} // namespace

PgManagerScreens::PgManagerScreens(ConnectionSettings counterDatabase)
    : m_database(std::move(counterDatabase))
    , m_anchor(std::make_unique<QObject>())
{}

PgManagerScreens::~PgManagerScreens()
{
    // The sessions first (each waits for its worker), while the anchor their signals name exists.
    m_sessions.clear();
}

void PgManagerScreens::open(Screen screen, const QString& user, const QString& password, int staffId,
                            QObject* context, Opened done)
{
    // Without a dialog to answer, the screens themselves wait for the answer (a caller gone
    // before it then only loses the callback).
    if (!context)
        context = m_anchor.get();
    ConnectionSettings settings = m_database;
    settings.setValue(QStringLiteral("user"), user);
    settings.setValue(QStringLiteral("password"), password);
    m_sessions.push_back(std::make_unique<Session>());
    Session* raw = m_sessions.back().get();
    // The dialog that asked may close before the answer (Cancel while the server is slow): the
    // answer is then dropped, and the session retired without waiting for its worker.
    raw->askedBy =
        QObject::connect(context, &QObject::destroyed, m_anchor.get(), [this, raw] { retire(raw); });
    // Connect, check the role and make the store on the session's worker: a connection that takes
    // its whole timeout to fail keeps the dialog and the till behind it painting.
    raw->worker.call(
        context,
        [raw, settings, user, staffId, screen]() -> Result<bool> {
            auto connection = DbConnection::open(settings, QStringLiteral("manager"));
            if (!connection) {
                // The login only: never the password. DbConnection tells a refused login (its
                // sentence names the login) from a server that cannot be reached.
                const Error& e = connection.error();
                if (e.refusal == Refusal::LoginRefused)
                    spdlog::warn("manager sign-in as '{}' refused: {}", user.toStdString(),
                                 e.detail.toStdString());
                else
                    spdlog::warn("manager sign-in as '{}' could not connect: {}", user.toStdString(),
                                 e.detail.toStdString());
                return e;
            }
            // A manager's login is a member of boxoffice_manager; a terminal's is not
            // (ARCHITECTURE §7).
            auto role = connection.value()->exec(
                QStringLiteral("SELECT pg_has_role(current_user, 'boxoffice_manager', 'MEMBER')"));
            if (!role || !role.value().next() || !role.value().value(0).toBool())
                return makeError(ErrorCode::BadInput, tr("%1 is not a manager's login.").arg(user));
            // The member whose manager's PIN opened the pages acts for this session: the audit
            // log's rows of their changes name them (bo_staff_acting), not only the shared
            // manager's login.
            if (staffId > 0) {
                auto named = connection.value()->exec(
                    QStringLiteral("SELECT set_config('bo.staff', ?, false)"), {QString::number(staffId)});
                if (!named)
                    return named.error();
            }
            raw->connection = std::move(connection.value());
            DbConnection& db = *raw->connection;
            if (screen == Screen::WeekPlanner)
                raw->showtimes = std::make_unique<ShowtimeStore>(db);
            else if (screen == Screen::Films)
                raw->films = std::make_unique<FilmStore>(db);
            else if (screen == Screen::Reports)
                raw->reports = std::make_unique<ReportStore>(db);
            else
                raw->halls = std::make_unique<HallStore>(db);
            spdlog::info("manager '{}' (staff {}) signed in for the {}", user.toStdString(), staffId,
                         screenName(screen));
            return true;
        },
        [this, raw, screen, user, done = std::move(done)](const Result<bool>& signedIn) {
            if (signedIn)
                show(raw, screen, user);
            else
                retire(raw);
            done(signedIn);
        });
}

void PgManagerScreens::retire(Session* session)
{
    QObject::disconnect(session->askedBy);
    if (session->retiring)
        return;
    session->retiring = true;
    session->worker.stopLater([session] { session->closeStores(); }, m_anchor.get(),
                              [this, session] {
                                  const auto it = std::find_if(m_sessions.begin(), m_sessions.end(),
                                                               [session](const std::unique_ptr<Session>& s) {
                                                                   return s.get() == session;
                                                               });
                                  if (it != m_sessions.end())
                                      m_sessions.erase(it);
                              });
}

void PgManagerScreens::show(Session* session, Screen screen, const QString& user)
{
    QObject::disconnect(session->askedBy);
    QWidget* window = nullptr;
    WorkerThread& worker = session->worker;
    if (screen == Screen::WeekPlanner) {
        window = new WeekPlanner(PortCaller<ShowtimeSchedule>(*session->showtimes, worker));
        window->setWindowTitle(tr("Week planner — %1").arg(user));
    } else if (screen == Screen::Films) {
        window = new FilmScreen(PortCaller<FilmCatalog>(*session->films, worker));
        window->setWindowTitle(tr("Films — %1").arg(user));
    } else if (screen == Screen::Reports) {
        session->pdf = std::make_unique<ReportPdfWriter>();
        window = new ReportScreen(PortCaller<ReportSource>(*session->reports, worker), session->pdf.get());
        window->setWindowTitle(tr("Reports — %1").arg(user));
    } else {
        window = new LayoutEditor(PortCaller<HallCatalog>(*session->halls, worker));
        window->setWindowTitle(tr("Hall layouts — %1").arg(user));
    }
    window->setAttribute(Qt::WA_DeleteOnClose);
    session->window = window;
    // Closed: the window goes at once; the worker finishes what it was asked, closes the store
    // and the connection, and the session goes after it.
    QObject::connect(window, &QObject::destroyed, m_anchor.get(), [this, session] {
        session->window = nullptr;
        retire(session);
    });
    window->show();
    window->raise();
}

} // namespace bo
