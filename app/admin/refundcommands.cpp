// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/refundcommands.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include "app/admin/clicardservice.h"
#include "app/admin/paymentcommands.h"
#include "app/admin/salecommands.h"
#include "db/catalogstore.h"
#include "db/refundstore.h"
#include "db/seatstore.h"
#include "db/showtimestore.h"
#include "db/staffstore.h"
#include "model/core/money.h"
#include "model/payments/refundprocess.h"
#include "model/sale/checkedseatcommands.h"
#include "model/staff/staffsignin.h"

namespace bo {
namespace {

QString describeFirstPart(const RefundRecord& r);

/// The refund's sentence, and one for each further part (the cash beside a card's part).
QString describe(const RefundRecord& r)
{
    QString text = describeFirstPart(r);
    for (const RefundPart& part : r.parts) {
        const QString amount = formatMoney(part.amountMinor, r.currency, QLocale());
        if (part.method == QLatin1String("cash") && part.state == RefundState::Refunded)
            text += QLatin1Char(' ') + RefundCommands::tr("Hand back %1 in cash as well.").arg(amount);
        else if (part.method == QLatin1String("cash"))
            text += QLatin1Char(' ') + RefundCommands::tr("%1 in cash is owed as well ('refund-pay %2').")
                                           .arg(amount, r.bookingCode);
        else if (part.method == QLatin1String("card"))
            text += QLatin1Char(' ') + RefundCommands::tr("%1 goes back to the card as well.").arg(amount);
    }
    return text;
}

QString describeFirstPart(const RefundRecord& r)
{
    const QString amount = formatMoney(r.amountMinor, r.currency, QLocale());
    const QString seats = r.seats.join(QLatin1Char(' '));
    switch (r.state) {
    case RefundState::Refunded: {
        const QString already = r.replay ? RefundCommands::tr("Already done: ") : QString();
        if (r.method == QLatin1String("cash"))
            return already + RefundCommands::tr("Refunded %1 of booking %2: hand back %3 in cash.")
                                 .arg(seats, r.bookingCode, amount);
        if (r.method == QLatin1String("card"))
            return already + RefundCommands::tr("Refunded %1 of booking %2: %3 back to the card.")
                                 .arg(seats, r.bookingCode, amount);
        return already + RefundCommands::tr("Refunded %1 of booking %2: it carried no payment to give back.")
                             .arg(seats, r.bookingCode);
    }
    case RefundState::Refunding:
        if (r.method == QLatin1String("cash"))
            return RefundCommands::tr(
                       "Booking %1 (%2): its seats are free again; %3 in cash is owed to the customer "
                       "(a till hands it back with 'refund-pay %1').")
                .arg(r.bookingCode, seats, amount);
        return RefundCommands::tr(
                   "Booking %1 (%2): its seats are free again; %3 back to the card is waiting for the "
                   "payment service (run 'refunds --settle').")
            .arg(r.bookingCode, seats, amount);
    case RefundState::Failed:
        return RefundCommands::tr(
                   "Booking %1 (%2): the payment service refused to give back %3 (%4): settle it "
                   "with the customer another way.")
            .arg(r.bookingCode, seats, amount, r.failure);
    }
    return {};
}

} // namespace

RefundCommands::RefundCommands(CliSession& session)
    : m_session(session)
{}

Result<RefundCommands::Approval> RefundCommands::approver() const
{
    Approval a;
    if (!m_session.isSet(QStringLiteral("approve")))
        return a;
    bool ok = false;
    const int staff = m_session.value(QStringLiteral("approve")).toInt(&ok);
    if (!ok || staff <= 0)
        return makeError(ErrorCode::BadInput, tr("--approve takes the supervisor's staff number."));
    a.staff = staff;
    a.pin = CliSession::readStdinLine(CliSession::stdinIsTerminal()).trimmed();
    if (a.pin.isEmpty())
        return makeError(ErrorCode::BadInput,
                         tr("No supervisor PIN on standard input: give it as one line."));
    return a;
}

ExitCode RefundCommands::approve(const Approval& approval, const CliSession::Till& till)
{
    if (!approval.staff)
        return ExitCode::Ok;
    StaffStore staff(m_session.connection());
    auto checked = StaffSignIn(staff, till.name, till.id)
                       .check(*approval.staff, approval.pin, PinPurpose::Approve, StaffRole::Supervisor);
    if (!checked)
        return m_session.fail(checked.error());
    if (!checked.value().ok())
        return m_session.conflict(checked.value().message, {{QStringLiteral("approved"), false}});
    return ExitCode::Ok;
}

QJsonObject RefundCommands::toJson(const RefundRecord& r)
{
    QJsonObject o{{QStringLiteral("key"), r.key.toString(QUuid::WithoutBraces)},
                  {QStringLiteral("booking"), r.bookingCode},
                  {QStringLiteral("showtime"), r.showtimeId},
                  {QStringLiteral("seats"), QJsonArray::fromStringList(r.seats)},
                  {QStringLiteral("amount_minor"), r.amountMinor},
                  {QStringLiteral("currency"), r.currency},
                  {QStringLiteral("method"), r.method},
                  {QStringLiteral("state"), refundStateName(r.state)},
                  {QStringLiteral("booking_status"), r.bookingStatus.toLower()}};
    if (!r.parts.isEmpty()) {
        // The first part is above; the others each give back another payment's money.
        QJsonArray parts;
        for (const RefundPart& p : r.parts)
            parts.append(QJsonObject{{QStringLiteral("key"), p.key.toString(QUuid::WithoutBraces)},
                                     {QStringLiteral("method"), p.method},
                                     {QStringLiteral("amount_minor"), p.amountMinor},
                                     {QStringLiteral("state"), refundStateName(p.state)}});
        o.insert(QStringLiteral("parts"), parts);
        o.insert(QStringLiteral("total_minor"), r.totalMinor());
    }
    if (r.replay)
        o.insert(QStringLiteral("replay"), true);
    if (!r.failure.isEmpty())
        o.insert(QStringLiteral("failure"), r.failure);
    if (!r.reason.isEmpty())
        o.insert(QStringLiteral("reason"), r.reason);
    return o;
}

ExitCode RefundCommands::refund(const QStringList& positional)
{
    if (positional.size() < 2)
        return m_session.usageError(tr("refund needs a booking: refund CODE [SEAT...] --reason R."));
    const QString code = positional.at(1).trimmed().toUpper();
    QStringList seats;
    for (qsizetype i = 2; i < positional.size(); ++i)
        seats << positional.at(i).trimmed().toUpper();
    const QString reason = m_session.value(QStringLiteral("reason")).trimmed();
    if (reason.isEmpty())
        return m_session.usageError(tr("refund needs --reason (why the customer is paid back)."));
    auto key = m_session.uuidOption(QStringLiteral("key"), tr("the refund's key"), false);
    if (!key)
        return m_session.fail(key.error());
    auto approval = approver();
    if (!approval)
        return m_session.fail(approval.error());
    auto service = PaymentCommands(m_session).gateway(false);
    if (!service)
        return m_session.fail(service.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    if (ExitCode refused = approve(approval.value(), till); refused != ExitCode::Ok)
        return refused;
    RefundStore store(m_session.connection());
    CliCardService cardService;
    auto cards = cardService.openFor(m_session, m_session.connection(), service.value().get());
    if (!cards)
        return m_session.fail(cards.error());
    RefundProcess desk(store, cards.value());
    desk.setCheckpoint(CliSession::stopAtCheckpoint);
    RefundRequest request;
    request.key = key.value().isNull() ? QUuid::createUuid() : key.value();
    request.bookingCode = code;
    request.seats = seats;
    request.reason = reason;
    request.terminal = till.name;
    request.terminalId = till.id;
    request.approvedBy = approval.value().staff;
    auto done = desk.refund(request);
    if (!done) {
        if (done.error().refusal == Refusal::RefundNeedsApproval) {
            Error e = done.error();
            e.message += tr(" — run it again with --approve STAFF and their PIN on standard input.");
            return m_session.fail(e);
        }
        return m_session.failLookup(done.error());
    }
    const RefundRecord& r = done.value();
    m_session.print(toJson(r), describe(r) + QLatin1Char('\n'));
    if (r.state == RefundState::Failed)
        return ExitCode::Conflict;
    return r.state == RefundState::Refunding ? ExitCode::Failure : ExitCode::Ok;
}

ExitCode RefundCommands::exchange(const QStringList& positional)
{
    if (positional.size() < 2)
        return m_session.usageError(tr("exchange needs a booking: exchange CODE [SEAT...] --showtime N "
                                       "--seats SEAT[:TYPE],... --reason R."));
    const QString code = positional.at(1).trimmed().toUpper();
    QStringList oldSeats;
    for (qsizetype i = 2; i < positional.size(); ++i)
        oldSeats << positional.at(i).trimmed().toUpper();
    bool ok = false;
    const int showtime = m_session.value(QStringLiteral("showtime")).toInt(&ok);
    if (!ok || showtime <= 0)
        return m_session.usageError(tr("exchange needs --showtime N, the showtime of the new seats."));
    auto picks = SaleCommands::parsePicks(
        m_session.value(QStringLiteral("seats")).split(QLatin1Char(','), Qt::SkipEmptyParts));
    if (!picks)
        return m_session.fail(picks.error());
    if (picks.value().labels.isEmpty())
        return m_session.usageError(tr("exchange needs --seats, the new seats (like E5,E6:child)."));
    const QString reason = m_session.value(QStringLiteral("reason")).trimmed();
    if (reason.isEmpty())
        return m_session.usageError(tr("exchange needs --reason."));
    auto key = m_session.uuidOption(QStringLiteral("key"), tr("the exchange's key"), false);
    if (!key)
        return m_session.fail(key.error());
    auto approval = approver();
    if (!approval)
        return m_session.fail(approval.error());
    auto service = PaymentCommands(m_session).gateway(false);
    if (!service)
        return m_session.fail(service.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    if (ExitCode refused = approve(approval.value(), till); refused != ExitCode::Ok)
        return refused;
    CliCardService cardService;
    auto cards = cardService.openFor(m_session, m_session.connection(), service.value().get());
    if (!cards)
        return m_session.fail(cards.error());

    CatalogStore catalog(m_session.connection());
    auto ids = catalog.resolveSeatLabels(showtime, picks.value().labels);
    if (!ids)
        return m_session.failLookup(ids.error());
    auto tiers = catalog.priceTiers(showtime);
    if (!tiers)
        return m_session.fail(tiers.error());
    QStringList chosen = picks.value().tiers;
    SaleCommands::fillTiers(chosen, tiers.value());
    SeatStore seats(m_session.connection());
    const QUuid owner = CheckedSeatCommands::newToken();
    auto held = seats.hold(showtime, ids.value(), owner);
    if (!held)
        return m_session.fail(held.error());
    if (!held.value().granted) {
        Error e = makeError(ErrorCode::Conflict, tr("Not exchanged: a new seat is no longer free."));
        e.seats = held.value().unavailable;
        (void)seats.release(showtime, owner);
        return m_session.fail(e);
    }
    CliSession::stopAtCheckpoint("exchange-held");
    RefundStore store(m_session.connection());
    RefundProcess desk(store, cards.value());
    desk.setCheckpoint(CliSession::stopAtCheckpoint);
    ExchangeRequest request;
    request.key = key.value().isNull() ? QUuid::createUuid() : key.value();
    request.bookingCode = code;
    request.seats = oldSeats;
    request.showtimeId = showtime;
    request.owner = owner;
    request.seatIds = ids.value();
    request.tiers = chosen;
    request.reason = reason;
    request.terminal = till.name;
    request.terminalId = till.id;
    request.approvedBy = approval.value().staff;
    auto done = desk.exchange(request);
    if (!done) {
        (void)seats.release(showtime, owner); // the old booking stands; the new seats go back
        return m_session.failLookup(done.error());
    }
    const ExchangeResult& x = done.value();
    QJsonObject json{{QStringLiteral("key"), x.key.toString(QUuid::WithoutBraces)},
                     {QStringLiteral("old_booking"), x.oldCode},
                     {QStringLiteral("old_seats"), QJsonArray::fromStringList(x.oldSeats)},
                     {QStringLiteral("old_amount_minor"), x.oldAmountMinor},
                     {QStringLiteral("booking"), x.newCode},
                     {QStringLiteral("seats"), QJsonArray::fromStringList(x.newSeats)},
                     {QStringLiteral("amount_minor"), x.newAmountMinor},
                     {QStringLiteral("difference_minor"), x.differenceMinor},
                     {QStringLiteral("currency"), x.currency}};
    QString text =
        tr("Exchanged %1 of booking %2 for %3 in the new booking %4.\n")
            .arg(x.oldSeats.join(QLatin1Char(' ')), x.oldCode, x.newSeats.join(QLatin1Char(' ')), x.newCode);
    if (x.differenceMinor > 0)
        text += tr("Take %1 in cash for the difference.\n")
                    .arg(formatMoney(x.differenceMinor, x.currency, QLocale()));
    else if (x.refund)
        text += describe(*x.refund) + QLatin1Char('\n');
    else
        text += tr("No difference to settle.\n");
    if (x.refund)
        json.insert(QStringLiteral("refund"), toJson(*x.refund));
    m_session.print(json, text);
    return x.refund && x.refund->state == RefundState::Refunding ? ExitCode::Failure : ExitCode::Ok;
}

ExitCode RefundCommands::pay(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("refund-pay takes one booking: refund-pay CODE."));
    const QString code = positional.at(1).trimmed().toUpper();
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    RefundStore store(m_session.connection());
    RefundProcess desk(store, nullptr);
    auto paid = desk.payOwedCash(code, till.id);
    if (!paid)
        return m_session.failLookup(paid.error());
    QJsonArray json;
    QString text;
    for (const RefundRecord& r : paid.value()) {
        json.append(toJson(r));
        text += describe(r) + QLatin1Char('\n');
    }
    if (paid.value().isEmpty())
        return m_session.conflict(tr("Booking %1 is owed no cash.").arg(code),
                                  {{QStringLiteral("refunds"), json}});
    m_session.print(QJsonObject{{QStringLiteral("refunds"), json}}, text);
    return ExitCode::Ok;
}

ExitCode RefundCommands::refunds(const QStringList& positional)
{
    if (positional.size() > 2)
        return m_session.usageError(
            tr("refunds takes at most one booking: refunds [CODE] [--unresolved] [--settle]."));
    const QString code = positional.size() == 2 ? positional.at(1).trimmed().toUpper() : QString();
    const bool settle = m_session.isSet(QStringLiteral("settle"));
    auto service = PaymentCommands(m_session).gateway(settle);
    if (!service)
        return m_session.fail(service.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    RefundStore store(m_session.connection());
    if (settle) {
        CliCardService cardService;
        auto cards = cardService.openFor(m_session, m_session.connection(), service.value().get());
        if (!cards)
            return m_session.fail(cards.error());
        RefundProcess desk(store, cards.value());
        auto settled = desk.settleOpen();
        if (!settled)
            return m_session.fail(settled.error());
    }
    auto list = store.list(code, {}, m_session.isSet(QStringLiteral("unresolved")));
    if (!list)
        return m_session.fail(list.error());
    QJsonArray json;
    QString text;
    for (const RefundRecord& r : list.value()) {
        json.append(toJson(r));
        text += QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                    .arg(CliSession::localTime(r.createdAt, QStringLiteral("yyyy-MM-dd HH:mm")),
                         r.bookingCode, r.seats.join(QLatin1Char(' ')).leftJustified(12),
                         formatMoney(r.amountMinor, r.currency, QLocale()).rightJustified(12),
                         r.method.leftJustified(5), refundStateName(r.state).leftJustified(10), r.reason);
    }
    if (list.value().isEmpty())
        text = tr("No refunds.\n");
    m_session.print(QJsonObject{{QStringLiteral("refunds"), json}}, text);
    return ExitCode::Ok;
}

ExitCode RefundCommands::refundAll(const QStringList& positional)
{
    auto showtime = m_session.showtimeArgument(positional);
    if (!showtime)
        return m_session.fail(showtime.error());
    if (positional.size() != 2)
        return m_session.usageError(tr("refund-all takes one showtime: refund-all SHOWTIME --reason R."));
    const QString reason = m_session.value(QStringLiteral("reason")).trimmed();
    if (reason.isEmpty())
        return m_session.usageError(tr("refund-all needs --reason (what the customers are told)."));
    auto service = PaymentCommands(m_session).gateway(false);
    if (!service)
        return m_session.fail(service.error());
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    CliCardService cardService;
    auto cards = cardService.openFor(m_session, m_session.connection(), service.value().get());
    if (!cards)
        return m_session.fail(cards.error());
    // No new sale while the bookings are refunded: the showtime stops selling first.
    ShowtimeStore showtimes(m_session.connection());
    SaleWindowChange stop;
    stop.closes = QDateTime::currentDateTimeUtc();
    if (auto stopped = showtimes.setSaleWindow({showtime.value()}, stop); !stopped) {
        if (CliSession::permissionDenied(stopped.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("refund-all needs a manager login."),
                                            stopped.error().detail));
        // A cancelled or ended showtime sells nothing anyway: refund what is left.
        if (stopped.error().code == ErrorCode::NotFound)
            return m_session.failLookup(stopped.error());
    }
    const CliSession::Till till = m_session.till();
    RefundStore store(m_session.connection());
    RefundProcess desk(store, cards.value());
    desk.setCheckpoint(CliSession::stopAtCheckpoint);
    auto report = desk.refundAll(showtime.value(), reason, till.name, till.id);
    if (!report) {
        if (CliSession::permissionDenied(report.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("refund-all needs a manager login."),
                                            report.error().detail));
        return m_session.failLookup(report.error());
    }
    const RefundProcess::BatchReport& r = report.value();
    bool cancelled = false;
    if (r.waiting == 0 && r.failed == 0) { // owed cash is a debt to customers, not a booking left
        auto done = showtimes.cancel(showtime.value());
        cancelled = done.ok();
    }
    QJsonArray records;
    for (const RefundRecord& rec : r.records)
        records.append(toJson(rec));
    QString text = tr("Showtime %1: %2 booking(s) refunded, %3 in all.\n")
                       .arg(showtime.value())
                       .arg(r.refunded)
                       .arg(formatMoney(r.amountMinor, r.currency, QLocale()));
    if (r.waiting > 0)
        text +=
            tr("%n card refund(s) wait for the payment service: run refund-all again.\n", nullptr, r.waiting);
    if (r.cashOwed > 0)
        text +=
            tr("%n booking(s) paid in cash: their seats are free and the cash is owed; a till hands it back "
               "with 'refund-pay CODE'.\n",
               nullptr, r.cashOwed);
    if (r.failed > 0)
        text += tr(
            "%n refund(s) were refused by the payment service: see 'refunds --unresolved' and settle them.\n",
            nullptr, r.failed);
    text += cancelled
                ? tr("The showtime is cancelled.\n")
                : tr("The showtime is not cancelled yet (a sale still holds seats, or refunds wait).\n");
    m_session.print(QJsonObject{{QStringLiteral("showtime"), showtime.value()},
                                {QStringLiteral("refunded"), r.refunded},
                                {QStringLiteral("waiting"), r.waiting},
                                {QStringLiteral("cash_owed"), r.cashOwed},
                                {QStringLiteral("failed"), r.failed},
                                {QStringLiteral("amount_minor"), r.amountMinor},
                                {QStringLiteral("currency"), r.currency},
                                {QStringLiteral("cancelled"), cancelled},
                                {QStringLiteral("refunds"), records}},
                    text);
    return r.waiting > 0 ? ExitCode::Failure : r.failed > 0 ? ExitCode::Conflict : ExitCode::Ok;
}

QList<QCommandLineOption> RefundCommands::options()
{
    return {
        {QStringLiteral("settle"), tr("'refunds': ask the payment service again for refunds still waiting.")},
        {QStringLiteral("seats"), tr("'exchange': the new seats, like E5,E6:child."), tr("seats")},
    };
}

} // namespace bo
