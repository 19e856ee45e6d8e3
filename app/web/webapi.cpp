// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/web/webapi.h"

#include <algorithm>
#include <utility>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QUrlQuery>
#include <QUuid>

#include <spdlog/spdlog.h>

#include "app/web/showtimefeed.h"
#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/queuestore.h"
#include "db/seatstore.h"
#include "model/core/logtext.h"
#include "model/core/refusal.h"
#include "model/sale/checkedseatcommands.h"
#include "model/sale/salerules.h"
#include "model/seats/seatmap.h"

namespace bo::web {

struct WebApi::Backend
{
    std::unique_ptr<DbConnection> connection;
    std::unique_ptr<CatalogStore> catalog;
    std::unique_ptr<SeatStore> seats;
    std::unique_ptr<QueueStore> queue;
};

namespace {

std::string utf8(const QString& text)
{
    return text.toStdString();
}

HttpResponse json(int status, const QJsonObject& body)
{
    HttpResponse r;
    r.status = status;
    r.contentType = "application/json";
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact).toStdString();
    r.headers.emplace_back("Cache-Control", "no-store");
    return r;
}

/// A problem document (RFC 9457) for an error of the model or the database: the status from what
/// went wrong, the type from the refusal's name when the one who refused gave it, the sentence
/// the model made for people as the detail.
HttpResponse problem(const Error& e)
{
    int status = 500;
    std::string name = errorCodeName(e.code);
    switch (e.code) {
    case ErrorCode::BadInput:
        status = 400;
        break;
    case ErrorCode::NotFound:
        status = 404;
        break;
    case ErrorCode::NotOnSale:
    case ErrorCode::Conflict:
    case ErrorCode::NotAdmitted:
    case ErrorCode::InProgress:
        status = 409;
        break;
    case ErrorCode::Expired:
        status = 410;
        break;
    case ErrorCode::KeyMismatch:
        status = 422;
        break;
    case ErrorCode::Offline:
    case ErrorCode::SchemaTooNew:
    case ErrorCode::SchemaMismatch:
        status = 503;
        break;
    case ErrorCode::Internal:
        status = 500;
        break;
    }
    if (e.refusal != Refusal::None)
        name = refusalName(e.refusal);
    // An unexpected server error says nothing of the server to the customer; the log has it.
    const QString detail = status == 500 ? QStringLiteral("Something went wrong on our side.") : e.message;
    HttpResponse r = problemResponse(status, name, errorCodeName(e.code), utf8(detail));
    if (status == 503)
        r.headers.emplace_back("Retry-After", "5");
    return r;
}

HttpResponse badRequest(const QString& detail)
{
    return problemResponse(400, "bad-input", "Bad input", utf8(detail));
}

QJsonValue timeValue(const QDateTime& t)
{
    return t.isValid() ? QJsonValue(t.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}

QJsonObject showtimeJson(const ShowtimeInfo& s)
{
    return QJsonObject{
        {QStringLiteral("id"), s.id},
        {QStringLiteral("startsAt"), timeValue(s.startsAt)},
        {QStringLiteral("status"), s.status},
        {QStringLiteral("film"), QJsonObject{{QStringLiteral("id"), s.movieId},
                                             {QStringLiteral("title"), s.movieTitle},
                                             {QStringLiteral("runtimeMinutes"), s.runtimeMinutes},
                                             {QStringLiteral("rating"), s.rating}}},
        {QStringLiteral("hall"),
         QJsonObject{{QStringLiteral("id"), s.auditoriumId}, {QStringLiteral("name"), s.auditoriumName}}},
        {QStringLiteral("seats"),
         QJsonObject{{QStringLiteral("total"), s.seatsTotal}, {QStringLiteral("free"), s.seatsFree}}},
        {QStringLiteral("saleOpensAt"), timeValue(s.saleOpensAt)},
        {QStringLiteral("saleClosesAt"), timeValue(s.saleClosesAt)},
    };
}

/// The customer's hold token from the Cookie header; null when there is none or it is not one.
QUuid saleToken(const HttpRequest& request)
{
    const QString cookies = QString::fromStdString(request.header("cookie"));
    const QString prefix = QLatin1String(WebApi::saleCookie) + QLatin1Char('=');
    for (const QString& part : cookies.split(QLatin1Char(';'))) {
        const QString cookie = part.trimmed();
        if (cookie.startsWith(prefix))
            return QUuid::fromString(QStringView(cookie).mid(prefix.size()));
    }
    return {};
}

/// A path's segments: "/api/showtimes/12/seats" -> api, showtimes, 12, seats.
QStringList segmentsOf(const QString& path)
{
    return path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
}

/// A showtime id as the path gives it: a positive number, nothing else.
bool parseId(const QString& text, int* id)
{
    bool ok = false;
    *id = text.toInt(&ok);
    return ok && *id > 0 && text == QString::number(*id);
}

/// A place in the waiting room as the customer's page needs it: where it stands, how long it may
/// wait, and once admitted until when it may start choosing seats.
QJsonObject ticketJson(const QueueTicket& t)
{
    return QJsonObject{
        {QStringLiteral("showtime"), t.showtimeId},
        {QStringLiteral("state"), QString::fromLatin1(ticketStateName(t.state)).toLower()},
        {QStringLiteral("number"), t.arrival},
        {QStringLiteral("position"), t.position},
        {QStringLiteral("waiting"), t.waiting},
        {QStringLiteral("capacity"), t.capacity ? QJsonValue(*t.capacity) : QJsonValue()},
        {QStringLiteral("etaSeconds"), t.etaSeconds >= 0 ? QJsonValue(t.etaSeconds) : QJsonValue()},
        {QStringLiteral("admittedUntil"), timeValue(t.admittedUntil)},
        {QStringLiteral("reason"), t.reason.isEmpty() ? QJsonValue() : QJsonValue(t.reason)}};
}

/// A form of another site can POST or PUT, but not as JSON (that needs the browser to ask this
/// server first, which it never allows): so every POST and PUT must be JSON.
bool isJson(const HttpRequest& request)
{
    return request.header("content-type").rfind("application/json", 0) == 0;
}

HttpResponse notJson()
{
    return problemResponse(415, "unsupported-media-type", "Unsupported media type",
                           "Send this request as application/json.");
}

HttpResponse tooManySales(int waitSeconds)
{
    HttpResponse r =
        problemResponse(429, "too-many-sales", "Too many sales from this address",
                        "This address has started more sales than the site allows at once; finish or "
                        "give back one, or wait.");
    r.headers.emplace_back("Retry-After", std::to_string(waitSeconds));
    return r;
}

HttpResponse notAllowed(const char* allow)
{
    HttpResponse r = problemResponse(405, "method-not-allowed", "Method not allowed",
                                     std::string("This address answers ") + allow + ".");
    r.headers.emplace_back("Allow", allow);
    return r;
}

} // namespace

WebApi::WebApi(ConnectionSettings settings, WebApiOptions options)
    : m_settings(std::move(settings))
    , m_options(std::move(options))
{}

WebApi::~WebApi() = default;

// Each worker thread keeps its own connection (a connection is used by the thread that opened it),
// closed on that thread when the server's pool ends: a thread_local, not a map in this object.
struct WebApi::WorkerSlot
{
    const WebApi* api = nullptr;
    std::unique_ptr<Backend> backend;
};

thread_local WebApi::WorkerSlot WebApi::t_slot;

WebApi::Backend* WebApi::backend(QString* error)
{
    if (t_slot.api == this && t_slot.backend)
        return t_slot.backend.get();
    auto connection = DbConnection::open(m_settings, QStringLiteral("web"));
    if (!connection) {
        *error = connection.error().message;
        spdlog::warn("web: no database connection: {}", connection.error().detail.toStdString());
        return nullptr;
    }
    auto made = std::make_unique<Backend>();
    made->connection = std::move(connection.value());
    made->catalog = std::make_unique<CatalogStore>(*made->connection);
    made->seats = std::make_unique<SeatStore>(*made->connection);
    made->queue = std::make_unique<QueueStore>(*made->connection);
    t_slot.api = this;
    t_slot.backend = std::move(made);
    return t_slot.backend.get();
}

std::string WebApi::saleCookieHeader(const QUuid& token) const
{
    std::string cookie = std::string(saleCookie) + "=" + logText(token) +
                         "; Path=/api; Max-Age=3600; HttpOnly; SameSite=Strict";
    if (m_options.secureCookies)
        cookie += "; Secure";
    return cookie;
}

bool WebApi::mayStartSale(const std::string& client, int* waitSeconds)
{
    if (m_options.newSalesBurst <= 0)
        return true;
    const double rate = 1.0 / std::max(1, m_options.newSaleSeconds);
    const auto now = std::chrono::steady_clock::now();
    const std::lock_guard lock(m_startsMutex);
    if (m_starts.size() > 100000) {
        // Full buckets say nothing: forget them, so passing addresses cannot grow the map for ever.
        std::erase_if(m_starts, [&](const auto& entry) {
            const double seconds = std::chrono::duration<double>(now - entry.second.at).count();
            return entry.second.tokens + seconds * rate >= m_options.newSalesBurst;
        });
    }
    auto [it, made] = m_starts.try_emplace(client, Starts{double(m_options.newSalesBurst), now});
    Starts& b = it->second;
    if (!made) {
        const double seconds = std::chrono::duration<double>(now - b.at).count();
        b.tokens = std::min(double(m_options.newSalesBurst), b.tokens + seconds * rate);
        b.at = now;
    }
    if (b.tokens >= 1) {
        b.tokens -= 1;
        return true;
    }
    *waitSeconds = std::max(1, int((1 - b.tokens) / rate + 0.999));
    return false;
}

HttpResponse WebApi::handle(const HttpRequest& request)
{
    const QString target = QString::fromStdString(request.target);
    const qsizetype mark = target.indexOf(QLatin1Char('?'));
    const QString path = mark < 0 ? target : target.left(mark);
    const QUrlQuery query(mark < 0 ? QString() : target.mid(mark + 1));
    const QStringList at = segmentsOf(path);
    const std::string& method = request.method;

    if (path == QLatin1String("/healthz"))
        return json(200, QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}});
    if (at.size() < 2 || at.at(0) != QLatin1String("api") || at.at(1) != QLatin1String("showtimes"))
        return problemResponse(404, "not-found", "Not found", "No such address: " + utf8(path));

    // A request that changes something must come from the site's own pages: a form or script on
    // another site cannot send JSON with this content type without the browser asking first, and
    // the Origin a browser sends says where the page came from.
    const bool changes = method != "GET" && method != "HEAD";
    if (changes) {
        const QString origin = QString::fromStdString(request.header("origin"));
        const QString host = QString::fromStdString(request.header("host"));
        const bool originOk =
            origin.isEmpty() ||
            (m_options.allowedOrigins.isEmpty()
                 ? (origin == QLatin1String("http://") + host || origin == QLatin1String("https://") + host)
                 : m_options.allowedOrigins.contains(origin));
        if (!originOk)
            return problemResponse(403, "cross-site", "Cross-site request refused",
                                   "This request came from a page of another site.");
    }

    QString offline;
    Backend* b = backend(&offline);
    if (!b)
        return problem(makeError(ErrorCode::Offline, offline));

    if (at.size() == 2) {
        if (method != "GET")
            return notAllowed("GET");
        QDateTime from = QDateTime::currentDateTimeUtc();
        if (query.hasQueryItem(QStringLiteral("day"))) {
            const QDate day = QDate::fromString(query.queryItemValue(QStringLiteral("day")), Qt::ISODate);
            if (!day.isValid())
                return badRequest(QStringLiteral("day must be a date, YYYY-MM-DD."));
            from = day.startOfDay(Qt::UTC);
        }
        auto list = b->catalog->showtimes(from, from.addDays(m_options.listDays));
        if (!list)
            return problem(list.error());
        QJsonArray out;
        for (const ShowtimeInfo& s : list.value()) {
            if (s.status == QLatin1String("ON_SALE"))
                out.append(showtimeJson(s));
        }
        return json(200, QJsonObject{{QStringLiteral("showtimes"), out}});
    }

    int showtimeId = 0;
    if (!parseId(at.at(2), &showtimeId))
        return problemResponse(404, "not-found", "Not found", "No such showtime: " + utf8(at.at(2)));

    if (at.size() == 3) {
        if (method != "GET")
            return notAllowed("GET");
        auto show = b->catalog->showtime(showtimeId);
        if (!show)
            return problem(show.error());
        auto tiers = b->catalog->priceTiers(showtimeId);
        if (!tiers)
            return problem(tiers.error());
        QJsonObject out = showtimeJson(show.value());
        QJsonArray prices;
        for (const PriceTier& t : tiers.value()) {
            prices.append(QJsonObject{{QStringLiteral("code"), t.code},
                                      {QStringLiteral("name"), t.name},
                                      {QStringLiteral("amountMinor"), t.amountMinor},
                                      {QStringLiteral("currency"), t.currency}});
        }
        out.insert(QStringLiteral("prices"), prices);
        QJsonArray surcharges;
        for (const SeatSurcharge& s : show.value().seatSurcharges) {
            surcharges.append(QJsonObject{{QStringLiteral("kind"), seatKindText(s.kind)},
                                          {QStringLiteral("amountMinor"), s.amountMinor}});
        }
        out.insert(QStringLiteral("surcharges"), surcharges);
        return json(200, out);
    }

    if (at.size() == 4 && at.at(3) == QLatin1String("seats")) {
        if (method != "GET")
            return notAllowed("GET");
        const QUuid token = saleToken(request);
        auto seats = b->seats->seats(showtimeId, token);
        if (!seats)
            return problem(seats.error());
        if (seats.value().isEmpty())
            return problemResponse(404, "not-found", "Not found", "No such showtime.");
        QJsonArray out;
        QDateTime mineUntil;
        for (const SeatState& s : seats.value()) {
            const bool mine = !token.isNull() && s.heldBy == token;
            if (mine)
                mineUntil = s.heldUntil;
            out.append(QJsonObject{{QStringLiteral("id"), s.seatId},
                                   {QStringLiteral("label"), s.label},
                                   {QStringLiteral("row"), s.row},
                                   {QStringLiteral("number"), s.number},
                                   {QStringLiteral("kind"), seatKindText(s.kind)},
                                   {QStringLiteral("x"), s.x},
                                   {QStringLiteral("y"), s.y},
                                   {QStringLiteral("width"), s.width},
                                   {QStringLiteral("state"), seatStatusText(s.status).toLower()},
                                   {QStringLiteral("mine"), mine}});
        }
        return json(200, QJsonObject{{QStringLiteral("showtime"), showtimeId},
                                     {QStringLiteral("seats"), out},
                                     {QStringLiteral("heldUntil"), timeValue(mineUntil)}});
    }

    if (at.size() == 4 && at.at(3) == QLatin1String("events")) {
        if (method != "GET")
            return notAllowed("GET");
        auto show = b->catalog->showtime(showtimeId);
        if (!show)
            return problem(show.error());
        // The stream says it is live first; a page reads the seat map after that, so no change
        // falls between the map and the stream.
        HttpResponse r;
        r.eventStream = ShowtimeFeed::topicOf(showtimeId);
        r.body = "retry: 3000\n\nevent: hello\ndata: {\"showtime\":" + std::to_string(showtimeId) + "}\n\n";
        return r;
    }

    if (at.size() == 4 && at.at(3) == QLatin1String("queue")) {
        QUuid token = saleToken(request);
        if (method == "GET" || method == "DELETE") {
            // Asking is the heartbeat that keeps the place; a page that stops asking (its tab
            // closed) loses the place and nothing else.
            if (token.isNull())
                return problemResponse(404, "not-in-line", "Not in the line",
                                       "This browser has no place in the line.");
            auto ticket = method == "GET" ? b->queue->heartbeat(token) : b->queue->leave(token);
            if (!ticket)
                return problem(ticket.error());
            if (ticket.value().showtimeId != showtimeId)
                return problemResponse(404, "not-in-line", "Not in the line",
                                       "This browser's place is in another showtime's line.");
            return json(200, ticketJson(ticket.value()));
        }
        if (method != "POST")
            return notAllowed("GET, POST, DELETE");
        if (!isJson(request))
            return notJson();
        const bool newSale = token.isNull();
        if (newSale) {
            if (int wait = 0; !mayStartSale(request.client, &wait))
                return tooManySales(wait);
            token = CheckedSeatCommands::newToken();
        }
        auto ticket = b->queue->join(showtimeId, token);
        if (!ticket)
            return problem(ticket.error());
        HttpResponse r = json(200, ticketJson(ticket.value()));
        if (newSale)
            r.headers.emplace_back("Set-Cookie", saleCookieHeader(token));
        return r;
    }

    if (at.size() == 4 && at.at(3) == QLatin1String("hold")) {
        if (method == "DELETE") {
            const QUuid token = saleToken(request);
            if (token.isNull())
                return json(200, QJsonObject{{QStringLiteral("released"), 0}});
            auto released = b->seats->release(showtimeId, token);
            if (!released)
                return problem(released.error());
            return json(200, QJsonObject{{QStringLiteral("released"), released.value()}});
        }
        if (method != "PUT")
            return notAllowed("PUT, DELETE");
        if (!isJson(request))
            return notJson();
        QJsonParseError parseError;
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(request.body), &parseError);
        if (parseError.error != QJsonParseError::NoError || !doc.isObject())
            return badRequest(
                QStringLiteral("The body must be a JSON object: {\"seats\": [\"F12\", \"F13\"]}."));
        const QJsonValue seatsValue = doc.object().value(QStringLiteral("seats"));
        if (!seatsValue.isArray())
            return badRequest(
                QStringLiteral("\"seats\" must be a list of seat labels, e.g. [\"F12\", \"F13\"]."));
        QStringList labels;
        for (const auto& v : seatsValue.toArray()) {
            static const QRegularExpression label(QStringLiteral("^[A-Za-z]{1,3}[0-9]{1,3}$"));
            if (!v.isString() || !label.match(v.toString()).hasMatch())
                return badRequest(QStringLiteral("Each seat is a label such as \"F12\"."));
            labels.append(v.toString());
        }
        auto settings = b->catalog->settings();
        if (!settings)
            return problem(settings.error());
        auto ids = b->catalog->resolveSeatLabels(showtimeId, labels);
        if (!ids)
            return problem(ids.error());
        QUuid token = saleToken(request);
        bool newSale = token.isNull();
        if (newSale) {
            if (int wait = 0; !mayStartSale(request.client, &wait))
                return tooManySales(wait);
            token = CheckedSeatCommands::newToken();
        }
        CheckedSeatCommands commands(*b->seats, SaleRules(settings.value()));
        auto held = commands.hold(showtimeId, ids.value(), token);
        if (!held && held.error().code == ErrorCode::Expired && !newSale) {
            // The cookie's sale ran out of time: a fresh sale, or the browser could never hold
            // on this showtime again while the cookie lives.
            if (int wait = 0; !mayStartSale(request.client, &wait))
                return tooManySales(wait);
            token = CheckedSeatCommands::newToken();
            newSale = true;
            held = commands.hold(showtimeId, ids.value(), token);
        }
        if (!held)
            return problem(held.error());
        if (!held.value().granted) {
            QJsonArray refused;
            const QStringList& wanted = labels;
            for (qsizetype i = 0; i < held.value().unavailable.size(); ++i) {
                const qsizetype index = ids.value().indexOf(held.value().unavailable.at(i));
                refused.append(
                    QJsonObject{{QStringLiteral("seat"), index >= 0 ? wanted.at(index).toUpper() : QString()},
                                {QStringLiteral("reason"), seatRefusalText(held.value().refusalAt(i))}});
            }
            HttpResponse r = problemResponse(409, "seats-unavailable", "Seats unavailable",
                                             "Some of these seats were taken; nothing was held.");
            QJsonObject body = QJsonDocument::fromJson(QByteArray::fromStdString(r.body)).object();
            body.insert(QStringLiteral("seats"), refused);
            // The block of as many free seats nearest to those asked for (SeatMap's rule, as the
            // tills suggest it): the page offers it in one tap.
            QJsonArray nearest;
            if (auto map = b->seats->seats(showtimeId, token)) {
                SeatMap seatMap;
                seatMap.reset(showtimeId, map.value());
                for (const int seatId : seatMap.nearestBlock(int(ids.value().size()), ids.value())) {
                    if (const SeatState* seat = seatMap.seat(seatId))
                        nearest.append(seat->label);
                }
            }
            body.insert(QStringLiteral("nearest"), nearest);
            r.body = QJsonDocument(body).toJson(QJsonDocument::Compact).toStdString();
            return r;
        }
        // The new seats are held; what the sale held before and the customer no longer wants goes back.
        auto now = b->seats->seats(showtimeId, token);
        if (!now)
            return problem(now.error());
        const QSet<int> wantedIds(ids.value().cbegin(), ids.value().cend());
        QList<int> extra;
        for (const SeatState& s : now.value()) {
            if (s.heldBy == token && !wantedIds.contains(s.seatId))
                extra.append(s.seatId);
        }
        if (!extra.isEmpty()) {
            auto released = commands.release(showtimeId, token, extra);
            if (!released)
                return problem(released.error());
        }
        QJsonArray heldLabels;
        for (const QString& label : labels)
            heldLabels.append(label.toUpper());
        HttpResponse r =
            json(200, QJsonObject{{QStringLiteral("showtime"), showtimeId},
                                  {QStringLiteral("seats"), heldLabels},
                                  {QStringLiteral("heldUntil"), timeValue(held.value().heldUntil)},
                                  {QStringLiteral("remainingMs"), held.value().remainingMs()}});
        if (newSale)
            r.headers.emplace_back("Set-Cookie", saleCookieHeader(token));
        return r;
    }
    return problemResponse(404, "not-found", "Not found", "No such address: " + utf8(path));
}

} // namespace bo::web
