// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/sale/seatblocklist.h"

#include <algorithm>

#include "model/core/money.h"
#include "model/sale/seatchoice.h"
#include "model/seats/seatmap.h"

namespace bo {
namespace {

/// Whether the seat at `position` of `row` has no side-by-side neighbour at `position + step`.
bool openSide(const SeatMap& map, const SeatRow& row, qsizetype position, int step)
{
    const qsizetype next = position + step;
    if (next < 0 || next >= row.seatIds.size())
        return true;
    return !map.adjacent(row.seatIds.at(position), row.seatIds.at(next));
}

} // namespace

SeatBlockList::SeatBlockList(QObject* parent)
    : QAbstractListModel(parent)
{}

SeatBlockList::~SeatBlockList() = default;

void SeatBlockList::setPricing(PriceOf price, const QString& currency)
{
    m_price = std::move(price);
    m_currency = currency;
    if (m_blocks.isEmpty())
        return;
    for (SeatBlock& b : m_blocks) {
        b.priceMinor = m_price ? m_price(b.seatIds) : 0;
        b.currency = m_currency;
    }
    emit dataChanged(index(0), index(rowCount() - 1));
}

void SeatBlockList::setLocale(const QLocale& locale)
{
    m_locale = locale;
    if (!m_blocks.isEmpty())
        emit dataChanged(index(0), index(rowCount() - 1));
}

void SeatBlockList::rebuild(const SeatMap& map, const SeatChoice& choice, int count, bool wheelchairFirst)
{
    QList<SeatBlock> blocks;
    if (auto ranked = choice.rankedBlocks(count, wheelchairFirst)) {
        // Where each seat sits in its row, for the aisle test.
        QHash<int, std::pair<qsizetype, qsizetype>> position; // seat id -> (row, index in row)
        const QList<SeatRow>& rows = map.rows();
        for (qsizetype r = 0; r < rows.size(); ++r)
            for (qsizetype i = 0; i < rows.at(r).seatIds.size(); ++i)
                position.insert(rows.at(r).seatIds.at(i), {r, i});

        for (const QList<int>& ids : std::as_const(ranked.value())) {
            const SeatState* first = map.seat(ids.constFirst());
            const SeatState* last = map.seat(ids.constLast());
            if (!first || !last)
                continue;
            SeatBlock b;
            b.seatIds = ids;
            b.row = first->row;
            b.firstNumber = first->number;
            b.lastNumber = last->number;
            for (int id : ids) {
                const SeatKind kind = map.seat(id)->kind;
                if (kind != SeatKind::Standard && !b.kinds.contains(kind))
                    b.kinds.append(kind);
            }
            const auto [row, firstAt] = position.value(ids.constFirst());
            const qsizetype lastAt = position.value(ids.constLast()).second;
            b.aisle = openSide(map, rows.at(row), firstAt, -1) || openSide(map, rows.at(row), lastAt, 1);
            b.priceMinor = m_price ? m_price(ids) : 0;
            b.currency = m_currency;
            blocks.append(std::move(b));
        }
    }
    beginResetModel();
    m_blocks = std::move(blocks);
    endResetModel();
}

void SeatBlockList::clear()
{
    beginResetModel();
    m_blocks.clear();
    endResetModel();
}

int SeatBlockList::indexOf(const QList<int>& seatIds) const
{
    QList<int> wanted = seatIds;
    std::sort(wanted.begin(), wanted.end());
    for (qsizetype i = 0; i < m_blocks.size(); ++i) {
        QList<int> have = m_blocks.at(i).seatIds;
        std::sort(have.begin(), have.end());
        if (have == wanted)
            return static_cast<int>(i);
    }
    return -1;
}

QString SeatBlockList::kindText(SeatKind kind)
{
    switch (kind) {
    case SeatKind::Standard:
        return tr("standard");
    case SeatKind::Premium:
        return tr("premium");
    case SeatKind::Couple:
        return tr("couple seat");
    case SeatKind::Wheelchair:
        return tr("wheelchair space");
    case SeatKind::Companion:
        return tr("companion seat");
    }
    return {};
}

QString SeatBlockList::display(const SeatBlock& b) const
{
    QStringList parts;
    parts << tr("Row %1").arg(b.row);
    parts << (b.firstNumber == b.lastNumber ? m_locale.toString(b.firstNumber)
                                            : QStringLiteral("%1–%2").arg(m_locale.toString(b.firstNumber),
                                                                          m_locale.toString(b.lastNumber)));
    for (SeatKind kind : b.kinds)
        parts << kindText(kind);
    if (b.aisle)
        parts << tr("aisle");
    parts << formatMoney(b.priceMinor, b.currency, m_locale);
    return parts.join(QStringLiteral(" · "));
}

QString SeatBlockList::spoken(const SeatBlock& b) const
{
    QStringList parts;
    parts << tr("Row %1").arg(b.row);
    if (b.firstNumber == b.lastNumber)
        parts << tr("seat %1").arg(m_locale.toString(b.firstNumber));
    else
        parts << tr("seats %1 to %2").arg(m_locale.toString(b.firstNumber), m_locale.toString(b.lastNumber));
    parts << tr("free");
    for (SeatKind kind : b.kinds)
        parts << kindText(kind);
    if (b.aisle)
        parts << tr("aisle");
    parts << spokenMoney(b.priceMinor, b.currency, m_locale);
    return parts.join(tr(", ", "separator of the spoken seat description"));
}

int SeatBlockList::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_blocks.size());
}

QVariant SeatBlockList::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SeatBlock& b = m_blocks.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(b);
    case Qt::AccessibleTextRole:
    case SpokenRole:
        return spoken(b);
    case SeatIdsRole:
        return QVariant::fromValue(b.seatIds);
    case RowRole:
        return b.row;
    case FirstNumberRole:
        return b.firstNumber;
    case LastNumberRole:
        return b.lastNumber;
    case AisleRole:
        return b.aisle;
    case PriceRole:
        return b.priceMinor;
    default:
        return {};
    }
}

QHash<int, QByteArray> SeatBlockList::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(SeatIdsRole, "seatIds");
    names.insert(RowRole, "row");
    names.insert(FirstNumberRole, "firstNumber");
    names.insert(LastNumberRole, "lastNumber");
    names.insert(AisleRole, "aisle");
    names.insert(PriceRole, "price");
    names.insert(SpokenRole, "spoken");
    return names;
}

} // namespace bo
