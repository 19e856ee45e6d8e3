// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/paymentcommands.h"

#include <csignal>

#include <QJsonArray>
#include <QJsonObject>
#include <QSysInfo>
#include <QThread>

#include "app/admin/clicardservice.h"
#include "app/admin/salecommands.h"
#include "app/payments/httppaymentgateway.h"
#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/cardpayments.h"
#include "model/clock.h"
#include "model/paymentintents.h"
#include "model/paymentprocess.h"
#include "model/paymentreconciler.h"
#include "model/salebasket.h"
#include "model/seatservice.h"

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
    const QString method = m_session.value(QStringLiteral("pay")).trimmed().toLower();
    if (method != QLatin1String("card") && method != QLatin1String("cash"))
        return m_session.usageError(tr("--pay must be card or cash."));
    const bool card = method == QLatin1String("card");
    qint64 tendered = 0;
    if (!card && m_session.isSet(QStringLiteral("tendered"))) {
        bool ok = false;
        tendered = m_session.value(QStringLiteral("tendered")).toLongLong(&ok);
        if (!ok || tendered <= 0)
            return m_session.usageError(tr("--tendered '%1' is not an amount in minor units.")
                                            .arg(m_session.value(QStringLiteral("tendered"))));
    }
    auto service = gateway(card);
    if (!service)
        return m_session.fail(service.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    CliCardService serviceSide;
    if (card) {
        if (Status s = serviceSide.open(m_session); !s)
            return m_session.fail(s.error());
    }

    CatalogStore catalog(m_session.connection());
    auto settings = catalog.settings();
    if (!settings)
        return m_session.fail(settings.error());
    const int showtime = showtimeId.value();
    auto ids = catalog.resolveSeatLabels(showtime, picks.value().labels);
    if (!ids)
        return m_session.failLookup(ids.error());
    auto tiers = catalog.priceTiers(showtime);
    if (!tiers)
        return m_session.fail(tiers.error());
    QStringList chosen = picks.value().tiers;
    SaleCommands::fillTiers(chosen, tiers.value());
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
    for (qsizetype i = 0; i < chosen.size() && i < ids.value().size(); ++i) {
        if (!basket.setTier(ids.value().at(i), chosen.at(i)))
            return m_session.usageError(
                tr("There is no ticket type '%1' for this showtime.").arg(chosen.at(i)));
    }
    const qint64 total = basket.totalMinor(ids.value());
    const QString currency = basket.currency(settings.value().currency);
    if (!card && tendered == 0)
        tendered = total;

    // The till's name and id: the member signed in at it and its open shift stamp the sale.
    const CliSession::Till till = m_session.till();
    const QString& terminal = till.name;
    SeatStore store(m_session.connection());
    SeatService seats(store, SaleRules(settings.value()));
    const QUuid token = SeatService::newToken();
    auto held = seats.hold(showtime, ids.value(), token);
    if (!held)
        return m_session.fail(held.error());
    if (!held.value().granted) {
        Error e = makeError(ErrorCode::Conflict, tr("Not sold: a seat is no longer free."));
        e.seats = held.value().unavailable;
        return m_session.fail(e);
    }
    auto started = seats.beginPayment(showtime, ids.value(), token, terminal, till.id);
    if (!started) {
        (void)seats.release(showtime, token);
        return m_session.fail(started.error());
    }
    SteadyClock clock;
    const qint64 deadlineMs = clock.nowMs() + started.value().hold.remainingMs();

    NewPaymentIntent intent;
    intent.key = QUuid::createUuid();
    intent.holdToken = token;
    intent.showtimeId = showtime;
    intent.bookingId = started.value().bookingId;
    intent.bookingCode = started.value().bookingCode;
    intent.terminal = terminal;
    intent.terminalId = till.id;
    intent.method = card ? PaymentMethod::Card : PaymentMethod::Cash;
    intent.amountMinor = total;
    intent.currency = currency;
    intent.tenderedMinor = card ? 0 : tendered;
    intent.gateway = service.value() ? service.value()->name() : QString();
    ConfirmRequest confirm;
    confirm.terminal = terminal;
    confirm.terminalId = till.id;
    confirm.key = QUuid::createUuid();
    confirm.showtimeId = showtime;
    confirm.owner = token;
    confirm.seatIds = ids.value();
    confirm.tiers = chosen;

    PaymentIntentStore intents(m_session.connection());
    PaymentProcess process(intents, store, card ? serviceSide.cardsFor(intents, *service.value()) : nullptr,
                           clock, pauseMs);
    process.setCheckpoint(CliSession::stopAtCheckpoint);
    const PaymentOutcome out =
        card ? process.payByCard(intent, confirm, deadlineMs) : process.payCash(intent, confirm);
    if (out.kind != PaymentOutcome::Kind::Paid) {
        // The sale ends: its seats go back and its pending booking is cancelled, so a payment
        // whose outcome is still unknown is voided by the reconciler if it went through.
        (void)seats.release(showtime, token);
    }

    QJsonObject json{{QStringLiteral("outcome"), QLatin1String(paymentOutcomeName(out.kind))},
                     {QStringLiteral("payment"), intentJson(out.intent)},
                     {QStringLiteral("owner"), token.toString(QUuid::WithoutBraces)}};
    if (!out.reason.isEmpty())
        json.insert(QStringLiteral("reason"), out.reason);
    switch (out.kind) {
    case PaymentOutcome::Kind::Paid: {
        json.insert(QStringLiteral("booking"), out.booking.code);
        json.insert(QStringLiteral("total_minor"), out.booking.totalMinor);
        QString text = tr("Sold: booking %1, %2 paid by %3.\n")
                           .arg(out.booking.code, minorWithCurrency(total, currency), method);
        if (!card && out.intent.changeMinor > 0)
            text += tr("Change due: %1.\n").arg(minorWithCurrency(out.intent.changeMinor, currency));
        if (out.intent.state != IntentState::Captured)
            text += tr("The capture is not confirmed yet; 'reconcile' finishes it.\n");
        m_session.print(json, text);
        return ExitCode::Ok;
    }
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
    auto key = SeatService::parseUuid(positional.at(1), tr("payment key"));
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
    PaymentIntentStore intents(m_session.connection());
    if (!dryRun) {
        auto leading = intents.tryLeadReconciliation();
        if (!leading)
            return m_session.fail(leading.error());
        if (!leading.value())
            return m_session.fail(makeError(ErrorCode::InProgress, tr("Another reconciler is running now.")));
    }
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
    if (!dryRun)
        intents.stepDownAsReconciler();
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

} // namespace bo
