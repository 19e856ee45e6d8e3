// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// RefundProcess over refunds kept in memory the way the database keeps them (a row per part of a
// refund, a key asked again answered with what it wrote) and a payment service that answers as
// scripted: which refunds are sent to the card service and with which keys, what a refund looks
// like afterwards (its parts kept, the service's reason when the answer is unknown), the owed
// cash paid at a till, and refund-all run again after it was stopped half way refunding nothing
// twice. The same workflow on PostgreSQL is in tests/db/tst_refunds.cpp.
#include <QtTest>

#include <algorithm>
#include <functional>
#include <optional>

#include "model/payments/cardpayments.h"
#include "model/payments/refundprocess.h"

using namespace bo;

namespace bo {

/// Names the state in QCOMPARE's failure messages.
char* toString(RefundState state)
{
    const QString name = refundStateName(state);
    return qstrdup(name.isEmpty() ? "no such refund" : qPrintable(name));
}

} // namespace bo

namespace {

using O = GatewayOutcome;

const QString card = QStringLiteral("card");
const QString cash = QStringLiteral("cash");
const QString confirmed = QStringLiteral("CONFIRMED");
const QString refunded = QStringLiteral("REFUNDED");

Error offline()
{
    return makeError(ErrorCode::Offline, QStringLiteral("The database cannot be reached."));
}

/// Refunds as the database keeps them: each refund is one row per part (its first part under the
/// refund's key, the others under keys of their own naming it), a booking is refunded whole and is
/// REFUNDED at once, a card part waits (Refunding) for the payment service, a cash part comes out
/// of the drawer at once or, in a batch, is owed until a till pays it. A key asked again is
/// answered with the refund as it stands now (replay); with another request it is KeyMismatch.
/// list() answers the rows flat, without parts, as bo_refund_list does.
class MemoryRefunds final : public Refunds
{
public:
    struct Booking
    {
        QString code;
        int showtimeId = 0;
        QString status = QStringLiteral("CONFIRMED");
        qint64 cardMinor = 0;
        qint64 cashMinor = 0;
        QUuid cardPayment = QUuid::createUuid();
        QUuid cashPayment = QUuid::createUuid();
    };
    struct Row
    {
        RefundRecord record;
        QUuid partOf;
        QString batch;
        QString fingerprint;
    };
    struct Finish
    {
        QUuid key;
        bool refunded = false;
        QUuid terminalId;
    };

    QList<Booking> bookings;
    QList<Row> rows; ///< in the order written
    QList<RefundRequest> begins;
    QList<Finish> finishes;
    int lists = 0;
    int exchanges = 0;
    /// Asked before each begin: an error stops it (`written`: after the refund was written, as when
    /// the transaction committed and its answer was lost).
    std::function<std::optional<Error>(const RefundRequest&, bool written)> failBegin;
    bool failLists = false;
    bool failBookings = false;
    /// What exchange() answers; the refund in it (and its parts) is written as rows.
    Result<ExchangeResult> exchangeAnswer = makeError(ErrorCode::Internal, QStringLiteral("no exchange"));

    Booking& addBooking(const QString& code, int showtimeId, qint64 cardMinor, qint64 cashMinor)
    {
        Booking b;
        b.code = code;
        b.showtimeId = showtimeId;
        b.cardMinor = cardMinor;
        b.cashMinor = cashMinor;
        bookings.append(b);
        return bookings.last();
    }

    Row* row(const QUuid& key)
    {
        for (Row& r : rows)
            if (r.record.key == key)
                return &r;
        return nullptr;
    }

    [[nodiscard]] const Booking* booking(const QString& code) const
    {
        for (const Booking& b : bookings)
            if (b.code == code)
                return &b;
        return nullptr;
    }

    /// The payment service's record of a card refund's answer (on its own connection).
    void resolve(const QUuid& key, RefundState state, const QString& failure)
    {
        if (Row* r = row(key)) {
            r->record.state = state;
            r->record.failure = failure;
        }
    }

    /// The state of the refund (or part) `key`; none (shown as "no such refund") when there is none.
    [[nodiscard]] RefundState stateOf(const QUuid& key)
    {
        const Row* r = row(key);
        return r != nullptr ? r->record.state : RefundState(-1);
    }

    /// Money given back in cash out of a drawer, over every part.
    [[nodiscard]] qint64 cashOutMinor() const
    {
        qint64 sum = 0;
        for (const Row& r : rows)
            if (r.record.method == cash && r.record.state == RefundState::Refunded)
                sum += r.record.amountMinor;
        return sum;
    }

    Result<RefundQuote> quote(const QString&, const QStringList&, const QUuid&) override
    {
        return makeError(ErrorCode::Internal, QStringLiteral("RefundProcess does not quote"));
    }

    Result<RefundRecord> begin(const RefundRequest& request) override
    {
        begins.append(request);
        if (failBegin)
            if (auto e = failBegin(request, false))
                return *e;
        const QString fingerprint =
            request.bookingCode + QLatin1Char('|') + request.reason + QLatin1Char('|') + request.batch;
        if (const Row* first = row(request.key)) {
            if (first->fingerprint != fingerprint)
                return makeError(ErrorCode::KeyMismatch, QStringLiteral("key used for another refund"));
            RefundRecord again = withParts(request.key);
            again.replay = true;
            return again;
        }
        Booking* b = nullptr;
        for (Booking& candidate : bookings)
            if (candidate.code == request.bookingCode)
                b = &candidate;
        if (b == nullptr)
            return makeError(ErrorCode::NotFound, QStringLiteral("no booking %1").arg(request.bookingCode));
        if (b->status != confirmed)
            return makeError(ErrorCode::Conflict,
                             QStringLiteral("booking %1 has nothing left to refund").arg(b->code));
        const bool owed = !request.batch.isEmpty();
        struct Part
        {
            QString method;
            qint64 amount;
            QUuid payment;
            RefundState state;
        };
        QList<Part> parts;
        if (b->cardMinor > 0)
            parts.append({card, b->cardMinor, b->cardPayment, RefundState::Refunding});
        if (b->cashMinor > 0)
            parts.append(
                {cash, b->cashMinor, b->cashPayment, owed ? RefundState::Refunding : RefundState::Refunded});
        if (parts.isEmpty())
            parts.append({QStringLiteral("none"), 0, QUuid(), RefundState::Refunded});
        for (qsizetype i = 0; i < parts.size(); ++i) {
            Row r;
            r.record.key =
                i == 0 ? request.key : QUuid::createUuidV5(request.key, QStringLiteral("part/%1").arg(i + 1));
            r.record.bookingCode = b->code;
            r.record.showtimeId = b->showtimeId;
            r.record.seats = {QStringLiteral("A1"), QStringLiteral("A2")};
            r.record.amountMinor = parts.at(i).amount;
            r.record.currency = QStringLiteral("KRW");
            r.record.method = parts.at(i).method;
            r.record.paymentKey = parts.at(i).payment;
            r.record.state = parts.at(i).state;
            r.record.reason = request.reason;
            r.record.terminal = request.terminal;
            r.partOf = i == 0 ? QUuid() : request.key;
            r.batch = request.batch;
            r.fingerprint = fingerprint;
            rows.append(r);
        }
        b->status = refunded;
        if (failBegin)
            if (auto e = failBegin(request, true))
                return *e;
        return withParts(request.key);
    }

    Result<RefundRecord> finish(const QUuid& key, bool done, const QString&, const QString& failure,
                                const QUuid& terminalId) override
    {
        finishes.append({key, done, terminalId});
        Row* r = row(key);
        if (r == nullptr)
            return makeError(ErrorCode::NotFound, QStringLiteral("no refund"));
        const RefundState to = done ? RefundState::Refunded : RefundState::Failed;
        RefundRecord rec = current(*r);
        if (r->record.state != RefundState::Refunding) {
            if (r->record.state != to)
                return makeError(ErrorCode::Conflict, QStringLiteral("refund is settled already"));
            rec.replay = true;
            return rec;
        }
        r->record.state = to;
        r->record.failure = done ? QString() : failure;
        return current(*r);
    }

    Result<RefundRecord> find(const QUuid& key) override
    {
        if (const Row* r = row(key))
            return current(*r);
        return makeError(ErrorCode::NotFound, QStringLiteral("no refund"));
    }

    Result<QList<RefundRecord>> list(const QString& bookingCode, const QString& batch, bool openOnly) override
    {
        ++lists;
        if (failLists)
            return offline();
        QList<RefundRecord> found;
        for (const Row& r : rows) {
            if ((!bookingCode.isEmpty() && r.record.bookingCode != bookingCode) ||
                (!batch.isEmpty() && r.batch != batch) ||
                (openOnly && r.record.state != RefundState::Refunding))
                continue;
            found.append(current(r));
        }
        return found;
    }

    Result<QList<ShowtimeBooking>> showtimeBookings(int showtimeId) override
    {
        if (failBookings)
            return offline();
        QList<ShowtimeBooking> found;
        for (const Booking& b : bookings)
            if (b.showtimeId == showtimeId)
                found.append({b.code, b.status, 2, b.cardMinor + b.cashMinor});
        return found;
    }

    Result<ExchangeResult> exchange(const ExchangeRequest&) override
    {
        ++exchanges;
        if (exchangeAnswer && exchangeAnswer.value().refund) {
            const RefundRecord& refund = *exchangeAnswer.value().refund;
            Row first;
            first.record = refund;
            first.record.parts.clear();
            rows.append(first);
            for (const RefundPart& p : refund.parts) {
                Row part;
                part.record = first.record;
                part.record.key = p.key;
                part.record.method = p.method;
                part.record.amountMinor = p.amountMinor;
                part.record.state = p.state;
                part.partOf = refund.key;
                rows.append(part);
            }
        }
        return exchangeAnswer;
    }

private:
    /// A row as the database's view answers it: the booking's status now, no parts, no replay.
    RefundRecord current(const Row& r) const
    {
        RefundRecord rec = r.record;
        if (const Booking* b = booking(rec.bookingCode))
            rec.bookingStatus = b->status;
        rec.parts.clear();
        rec.replay = false;
        return rec;
    }

    /// The refund under `key` with its other parts, as bo_refund_begin answers it.
    RefundRecord withParts(const QUuid& key)
    {
        RefundRecord rec = current(*row(key));
        for (const Row& r : rows)
            if (r.partOf == key)
                rec.parts.append({r.record.key, r.record.method, r.record.amountMinor, r.record.state});
        return rec;
    }
};

/// The payment service as far as card refunds go: each call is noted, answered as scripted (by
/// default Done) and its definite answer recorded on the refund, as the service does on its own
/// connection; an unknown answer records nothing.
class ServiceCards final : public CardPayments
{
public:
    struct Call
    {
        QUuid paymentKey;
        QUuid refundKey;
        int timeoutMs = 0;
    };

    explicit ServiceCards(MemoryRefunds& refunds)
        : m_refunds(refunds)
    {}

    QList<Call> calls;
    /// Answers in order; when empty, the answer for the payment in `byPayment`, else Done.
    QList<GatewayReply> answers;
    QHash<QUuid, GatewayReply> byPayment;
    /// The refunds the gateway carried out ("Done"), by refund key.
    QHash<QUuid, int> givenBack;
    int otherSteps = 0;

    static GatewayReply reply(O outcome, const QString& reason = {})
    {
        GatewayReply r;
        r.outcome = outcome;
        r.reason = reason;
        r.state = outcome == O::Done ? GatewayPaymentState::Refunded : GatewayPaymentState::Captured;
        return r;
    }

    [[nodiscard]] int callsFor(const QUuid& refundKey) const
    {
        return int(std::count_if(calls.cbegin(), calls.cend(),
                                 [&refundKey](const Call& c) { return c.refundKey == refundKey; }));
    }

    QString name() const override { return QStringLiteral("scripted"); }
    CardReply authorise(const QUuid&, int) override { return other(); }
    CardReply lookup(const QUuid&, int, bool) override { return other(); }
    CardReply capture(const QUuid&, int) override { return other(); }
    CardReply voidPayment(const QUuid&, const QString&, int) override { return other(); }

    CardReply refund(const QUuid& key, const QUuid& refundKey, int timeoutMs) override
    {
        calls.append({key, refundKey, timeoutMs});
        GatewayReply answer = !answers.isEmpty() ? answers.takeFirst() : byPayment.value(key, reply(O::Done));
        if (answer.outcome == O::Done) {
            ++givenBack[refundKey];
            m_refunds.resolve(refundKey, RefundState::Refunded, {});
        } else if (answer.outcome == O::Declined || answer.outcome == O::Refused) {
            m_refunds.resolve(refundKey, RefundState::Failed, answer.reason);
        }
        CardReply r;
        r.reply = answer;
        return r;
    }

private:
    CardReply other()
    {
        ++otherSteps;
        return {};
    }

    MemoryRefunds& m_refunds;
};

/// The process stopped at a checkpoint (a kill test).
struct Killed
{};

RefundRequest tillRefund(const QString& code)
{
    RefundRequest r;
    r.key = QUuid::createUuid();
    r.bookingCode = code;
    r.reason = QStringLiteral("customer changed plans");
    r.terminal = QStringLiteral("till-1");
    r.terminalId = QUuid::createUuid();
    return r;
}

const QUuid tillId = QUuid::createUuid();

} // namespace

/// A refund's way from the database to the card service and back, with in-memory fakes of both.
class TstRefundProcess final : public QObject
{
    Q_OBJECT

private slots:
    void aRefundThatNeedsNoCardIsReturnedAtOnce_data()
    {
        QTest::addColumn<qint64>("cardMinor");
        QTest::addColumn<qint64>("cashMinor");
        QTest::addColumn<QString>("batch");
        QTest::addColumn<QString>("method");
        QTest::addColumn<RefundState>("state");
        QTest::newRow("cash from the drawer")
            << qint64(0) << qint64(12'000) << QString() << cash << RefundState::Refunded;
        QTest::newRow("cash owed by refund-all")
            << qint64(0) << qint64(12'000) << QStringLiteral("showtime:9") << cash << RefundState::Refunding;
        QTest::newRow("no payment") << qint64(0) << qint64(0) << QString() << QStringLiteral("none")
                                    << RefundState::Refunded;
    }

    void aRefundThatNeedsNoCardIsReturnedAtOnce()
    {
        QFETCH(qint64, cardMinor);
        QFETCH(qint64, cashMinor);
        QFETCH(QString, batch);
        QFETCH(QString, method);
        QFETCH(RefundState, state);
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("CASH-0001"), 9, cardMinor, cashMinor);
        RefundProcess desk(refunds, &cards);
        RefundRequest request = tillRefund(QStringLiteral("CASH-0001"));
        request.batch = batch;

        const auto done = desk.refund(request);
        QVERIFY2(done, qPrintable(done ? QString() : done.error().message));
        QCOMPARE(done.value().key, request.key);
        QCOMPARE(done.value().method, method);
        QCOMPARE(done.value().state, state);
        QCOMPARE(done.value().amountMinor, cashMinor);
        QCOMPARE(done.value().bookingStatus, refunded);
        QVERIFY(!done.value().replay);
        QVERIFY(cards.calls.isEmpty());
        QCOMPARE(cards.otherSteps, 0);
        // Returned as begun: not even read back.
        QCOMPARE(refunds.lists, 0);
        QCOMPARE(done.value().cashHandedBackMinor(),
                 state == RefundState::Refunded && method == cash ? cashMinor : 0);
    }

    void aRefundTheDatabaseRefusesIsTheErrorAndSendsNothing()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        RefundProcess desk(refunds, &cards);
        const auto done = desk.refund(tillRefund(QStringLiteral("NONE-0000")));
        QVERIFY(!done);
        QCOMPARE(done.error().code, ErrorCode::NotFound);
        QVERIFY(cards.calls.isEmpty());
    }

    void aCardRefundIsSentWithItsPaymentsKeyAndItsOwnKeyAndReadBack()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        const MemoryRefunds::Booking& booking = refunds.addBooking(QStringLiteral("CARD-0001"), 9, 15'000, 0);
        const QUuid payment = booking.cardPayment;
        RefundProcess desk(refunds, &cards, 4'321);
        const RefundRequest request = tillRefund(QStringLiteral("CARD-0001"));

        const auto done = desk.refund(request);
        QVERIFY(done);
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(cards.calls.first().paymentKey, payment);
        QCOMPARE(cards.calls.first().refundKey, request.key);
        QCOMPARE(cards.calls.first().timeoutMs, 4'321);
        // The record as the service left it, not as it was begun.
        QCOMPARE(done.value().key, request.key);
        QCOMPARE(done.value().state, RefundState::Refunded);
        QCOMPARE(done.value().method, card);
        QCOMPARE(done.value().amountMinor, 15'000);
        QCOMPARE(done.value().paymentKey, payment);
        QVERIFY(!done.value().replay);
        QVERIFY(done.value().failure.isEmpty());
        QVERIFY(done.value().parts.isEmpty());
        QCOMPARE(done.value().totalMinor(), 15'000);
        QCOMPARE(done.value().cashHandedBackMinor(), 0);
        QCOMPARE(refunds.stateOf(request.key), RefundState::Refunded);
        QVERIFY(refunds.finishes.isEmpty()); // a till never records a card's answer
    }

    /// A booking paid partly by card and partly in cash (an exchange added cash): the card part goes
    /// through the service, the cash part comes out of the drawer; the refund keeps both after.
    void aRefundSplitOverCardAndCashKeepsItsCashPartAfterTheCardIsSettled()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("SPLT-0001"), 9, 10'000, 4'000);
        RefundProcess desk(refunds, &cards);
        const RefundRequest request = tillRefund(QStringLiteral("SPLT-0001"));

        const auto done = desk.refund(request);
        QVERIFY(done);
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(cards.calls.first().refundKey, request.key);
        QCOMPARE(done.value().state, RefundState::Refunded);
        QCOMPARE(done.value().method, card);
        QCOMPARE(done.value().amountMinor, 10'000);
        QCOMPARE(done.value().parts.size(), 1);
        QCOMPARE(done.value().parts.first().method, cash);
        QCOMPARE(done.value().parts.first().amountMinor, 4'000);
        QCOMPARE(done.value().parts.first().state, RefundState::Refunded);
        QVERIFY(done.value().parts.first().key != request.key);
        QCOMPARE(done.value().totalMinor(), 14'000);
        QCOMPARE(done.value().cashHandedBackMinor(), 4'000);
        QCOMPARE(refunds.cashOutMinor(), 4'000);
    }

    void aCardRefundWhoseAnswerIsUnknownStaysRefundingWithTheServicesReason()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("SPLT-0002"), 9, 10'000, 4'000);
        cards.answers << ServiceCards::reply(O::Unknown,
                                             QStringLiteral("the gateway did not answer in time"));
        RefundProcess desk(refunds, &cards);
        const RefundRequest request = tillRefund(QStringLiteral("SPLT-0002"));

        const auto done = desk.refund(request);
        QVERIFY(done);
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(done.value().state, RefundState::Refunding);
        QCOMPARE(done.value().failure, QStringLiteral("the gateway did not answer in time"));
        QVERIFY(!done.value().replay);
        QCOMPARE(done.value().parts.size(), 1);
        QCOMPARE(done.value().cashHandedBackMinor(), 4'000);
        QCOMPARE(refunds.stateOf(request.key), RefundState::Refunding);
    }

    void aCardRefundTheServiceRefusesIsFailedWithItsReason()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("CARD-0002"), 9, 15'000, 0);
        cards.answers << ServiceCards::reply(O::Declined, QStringLiteral("card account closed"));
        RefundProcess desk(refunds, &cards);

        const auto done = desk.refund(tillRefund(QStringLiteral("CARD-0002")));
        QVERIFY(done);
        QCOMPARE(done.value().state, RefundState::Failed);
        QCOMPARE(done.value().failure, QStringLiteral("card account closed"));
        QVERIFY(cards.givenBack.isEmpty());
    }

    void aCardRefundWhoseAnswerIsLostIsSentAgainWithItsKey()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("CARD-0003"), 9, 15'000, 0);
        cards.answers << ServiceCards::reply(O::Unknown, QStringLiteral("connection reset"));
        RefundProcess desk(refunds, &cards);
        const RefundRequest request = tillRefund(QStringLiteral("CARD-0003"));
        const auto first = desk.refund(request);
        QVERIFY(first);
        QCOMPARE(first.value().state, RefundState::Refunding);

        // The till asks again with the key it kept: the database answers the refund it wrote.
        const auto again = desk.refund(request);
        QVERIFY(again);
        QCOMPARE(refunds.begins.size(), 2);
        QCOMPARE(refunds.rows.size(), 1); // written once
        QCOMPARE(cards.calls.size(), 2);
        QCOMPARE(cards.calls.at(1).refundKey, request.key);
        QCOMPARE(cards.calls.at(1).paymentKey, cards.calls.at(0).paymentKey);
        QCOMPARE(again.value().state, RefundState::Refunded);
        QVERIFY(again.value().failure.isEmpty());
        QVERIFY(!again.value().replay); // this call settled it
        QCOMPARE(cards.givenBack.value(request.key), 1);
    }

    void aRefundAskedAgainOnceSettledIsTheStoredOneAndSendsNothing()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("SPLT-0003"), 9, 10'000, 4'000);
        RefundProcess desk(refunds, &cards);
        const RefundRequest request = tillRefund(QStringLiteral("SPLT-0003"));
        QVERIFY(desk.refund(request));
        QCOMPARE(cards.calls.size(), 1);

        const auto again = desk.refund(request);
        QVERIFY(again);
        QVERIFY(again.value().replay);
        QCOMPARE(again.value().state, RefundState::Refunded);
        QCOMPARE(again.value().totalMinor(), 14'000);
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(refunds.cashOutMinor(), 4'000); // the cash part was not handed back twice

        // The same key for another refund is refused, not answered with this one.
        RefundRequest other = request;
        other.reason = QStringLiteral("another reason");
        const auto mismatch = desk.refund(other);
        QVERIFY(!mismatch);
        QCOMPARE(mismatch.error().code, ErrorCode::KeyMismatch);
        QCOMPARE(cards.calls.size(), 1);
    }

    void withoutACardServiceACardRefundWaitsAndNothingIsSent()
    {
        MemoryRefunds refunds;
        refunds.addBooking(QStringLiteral("CARD-0004"), 9, 15'000, 0);
        RefundProcess desk(refunds, nullptr);
        const RefundRequest request = tillRefund(QStringLiteral("CARD-0004"));

        const auto done = desk.refund(request);
        QVERIFY(done);
        QCOMPARE(done.value().state, RefundState::Refunding);
        QVERIFY(done.value().failure.isEmpty());
        QCOMPARE(refunds.stateOf(request.key), RefundState::Refunding);
        QVERIFY(refunds.finishes.isEmpty());

        // Settling the open ones without a service leaves them as they are.
        const auto open = desk.settleOpen();
        QVERIFY(open);
        QCOMPARE(open.value().size(), 1);
        QCOMPARE(open.value().first().key, request.key);
        QCOMPARE(open.value().first().state, RefundState::Refunding);
        QVERIFY(refunds.finishes.isEmpty());

        // A later run that has a service sends it, with its key.
        ServiceCards cards(refunds);
        RefundProcess later(refunds, &cards);
        const auto settled = later.settleOpen();
        QVERIFY(settled);
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(cards.calls.first().refundKey, request.key);
        QCOMPARE(refunds.stateOf(request.key), RefundState::Refunded);
    }

    void aCardRefundThatCannotBeReadBackIsReturnedAsBegunWithTheServicesReason()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("SPLT-0004"), 9, 10'000, 4'000);
        cards.answers << ServiceCards::reply(O::Unknown, QStringLiteral("service unavailable"));
        refunds.failLists = true;
        RefundProcess desk(refunds, &cards);
        const RefundRequest request = tillRefund(QStringLiteral("SPLT-0004"));

        const auto done = desk.refund(request);
        QVERIFY(done);
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(done.value().key, request.key);
        QCOMPARE(done.value().state, RefundState::Refunding);
        QCOMPARE(done.value().failure, QStringLiteral("service unavailable"));
        QCOMPARE(done.value().parts.size(), 1);
    }

    void settleOpenSendsOnlyTheBatchsOpenCardRefunds()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("BTCH-0001"), 42, 10'000, 0);
        refunds.addBooking(QStringLiteral("BTCH-0002"), 42, 0, 8'000);
        refunds.addBooking(QStringLiteral("OTHR-0001"), 43, 10'000, 0);
        refunds.addBooking(QStringLiteral("TILL-0001"), 42, 10'000, 0);
        // Begun and never sent: the process stopped after each transaction.
        RefundRequest a = tillRefund(QStringLiteral("BTCH-0001"));
        a.batch = RefundProcess::batchName(42);
        RefundRequest b = tillRefund(QStringLiteral("BTCH-0002"));
        b.batch = RefundProcess::batchName(42);
        RefundRequest c = tillRefund(QStringLiteral("OTHR-0001"));
        c.batch = RefundProcess::batchName(43);
        const RefundRequest d = tillRefund(QStringLiteral("TILL-0001"));
        for (const RefundRequest& r : {a, b, c, d})
            QVERIFY(refunds.begin(r));
        RefundProcess desk(refunds, &cards);

        const auto settled = desk.settleOpen(RefundProcess::batchName(42));
        QVERIFY(settled);
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(cards.calls.first().refundKey, a.key);
        QCOMPARE(settled.value().size(), 2);
        QCOMPARE(settled.value().at(0).key, a.key);
        QCOMPARE(settled.value().at(0).state, RefundState::Refunded);
        QCOMPARE(settled.value().at(1).key, b.key); // owed cash waits for a till
        QCOMPARE(settled.value().at(1).state, RefundState::Refunding);
        QCOMPARE(refunds.stateOf(c.key), RefundState::Refunding);
        QCOMPARE(refunds.stateOf(d.key), RefundState::Refunding);
    }

    /// A cheaper exchange gives the difference back: to the old booking's card first, the rest in
    /// cash from the drawer; the card part is sent and the refund keeps its cash part.
    void anExchangeSettlesTheDifferencesCardRefundAndKeepsItsParts()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        const QUuid payment = QUuid::createUuid();
        RefundRecord refund;
        refund.key = QUuid::createUuid();
        refund.bookingCode = QStringLiteral("OLD0-0001");
        refund.amountMinor = 3'000;
        refund.currency = QStringLiteral("KRW");
        refund.method = card;
        refund.paymentKey = payment;
        refund.state = RefundState::Refunding;
        refund.replay = true; // a replayed exchange's refund
        refund.parts = {{QUuid::createUuid(), cash, 2'000, RefundState::Refunded}};
        ExchangeResult x;
        x.key = QUuid::createUuid();
        x.oldCode = refund.bookingCode;
        x.newCode = QStringLiteral("NEW0-0001");
        x.differenceMinor = -5'000;
        x.currency = QStringLiteral("KRW");
        x.refund = refund;
        refunds.exchangeAnswer = x;
        RefundProcess desk(refunds, &cards);

        ExchangeRequest request;
        request.key = x.key;
        request.bookingCode = x.oldCode;
        const auto done = desk.exchange(request);
        QVERIFY(done);
        QCOMPARE(refunds.exchanges, 1);
        QCOMPARE(done.value().newCode, QStringLiteral("NEW0-0001"));
        QCOMPARE(cards.calls.size(), 1);
        QCOMPARE(cards.calls.first().paymentKey, payment);
        QCOMPARE(cards.calls.first().refundKey, refund.key);
        QVERIFY(done.value().refund.has_value());
        const RefundRecord& back = *done.value().refund;
        QCOMPARE(back.key, refund.key);
        QCOMPARE(back.state, RefundState::Refunded);
        QVERIFY(!back.replay);
        QCOMPARE(back.parts.size(), 1);
        QCOMPARE(back.parts.first().method, cash);
        QCOMPARE(back.totalMinor(), 5'000);
        QCOMPARE(back.cashHandedBackMinor(), 2'000);
    }

    void anExchangeWithoutACardRefundSendsNothing_data()
    {
        QTest::addColumn<bool>("withRefund");
        QTest::newRow("dearer: cash paid at the till") << false;
        QTest::newRow("cheaper: all in cash") << true;
    }

    void anExchangeWithoutACardRefundSendsNothing()
    {
        QFETCH(bool, withRefund);
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        ExchangeResult x;
        x.oldCode = QStringLiteral("OLD0-0002");
        x.newCode = QStringLiteral("NEW0-0002");
        if (withRefund) {
            RefundRecord refund;
            refund.key = QUuid::createUuid();
            refund.bookingCode = x.oldCode;
            refund.amountMinor = 2'000;
            refund.method = cash;
            refund.state = RefundState::Refunded;
            x.refund = refund;
            x.differenceMinor = -2'000;
        } else {
            x.differenceMinor = 3'000;
        }
        refunds.exchangeAnswer = x;
        RefundProcess desk(refunds, &cards);

        const auto done = desk.exchange(ExchangeRequest{});
        QVERIFY(done);
        QCOMPARE(done.value().refund.has_value(), withRefund);
        QVERIFY(cards.calls.isEmpty());
        QCOMPARE(refunds.lists, 0);
    }

    void anExchangeTheDatabaseRefusesIsTheErrorAndSendsNothing()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.exchangeAnswer = makeError(ErrorCode::Conflict, QStringLiteral("a held seat was lost"));
        RefundProcess desk(refunds, &cards);
        const auto done = desk.exchange(ExchangeRequest{});
        QVERIFY(!done);
        QCOMPARE(done.error().code, ErrorCode::Conflict);
        QCOMPARE(done.error().message, QStringLiteral("a held seat was lost"));
        QVERIFY(cards.calls.isEmpty());
    }

    /// Refund-all owed cash to a booking paid partly by card: the customer comes to a till, which
    /// hands back that booking's cash and nothing else.
    void payOwedCashFinishesOnlyTheBookingsOpenCashRefundsAtThatTill()
    {
        MemoryRefunds refunds;
        refunds.addBooking(QStringLiteral("SPLT-0005"), 42, 10'000, 4'000);
        refunds.addBooking(QStringLiteral("CASH-0005"), 42, 0, 6'000);
        RefundRequest split = tillRefund(QStringLiteral("SPLT-0005"));
        split.batch = RefundProcess::batchName(42);
        RefundRequest other = tillRefund(QStringLiteral("CASH-0005"));
        other.batch = RefundProcess::batchName(42);
        const auto begun = refunds.begin(split);
        QVERIFY(begun);
        QVERIFY(refunds.begin(other));
        const QUuid cashPart = begun.value().parts.first().key;
        RefundProcess desk(refunds, nullptr);

        const auto paid = desk.payOwedCash(QStringLiteral("SPLT-0005"), tillId);
        QVERIFY(paid);
        QCOMPARE(paid.value().size(), 1);
        QCOMPARE(paid.value().first().key, cashPart);
        QCOMPARE(paid.value().first().state, RefundState::Refunded);
        QCOMPARE(paid.value().first().amountMinor, 4'000);
        QCOMPARE(refunds.finishes.size(), 1);
        QCOMPARE(refunds.finishes.first().key, cashPart);
        QVERIFY(refunds.finishes.first().refunded);
        QCOMPARE(refunds.finishes.first().terminalId, tillId);
        QCOMPARE(refunds.stateOf(split.key), RefundState::Refunding); // the card part is the service's
        QCOMPARE(refunds.stateOf(other.key), RefundState::Refunding);
        QCOMPARE(refunds.cashOutMinor(), 4'000);

        // Asked again: nothing is owed any more.
        const auto again = desk.payOwedCash(QStringLiteral("SPLT-0005"), tillId);
        QVERIFY(again);
        QVERIFY(again.value().isEmpty());
        QCOMPARE(refunds.finishes.size(), 1);
    }

    void payOwedCashThatCannotReadTheRefundsIsTheError()
    {
        MemoryRefunds refunds;
        refunds.failLists = true;
        RefundProcess desk(refunds, nullptr);
        const auto paid = desk.payOwedCash(QStringLiteral("SPLT-0005"), tillId);
        QVERIFY(!paid);
        QCOMPARE(paid.error().code, ErrorCode::Offline);
        QVERIFY(refunds.finishes.isEmpty());
    }

    void refundAllRefundsEachConfirmedBookingOnceWithItsBatchKeyAndCountsTheOutcomes()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        const QUuid cardA = refunds.addBooking(QStringLiteral("AAAA-0001"), 42, 10'000, 0).cardPayment;
        const QUuid cardB = refunds.addBooking(QStringLiteral("BBBB-0001"), 42, 12'000, 0).cardPayment;
        refunds.addBooking(QStringLiteral("CCCC-0001"), 42, 0, 8'000);
        const QUuid cardD = refunds.addBooking(QStringLiteral("DDDD-0001"), 42, 9'000, 0).cardPayment;
        refunds.addBooking(QStringLiteral("EEEE-0001"), 42, 7'000, 3'000);
        refunds.addBooking(QStringLiteral("FFFF-0001"), 42, 5'000, 0).status = refunded; // before
        refunds.addBooking(QStringLiteral("GGGG-0001"), 43, 5'000, 0);                   // another showtime
        cards.byPayment.insert(cardB, ServiceCards::reply(O::Unknown, QStringLiteral("timed out")));
        cards.byPayment.insert(cardD, ServiceCards::reply(O::Declined, QStringLiteral("card expired")));
        RefundProcess desk(refunds, &cards);
        const QString manager = QStringLiteral("manager-pc");
        const QUuid managerId = QUuid::createUuid();

        const auto run = desk.refundAll(42, QStringLiteral("projector broken"), manager, managerId);
        QVERIFY2(run, qPrintable(run ? QString() : run.error().message));
        const QStringList codes{QStringLiteral("AAAA-0001"), QStringLiteral("BBBB-0001"),
                                QStringLiteral("CCCC-0001"), QStringLiteral("DDDD-0001"),
                                QStringLiteral("EEEE-0001")};
        QCOMPARE(refunds.begins.size(), codes.size());
        for (qsizetype i = 0; i < codes.size(); ++i) {
            const RefundRequest& r = refunds.begins.at(i);
            QCOMPARE(r.bookingCode, codes.at(i));
            QCOMPARE(r.key, RefundProcess::batchKey(42, codes.at(i)));
            QCOMPARE(r.batch, QStringLiteral("showtime:42"));
            QCOMPARE(r.reason, QStringLiteral("projector broken"));
            QCOMPARE(r.terminal, manager);
            QCOMPARE(r.terminalId, managerId);
            QVERIFY(r.seats.isEmpty()); // the whole booking
        }
        // A is sent once; B's unknown answer is asked once more at the end of the run.
        QCOMPARE(cards.callsFor(RefundProcess::batchKey(42, codes.at(0))), 1);
        QCOMPARE(cards.calls.first().paymentKey, cardA);
        QCOMPARE(cards.callsFor(RefundProcess::batchKey(42, codes.at(1))), 2);
        QCOMPARE(cards.callsFor(RefundProcess::batchKey(42, codes.at(2))), 0);
        QCOMPARE(cards.callsFor(RefundProcess::batchKey(42, codes.at(3))), 1);
        QCOMPARE(cards.callsFor(RefundProcess::batchKey(42, codes.at(4))), 1);
        QCOMPARE(cards.calls.size(), 5);
        QVERIFY(refunds.finishes.isEmpty()); // owed cash waits for the customer

        const RefundProcess::BatchReport& report = run.value();
        QCOMPARE(report.bookings, 5);
        QCOMPARE(report.refunded, 2); // A and E's card part
        QCOMPARE(report.waiting, 1);  // B
        QCOMPARE(report.cashOwed, 2); // C and E's cash part
        QCOMPARE(report.failed, 1);   // D
        QCOMPARE(report.amountMinor, 17'000);
        QCOMPARE(report.currency, QStringLiteral("KRW"));
        QCOMPARE(report.records.size(), 6);
    }

    void refundAllRunAgainAfterItStoppedHalfWayRefundsNothingTwice_data()
    {
        QTest::addColumn<QString>("stop");
        // The database refused the second booking: nothing of it was written.
        QTest::newRow("begin refused") << QStringLiteral("refused");
        // The second booking's refund was written, its answer lost on the way back.
        QTest::newRow("begin's answer lost") << QStringLiteral("lost");
        // The process was killed between the second refund's transaction and its card call.
        QTest::newRow("killed before the card call") << QStringLiteral("killed");
    }

    void refundAllRunAgainAfterItStoppedHalfWayRefundsNothingTwice()
    {
        QFETCH(QString, stop);
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        const QStringList codes{QStringLiteral("AAAA-0002"), QStringLiteral("BBBB-0002"),
                                QStringLiteral("CCCC-0002")};
        refunds.addBooking(codes.at(0), 42, 10'000, 0);
        refunds.addBooking(codes.at(1), 42, 12'000, 2'000);
        refunds.addBooking(codes.at(2), 42, 9'000, 0);
        bool stopping = true;
        refunds.failBegin = [&](const RefundRequest& r, bool written) -> std::optional<Error> {
            if (!stopping || r.bookingCode != codes.at(1))
                return std::nullopt;
            if ((stop == QLatin1String("refused") && !written) || (stop == QLatin1String("lost") && written))
                return offline();
            return std::nullopt;
        };
        RefundProcess first(refunds, &cards);
        int begun = 0;
        first.setCheckpoint([&](const char* name) {
            if (qstrcmp(name, "refund-begun") == 0 && ++begun == 2 && stop == QLatin1String("killed"))
                throw Killed{};
        });
        bool killed = false;
        try {
            const auto run =
                first.refundAll(42, QStringLiteral("cancelled"), QStringLiteral("manager-pc"), {});
            QVERIFY(!run);
            QCOMPARE(run.error().code, ErrorCode::Offline);
        } catch (const Killed&) {
            killed = true;
        }
        QCOMPARE(killed, stop == QLatin1String("killed"));
        QCOMPARE(refunds.booking(codes.at(0))->status, refunded);
        QCOMPARE(refunds.booking(codes.at(2))->status, confirmed); // never reached
        QCOMPARE(cards.calls.size(), 1);

        stopping = false;
        RefundProcess second(refunds, &cards);
        const auto run = second.refundAll(42, QStringLiteral("cancelled"), QStringLiteral("manager-pc"), {});
        QVERIFY2(run, qPrintable(run ? QString() : run.error().message));
        // Each booking's refund written once, each card part sent and given back once.
        for (const QString& code : codes) {
            const QUuid key = RefundProcess::batchKey(42, code);
            QCOMPARE(cards.callsFor(key), 1);
            QCOMPARE(cards.givenBack.value(key), 1);
            QCOMPARE(refunds.stateOf(key), RefundState::Refunded);
        }
        QCOMPARE(cards.calls.size(), 3);
        QCOMPARE(refunds.rows.size(), 4); // three card parts and B's cash part
        const RefundProcess::BatchReport& report = run.value();
        QCOMPARE(report.bookings, stop == QLatin1String("refused") ? 2 : 1);
        QCOMPARE(report.refunded, 3);
        QCOMPARE(report.cashOwed, 1);
        QCOMPARE(report.waiting, 0);
        QCOMPARE(report.failed, 0);
        QCOMPARE(report.amountMinor, 31'000);

        // A third run finds nothing to do.
        const auto third =
            second.refundAll(42, QStringLiteral("cancelled"), QStringLiteral("manager-pc"), {});
        QVERIFY(third);
        QCOMPARE(third.value().bookings, 0);
        QCOMPARE(third.value().refunded, 3);
        QCOMPARE(cards.calls.size(), 3);
        QCOMPARE(refunds.rows.size(), 4);
    }

    void refundAllsKeysAreTheShowtimesAndTheBookingsOnly()
    {
        QCOMPARE(RefundProcess::batchName(42), QStringLiteral("showtime:42"));
        const QUuid key = RefundProcess::batchKey(42, QStringLiteral("AAAA-0001"));
        QVERIFY(!key.isNull());
        QCOMPARE(RefundProcess::batchKey(42, QStringLiteral("AAAA-0001")), key);
        QVERIFY(RefundProcess::batchKey(43, QStringLiteral("AAAA-0001")) != key);
        QVERIFY(RefundProcess::batchKey(42, QStringLiteral("AAAA-0002")) != key);
    }

    void refundAllThatCannotReadTheShowtimesBookingsRefundsNothing()
    {
        MemoryRefunds refunds;
        ServiceCards cards(refunds);
        refunds.addBooking(QStringLiteral("AAAA-0003"), 42, 10'000, 0);
        refunds.failBookings = true;
        RefundProcess desk(refunds, &cards);
        const auto run = desk.refundAll(42, QStringLiteral("cancelled"), QStringLiteral("manager-pc"), {});
        QVERIFY(!run);
        QCOMPARE(run.error().code, ErrorCode::Offline);
        QVERIFY(refunds.begins.isEmpty());
        QVERIFY(cards.calls.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstRefundProcess)
#include "tst_refundprocess.moc"
