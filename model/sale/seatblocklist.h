// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QAbstractListModel>
#include <QList>
#include <QLocale>
#include <QString>

#include "model/seats/seattypes.h"

namespace bo {

class SeatChoice;
class SeatMap;

/// One block of adjacent seats the accessible seat list offers.
struct SeatBlock
{
    QList<int> seatIds; ///< by seat number
    QString row;
    int firstNumber = 0;
    int lastNumber = 0;
    QList<SeatKind> kinds; ///< the block's kinds other than Standard, each once, in seat order
    bool aisle = false;    ///< an end of the block is at an aisle or the row's end
    qint64 priceMinor = 0;
    QString currency;
};

/// The kiosk's accessible seat list: the blocks of N adjacent free seats of a showtime, best
/// first by the seat map's own preference (SeatChoice::rankedBlocks), with row, seat numbers,
/// kind, price and a sentence a voice reads ("Row F, seats 11 to 12, aisle, 15,000 won").
///
/// Rebuilt on demand (rebuild()), not live: the kiosk rebuilds it when the map's seats change.
/// Text follows the installed translator (tr) and the locale set here (numbers and money).
class SeatBlockList final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatBlockList)

public:
    enum Role {
        SeatIdsRole = Qt::UserRole + 1, ///< QList<int>
        RowRole,                        ///< QString
        FirstNumberRole,
        LastNumberRole,
        AisleRole,
        PriceRole,  ///< qint64, minor units
        SpokenRole, ///< the sentence for the voice (also Qt::AccessibleTextRole)
    };

    /// The price of a block, minor units of the currency given with it (e.g. a SaleBasket's
    /// totalMinor over the block with the ticket types the customer chose).
    using PriceOf = std::function<qint64(const QList<int>& seatIds)>;

    explicit SeatBlockList(QObject* parent = nullptr);
    ~SeatBlockList() override;

    void setPricing(PriceOf price, const QString& currency);
    void setLocale(const QLocale& locale);
    [[nodiscard]] QLocale locale() const { return m_locale; }

    /// The blocks of `count` seats `choice` offers on `map` (the choice's own map), best first;
    /// `wheelchairFirst`: blocks with a wheelchair space first. An impossible count (0, more
    /// than the sale allows) leaves the list empty.
    void rebuild(const SeatMap& map, const SeatChoice& choice, int count, bool wheelchairFirst = false);
    void clear();

    [[nodiscard]] const QList<SeatBlock>& blocks() const { return m_blocks; }
    /// The row holding exactly `seatIds` (in any order), or -1.
    [[nodiscard]] int indexOf(const QList<int>& seatIds) const;
    /// What the screen shows for a block: "Row F · 11–12 · aisle · ₩15,000".
    [[nodiscard]] QString display(const SeatBlock& block) const;
    /// What the voice says for a block: "Row F, seats 11 to 12, aisle, 15,000 won".
    [[nodiscard]] QString spoken(const SeatBlock& block) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

private:
    [[nodiscard]] static QString kindText(SeatKind kind);

    QList<SeatBlock> m_blocks;
    PriceOf m_price;
    QString m_currency = QStringLiteral("KRW");
    QLocale m_locale;
};

} // namespace bo
