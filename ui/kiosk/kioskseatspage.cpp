// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskseatspage.h"

#include <utility>

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/sale/saleflow.h"
#include "model/sale/seatblocklist.h"
#include "model/seats/seatmap.h"
#include "ui/common/seatblocklistview.h"
#include "ui/common/seatmapwidget.h"

namespace bo {

KioskSeatsPage::KioskSeatsPage(SaleFlow* flow, QWidget* parent)
    : KioskPage(QStringLiteral("seatsPage"), parent)
    , m_flow(flow)
{
    m_heading = makeLabel(QStringLiteral("seatsHeading"), QStringLiteral("heading"), this);
    m_countdown = makeLabel(QStringLiteral("countdown"), QStringLiteral("countdown"), this);
    m_message = makeLabel(QStringLiteral("seatsMessage"), QStringLiteral("notice"), this);
    m_message->hide();
    m_takeSuggestion = makeButton(QStringLiteral("takeSuggestion"), this);
    m_takeSuggestion->hide();
    connect(m_takeSuggestion, &QPushButton::clicked, this, [this] {
        if (!m_suggestion.isEmpty())
            m_flow->replaceSelection(m_suggestion);
        m_suggestion.clear();
        m_takeSuggestion->hide();
        m_message->hide();
    });
    m_map = new SeatMapWidget(this);
    m_map->setObjectName(QStringLiteral("seatMap"));
    m_map->setSeatMap(&m_flow->seatMap());
    // The map takes touches; a keypad customer keeps the seats chosen for them.
    m_map->setFocusPolicy(Qt::ClickFocus);
    // The accessible seat list beside the map: blocks of adjacent seats, best first, by keypad and
    // voice; choosing one holds it through the same flow as a touch on the map.
    m_wheelchairFirst = makeButton(QStringLiteral("wheelchairFirst"), this);
    m_wheelchairFirst->setCheckable(true);
    connect(m_wheelchairFirst, &QPushButton::toggled, this, [this] {
        rebuildBlocks();
        if (m_blockList->model() && m_blockList->model()->rowCount() > 0)
            emit announced(m_blocks->spoken(m_blocks->blocks().constFirst()), false);
    });
    m_blocks = new SeatBlockList(this);
    m_blocks->setPricing([this](const QList<int>&) { return m_totalMinor; }, QStringLiteral("KRW"));
    m_blockList = new SeatBlockListView(this);
    m_blockList->setBlocks(m_blocks);
    connect(m_blockList, &SeatBlockListView::blockFocused, this, [this](const QString& spoken) {
        if (!m_rebuildingBlocks && QApplication::focusWidget() == m_blockList)
            emit announced(spoken, true);
    });
    connect(m_blockList, &SeatBlockListView::blockChosen, this, &KioskSeatsPage::chooseBlock);
    m_chosen = makeLabel(QStringLiteral("seatsChosen"), QString(), this);
    m_next = makeButton(QStringLiteral("seatsNext"), this, true);
    connect(m_next, &QPushButton::clicked, this, &KioskSeatsPage::nextClicked);
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_heading);
    l->addWidget(m_countdown);
    l->addWidget(m_message);
    l->addWidget(m_takeSuggestion);
    l->addWidget(m_map, 3);
    l->addWidget(m_wheelchairFirst);
    l->addWidget(m_blockList, 2);
    l->addWidget(m_chosen);
    l->addWidget(m_next);
    addBackButton();
    connectFlow();
}

void KioskSeatsPage::connectFlow()
{
    connect(m_map, &SeatMapWidget::seatActivated, m_flow, &SaleFlow::toggleSeat);
    connect(m_flow, &SaleFlow::showtimeOpened, this, [this] {
        m_map->reloadSeats();
        m_map->zoomToFit();
    });
    connect(m_flow, &SaleFlow::mapReloaded, m_map, &SeatMapWidget::reloadSeats);
    connect(m_flow, &SaleFlow::seatsUpdated, m_map, &SeatMapWidget::repaintSeats);
    connect(m_flow, &SaleFlow::selectionChanged, this, &KioskSeatsPage::refresh);
    connect(m_flow, &SaleFlow::busyChanged, this, &KioskSeatsPage::refresh);
    connect(m_flow, &SaleFlow::seatsUpdated, this, &KioskSeatsPage::refresh);
    connect(m_flow, &SaleFlow::seatsUpdated, this, [this] {
        if (isCurrent())
            rebuildBlocks();
    });
    connect(m_flow, &SaleFlow::mapReloaded, this, [this] {
        if (isCurrent())
            rebuildBlocks();
    });
    connect(m_flow, &SaleFlow::stateChanged, this, &KioskSeatsPage::refresh);
    connect(m_flow, &SaleFlow::seatsTaken, this,
            [this](const QList<int>&, const QList<int>& suggestion, const QList<SeatRefusal>&) {
                showSeatsTaken(suggestion);
            });
    connect(m_flow, &SaleFlow::problem, this, [this](const QString& text) {
        if (isCurrent()) {
            m_message->setText(text);
            m_message->show();
        }
    });
}

void KioskSeatsPage::setTickets(int count, qint64 totalMinor)
{
    m_count = count;
    m_totalMinor = totalMinor;
}

void KioskSeatsPage::setHighContrast(bool highContrast)
{
    m_map->setHighContrast(highContrast);
}

void KioskSeatsPage::setBlocksLocale(const QLocale& locale)
{
    m_blocks->setLocale(locale);
}

void KioskSeatsPage::setCountdown(const QString& text)
{
    m_countdown->setText(text);
}

void KioskSeatsPage::start()
{
    m_message->hide();
    m_takeSuggestion->hide();
    if (m_wheelchairFirst->isChecked()) {
        const QSignalBlocker block(m_wheelchairFirst);
        m_wheelchairFirst->setChecked(false);
    }
    m_blocks->clear();
    m_focusPending = true;
}

void KioskSeatsPage::reset()
{
    m_suggestion.clear();
    m_chosen->clear();
    m_message->hide();
    m_blocks->clear();
    m_spokenSeats.clear();
}

void KioskSeatsPage::showSeatsTaken(const QList<int>& suggestion)
{
    m_suggestion = suggestion;
    m_message->setText(suggestion.isEmpty() ? tr("Sorry, someone else just took a seat you wanted. "
                                                 "Please choose other seats.")
                                            : tr("Sorry, someone else just took a seat you wanted. "
                                                 "The nearest seats together are free."));
    m_message->show();
    m_takeSuggestion->setVisible(!suggestion.isEmpty());
}

void KioskSeatsPage::focusSuggestion()
{
    if (!m_suggestion.isEmpty())
        m_takeSuggestion->setFocus(Qt::OtherFocusReason);
}

void KioskSeatsPage::refresh()
{
    const QList<int> seats = m_flow->selection();
    QStringList labels;
    for (int id : seats) {
        if (const SeatState* s = m_flow->seatMap().seat(id))
            labels << s->label;
    }
    m_chosen->setText(labels.isEmpty() ? tr("Touch a seat to choose it.")
                                       : tr("Seats %1 (%2 of %3)")
                                             .arg(labels.join(QStringLiteral(", ")))
                                             .arg(labels.size())
                                             .arg(m_count));
    const bool ready = m_flow->state() == SaleFlow::State::Selecting && !m_flow->isBusy() &&
                       seats.size() == m_count && m_flow->heldSeats() == seats;
    m_next->setEnabled(ready);
    if (!ready || !isCurrent())
        return;
    // Said once the database holds them: "Seats F11, F12 are kept for you."
    const QString chosen = chosenSeatsText();
    if (chosen != m_spokenSeats) {
        m_spokenSeats = chosen;
        emit announced(tr("Seats %1 are kept for you.").arg(chosen), false);
    }
    // A keypad customer finds "Continue" focused once the seats are held.
    auto* focus = qobject_cast<QPushButton*>(QApplication::focusWidget());
    const auto* page = focus ? qobject_cast<KioskPage*>(focus->parentWidget()) : nullptr;
    const bool onBack = page && page->backButton() == focus;
    if (focus == nullptr || onBack || std::exchange(m_focusPending, false))
        m_next->setFocus(Qt::OtherFocusReason);
}

QString KioskSeatsPage::chosenSeatsText() const
{
    QStringList labels;
    for (int id : m_flow->selection()) {
        if (const SeatState* s = m_flow->seatMap().seat(id))
            labels << s->label;
    }
    return labels.join(QStringLiteral(", "));
}

void KioskSeatsPage::rebuildBlocks()
{
    const bool wheelchair = m_wheelchairFirst->isChecked();
    // Rebuilt only when the blocks change; the customer's place in the list stays.
    QList<QList<int>> now;
    if (m_flow->state() == SaleFlow::State::Selecting || m_flow->state() == SaleFlow::State::Loading) {
        if (auto ranked = m_flow->seatChoice().rankedBlocks(m_count, wheelchair))
            now = ranked.value();
    }
    QList<QList<int>> before;
    for (const SeatBlock& b : m_blocks->blocks())
        before << b.seatIds;
    if (now == before && m_blocksWheelchair == wheelchair && !before.isEmpty())
        return;
    m_blocksWheelchair = wheelchair;
    const QList<int> current = m_blockList->currentSeats();
    m_rebuildingBlocks = true;
    if (now.isEmpty())
        m_blocks->clear();
    else
        m_blocks->rebuild(m_flow->seatMap(), m_flow->seatChoice(), m_count, wheelchair);
    const int at = m_blocks->indexOf(current);
    if (at >= 0 && m_blocksWheelchair == wheelchair)
        m_blockList->setCurrentIndex(m_blocks->index(at));
    m_rebuildingBlocks = false;
}

void KioskSeatsPage::chooseBlock(const QList<int>& seatIds)
{
    if (seatIds.isEmpty() || m_flow->state() != SaleFlow::State::Selecting)
        return;
    m_message->hide();
    m_takeSuggestion->hide();
    m_flow->replaceSelection(seatIds);
}

QString KioskSeatsPage::announcement() const
{
    return tr("Your seats. The best seats together are chosen for you; Continue keeps them. Above "
              "Continue, a list of seats together, best first, lets you choose others.");
}

void KioskSeatsPage::retranslate()
{
    KioskPage::retranslate();
    m_heading->setText(tr("Your seats"));
    m_next->setText(tr("Continue"));
    m_takeSuggestion->setText(tr("Take the nearest seats"));
    m_wheelchairFirst->setText(tr("Wheelchair spaces first"));
    m_wheelchairFirst->setAccessibleName(tr("Wheelchair spaces and companion seats first"));
    m_blockList->setAccessibleName(tr("Seats together, best first"));
    m_blockList->setAccessibleDescription(
        tr("Up and down move through the blocks of seats; OK chooses one."));
}

void KioskSeatsPage::opened()
{
    m_spokenSeats.clear();
}

QWidget* KioskSeatsPage::preferredFocus() const
{
    return m_next;
}

} // namespace bo
