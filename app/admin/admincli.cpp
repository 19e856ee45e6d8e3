// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/admincli.h"

#include "app/admin/auditcommands.h"
#include "app/admin/blockcommands.h"
#include "app/admin/databasecommands.h"
#include "app/admin/filmcommands.h"
#include "app/admin/hallblockcommands.h"
#include "app/admin/hallcommands.h"
#include "app/admin/logincommands.h"
#include "app/admin/maintenancecommands.h"
#include "app/admin/paymentcommands.h"
#include "app/admin/pricecommands.h"
#include "app/admin/queuecommands.h"
#include "app/admin/refundcommands.h"
#include "app/admin/reportcommands.h"
#include "app/admin/salecommands.h"
#include "app/admin/setupcommands.h"
#include "app/admin/shiftcommands.h"
#include "app/admin/showtimecommands.h"
#include "app/admin/staffcommands.h"
#include "app/admin/ticketcommands.h"

namespace bo {

AdminCli::AdminCli(QTextStream& out, QTextStream& err)
    : m_session(out, err)
{}

ExitCode AdminCli::run(const QStringList& arguments)
{
    if (const std::optional<ExitCode> ended = m_session.parse(arguments))
        return *ended;
    const QStringList positional = m_session.positionalArguments();
    const QString& command = positional.first();
    if (command == QLatin1String("migrate"))
        return DatabaseCommands(m_session).migrate();
    if (command == QLatin1String("seed-demo"))
        return DatabaseCommands(m_session).seedDemo();
    if (command == QLatin1String("showtimes"))
        return ShowtimeCommands(m_session).showtimes();
    if (command == QLatin1String("seats"))
        return ShowtimeCommands(m_session).seats(positional);
    if (command == QLatin1String("halls"))
        return HallCommands(m_session).halls();
    if (command == QLatin1String("hall-import"))
        return HallCommands(m_session).importHall(positional);
    if (command == QLatin1String("hall-export"))
        return HallCommands(m_session).exportHall(positional);
    if (command == QLatin1String("showtime-add"))
        return ShowtimeCommands(m_session).add(positional);
    if (command == QLatin1String("showtime-pattern"))
        return ShowtimeCommands(m_session).pattern(positional);
    if (command == QLatin1String("showtime-cancel"))
        return ShowtimeCommands(m_session).cancel(positional);
    if (command == QLatin1String("showtime-sale"))
        return ShowtimeCommands(m_session).saleWindow(positional);
    if (command == QLatin1String("showtime-relayout"))
        return ShowtimeCommands(m_session).relayout(positional);
    if (command == QLatin1String("films"))
        return FilmCommands(m_session).films(positional);
    if (command == QLatin1String("film-add"))
        return FilmCommands(m_session).add(positional);
    if (command == QLatin1String("film-edit"))
        return FilmCommands(m_session).edit(positional);
    if (command == QLatin1String("film-retire"))
        return FilmCommands(m_session).retire(positional);
    if (command == QLatin1String("prices"))
        return PriceCommands(m_session).prices(positional);
    if (command == QLatin1String("price-set"))
        return PriceCommands(m_session).set(positional);
    if (command == QLatin1String("block"))
        return BlockCommands(m_session).block(positional);
    if (command == QLatin1String("unblock"))
        return BlockCommands(m_session).unblock(positional);
    if (command == QLatin1String("blocks"))
        return BlockCommands(m_session).blocks(positional);
    if (command == QLatin1String("hall-block"))
        return HallBlockCommands(m_session).block(positional);
    if (command == QLatin1String("hall-unblock"))
        return HallBlockCommands(m_session).unblock(positional);
    if (command == QLatin1String("hall-blocks"))
        return HallBlockCommands(m_session).blocks(positional);
    if (command == QLatin1String("staff-add"))
        return StaffCommands(m_session).add(positional);
    if (command == QLatin1String("staff"))
        return StaffCommands(m_session).list(positional);
    if (command == QLatin1String("staff-disable"))
        return StaffCommands(m_session).disable(positional);
    if (command == QLatin1String("staff-pin"))
        return StaffCommands(m_session).pin(positional);
    if (command == QLatin1String("staff-unlock"))
        return StaffCommands(m_session).unlock(positional);
    if (command == QLatin1String("sign-in"))
        return ShiftCommands(m_session).signIn(positional);
    if (command == QLatin1String("sign-out"))
        return ShiftCommands(m_session).signOut(positional);
    if (command == QLatin1String("shift-open"))
        return ShiftCommands(m_session).open(positional);
    if (command == QLatin1String("shift-close"))
        return ShiftCommands(m_session).close(positional);
    if (command == QLatin1String("shift"))
        return ShiftCommands(m_session).current(positional);
    if (command == QLatin1String("pay-in"))
        return ShiftCommands(m_session).move(positional, DrawerMove::PayIn);
    if (command == QLatin1String("pay-out"))
        return ShiftCommands(m_session).move(positional, DrawerMove::PayOut);
    if (command == QLatin1String("refund"))
        return RefundCommands(m_session).refund(positional);
    if (command == QLatin1String("refunds"))
        return RefundCommands(m_session).refunds(positional);
    if (command == QLatin1String("exchange"))
        return RefundCommands(m_session).exchange(positional);
    if (command == QLatin1String("refund-pay"))
        return RefundCommands(m_session).pay(positional);
    if (command == QLatin1String("refund-all"))
        return RefundCommands(m_session).refundAll(positional);
    if (command == QLatin1String("report"))
        return ReportCommands(m_session).report(positional);
    if (command == QLatin1String("audit"))
        return AuditCommands(m_session).run(positional);
    if (command == QLatin1String("hold"))
        return SaleCommands(m_session).hold(positional);
    if (command == QLatin1String("release"))
        return SaleCommands(m_session).release(positional);
    if (command == QLatin1String("confirm"))
        return SaleCommands(m_session).confirm(positional);
    if (command == QLatin1String("sell"))
        return PaymentCommands(m_session).sell(positional);
    if (command == QLatin1String("payments"))
        return PaymentCommands(m_session).payments();
    if (command == QLatin1String("payment"))
        return PaymentCommands(m_session).payment(positional);
    if (command == QLatin1String("reconcile"))
        return PaymentCommands(m_session).reconcile();
    if (command == QLatin1String("queue"))
        return QueueCommands(m_session).line(positional);
    if (command == QLatin1String("queue-capacity"))
        return QueueCommands(m_session).capacity(positional);
    if (command == QLatin1String("queue-join"))
        return QueueCommands(m_session).join(positional);
    if (command == QLatin1String("queue-status"))
        return QueueCommands(m_session).status();
    if (command == QLatin1String("queue-leave"))
        return QueueCommands(m_session).leave();
    if (command == QLatin1String("sweep"))
        return MaintenanceCommands(m_session).sweep();
    if (command == QLatin1String("create-login"))
        return LoginCommands(m_session).createLogin(positional);
    if (command == QLatin1String("drop-login"))
        return LoginCommands(m_session).dropLogin(positional);
    if (command == QLatin1String("setup-server"))
        return SetupCommands(m_session).setupServer(positional);
    if (command == QLatin1String("ticket"))
        return TicketCommands(m_session).ticket(positional);
    if (command == QLatin1String("checkin"))
        return TicketCommands(m_session).checkin(positional);
    if (command == QLatin1String("checkins"))
        return TicketCommands(m_session).checkins(positional);
    if (command == QLatin1String("ticket-keys"))
        return TicketCommands(m_session).ticketKeys();
    if (command == QLatin1String("demo-stop"))
        return DatabaseCommands(m_session).demoStop();
    return m_session.usageError(tr("Unknown command '%1'.").arg(command));
}

ExitCode runAdminCli(const QStringList& arguments, QTextStream& out, QTextStream& err)
{
    AdminCli cli(out, err);
    return cli.run(arguments);
}

} // namespace bo
