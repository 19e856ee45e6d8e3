// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/salepage.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "model/seats/seatmap.h"
#include "model/showtimes/tickettypes.h"
#include "ui/common/scaledfont.h"
#include "ui/common/seatlegendwidget.h"
#include "ui/common/seatmapwidget.h"
#include "ui/counter/saledonepanel.h"
#include "ui/counter/salepaymentpanel.h"
#include "ui/counter/saleselectionpanel.h"

namespace bo {
namespace {

enum Step { SelectStep, PaymentStep, DoneStep };

const QString warningStyle = QStringLiteral("QLabel { background: #fff4ce; color: #3b2f00; padding: 6px; }");
const QString errorStyle = QStringLiteral("QLabel { background: #fde7e9; color: #5c0011; padding: 6px; }");
const QString progressStyle = QStringLiteral("QLabel { background: #e8f1fb; color: #0b2a4a; padding: 6px; }");

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
        return tr("%1 %2").arg(ticketTypeName(first), money(first.amountMinor));
    });
    m_legend = new SeatLegendWidget(this);
    m_legend->setObjectName(QStringLiteral("seatLegend"));

    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("saleHeader"));
    m_header->setFont(scaledFont(font(), 1.25, true));
    m_header->setWordWrap(true);
    m_countdown = new QLabel(this);
    m_countdown->setObjectName(QStringLiteral("countdown"));
    m_countdown->setFont(scaledFont(font(), 2.0, true));
    m_countdown->setAlignment(Qt::AlignCenter);
    m_countdown->setMinimumHeight(56);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("saleMessage"));
    m_message->setWordWrap(true);
    m_message->setFont(scaledFont(font(), 1.1));
    m_message->hide();

    m_selectionPanel = new SaleSelectionPanel(m_flow, this);
    m_paymentPanel = new SalePaymentPanel(m_flow, this);
    m_donePanel = new SaleDonePanel(m_flow, this);
    m_steps = new QStackedWidget(this);
    m_steps->addWidget(m_selectionPanel);
    m_steps->addWidget(m_paymentPanel);
    m_steps->addWidget(m_donePanel);

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

    createKeys();
    connect(m_selectionPanel, &SaleSelectionPanel::suggestionTaken, m_message, &QLabel::hide);
    connect(m_paymentPanel, &SalePaymentPanel::tierButtonsRebuilt, this, &SalePage::rebuildTierKeys);
    connect(m_donePanel, &SaleDonePanel::nextCustomerChosen, this, &SalePage::finishSale);
    connectFlow();
    showStep(m_flow->state());
}

void SalePage::createKeys()
{
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
    m_printKey = new QShortcut(QKeySequence(Qt::Key_P), this);
    for (QShortcut* key : {m_returnKey, m_enterKey, m_escapeKey, m_suggestionKey, m_cardKey, m_printKey})
        key->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_returnKey, &QShortcut::activated, this, &SalePage::advance);
    connect(m_enterKey, &QShortcut::activated, this, &SalePage::advance);
    connect(m_escapeKey, &QShortcut::activated, this, [this] {
        if (m_flow->state() == SaleFlow::State::Completed)
            finishSale();
        else
            m_flow->cancel();
    });
    connect(m_suggestionKey, &QShortcut::activated, m_selectionPanel, &SaleSelectionPanel::takeSuggestion);
    connect(m_cardKey, &QShortcut::activated, m_paymentPanel, &SalePaymentPanel::payCard);
    connect(m_printKey, &QShortcut::activated, m_donePanel, &SaleDonePanel::printTickets);
}

void SalePage::setTicketPrinting(TicketPrinting* printing)
{
    m_donePanel->setTicketPrinting(printing);
}

void SalePage::connectFlow()
{
    connect(m_map, &SeatMapWidget::seatActivated, m_flow, &SaleFlow::toggleSeat);
    connect(m_flow, &SaleFlow::stateChanged, this, &SalePage::showStep);
    connect(m_flow, &SaleFlow::showtimeOpened, this, &SalePage::showShowtime);
    connect(m_flow, &SaleFlow::mapReloaded, m_map, &SeatMapWidget::reloadSeats);
    connect(m_flow, &SaleFlow::seatsUpdated, m_map, &SeatMapWidget::repaintSeats);
    connect(m_flow, &SaleFlow::selectionChanged, this, &SalePage::refreshSelection);
    connect(m_flow, &SaleFlow::countdownTick, this, &SalePage::showCountdown);
    connect(m_flow, &SaleFlow::seatsTaken, this, &SalePage::showSeatsTaken);
    connect(m_flow, &SaleFlow::completed, this, &SalePage::showBooking);
    connect(m_flow, &SaleFlow::problem, this,
            [this](const QString& text) { showMessage(text, warningStyle); });
    connect(m_flow, &SaleFlow::paymentDeclined, this, [this](const QString& reason) {
        showMessage(tr("Card payment failed: %1 Try again or take cash.").arg(reason), errorStyle);
    });
    connect(m_flow, &SaleFlow::paymentPhase, this,
            [this](PaymentPhase phase) { showMessage(paymentPhaseText(phase), progressStyle); });
}

QString SalePage::paymentPhaseText(PaymentPhase phase)
{
    // What is happening now, never a success before it is one.
    switch (phase) {
    case PaymentPhase::Recording:
        return tr("Recording the payment…");
    case PaymentPhase::Authorising:
        return tr("Waiting for the card terminal…");
    case PaymentPhase::Checking:
        return tr("Checking the payment with the card service…");
    case PaymentPhase::Confirming:
        return tr("Booking the seats…");
    case PaymentPhase::Capturing:
        return tr("Booked. Taking the payment…");
    case PaymentPhase::Voiding:
        return tr("The seats could not be booked. Giving the card payment back…");
    }
    return {};
}

void SalePage::showShowtime()
{
    m_map->reloadSeats();
    m_map->zoomToFit();
    const ShowtimeInfo& s = m_flow->showtime();
    m_header->setText(tr("%1 · %2 · %3")
                          .arg(s.movieTitle, s.auditoriumName,
                               locale().toString(s.startsAt.toLocalTime(), QLocale::ShortFormat)));
    m_message->hide();
    m_paymentPanel->rebuildTierButtons();
    refreshSelection();
    m_map->setFocus();
}

void SalePage::rebuildTierKeys()
{
    qDeleteAll(m_tierKeys);
    m_tierKeys.clear();
    const QList<QPushButton*>& buttons = m_paymentPanel->tierButtons();
    for (qsizetype i = 0; i < buttons.size(); ++i) {
        auto* key = new QShortcut(QKeySequence(Qt::Key_F2 + int(i)), this);
        key->setContext(Qt::WidgetWithChildrenShortcut);
        connect(key, &QShortcut::activated, buttons.at(i), &QPushButton::click);
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
    m_printKey->setEnabled(s == SaleFlow::State::Completed);
}

void SalePage::showStep(SaleFlow::State state)
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
        m_paymentPanel->clearCash();
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

void SalePage::advance()
{
    switch (m_flow->state()) {
    case SaleFlow::State::Selecting:
        m_flow->proceedToPayment();
        break;
    case SaleFlow::State::Payment:
        m_paymentPanel->payCash();
        break;
    case SaleFlow::State::Completed:
        finishSale();
        break;
    default:
        break;
    }
}

void SalePage::finishSale()
{
    m_flow->finish();
    emit backToBoard();
}

void SalePage::showCountdown(qint64 remainingMs)
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

void SalePage::showSeatsTaken(const QList<int>& taken, const QList<int>& suggestion,
                              const QList<SeatRefusal>& reasons)
{
    const SeatMap& map = m_flow->seatMap();
    // One sentence per reason, each naming its seats: "K12 was just sold. K13 is held by another
    // till." A seat whose reason is not given is one whose state is not known.
    QStringList sentences;
    for (SeatRefusal reason :
         {SeatRefusal::Reserved, SeatRefusal::Held, SeatRefusal::Blocked, SeatRefusal::Locked}) {
        QList<int> seats;
        for (qsizetype i = 0; i < taken.size(); ++i) {
            if (reasons.value(i, SeatRefusal::Locked) == reason)
                seats << taken.at(i);
        }
        if (seats.isEmpty())
            continue;
        const QString labels = SaleSelectionPanel::seatLabels(map, seats);
        const int n = int(seats.size());
        switch (reason) {
        case SeatRefusal::Reserved:
            sentences << tr("%1 was just sold.", "seats sold by another till", n).arg(labels);
            break;
        case SeatRefusal::Held:
            sentences << tr("%1 is held by another till.", "seats held by another sale", n).arg(labels);
            break;
        case SeatRefusal::Blocked:
            sentences << tr("%1 is blocked.", "seats blocked by a manager", n).arg(labels);
            break;
        case SeatRefusal::Locked:
            sentences << tr("%1 is being changed elsewhere right now; the map is being read again.",
                            "seats another transaction had locked: state unknown", n)
                             .arg(labels);
            break;
        }
    }
    QString text = sentences.join(QLatin1Char(' '));
    if (!m_flow->selection().isEmpty())
        text += QLatin1Char(' ') + tr("Your other seats are still held.");
    if (!suggestion.isEmpty())
        text += QLatin1Char(' ') +
                tr("Nearest free block: %1 (press S).").arg(SaleSelectionPanel::seatLabels(map, suggestion));
    m_selectionPanel->offerSuggestion(suggestion);
    showMessage(text, errorStyle);
    if (m_flow->state() == SaleFlow::State::Selecting)
        m_steps->setCurrentIndex(SelectStep);
}

void SalePage::showBooking(const ConfirmResult& booking)
{
    m_donePanel->showBooking(booking);
    m_message->hide();
}

void SalePage::refreshSelection()
{
    if (m_flow->selection().isEmpty() && m_flow->state() == SaleFlow::State::Selecting) {
        m_countdown->setText(tr("No seats held yet"));
        m_countdown->setStyleSheet(
            QStringLiteral("QLabel { background: #f1f3f4; color: #3c4043; border-radius: 4px; }"));
    }
    m_selectionPanel->refreshSelection();
    m_paymentPanel->refreshTickets();
}

void SalePage::showMessage(const QString& text, const QString& styleSheet)
{
    m_message->setText(text);
    m_message->setStyleSheet(styleSheet);
    m_message->show();
}

QString SalePage::money(qint64 minor) const
{
    return formatMoney(minor, m_flow->currency(), locale());
}

void SalePage::changeEvent(QEvent* event)
{
    // The panels retranslate themselves; the page's own line is the empty countdown.
    if (event->type() == QEvent::LanguageChange)
        refreshSelection();
    QWidget::changeEvent(event);
}

} // namespace bo
