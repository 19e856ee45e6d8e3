// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pgtilldesk.h"

#include "model/core/workerthread.h"

#include <memory>

#include <spdlog/spdlog.h>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/refundstore.h"
#include "db/seatstore.h"
#include "db/staffstore.h"
#include "db/tillshiftstore.h"
#include "model/payments/refundprocess.h"
#include "model/sale/checkedseatcommands.h"

namespace bo {

/// Lives on the desk's thread: owns the connection and the way to the payment service.
class TillDeskWorker final
{
public:
    TillDeskWorker(PgTillDesk* owner, ConnectionSettings settings, CardPaymentsFactory cards)
        : m_owner(owner)
        , m_settings(std::move(settings))
        , m_openCards(std::move(cards))
    {}

    void finish()
    {
        m_cards.reset();
        m_intents.reset();
        m_connection.reset();
    }

    /// The connection, opened on first use (DbConnection re-opens a lost one itself).
    DbConnection* connection(const QString& what)
    {
        if (!m_connection) {
            auto opened = DbConnection::open(m_settings, QStringLiteral("till-desk"));
            if (!opened) {
                emit m_owner->failed(what, opened.error());
                return nullptr;
            }
            m_connection = std::move(opened.value());
        }
        return m_connection.get();
    }

    /// The payment service, which sends card refunds (its passes taken on this desk's connection);
    /// null without one (card refunds then wait).
    CardPayments* cards()
    {
        if (!m_cards && m_openCards && m_connection) {
            m_intents = std::make_unique<PaymentIntentStore>(*m_connection);
            m_cards = m_openCards(*m_intents);
        }
        return m_cards.get();
    }

    PgTillDesk* owner() const { return m_owner; }

private:
    PgTillDesk* m_owner;
    ConnectionSettings m_settings;
    CardPaymentsFactory m_openCards;
    std::unique_ptr<DbConnection> m_connection;
    std::unique_ptr<PaymentIntentStore> m_intents;
    std::unique_ptr<CardPayments> m_cards;
};

PgTillDesk::PgTillDesk(ConnectionSettings settings, QString terminal, QUuid terminalId,
                       CardPaymentsFactory cards, QObject* parent)
    : TillDesk(parent)
    , m_settings(std::move(settings))
    , m_terminal(std::move(terminal))
    , m_terminalId(terminalId)
    , m_cards(std::move(cards))
{
    qRegisterMetaType<OpenShift>();
    qRegisterMetaType<ShiftCount>();
    qRegisterMetaType<QList<SalesLine>>();
    qRegisterMetaType<RefundQuote>();
    qRegisterMetaType<RefundRecord>();
    qRegisterMetaType<PinCheck>();
    qRegisterMetaType<ExchangeResult>();
    qRegisterMetaType<Error>();
}

PgTillDesk::~PgTillDesk()
{
    stop();
}

void PgTillDesk::start()
{
    if (m_thread)
        return;
    m_worker = std::make_unique<TillDeskWorker>(this, m_settings, m_cards);
    m_thread = std::make_unique<WorkerThread>(QStringLiteral("till-desk"));
}

void PgTillDesk::stop()
{
    if (!m_thread)
        return;
    // The connection and the payment service's way close on the thread that opened them.
    m_thread->stop([w = m_worker.get()] { w->finish(); });
    m_thread.reset();
    m_worker.reset();
}

template <typename Job> void PgTillDesk::post(Job job)
{
    start();
    m_thread->post([w = m_worker.get(), job = std::move(job)] { job(*w); });
}

void PgTillDesk::loadShift()
{
    post([id = m_terminalId](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("shift"));
        if (!c)
            return;
        auto shift = TillShiftStore(*c).currentShift(id);
        if (!shift)
            return emit w.owner()->failed(QStringLiteral("shift"), shift.error());
        emit w.owner()->shiftLoaded(shift.value().has_value(), shift.value().value_or(OpenShift{}));
    });
}

void PgTillDesk::openShift(qint64 floatMinor)
{
    post([id = m_terminalId, name = m_terminal, floatMinor](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("open"));
        if (!c)
            return;
        auto opened = TillShiftStore(*c).openShift(id, name, floatMinor);
        if (!opened)
            return emit w.owner()->failed(QStringLiteral("open"), opened.error());
        spdlog::info("till: shift {} opened with a float of {}", opened.value(), floatMinor);
        emit w.owner()->shiftOpened(opened.value());
    });
}

void PgTillDesk::moveCash(DrawerMove kind, qint64 amountMinor, const QString& reason)
{
    post([id = m_terminalId, kind, amountMinor, reason](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("move"));
        if (!c)
            return;
        auto moved = TillShiftStore(*c).moveCash(id, kind, amountMinor, reason);
        if (!moved)
            return emit w.owner()->failed(QStringLiteral("move"), moved.error());
        emit w.owner()->cashMoved(moved.value());
    });
}

void PgTillDesk::closeShift(qint64 countedMinor, const QJsonObject& detail)
{
    post([id = m_terminalId, countedMinor, detail](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("close"));
        if (!c)
            return;
        TillShiftStore store(*c);
        auto count = store.closeShift(id, countedMinor, detail);
        if (!count)
            return emit w.owner()->failed(QStringLiteral("close"), count.error());
        spdlog::info("till: shift {} closed, over/short {}", count.value().shiftId,
                     count.value().overShortMinor);
        auto lines = store.salesLines(count.value().shiftId, {}, {});
        emit w.owner()->shiftClosed(count.value(), lines ? lines.value() : QList<SalesLine>());
    });
}

void PgTillDesk::loadReport()
{
    post([id = m_terminalId](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("report"));
        if (!c)
            return;
        TillShiftStore store(*c);
        auto shift = store.currentShift(id);
        if (!shift)
            return emit w.owner()->failed(QStringLiteral("report"), shift.error());
        if (!shift.value())
            return emit w.owner()->failed(QStringLiteral("report"),
                                          refuse(ErrorCode::Conflict, Refusal::NoOpenShift));
        auto lines = store.salesLines(shift.value()->id, {}, {});
        if (!lines)
            return emit w.owner()->failed(QStringLiteral("report"), lines.error());
        emit w.owner()->reportLoaded(lines.value());
    });
}

void PgTillDesk::quoteRefund(const QString& bookingCode, const QStringList& seats)
{
    post([id = m_terminalId, bookingCode, seats](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("quote"));
        if (!c)
            return;
        auto quote = RefundStore(*c).quote(bookingCode, seats, id);
        if (!quote)
            return emit w.owner()->failed(QStringLiteral("quote"), quote.error());
        emit w.owner()->refundQuoted(quote.value());
    });
}

void PgTillDesk::checkApproval(int staffId, const QString& pin)
{
    post([id = m_terminalId, name = m_terminal, staffId, pin](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("approve"));
        if (!c)
            return;
        StaffStore staff(*c);
        auto checked =
            StaffSignIn(staff, name, id).check(staffId, pin, PinPurpose::Approve, StaffRole::Supervisor);
        if (!checked)
            return emit w.owner()->failed(QStringLiteral("approve"), checked.error());
        emit w.owner()->approvalChecked(checked.value());
    });
}

void PgTillDesk::refund(const RefundRequest& request)
{
    post([request](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("refund"));
        if (!c)
            return;
        RefundStore store(*c);
        auto done = RefundProcess(store, w.cards()).refund(request);
        if (!done)
            return emit w.owner()->failed(QStringLiteral("refund"), done.error());
        spdlog::info(
            "till: refund {} of {} is {}", done.value().key.toString(QUuid::WithoutBraces).toStdString(),
            done.value().bookingCode.toStdString(), refundStateName(done.value().state).toStdString());
        emit w.owner()->refunded(done.value());
    });
}

void PgTillDesk::exchange(const ExchangeRequest& request, const QStringList& newSeats)
{
    post([request, newSeats](TillDeskWorker& w) {
        DbConnection* c = w.connection(QStringLiteral("exchange"));
        if (!c)
            return;
        auto ids = CatalogStore(*c).resolveSeatLabels(request.showtimeId, newSeats);
        if (!ids)
            return emit w.owner()->failed(QStringLiteral("exchange"), ids.error());
        SeatStore seats(*c);
        ExchangeRequest x = request;
        x.owner = CheckedSeatCommands::newToken();
        x.seatIds = ids.value();
        auto held = seats.hold(x.showtimeId, x.seatIds, x.owner);
        if (!held)
            return emit w.owner()->failed(QStringLiteral("exchange"), held.error());
        if (!held.value().granted) {
            (void)seats.release(x.showtimeId, x.owner);
            return emit w.owner()->failed(QStringLiteral("exchange"),
                                          refuse(ErrorCode::Conflict, Refusal::ExchangeSeatTaken));
        }
        RefundStore store(*c);
        auto done = RefundProcess(store, w.cards()).exchange(x);
        if (!done) {
            (void)seats.release(x.showtimeId, x.owner); // the old booking stands; the new seats go back
            return emit w.owner()->failed(QStringLiteral("exchange"), done.error());
        }
        spdlog::info("till: booking {} exchanged for {}", done.value().oldCode.toStdString(),
                     done.value().newCode.toStdString());
        emit w.owner()->exchanged(done.value());
    });
}

} // namespace bo
