// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The crowd bench's in-process admission queue (app/tools/bench/crowdadmission.h): the stand-in and
// yardstick for the database's queue, so its FIFO must be exact or the bench's fairness figures
// mean nothing.
#include <algorithm>
#include <thread>
#include <vector>

#include <QtTest>

#include "app/tools/bench/crowdadmission.h"

using bo::bench::AdmissionState;
using bo::bench::LocalAdmissionQueue;

class TstCrowdAdmission final : public QObject
{
    Q_OBJECT

private slots:
    void belowCapacityJoinAdmitsAtOnce()
    {
        LocalAdmissionQueue queue(2);
        const AdmissionState first = queue.join(QUuid::createUuid());
        const AdmissionState second = queue.join(QUuid::createUuid());
        const AdmissionState third = queue.join(QUuid::createUuid());
        QVERIFY(first.admitted);
        QVERIFY(second.admitted);
        QCOMPARE(first.order, 0);
        QCOMPARE(second.order, 1);
        QVERIFY(!third.admitted);
        QCOMPARE(third.position, 1);
    }

    /// 32 threads join at once; the places are then given back one at a time, and every
    /// admission goes to the earliest joiner still waiting.
    void concurrentJoinersAreAdmittedInJoinOrder()
    {
        constexpr int joiners = 32;
        constexpr int capacity = 4;
        LocalAdmissionQueue queue(capacity);
        std::vector<QUuid> tokens(joiners);
        std::vector<AdmissionState> joined(joiners);
        {
            std::vector<std::thread> threads;
            for (int i = 0; i < joiners; ++i) {
                tokens[size_t(i)] = QUuid::createUuid();
                threads.emplace_back(
                    [&queue, &tokens, &joined, i] { joined[size_t(i)] = queue.join(tokens[size_t(i)]); });
            }
            for (std::thread& t : threads)
                t.join();
        }
        // The join order, as the queue numbered it: the admitted by admission order, then the
        // waiting by position (nobody left yet, so positions are the join order).
        std::vector<int> byJoin(joiners);
        for (int i = 0; i < joiners; ++i) {
            const AdmissionState& s = joined[size_t(i)];
            QCOMPARE(s.admitted, s.order >= 0);
            byJoin[size_t(s.admitted ? s.order : capacity - 1 + s.position)] = i;
        }
        for (int k = 0; k < joiners; ++k) {
            const AdmissionState now = queue.poll(tokens[size_t(byJoin[size_t(k)])]);
            QVERIFY2(now.admitted, qPrintable(QStringLiteral("joiner %1 in line is not admitted").arg(k)));
            QCOMPARE(now.order, qint64(k));
            if (k + capacity < joiners)
                QVERIFY(!queue.poll(tokens[size_t(byJoin[size_t(k + capacity)])]).admitted);
            queue.leave(tokens[size_t(byJoin[size_t(k)])]);
        }
    }

    void aWaitingCustomerWhoLeavesGivesTheTurnToTheNext()
    {
        LocalAdmissionQueue queue(1);
        const QUuid a = QUuid::createUuid();
        const QUuid b = QUuid::createUuid();
        const QUuid c = QUuid::createUuid();
        QVERIFY(queue.join(a).admitted);
        QCOMPARE(queue.join(b).position, 1);
        QCOMPARE(queue.join(c).position, 2);
        queue.leave(b);
        QCOMPARE(queue.poll(c).position, 1);
        queue.leave(a);
        QVERIFY(queue.poll(c).admitted);
        QVERIFY(!queue.poll(b).admitted);
        QCOMPARE(queue.poll(b).position, 0); // left: no longer in line
    }
};

QTEST_GUILESS_MAIN(TstCrowdAdmission)
#include "tst_crowdadmission.moc"
