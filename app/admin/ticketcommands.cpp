// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/ticketcommands.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QUuid>

#include <spdlog/spdlog.h>

#include "app/adapters/tickets/ed25519.h"
#include "app/adapters/tickets/ticketlayout.h"
#include "app/adapters/tickets/ticketrenderer.h"
#include "db/dbconnection.h"
#include "db/ticketstore.h"

namespace bo {
namespace {

QString verdictReason(CheckinVerdict v)
{
    switch (v) {
    case CheckinVerdict::Admitted:
        return TicketCommands::tr("admitted");
    case CheckinVerdict::AlreadyUsed:
        return TicketCommands::tr("already used");
    case CheckinVerdict::Reprinted:
        return TicketCommands::tr("replaced by a reprint");
    case CheckinVerdict::Cancelled:
        return TicketCommands::tr("booking cancelled");
    case CheckinVerdict::Refunded:
        return TicketCommands::tr("booking refunded");
    case CheckinVerdict::NotValid:
        return TicketCommands::tr("booking not confirmed");
    case CheckinVerdict::WrongShowtime:
        return TicketCommands::tr("ticket for another showtime");
    case CheckinVerdict::Unknown:
        return TicketCommands::tr("no such ticket");
    case CheckinVerdict::Forged:
        return TicketCommands::tr("forged signature");
    case CheckinVerdict::Unreadable:
        return TicketCommands::tr("not a ticket code");
    }
    return {};
}

QJsonObject ticketJson(const Ticket& t)
{
    return {{QStringLiteral("serial"), qint64(t.serial)},  {QStringLiteral("booking"), t.bookingCode},
            {QStringLiteral("showtime"), t.showtimeId},    {QStringLiteral("seat"), t.seatLabel},
            {QStringLiteral("seat_kind"), t.seatKind},     {QStringLiteral("tier"), t.tierCode},
            {QStringLiteral("price_minor"), t.priceMinor}, {QStringLiteral("currency"), t.currency},
            {QStringLiteral("key_id"), int(t.keyId)},      {QStringLiteral("reprint"), t.reprint},
            {QStringLiteral("payload"), t.payload}};
}

} // namespace

TicketCommands::TicketCommands(CliSession& session)
    : m_session(session)
{}

ExitCode TicketCommands::ticket(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("Give one booking code, e.g. 'ticket K7QD-2MXA'."));
    const QString code = positional.at(1).trimmed().toUpper();
    static const QRegularExpression codeForm(QStringLiteral("^[A-Z0-9]{4}-[A-Z0-9]{4}$"));
    if (!codeForm.match(code).hasMatch())
        return m_session.usageError(tr("'%1' is not a booking code like K7QD-2MXA.").arg(positional.at(1)));
    const QString paper = m_session.isSet(QStringLiteral("paper"))
                              ? m_session.value(QStringLiteral("paper")).toLower()
                              : QStringLiteral("a4");
    if (paper != QLatin1String("a4") && paper != QLatin1String("letter"))
        return m_session.usageError(tr("--paper is a4 or letter, not '%1'.").arg(paper));
    const bool reprint = m_session.isSet(QStringLiteral("reprint"));
    // The demo's own owner issues (a one-person machine); --db is used as given, so elsewhere
    // issuing needs a manager login.
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    TicketStore store(m_session.connection());

    auto tickets = store.tickets(code);
    if (!tickets)
        return m_session.failLookup(tickets.error());
    if (reprint || tickets.value().isEmpty()) {
        auto key = store.signingKey();
        if (!key) {
            if (CliSession::permissionDenied(key.error()))
                return m_session.fail(makeError(ErrorCode::Internal,
                                                tr("Issuing or reprinting tickets needs a manager login."),
                                                key.error().detail));
            return m_session.fail(key.error());
        }
        if (!key.value()) {
            // The first ticket of this database: its first key pair, made here and kept there.
            auto pair = generateTicketKeyPair();
            if (!pair)
                return m_session.fail(pair.error());
            auto id = store.addKey(pair.value().publicKey, pair.value().secretKey);
            if (!id)
                return m_session.fail(id.error());
            spdlog::info("ticket signing key {} created", id.value());
            key = std::optional<SigningKey>(SigningKey{id.value(), pair.value().secretKey});
        }
        const Ed25519Signer signer(*key.value());
        tickets = store.issue(code, reprint, signer);
        if (!tickets)
            return m_session.failLookup(tickets.error());
        spdlog::info("tickets of booking {} issued ({} valid, reprint {})", code.toStdString(),
                     tickets.value().size(), reprint);
    }
    // What leaves here verifies with the keys every door has.
    auto keys = store.keys();
    if (!keys)
        return m_session.fail(keys.error());
    const Ed25519KeyRing ring = Ed25519KeyRing::fromKeys(keys.value());
    QList<TicketLayout> layouts;
    const QLocale locale;
    for (const Ticket& t : tickets.value()) {
        if (!std::holds_alternative<TicketPayload>(ticketcode::decode(t.payload, ring)))
            return m_session.fail(
                makeError(ErrorCode::Internal,
                          tr("Ticket %1 does not verify with the cinema's keys.").arg(t.serial), t.payload));
        layouts.append(TicketLayoutBuilder::build(t, locale));
    }
    if (m_session.isSet(QStringLiteral("pdf")) && !layouts.isEmpty()) {
        const QString path = m_session.value(QStringLiteral("pdf"));
        if (Status s = TicketRenderer::writePdf(
                layouts, path, paper == QLatin1String("letter") ? QPageSize::Letter : QPageSize::A4,
                tr("Tickets %1").arg(code));
            !s)
            return m_session.fail(s.error());
    }
    if (m_session.isSet(QStringLiteral("escpos")) && !layouts.isEmpty()) {
        QByteArray bytes;
        for (const TicketLayout& layout : layouts) {
            auto raster = TicketRenderer::thermal(layout);
            if (!raster)
                return m_session.fail(raster.error());
            bytes += escPosRaster(raster.value());
        }
        QFile device(m_session.value(QStringLiteral("escpos")));
        if (!device.open(QIODevice::WriteOnly) || device.write(bytes) != bytes.size() || !device.flush())
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("The printer %1 could not be written.").arg(device.fileName()),
                                            device.errorString()));
    }
    QJsonArray json;
    QString text;
    for (const Ticket& t : tickets.value()) {
        json.append(ticketJson(t));
        text += tr("%1  seat %2  %3  %4%5\n")
                    .arg(t.serial, 8, 10, QLatin1Char('0'))
                    .arg(t.seatLabel.leftJustified(5), t.tierName, t.payload,
                         t.reprint ? tr("  REPRINT") : QString());
    }
    if (tickets.value().isEmpty())
        text = tr("Booking %1 has no seats to print.\n").arg(code);
    QJsonObject out{{QStringLiteral("booking"), code}, {QStringLiteral("tickets"), json}};
    if (m_session.isSet(QStringLiteral("pdf")))
        out.insert(QStringLiteral("pdf"), m_session.value(QStringLiteral("pdf")));
    m_session.print(out, text);
    return ExitCode::Ok;
}

ExitCode TicketCommands::checkin(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("Give the scanned ticket code, e.g. 'checkin CODE --door Main'."));
    const QString door = m_session.value(QStringLiteral("door")).trimmed();
    if (door.isEmpty() || door.size() > 80)
        return m_session.usageError(tr("--door names the door (1 to 80 characters)."));
    int showtime = 0;
    if (m_session.isSet(QStringLiteral("showtime"))) {
        bool ok = false;
        showtime = m_session.value(QStringLiteral("showtime")).toInt(&ok);
        if (!ok || showtime <= 0)
            return m_session.usageError(
                tr("'%1' is not a showtime number.").arg(m_session.value(QStringLiteral("showtime"))));
    }
    const QString text = positional.at(1).trimmed().toUpper();
    if (!ticketcode::peek(text))
        return m_session.usageError(tr("This is not a ticket code of this cinema."));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    TicketStore store(m_session.connection());
    auto keys = store.keys();
    if (!keys)
        return m_session.fail(keys.error());
    const auto decoded = ticketcode::decode(text, Ed25519KeyRing::fromKeys(keys.value()));
    CheckinResult result;
    if (const auto* payload = std::get_if<TicketPayload>(&decoded)) {
        auto admitted = store.checkin(*payload, text, door, showtime);
        if (!admitted)
            return m_session.fail(admitted.error());
        result = admitted.value();
    } else {
        result.verdict = CheckinVerdict::Forged;
        result.serial = ticketcode::peek(text)->serial;
    }
    const bool ok = result.verdict == CheckinVerdict::Admitted;
    QJsonObject json{{QStringLiteral("verdict"), checkinVerdictName(result.verdict)},
                     {QStringLiteral("admitted"), ok},
                     {QStringLiteral("reason"), verdictReason(result.verdict)},
                     {QStringLiteral("serial"), qint64(result.serial)},
                     {QStringLiteral("door"), door}};
    if (result.showtimeId > 0) {
        json.insert(QStringLiteral("showtime"), result.showtimeId);
        json.insert(QStringLiteral("seat"), result.seatLabel);
        json.insert(QStringLiteral("tier"), result.tierName);
        json.insert(QStringLiteral("admitted_count"), result.admitted);
    }
    if (result.verdict == CheckinVerdict::AlreadyUsed || ok) {
        json.insert(QStringLiteral("admitted_at"), CliSession::isoUtc(result.admittedAt));
        json.insert(QStringLiteral("admitted_door"), result.door);
    }
    QString line;
    if (ok)
        line = tr("ADMIT  seat %1  %2\n").arg(result.seatLabel, result.tierName);
    else if (result.verdict == CheckinVerdict::AlreadyUsed)
        line = tr("REFUSED: already used at %1, door %2\n")
                   .arg(CliSession::localTime(result.admittedAt, QStringLiteral("HH:mm:ss")), result.door);
    else
        line = tr("REFUSED: %1\n").arg(verdictReason(result.verdict));
    m_session.print(json, line);
    return ok ? ExitCode::Ok : ExitCode::Conflict;
}

ExitCode TicketCommands::checkins(const QStringList& positional)
{
    auto showtime = m_session.showtimeArgument(positional);
    if (!showtime)
        return m_session.fail(showtime.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    TicketStore store(m_session.connection());
    auto list = store.checkins(showtime.value());
    if (!list)
        return m_session.fail(list.error());
    // Scans doors decided alone, as their syncs delivered them (migration 0018).
    auto offline = store.doorReports(showtime.value());
    if (!offline)
        return m_session.fail(offline.error());
    QSet<QString> admittedOffline; // "serial|door"
    QJsonArray reports;
    QString reportText;
    for (const DoorScan& s : offline.value()) {
        if (s.syncResult == QLatin1String("ADMITTED"))
            admittedOffline.insert(QString::number(s.serial) + QLatin1Char('|') + s.door);
        if (!s.reported())
            continue;
        QJsonObject row{{QStringLiteral("kind"), s.syncResult == QLatin1String("USED_TWICE")
                                                     ? QStringLiteral("used_twice")
                                                     : QStringLiteral("not_valid")},
                        {QStringLiteral("result"), s.syncResult},
                        {QStringLiteral("serial"), qint64(s.serial)},
                        {QStringLiteral("seat"), s.seatLabel},
                        {QStringLiteral("door"), s.door},
                        {QStringLiteral("scanned_at"), CliSession::isoUtc(s.scannedAt)},
                        {QStringLiteral("scan_id"), s.scanId.toString(QUuid::WithoutBraces)}};
        if (!s.firstDoor.isEmpty()) {
            row.insert(QStringLiteral("first_door"), s.firstDoor);
            row.insert(QStringLiteral("first_admitted_at"), CliSession::isoUtc(s.firstAt));
        }
        reports.append(row);
        if (s.syncResult == QLatin1String("USED_TWICE"))
            reportText +=
                tr("USED TWICE  %1  %2: admitted offline at %3 %4, and at %5 %6\n")
                    .arg(s.serial, 8, 10, QLatin1Char('0'))
                    .arg(s.seatLabel, s.door, CliSession::localTime(s.scannedAt, QStringLiteral("HH:mm:ss")),
                         s.firstDoor, CliSession::localTime(s.firstAt, QStringLiteral("HH:mm:ss")));
        else
            reportText +=
                tr("NOT VALID   %1  %2: admitted offline at %3 %4, but %5\n")
                    .arg(s.serial, 8, 10, QLatin1Char('0'))
                    .arg(s.seatLabel, s.door, CliSession::localTime(s.scannedAt, QStringLiteral("HH:mm:ss")),
                         s.syncResult);
    }
    QJsonArray json;
    QString text = tr("Showtime %1: %2 of %3 admitted\n")
                       .arg(showtime.value())
                       .arg(list.value().admitted())
                       .arg(list.value().expected);
    for (const CheckinRecord& r : list.value().records) {
        QJsonObject row{{QStringLiteral("serial"), qint64(r.serial)},
                        {QStringLiteral("booking"), r.bookingCode},
                        {QStringLiteral("seat"), r.seatLabel},
                        {QStringLiteral("tier"), r.tierName},
                        {QStringLiteral("door"), r.door},
                        {QStringLiteral("admitted_at"), CliSession::isoUtc(r.admittedAt)}};
        if (!r.undoneAt.isNull())
            row.insert(QStringLiteral("undone_at"), CliSession::isoUtc(r.undoneAt));
        const bool alone = admittedOffline.contains(QString::number(r.serial) + QLatin1Char('|') + r.door);
        row.insert(QStringLiteral("offline"), alone);
        json.append(row);
        text += QStringLiteral("%1  %2  %3  %4  %5%6%7\n")
                    .arg(r.serial, 8, 10, QLatin1Char('0'))
                    .arg(CliSession::localTime(r.admittedAt, QStringLiteral("HH:mm:ss")),
                         r.seatLabel.leftJustified(5), r.door, r.bookingCode,
                         r.undoneAt.isNull() ? QString() : tr("  (undone)"),
                         alone ? tr("  (offline)") : QString());
    }
    if (!offline.value().isEmpty())
        text += tr("%n scan(s) synced by doors that were offline; %1 report(s)\n", nullptr,
                   int(offline.value().size()))
                    .arg(reports.size()) +
                reportText;
    m_session.print(QJsonObject{{QStringLiteral("showtime"), showtime.value()},
                                {QStringLiteral("expected"), list.value().expected},
                                {QStringLiteral("admitted"), list.value().admitted()},
                                {QStringLiteral("checkins"), json},
                                {QStringLiteral("offline_scans"), int(offline.value().size())},
                                {QStringLiteral("reports"), reports}},
                    text);
    return ExitCode::Ok;
}

ExitCode TicketCommands::ticketKeys()
{
    const bool makeNew = m_session.isSet(QStringLiteral("new"));
    const bool retire = m_session.isSet(QStringLiteral("retire"));
    const bool approve = m_session.isSet(QStringLiteral("approve"));
    if (int(makeNew) + int(retire) + int(approve) > 1)
        return m_session.usageError(tr("Use one of --new, --retire and --approve."));
    int keyId = 0;
    if (retire || approve) {
        const QString option = retire ? QStringLiteral("retire") : QStringLiteral("approve");
        bool ok = false;
        keyId = m_session.value(option).toInt(&ok);
        if (!ok || keyId <= 0 || keyId > 32767)
            return m_session.usageError(tr("'%1' is not a key id.").arg(m_session.value(option)));
    }
    // The demo's own owner issues (a one-person machine); --db is used as given, so elsewhere
    // issuing needs a manager login.
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    TicketStore store(m_session.connection());
    if (makeNew) {
        auto pair = generateTicketKeyPair();
        if (!pair)
            return m_session.fail(pair.error());
        auto id = store.addKey(pair.value().publicKey, pair.value().secretKey);
        if (!id)
            return m_session.fail(CliSession::permissionDenied(id.error())
                                      ? makeError(ErrorCode::Internal, tr("A new key needs a manager login."),
                                                  id.error().detail)
                                      : id.error());
        spdlog::info("ticket signing key {} created", id.value());
    } else if (retire) {
        if (Status s = store.retireKey(quint16(keyId)); !s)
            return m_session.failLookup(s.error());
    } else if (approve) {
        if (Status s = store.approveTillKey(quint16(keyId)); !s)
            return m_session.failLookup(CliSession::permissionDenied(s.error())
                                            ? makeError(ErrorCode::Internal,
                                                        tr("Approving a till's key needs a manager login."),
                                                        s.error().detail)
                                            : s.error());
        spdlog::info("till ticket key {} approved", keyId);
    }
    auto keys = store.keyList();
    if (!keys)
        return m_session.fail(CliSession::permissionDenied(keys.error())
                                  ? makeError(ErrorCode::Internal,
                                              tr("The list of keys needs a manager login."),
                                              keys.error().detail)
                                  : keys.error());
    QJsonArray json;
    QString text;
    for (const TicketKeyInfo& k : keys.value()) {
        const QString state = !k.key.retiredAt.isNull() ? QStringLiteral("retired")
                              : k.approvedAt.isNull()   ? QStringLiteral("pending")
                                                        : QStringLiteral("approved");
        QJsonObject row{{QStringLiteral("id"), int(k.key.id)},
                        {QStringLiteral("public_key"), QString::fromLatin1(k.key.publicKey.toBase64())},
                        {QStringLiteral("created_at"), CliSession::isoUtc(k.key.createdAt)},
                        {QStringLiteral("state"), state}};
        if (!k.key.retiredAt.isNull())
            row.insert(QStringLiteral("retired_at"), CliSession::isoUtc(k.key.retiredAt));
        if (!k.approvedAt.isNull())
            row.insert(QStringLiteral("approved_at"), CliSession::isoUtc(k.approvedAt));
        if (!k.terminalLogin.isEmpty()) {
            row.insert(QStringLiteral("terminal_login"), k.terminalLogin);
            row.insert(QStringLiteral("terminal"), k.terminal);
            row.insert(QStringLiteral("terminal_id"), k.terminalId.toString(QUuid::WithoutBraces));
        }
        json.append(row);
        const QString owner = k.terminalLogin.isEmpty()
                                  ? tr("shared")
                                  : tr("till %1 (login %2)").arg(k.terminal, k.terminalLogin);
        const QString status = state == QLatin1String("retired")   ? tr("retired")
                               : state == QLatin1String("pending") ? tr("waiting for approval")
                                                                   : tr("approved");
        text += QStringLiteral("%1  %2  %3  %4  %5\n")
                    .arg(k.key.id, 4)
                    .arg(QString::fromLatin1(k.key.publicKey.toBase64()),
                         CliSession::localTime(k.key.createdAt, QStringLiteral("yyyy-MM-dd HH:mm")), owner,
                         status);
    }
    if (keys.value().isEmpty())
        text = tr("No ticket keys yet (the first ticket makes one, or 'ticket-keys --new').\n");
    m_session.print(QJsonObject{{QStringLiteral("keys"), json}}, text);
    return ExitCode::Ok;
}

QList<QCommandLineOption> TicketCommands::options()
{
    return {
        {QStringLiteral("paper"), tr("The PDF's paper: a4 (default) or letter."), tr("size")},
        {QStringLiteral("escpos"), tr("Print the tickets as ESC/POS raster to this device or file."),
         tr("file")},
        {QStringLiteral("reprint"), tr("Print new tickets; the old ones no longer admit.")},
        {QStringLiteral("door"), tr("The door admitting a ticket."), tr("name")},
        {QStringLiteral("new"), tr("Add a ticket key pair that signs from now on.")},
        {QStringLiteral("retire"), tr("Retire a ticket key: it neither signs nor verifies."), tr("id")},
    };
}

} // namespace bo
