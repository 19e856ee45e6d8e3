// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/sale/checkedseatcommands.h"
#include "tests/support/scriptedseatcommands.h"

using namespace bo;
using bo::test::ScriptedSeatCommands;

class TstCheckedSeatCommands final : public QObject
{
    Q_OBJECT

private slots:
    void tokensAreRandomUuids()
    {
        const QUuid a = CheckedSeatCommands::newToken();
        const QUuid b = CheckedSeatCommands::newToken();
        QVERIFY(!a.isNull());
        QVERIFY(a != b);
        QCOMPARE(a.version(), QUuid::Random);
    }

    void uuidsAreParsedWithOrWithoutBraces_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::newRow("plain") << QStringLiteral("8c0e6f5e-2b1d-4c9a-9a51-3f1f2d9b7a10") << true;
        QTest::newRow("braces") << QStringLiteral(" {8c0e6f5e-2b1d-4c9a-9a51-3f1f2d9b7a10} ") << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("garbage") << QStringLiteral("till-1") << false;
    }

    void uuidsAreParsedWithOrWithoutBraces()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        const auto id = CheckedSeatCommands::parseUuid(text, QStringLiteral("hold token"));
        QCOMPARE(id.ok(), ok);
        if (!ok) {
            QCOMPARE(id.error().code, ErrorCode::BadInput);
            QVERIFY(id.error().message.contains(QLatin1String("hold token")));
        }
    }

    void badHoldsNeverReachTheDatabase_data()
    {
        QTest::addColumn<QList<int>>("seats");
        QTest::addColumn<bool>("withOwner");
        QTest::newRow("no seats") << QList<int>{} << true;
        QTest::newRow("a seat twice") << QList<int>{1, 2, 1} << true;
        QTest::newRow("too many") << QList<int>{1, 2, 3, 4, 5} << true;
        QTest::newRow("no token") << QList<int>{1} << false;
    }

    void badHoldsNeverReachTheDatabase()
    {
        QFETCH(QList<int>, seats);
        QFETCH(bool, withOwner);
        ScriptedSeatCommands store;
        CheckedSeatCommands service(store, 4);
        const auto outcome = service.hold(1, seats, withOwner ? QUuid::createUuid() : QUuid());
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.error().code, ErrorCode::BadInput);
        QCOMPARE(store.calls.load(), 0);
    }

    void aGrantedHoldCarriesTheTimeTheDatabaseGave()
    {
        ScriptedSeatCommands store;
        store.onHold = [](int, const QList<int>&, const QUuid&, std::optional<int> ttl) {
            HoldDecision r;
            r.granted = true;
            r.dbNow = QDateTime::fromSecsSinceEpoch(1000, Qt::UTC);
            r.heldUntil = r.dbNow.addSecs(ttl.value_or(300));
            return Result<HoldDecision>(r);
        };
        CheckedSeatCommands service(store, 4);
        const auto outcome = service.hold(1, {3, 4}, QUuid::createUuid(), 120);
        QVERIFY(outcome.ok());
        QVERIFY(outcome.value().granted);
        QCOMPARE(outcome.value().remainingMs(), 120000);
        QCOMPARE(outcome.value().heldUntil, QDateTime::fromSecsSinceEpoch(1120, Qt::UTC));
    }

    void aRefusedHoldNamesTheSeatsThatWereTaken()
    {
        ScriptedSeatCommands store;
        store.onHold = [](int, const QList<int>&, const QUuid&, std::optional<int>) {
            HoldDecision r;
            r.unavailable = {4};
            return Result<HoldDecision>(r);
        };
        CheckedSeatCommands service(store, 4);
        const auto outcome = service.hold(1, {3, 4}, QUuid::createUuid());
        QVERIFY(outcome.ok());
        QVERIFY(!outcome.value().granted);
        QCOMPARE(outcome.value().unavailable, QList<int>{4});
    }

    void releaseNeedsAToken()
    {
        ScriptedSeatCommands store;
        store.onRelease = [](int, const QUuid&, const QList<int>& seats) {
            return Result<int>(int(seats.size()));
        };
        CheckedSeatCommands service(store, 4);
        QCOMPARE(service.release(1, QUuid()).error().code, ErrorCode::BadInput);
        QCOMPARE(store.calls.load(), 0);
        const auto freed = service.release(1, QUuid::createUuid(), {1, 2});
        QVERIFY(freed.ok());
        QCOMPARE(freed.value(), 2);
    }

    void badConfirmsNeverReachTheDatabase_data()
    {
        QTest::addColumn<int>("fault");
        QTest::newRow("no token") << 0;
        QTest::newRow("no key") << 1;
        QTest::newRow("no terminal") << 2;
        QTest::newRow("a seat twice") << 3;
        QTest::newRow("ticket types do not match the seats") << 4;
    }

    void badConfirmsNeverReachTheDatabase()
    {
        QFETCH(int, fault);
        ConfirmRequest request;
        request.terminal = QStringLiteral("till-1");
        request.key = QUuid::createUuid();
        request.showtimeId = 1;
        request.owner = QUuid::createUuid();
        request.seatIds = {1, 2};
        request.tiers = {QStringLiteral("adult"), QStringLiteral("child")};
        switch (fault) {
        case 0:
            request.owner = QUuid();
            break;
        case 1:
            request.key = QUuid();
            break;
        case 2:
            request.terminal = QStringLiteral("  ");
            break;
        case 3:
            request.seatIds = {1, 1};
            break;
        default:
            request.tiers = {QStringLiteral("adult")};
            break;
        }
        ScriptedSeatCommands store;
        CheckedSeatCommands service(store, 4);
        const auto result = service.confirm(request);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().code, ErrorCode::BadInput);
        QCOMPARE(store.calls.load(), 0);
    }

    void aGoodConfirmIsTheDatabasesAnswer()
    {
        ScriptedSeatCommands store;
        store.onConfirm = [](const ConfirmRequest&) {
            ConfirmResult r;
            r.code = QStringLiteral("AB12-CD34");
            return Result<ConfirmResult>(r);
        };
        CheckedSeatCommands service(store, 4);
        ConfirmRequest request;
        request.terminal = QStringLiteral("till-1");
        request.key = QUuid::createUuid();
        request.owner = QUuid::createUuid();
        const auto result = service.confirm(request);
        QVERIFY(result.ok());
        QCOMPARE(result.value().code, QStringLiteral("AB12-CD34"));
        store.onConfirm = [](const ConfirmRequest&) {
            return Result<ConfirmResult>(makeError(ErrorCode::Expired, QStringLiteral("gone")));
        };
        QCOMPARE(service.confirm(request).error().code, ErrorCode::Expired);
    }
};

QTEST_GUILESS_MAIN(TstCheckedSeatCommands)
#include "tst_checkedseatcommands.moc"
