// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The website's API (app/web) through the real HTTP server on loopback, against the fixture's
// PostgreSQL on the website's login: the showtimes, a seat map, a customer's hold changed and
// given back, another customer's seats refused whole, bad input of every kind answered with a
// problem document and nothing changed, the per-client limit, two instances on one database, and
// a storm of customers racing for the same seats through both.
#include <atomic>
#include <initializer_list>
#include <memory>
#include <thread>
#include <vector>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include "app/web/httpserver.h"
#include "app/web/showtimefeed.h"
#include "app/web/webapi.h"
#include "db/announcer.h"
#include "tests/support/testdatabase.h"

using bo::test::TestDatabase;
using namespace bo::web;

namespace {

struct Reply
{
    int status = 0;
    QMap<QByteArray, QByteArray> headers; ///< lower-case names
    QByteArray body;

    [[nodiscard]] QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    [[nodiscard]] QString problemType() const { return json().value(QStringLiteral("type")).toString(); }
    /// The sale cookie's "bo_sale=..." from Set-Cookie; "" when none was set.
    [[nodiscard]] QByteArray saleCookie() const
    {
        const QByteArray set = headers.value("set-cookie");
        return set.left(set.indexOf(';'));
    }
};

/// Sends `raw` as it is on a new connection and reads the answer until the server closes.
Reply sendRaw(quint16 port, const QByteArray& raw)
{
    Reply r;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000))
        return r;
    socket.write(raw);
    QByteArray data;
    // Bounded: an answer that never ends (a stream where none was expected) fails, never hangs.
    const QDeadlineTimer deadline(20000);
    while (socket.state() == QAbstractSocket::ConnectedState && !deadline.hasExpired() &&
           socket.waitForReadyRead(10000))
        data += socket.readAll();
    data += socket.readAll();
    const qsizetype end = data.indexOf("\r\n\r\n");
    if (end < 0)
        return r;
    const QList<QByteArray> lines = data.left(end).split('\n');
    r.status = lines.value(0).split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        r.headers.insert(line.left(colon).toLower(), line.mid(colon + 1).trimmed());
    }
    r.body = data.mid(end + 4);
    return r;
}

/// Reads a stream into `heard` until it holds `what` (true) or 15 s pass (false).
bool readStream(QTcpSocket& socket, QByteArray* heard, const QByteArray& what)
{
    QDeadlineTimer deadline(15000);
    while (!heard->contains(what) && !deadline.hasExpired()) {
        if (socket.waitForReadyRead(200))
            *heard += socket.readAll();
    }
    return heard->contains(what);
}

/// One request, closed after the answer; `cookie` is "bo_sale=..." or empty.
Reply request(quint16 port, const QByteArray& method, const QByteArray& target, const QByteArray& body = {},
              const QByteArray& cookie = {}, const QByteArray& extraHeaders = {})
{
    QByteArray raw = method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    if (!cookie.isEmpty())
        raw += "Cookie: theme=dark; " + cookie + "\r\n";
    if (!body.isEmpty())
        raw +=
            "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    raw += extraHeaders + "\r\n" + body;
    return sendRaw(port, raw);
}

/// Texts written as ASCII literals, e.g. seat labels.
QStringList texts(std::initializer_list<const char*> items)
{
    QStringList out;
    for (const char* item : items)
        out << QString::fromLatin1(item);
    return out;
}

QByteArray seatsBody(std::initializer_list<const char*> labels)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("seats"), QJsonArray::fromStringList(texts(labels))}})
        .toJson(QJsonDocument::Compact);
}

/// The seat map as "A1:held:mine" items, only the seats that are not free.
QStringList taken(const Reply& map)
{
    QStringList out;
    for (const auto& v : map.json().value(QStringLiteral("seats")).toArray()) {
        const QJsonObject s = v.toObject();
        if (s.value(QStringLiteral("state")).toString() == QLatin1String("free"))
            continue;
        out << s.value(QStringLiteral("label")).toString() + QLatin1Char(':') +
                   s.value(QStringLiteral("state")).toString() +
                   (s.value(QStringLiteral("mine")).toBool() ? QStringLiteral(":mine") : QString());
    }
    return out;
}

} // namespace

class TstWebApi final : public QObject
{
    Q_OBJECT

private:
    /// A website instance on loopback, on the web login.
    struct Site
    {
        std::unique_ptr<WebApi> api;
        std::unique_ptr<HttpServer> server;
        quint16 port = 0;
    };

    /// The tests' customers all come from 127.0.0.1: as many new sales as they like, unless a
    /// test says otherwise.
    static WebApiOptions lenient()
    {
        WebApiOptions options;
        options.newSalesBurst = 100000;
        return options;
    }

    /// What makes a site's streams live: the site's announcer (the payment service's, in
    /// production) publishing the seat changes and line moves, and the site's one LISTEN.
    struct LiveSite
    {
        LiveSite(const TestDatabase& db, HttpServer& server)
            : announcer(db.serviceSettings())
            , feed(
                  db.webSettings(),
                  [&server](const std::string& topic, std::string event) {
                      server.publish(topic, std::move(event));
                  },
                  [&server](std::string event) { server.publishAll(std::move(event)); })
        {
            announcer.start();
            feed.start();
        }
        ~LiveSite()
        {
            feed.stop();
            announcer.stop();
        }
        LiveSite(const LiveSite&) = delete;
        LiveSite& operator=(const LiveSite&) = delete;

        bo::Announcer announcer;
        ShowtimeFeed feed;
    };

    std::unique_ptr<Site> startSite(HttpServerOptions options = {}, WebApiOptions apiOptions = lenient())
    {
        auto site = std::make_unique<Site>();
        apiOptions.secureCookies = false;
        site->api = std::make_unique<WebApi>(m_db->webSettings(), apiOptions);
        WebApi* api = site->api.get();
        options.address = "127.0.0.1";
        site->server =
            std::make_unique<HttpServer>(options, [api](const HttpRequest& r) { return api->handle(r); });
        std::string error;
        if (!site->server->start(&error))
            return nullptr;
        site->port = site->server->port();
        return site;
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<Site> m_site;
    int m_showtime = 0;
    int m_halls = 0;

private slots:
    // One database and one site for the whole run; each test sells its own new showtime.
    void initTestCase()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_site = startSite();
        QVERIFY(m_site);
    }
    void init()
    {
        m_showtime = m_db->addShowtime(3, 10, QStringLiteral("Hall %1").arg(++m_halls));
        QVERIFY(m_showtime > 0);
    }
    void cleanupTestCase()
    {
        m_site.reset();
        m_db.reset();
    }

    void showtimesAndTheirPrices()
    {
        const Reply list = request(m_site->port, "GET", "/api/showtimes");
        QCOMPARE(list.status, 200);
        QCOMPARE(list.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(list.headers.value("x-content-type-options"), QByteArray("nosniff"));
        QCOMPARE(list.headers.value("cache-control"), QByteArray("no-store"));
        QVERIFY(list.headers.value("content-security-policy").contains("frame-ancestors 'none'"));
        QJsonObject listed;
        for (const auto& v : list.json().value(QStringLiteral("showtimes")).toArray()) {
            if (v.toObject().value(QStringLiteral("id")).toInt() == m_showtime)
                listed = v.toObject();
        }
        QCOMPARE(listed.value(QStringLiteral("seats")).toObject().value(QStringLiteral("total")).toInt(), 30);
        QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("ON_SALE"));
        QVERIFY(!listed.value(QStringLiteral("film"))
                     .toObject()
                     .value(QStringLiteral("title"))
                     .toString()
                     .isEmpty());

        const Reply one = request(m_site->port, "GET", "/api/showtimes/" + QByteArray::number(m_showtime));
        QCOMPARE(one.status, 200);
        QCOMPARE(one.json().value(QStringLiteral("prices")).toArray().size(), 2);

        const Reply seats =
            request(m_site->port, "GET", "/api/showtimes/" + QByteArray::number(m_showtime) + "/seats");
        QCOMPARE(seats.status, 200);
        QCOMPARE(seats.json().value(QStringLiteral("seats")).toArray().size(), 30);
        QVERIFY(taken(seats).isEmpty());
    }

    void aCustomerHoldsChangesAndGivesBack()
    {
        const QByteArray base = "/api/showtimes/" + QByteArray::number(m_showtime);
        const Reply held = request(m_site->port, "PUT", base + "/hold", seatsBody({"A1", "a2"}));
        QCOMPARE(held.status, 200);
        const QByteArray cookie = held.saleCookie();
        QVERIFY2(cookie.startsWith("bo_sale="), held.headers.value("set-cookie").constData());
        const QByteArray setCookie = held.headers.value("set-cookie");
        QVERIFY(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") &&
                setCookie.contains("Path=/api"));
        QCOMPARE(held.json().value(QStringLiteral("seats")).toArray().size(), 2);
        QVERIFY(held.json().value(QStringLiteral("remainingMs")).toInteger() > 60000);

        QCOMPARE(taken(request(m_site->port, "GET", base + "/seats", {}, cookie)),
                 texts({"A1:held:mine", "A2:held:mine"}));
        // Another customer sees them taken, not theirs.
        QCOMPARE(taken(request(m_site->port, "GET", base + "/seats")), texts({"A1:held", "A2:held"}));

        const Reply changed = request(m_site->port, "PUT", base + "/hold", seatsBody({"A2", "A3"}), cookie);
        QCOMPARE(changed.status, 200);
        QVERIFY(changed.saleCookie().isEmpty()); // the same sale
        QCOMPARE(taken(request(m_site->port, "GET", base + "/seats", {}, cookie)),
                 texts({"A2:held:mine", "A3:held:mine"}));

        const Reply released = request(m_site->port, "DELETE", base + "/hold", {}, cookie);
        QCOMPARE(released.status, 200);
        QCOMPARE(released.json().value(QStringLiteral("released")).toInt(), 2);
        QVERIFY(taken(request(m_site->port, "GET", base + "/seats")).isEmpty());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1 AND "
                                             "status <> 'FREE'")
                                  .arg(m_showtime)),
                 QStringLiteral("0"));
    }

    void anotherCustomersSeatsAreRefusedWhole()
    {
        const QByteArray base = "/api/showtimes/" + QByteArray::number(m_showtime);
        const Reply first = request(m_site->port, "PUT", base + "/hold", seatsBody({"B5"}));
        QCOMPARE(first.status, 200);
        const Reply second = request(m_site->port, "PUT", base + "/hold", seatsBody({"B4", "B5", "B6"}));
        QCOMPARE(second.status, 409);
        QCOMPARE(second.headers.value("content-type"), QByteArray("application/problem+json"));
        QCOMPARE(second.problemType(), QStringLiteral("urn:boxoffice:problem:seats-unavailable"));
        const QJsonArray refused = second.json().value(QStringLiteral("seats")).toArray();
        QCOMPARE(refused.size(), 1);
        QCOMPARE(refused.first().toObject().value(QStringLiteral("seat")).toString(), QStringLiteral("B5"));
        QCOMPARE(refused.first().toObject().value(QStringLiteral("reason")).toString(),
                 QStringLiteral("held"));
        // The nearest block of three free seats is offered, B5 not in it.
        const QJsonArray nearest = second.json().value(QStringLiteral("nearest")).toArray();
        QCOMPARE(nearest.size(), 3);
        for (const auto& label : nearest)
            QVERIFY(label.toString() != QLatin1String("B5"));
        // All or nothing: B4 and B6 were not held for the second customer.
        QCOMPARE(taken(request(m_site->port, "GET", base + "/seats")), texts({"B5:held"}));

        // A made-up sale releases nothing of the first customer's.
        const QByteArray forged = "bo_sale=" + QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
        const Reply release = request(m_site->port, "DELETE", base + "/hold", {}, forged);
        QCOMPARE(release.status, 200);
        QCOMPARE(release.json().value(QStringLiteral("released")).toInt(), 0);
        QCOMPARE(taken(request(m_site->port, "GET", base + "/seats", {}, first.saleCookie())),
                 texts({"B5:held:mine"}));
    }

    void badInputIsAProblemAndChangesNothing_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("type");
        const auto put = [](const QByteArray& target, const QByteArray& body,
                            const QByteArray& type = "application/json", const QByteArray& extra = {}) {
            return "PUT " + target +
                   " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: " + type +
                   "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extra + "\r\n" + body;
        };
        const auto get = [](const QByteArray& target, const QByteArray& method = "GET") {
            return method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
        };
        QTest::newRow("not json") << put("/api/showtimes/SHOW/hold", "{seats:") << 400
                                  << QByteArray("urn:boxoffice:problem:bad-input");
        QTest::newRow("seats not a list") << put("/api/showtimes/SHOW/hold", "{\"seats\":\"A1\"}") << 400
                                          << QByteArray("urn:boxoffice:problem:bad-input");
        QTest::newRow("seat not a label") << put("/api/showtimes/SHOW/hold", "{\"seats\":[12]}") << 400
                                          << QByteArray("urn:boxoffice:problem:bad-input");
        QTest::newRow("a NUL in a label") << put("/api/showtimes/SHOW/hold", "{\"seats\":[\"A\\u0000\"]}")
                                          << 400 << QByteArray("urn:boxoffice:problem:bad-input");
        QTest::newRow("no such seat") << put("/api/showtimes/SHOW/hold", "{\"seats\":[\"A1\",\"Z99\"]}")
                                      << 400 << QByteArray("urn:boxoffice:problem:");
        QTest::newRow("too many seats")
            << put("/api/showtimes/SHOW/hold",
                   seatsBody({"C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "B1"}))
            << 400 << QByteArray("urn:boxoffice:problem:");
        QTest::newRow("no such showtime") << put("/api/showtimes/999999/hold", "{\"seats\":[\"A1\"]}") << 404
                                          << QByteArray("urn:boxoffice:problem:");
        QTest::newRow("id not a number")
            << get("/api/showtimes/1x/seats") << 404 << QByteArray("urn:boxoffice:problem:not-found");
        QTest::newRow("unknown address")
            << get("/admin") << 404 << QByteArray("urn:boxoffice:problem:not-found");
        QTest::newRow("wrong method") << get("/api/showtimes/SHOW/seats", "POST") << 405
                                      << QByteArray("urn:boxoffice:problem:method-not-allowed");
        QTest::newRow("a form's type")
            << put("/api/showtimes/SHOW/hold", "seats=A1", "application/x-www-form-urlencoded") << 415
            << QByteArray("urn:boxoffice:problem:unsupported-media-type");
        QTest::newRow("another site's page") << put("/api/showtimes/SHOW/hold", "{\"seats\":[\"A1\"]}",
                                                    "application/json", "Origin: https://evil.example\r\n")
                                             << 403 << QByteArray("urn:boxoffice:problem:cross-site");
        QTest::newRow("body too large") << put("/api/showtimes/SHOW/hold", QByteArray(20000, ' ')) << 413
                                        << QByteArray("urn:boxoffice:problem:too-large");
        QTest::newRow("headers too large")
            << "GET /api/showtimes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Junk: " + QByteArray(10000, 'x') +
                   "\r\n\r\n"
            << 431 << QByteArray("urn:boxoffice:problem:headers-too-large");
        QTest::newRow("not http") << QByteArray("HELLO THERE\r\n\r\n") << 400
                                  << QByteArray("urn:boxoffice:problem:bad-request");
    }

    void badInputIsAProblemAndChangesNothing()
    {
        QFETCH(QByteArray, raw);
        QFETCH(int, status);
        QFETCH(QByteArray, type);
        raw.replace("SHOW", QByteArray::number(m_showtime));
        const QString before = m_db->snapshot();
        const Reply r = sendRaw(m_site->port, raw);
        QCOMPARE(r.status, status);
        QCOMPARE(r.headers.value("content-type"), QByteArray("application/problem+json"));
        QVERIFY2(r.problemType().toUtf8().startsWith(type), qPrintable(r.problemType()));
        QCOMPARE(r.json().value(QStringLiteral("status")).toInt(), status);
        QVERIFY(!r.json().value(QStringLiteral("detail")).toString().isEmpty());
        QCOMPARE(m_db->snapshot(), before);
    }

    /// One client gets its burst, then 429 with a time to wait; a forwarded address counts only
    /// from a trusted proxy, so a client cannot spend somebody else's limit nor get a fresh one.
    void aClientIsLimitedByItsAddress()
    {
        HttpServerOptions options;
        options.ratePerSecond = 0.5;
        options.rateBurst = 3;
        auto strict = startSite(options);
        QVERIFY(strict);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(request(strict->port, "GET", "/healthz", {}, {},
                             "X-Forwarded-For: 10.0.0." + QByteArray::number(i) + "\r\n")
                         .status,
                     200);
        const Reply limited =
            request(strict->port, "GET", "/healthz", {}, {}, "X-Forwarded-For: 10.9.9.9\r\n");
        QCOMPARE(limited.status, 429);
        QCOMPARE(limited.problemType(), QStringLiteral("urn:boxoffice:problem:too-many-requests"));
        QVERIFY(limited.headers.value("retry-after").toInt() >= 1);
        QCOMPARE(strict->server->stats().rateLimited, 1);

        options.trustedProxies = {"127.0.0.1"};
        auto proxied = startSite(options);
        QVERIFY(proxied);
        for (int client = 0; client < 3; ++client) {
            for (int i = 0; i < 3; ++i) {
                const QByteArray forwarded =
                    "X-Forwarded-For: 6.6.6.6, 10.0.0." + QByteArray::number(client) + "\r\n";
                QCOMPARE(request(proxied->port, "GET", "/healthz", {}, {}, forwarded).status, 200);
            }
        }
        QCOMPARE(request(proxied->port, "GET", "/healthz", {}, {}, "X-Forwarded-For: 10.0.0.1\r\n").status,
                 429);
    }

    /// docs/openapi.json is the contract: each of its operations, asked well, is answered with
    /// its documented success, in the documented content type, with the fields its schema
    /// requires; and docs/API.md describes exactly the same operations.
    void everyOperationOfTheOpenApiFileIsAnswered()
    {
        QFile file(QStringLiteral(BOXOFFICE_SOURCE_DIR "/docs/openapi.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject spec = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(spec.value(QStringLiteral("openapi")).toString(), QStringLiteral("3.1.0"));
        const QJsonObject schemas =
            spec.value(QStringLiteral("components")).toObject().value(QStringLiteral("schemas")).toObject();
        // The fields a schema requires, through one $ref and allOf.
        const auto required = [&schemas](QJsonObject schema) {
            QStringList out;
            const QString ref = schema.value(QStringLiteral("$ref")).toString();
            if (!ref.isEmpty())
                schema = schemas.value(ref.section(QLatin1Char('/'), -1)).toObject();
            QJsonArray parts = schema.value(QStringLiteral("allOf")).toArray();
            if (parts.isEmpty())
                parts.append(schema);
            for (const auto& part : parts) {
                QJsonObject p = part.toObject();
                const QString partRef = p.value(QStringLiteral("$ref")).toString();
                if (!partRef.isEmpty())
                    p = schemas.value(partRef.section(QLatin1Char('/'), -1)).toObject();
                for (const auto& name : p.value(QStringLiteral("required")).toArray())
                    out << name.toString();
            }
            return out;
        };

        // One sale for every request, as a page has: joined first, so its place can be asked for.
        const Reply joined = request(m_site->port, "POST",
                                     "/api/showtimes/" + QByteArray::number(m_showtime) + "/queue", "{}");
        QCOMPARE(joined.status, 200);
        const QByteArray cookie = joined.saleCookie();
        QStringList operations;
        const QJsonObject paths = spec.value(QStringLiteral("paths")).toObject();
        for (auto path = paths.begin(); path != paths.end(); ++path) {
            const QJsonObject item = path.value().toObject();
            for (auto op = item.begin(); op != item.end(); ++op) {
                if (op.key() == QLatin1String("parameters"))
                    continue;
                const QByteArray method = op.key().toUpper().toLatin1();
                operations << QString::fromLatin1(method) + QLatin1Char(' ') + path.key();
                QByteArray target = path.key().toLatin1();
                target.replace("{id}", QByteArray::number(m_showtime));
                const QJsonObject ok = op.value()
                                           .toObject()
                                           .value(QStringLiteral("responses"))
                                           .toObject()
                                           .value(QStringLiteral("200"))
                                           .toObject();
                const QJsonObject content = ok.value(QStringLiteral("content")).toObject();
                QVERIFY2(content.size() == 1, qPrintable(operations.last()));
                const QString type = content.begin().key();
                Reply r;
                if (type == QLatin1String("text/event-stream")) {
                    // A stream does not end: its head and first event are enough.
                    QTcpSocket socket;
                    socket.connectToHost(QHostAddress::LocalHost, m_site->port);
                    QVERIFY(socket.waitForConnected(5000));
                    socket.write(method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
                    QByteArray head;
                    QDeadlineTimer deadline(10000);
                    while (!head.contains("event: hello") && !deadline.hasExpired() &&
                           socket.waitForReadyRead(500))
                        head += socket.readAll();
                    r.status = head.split(' ').value(1).toInt();
                    r.headers.insert("content-type", head.contains("Content-Type: text/event-stream\r\n")
                                                         ? QByteArray("text/event-stream")
                                                         : QByteArray());
                } else {
                    const QByteArray body = method == "PUT"    ? seatsBody({"A1"})
                                            : method == "POST" ? QByteArray("{}")
                                                               : QByteArray();
                    r = request(m_site->port, method, target, body, cookie);
                }
                QVERIFY2(r.status == 200,
                         qPrintable(operations.last() + QStringLiteral(" -> ") + QString::number(r.status) +
                                    QLatin1Char(' ') + QString::fromUtf8(r.body)));
                QCOMPARE(QString::fromLatin1(r.headers.value("content-type")), type);
                if (type == QLatin1String("application/json")) {
                    const QJsonObject body = r.json();
                    for (const QString& field : required(
                             content.begin().value().toObject().value(QStringLiteral("schema")).toObject()))
                        QVERIFY2(body.contains(field),
                                 qPrintable(operations.last() + QStringLiteral(" lacks ") + field));
                }
            }
        }
        QCOMPARE(operations.size(), 10);

        QFile prose(QStringLiteral(BOXOFFICE_SOURCE_DIR "/docs/API.md"));
        QVERIFY(prose.open(QIODevice::ReadOnly | QIODevice::Text));
        QStringList described;
        static const QRegularExpression heading(QStringLiteral("^###+ `([A-Z]+) (/[^`?\\[]*)"));
        for (const QString& line : QString::fromUtf8(prose.readAll()).split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = heading.match(line);
            if (m.hasMatch())
                described << m.captured(1) + QLatin1Char(' ') + m.captured(2);
        }
        operations.sort();
        described.sort();
        QCOMPARE(described, operations);
    }

    void theProgramRefusesBadOptions_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says");
        const QString db = m_db->webSettings().toConninfo();
        QTest::newRow("port") << QStringList{QStringLiteral("--db"), db, QStringLiteral("--port"),
                                             QStringLiteral("http")}
                              << 2 << QStringLiteral("--port needs a number");
        QTest::newRow("workers") << QStringList{QStringLiteral("--db"), db, QStringLiteral("--workers"),
                                                QStringLiteral("0")}
                                 << 2 << QStringLiteral("--workers needs a number from 1 to 64");
        QTest::newRow("rate") << QStringList{QStringLiteral("--db"), db, QStringLiteral("--rate"),
                                             QStringLiteral("-1")}
                              << 2 << QStringLiteral("--rate needs a number");
        QTest::newRow("proxy") << QStringList{QStringLiteral("--db"), db, QStringLiteral("--trusted-proxy"),
                                              QStringLiteral("nginx.local")}
                               << 2 << QStringLiteral("--trusted-proxy needs an IP address");
        QTest::newRow("origin") << QStringList{QStringLiteral("--db"), db, QStringLiteral("--origin"),
                                               QStringLiteral("tickets.example.org")}
                                << 2 << QStringLiteral("--origin needs a scheme");
        QTest::newRow("no database") << QStringList{} << 2 << QStringLiteral("no database");
        QTest::newRow("not a conninfo") << QStringList{QStringLiteral("--db"), QStringLiteral("host")} << 2
                                        << QStringLiteral("--db is not a connection string");
        QTest::newRow("unreachable") << QStringList{QStringLiteral("--db"),
                                                    QStringLiteral(
                                                        "host=127.0.0.1 port=1 dbname=x connect_timeout=2"),
                                                    QStringLiteral("--port"), QStringLiteral("0")}
                                     << 1 << QStringLiteral("the database cannot be opened");
    }

    void theProgramRefusesBadOptions()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        QProcess web;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("BOXOFFICE_WEB_DB"));
        web.setProcessEnvironment(env);
        web.start(QStringLiteral(BOXOFFICE_WEB_PATH), arguments);
        QVERIFY(web.waitForFinished(20000));
        QCOMPARE(web.exitCode(), exitCode);
        const QString err = QString::fromUtf8(web.readAllStandardError());
        QVERIFY2(err.contains(says), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1String("password=")), qPrintable(err));
    }

    /// The program itself: listening on the port it writes, answering, and stopping on SIGTERM
    /// with status 0.
    void theProgramServesAndStops()
    {
        QTemporaryDir dir;
        const QString portFile = dir.filePath(QStringLiteral("port"));
        QProcess web;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_WEB_DB"), m_db->webSettings().toConninfo());
        web.setProcessEnvironment(env);
        web.start(QStringLiteral(BOXOFFICE_WEB_PATH),
                  {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--port-file"), portFile,
                   QStringLiteral("--insecure-cookies")});
        QVERIFY(web.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(portFile) && QFileInfo(portFile).size() > 0, 20000);
        QFile file(portFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const quint16 port = quint16(file.readAll().trimmed().toUInt());
        QVERIFY(port > 0);
        const Reply seats =
            request(port, "GET", "/api/showtimes/" + QByteArray::number(m_showtime) + "/seats");
        QCOMPARE(seats.status, 200);
        web.terminate();
        QVERIFY(web.waitForFinished(20000));
        QCOMPARE(web.exitStatus(), QProcess::NormalExit);
        QCOMPARE(web.exitCode(), 0);
    }

    /// A page's event stream hears the seats another customer holds, once the site's announcer
    /// publishes them, through the one LISTEN of the process; the stream of another showtime
    /// hears nothing of them.
    void aShowtimesSeatsChangeLive()
    {
        const LiveSite live(*m_db, *m_site->server);

        const int other = m_db->addShowtime(3, 10, QStringLiteral("Hall %1").arg(++m_halls));
        QTcpSocket watching;
        QTcpSocket elsewhere;
        for (const auto& [socket, showtime] :
             {std::pair{&watching, m_showtime}, std::pair{&elsewhere, other}}) {
            socket->connectToHost(QHostAddress::LocalHost, m_site->port);
            QVERIFY(socket->waitForConnected(5000));
            socket->write("GET /api/showtimes/" + QByteArray::number(showtime) +
                          "/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
        }
        QByteArray heard;
        QByteArray heardElsewhere;
        const auto readUntil = [&](const QByteArray& what) {
            QDeadlineTimer deadline(15000);
            while (!heard.contains(what) && !deadline.hasExpired()) {
                if (watching.waitForReadyRead(200))
                    heard += watching.readAll();
                if (elsewhere.bytesAvailable() > 0 || elsewhere.waitForReadyRead(1))
                    heardElsewhere += elsewhere.readAll();
            }
            return heard.contains(what);
        };
        QVERIFY2(readUntil("event: hello"), heard.constData());
        QVERIFY(heard.startsWith("HTTP/1.1 200 OK\r\n"));
        QVERIFY(heard.contains("Content-Type: text/event-stream\r\n"));
        QVERIFY(heard.contains("X-Accel-Buffering: no\r\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_site->server->stats().streams, 2, 5000);

        const QByteArray base = "/api/showtimes/" + QByteArray::number(m_showtime);
        QCOMPARE(request(m_site->port, "PUT", base + "/hold", seatsBody({"A1", "A2"})).status, 200);
        const QList<int> ids = m_db->seatIds(m_showtime);
        const QByteArray expected = "\"seats\":[{\"id\":" + QByteArray::number(ids.at(0)) +
                                    ",\"state\":\"held\"},{\"id\":" + QByteArray::number(ids.at(1)) +
                                    ",\"state\":\"held\"}]";
        QVERIFY2(readUntil(expected), heard.constData());
        QVERIFY(heard.contains("event: seats\ndata: {\"seats\":"));
        QVERIFY2(!heardElsewhere.contains("event: seats"), heardElsewhere.constData());
        watching.abort();
        elsewhere.abort();
    }

    /// A premiere's waiting room: with one place, the first customer is admitted and the second
    /// waits (and may not hold); when the first leaves, the stream tells the line moved, and the
    /// second, asking, is admitted and holds. Places are kept by the sale's cookie.
    void aCrowdWaitsItsTurnInTheWaitingRoom()
    {
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET queue_capacity = 1 WHERE id = %1").arg(m_showtime)));
        const LiveSite live(*m_db, *m_site->server);

        const QByteArray base = "/api/showtimes/" + QByteArray::number(m_showtime);
        QCOMPARE(request(m_site->port, "GET", base + "/queue").status, 404);
        QCOMPARE(sendRaw(m_site->port,
                         "POST " + base +
                             "/queue HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                             "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n\r\n")
                     .status,
                 415);
        const Reply first = request(m_site->port, "POST", base + "/queue", "{}");
        QCOMPARE(first.status, 200);
        QCOMPARE(first.json().value(QStringLiteral("state")).toString(), QStringLiteral("admitted"));
        const Reply second = request(m_site->port, "POST", base + "/queue", "{}");
        QCOMPARE(second.status, 200);
        QCOMPARE(second.json().value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(second.json().value(QStringLiteral("position")).toInt(), 1);
        const QByteArray secondCookie = second.saleCookie();
        QVERIFY(!secondCookie.isEmpty() && secondCookie != first.saleCookie());
        const qint64 number = second.json().value(QStringLiteral("number")).toInteger();
        QVERIFY(number > first.json().value(QStringLiteral("number")).toInteger());

        const QString before = m_db->snapshot();
        const Reply early = request(m_site->port, "PUT", base + "/hold", seatsBody({"A1"}), secondCookie);
        QCOMPARE(early.status, 409);
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(request(m_site->port, "GET", base + "/queue", {}, secondCookie)
                     .json()
                     .value(QStringLiteral("state")),
                 QJsonValue(QStringLiteral("waiting")));

        QTcpSocket watching;
        watching.connectToHost(QHostAddress::LocalHost, m_site->port);
        QVERIFY(watching.waitForConnected(5000));
        watching.write("GET " + base + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        QByteArray heard;
        const auto readUntil = [&](const QByteArray& what) { return readStream(watching, &heard, what); };
        QVERIFY(readUntil("event: hello"));
        QCOMPARE(request(m_site->port, "DELETE", base + "/queue", {}, first.saleCookie()).status, 200);
        QVERIFY2(readUntil("\"admittedUpTo\":" + QByteArray::number(number)), heard.constData());
        QVERIFY(heard.contains("event: queue\n"));

        const Reply turn = request(m_site->port, "GET", base + "/queue", {}, secondCookie);
        QCOMPARE(turn.json().value(QStringLiteral("state")).toString(), QStringLiteral("admitted"));
        QVERIFY(!turn.json().value(QStringLiteral("admittedUntil")).toString().isEmpty());
        QCOMPARE(request(m_site->port, "PUT", base + "/hold", seatsBody({"A1"}), secondCookie).status, 200);
        watching.abort();
    }

    /// One address starts only so many sales: a script that starts a new sale per request (no
    /// cookie) to hold a hall ten seats at a time is told 429 after its burst, the hall keeps its
    /// seats, and a customer who keeps their cookie goes on changing their own sale.
    void aClientStartsOnlySoManySales()
    {
        WebApiOptions strict;
        strict.newSalesBurst = 3;
        strict.newSaleSeconds = 600;
        auto site = startSite({}, strict);
        QVERIFY(site);
        const QByteArray base = "/api/showtimes/" + QByteArray::number(m_showtime);
        QByteArray kept;
        for (const char* seat : {"A1", "A2", "A3"}) {
            const Reply r = request(site->port, "PUT", base + "/hold", seatsBody({seat}));
            QCOMPARE(r.status, 200);
            kept = r.saleCookie();
        }
        const QString before = m_db->snapshot();
        const Reply refused = request(site->port, "PUT", base + "/hold", seatsBody({"A4"}));
        QCOMPARE(refused.status, 429);
        QCOMPARE(refused.problemType(), QStringLiteral("urn:boxoffice:problem:too-many-sales"));
        QVERIFY(refused.headers.value("retry-after").toInt() > 0);
        QCOMPARE(request(site->port, "POST", base + "/queue", "{}").status, 429);
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(request(site->port, "PUT", base + "/hold", seatsBody({"A3", "A4"}), kept).status, 200);
    }

    /// One address holds only so many live streams; the next is told 429, and closing one makes
    /// room again.
    void anAddressHoldsOnlySoManyStreams()
    {
        HttpServerOptions options;
        options.maxStreamsPerClient = 2;
        options.heartbeat = std::chrono::milliseconds(200);
        auto site = startSite(options);
        QVERIFY(site);
        const QByteArray open = "GET /api/showtimes/" + QByteArray::number(m_showtime) +
                                "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        std::vector<std::unique_ptr<QTcpSocket>> streams;
        for (int i = 0; i < 2; ++i) {
            streams.push_back(std::make_unique<QTcpSocket>());
            streams.back()->connectToHost(QHostAddress::LocalHost, site->port);
            QVERIFY(streams.back()->waitForConnected(5000));
            streams.back()->write(open);
            QByteArray heard;
            QVERIFY(readStream(*streams.back(), &heard, "event: hello"));
        }
        QTRY_COMPARE_WITH_TIMEOUT(site->server->stats().streams, 2, 5000);
        const Reply third = sendRaw(site->port, open);
        QCOMPARE(third.status, 429);
        QCOMPARE(third.problemType(), QStringLiteral("urn:boxoffice:problem:too-many-streams"));
        // A closed tab's stream ends when a write finds it gone (a heartbeat or two).
        streams.front()->abort();
        QTRY_COMPARE_WITH_TIMEOUT(site->server->stats().streams, 1, 5000);
        QTcpSocket again;
        again.connectToHost(QHostAddress::LocalHost, site->port);
        QVERIFY(again.waitForConnected(5000));
        again.write(open);
        QByteArray heard;
        QVERIFY(readStream(again, &heard, "event: hello"));
        again.abort();
    }

    /// HEAD says what GET would (status, length) without a body, so a keep-alive connection's
    /// next answer is read as itself.
    void headHasNoBody()
    {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, m_site->port);
        QVERIFY(socket.waitForConnected(5000));
        socket.write("HEAD /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /healthz HTTP/1.1\r\nHost: "
                     "127.0.0.1\r\nConnection: close\r\n\r\n");
        QByteArray data;
        while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(5000))
            data += socket.readAll();
        data += socket.readAll();
        const qsizetype first = data.indexOf("\r\n\r\n");
        QVERIFY(first > 0);
        QVERIFY(data.left(first).contains("Content-Length: 15"));
        QVERIFY2(data.mid(first + 4).startsWith("HTTP/1.1 200 OK"), data.constData());
        QVERIFY(data.endsWith("{\"status\":\"ok\"}"));
    }

    /// Customers racing for the same two seats through two instances on one database: exactly one
    /// gets them, every other is told 409, and the seats are held by that one sale only.
    void aStormThroughTwoInstancesSellsTheSeatsOnce()
    {
        auto second = startSite();
        QVERIFY(second);
        const QByteArray target = "/api/showtimes/" + QByteArray::number(m_showtime) + "/hold";
        const QByteArray body = seatsBody({"C4", "C5"});
        constexpr int customers = 24;
        std::vector<Reply> replies(customers);
        std::atomic<bool> go{false};
        std::vector<std::thread> threads;
        threads.reserve(customers);
        const quint16 ports[2] = {m_site->port, second->port};
        for (int i = 0; i < customers; ++i) {
            threads.emplace_back([&, i] {
                while (!go.load())
                    std::this_thread::yield();
                replies[std::size_t(i)] = request(ports[i % 2], "PUT", target, body);
            });
        }
        go = true;
        for (std::thread& t : threads)
            t.join();
        int won = 0;
        int refused = 0;
        QByteArray winner;
        for (const Reply& r : replies) {
            if (r.status == 200) {
                ++won;
                winner = r.saleCookie();
            } else if (r.status == 409) {
                ++refused;
            }
        }
        QCOMPARE(won, 1);
        QCOMPARE(refused, customers - 1);
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT count(DISTINCT held_by) || '/' || count(*) FROM showtime_seat "
                                    "WHERE showtime_id = %1 AND status = 'HELD'")
                         .arg(m_showtime)),
                 QStringLiteral("1/2"));
        // The winner's sale is theirs on the other instance too: nothing lives in one process.
        QCOMPARE(taken(request(second->port, "GET",
                               "/api/showtimes/" + QByteArray::number(m_showtime) + "/seats", {}, winner)),
                 texts({"C4:held:mine", "C5:held:mine"}));
    }
};

QTEST_GUILESS_MAIN(TstWebApi)
#include "tst_webapi.moc"
