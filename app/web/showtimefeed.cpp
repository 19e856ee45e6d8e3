// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/web/showtimefeed.h"

#include <utility>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <spdlog/spdlog.h>

#include "db/listeningsession.h"
#include "db/queuestore.h"
#include "db/seatnotification.h"
#include "model/seats/seatchanges.h"

namespace bo::web {

namespace {

/// A showtime's changes as one `seats` event: each seat's id and new state.
std::string seatsEvent(const SeatChanges& changes)
{
    QJsonArray seats;
    for (const SeatChange& c : changes.seats) {
        seats.append(QJsonObject{{QStringLiteral("id"), c.seatId},
                                 {QStringLiteral("state"), seatStatusText(c.status).toLower()}});
    }
    const QJsonObject data{{QStringLiteral("showtime"), changes.showtimeId},
                           {QStringLiteral("seats"), seats}};
    return "event: seats\ndata: " + QJsonDocument(data).toJson(QJsonDocument::Compact).toStdString() + "\n\n";
}

/// A line's move as one `queue` event: how many wait and how far the turns have come; a waiter
/// whose number is at most `admittedUpTo` has had its turn (its page asks for its place then).
std::string queueEvent(const QueueChange& change)
{
    const QJsonObject data{{QStringLiteral("showtime"), change.showtimeId},
                           {QStringLiteral("sequence"), change.sequence},
                           {QStringLiteral("waiting"), change.waiting},
                           {QStringLiteral("admittedUpTo"), change.admittedUpTo}};
    return "event: queue\ndata: " + QJsonDocument(data).toJson(QJsonDocument::Compact).toStdString() + "\n\n";
}

} // namespace

/// Lives on the feed's thread: the session and what it hears.
class ShowtimeFeedWorker final : public QObject
{
public:
    ShowtimeFeedWorker(ConnectionSettings settings,
                       std::function<void(const std::string&, std::string)> publish,
                       std::function<void(std::string)> publishAll)
        : m_session(std::move(settings), QStringLiteral("web-seats"), {seatChannel(), queueChannel()})
        , m_publish(std::move(publish))
        , m_publishAll(std::move(publishAll))
    {
        connect(&m_session, &ListeningSession::notified, this,
                [this](const QString& channel, const QString& payload) {
                    if (channel == queueChannel()) {
                        if (const std::optional<QueueChange> change = parseQueueNotification(payload))
                            m_publish(ShowtimeFeed::topicOf(change->showtimeId), queueEvent(*change));
                        return;
                    }
                    const std::optional<SeatChanges> changes = parseSeatNotification(payload);
                    if (changes && !changes->seats.isEmpty())
                        m_publish(ShowtimeFeed::topicOf(changes->showtimeId), seatsEvent(*changes));
                });
        // A new session heard nothing of what was announced meanwhile: every page re-reads its map.
        connect(&m_session, &ListeningSession::reconnected, this,
                [this] { m_publishAll("event: reload\ndata: {}\n\n"); });
        connect(&m_session, &ListeningSession::onlineChanged, this, [](bool online, const QString& reason) {
            if (online)
                spdlog::info("web: listening for seat changes");
            else
                spdlog::warn("web: not listening for seat changes: {}", reason.toStdString());
        });
    }
    void begin() { m_session.start(); }
    void finish() { m_session.stop(); }

private:
    ListeningSession m_session;
    std::function<void(const std::string&, std::string)> m_publish;
    std::function<void(std::string)> m_publishAll;
};

ShowtimeFeed::ShowtimeFeed(ConnectionSettings settings,
                           std::function<void(const std::string&, std::string)> publish,
                           std::function<void(std::string)> publishAll)
    : m_settings(std::move(settings))
    , m_publish(std::move(publish))
    , m_publishAll(std::move(publishAll))
{}

ShowtimeFeed::~ShowtimeFeed()
{
    m_worker.stop();
}

void ShowtimeFeed::start()
{
    m_worker.start(QStringLiteral("web-seats"), [this] {
        return std::make_unique<ShowtimeFeedWorker>(m_settings, m_publish, m_publishAll);
    });
}

void ShowtimeFeed::stop()
{
    m_worker.stop();
}

std::string ShowtimeFeed::topicOf(int showtimeId)
{
    return "showtime:" + std::to_string(showtimeId);
}

} // namespace bo::web
