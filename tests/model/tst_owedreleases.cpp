// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <spdlog/spdlog.h>

#include "model/core/result.h"
#include "model/seats/owedreleases.h"

using namespace bo;

namespace {

OwedReleases::Release release(int showtimeId)
{
    return {showtimeId, QUuid::createUuid()};
}

Error failure(ErrorCode code)
{
    return makeError(code, QStringLiteral("it failed"), QStringLiteral("detail"));
}

} // namespace

/// The releases of ended sales, owed until the database answers them.
class TstOwedReleases final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // A release refused for good is logged as a warning: expected here.
        spdlog::set_level(spdlog::level::err);
    }

    void nothingIsOwedAtFirst()
    {
        OwedReleases owed;
        QCOMPARE(owed.count(), 0);
        QVERIFY(owed.takeUnsent().isEmpty());
        QVERIFY(!owed.answered(1));
        QVERIFY(!owed.failed(1, failure(ErrorCode::Offline)));
    }

    void anAnsweredReleaseIsOwedNoMore()
    {
        OwedReleases owed;
        owed.sent(4, release(7));
        owed.sent(5, release(7));
        QCOMPARE(owed.count(), 2);
        QVERIFY(owed.answered(4));
        QCOMPARE(owed.count(), 1);
        // A second answer to the same request is not an owed release any more.
        QVERIFY(!owed.answered(4));
        QVERIFY(owed.answered(5));
        QCOMPARE(owed.count(), 0);
        QVERIFY(owed.takeUnsent().isEmpty());
    }

    void anotherRequestsAnswerIsNotAnOwedRelease()
    {
        OwedReleases owed;
        owed.sent(4, release(7));
        QVERIFY(!owed.answered(3));
        QVERIFY(!owed.failed(3, failure(ErrorCode::Offline)));
        QCOMPARE(owed.count(), 1);
        QVERIFY(owed.takeUnsent().isEmpty());
    }

    void aReleaseThatFailsOfflineIsSentAgainAfterTheReconnect()
    {
        OwedReleases owed;
        const OwedReleases::Release first = release(7);
        const OwedReleases::Release second = release(8);
        owed.sent(4, first);
        owed.sent(5, second);
        QVERIFY(owed.failed(5, failure(ErrorCode::Offline)));
        QVERIFY(owed.failed(4, failure(ErrorCode::Offline)));
        // Kept while waiting for the reconnect: still owed.
        QCOMPARE(owed.count(), 2);
        QVERIFY(!owed.answered(4));

        const QList<OwedReleases::Release> again = owed.takeUnsent();
        QCOMPARE(again.size(), 2);
        QCOMPARE(again.at(0).showtimeId, 8);
        QCOMPARE(again.at(0).token, second.token);
        QCOMPARE(again.at(1).showtimeId, 7);
        QCOMPARE(again.at(1).token, first.token);
        // Taken, they are forgotten here (sending them again makes them owed again).
        QCOMPARE(owed.count(), 0);
        QVERIFY(owed.takeUnsent().isEmpty());
    }

    void aReleaseRefusedForGoodIsNotSentAgain_data()
    {
        QTest::addColumn<int>("code");
        QTest::newRow("internal") << int(ErrorCode::Internal);
        QTest::newRow("not found") << int(ErrorCode::NotFound);
        QTest::newRow("bad input") << int(ErrorCode::BadInput);
    }

    void aReleaseRefusedForGoodIsNotSentAgain()
    {
        QFETCH(int, code);
        OwedReleases owed;
        owed.sent(4, release(7));
        QVERIFY(owed.failed(4, failure(ErrorCode(code))));
        QCOMPARE(owed.count(), 0);
        QVERIFY(owed.takeUnsent().isEmpty());
        QVERIFY(!owed.failed(4, failure(ErrorCode::Offline)));
    }
};

QTEST_GUILESS_MAIN(TstOwedReleases)
#include "tst_owedreleases.moc"
