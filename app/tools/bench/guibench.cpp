// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/guibench.h"

#include <algorithm>

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QJsonArray>
#include <QPaintEvent>
#include <QRandomGenerator>
#include <QTimeZone>

#include "db/announcer.h"
#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/paymentintentstore.h"
#include "db/pgterminalbackend.h"
#include "db/seatstore.h"
#include "model/payments/threadedsalepayments.h"
#include "model/sale/saleflow.h"
#include "model/seats/seatmap.h"
#include "ui/common/seatmapwidget.h"

namespace bo::bench {
namespace {

struct Stats
{
    double median = 0;
    double p95 = 0;
    double max = 0;
};

Stats statsOf(QList<double> v)
{
    Stats s;
    if (v.isEmpty())
        return s;
    std::sort(v.begin(), v.end());
    s.median = v.at(v.size() / 2);
    s.p95 = v.at(std::min<qsizetype>(v.size() - 1, qsizetype(double(v.size()) * 0.95)));
    s.max = v.last();
    return s;
}

QList<SeatState> grid(int rows, int perRow)
{
    QList<SeatState> seats;
    int id = 1;
    for (int r = 0; r < rows; ++r) {
        for (int n = 1; n <= perRow; ++n) {
            SeatState s;
            s.seatId = id++;
            s.row = r < 26 ? QString(QChar(u'A' + r)) : QStringLiteral("A%1").arg(r);
            s.number = n;
            s.label = s.row + QString::number(n);
            s.x = (n - 1) + (n > perRow / 2 ? 1.0 : 0.0);
            s.y = r * 1.2;
            s.status = (id % 7 == 0) ? SeatStatus::Reserved : SeatStatus::Free;
            seats << s;
        }
    }
    return seats;
}

/// Counts paint events of the map that cover a given seat.
class PaintProbe final : public QObject
{
public:
    explicit PaintProbe(SeatMapWidget* map)
        : m_map(map)
    {
        map->installEventFilter(this);
    }
    void watch(int seatId)
    {
        m_seat = seatId;
        m_seen = false;
    }
    [[nodiscard]] bool seen() const { return m_seen; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_map && event->type() == QEvent::Paint && m_seat > 0) {
            const auto* paint = static_cast<QPaintEvent*>(event);
            if (paint->rect().intersects(m_map->seatRect(m_seat)))
                m_seen = true;
        }
        return false;
    }

private:
    SeatMapWidget* m_map;
    int m_seat = 0;
    bool m_seen = false;
};

double residentMegabytes()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return -1;
}

QJsonObject paintBenchmark(int rows, int perRow, QTextStream& out)
{
    SeatMap map;
    map.reset(1, grid(rows, perRow));
    SeatMapWidget widget;
    widget.resize(1280, 900);
    widget.setSeatMap(&map);
    widget.show();
    widget.reloadSeats();
    widget.zoomToFit();
    QApplication::processEvents();
    QList<double> full;
    for (int i = 0; i < 60; ++i) {
        QElapsedTimer t;
        t.start();
        widget.repaint();
        full << double(t.nsecsElapsed()) / 1e6;
    }
    full = full.mid(10); // warm-up frames out
    QList<double> single;
    int painted = 0;
    for (int i = 0; i < 200; ++i) {
        const int id = 1 + QRandomGenerator::global()->bounded(rows * perRow);
        const SeatStatus next =
            map.seat(id)->status == SeatStatus::Free ? SeatStatus::Held : SeatStatus::Free;
        QElapsedTimer t;
        t.start();
        const QList<int> changed = map.setStatus({id}, next);
        widget.repaintSeats(changed);
        widget.repaint(widget.seatRect(id));
        single << double(t.nsecsElapsed()) / 1e6;
        painted = std::max(painted, widget.paintedSeatsLastFrame());
    }
    const Stats f = statsOf(full);
    const Stats s = statsOf(single);
    out << QStringLiteral(
               "| paint %1 seats | full %2 ms (p95 %3) | one seat %4 ms (p95 %5, ≤ %6 seats drawn) |\n")
               .arg(rows * perRow)
               .arg(f.median, 0, 'f', 2)
               .arg(f.p95, 0, 'f', 2)
               .arg(s.median, 0, 'f', 3)
               .arg(s.p95, 0, 'f', 3)
               .arg(painted);
    return QJsonObject{{QStringLiteral("seats"), rows * perRow},
                       {QStringLiteral("full_paint_median_ms"), f.median},
                       {QStringLiteral("full_paint_p95_ms"), f.p95},
                       {QStringLiteral("seat_repaint_median_ms"), s.median},
                       {QStringLiteral("seat_repaint_p95_ms"), s.p95},
                       {QStringLiteral("seat_repaint_max_seats_drawn"), painted}};
}

/// The road not taken, measured in the same run: the same seats as QGraphicsView items (a rounded
/// rectangle each, the simplest seat look), full repaint of the viewport.
QJsonObject graphicsViewBaseline(int rows, int perRow, QTextStream& out)
{
    QGraphicsScene scene;
    for (const SeatState& s : grid(rows, perRow)) {
        auto* item =
            scene.addRect(QRectF(s.x * 10.0, s.y * 10.0, 9.0, 9.0), QPen(Qt::darkGray),
                          s.status == SeatStatus::Reserved ? QBrush(Qt::darkGray) : QBrush(Qt::white));
        item->setToolTip(s.label);
    }
    QGraphicsView view(&scene);
    view.resize(1280, 900);
    view.show();
    view.fitInView(scene.sceneRect(), Qt::KeepAspectRatio);
    QApplication::processEvents();
    QList<double> full;
    for (int i = 0; i < 60; ++i) {
        QElapsedTimer t;
        t.start();
        view.viewport()->repaint();
        full << double(t.nsecsElapsed()) / 1e6;
    }
    const Stats f = statsOf(full.mid(10));
    out << QStringLiteral(
               "| baseline: QGraphicsView, %1 plain rectangles | full %2 ms (p95 %3) | same seats, no "
               "status or kind symbols |\n")
               .arg(rows * perRow)
               .arg(f.median, 0, 'f', 2)
               .arg(f.p95, 0, 'f', 2);
    return QJsonObject{{QStringLiteral("seats"), rows * perRow},
                       {QStringLiteral("full_paint_median_ms"), f.median},
                       {QStringLiteral("full_paint_p95_ms"), f.p95}};
}

QJsonObject latencyBenchmark(const ConnectionSettings& server, int samples, QTextStream& out)
{
    // A fresh database with the demo cinema on the given server.
    const QString name =
        QStringLiteral("bench_gui_%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    {
        auto admin = DbConnection::open(server, QStringLiteral("bench-admin"));
        if (!admin || !admin.value()->execScript(QStringLiteral("CREATE DATABASE ") + name))
            return QJsonObject{
                {QStringLiteral("error"), QStringLiteral("cannot create the benchmark database")}};
    }
    const ConnectionSettings settings = server.withDatabase(name);
    auto writer = DbConnection::open(settings, QStringLiteral("bench-writer"));
    if (!writer)
        return QJsonObject{{QStringLiteral("error"), writer.error().message}};
    Migrator migrator(*writer.value());
    CatalogStore catalog(*writer.value());
    // The demo from tomorrow on, and Hall 1's first showtime moved to an hour from now: on sale,
    // and clear of the hall's other showtimes (a hall's showtimes never overlap, migration 0020).
    if (!migrator.migrate() ||
        !catalog.seedDemo(QDate::currentDate().addDays(1), QTimeZone::systemTimeZone()))
        return QJsonObject{
            {QStringLiteral("error"), QStringLiteral("cannot prepare the benchmark database")}};
    (void)writer.value()->execScript(QStringLiteral(
        "UPDATE showtime SET starts_at = now() + interval '1 hour' WHERE id = (SELECT min(st.id) FROM "
        "showtime st JOIN auditorium a ON a.id = st.auditorium_id WHERE a.name = 'Hall 1')"));
    auto rows = writer.value()->exec(QStringLiteral("SELECT min(st.id) FROM showtime st JOIN auditorium a "
                                                    "ON a.id = st.auditorium_id WHERE a.name = 'Hall 1'"));
    const int showtime = rows && rows.value().next() ? rows.value().value(0).toInt() : 0;

    // The site's announcer (the payment service's at a cinema) publishes what terminal A changes.
    Announcer announcer(settings);
    announcer.start();
    // Terminal B: the real backend, flow and map widget; it never pays (cash only, never used).
    PgTerminalBackend backend(settings);
    ThreadedSalePayments desk(PaymentIntentStore::factory(settings, QStringLiteral("bench-b-payments")),
                              SeatStore::factory(settings, QStringLiteral("bench-b-payments")), {}, false);
    SaleFlow flow(&backend, &desk, QStringLiteral("bench-b"));
    SeatMapWidget widget;
    widget.resize(1280, 900);
    widget.setSeatMap(&flow.seatMap());
    QObject::connect(&flow, &SaleFlow::seatsUpdated, &widget, &SeatMapWidget::repaintSeats);
    QObject::connect(&flow, &SaleFlow::showtimeOpened, &widget, [&widget] {
        widget.reloadSeats();
        widget.zoomToFit();
    });
    PaintProbe probe(&widget);
    widget.show();
    backend.start();
    QElapsedTimer wait;
    wait.start();
    while (!backend.isOnline() && wait.elapsed() < 10000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    flow.openShowtime(showtime);
    while (flow.state() != SaleFlow::State::Selecting && wait.elapsed() < 20000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    const QList<SeatState> seats = flow.seatMap().seats();

    // Terminal A: holds and releases seats one at a time; time from its commit to B's repaint.
    SeatStore store(*writer.value());
    const QUuid owner = QUuid::createUuid();
    QList<double> afterCommit;
    QList<double> sinceSend;
    int lost = 0;
    for (int i = 0; i < samples && !seats.isEmpty(); ++i) {
        const int seat = seats.at(i % seats.size()).seatId;
        probe.watch(seat);
        QElapsedTimer t;
        t.start();
        const bool holding = (i / int(seats.size())) % 2 == 0;
        if (holding)
            (void)store.hold(showtime, {seat}, owner);
        else
            (void)store.release(showtime, owner, {seat});
        const qint64 committed = t.nsecsElapsed();
        while (!probe.seen() && t.elapsed() < 2000)
            QApplication::processEvents(QEventLoop::AllEvents, 1);
        if (!probe.seen()) {
            ++lost;
            continue;
        }
        sinceSend << double(t.nsecsElapsed()) / 1e6;
        afterCommit << double(t.nsecsElapsed() - committed) / 1e6;
    }
    backend.stop();
    announcer.stop();
    writer.value().reset();
    if (auto admin = DbConnection::open(server, QStringLiteral("bench-admin")))
        (void)admin.value()->execScript(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name));

    const Stats a = statsOf(afterCommit);
    const Stats s = statsOf(sinceSend);
    out << QStringLiteral("| NOTIFY to repaint, %1 changes | after commit p50 %2 ms, p95 %3 ms, max %4 ms | "
                          "from the hold's send p50 %5 ms, p95 %6 ms; %7 not seen in 2 s |\n")
               .arg(afterCommit.size())
               .arg(a.median, 0, 'f', 2)
               .arg(a.p95, 0, 'f', 2)
               .arg(a.max, 0, 'f', 2)
               .arg(s.median, 0, 'f', 2)
               .arg(s.p95, 0, 'f', 2)
               .arg(lost);
    return QJsonObject{{QStringLiteral("changes"), afterCommit.size()},
                       {QStringLiteral("after_commit_p50_ms"), a.median},
                       {QStringLiteral("after_commit_p95_ms"), a.p95},
                       {QStringLiteral("after_commit_max_ms"), a.max},
                       {QStringLiteral("since_send_p50_ms"), s.median},
                       {QStringLiteral("since_send_p95_ms"), s.p95},
                       {QStringLiteral("not_seen"), lost}};
}

} // namespace

QJsonObject runGuiBenchmarks(const ConnectionSettings& server, int latencySamples, QTextStream& out)
{
    out << "| GUI figure | result | detail |\n|---|---|---|\n";
    QJsonArray paints;
    for (const auto& [rows, perRow] : {std::pair{15, 20}, std::pair{40, 50}, std::pair{100, 100}})
        paints.append(paintBenchmark(rows, perRow, out));
    const QJsonObject baseline10k = graphicsViewBaseline(100, 100, out);
    const double baseline = residentMegabytes();
    double withMap = 0;
    {
        SeatMap map;
        map.reset(1, grid(100, 100));
        SeatMapWidget widget;
        widget.resize(1280, 900);
        widget.setSeatMap(&map);
        widget.show();
        widget.reloadSeats();
        widget.repaint();
        QApplication::processEvents();
        withMap = residentMegabytes();
    }
    out << QStringLiteral(
               "| resident memory with a 10,000-seat map shown | %1 MB | whole benchmark process |\n")
               .arg(withMap, 0, 'f', 1);
    const QJsonObject latency = latencyBenchmark(server, latencySamples, out);
    out.flush();
    return QJsonObject{{QStringLiteral("paint"), paints},
                       {QStringLiteral("graphics_view_baseline"), baseline10k},
                       {QStringLiteral("rss_mb_before_map"), baseline},
                       {QStringLiteral("rss_mb_with_10000_seat_map"), withMap},
                       {QStringLiteral("notify_to_repaint"), latency}};
}

} // namespace bo::bench
