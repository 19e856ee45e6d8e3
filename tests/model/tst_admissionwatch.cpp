// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <deque>

#include "model/queue/admissionwatch.h"
#include "tests/support/manualclock.h"

using namespace bo;

namespace {

/// Answers each call with the next scripted ticket and records the calls.
class ScriptedQueue final : public AdmissionQueue
{
public:
    std::deque<Result<QueueTicket>> answers;
    QStringList calls;

    Result<QueueTicket> join(int showtimeId, const QUuid& /*owner*/, bool counter) override
    {
        calls << QStringLiteral("join %1%2")
                     .arg(showtimeId)
                     .arg(counter ? QStringLiteral(" counter") : QString());
        return next();
    }
    Result<QueueTicket> heartbeat(const QUuid& /*owner*/) override
    {
        calls << QStringLiteral("heartbeat");
        return next();
    }
    Result<QueueTicket> leave(const QUuid& /*owner*/) override
    {
        calls << QStringLiteral("leave");
        return next();
    }
    Result<QueueLine> line(int /*showtimeId*/) override { return QueueLine{}; }
    Result<QueueCapacity> setCapacity(int /*showtimeId*/, std::optional<int> /*capacity*/) override
    {
        return QueueCapacity{};
    }

private:
    Result<QueueTicket> next()
    {
        if (answers.empty())
            return makeError(ErrorCode::Internal, QStringLiteral("no answer scripted"));
        Result<QueueTicket> a = answers.front();
        answers.pop_front();
        return a;
    }
};

QueueTicket ticket(TicketState state, int position = 0, int waiting = 0)
{
    QueueTicket t;
    t.ticket = 7;
    t.showtimeId = 3;
    t.state = state;
    t.position = position;
    t.waiting = waiting;
    t.capacity = 2;
    t.dbNow = QDateTime(QDate(2026, 12, 2), QTime(18, 0), Qt::UTC);
    if (state == TicketState::Admitted)
        t.admittedUntil = t.dbNow.addSecs(60);
    return t;
}

} // namespace

class TstAdmissionWatch final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        qRegisterMetaType<bo::QueueTicket>();
        m_queue = std::make_unique<ScriptedQueue>();
        m_clock = std::make_unique<test::ManualClock>();
        m_watch = std::make_unique<AdmissionWatch>(*m_queue, *m_clock, AdmissionWatch::Options{50});
    }

    void aWaiterHeartbeatsUntilAdmittedAndCountsTheAdmissionDown()
    {
        QSignalSpy changed(m_watch.get(), &AdmissionWatch::ticketChanged);
        QSignalSpy admitted(m_watch.get(), &AdmissionWatch::admitted);
        m_queue->answers = {ticket(TicketState::Waiting, 2, 2), ticket(TicketState::Waiting, 1, 1),
                            ticket(TicketState::Admitted)};
        m_watch->join(3, QUuid::createUuid());
        QCOMPARE(m_watch->ticket().position, 2);
        QCOMPARE(m_watch->admissionRemainingMs(), -1);
        QTRY_COMPARE(admitted.size(), 1);
        // An admitted ticket goes on answering: on a loaded machine another heartbeat (unscripted,
        // a problem) may come before this line runs; the first three are the ones that count.
        QCOMPARE(m_queue->calls.mid(0, 3), QStringList({QStringLiteral("join 3"), QStringLiteral("heartbeat"),
                                                        QStringLiteral("heartbeat")}));
        QCOMPARE(changed.size(), 3);
        QCOMPARE(m_watch->admissionRemainingMs(), 60000);
        m_clock->advance(15000);
        QCOMPARE(m_watch->admissionRemainingMs(), 45000);
    }

    void anAnnouncementWhoseCounterReachesTheTicketAsksAtOnce()
    {
        // Ticket 7 is the line's 25th arrival; 20 have had their turn; 9 wait.
        QueueTicket waiting = ticket(TicketState::Waiting, 5, 9);
        waiting.arrival = 25;
        m_queue->answers = {waiting};
        m_watch->join(3, QUuid::createUuid());
        QSignalSpy changed(m_watch.get(), &AdmissionWatch::ticketChanged);
        // Another showtime's line, and an older announcement: nothing.
        m_watch->onQueueChanged(QueueChange{4, 10, 2, 30});
        QCOMPARE(m_watch->ticket().position, 5);
        // The counter moved to 22: at most 3 ahead now.
        m_watch->onQueueChanged(QueueChange{3, 10, 8, 22});
        QCOMPARE(m_watch->ticket().position, 3);
        QCOMPARE(m_watch->ticket().waiting, 8);
        m_watch->onQueueChanged(QueueChange{3, 9, 1, 24});
        QCOMPARE(m_watch->ticket().position, 3);
        // A shorter line also brings it forward (those ahead who left).
        m_watch->onQueueChanged(QueueChange{3, 11, 2, 22});
        QCOMPARE(m_watch->ticket().position, 2);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(m_queue->calls, QStringList{QStringLiteral("join 3")});
        // The counter reaches the ticket: it asks at once.
        m_queue->answers = {ticket(TicketState::Admitted)};
        m_watch->onQueueChanged(QueueChange{3, 12, 1, 25});
        QCOMPARE(m_queue->calls.last(), QStringLiteral("heartbeat"));
        QCOMPARE(m_watch->ticket().state, TicketState::Admitted);
    }

    void anEndedTicketStopsTheHeartbeats()
    {
        QSignalSpy ended(m_watch.get(), &AdmissionWatch::ticketEnded);
        QueueTicket left = ticket(TicketState::Left);
        left.reason = QStringLiteral("silent");
        m_queue->answers = {ticket(TicketState::Waiting, 1, 1), left};
        m_watch->join(3, QUuid::createUuid());
        QTRY_COMPARE(ended.size(), 1);
        QTest::qWait(200);
        QCOMPARE(m_queue->calls.size(), 2);
        QCOMPARE(m_watch->ticket().reason, QStringLiteral("silent"));
    }

    void aProblemIsReportedAndTheWatchKeepsItsTicket()
    {
        QSignalSpy problems(m_watch.get(), &AdmissionWatch::problem);
        m_queue->answers = {ticket(TicketState::Waiting, 1, 1),
                            makeError(ErrorCode::Offline, QStringLiteral("down"))};
        m_watch->join(3, QUuid::createUuid());
        m_watch->heartbeatNow();
        QCOMPARE(problems.size(), 1);
        QCOMPARE(m_watch->ticket().position, 1);
    }

private:
    std::unique_ptr<ScriptedQueue> m_queue;
    std::unique_ptr<test::ManualClock> m_clock;
    std::unique_ptr<AdmissionWatch> m_watch;
};

QTEST_GUILESS_MAIN(TstAdmissionWatch)
#include "tst_admissionwatch.moc"
