// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/paymentcommands.h"

#include <csignal>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QThread>

#include "app/adapters/payments/httppaymentgateway.h"
#include "app/admin/clicardservice.h"
#include "app/admin/salecommands.h"
#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/core/clock.h"
#include "model/payments/cardpayments.h"
#include "model/payments/paymentintents.h"
#include "model/payments/paymentprocess.h"
#include "model/payments/paymentreconciler.h"
#include "model/sale/checkedseatcommands.h"
#include "model/sale/salebasket.h"

namespace bo {
namespace {

/// How long another terminal's intent must have been silent before `reconcile` takes it: longer
/// than any payment call (docs/PAYMENTS.md).
constexpr int defaultGraceSeconds = 120;

void pauseMs(int ms)
{
    QThread::msleep(static_cast<unsigned long>(ms));
}

QString minorWithCurrency(qint64 minor, const QString& currency)
{
    return QStringLiteral("%1 %2").arg(minor).arg(currency);
}

} // namespace

PaymentCommands::PaymentCommands(CliSession& session)
    : m_session(session)
{}

QJsonObject PaymentCommands::intentJson(const PaymentIntent& intent)
{
    const NewPaymentIntent& r = intent.request;
    QJsonObject json{{QStringLiteral("key"), r.key.toString(QUuid::WithoutBraces)},
                     {QStringLiteral("state"), QLatin1String(intentStateName(intent.state))},
                     {QStringLiteral("resolved"), isResolved(intent.state)},
                     {QStringLiteral("method"), QLatin1String(paymentMethodName(r.method))},
                     {QStringLiteral("amount_minor"), r.amountMinor},
                     {QStringLiteral("currency"), r.currency},
                     {QStringLiteral("showtime"), r.showtimeId},
                     {QStringLiteral("booking"), r.bookingCode},
                     {QStringLiteral("booking_status"), intent.bookingStatus},
                     {QStringLiteral("terminal"), r.terminal},
                     {QStringLiteral("gateway_reference"), intent.gatewayReference},
                     {QStringLiteral("reason"), intent.reason},
                     {QStringLiteral("attempts"), intent.attempts},
                     {QStringLiteral("created_at"), CliSession::isoUtc(intent.createdAt)},
                     {QStringLiteral("updated_at"), CliSession::isoUtc(intent.updatedAt)}};
    if (r.method == PaymentMethod::Cash) {
        json.insert(QStringLiteral("tendered_minor"), r.tenderedMinor);
        json.insert(QStringLiteral("change_minor"), intent.changeMinor);
    }
    return json;
}

Result<std::unique_ptr<PaymentGateway>> PaymentCommands::gateway(bool required) const
{
    QString url = m_session.value(QStringLiteral("gateway")).trimmed();
    if (url.isEmpty())
        url = qEnvironmentVariable("BOXOFFICE_GATEWAY").trimmed();
    if (url.isEmpty()) {
        if (required)
            return makeError(ErrorCode::BadInput,
                             tr("Which payment service? Give --gateway URL or set BOXOFFICE_GATEWAY."));
        return std::unique_ptr<PaymentGateway>();
    }
    HttpGatewaySettings settings;
    settings.baseUrl = QUrl(url);
    settings.caFile = qEnvironmentVariable("BOXOFFICE_GATEWAY_CA");
    settings.apiKey = qgetenv("BOXOFFICE_GATEWAY_KEY");
    auto http = std::make_unique<HttpPaymentGateway>(settings);
    if (!http->configurationError().isEmpty())
        return makeError(ErrorCode::BadInput, http->configurationError());
    return std::unique_ptr<PaymentGateway>(std::move(http));
}

Result<PaymentCommands::PayOptions> PaymentCommands::payOptions() const
{
    PayOptions pay;
    const QString method = m_session.value(QStringLiteral("pay")).trimmed().toLower();
    if (method != QLatin1String("card") && method != QLatin1String("cash"))
        return makeError(ErrorCode::BadInput, tr("--pay must be card or cash."));
    pay.card = method == QLatin1String("card");
    if (m_session.isSet(QStringLiteral("tendered"))) {
        if (pay.card)
            return makeError(ErrorCode::BadInput, tr("--tendered is for cash; a card pays the price."));
        bool ok = false;
        pay.tendered = m_session.value(QStringLiteral("tendered")).toLongLong(&ok);
        if (!ok || pay.tendered <= 0)
            return makeError(ErrorCode::BadInput, tr("--tendered '%1' is not an amount in minor units.")
                                                      .arg(m_session.value(QStringLiteral("tendered"))));
    }
    return pay;
}

std::optional<ExitCode> PaymentCommands::openPayment(const PayOptions& pay,
                                                     std::unique_ptr<PaymentGateway>& service,
                                                     CliCardService& serviceSide)
{
    auto gatewayFound = gateway(pay.card);
    if (!gatewayFound)
        return m_session.fail(gatewayFound.error());
    service = std::move(gatewayFound.value());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    // The service's login is opened before anything of the sale is written: a wrong one leaves
    // nothing behind.
    if (pay.card) {
        if (Status s = serviceSide.open(m_session); !s)
            return m_session.fail(s.error());
    }
    return std::nullopt;
}

ExitCode PaymentCommands::sell(const QStringList& positional)
{
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    auto picks = SaleCommands::parsePicks(positional.mid(2));
    if (!picks)
        return m_session.usageError(picks.error().message);
    if (picks.value().labels.isEmpty())
        return m_session.usageError(tr("Which seats? Name them as printed, e.g. K12 K13:child."));
    auto pay = payOptions();
    if (!pay)
        return m_session.usageError(pay.error().message);
    std::unique_ptr<PaymentGateway> service;
    CliCardService serviceSide;
    if (auto failed = openPayment(pay.value(), service, serviceSide))
        return *failed;

    CatalogStore catalog(m_session.connection());
    const int showtime = showtimeId.value();
    auto ids = catalog.resolveSeatLabels(showtime, picks.value().labels);
    if (!ids)
        return m_session.failLookup(ids.error());
    SaleToPay sale;
    sale.showtimeId = showtime;
    sale.seatIds = ids.value();
    sale.tiers = picks.value().tiers;
    sale.owner = CheckedSeatCommands::newToken();
    sale.confirmKey = QUuid::createUuid();
    sale.newHold = true;
    return payFor(sale, pay.value(), service.get(), serviceSide);
}

ExitCode PaymentCommands::confirmPaid(int showtimeId, const QUuid& owner, const QUuid& key,
                                      const SaleCommands::SeatPicks& picks)
{
    auto pay = payOptions();
    if (!pay)
        return m_session.usageError(pay.error().message);
    std::unique_ptr<PaymentGateway> service;
    CliCardService serviceSide;
    if (auto failed = openPayment(pay.value(), service, serviceSide))
        return *failed;
    CatalogStore catalog(m_session.connection());
    QList<int> ids;
    if (!picks.labels.isEmpty()) {
        auto named = catalog.resolveSeatLabels(showtimeId, picks.labels);
        if (!named)
            return m_session.failLookup(named.error());
        ids = named.value();
    } else {
        // Every seat the sale holds, as a confirm naming none confirms.
        auto seats = SeatStore(m_session.connection()).seats(showtimeId, owner);
        if (!seats)
            return m_session.failLookup(seats.error());
        for (const SeatState& seat : seats.value())
            if (seat.status == SeatStatus::Held && seat.heldBy == owner)
                ids << seat.seatId;
    }
    SaleToPay sale;
    sale.showtimeId = showtimeId;
    sale.seatIds = ids;
    sale.tiers = picks.tiers;
    sale.owner = owner;
    sale.confirmKey = key;
    sale.newHold = false;
    sale.allHeld = picks.labels.isEmpty();
    return payFor(sale, pay.value(), service.get(), serviceSide);
}

ExitCode PaymentCommands::payFor(SaleToPay sale, const PayOptions& pay, PaymentGateway* service,
                                 CliCardService& serviceSide)
{
    const bool card = pay.card;
    const QString method = card ? QStringLiteral("card") : QStringLiteral("cash");
    CatalogStore catalog(m_session.connection());
    auto settings = catalog.settings();
    if (!settings)
        return m_session.fail(settings.error());
    const int showtime = sale.showtimeId;
    // The till's name and id: the member signed in at it and its open shift stamp the sale.
    const CliSession::Till till = m_session.till();
    const QString& terminal = till.name;
    SeatStore store(m_session.connection());
    CheckedSeatCommands seats(store, SaleRules(settings.value()));
    PaymentIntentStore intents(m_session.connection());
    ConfirmRequest confirm;
    confirm.terminal = terminal;
    confirm.terminalId = till.id;
    confirm.key = sale.confirmKey;
    confirm.showtimeId = showtime;
    confirm.owner = sale.owner;

    // A confirm asked again with its key pays with the same intent (its key is the confirm's,
    // hashed): once paid, it is sent again carrying that payment and answered from the stored
    // booking, so a retry never takes the money twice. The capture is left to `reconcile`.
    const QUuid paymentKey = QUuid::createUuidV5(sale.confirmKey, QStringLiteral("payment"));
    if (!sale.newHold) {
        auto earlier = intents.find(paymentKey);
        if (earlier) {
            if (!sale.allHeld) {
                confirm.seatIds = sale.seatIds;
                confirm.tiers = sale.tiers;
                auto tiers = catalog.priceTiers(showtime);
                if (!tiers)
                    return m_session.fail(tiers.error());
                SaleCommands::fillTiers(confirm.tiers, tiers.value());
            }
            auto again = seats.confirm(PaymentProcess::carrying(confirm, earlier.value()));
            if (!again)
                return m_session.fail(again.error());
            const NewPaymentIntent& paid = earlier.value().request;
            return printPaid(again.value(), earlier.value(), sale, method, paid.amountMinor, paid.currency);
        }
        if (earlier.error().code != ErrorCode::NotFound)
            return m_session.fail(earlier.error());
        if (sale.seatIds.isEmpty())
            return m_session.fail(makeError(ErrorCode::Expired, tr("No seats are held by this sale.")));
    }
    auto tiers = catalog.priceTiers(showtime);
    if (!tiers)
        return m_session.fail(tiers.error());
    SaleCommands::fillTiers(sale.tiers, tiers.value());
    // The bill as the tills make it: each seat's ticket type plus what its kind adds (0026).
    auto show = catalog.showtime(showtime);
    if (!show)
        return m_session.fail(show.error());
    auto seatStates = SeatStore(m_session.connection()).seats(showtime, QUuid());
    if (!seatStates)
        return m_session.fail(seatStates.error());
    SaleBasket basket;
    basket.setPriceList(tiers.value());
    basket.setSurcharges(seatStates.value(), show.value().seatSurcharges);
    for (qsizetype i = 0; i < sale.tiers.size() && i < sale.seatIds.size(); ++i) {
        if (!basket.setTier(sale.seatIds.at(i), sale.tiers.at(i)))
            return m_session.usageError(
                tr("There is no ticket type '%1' for this showtime.").arg(sale.tiers.at(i)));
    }
    const qint64 total = basket.totalMinor(sale.seatIds);
    const QString currency = basket.currency(settings.value().currency);
    const qint64 tendered = card ? 0 : (pay.tendered > 0 ? pay.tendered : total);
    // A confirm naming no seats confirms every seat the sale holds, as asked (and so asks the same
    // again on a retry, when they are no longer held but booked).
    if (!sale.allHeld) {
        confirm.seatIds = sale.seatIds;
        confirm.tiers = sale.tiers;
    }

    if (sale.newHold) {
        auto held = seats.hold(showtime, sale.seatIds, sale.owner);
        if (!held)
            return m_session.fail(held.error());
        if (!held.value().granted) {
            Error e = makeError(ErrorCode::Conflict, tr("Not sold: a seat is no longer free."));
            e.seats = held.value().unavailable;
            return m_session.fail(e);
        }
    }
    auto started = seats.beginPayment(showtime, sale.seatIds, sale.owner, terminal, till.id);
    if (!started) {
        if (sale.newHold)
            (void)seats.release(showtime, sale.owner);
        return m_session.fail(started.error());
    }
    SteadyClock clock;
    const qint64 deadlineMs = clock.nowMs() + started.value().hold.remainingMs();

    NewPaymentIntent intent;
    intent.key = sale.newHold ? QUuid::createUuid() : paymentKey;
    intent.holdToken = sale.owner;
    intent.showtimeId = showtime;
    intent.bookingId = started.value().bookingId;
    intent.bookingCode = started.value().bookingCode;
    intent.terminal = terminal;
    intent.terminalId = till.id;
    intent.method = card ? PaymentMethod::Card : PaymentMethod::Cash;
    intent.amountMinor = total;
    intent.currency = currency;
    intent.tenderedMinor = tendered;
    intent.gateway = service ? service->name() : QString();

    PaymentProcess process(intents, store, card ? serviceSide.cardsFor(intents, *service) : nullptr, clock,
                           pauseMs);
    process.setCheckpoint(CliSession::stopAtCheckpoint);
    const PaymentOutcome out =
        card ? process.payByCard(intent, confirm, deadlineMs) : process.payCash(intent, confirm);
    if (out.kind != PaymentOutcome::Kind::Paid && sale.newHold) {
        // The sale ends: its seats go back and its pending booking is cancelled, so a payment
        // whose outcome is still unknown is voided by the reconciler if it went through.
        (void)seats.release(showtime, sale.owner);
    }

    QJsonObject json{{QStringLiteral("outcome"), QLatin1String(paymentOutcomeName(out.kind))},
                     {QStringLiteral("payment"), intentJson(out.intent)},
                     {QStringLiteral("owner"), sale.owner.toString(QUuid::WithoutBraces)}};
    if (!out.reason.isEmpty())
        json.insert(QStringLiteral("reason"), out.reason);
    switch (out.kind) {
    case PaymentOutcome::Kind::Paid:
        return printPaid(out.booking, out.intent, sale, method, total, currency);
    case PaymentOutcome::Kind::Declined:
        m_session.print(json, QString());
        m_session.printError(tr("Declined: %1. Nothing was charged and nothing was booked.").arg(out.reason));
        return ExitCode::Conflict;
    case PaymentOutcome::Kind::SeatsLost:
        m_session.print(json, QString());
        m_session.printError(tr("Not sold: %1. The payment was given back.").arg(out.reason));
        return ExitCode::Conflict;
    case PaymentOutcome::Kind::Unknown:
        m_session.print(json, QString());
        m_session.printError(tr("Payment %1: %2").arg(intent.key.toString(QUuid::WithoutBraces), out.reason));
        return ExitCode::Failure;
    case PaymentOutcome::Kind::Failed:
        break;
    }
    Error e = out.error;
    if (e.message.isEmpty())
        e.message = out.reason;
    return m_session.fail(e);
}

ExitCode PaymentCommands::printPaid(const ConfirmResult& booked, const PaymentIntent& intent,
                                    const SaleToPay& sale, const QString& method, qint64 total,
                                    const QString& currency)
{
    // The booking as `confirm` prints it (code, status, seats, replayed), with its payment.
    QJsonObject json = QJsonDocument::fromJson(booked.responseJson.toUtf8()).object();
    json.insert(QStringLiteral("replayed"), booked.replayed);
    json.insert(QStringLiteral("outcome"), QLatin1String(paymentOutcomeName(PaymentOutcome::Kind::Paid)));
    json.insert(QStringLiteral("payment"), intentJson(intent));
    json.insert(QStringLiteral("owner"), sale.owner.toString(QUuid::WithoutBraces));
    json.insert(QStringLiteral("booking"), booked.code);
    QString text = booked.replayed ? tr("Already confirmed: booking %1, %2 paid by %3.\n")
                                         .arg(booked.code, minorWithCurrency(total, currency), method)
                                   : tr("Sold: booking %1, %2 paid by %3.\n")
                                         .arg(booked.code, minorWithCurrency(total, currency), method);
    if (intent.request.method == PaymentMethod::Cash && intent.changeMinor > 0 && !booked.replayed)
        text += tr("Change due: %1.\n").arg(minorWithCurrency(intent.changeMinor, currency));
    if (intent.state != IntentState::Captured)
        text += tr("The capture is not confirmed yet; 'reconcile' finishes it.\n");
    m_session.print(json, text);
    return ExitCode::Ok;
}

ExitCode PaymentCommands::payments()
{
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    IntentFilter filter;
    filter.unresolvedOnly = m_session.isSet(QStringLiteral("unresolved"));
    filter.terminal = m_session.value(QStringLiteral("terminal")).trimmed();
    PaymentIntentStore intents(m_session.connection());
    auto list = intents.list(filter);
    if (!list)
        return m_session.fail(list.error());
    QJsonArray rows;
    QString text;
    for (const PaymentIntent& p : list.value()) {
        rows.append(intentJson(p));
        text +=
            QStringLiteral("%1  %2  %3  %4  %5 %6  %7\n")
                .arg(p.request.key.toString(QUuid::WithoutBraces).left(8),
                     QString::fromLatin1(intentStateName(p.state)).leftJustified(11),
                     QLatin1String(paymentMethodName(p.request.method)),
                     minorWithCurrency(p.request.amountMinor, p.request.currency).rightJustified(12),
                     p.request.bookingCode, p.bookingStatus.isEmpty() ? QStringLiteral("-") : p.bookingStatus,
                     p.request.terminal);
    }
    if (list.value().isEmpty())
        text = filter.unresolvedOnly ? tr("No unresolved payments.\n") : tr("No payments.\n");
    m_session.print(QJsonObject{{QStringLiteral("payments"), rows}}, text);
    return ExitCode::Ok;
}

ExitCode PaymentCommands::payment(const QStringList& positional)
{
    if (positional.size() < 2)
        return m_session.usageError(tr("Which payment? Give its key (see 'payments')."));
    auto key = CheckedSeatCommands::parseUuid(positional.at(1), tr("payment key"));
    if (!key)
        return m_session.fail(key.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    PaymentIntentStore intents(m_session.connection());
    auto found = intents.find(key.value());
    if (!found)
        return m_session.failLookup(found.error());
    const PaymentIntent& p = found.value();
    QString text =
        tr("Payment %1\n  state     %2\n  method    %3, %4\n  booking   %5 (%6)\n  terminal  %7\n")
            .arg(p.request.key.toString(QUuid::WithoutBraces), QLatin1String(intentStateName(p.state)),
                 QLatin1String(paymentMethodName(p.request.method)),
                 minorWithCurrency(p.request.amountMinor, p.request.currency), p.request.bookingCode,
                 p.bookingStatus.isEmpty() ? tr("none") : p.bookingStatus, p.request.terminal);
    if (!p.gatewayReference.isEmpty())
        text += tr("  reference %1\n").arg(p.gatewayReference);
    if (!p.reason.isEmpty())
        text += tr("  reason    %1\n").arg(p.reason);
    m_session.print(intentJson(p), text);
    return ExitCode::Ok;
}

ExitCode PaymentCommands::reconcile()
{
    const bool dryRun = m_session.isSet(QStringLiteral("dry-run"));
    int silentFor = defaultGraceSeconds;
    if (m_session.isSet(QStringLiteral("silent-for"))) {
        bool ok = false;
        silentFor = m_session.value(QStringLiteral("silent-for")).toInt(&ok);
        if (!ok || silentFor < 0 || silentFor > 86'400)
            return m_session.usageError(tr("--silent-for '%1' is not a number of seconds from 0 to 86400.")
                                            .arg(m_session.value(QStringLiteral("silent-for"))));
    }
    auto service = gateway(false);
    if (!service)
        return m_session.fail(service.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    // No lead is taken (only the payment service's login may lead, docs/SECURITY.md): this pass
    // runs beside the service's reconciler, and every step it takes is a conditional change of the
    // stored payment, so the two never take one step twice (the second is refused and listed).
    PaymentIntentStore intents(m_session.connection());
    SeatStore store(m_session.connection());
    SteadyClock clock;
    CliCardService serviceSide;
    if (service.value()) {
        if (Status s = serviceSide.open(m_session); !s)
            return m_session.fail(s.error());
    }
    PaymentProcess process(intents, store,
                           service.value() ? serviceSide.cardsFor(intents, *service.value()) : nullptr, clock,
                           pauseMs);
    PaymentReconciler reconciler(intents, process);
    ReconcileScope scope;
    scope.terminal = m_session.value(QStringLiteral("terminal")).trimmed();
    scope.silentForSeconds = silentFor;
    scope.dryRun = dryRun;
    auto pass = reconciler.runOnce(scope);
    if (!pass)
        return m_session.fail(pass.error());

    QJsonArray rows;
    QString text;
    int failed = 0;
    for (const ReconcileEntry& e : pass.value()) {
        QJsonObject row = intentJson(e.before);
        row.insert(QStringLiteral("action"), QLatin1String(reconcileActionName(e.action)));
        row.insert(QStringLiteral("after"), QLatin1String(intentStateName(e.after)));
        if (!e.error.isEmpty()) {
            row.insert(QStringLiteral("error"), e.error);
            ++failed;
        }
        rows.append(row);
        text += QStringLiteral("%1  %2 -> %3  %4%5\n")
                    .arg(e.before.request.key.toString(QUuid::WithoutBraces).left(8),
                         QString::fromLatin1(reconcileActionName(e.action)).leftJustified(8),
                         QString::fromLatin1(intentStateName(e.after)).leftJustified(11),
                         e.before.request.bookingCode,
                         e.error.isEmpty() ? QString() : QStringLiteral("  (") + e.error + QLatin1Char(')'));
    }
    if (pass.value().isEmpty())
        text = tr("Nothing to reconcile.\n");
    else if (dryRun)
        text = tr("Dry run, nothing changed:\n") + text;
    m_session.print(QJsonObject{{QStringLiteral("dry_run"), dryRun}, {QStringLiteral("intents"), rows}},
                    text);
    return failed > 0 ? ExitCode::Failure : ExitCode::Ok;
}

QList<QCommandLineOption> PaymentCommands::options()
{
    return {
        {QStringLiteral("tendered"), tr("Cash handed over, in minor units (default: the total)."),
         tr("amount")},
        {QStringLiteral("gateway"), tr("Payment service URL (else $BOXOFFICE_GATEWAY)."), tr("url")},
        {QStringLiteral("dry-run"), tr("Say what would be done; change nothing.")},
        {QStringLiteral("silent-for"), tr("Reconcile only payments unchanged this long (default 120)."),
         tr("seconds")},
    };
}

} // namespace bo
