// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/shiftcommands.h"

#include <algorithm>

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include "db/staffstore.h"
#include "db/tillshiftstore.h"
#include "model/core/money.h"
#include "model/staff/staffsignin.h"

namespace bo {
namespace {

/// The words of a report's keys.
QString keyText(const SalesLine& l)
{
    if (l.section == QLatin1String("cash")) {
        static const QHash<QString, QString> words{
            {QStringLiteral("float"), ShiftCommands::tr("Float")},
            {QStringLiteral("taken"), ShiftCommands::tr("Cash taken")},
            {QStringLiteral("refunded"), ShiftCommands::tr("Cash refunded")},
            {QStringLiteral("pay_in"), ShiftCommands::tr("Pay-ins")},
            {QStringLiteral("pay_out"), ShiftCommands::tr("Pay-outs")},
            {QStringLiteral("expected"), ShiftCommands::tr("Expected in the drawer")},
            {QStringLiteral("counted"), ShiftCommands::tr("Counted")},
            {QStringLiteral("over_short"), ShiftCommands::tr("Over (+) / short (-)")}};
        return words.value(l.key, l.key);
    }
    return l.key;
}

} // namespace

ShiftCommands::ShiftCommands(CliSession& session)
    : m_session(session)
{}

QString ShiftCommands::linesText(const QList<SalesLine>& lines, const QString& currency)
{
    static const QList<std::pair<QString, QString>> sections{
        {QStringLiteral("method"), tr("Sales by payment method")},
        {QStringLiteral("type"), tr("Sales by ticket type")},
        {QStringLiteral("refund"), tr("Refunds")},
        {QStringLiteral("void"), tr("Voided payments")},
        {QStringLiteral("net"), tr("Net takings")},
        {QStringLiteral("cash"), tr("Cash drawer")}};
    QString text;
    for (const auto& [section, title] : sections) {
        // The drawer's lines in the order it is reckoned, the others as they come.
        static const QStringList cashOrder{QStringLiteral("float"),    QStringLiteral("taken"),
                                           QStringLiteral("refunded"), QStringLiteral("pay_in"),
                                           QStringLiteral("pay_out"),  QStringLiteral("expected"),
                                           QStringLiteral("counted"),  QStringLiteral("over_short")};
        QList<SalesLine> ordered;
        for (const SalesLine& l : lines)
            if (l.section == section)
                ordered.append(l);
        if (section == QLatin1String("cash"))
            std::stable_sort(ordered.begin(), ordered.end(), [](const SalesLine& a, const SalesLine& b) {
                return cashOrder.indexOf(a.key) < cashOrder.indexOf(b.key);
            });
        QString body;
        for (const SalesLine& l : ordered) {
            body += QStringLiteral("  %1 %2 %3\n")
                        .arg(keyText(l).leftJustified(24),
                             l.count ? QStringLiteral("%1").arg(*l.count, 6) : QString(6, QLatin1Char(' ')),
                             formatMoney(l.amountMinor, currency, QLocale()).rightJustified(16));
        }
        if (body.isEmpty())
            body = QStringLiteral("  %1\n").arg(tr("none"));
        text += title + QLatin1Char('\n') + body;
    }
    return text;
}

QJsonArray ShiftCommands::linesJson(const QList<SalesLine>& lines)
{
    QJsonArray out;
    for (const SalesLine& l : lines) {
        QJsonObject o{{QStringLiteral("section"), l.section},
                      {QStringLiteral("key"), l.key},
                      {QStringLiteral("amount_minor"), l.amountMinor}};
        if (l.count)
            o.insert(QStringLiteral("count"), *l.count);
        out.append(o);
    }
    return out;
}

ExitCode ShiftCommands::signIn(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(
            tr("sign-in takes no arguments: sign-in --staff NUMBER (the PIN on standard input)."));
    bool ok = false;
    const int staff = m_session.value(QStringLiteral("staff")).toInt(&ok);
    if (!ok || staff <= 0)
        return m_session.usageError(tr("sign-in needs --staff NUMBER."));
    const QString pin = CliSession::readStdinLine(CliSession::stdinIsTerminal()).trimmed();
    if (pin.isEmpty())
        return m_session.fail(
            makeError(ErrorCode::BadInput, tr("No PIN on standard input: give it as one line.")));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    StaffStore store(m_session.connection());
    StaffSignIn signIn(store, till.name, till.id);
    auto checked = signIn.check(staff, pin, PinPurpose::SignIn);
    if (!checked)
        return m_session.fail(checked.error());
    const PinCheck& c = checked.value();
    if (!c.ok())
        return m_session.conflict(c.message, {{QStringLiteral("signed_in"), false},
                                              {QStringLiteral("failures_left"), c.failuresLeft}});
    m_session.print(QJsonObject{{QStringLiteral("signed_in"), true},
                                {QStringLiteral("staff"), staff},
                                {QStringLiteral("name"), c.name},
                                {QStringLiteral("role"), staffRoleName(c.role)},
                                {QStringLiteral("terminal"), till.name}},
                    tr("%1 (%2) is signed in at %3.\n").arg(c.name, staffRoleName(c.role), till.name));
    return ExitCode::Ok;
}

ExitCode ShiftCommands::signOut(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("sign-out takes no arguments."));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    StaffStore store(m_session.connection());
    auto done = store.signOutTill(till.id);
    if (!done)
        return m_session.fail(done.error());
    m_session.print(
        QJsonObject{{QStringLiteral("signed_out"), done.value()}, {QStringLiteral("terminal"), till.name}},
        done.value() ? tr("Signed out of %1.\n").arg(till.name)
                     : tr("Nobody was signed in at %1.\n").arg(till.name));
    return ExitCode::Ok;
}

ExitCode ShiftCommands::open(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("shift-open takes no arguments: shift-open --float AMOUNT."));
    auto floatMinor = m_session.amountOption(QStringLiteral("float"), true);
    if (!floatMinor)
        return m_session.fail(floatMinor.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    TillShiftStore store(m_session.connection());
    auto id = store.openShift(till.id, till.name, floatMinor.value());
    if (!id)
        return m_session.fail(id.error());
    auto shift = store.currentShift(till.id);
    const QString currency = shift && shift.value() ? shift.value()->currency : QString();
    m_session.print(QJsonObject{{QStringLiteral("shift"), id.value()},
                                {QStringLiteral("terminal"), till.name},
                                {QStringLiteral("float_minor"), floatMinor.value()},
                                {QStringLiteral("currency"), currency}},
                    tr("Shift %1 is open at %2 with a float of %3.\n")
                        .arg(id.value())
                        .arg(till.name, formatMoney(floatMinor.value(), currency, QLocale())));
    return ExitCode::Ok;
}

ExitCode ShiftCommands::move(const QStringList& positional, DrawerMove kind)
{
    const QString command = kind == DrawerMove::PayIn ? QStringLiteral("pay-in") : QStringLiteral("pay-out");
    if (positional.size() != 2)
        return m_session.usageError(tr("%1 takes one amount: %1 AMOUNT --reason R.").arg(command));
    bool ok = false;
    const qint64 amount = positional.at(1).toLongLong(&ok);
    if (!ok || amount <= 0)
        return m_session.usageError(
            tr("%1 takes an amount above 0 in minor units, not '%2'.").arg(command, positional.at(1)));
    const QString reason = m_session.value(QStringLiteral("reason")).trimmed();
    if (reason.isEmpty())
        return m_session.usageError(tr("%1 needs --reason.").arg(command));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    TillShiftStore store(m_session.connection());
    auto id = store.moveCash(till.id, kind, amount, reason);
    if (!id)
        return m_session.fail(id.error());
    auto shift = store.currentShift(till.id);
    const QString currency = shift && shift.value() ? shift.value()->currency : QString();
    m_session.print(
        QJsonObject{{QStringLiteral("move"), id.value()},
                    {QStringLiteral("kind"),
                     kind == DrawerMove::PayIn ? QStringLiteral("pay_in") : QStringLiteral("pay_out")},
                    {QStringLiteral("amount_minor"), amount},
                    {QStringLiteral("reason"), reason}},
        kind == DrawerMove::PayIn
            ? tr("Paid in %1: %2.\n").arg(formatMoney(amount, currency, QLocale()), reason)
            : tr("Paid out %1: %2.\n").arg(formatMoney(amount, currency, QLocale()), reason));
    return ExitCode::Ok;
}

ExitCode ShiftCommands::close(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("shift-close takes no arguments: shift-close --counted AMOUNT."));
    auto counted = m_session.amountOption(QStringLiteral("counted"), true);
    if (!counted)
        return m_session.fail(counted.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    TillShiftStore store(m_session.connection());
    auto count = store.closeShift(till.id, counted.value(), {});
    if (!count)
        return m_session.fail(count.error());
    const ShiftCount& c = count.value();
    auto lines = store.salesLines(c.shiftId, {}, {});
    if (!lines)
        return m_session.fail(lines.error());
    QString verdict =
        c.overShortMinor == 0 ? tr("The drawer is right.")
        : c.overShortMinor > 0
            ? tr("The drawer is over by %1.").arg(formatMoney(c.overShortMinor, c.currency, QLocale()))
            : tr("The drawer is short by %1.").arg(formatMoney(-c.overShortMinor, c.currency, QLocale()));
    m_session.print(QJsonObject{{QStringLiteral("shift"), c.shiftId},
                                {QStringLiteral("float_minor"), c.floatMinor},
                                {QStringLiteral("expected_minor"), c.expectedMinor},
                                {QStringLiteral("counted_minor"), c.countedMinor},
                                {QStringLiteral("over_short_minor"), c.overShortMinor},
                                {QStringLiteral("currency"), c.currency},
                                {QStringLiteral("lines"), linesJson(lines.value())}},
                    tr("Shift %1 is closed. Counted %2; expected %3. %4\n\nZ report\n")
                            .arg(c.shiftId)
                            .arg(formatMoney(c.countedMinor, c.currency, QLocale()),
                                 formatMoney(c.expectedMinor, c.currency, QLocale()), verdict) +
                        linesText(lines.value(), c.currency));
    return ExitCode::Ok;
}

ExitCode ShiftCommands::current(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("shift takes no arguments."));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    const CliSession::Till till = m_session.till();
    TillShiftStore store(m_session.connection());
    auto shift = store.currentShift(till.id);
    if (!shift)
        return m_session.fail(shift.error());
    if (!shift.value()) {
        m_session.print(
            QJsonObject{{QStringLiteral("terminal"), till.name}, {QStringLiteral("shift"), QJsonValue()}},
            tr("%1 has no open shift.\n").arg(till.name));
        return ExitCode::Ok;
    }
    const OpenShift& o = *shift.value();
    auto lines = store.salesLines(o.id, {}, {});
    if (!lines)
        return m_session.fail(lines.error());
    m_session.print(QJsonObject{{QStringLiteral("terminal"), till.name},
                                {QStringLiteral("shift"), o.id},
                                {QStringLiteral("opened_at"), CliSession::isoUtc(o.openedAt)},
                                {QStringLiteral("opened_by"), o.openedByName},
                                {QStringLiteral("float_minor"), o.floatMinor},
                                {QStringLiteral("currency"), o.currency},
                                {QStringLiteral("lines"), linesJson(lines.value())}},
                    tr("Shift %1 at %2, opened %3 by %4.\n\nX report\n")
                            .arg(o.id)
                            .arg(till.name,
                                 CliSession::localTime(o.openedAt, QStringLiteral("yyyy-MM-dd HH:mm")),
                                 o.openedByName) +
                        linesText(lines.value(), o.currency));
    return ExitCode::Ok;
}

QList<QCommandLineOption> ShiftCommands::options()
{
    return {
        {QStringLiteral("float"), tr("'shift-open': the cash counted into the drawer, in minor units."),
         tr("amount")},
        {QStringLiteral("counted"), tr("'shift-close': the cash counted in the drawer, in minor units."),
         tr("amount")},
        {QStringLiteral("staff"), tr("'sign-in': the member's staff number (the PIN on standard input)."),
         tr("number")},
    };
}

} // namespace bo
