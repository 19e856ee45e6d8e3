// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The website's one LISTEN: the seat changes and the waiting lines' moves the site announces,
// turned into server-sent events and handed to the HTTP server, which fans each out to the
// streams of that showtime (docs/API.md, the events and the waiting room). One database session per process
// however many customers watch; the customers' requests never wait on it.
#pragma once

#include <functional>
#include <string>

#include "db/connectionsettings.h"
#include "model/core/workerthread.h"

namespace bo::web {

class ShowtimeFeedWorker;

class ShowtimeFeed final
{
public:
    /// `publish(topic, event)`: one showtime's changes (topic "showtime:<id>"); `publishAll(event)`:
    /// a reload for every stream, when the session was replaced and announcements may be lost.
    /// Both are called on the feed's thread.
    ShowtimeFeed(ConnectionSettings settings, std::function<void(const std::string&, std::string)> publish,
                 std::function<void(std::string)> publishAll);
    ~ShowtimeFeed();
    ShowtimeFeed(const ShowtimeFeed&) = delete;
    ShowtimeFeed& operator=(const ShowtimeFeed&) = delete;

    /// Opens the session on its own thread and LISTENs; it reconnects by itself when the server
    /// goes away (ListeningSession).
    void start();
    void stop();

    /// The topic of a showtime's stream.
    [[nodiscard]] static std::string topicOf(int showtimeId);

private:
    ConnectionSettings m_settings;
    std::function<void(const std::string&, std::string)> m_publish;
    std::function<void(std::string)> m_publishAll;
    ThreadedWorker<ShowtimeFeedWorker> m_worker;
};

} // namespace bo::web
