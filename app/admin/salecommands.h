// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

class CatalogStore;

/// The commands of a sale: `hold`, `release` and `confirm`. Each names its seats as printed on
/// them and runs through bo::CheckedSeatCommands, the one sale workflow of the GUI too: no rule of a
/// sale is checked here.
class SaleCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::SaleCommands)

public:
    explicit SaleCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(SaleCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// `hold SHOWTIME SEAT... [--owner TOKEN] [--ttl S]`: all the seats or none.
    [[nodiscard]] ExitCode hold(const QStringList& positional);
    /// `release SHOWTIME --owner TOKEN [SEAT...]`: the owner's seats (all, or the ones named).
    [[nodiscard]] ExitCode release(const QStringList& positional);
    /// `confirm SHOWTIME --owner TOKEN --key KEY [SEAT[:TIER]...] [--pay card|cash]`: idempotent per
    /// key; with --pay, PaymentCommands::confirmPaid.
    [[nodiscard]] ExitCode confirm(const QStringList& positional);

    /// Seats named as SEAT or SEAT:TIER, in the order given (tiers lower-cased, empty when none).
    struct SeatPicks
    {
        QStringList labels;
        QStringList tiers;
        bool anyTier = false;
    };
    [[nodiscard]] static Result<SeatPicks> parsePicks(const QStringList& arguments);
    /// Gives every seat named without a tier the ticket type the counter offers first.
    static void fillTiers(QStringList& tiers, const QList<PriceTier>& available);

private:
    /// The sale a release or confirm acts on: its showtime and its hold token (--owner).
    struct Sale
    {
        int showtimeId = 0;
        QUuid owner;
    };

    [[nodiscard]] Result<Sale> saleArguments(const QStringList& positional) const;
    /// The ids of the seats named; with none named, only checks that the showtime exists.
    [[nodiscard]] static Result<QList<int>> namedSeats(CatalogStore& catalog, int showtimeId,
                                                       const QStringList& labels);
    /// The --ttl option: empty when not given.
    [[nodiscard]] Result<std::optional<int>> ttlOption() const;
    /// The labels of every seat of a showtime, by seat id.
    [[nodiscard]] Result<QHash<int, QString>> labelsOf(int showtimeId);
    [[nodiscard]] static QJsonArray labelArray(const QList<int>& ids, const QHash<int, QString>& labels);

    CliSession& m_session;
};

} // namespace bo
