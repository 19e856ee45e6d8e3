// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <atomic>
#include <memory>

#include <QtTest>

#include "model/core/workerthread.h"

using namespace bo;

namespace {

/// A port that answers with the thread it was called on.
class Where
{
public:
    QThread* here() { return QThread::currentThread(); }
    int calls = 0;
};

/// A threaded adapter's worker: says where it was made, begun, used and finished, with a timer of
/// its own (which must live on the worker's thread to fire there).
class Recorder final : public QObject
{
public:
    explicit Recorder(QList<QString>* log)
        : madeOn(QThread::currentThread())
        , m_log(log)
    {}
    ~Recorder() override
    {
        m_log->append(QThread::currentThread() == madeOn ? QStringLiteral("destroyed there")
                                                         : QStringLiteral("destroyed elsewhere"));
    }
    Recorder(const Recorder&) = delete;
    Recorder& operator=(const Recorder&) = delete;
    Recorder(Recorder&&) = delete;
    Recorder& operator=(Recorder&&) = delete;

    void begin()
    {
        timer = new QTimer(this);
        m_log->append(timer->thread() == madeOn ? QStringLiteral("begun there")
                                                : QStringLiteral("begun elsewhere"));
    }
    void finish() { m_log->append(QStringLiteral("finished")); }
    void use(int n) { m_log->append(QStringLiteral("use %1").arg(n)); }

    QThread* madeOn;
    QTimer* timer = nullptr;

private:
    QList<QString>* m_log;
};

} // namespace

/// The worker every threaded screen and adapter uses: order, the answer's thread, an answer to a
/// window already closed, stopping, and a port called here and now.
class TstWorkerThread final : public QObject
{
    Q_OBJECT

private slots:
    void tasksRunInOrderOnTheirOwnThread()
    {
        WorkerThread worker(QStringLiteral("test worker"));
        QVERIFY(worker.isRunning());
        QList<int> order;
        QThread* ran = nullptr;
        for (int i = 0; i < 50; ++i)
            worker.post([&order, &ran, i] {
                order << i;
                ran = QThread::currentThread();
            });
        worker.stop();
        QVERIFY(!worker.isRunning());
        QCOMPARE(order.size(), 50);
        for (int i = 0; i < 50; ++i)
            QCOMPARE(order.at(i), i);
        QVERIFY(ran != nullptr);
        QVERIFY(ran != QThread::currentThread());
    }

    void anAnswerComesBackOnTheCallersThreadLater()
    {
        WorkerThread worker(QStringLiteral("test worker"));
        QObject window;
        QThread* taskThread = nullptr;
        QThread* replyThread = nullptr;
        int answer = 0;
        worker.call(
            &window,
            [&taskThread] {
                taskThread = QThread::currentThread();
                return 42;
            },
            [&](int result) {
                replyThread = QThread::currentThread();
                answer = result;
            });
        // Never at once: the caller goes on first.
        QCOMPARE(answer, 0);
        QTRY_COMPARE(answer, 42);
        QCOMPARE(replyThread, QThread::currentThread());
        QVERIFY(taskThread != QThread::currentThread());
    }

    void aWindowClosedBeforeTheAnswerGetsNone()
    {
        WorkerThread worker(QStringLiteral("test worker"));
        auto window = std::make_unique<QObject>();
        std::atomic<bool> release{false};
        bool answered = false;
        worker.call(
            window.get(),
            [&release] {
                while (!release.load())
                    QThread::msleep(1);
                return 1;
            },
            [&answered](int) { answered = true; });
        window.reset(); // closed while the task waits
        release = true;
        // Answers come back in order: once a later call's has, the first one's would have.
        QObject other;
        bool later = false;
        worker.call(
            &other, [] { return 2; }, [&later](int) { later = true; });
        QTRY_VERIFY(later);
        QVERIFY(!answered);
    }

    void stopRunsTheLastTaskAfterThePendingOnesAndDropsTheAnswers()
    {
        WorkerThread worker(QStringLiteral("test worker"));
        QObject window;
        QStringList log;
        bool answered = false;
        worker.post([&log] {
            QThread::msleep(30);
            log << QStringLiteral("work");
        });
        worker.call(
            &window, [&log] { return (log << QStringLiteral("call"), 1); },
            [&answered](int) { answered = true; });
        worker.stop([&log] { log << QStringLiteral("close"); });
        QCOMPARE(log, (QStringList{QStringLiteral("work"), QStringLiteral("call"), QStringLiteral("close")}));
        worker.post([&log] { log << QStringLiteral("too late"); });
        worker.stop([&log] { log << QStringLiteral("twice"); });
        QCoreApplication::processEvents();
        QCOMPARE(log.size(), 3);
        QVERIFY(!answered);
    }

    void stopLaterDoesNotWaitForTheTaskUnderWay()
    {
        auto worker = std::make_unique<WorkerThread>(QStringLiteral("test worker"));
        QObject owner;
        std::atomic<bool> release{false};
        std::atomic<bool> gaveUp{false};
        worker->post([&release, &gaveUp] {
            // Bounded: had stopLater waited for this task, it gives up and says so.
            for (int i = 0; i < 5000 && !release.load(); ++i)
                QThread::msleep(1);
            gaveUp = !release.load();
        });
        bool closed = false;
        bool stopped = false;
        worker->stopLater([&closed] { closed = true; }, &owner, [&stopped] { stopped = true; });
        release = true; // only once stopLater has returned
        QTRY_VERIFY(stopped);
        QVERIFY(!gaveUp);
        QVERIFY(closed);
        QVERIFY(!worker->isRunning());
        worker.reset(); // from the stopped answer's thread: nothing left to wait for
    }

    /// The adapters' worker object: made, begun, used, finished and destroyed on the thread, in
    /// that order; nothing runs after stop, and stop without start does nothing.
    void aThreadedWorkerLivesAndDiesOnItsThread()
    {
        QList<QString> log;
        QThread* made = nullptr;
        {
            ThreadedWorker<Recorder> worker;
            worker.stop(); // never started: nothing
            worker.post([](Recorder& r) { r.use(0); });
            worker.start(QStringLiteral("test adapter"), [&log, &made] {
                auto r = std::make_unique<Recorder>(&log);
                made = r->madeOn;
                return r;
            });
            for (int i = 1; i <= 3; ++i)
                worker.post([i](Recorder& r) { r.use(i); });
            worker.stop();
            worker.post([](Recorder& r) { r.use(99); });
        }
        QVERIFY(made != nullptr);
        QVERIFY(made != QThread::currentThread());
        QCOMPARE(log, (QList<QString>{QStringLiteral("begun there"), QStringLiteral("use 1"),
                                      QStringLiteral("use 2"), QStringLiteral("use 3"),
                                      QStringLiteral("finished"), QStringLiteral("destroyed there")}));
    }

    void postAndWaitReturnsOnceTheTaskHasRun()
    {
        WorkerThread worker(QStringLiteral("test worker"));
        QStringList log;
        worker.post([&log] {
            QThread::msleep(30);
            log << QStringLiteral("posted");
        });
        QThread* ran = nullptr;
        worker.postAndWait([&log, &ran] {
            log << QStringLiteral("waited");
            ran = QThread::currentThread();
        });
        QCOMPARE(log, (QStringList{QStringLiteral("posted"), QStringLiteral("waited")}));
        QVERIFY(ran != nullptr);
        QVERIFY(ran != QThread::currentThread());
        worker.stop();
        worker.postAndWait([&log] { log << QStringLiteral("too late"); });
        QCOMPARE(log.size(), 2);
    }

    /// An owner that connects to its worker's signals, or reads what begin() found, has the
    /// worker made and begun on the thread when startAndWait returns; running from start to stop.
    void startAndWaitReturnsTheWorkerBegunOnItsThread()
    {
        QList<QString> log;
        ThreadedWorker<Recorder> worker;
        QVERIFY(!worker.isRunning());
        Recorder* made = worker.startAndWait(QStringLiteral("test adapter"), [&log] {
            QThread::msleep(50); // slow to make: a start that did not wait returns before this
            return std::make_unique<Recorder>(&log);
        });
        QVERIFY(worker.isRunning());
        QVERIFY(made != nullptr);
        QCOMPARE(log, QList<QString>{QStringLiteral("begun there")});
        QVERIFY(made->madeOn != QThread::currentThread());
        QCOMPARE(made->timer->thread(), made->madeOn);
        worker.post([](Recorder& r) { r.use(1); });
        worker.stop();
        QVERIFY(!worker.isRunning());
        QCOMPARE(log, (QList<QString>{QStringLiteral("begun there"), QStringLiteral("use 1"),
                                      QStringLiteral("finished"), QStringLiteral("destroyed there")}));
    }

    void aPortCallerWithoutAWorkerAnswersAtOnce()
    {
        Where port;
        QObject window;
        PortCaller<Where> here(port);
        QVERIFY(!here.onWorker());
        QThread* seen = nullptr;
        here.call(
            &window, [](Where& p) { return p.here(); }, [&seen](QThread* t) { seen = t; });
        QCOMPARE(seen, QThread::currentThread());
    }

    void aPortCallerWithAWorkerCallsThePortThere()
    {
        WorkerThread worker(QStringLiteral("test worker"));
        Where port;
        QObject window;
        PortCaller<Where> there(port, worker);
        QVERIFY(there.onWorker());
        QThread* seen = nullptr;
        there.call(
            &window,
            [](Where& p) {
                ++p.calls;
                return p.here();
            },
            [&seen](QThread* t) { seen = t; });
        QCOMPARE(seen, nullptr);
        QTRY_VERIFY(seen != nullptr);
        QVERIFY(seen != QThread::currentThread());
        QCOMPARE(port.calls, 1);
    }
};

QTEST_GUILESS_MAIN(TstWorkerThread)
#include "tst_workerthread.moc"
