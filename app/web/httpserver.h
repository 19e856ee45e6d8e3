// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The website's HTTP/1.1 server (docs/DECISIONS.md, "The online box office: the HTTP server"):
// Boost.Beast on one I/O thread, every request's work on a fixed pool of worker threads, so no
// request waits on the database on the thread that serves every connection. It knows nothing of
// cinemas: a handler (app/web/webapi.h) answers each request. Plain std types here, so that only
// httpserver.cpp compiles Beast and Asio.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bo::web {

struct HttpRequest
{
    std::string method; ///< as sent, e.g. "GET"
    std::string target; ///< the path and query, e.g. "/api/showtimes?day=2026-12-08"
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers; ///< names in lower case
    std::string client; ///< the customer's address (the proxy's forwarded one when it is trusted)

    /// The first header of that (lower-case) name; "" when absent.
    [[nodiscard]] std::string header(std::string_view name) const;
};

struct HttpResponse
{
    int status = 200;
    std::string contentType;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    /// Not empty: the answer is a stream of server-sent events (text/event-stream) on this topic.
    /// `body` is written first; then every event published to the topic (HttpServer::publish),
    /// and a comment line every heartbeat so that proxies keep the connection, until the client
    /// goes or the server stops.
    std::string eventStream;
};

/// An RFC 9457 problem document the server itself answers (bad framing, too large, too many
/// requests, busy), with the headers every answer carries.
[[nodiscard]] HttpResponse problemResponse(int status, std::string_view name, std::string_view title,
                                           std::string_view detail);

struct HttpServerOptions
{
    std::string address = "127.0.0.1";
    std::uint16_t port = 0; ///< 0: any free port (port() says which)
    int workers = 4;        ///< threads that run the handler (each may hold a database connection)
    int maxConnections = 20000;
    std::chrono::milliseconds idleTimeout{30000}; ///< a request must arrive, and be written, in this
    std::size_t headerLimit = 8192;
    std::size_t bodyLimit = 16384;
    /// Requests waiting for a worker beyond which the server answers 503 at once.
    int maxQueued = 512;
    /// Per client address: requests a second on average and the burst allowed (0: no limit).
    double ratePerSecond = 20;
    double rateBurst = 40;
    /// Proxies (exact addresses) whose X-Forwarded-For names the client; from anyone else the
    /// header is ignored, so a customer cannot choose whose limit they spend.
    std::vector<std::string> trustedProxies;
    /// An event stream's comment line when nothing else was sent for this long (proxies close
    /// a connection that says nothing; nginx's default is 60 s).
    std::chrono::milliseconds heartbeat{15000};
    /// Events waiting for one slow stream beyond which they are dropped and the stream is told to
    /// reload instead (one `reload` event), so a client that does not read costs bounded memory.
    std::size_t maxPendingEvents = 256;
    /// Event streams one client (address, or IPv6 /64) may hold open at once: a customer needs one
    /// per tab; one address holding thousands would take everyone else's connections.
    int maxStreamsPerClient = 8;
};

/// What the server counted since it started (for the logs, the tests and the benchmark).
struct HttpServerStats
{
    long long connections = 0;
    long long requests = 0;
    long long rateLimited = 0;
    long long busy = 0;
    long long refusedConnections = 0;
    int open = 0;
    int streams = 0; ///< event streams open now
};

/// Runs on a worker thread; returns the answer. Must not throw (a throw becomes a 500).
using HttpHandler = std::function<HttpResponse(const HttpRequest&)>;

class HttpServer final
{
public:
    HttpServer(HttpServerOptions options, HttpHandler handler);
    /// Stops the server (stop()).
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds and starts the I/O thread and the workers. False with `error` set when the address
    /// cannot be bound.
    [[nodiscard]] bool start(std::string* error);
    /// The bound port (after start()).
    [[nodiscard]] std::uint16_t port() const;
    /// Stops accepting, closes every connection, lets the workers finish their request and joins
    /// the threads. Safe to call twice.
    void stop();
    [[nodiscard]] HttpServerStats stats() const;
    /// Sends `event` (whole server-sent events, each ending with a blank line) to every stream of
    /// `topic`; from any thread, in the order published.
    void publish(const std::string& topic, std::string event);
    /// Sends `event` to every open stream, whatever its topic.
    void publishAll(std::string event);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace bo::web
