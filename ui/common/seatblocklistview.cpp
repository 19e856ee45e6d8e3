// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/seatblocklistview.h"

#include <QKeyEvent>

#include "model/sale/seatblocklist.h"
#include "ui/common/kiosktheme.h"

namespace bo {

SeatBlockListView::SeatBlockListView(QWidget* parent)
    : QListView(parent)
{
    setObjectName(QStringLiteral("seatBlockList"));
    setAccessibleName(tr("Seats together, best first"));
    setAccessibleDescription(tr("Up and down move through the blocks of seats; OK chooses one."));
    setFocusPolicy(Qt::StrongFocus);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setUniformItemSizes(true);
    setWordWrap(true);
    setSpacing(KioskTheme::touchGap / 2);
    // A tap chooses at once: a kiosk has no double click.
    connect(this, &QAbstractItemView::clicked, this, &SeatBlockListView::choose);
    connect(this, &QAbstractItemView::activated, this, &SeatBlockListView::choose);
}

SeatBlockListView::~SeatBlockListView() = default;

void SeatBlockListView::setBlocks(SeatBlockList* blocks)
{
    setModel(blocks);
    connect(blocks, &QAbstractItemModel::modelReset, this, [this] {
        if (model()->rowCount() > 0)
            setCurrentIndex(model()->index(0, 0));
    });
    if (blocks->rowCount() > 0)
        setCurrentIndex(blocks->index(0));
}

QList<int> SeatBlockListView::currentSeats() const
{
    return currentIndex().isValid() ? currentIndex().data(SeatBlockList::SeatIdsRole).value<QList<int>>()
                                    : QList<int>();
}

void SeatBlockListView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Enter:
    case Qt::Key_Return:
    case Qt::Key_Select:
    case Qt::Key_Space:
        choose(currentIndex());
        event->accept();
        return;
    case Qt::Key_Left:
    case Qt::Key_Right: {
        // A keypad with four arrows: left/right step like up/down in a one-column list.
        QKeyEvent step(event->type(), event->key() == Qt::Key_Left ? Qt::Key_Up : Qt::Key_Down,
                       event->modifiers());
        QListView::keyPressEvent(&step);
        event->accept();
        return;
    }
    default:
        QListView::keyPressEvent(event);
    }
}

void SeatBlockListView::currentChanged(const QModelIndex& current, const QModelIndex& previous)
{
    QListView::currentChanged(current, previous);
    if (current.isValid())
        emit blockFocused(current.data(SeatBlockList::SpokenRole).toString());
}

void SeatBlockListView::choose(const QModelIndex& index)
{
    if (index.isValid())
        emit blockChosen(index.data(SeatBlockList::SeatIdsRole).value<QList<int>>());
}

} // namespace bo
