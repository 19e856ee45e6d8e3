// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/web/httpserver.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <deque>
#include <exception>
#include <optional>
#include <thread>
#include <unordered_map>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include <spdlog/spdlog.h>

namespace bo::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

std::string HttpRequest::header(std::string_view name) const
{
    for (const auto& [key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

namespace {

/// JSON string content: quotes, backslashes and control characters escaped.
std::string jsonText(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 2);
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                static constexpr char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[(c >> 4) & 0xF];
                out += hex[c & 0xF];
            } else {
                out += c;
            }
        }
    }
    return out;
}

/// A token bucket per client address: `rate` requests a second on average, `burst` at once.
/// Used on the I/O thread only.
class RateLimiter
{
public:
    RateLimiter(double rate, double burst)
        : m_rate(rate)
        , m_burst(burst)
    {}

    /// True when the client may make one more request now; else the seconds until it may.
    [[nodiscard]] bool take(const std::string& client, double* waitSeconds)
    {
        if (m_rate <= 0)
            return true;
        const auto now = std::chrono::steady_clock::now();
        if (m_buckets.size() > kMaxClients)
            forgetIdle(now);
        auto [it, made] = m_buckets.try_emplace(client, Bucket{m_burst, now});
        Bucket& b = it->second;
        if (!made) {
            const double seconds = std::chrono::duration<double>(now - b.at).count();
            b.tokens = std::min(m_burst, b.tokens + seconds * m_rate);
            b.at = now;
        }
        if (b.tokens >= 1) {
            b.tokens -= 1;
            return true;
        }
        *waitSeconds = (1 - b.tokens) / m_rate;
        return false;
    }

private:
    struct Bucket
    {
        double tokens;
        std::chrono::steady_clock::time_point at;
    };
    /// A bucket full again is the same as none: drop those, so a crowd of passing addresses
    /// cannot grow the map without end.
    void forgetIdle(std::chrono::steady_clock::time_point now)
    {
        std::erase_if(m_buckets, [&](const auto& entry) {
            const double seconds = std::chrono::duration<double>(now - entry.second.at).count();
            return entry.second.tokens + seconds * m_rate >= m_burst;
        });
    }

    static constexpr std::size_t kMaxClients = 100000;
    double m_rate;
    double m_burst;
    std::unordered_map<std::string, Bucket> m_buckets;
};

/// The key a client's limits are counted by: its IPv4 address, or the /64 network of its IPv6 one
/// (one customer's line gets a whole /64, so counting single addresses would limit nobody).
std::string clientKey(const asio::ip::address& address)
{
    if (address.is_v6() && !address.to_v6().is_v4_mapped()) {
        asio::ip::address_v6::bytes_type bytes = address.to_v6().to_bytes();
        std::fill(bytes.begin() + 8, bytes.end(), 0);
        return asio::ip::address_v6(bytes).to_string() + "/64";
    }
    if (address.is_v6())
        return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6()).to_string();
    return address.to_string();
}

/// The headers every answer carries, whoever made it.
constexpr std::pair<const char*, const char*> kCommonHeaders[] = {
    {"Server", "boxoffice-web"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "no-referrer"},
    {"X-Frame-Options", "DENY"},
    {"Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
};

void addCommonHeaders(http::response<http::string_body>& res)
{
    for (const auto& [name, value] : kCommonHeaders)
        res.set(name, value);
}

/// One client's event stream: what waits to be written, and the timer its writer sleeps on
/// (cancelled to wake it). I/O thread only.
struct EventStream
{
    explicit EventStream(asio::io_context& io)
        : wake(io)
    {}
    std::deque<std::string> pending;
    bool dropped = false; ///< events were dropped: a reload is queued instead
    asio::steady_timer wake;
};

} // namespace

HttpResponse problemResponse(int status, std::string_view name, std::string_view title,
                             std::string_view detail)
{
    HttpResponse r;
    r.status = status;
    r.contentType = "application/problem+json";
    r.body = "{\"type\":\"urn:boxoffice:problem:" + jsonText(name) + "\",\"title\":\"" + jsonText(title) +
             "\",\"status\":" + std::to_string(status) + ",\"detail\":\"" + jsonText(detail) + "\"}";
    r.headers.emplace_back("Cache-Control", "no-store");
    return r;
}

struct HttpServer::Impl
{
    Impl(HttpServerOptions o, HttpHandler h)
        : options(std::move(o))
        , handler(std::move(h))
        , pool(std::size_t(std::max(1, options.workers)))
        , limiter(options.ratePerSecond, options.rateBurst)
    {}

    asio::awaitable<void> accept();
    /// Writes an event stream's head, then its events and heartbeats until the client goes.
    asio::awaitable<void> streamEvents(beast::tcp_stream& stream, const HttpResponse& head, unsigned version);
    void deliver(EventStream& to, const std::string& event) const;
    asio::awaitable<void> serve(tcp::socket socket);
    asio::awaitable<HttpResponse> answer(HttpRequest request);
    [[nodiscard]] std::string clientOf(const tcp::socket& socket,
                                       const http::request<http::string_body>& req) const;

    HttpServerOptions options;
    HttpHandler handler;
    asio::io_context io{1};
    asio::thread_pool pool;
    std::optional<tcp::acceptor> acceptor;
    std::thread ioThread;
    RateLimiter limiter; ///< I/O thread only
    std::atomic<int> queued{0};
    std::atomic<int> open{0};
    std::atomic<long long> connections{0};
    std::atomic<long long> requests{0};
    std::atomic<long long> rateLimited{0};
    std::atomic<long long> busy{0};
    std::atomic<long long> refusedConnections{0};
    std::atomic<std::uint16_t> boundPort{0};
    std::atomic<int> streams{0};
    std::unordered_map<std::string, std::vector<std::shared_ptr<EventStream>>> topics; ///< I/O thread only
    std::unordered_map<std::string, int> streamsByClient;                              ///< I/O thread only
    bool started = false;
    bool stopped = false;
};

HttpServer::HttpServer(HttpServerOptions options, HttpHandler handler)
    : d(std::make_unique<Impl>(std::move(options), std::move(handler)))
{}

HttpServer::~HttpServer()
{
    // Joining a thread can throw only when the system cannot (a deadlock it detects); a
    // destructor has nobody to tell, and the process is ending its server either way.
    try {
        stop();
    } catch (...) {
        std::fputs("boxoffice-web: the server's threads could not be joined\n", stderr);
    }
}

bool HttpServer::start(std::string* error)
{
    if (d->started)
        return true;
    beast::error_code ec;
    const auto address = asio::ip::make_address(d->options.address, ec);
    if (ec) {
        *error = "not an address: " + d->options.address;
        return false;
    }
    const tcp::endpoint endpoint(address, d->options.port);
    tcp::acceptor acceptor(d->io);
    if (acceptor.open(endpoint.protocol(), ec); !ec)
        acceptor.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec)
        acceptor.bind(endpoint, ec);
    if (!ec)
        acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
        *error = "cannot listen on " + d->options.address + ":" + std::to_string(d->options.port) + ": " +
                 ec.message();
        return false;
    }
    d->boundPort = acceptor.local_endpoint().port();
    d->acceptor.emplace(std::move(acceptor));
    d->started = true;
    asio::co_spawn(d->io, d->accept(), asio::detached);
    d->ioThread = std::thread([this] { d->io.run(); });
    return true;
}

std::uint16_t HttpServer::port() const
{
    return d->boundPort;
}

void HttpServer::stop()
{
    if (!d->started || d->stopped)
        return;
    d->stopped = true;
    // Closing the acceptor ends the accept loop; stopping the context drops every connection's
    // coroutine with its socket. A request already on a worker finishes there and its answer is
    // dropped.
    asio::post(d->io, [this] {
        beast::error_code ignored;
        d->acceptor->close(ignored);
        d->io.stop();
    });
    if (d->ioThread.joinable())
        d->ioThread.join();
    d->pool.join();
}

HttpServerStats HttpServer::stats() const
{
    HttpServerStats out;
    out.connections = d->connections.load();
    out.requests = d->requests.load();
    out.rateLimited = d->rateLimited.load();
    out.busy = d->busy.load();
    out.refusedConnections = d->refusedConnections.load();
    out.open = d->open.load();
    out.streams = d->streams.load();
    return out;
}

void HttpServer::publish(const std::string& topic, std::string event)
{
    asio::post(d->io, [this, topic, event = std::move(event)] {
        const auto found = d->topics.find(topic);
        if (found == d->topics.end())
            return;
        for (const std::shared_ptr<EventStream>& to : found->second)
            d->deliver(*to, event);
    });
}

void HttpServer::publishAll(std::string event)
{
    asio::post(d->io, [this, event = std::move(event)] {
        for (const auto& [topic, subscribers] : d->topics) {
            for (const std::shared_ptr<EventStream>& to : subscribers)
                d->deliver(*to, event);
        }
    });
}

void HttpServer::Impl::deliver(EventStream& to, const std::string& event) const
{
    if (to.dropped)
        return;
    if (to.pending.size() >= options.maxPendingEvents) {
        // The client does not keep up: what it missed is replaced by one instruction to reload.
        to.pending.clear();
        to.pending.emplace_back("event: reload\ndata: {}\n\n");
        to.dropped = true;
    } else {
        to.pending.push_back(event);
    }
    to.wake.cancel();
}

asio::awaitable<void> HttpServer::Impl::streamEvents(beast::tcp_stream& stream, const HttpResponse& head,
                                                     unsigned version)
{
    std::string out = version == 10 ? "HTTP/1.0 200 OK\r\n" : "HTTP/1.1 200 OK\r\n";
    for (const auto& [name, value] : kCommonHeaders)
        out.append(name).append(": ").append(value).append("\r\n");
    // No length and no chunks: the stream ends when the connection does. nginx must not buffer it.
    out += "Content-Type: text/event-stream\r\nCache-Control: no-store\r\nX-Accel-Buffering: no\r\n"
           "Connection: close\r\n";
    for (const auto& [name, value] : head.headers) {
        if (name != "Cache-Control")
            out.append(name).append(": ").append(value).append("\r\n");
    }
    out.append("\r\n").append(head.body);

    auto to = std::make_shared<EventStream>(io);
    topics[head.eventStream].push_back(to);
    ++streams;
    for (;;) {
        stream.expires_after(options.idleTimeout);
        auto [writeError, written] =
            co_await asio::async_write(stream, asio::buffer(out), asio::as_tuple(asio::use_awaitable));
        (void)written;
        if (writeError)
            break;
        out.clear();
        stream.expires_never();
        if (to->pending.empty()) {
            to->wake.expires_after(options.heartbeat);
            auto [waitError] = co_await to->wake.async_wait(asio::as_tuple(asio::use_awaitable));
            if (!waitError && to->pending.empty())
                out = ": heartbeat\n\n";
        }
        while (!to->pending.empty()) {
            out += to->pending.front();
            to->pending.pop_front();
        }
        to->dropped = false;
    }
    std::vector<std::shared_ptr<EventStream>>& still = topics[head.eventStream];
    std::erase(still, to);
    if (still.empty())
        topics.erase(head.eventStream);
    --streams;
}

asio::awaitable<void> HttpServer::Impl::accept()
{
    for (;;) {
        auto [ec, socket] = co_await acceptor->async_accept(asio::as_tuple(asio::use_awaitable));
        if (ec == asio::error::operation_aborted || !acceptor->is_open())
            co_return;
        if (ec)
            continue; // e.g. too many open files: the next accept may succeed
        if (open.load() >= options.maxConnections) {
            ++refusedConnections;
            beast::error_code ignored;
            socket.close(ignored);
            continue;
        }
        ++connections;
        ++open;
        asio::co_spawn(io, serve(std::move(socket)), asio::detached);
    }
}

std::string HttpServer::Impl::clientOf(const tcp::socket& socket,
                                       const http::request<http::string_body>& req) const
{
    beast::error_code ec;
    const auto peer = socket.remote_endpoint(ec);
    std::string address = ec ? std::string("unknown") : clientKey(peer.address());
    if (std::find(options.trustedProxies.begin(), options.trustedProxies.end(), address) ==
        options.trustedProxies.end())
        return address;
    // The proxy appends the address it saw last: that one it vouches for, the rest the client wrote.
    const auto forwarded = req.find("X-Forwarded-For");
    if (forwarded == req.end())
        return address;
    std::string_view list(forwarded->value().data(), forwarded->value().size());
    const auto comma = list.rfind(',');
    std::string_view last = comma == std::string_view::npos ? list : list.substr(comma + 1);
    while (!last.empty() && last.front() == ' ')
        last.remove_prefix(1);
    while (!last.empty() && last.back() == ' ')
        last.remove_suffix(1);
    beast::error_code parsed;
    const auto forwardedAddress = asio::ip::make_address(std::string(last), parsed);
    return parsed ? address : clientKey(forwardedAddress);
}

asio::awaitable<HttpResponse> HttpServer::Impl::answer(HttpRequest request)
{
    double wait = 0;
    if (!limiter.take(request.client, &wait)) {
        ++rateLimited;
        HttpResponse r = problemResponse(429, "too-many-requests", "Too many requests",
                                         "This address sent more requests than the site serves one client; "
                                         "wait and try again.");
        r.headers.emplace_back("Retry-After", std::to_string(std::max(1, int(wait + 0.999))));
        co_return r;
    }
    if (queued.load() >= options.maxQueued) {
        ++busy;
        HttpResponse r =
            problemResponse(503, "busy", "The box office is busy",
                            "Every worker is taken and the line of requests is full; try again.");
        r.headers.emplace_back("Retry-After", "1");
        co_return r;
    }
    ++queued;
    // The handler runs on a worker; this coroutine resumes on the I/O thread with its answer.
    HttpResponse r = co_await asio::co_spawn(
        pool,
        [this, &request]() -> asio::awaitable<HttpResponse> {
            try {
                co_return handler(request);
            } catch (const std::exception& e) {
                spdlog::error("web: {} {} failed: {}", request.method, request.target, e.what());
                co_return problemResponse(500, "internal", "Internal error",
                                          "Something went wrong on our side.");
            }
        },
        asio::use_awaitable);
    --queued;
    co_return r;
}

asio::awaitable<void> HttpServer::Impl::serve(tcp::socket socket)
{
    beast::tcp_stream stream(std::move(socket));
    beast::flat_buffer buffer;
    for (;;) {
        http::request_parser<http::string_body> parser;
        parser.header_limit(std::uint32_t(options.headerLimit));
        parser.body_limit(options.bodyLimit);
        stream.expires_after(options.idleTimeout);
        auto [readError, bytes] =
            co_await http::async_read(stream, buffer, parser, asio::as_tuple(asio::use_awaitable));
        (void)bytes;
        HttpResponse out;
        bool keepAlive = false;
        bool headRequest = false;
        unsigned version = 11;
        if (readError == http::error::end_of_stream || readError == beast::error::timeout ||
            readError == asio::error::operation_aborted || readError == asio::error::connection_reset ||
            readError == asio::error::eof) {
            break;
        } else if (readError == http::error::body_limit) {
            out = problemResponse(413, "too-large", "Request too large",
                                  "The body is larger than " + std::to_string(options.bodyLimit) + " bytes.");
        } else if (readError == http::error::header_limit) {
            out = problemResponse(431, "headers-too-large", "Request headers too large",
                                  "The headers are larger than " + std::to_string(options.headerLimit) +
                                      " bytes.");
        } else if (readError) {
            out = problemResponse(400, "bad-request", "Bad request",
                                  "The request is not HTTP/1.1: " + readError.message());
        } else {
            ++requests;
            http::request<http::string_body> req = parser.release();
            keepAlive = req.keep_alive();
            headRequest = req.method() == http::verb::head;
            version = req.version();
            HttpRequest request;
            request.method = std::string(req.method_string());
            request.target = std::string(req.target());
            request.client = clientOf(stream.socket(), req);
            request.headers.reserve(16);
            for (const auto& field : req) {
                std::string name(field.name_string());
                std::transform(name.begin(), name.end(), name.begin(),
                               [](unsigned char c) { return char(std::tolower(c)); });
                request.headers.emplace_back(std::move(name), std::string(field.value()));
            }
            request.body = std::move(req.body());
            const std::string client = request.client;
            out = co_await answer(std::move(request));
            if (!out.eventStream.empty() && out.status == 200) {
                int& held = streamsByClient[client];
                if (held >= options.maxStreamsPerClient) {
                    if (held == 0)
                        streamsByClient.erase(client);
                    out =
                        problemResponse(429, "too-many-streams", "Too many live streams",
                                        "This address already watches as many showtimes as the site allows; "
                                        "close a tab.");
                    out.headers.emplace_back("Retry-After", "15");
                    keepAlive = false;
                } else {
                    ++held;
                    co_await streamEvents(stream, out, version);
                    if (--streamsByClient[client] <= 0)
                        streamsByClient.erase(client);
                    break;
                }
            }
        }

        http::response<http::string_body> res{http::status(out.status), version};
        addCommonHeaders(res);
        if (!out.contentType.empty())
            res.set(http::field::content_type, out.contentType);
        for (const auto& [name, value] : out.headers)
            res.insert(name, value);
        res.body() = std::move(out.body);
        res.keep_alive(keepAlive);
        res.prepare_payload();
        if (headRequest) {
            // HEAD: the length GET would have, and no body (the next answer must not be read as one).
            const auto length = res.body().size();
            res.body().clear();
            res.content_length(length);
        }
        stream.expires_after(options.idleTimeout);
        auto [writeError, written] =
            co_await http::async_write(stream, res, asio::as_tuple(asio::use_awaitable));
        (void)written;
        if (writeError || !keepAlive)
            break;
    }
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
    --open;
}

} // namespace bo::web
