// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/doorbench.h"

#include <algorithm>
#include <memory>

#include <QApplication>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QUuid>

#include "app/adapters/tickets/ed25519.h"
#include "app/tools/bench/benchdatabase.h"
#include "db/dbconnection.h"
#include "db/pgdoorbackend.h"
#include "db/seatstore.h"
#include "db/ticketstore.h"
#include "model/core/clock.h"
#include "model/door/doorcheck.h"
#include "model/sale/checkedseatcommands.h"
#include "ui/door/doorwindow.h"
#include "ui/door/verdictview.h"

namespace bo::bench {
namespace {

constexpr double targetMs = 50.0;

struct Figures
{
    double median = 0;
    double p95 = 0;
    double max = 0;
};

Figures figuresOf(QList<double> v)
{
    Figures f;
    if (v.isEmpty())
        return f;
    std::sort(v.begin(), v.end());
    f.median = v.at(v.size() / 2);
    f.p95 = v.at(std::min<qsizetype>(v.size() - 1, qsizetype(double(v.size()) * 0.95)));
    f.max = v.last();
    return f;
}

/// A key as the scanner's keyboard sends it (press and release) to the window.
void sendKey(QWidget* window, int key, const QString& text = {})
{
    QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier, text);
    QApplication::sendEvent(window, &press);
    QKeyEvent release(QEvent::KeyRelease, key, Qt::NoModifier, text);
    QApplication::sendEvent(window, &release);
}

/// Runs the event loop until `done` or `ms` have passed.
template <typename Done> bool waitFor(Done done, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    return done();
}

QJsonObject failure(const QString& what, QTextStream& out)
{
    out << "| door scan to verdict | failed | " << what << " |\n";
    return QJsonObject{{QStringLiteral("error"), what}};
}

/// Sells one booking per seat and issues its ticket; the payloads, or an error.
Result<QStringList> sellTickets(DbConnection& connection, int showtime, const QList<int>& seats, int count)
{
    TicketStore tickets(connection);
    auto pair = generateTicketKeyPair();
    if (!pair)
        return pair.error();
    auto keyId = tickets.addKey(pair.value().publicKey, pair.value().secretKey);
    if (!keyId)
        return keyId.error();
    const Ed25519Signer signer(SigningKey{keyId.value(), pair.value().secretKey});
    SeatStore store(connection);
    QStringList payloads;
    for (int i = 0; i < count && i < seats.size(); ++i) {
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = store.hold(showtime, {seats.at(i)}, owner);
        if (!held)
            return held.error();
        ConfirmRequest request;
        request.terminal = QStringLiteral("bench");
        request.key = QUuid::createUuid();
        request.showtimeId = showtime;
        request.owner = owner;
        auto done = store.confirm(request);
        if (!done)
            return done.error();
        auto issued = tickets.issue(done.value().code, false, signer);
        if (!issued)
            return issued.error();
        for (const Ticket& t : issued.value())
            payloads.append(t.payload);
    }
    return payloads;
}

/// Scans every text into the window and times Enter → the verdict painted; false on a verdict
/// of another kind than `expected` or one that never came.
bool timeScans(DoorWindow& window, const QStringList& texts, DoorReason expected, QList<double>* times,
               QString* problem)
{
    VerdictView* view = window.verdictView();
    quint64 painted = 0;
    const auto connection =
        QObject::connect(view, &VerdictView::painted, view, [&painted](quint64 number) { painted = number; });
    bool ok = true;
    for (const QString& text : texts) {
        const quint64 before = view->verdict() ? view->verdict()->number : 0;
        // The scanner's typing is the scanner's time; the clock starts at its Enter.
        for (const QChar c : text)
            sendKey(&window, c.isDigit() ? Qt::Key_0 + c.digitValue() : Qt::Key_A + (c.unicode() - u'A'), c);
        QElapsedTimer t;
        t.start();
        sendKey(&window, Qt::Key_Return, QStringLiteral("\r"));
        if (!waitFor([&painted, before] { return painted > before; }, 10000)) {
            *problem = QStringLiteral("no verdict painted within 10 s");
            ok = false;
            break;
        }
        times->append(double(t.nsecsElapsed()) / 1e6);
        if (view->verdict()->reason != expected) {
            *problem = QStringLiteral("verdict %1 where %2 was expected")
                           .arg(int(view->verdict()->reason))
                           .arg(int(expected));
            ok = false;
            break;
        }
    }
    QObject::disconnect(connection);
    return ok;
}

} // namespace

QJsonObject runDoorBenchmark(const ConnectionSettings& server, int tickets, QTextStream& out)
{
    out << "| door: Enter to verdict painted | median | p95 | max | n |\n|---|---|---|---|---|\n";
    auto created = BenchDatabase::create(server);
    if (!created)
        return failure(created.error().detail, out);
    const BenchDatabase& database = *created.value();
    const int showtime = database.context().showtimeId;
    auto connection = DbConnection::open(database.context().database, QStringLiteral("door-bench"));
    if (!connection)
        return failure(connection.error().detail, out);
    auto sold = sellTickets(*connection.value(), showtime, database.seatIds(), tickets);
    if (!sold)
        return failure(sold.error().detail, out);
    if (!connection.value()->exec(
            QStringLiteral("UPDATE showtime SET starts_at = now() + interval '10 minutes' WHERE id = ?"),
            {showtime}))
        return failure(QStringLiteral("cannot move the showtime"), out);

    PgDoorBackend backend(database.context().database);
    SteadyClock clock;
    DoorOptions options;
    options.door = QStringLiteral("Bench");
    options.showtimeId = showtime;
    DoorCheck check(
        &backend,
        [](const QList<TicketKey>& keys) {
            return std::make_unique<Ed25519KeyRing>(Ed25519KeyRing::fromKeys(keys));
        },
        clock, options);
    DoorWindow window(&check, nullptr);
    window.resize(1920, 1080);
    window.show();
    check.start();
    if (!waitFor([&check] { return check.isReady() && check.isOnline(); }, 15000))
        return failure(QStringLiteral("the door did not load"), out);

    QStringList forged;
    for (QString text : sold.value()) {
        text[100] = text.at(100) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
        forged.append(text);
    }
    QJsonObject json{{QStringLiteral("tickets"), int(sold.value().size())},
                     {QStringLiteral("platform"), QGuiApplication::platformName()},
                     {QStringLiteral("target_ms"), targetMs}};
    const struct
    {
        const char* key;
        const char* label;
        const QStringList& texts;
        DoorReason expected;
    } runs[] = {{"admit", "admit (database admits)", sold.value(), DoorReason::Admitted},
                {"already_used", "already used (database refuses)", sold.value(), DoorReason::AlreadyUsed},
                {"forged", "forged (signature, no database)", forged, DoorReason::Forged}};
    for (const auto& run : runs) {
        QList<double> times;
        QString problem;
        if (!timeScans(window, run.texts, run.expected, &times, &problem)) {
            backend.stop();
            return failure(QStringLiteral("%1: %2").arg(QLatin1String(run.key), problem), out);
        }
        const Figures f = figuresOf(times);
        out << QStringLiteral("| %1 | %2 ms | %3 ms | %4 ms | %5 |\n")
                   .arg(QLatin1String(run.label))
                   .arg(f.median, 0, 'f', 2)
                   .arg(f.p95, 0, 'f', 2)
                   .arg(f.max, 0, 'f', 2)
                   .arg(times.size());
        json[QLatin1String(run.key)] = QJsonObject{{QStringLiteral("p50_ms"), f.median},
                                                   {QStringLiteral("p95_ms"), f.p95},
                                                   {QStringLiteral("max_ms"), f.max},
                                                   {QStringLiteral("n"), int(times.size())}};
    }
    backend.stop();
    const double admitP95 =
        json.value(QStringLiteral("admit")).toObject().value(QStringLiteral("p95_ms")).toDouble();
    out << QStringLiteral("\nTarget: Enter to green ≤ %1 ms — p95 %2 ms: %3\n")
               .arg(targetMs, 0, 'f', 0)
               .arg(admitP95, 0, 'f', 2)
               .arg(admitP95 <= targetMs ? QStringLiteral("met") : QStringLiteral("MISSED"));
    json[QStringLiteral("target_met")] = admitP95 <= targetMs;
    return json;
}

} // namespace bo::bench
