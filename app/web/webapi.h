// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The online box office's JSON API (docs/API.md): showtimes, a showtime's seat map, the
// customer's hold. Each request runs on one of the HTTP server's workers, which keeps its own
// database connection on the website's login (role boxoffice_web) and goes through the same
// model rules and db adapters as the tills and kiosks (CheckedSeatCommands over SeatStore,
// CatalogStore). Nothing lives in the process between requests: the customer's sale is named by
// its hold token, kept in the customer's cookie, so two or more instances serve one cinema.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <QString>
#include <QStringList>
#include <QUuid>

#include "app/web/httpserver.h"
#include "db/connectionsettings.h"

namespace bo::web {

struct WebApiOptions
{
    /// Adds `Secure` to the sale's cookie: on whenever the site is reached over HTTPS (behind
    /// nginx), off only for the demo and the tests on loopback.
    bool secureCookies = true;
    /// Origins ("https://tickets.example.org") a changing request may come from; empty: the
    /// request's own Host, over http or https.
    QStringList allowedOrigins;
    /// How far ahead the showtime list reaches, in days.
    int listDays = 7;
    /// New sales (a hold or a place in a line without the sale's cookie) one client address may
    /// start: `newSalesBurst` at once, then one every `newSaleSeconds`. Without it one script
    /// could start a sale per request and hold a whole hall ten seats at a time. Generous enough
    /// for a family or an office behind one address; IPv6 counts by /64 (HttpServer).
    int newSalesBurst = 8;
    int newSaleSeconds = 60;
};

class WebApi final
{
public:
    WebApi(ConnectionSettings settings, WebApiOptions options);
    ~WebApi();
    WebApi(const WebApi&) = delete;
    WebApi& operator=(const WebApi&) = delete;

    /// Answers one request; called on a worker thread, several at once.
    [[nodiscard]] HttpResponse handle(const HttpRequest& request);

    /// The name of the cookie that carries the customer's hold token.
    static constexpr const char* saleCookie = "bo_sale";

private:
    struct Backend;
    struct WorkerSlot;
    static thread_local WorkerSlot t_slot;
    /// The Set-Cookie header that gives a new sale's token to the customer's browser.
    [[nodiscard]] std::string saleCookieHeader(const QUuid& token) const;
    /// This worker's connection and stores, opened at its first request. The server's pool must
    /// end (HttpServer::stop) before this object does: the connections close with their threads.
    Backend* backend(QString* error);

    /// True when `client` may start one more sale now; else the seconds until it may.
    bool mayStartSale(const std::string& client, int* waitSeconds);

    ConnectionSettings m_settings;
    WebApiOptions m_options;
    std::mutex m_startsMutex;
    struct Starts
    {
        double tokens = 0;
        std::chrono::steady_clock::time_point at;
    };
    std::unordered_map<std::string, Starts> m_starts; ///< under m_startsMutex
};

} // namespace bo::web
