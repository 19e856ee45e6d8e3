// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/salepage.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "model/money.h"
#include "ui/common/seatlegendwidget.h"
#include "ui/common/seatmapwidget.h"

namespace bo {
namespace {

enum Step { SelectStep, PaymentStep, DoneStep };

/// Ticket type names: the usual codes are shown in the terminal's language, others as the price
/// list names them.
QString tierLabel(const PriceTier& tier)
{
    if (tier.code == QLatin1String("adult"))
        return SalePage::tr("Adult");
    if (tier.code == QLatin1String("teen"))
        return SalePage::tr("Teen");
    if (tier.code == QLatin1String("child"))
        return SalePage::tr("Child");
    if (tier.code == QLatin1String("senior"))
        return SalePage::tr("Senior");
    return tier.name;
}

QFont scaled(QFont font, double factor, bool bold = false)
{
    font.setPointSizeF(font.pointSizeF() * factor);
    font.setBold(bold);
    return font;
}

} // namespace

SalePage::SalePage(SaleFlow* flow, QWidget* parent)
    : QWidget(parent)
    , m_flow(flow)
{
    setObjectName(QStringLiteral("salePage"));
    m_map = new SeatMapWidget(this);
    m_map->setObjectName(QStringLiteral("seatMap"));
    m_map->setSeatMap(&m_flow->seatMap());
    m_map->setPriceText([this](const SeatState& seat) {
        if (m_flow->tiers().isEmpty())
            return QString();
        Q_UNUSED(seat);
        const PriceTier& first = m_flow->tiers().first();
        return tr("%1 %2").arg(tierLabel(first), money(first.amountMinor));
    });
    m_legend = new SeatLegendWidget(this);
    m_legend->setObjectName(QStringLiteral("seatLegend"));

    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("saleHeader"));
    m_header->setFont(scaled(font(), 1.25, true));
    m_header->setWordWrap(true);
    m_countdown = new QLabel(this);
    m_countdown->setObjectName(QStringLiteral("countdown"));
    m_countdown->setFont(scaled(font(), 2.0, true));
    m_countdown->setAlignment(Qt::AlignCenter);
    m_countdown->setMinimumHeight(56);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("saleMessage"));
    m_message->setWordWrap(true);
    m_message->setFont(scaled(font(), 1.1));
    m_message->hide();

    m_steps = new QStackedWidget(this);
    m_steps->addWidget(buildSelectPanel());
    m_steps->addWidget(buildPaymentPanel());
    m_steps->addWidget(buildDonePanel());

    auto* side = new QVBoxLayout;
    side->addWidget(m_header);
    side->addWidget(m_countdown);
    side->addWidget(m_message);
    side->addWidget(m_steps, 1);
    auto* sideBox = new QWidget(this);
    sideBox->setLayout(side);
    sideBox->setMinimumWidth(340);
    sideBox->setMaximumWidth(460);

    auto* left = new QVBoxLayout;
    left->addWidget(m_map, 1);
    left->addWidget(m_legend);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 1);
    layout->addWidget(sideBox);

    // Keys, active only while this page is shown.
    for (int n = 1; n <= 9; ++n) {
        auto* key = new QShortcut(QKeySequence(Qt::Key_0 + n), this);
        key->setContext(Qt::WidgetWithChildrenShortcut);
        connect(key, &QShortcut::activated, this, [this, n] { m_flow->selectBest(n); });
        m_digitKeys << key;
    }
    m_returnKey = new QShortcut(QKeySequence(Qt::Key_Return), this);
    m_enterKey = new QShortcut(QKeySequence(Qt::Key_Enter), this);
    m_escapeKey = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    m_suggestionKey = new QShortcut(QKeySequence(Qt::Key_S), this);
    m_cardKey = new QShortcut(QKeySequence(Qt::Key_F9), this);
    for (QShortcut* key : {m_returnKey, m_enterKey, m_escapeKey, m_suggestionKey, m_cardKey})
        key->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_returnKey, &QShortcut::activated, this, &SalePage::onEnter);
    connect(m_enterKey, &QShortcut::activated, this, &SalePage::onEnter);
    connect(m_escapeKey, &QShortcut::activated, this, [this] {
        if (m_flow->state() == SaleFlow::State::Completed) {
            m_flow->finish();
            emit backToBoard();
        } else {
            m_flow->cancel();
        }
    });
    connect(m_suggestionKey, &QShortcut::activated, m_takeSuggestion, &QPushButton::click);
    connect(m_cardKey, &QShortcut::activated, m_card, &QPushButton::click);

    connect(m_map, &SeatMapWidget::seatActivated, m_flow, &SaleFlow::toggleSeat);
    connect(m_flow, &SaleFlow::stateChanged, this, &SalePage::onStateChanged);
    connect(m_flow, &SaleFlow::showtimeOpened, this, [this] {
        m_map->reloaded();
        m_map->zoomToFit();
        const ShowtimeInfo& s = m_flow->showtime();
        m_header->setText(tr("%1 · %2 · %3")
                              .arg(s.movieTitle, s.auditoriumName,
                                   locale().toString(s.startsAt.toLocalTime(), QLocale::ShortFormat)));
        m_message->hide();
        rebuildTierButtons();
        refreshSelection();
        m_map->setFocus();
    });
    connect(m_flow, &SaleFlow::mapReloaded, m_map, &SeatMapWidget::reloaded);
    connect(m_flow, &SaleFlow::seatsUpdated, m_map, &SeatMapWidget::seatsChanged);
    connect(m_flow, &SaleFlow::selectionChanged, this, &SalePage::refreshSelection);
    connect(m_flow, &SaleFlow::countdownTick, this, &SalePage::onCountdown);
    connect(m_flow, &SaleFlow::seatsTaken, this, &SalePage::onSeatsTaken);
    connect(m_flow, &SaleFlow::completed, this, &SalePage::onCompleted);
    connect(m_flow, &SaleFlow::problem, this, [this](const QString& text) {
        m_message->setText(text);
        m_message->setStyleSheet(
            QStringLiteral("QLabel { background: #fff4ce; color: #3b2f00; padding: 6px; }"));
        m_message->show();
    });
    connect(m_flow, &SaleFlow::paymentDeclined, this, [this](const QString& reason) {
        m_message->setText(tr("Card payment failed: %1 Try again or take cash.").arg(reason));
        m_message->setStyleSheet(
            QStringLiteral("QLabel { background: #fde7e9; color: #5c0011; padding: 6px; }"));
        m_message->show();
    });
    connect(m_flow, &SaleFlow::busyChanged, this, [this](bool busy) {
        m_cash->setEnabled(!busy);
        m_card->setEnabled(!busy);
        Q_UNUSED(busy);
        m_toPayment->setEnabled(!m_flow->selection().isEmpty());
    });
    retranslate();
    onStateChanged(m_flow->state());
}

QWidget* SalePage::buildSelectPanel()
{
    auto* panel = new QWidget(this);
    m_selectionTitle = new QLabel(panel);
    m_selectionTitle->setFont(scaled(font(), 1.1, true));
    m_selection = new QLabel(panel);
    m_selection->setObjectName(QStringLiteral("selectionLabel"));
    m_selection->setWordWrap(true);
    m_selection->setFont(scaled(font(), 1.2));
    m_bestHint = new QLabel(panel);
    m_bestHint->setWordWrap(true);
    m_toPayment = new QPushButton(panel);
    m_toPayment->setObjectName(QStringLiteral("toPayment"));
    m_toPayment->setMinimumHeight(44);
    m_takeSuggestion = new QPushButton(panel);
    m_takeSuggestion->setObjectName(QStringLiteral("takeSuggestion"));
    m_takeSuggestion->hide();
    m_cancel = new QPushButton(panel);
    m_cancel->setObjectName(QStringLiteral("cancelSale"));
    for (QPushButton* b : {m_toPayment, m_takeSuggestion, m_cancel})
        b->setFocusPolicy(Qt::NoFocus);
    auto* layout = new QVBoxLayout(panel);
    layout->addWidget(m_selectionTitle);
    layout->addWidget(m_selection);
    layout->addWidget(m_bestHint);
    layout->addWidget(m_takeSuggestion);
    layout->addStretch();
    layout->addWidget(m_toPayment);
    layout->addWidget(m_cancel);
    connect(m_toPayment, &QPushButton::clicked, m_flow, &SaleFlow::proceedToPayment);
    connect(m_cancel, &QPushButton::clicked, m_flow, &SaleFlow::cancel);
    connect(m_takeSuggestion, &QPushButton::clicked, this, [this] {
        if (m_suggestion.isEmpty())
            return;
        m_flow->replaceSelection(m_suggestion);
        m_takeSuggestion->hide();
        m_message->hide();
        m_suggestion.clear();
    });
    return panel;
}

QWidget* SalePage::buildPaymentPanel()
{
    auto* panel = new QWidget(this);
    m_tickets = new QTableWidget(0, 2, panel);
    m_tickets->setObjectName(QStringLiteral("ticketTable"));
    m_tickets->verticalHeader()->hide();
    m_tickets->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tickets->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_tickets->setFocusPolicy(Qt::NoFocus);
    m_tierButtonBox = new QWidget(panel);
    m_tierButtonBox->setLayout(new QGridLayout);
    m_total = new QLabel(panel);
    m_total->setObjectName(QStringLiteral("totalLabel"));
    m_total->setFont(scaled(font(), 1.6, true));
    m_tenderedLabel = new QLabel(panel);
    m_tendered = new QLineEdit(panel);
    m_tendered->setObjectName(QStringLiteral("tendered"));
    m_tendered->setValidator(new QIntValidator(0, 100000000, m_tendered));
    m_change = new QLabel(panel);
    m_change->setObjectName(QStringLiteral("changeLabel"));
    m_cash = new QPushButton(panel);
    m_cash->setObjectName(QStringLiteral("payCash"));
    m_cash->setMinimumHeight(44);
    m_card = new QPushButton(panel);
    m_card->setObjectName(QStringLiteral("payCard"));
    m_card->setMinimumHeight(44);
    m_cancelPayment = new QPushButton(panel);
    m_cancelPayment->setObjectName(QStringLiteral("cancelPayment"));
    for (QPushButton* b : {m_cash, m_card, m_cancelPayment})
        b->setFocusPolicy(Qt::NoFocus);
    auto* cashRow = new QHBoxLayout;
    cashRow->addWidget(m_tenderedLabel);
    cashRow->addWidget(m_tendered, 1);
    auto* layout = new QVBoxLayout(panel);
    layout->addWidget(m_tickets, 1);
    layout->addWidget(m_tierButtonBox);
    layout->addWidget(m_total);
    layout->addLayout(cashRow);
    layout->addWidget(m_change);
    layout->addWidget(m_cash);
    layout->addWidget(m_card);
    layout->addWidget(m_cancelPayment);
    connect(m_cash, &QPushButton::clicked, this, &SalePage::onEnter);
    connect(m_card, &QPushButton::clicked, m_flow, &SaleFlow::payCard);
    connect(m_cancelPayment, &QPushButton::clicked, m_flow, &SaleFlow::cancel);
    connect(m_tendered, &QLineEdit::textChanged, this, [this](const QString& text) {
        const qint64 tendered = text.toLongLong();
        const qint64 change = tendered - m_flow->totalMinor();
        m_change->setText(text.isEmpty() || change < 0 ? QString() : tr("Change: %1").arg(money(change)));
    });
    return panel;
}

QWidget* SalePage::buildDonePanel()
{
    auto* panel = new QWidget(this);
    m_doneTitle = new QLabel(panel);
    m_doneTitle->setFont(scaled(font(), 1.3, true));
    m_code = new QLabel(panel);
    m_code->setObjectName(QStringLiteral("bookingCode"));
    m_code->setFont(scaled(font(), 2.4, true));
    m_code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_doneDetails = new QLabel(panel);
    m_doneDetails->setObjectName(QStringLiteral("bookingDetails"));
    m_doneDetails->setWordWrap(true);
    m_doneDetails->setFont(scaled(font(), 1.15));
    m_nextCustomer = new QPushButton(panel);
    m_nextCustomer->setObjectName(QStringLiteral("nextCustomer"));
    m_nextCustomer->setMinimumHeight(44);
    m_nextCustomer->setFocusPolicy(Qt::NoFocus);
    auto* layout = new QVBoxLayout(panel);
    layout->addWidget(m_doneTitle);
    layout->addWidget(m_code);
    layout->addWidget(m_doneDetails);
    layout->addStretch();
    layout->addWidget(m_nextCustomer);
    connect(m_nextCustomer, &QPushButton::clicked, this, [this] {
        m_flow->finish();
        emit backToBoard();
    });
    return panel;
}

void SalePage::rebuildTierButtons()
{
    qDeleteAll(m_tierButtons);
    m_tierButtons.clear();
    qDeleteAll(m_tierKeys);
    m_tierKeys.clear();
    auto* grid = static_cast<QGridLayout*>(m_tierButtonBox->layout());
    const QList<PriceTier>& tiers = m_flow->tiers();
    for (qsizetype i = 0; i < tiers.size() && i < 4; ++i) {
        const PriceTier tier = tiers.at(i);
        auto* button = new QPushButton(m_tierButtonBox);
        button->setObjectName(QStringLiteral("tier_") + tier.code);
        button->setFocusPolicy(Qt::NoFocus);
        button->setText(tr("F%1 All %2").arg(i + 2).arg(tierLabel(tier)));
        grid->addWidget(button, int(i / 2), int(i % 2));
        connect(button, &QPushButton::clicked, this, [this, code = tier.code] { m_flow->setAllTiers(code); });
        auto* key = new QShortcut(QKeySequence(Qt::Key_F2 + int(i)), this);
        key->setContext(Qt::WidgetWithChildrenShortcut);
        connect(key, &QShortcut::activated, button, &QPushButton::click);
        m_tierButtons << button;
        m_tierKeys << key;
    }
    updateShortcuts();
}

void SalePage::updateShortcuts()
{
    const SaleFlow::State s = m_flow->state();
    for (QShortcut* key : std::as_const(m_digitKeys))
        key->setEnabled(s == SaleFlow::State::Selecting);
    for (QShortcut* key : std::as_const(m_tierKeys))
        key->setEnabled(s == SaleFlow::State::Payment);
    m_suggestionKey->setEnabled(s == SaleFlow::State::Selecting);
    m_cardKey->setEnabled(s == SaleFlow::State::Payment);
}

void SalePage::onStateChanged(SaleFlow::State state)
{
    switch (state) {
    case SaleFlow::State::Idle:
    case SaleFlow::State::Loading:
    case SaleFlow::State::Selecting:
        m_steps->setCurrentIndex(SelectStep);
        break;
    case SaleFlow::State::Payment:
    case SaleFlow::State::Confirming: {
        m_steps->setCurrentIndex(PaymentStep);
        m_tendered->clear();
        m_change->clear();
        refreshSelection();
        break;
    }
    case SaleFlow::State::Completed:
        m_steps->setCurrentIndex(DoneStep);
        m_countdown->clear();
        m_countdown->setStyleSheet(QString());
        break;
    }
    if (state == SaleFlow::State::Payment)
        m_message->hide();
    updateShortcuts();
    refreshSelection();
}

void SalePage::onEnter()
{
    switch (m_flow->state()) {
    case SaleFlow::State::Selecting:
        m_flow->proceedToPayment();
        break;
    case SaleFlow::State::Payment:
        // Enter takes cash: the amount typed, or the exact total when nothing is typed.
        m_flow->payCash(m_tendered->text().isEmpty() ? m_flow->totalMinor()
                                                     : m_tendered->text().toLongLong());
        break;
    case SaleFlow::State::Completed:
        m_flow->finish();
        emit backToBoard();
        break;
    default:
        break;
    }
}

void SalePage::onCountdown(qint64 remainingMs)
{
    // Nothing selected, nothing counting down: the ticks until the last release is answered
    // must not bring back the time of seats already given back.
    if (m_flow->selection().isEmpty())
        return;
    const qint64 seconds = (remainingMs + 999) / 1000;
    const QString time = QStringLiteral("%1:%2")
                             .arg(seconds / 60, 2, 10, QLatin1Char('0'))
                             .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    const bool payment =
        m_flow->state() == SaleFlow::State::Payment || m_flow->state() == SaleFlow::State::Confirming;
    if (seconds <= 60) {
        m_countdown->setText(tr("%1 — less than a minute left!").arg(time));
        m_countdown->setStyleSheet(
            QStringLiteral("QLabel { background: #b00020; color: white; border-radius: 4px; }"));
    } else {
        m_countdown->setText(payment ? tr("Payment %1").arg(time) : tr("Seats held %1").arg(time));
        m_countdown->setStyleSheet(
            QStringLiteral("QLabel { background: #e8f0fe; color: #0b2a5b; border-radius: 4px; }"));
    }
}

void SalePage::onSeatsTaken(const QList<int>& taken, const QList<int>& suggestion)
{
    m_suggestion = suggestion;
    QString text =
        tr("%n seat(s) just taken by another terminal: %1.", nullptr, int(taken.size())).arg(labels(taken));
    if (!m_flow->selection().isEmpty())
        text += QLatin1Char(' ') + tr("Your other seats are still held.");
    if (!suggestion.isEmpty()) {
        text += QLatin1Char(' ') + tr("Nearest free block: %1 (press S).").arg(labels(suggestion));
        m_takeSuggestion->setText(tr("Take %1 (S)").arg(labels(suggestion)));
        m_takeSuggestion->show();
    } else {
        m_takeSuggestion->hide();
    }
    m_message->setText(text);
    m_message->setStyleSheet(QStringLiteral("QLabel { background: #fde7e9; color: #5c0011; padding: 6px; }"));
    m_message->show();
    if (m_flow->state() == SaleFlow::State::Selecting)
        m_steps->setCurrentIndex(SelectStep);
}

void SalePage::onCompleted(const ConfirmResult& booking)
{
    QStringList seats;
    for (const BookedSeat& s : booking.seats) {
        QString tier = s.tier;
        for (const PriceTier& t : m_flow->tiers()) {
            if (t.code == s.tier)
                tier = tierLabel(t);
        }
        seats << QStringLiteral("%1 (%2)").arg(s.label, tier);
    }
    m_code->setText(booking.code);
    QString details =
        tr("Seats: %1\nTotal: %2").arg(seats.join(QStringLiteral(", ")), money(booking.totalMinor));
    if (m_flow->changeDueMinor() > 0)
        details += QLatin1Char('\n') + tr("Change due: %1").arg(money(m_flow->changeDueMinor()));
    m_doneDetails->setText(details);
    m_message->hide();
}

void SalePage::refreshSelection()
{
    const QList<int> selection = m_flow->selection();
    if (selection.isEmpty() && m_flow->state() == SaleFlow::State::Selecting) {
        m_countdown->setText(tr("No seats held yet"));
        m_countdown->setStyleSheet(
            QStringLiteral("QLabel { background: #f1f3f4; color: #3c4043; border-radius: 4px; }"));
    }
    m_selection->setText(selection.isEmpty()
                             ? tr("Click seats on the map, or press 1–9 for the best seats together.")
                             : labels(selection));
    m_toPayment->setEnabled(!selection.isEmpty());
    if (m_flow->state() != SaleFlow::State::Payment && m_flow->state() != SaleFlow::State::Confirming)
        return;
    m_tickets->setRowCount(int(selection.size()));
    for (qsizetype row = 0; row < selection.size(); ++row) {
        const int seatId = selection.at(row);
        const SeatState* seat = m_flow->seatMap().seat(seatId);
        auto* label = new QTableWidgetItem(seat ? seat->label : QString::number(seatId));
        m_tickets->setItem(int(row), 0, label);
        auto* combo = qobject_cast<QComboBox*>(m_tickets->cellWidget(int(row), 1));
        if (!combo) {
            combo = new QComboBox(m_tickets);
            combo->setFocusPolicy(Qt::NoFocus);
            m_tickets->setCellWidget(int(row), 1, combo);
        }
        QSignalBlocker block(combo);
        combo->clear();
        for (const PriceTier& t : m_flow->tiers())
            combo->addItem(tr("%1 — %2").arg(tierLabel(t), money(t.amountMinor)), t.code);
        combo->setCurrentIndex(combo->findData(m_flow->tierOf(seatId)));
        disconnect(combo, nullptr, this, nullptr);
        connect(combo, &QComboBox::currentIndexChanged, this,
                [this, combo, seatId] { m_flow->setTier(seatId, combo->currentData().toString()); });
    }
    m_total->setText(tr("Total %1").arg(money(m_flow->totalMinor())));
}

QString SalePage::labels(const QList<int>& seatIds) const
{
    QStringList out;
    for (int id : seatIds) {
        const SeatState* s = m_flow->seatMap().seat(id);
        out << (s ? s->label : QString::number(id));
    }
    return out.join(QStringLiteral(", "));
}

QString SalePage::money(qint64 minor) const
{
    return formatMoney(minor, m_flow->currency(), locale());
}

void SalePage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        rebuildTierButtons();
        refreshSelection();
    }
    QWidget::changeEvent(event);
}

void SalePage::retranslate()
{
    m_selectionTitle->setText(tr("Selected seats"));
    m_bestHint->setText(
        tr("Keys: 1–9 best seats together · arrows + Space pick a seat · +/− zoom · Esc cancel"));
    m_toPayment->setText(tr("To payment (Enter)"));
    m_cancel->setText(tr("Cancel sale (Esc)"));
    m_tickets->setHorizontalHeaderLabels({tr("Seat"), tr("Ticket type")});
    m_tenderedLabel->setText(tr("Cash tendered:"));
    m_tendered->setPlaceholderText(tr("empty = exact amount"));
    m_cash->setText(tr("Cash (Enter)"));
    m_card->setText(tr("Card (F9)"));
    m_cancelPayment->setText(tr("Cancel sale (Esc)"));
    m_doneTitle->setText(tr("Booked. Booking code:"));
    m_nextCustomer->setText(tr("Next customer (Enter)"));
}

} // namespace bo
