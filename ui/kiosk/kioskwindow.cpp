// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskwindow.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <QAbstractButton>
#include <QAccessible>
#include <QApplication>
#include <QCloseEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "model/help/kioskhelp.h"
#include "model/help/voice.h"
#include "model/queue/admissionwatch.h"
#include "model/sale/postershelf.h"
#include "model/sale/salerules.h"
#include "model/sale/seatblocklist.h"
#include "model/sale/terminalbackend.h"
#include "model/seats/seatmap.h"
#include "model/staff/staffsession.h"
#include "ui/common/posterart.h"
#include "ui/common/seatblocklistview.h"
#include "ui/common/seatmapwidget.h"
#include "ui/common/staffsigninwidget.h"
#include "ui/kiosk/filmtile.h"
#include "ui/kiosk/kiosktheme.h"

namespace bo {
namespace {

/// The staff corner: a press this long in the top-left square opens the staff exit.
constexpr int staffCornerPx = 96;
constexpr int staffPressMs = 3000;
/// Wrong PINs before the staff screen gives up.
constexpr int staffTries = 3;
/// One press of a volume or speed key, on the port's scales (volume 0 … 1, rate -1 … 1).
constexpr double volumeStep = 0.1;
constexpr double rateStep = 0.25;
/// The quietest the keys make the voice: a customer who turns it down still hears the answer.
constexpr double quietestVolume = 0.1;

/// Rounded minutes for a wait, never a false precision.
QString waitText(int etaSeconds)
{
    if (etaSeconds < 0)
        return KioskWindow::tr("We are working out the wait.");
    if (etaSeconds < 60)
        return KioskWindow::tr("Less than a minute.");
    return KioskWindow::tr("About %n minute(s).", nullptr, (etaSeconds + 59) / 60);
}

QString mmss(qint64 ms)
{
    const qint64 s = (std::max<qint64>(ms, 0) + 999) / 1000;
    return QStringLiteral("%1:%2").arg(s / 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'));
}

/// Reading order for buttons made after the page's Back: the list's buttons in order, then Back.
void chainFocus(QLayout* list, QWidget* page)
{
    QWidget* previous = nullptr;
    for (int i = 0; i < list->count(); ++i) {
        QWidget* w = list->itemAt(i)->widget();
        if (previous)
            QWidget::setTabOrder(previous, w);
        previous = w;
    }
    if (previous) {
        if (auto* back = page->findChild<QPushButton*>(QStringLiteral("back")))
            QWidget::setTabOrder(previous, back);
    }
}

void clearLayout(QLayout* layout)
{
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

} // namespace

KioskWindow::KioskWindow(TerminalBackend* backend, SaleFlow* flow, KioskSettings settings, QWidget* parent)
    : QWidget(parent)
    , m_backend(backend)
    , m_flow(flow)
    , m_settings(settings)
{
    setObjectName(QStringLiteral("kioskWindow"));
    // A public machine: no frame to close, no menus to open; only staff may close it
    // (docs/KIOSK.md, "Staff exit").
    setWindowFlag(Qt::FramelessWindowHint);
    setContextMenuPolicy(Qt::NoContextMenu);
    setAttribute(Qt::WA_StyledBackground);
    setDisplay({});
    buildPages();
    connectFlow();

    m_idle.setSingleShot(true);
    m_idle.setInterval(m_settings.idleMs);
    connect(&m_idle, &QTimer::timeout, this, &KioskWindow::onIdle);
    m_idlePrompt.setSingleShot(true);
    m_idlePrompt.setInterval(m_settings.idlePromptMs);
    connect(&m_idlePrompt, &QTimer::timeout, this, &KioskWindow::resetToAttract);
    m_doneTimer.setSingleShot(true);
    m_doneTimer.setInterval(m_settings.doneMs);
    connect(&m_doneTimer, &QTimer::timeout, this, &KioskWindow::resetToAttract);
    m_cornerPress.setSingleShot(true);
    m_cornerPress.setInterval(staffPressMs);
    connect(&m_cornerPress, &QTimer::timeout, this, &KioskWindow::openStaff);
    m_showtimesRefresh.setInterval(60000);
    connect(&m_showtimesRefresh, &QTimer::timeout, this, [this] {
        const QDateTime now = QDateTime::currentDateTime();
        m_backend->loadShowtimes(now.addSecs(-3600), QDateTime(now.date().addDays(1), QTime(0, 0)));
    });
    m_showtimesRefresh.start();
    // Every input anywhere restarts the idle time; context menus never open.
    qApp->installEventFilter(this);
    // A blind customer hears where the focus went (docs/KIOSK.md, "Accessibility").
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { speakFocus(now); });
    retranslate();
    showScreen(Screen::Attract);
}

KioskWindow::~KioskWindow()
{
    qApp->removeEventFilter(this);
}

void KioskWindow::setAdmissionWatch(AdmissionWatch* watch)
{
    m_watch = watch;
    if (!watch)
        return;
    connect(watch, &AdmissionWatch::ticketChanged, this, &KioskWindow::onTicketChanged);
    connect(watch, &AdmissionWatch::admitted, this, [this] { onAdmitted(); });
}

void KioskWindow::setTicketPrinting(TicketPrinting* printing)
{
    m_printing = printing;
    if (!printing)
        return;
    connect(printing, &TicketPrinting::printed, this, [this](const PrintedTickets& tickets) {
        if (tickets.bookingCode != m_printCode || m_screen != Screen::Done)
            return;
        m_printCode.clear();
        // The code stays on the screen with the tickets: the customer's proof for the counter.
        showDone(tr("Please take your tickets below. Your booking code is %1. Enjoy the film!")
                     .arg(tickets.bookingCode),
                 false);
    });
    connect(printing, &TicketPrinting::printFailed, this, [this](const QString& code, const Error&) {
        if (code != m_printCode || m_screen != Screen::Done)
            return;
        m_printCode.clear();
        // The sale stands: the code and its QR on the screen, the counter prints again.
        showDone(tr("Your booking is confirmed, but the tickets could not be printed. Show this code at "
                    "the counter or the door: %1. Staff at the counter can print your tickets.")
                     .arg(code),
                 true);
    });
}

void KioskWindow::setVoice(Voice* voice)
{
    if (m_voice)
        disconnect(m_voice, nullptr, this, nullptr);
    m_voice = voice;
    if (voice) {
        m_headphonesIn = voice->settings().headphonesOnly && voice->settings().headphonesConnected;
        // Headphones plugged into a headphones-only kiosk: nothing was heard until now, so the
        // customer hears where they are at once.
        connect(voice, &Voice::settingsChanged, this, [this](const VoiceSettings& s) {
            const bool in = s.headphonesOnly && s.headphonesConnected;
            if (!std::exchange(m_headphonesIn, in) && in)
                announce();
        });
        m_voiceDefaults = voice->settings();
        voice->setLanguage(m_language == QLatin1String("ko") ? VoiceLanguage::Korean
                                                             : VoiceLanguage::English);
        m_voiceDefaults.language = voice->settings().language;
    }
    updateToolBar();
}

void KioskWindow::setHelp(KioskHelp* help)
{
    m_help = help;
    if (!help)
        return;
    connect(help, &KioskHelp::helpRequested, this,
            [this] { showHelpStatus(tr("Staff have been called and will come to you. Please stay here.")); });
    connect(help, &KioskHelp::staffOnTheWay, this, [this](const QString& till) {
        showHelpStatus(tr("Staff from %1 are on their way to you.").arg(till));
    });
    connect(help, &KioskHelp::callFailed, this, [this](const Error&) {
        showHelpStatus(tr("We could not reach the staff. Please ask at the counter. We are sorry."));
    });
}

void KioskWindow::setDisplay(const KioskDisplay& display)
{
    m_display = display;
    setPalette(KioskTheme::palette(display.highContrast));
    setStyleSheet(kiosktheme::styleSheet(display));
    // The map paints its own seats: it takes the high-contrast colours from the shared painter.
    if (m_map)
        m_map->setHighContrast(display.highContrast);
    if (m_reachSpacer) {
        // Low reach: the upper part stays empty, every screen and the tool bar below it.
        auto* outer = static_cast<QVBoxLayout*>(layout());
        const int lower = static_cast<int>(100 * KioskTheme::lowReachShare);
        outer->setStretchFactor(m_reachSpacer, display.lowReach ? 100 - lower : 0);
        outer->setStretchFactor(m_pages, display.lowReach ? lower : 1);
        m_reachSpacer->setVisible(display.lowReach);
    }
    updateToolBar();
}

void KioskWindow::updateToolBar()
{
    if (!m_largeText)
        return;
    const QSignalBlocker b1(m_largeText);
    const QSignalBlocker b2(m_highContrast);
    const QSignalBlocker b3(m_lowReach);
    m_largeText->setChecked(m_display.largeText);
    m_highContrast->setChecked(m_display.highContrast);
    m_lowReach->setChecked(m_display.lowReach);
    for (QPushButton* b : {m_quieter, m_louder, m_slower, m_faster})
        b->setVisible(m_voice != nullptr);
}

void KioskWindow::setLanguage(const QString& code)
{
    qApp->removeTranslator(&m_translator);
    m_language = code == QLatin1String("ko") ? QStringLiteral("ko") : QStringLiteral("en");
    const QLocale locale = m_language == QLatin1String("ko")
                               ? QLocale(QLocale::Korean, QLocale::SouthKorea)
                               : QLocale(QLocale::English, QLocale::UnitedStates);
    QLocale::setDefault(locale);
    setLocale(locale);
    if (m_translator.load(QStringLiteral(":/i18n/boxoffice_") + m_language))
        qApp->installTranslator(&m_translator);
    if (m_voice)
        m_voice->setLanguage(m_language == QLatin1String("ko") ? VoiceLanguage::Korean
                                                               : VoiceLanguage::English);
    if (m_blocks)
        m_blocks->setLocale(locale);
    retranslate();
}

int KioskWindow::ticketCount() const
{
    int n = 0;
    for (const TierRow& row : m_tiers)
        n += row.count;
    return n;
}

QPushButton* KioskWindow::makeButton(const QString& name, QWidget* parent, bool primary)
{
    auto* button = new QPushButton(parent);
    button->setObjectName(name);
    if (primary)
        button->setProperty("role", QStringLiteral("primary"));
    kiosktheme::makeTouchButton(button);
    return button;
}

QLabel* KioskWindow::makeLabel(const QString& name, const QString& role, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    if (!role.isEmpty())
        label->setProperty("role", role);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::NoTextInteraction);
    return label;
}

QWidget* KioskWindow::makePage(const QString& name, QVBoxLayout** layout)
{
    auto* page = new QWidget(m_pages);
    page->setObjectName(name);
    *layout = new QVBoxLayout(page);
    (*layout)->setContentsMargins(48, 48, 48, 48);
    (*layout)->setSpacing(24);
    m_pages->addWidget(page);
    return page;
}

void KioskWindow::buildPages()
{
    m_pages = new QStackedWidget(this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_reachSpacer = new QWidget(this);
    m_reachSpacer->setObjectName(QStringLiteral("reachSpacer"));
    m_reachSpacer->hide();
    outer->addWidget(m_reachSpacer);
    m_helpText = makeLabel(QStringLiteral("helpText"), QStringLiteral("notice"), this);
    m_helpText->hide();
    outer->addWidget(m_helpText);
    m_helpStatus = makeLabel(QStringLiteral("helpStatus"), QStringLiteral("notice"), this);
    m_helpStatus->hide();
    outer->addWidget(m_helpStatus);
    outer->addWidget(m_pages, 1);
    QVBoxLayout* l = nullptr;
    const auto addBack = [this](QVBoxLayout* layout, QWidget* page) {
        QPushButton* b = makeButton(QStringLiteral("back"), page);
        connect(b, &QPushButton::clicked, this, &KioskWindow::back);
        m_backButtons << b;
        layout->addWidget(b);
    };

    // Attract: films showing, touch to start, the language on the first screen.
    m_screens[Screen::Attract] = makePage(QStringLiteral("attractPage"), &l);
    QWidget* page = m_screens[Screen::Attract];
    m_attractTitle = makeLabel(QStringLiteral("attractTitle"), QStringLiteral("title"), page);
    m_attractTitle->setAlignment(Qt::AlignCenter);
    m_attractFilms = makeLabel(QStringLiteral("attractFilms"), QString(), page);
    m_attractFilms->setAlignment(Qt::AlignCenter);
    m_start = makeButton(QStringLiteral("start"), page, true);
    m_start->setMinimumHeight(kiosktheme::touchTargetPx * 4);
    connect(m_start, &QPushButton::clicked, this, [this] { showScreen(Screen::Films); });
    m_korean = makeButton(QStringLiteral("korean"), page);
    m_english = makeButton(QStringLiteral("english"), page);
    m_korean->setText(QStringLiteral("한국어"));
    m_english->setText(QStringLiteral("English"));
    connect(m_korean, &QPushButton::clicked, this, [this] { setLanguage(QStringLiteral("ko")); });
    connect(m_english, &QPushButton::clicked, this, [this] { setLanguage(QStringLiteral("en")); });
    l->addWidget(m_attractTitle);
    l->addWidget(m_attractFilms, 1);
    l->addWidget(m_start);
    auto* languages = new QHBoxLayout;
    languages->addWidget(m_korean);
    languages->addWidget(m_english);
    l->addLayout(languages);

    // Film, then showtime: a poster tile per film (FilmTile), one big button per showtime.
    m_screens[Screen::Films] = makePage(QStringLiteral("filmsPage"), &l);
    m_filmsHeading =
        makeLabel(QStringLiteral("filmsHeading"), QStringLiteral("heading"), m_screens[Screen::Films]);
    l->addWidget(m_filmsHeading);
    m_posterShelf = new PosterShelf(m_backend, this);
    m_posterArt = std::make_unique<PosterArt>(m_posterShelf, FilmTile::posterSize);
    m_filmButtons = new QGridLayout;
    l->addLayout(m_filmButtons);
    l->addStretch(1);
    addBack(l, m_screens[Screen::Films]);

    m_screens[Screen::Showtimes] = makePage(QStringLiteral("showtimesPage"), &l);
    m_showtimesHeading = makeLabel(QStringLiteral("showtimesHeading"), QStringLiteral("heading"),
                                   m_screens[Screen::Showtimes]);
    l->addWidget(m_showtimesHeading);
    m_showtimeButtons = new QVBoxLayout;
    l->addLayout(m_showtimeButtons);
    l->addStretch(1);
    addBack(l, m_screens[Screen::Showtimes]);

    // Tickets per type.
    m_screens[Screen::Tickets] = makePage(QStringLiteral("ticketsPage"), &l);
    page = m_screens[Screen::Tickets];
    m_ticketsHeading = makeLabel(QStringLiteral("ticketsHeading"), QStringLiteral("heading"), page);
    l->addWidget(m_ticketsHeading);
    m_tierGrid = new QGridLayout;
    m_tierGrid->setHorizontalSpacing(24);
    m_tierGrid->setVerticalSpacing(24);
    l->addLayout(m_tierGrid);
    m_ticketsTotal = makeLabel(QStringLiteral("ticketsTotal"), QString(), page);
    l->addWidget(m_ticketsTotal);
    l->addStretch(1);
    m_ticketsNext = makeButton(QStringLiteral("ticketsNext"), page, true);
    connect(m_ticketsNext, &QPushButton::clicked, this, &KioskWindow::toQueue);
    l->addWidget(m_ticketsNext);
    addBack(l, page);

    // The line: shown only while the customer waits in it.
    m_screens[Screen::Queue] = makePage(QStringLiteral("queuePage"), &l);
    m_queueHeading =
        makeLabel(QStringLiteral("queueHeading"), QStringLiteral("heading"), m_screens[Screen::Queue]);
    m_queuePosition = makeLabel(QStringLiteral("queuePosition"), QString(), m_screens[Screen::Queue]);
    l->addWidget(m_queueHeading);
    l->addWidget(m_queuePosition);
    l->addStretch(1);
    addBack(l, m_screens[Screen::Queue]);

    // Seats: the shared map, the best seats chosen already, the countdown.
    m_screens[Screen::Seats] = makePage(QStringLiteral("seatsPage"), &l);
    page = m_screens[Screen::Seats];
    m_seatsHeading = makeLabel(QStringLiteral("seatsHeading"), QStringLiteral("heading"), page);
    m_seatsCountdown = makeLabel(QStringLiteral("countdown"), QStringLiteral("countdown"), page);
    m_seatsMessage = makeLabel(QStringLiteral("seatsMessage"), QStringLiteral("notice"), page);
    m_seatsMessage->hide();
    m_takeSuggestion = makeButton(QStringLiteral("takeSuggestion"), page);
    m_takeSuggestion->hide();
    connect(m_takeSuggestion, &QPushButton::clicked, this, [this] {
        if (!m_suggestion.isEmpty())
            m_flow->replaceSelection(m_suggestion);
        m_suggestion.clear();
        m_takeSuggestion->hide();
        m_seatsMessage->hide();
    });
    m_map = new SeatMapWidget(page);
    m_map->setObjectName(QStringLiteral("seatMap"));
    m_map->setSeatMap(&m_flow->seatMap());
    m_map->setHighContrast(m_display.highContrast);
    // The map takes touches; a keypad customer keeps the seats chosen for them.
    m_map->setFocusPolicy(Qt::ClickFocus);
    // The accessible seat list beside the map: blocks of adjacent seats, best first, by keypad and
    // voice; choosing one holds it through the same flow as a touch on the map.
    m_wheelchairFirst = makeButton(QStringLiteral("wheelchairFirst"), page);
    m_wheelchairFirst->setCheckable(true);
    connect(m_wheelchairFirst, &QPushButton::toggled, this, [this] {
        rebuildBlocks();
        if (m_blockList->model() && m_blockList->model()->rowCount() > 0)
            say(m_blocks->spoken(m_blocks->blocks().constFirst()), false);
    });
    m_blocks = new SeatBlockList(this);
    m_blocks->setPricing(
        [this](const QList<int>&) {
            qint64 total = 0;
            for (const TierRow& row : std::as_const(m_tiers))
                total += row.count * row.tier.amountMinor;
            return total;
        },
        QStringLiteral("KRW"));
    m_blockList = new SeatBlockListView(page);
    m_blockList->setBlocks(m_blocks);
    connect(m_blockList, &SeatBlockListView::blockFocused, this, [this](const QString& spoken) {
        if (!m_rebuildingBlocks && QApplication::focusWidget() == m_blockList)
            say(spoken, true);
    });
    connect(m_blockList, &SeatBlockListView::blockChosen, this, &KioskWindow::chooseBlock);
    m_seatsChosen = makeLabel(QStringLiteral("seatsChosen"), QString(), page);
    m_seatsNext = makeButton(QStringLiteral("seatsNext"), page, true);
    connect(m_seatsNext, &QPushButton::clicked, this, &KioskWindow::toSummary);
    l->addWidget(m_seatsHeading);
    l->addWidget(m_seatsCountdown);
    l->addWidget(m_seatsMessage);
    l->addWidget(m_takeSuggestion);
    l->addWidget(m_map, 3);
    l->addWidget(m_wheelchairFirst);
    l->addWidget(m_blockList, 2);
    l->addWidget(m_seatsChosen);
    l->addWidget(m_seatsNext);
    addBack(l, page);

    // Summary with the total.
    m_screens[Screen::Summary] = makePage(QStringLiteral("summaryPage"), &l);
    page = m_screens[Screen::Summary];
    m_summaryHeading = makeLabel(QStringLiteral("summaryHeading"), QStringLiteral("heading"), page);
    m_summaryCountdown = makeLabel(QStringLiteral("summaryCountdown"), QStringLiteral("countdown"), page);
    m_summaryText = makeLabel(QStringLiteral("summaryText"), QString(), page);
    m_payButton = makeButton(QStringLiteral("pay"), page, true);
    connect(m_payButton, &QPushButton::clicked, this, &KioskWindow::pay);
    l->addWidget(m_summaryHeading);
    l->addWidget(m_summaryCountdown);
    l->addWidget(m_summaryText, 1);
    l->addWidget(m_payButton);
    addBack(l, page);

    // Card payment: what is happening, never a success before it is one.
    m_screens[Screen::Payment] = makePage(QStringLiteral("paymentPage"), &l);
    page = m_screens[Screen::Payment];
    m_paymentHeading = makeLabel(QStringLiteral("paymentHeading"), QStringLiteral("heading"), page);
    m_paymentText = makeLabel(QStringLiteral("paymentText"), QString(), page);
    m_paymentRetry = makeButton(QStringLiteral("paymentRetry"), page, true);
    m_paymentCancel = makeButton(QStringLiteral("paymentCancel"), page);
    connect(m_paymentRetry, &QPushButton::clicked, this, &KioskWindow::pay);
    connect(m_paymentCancel, &QPushButton::clicked, this, &KioskWindow::resetToAttract);
    l->addWidget(m_paymentHeading);
    l->addWidget(m_paymentText, 1);
    l->addWidget(m_paymentRetry);
    l->addWidget(m_paymentCancel);

    // Done.
    m_screens[Screen::Done] = makePage(QStringLiteral("donePage"), &l);
    page = m_screens[Screen::Done];
    m_doneHeading = makeLabel(QStringLiteral("doneHeading"), QStringLiteral("heading"), page);
    m_doneText = makeLabel(QStringLiteral("doneText"), QString(), page);
    m_doneQr = makeLabel(QStringLiteral("doneQr"), QString(), page);
    m_doneQr->setAlignment(Qt::AlignCenter);
    m_doneButton = makeButton(QStringLiteral("doneButton"), page, true);
    connect(m_doneButton, &QPushButton::clicked, this, &KioskWindow::resetToAttract);
    l->addWidget(m_doneHeading);
    l->addWidget(m_doneText);
    l->addWidget(m_doneQr, 1);
    l->addWidget(m_doneButton);

    // A calm message and a way on.
    m_screens[Screen::Notice] = makePage(QStringLiteral("noticePage"), &l);
    m_noticeText =
        makeLabel(QStringLiteral("noticeText"), QStringLiteral("notice"), m_screens[Screen::Notice]);
    m_noticeAction = makeButton(QStringLiteral("noticeAction"), m_screens[Screen::Notice], true);
    connect(m_noticeAction, &QPushButton::clicked, this, [this] {
        auto next = std::exchange(m_noticeNext, {});
        if (next)
            next();
        else
            resetToAttract();
    });
    l->addWidget(m_noticeText, 1);
    l->addWidget(m_noticeAction);

    m_screens[Screen::OutOfService] = makePage(QStringLiteral("outOfServicePage"), &l);
    m_outOfService =
        makeLabel(QStringLiteral("outOfService"), QStringLiteral("title"), m_screens[Screen::OutOfService]);
    m_outOfService->setAlignment(Qt::AlignCenter);
    l->addWidget(m_outOfService, 1);

    // Staff exit: the PIN, nothing else.
    m_screens[Screen::Staff] = makePage(QStringLiteral("staffPage"), &l);
    page = m_screens[Screen::Staff];
    m_staffText = makeLabel(QStringLiteral("staffText"), QStringLiteral("heading"), page);
    m_staffPin = new QLineEdit(page);
    m_staffPin->setObjectName(QStringLiteral("staffPin"));
    m_staffPin->setEchoMode(QLineEdit::Password);
    m_staffPin->setContextMenuPolicy(Qt::NoContextMenu);
    m_staffPin->setMaxLength(12);
    connect(m_staffPin, &QLineEdit::returnPressed, this, &KioskWindow::checkStaffPin);
    m_staffConfirm = makeButton(QStringLiteral("staffConfirm"), page, true);
    m_staffCancel = makeButton(QStringLiteral("staffCancel"), page);
    connect(m_staffConfirm, &QPushButton::clicked, this, &KioskWindow::checkStaffPin);
    connect(m_staffCancel, &QPushButton::clicked, this, &KioskWindow::resetToAttract);
    l->addWidget(m_staffText);
    l->addWidget(m_staffPin);
    l->addWidget(m_staffConfirm);
    l->addWidget(m_staffCancel);
    l->addStretch(1);

    // The one extension, offered before the hold ends (WCAG 2.2.1: at least 20 s to answer).
    m_extendBox = new QWidget(this);
    m_extendBox->setObjectName(QStringLiteral("extendPrompt"));
    m_extendBox->setAttribute(Qt::WA_StyledBackground);
    m_extendBox->setStyleSheet(
        QStringLiteral("QWidget#extendPrompt { background: #2b3440; border: 4px solid #4cc38a; }"));
    auto* extendLayout = new QVBoxLayout(m_extendBox);
    extendLayout->setContentsMargins(36, 36, 36, 36);
    m_extendText = makeLabel(QStringLiteral("extendText"), QStringLiteral("heading"), m_extendBox);
    m_extendYes = makeButton(QStringLiteral("extendYes"), m_extendBox, true);
    m_extendNo = makeButton(QStringLiteral("extendNo"), m_extendBox);
    connect(m_extendYes, &QPushButton::clicked, this, [this] {
        m_extendYes->setEnabled(false);
        m_extendText->setText(tr("Asking for more time…"));
        m_flow->extendTime();
    });
    connect(m_extendNo, &QPushButton::clicked, this, [this] {
        m_extendBox->hide();
        focusFirst();
    });
    extendLayout->addWidget(m_extendText);
    extendLayout->addWidget(m_extendYes);
    extendLayout->addWidget(m_extendNo);
    m_extendBox->hide();

    // "Are you still there?" over whatever is shown.
    m_idleBox = new QWidget(this);
    m_idleBox->setObjectName(QStringLiteral("idlePrompt"));
    m_idleBox->setAttribute(Qt::WA_StyledBackground);
    m_idleBox->setStyleSheet(
        QStringLiteral("QWidget#idlePrompt { background: #2b3440; border: 4px solid #ffd166; }"));
    auto* idleLayout = new QVBoxLayout(m_idleBox);
    idleLayout->setContentsMargins(36, 36, 36, 36);
    m_idleText = makeLabel(QStringLiteral("idleText"), QStringLiteral("heading"), m_idleBox);
    m_idleContinue = makeButton(QStringLiteral("idleContinue"), m_idleBox, true);
    connect(m_idleContinue, &QPushButton::clicked, this, [this] {
        m_idlePrompt.stop();
        m_idleBox->hide();
        restartIdle();
        focusFirst();
    });
    idleLayout->addWidget(m_idleText);
    idleLayout->addWidget(m_idleContinue);
    m_idleBox->hide();
    buildToolBar(outer);
}

void KioskWindow::buildToolBar(QVBoxLayout* outer)
{
    // On every screen, within a seated customer's reach at the bottom: help, the display
    // modes, the voice. Last in the focus chain: a screen's own controls come first.
    auto* bar = new QWidget(this);
    bar->setObjectName(QStringLiteral("toolBar"));
    auto* grid = new QGridLayout(bar);
    grid->setContentsMargins(24, 8, 24, 16);
    grid->setSpacing(KioskTheme::touchGap);
    const auto tool = [this, bar](const QString& name, bool checkable) {
        QPushButton* b = makeButton(name, bar);
        b->setProperty("role", QStringLiteral("tool"));
        b->setCheckable(checkable);
        return b;
    };
    m_callHelp = tool(QStringLiteral("callHelp"), false);
    m_largeText = tool(QStringLiteral("largeText"), true);
    m_highContrast = tool(QStringLiteral("highContrast"), true);
    m_lowReach = tool(QStringLiteral("lowReach"), true);
    m_quieter = tool(QStringLiteral("quieter"), false);
    m_louder = tool(QStringLiteral("louder"), false);
    m_slower = tool(QStringLiteral("slower"), false);
    m_faster = tool(QStringLiteral("faster"), false);
    connect(m_callHelp, &QPushButton::clicked, this, &KioskWindow::callForHelp);
    connect(m_largeText, &QPushButton::toggled, this, [this](bool on) {
        KioskDisplay d = m_display;
        d.largeText = on;
        setDisplay(d);
        say(on ? tr("Large text on") : tr("Large text off"), true);
    });
    connect(m_highContrast, &QPushButton::toggled, this, [this](bool on) {
        KioskDisplay d = m_display;
        d.highContrast = on;
        setDisplay(d);
        say(on ? tr("High contrast on") : tr("High contrast off"), true);
    });
    connect(m_lowReach, &QPushButton::toggled, this, [this](bool on) {
        KioskDisplay d = m_display;
        d.lowReach = on;
        setDisplay(d);
        say(on ? tr("Low reach on: everything is in the lower half of the screen") : tr("Low reach off"),
            true);
    });
    connect(m_quieter, &QPushButton::clicked, this, [this] { adjustVoice(-volumeStep, 0); });
    connect(m_louder, &QPushButton::clicked, this, [this] { adjustVoice(volumeStep, 0); });
    connect(m_slower, &QPushButton::clicked, this, [this] { adjustVoice(0, -rateStep); });
    connect(m_faster, &QPushButton::clicked, this, [this] { adjustVoice(0, rateStep); });
    grid->addWidget(m_callHelp, 0, 0);
    grid->addWidget(m_largeText, 0, 1);
    grid->addWidget(m_highContrast, 0, 2);
    grid->addWidget(m_lowReach, 0, 3);
    grid->addWidget(m_quieter, 1, 0);
    grid->addWidget(m_louder, 1, 1);
    grid->addWidget(m_slower, 1, 2);
    grid->addWidget(m_faster, 1, 3);
    for (int c = 0; c < 4; ++c)
        grid->setColumnStretch(c, 1);
    outer->addWidget(bar);
    updateToolBar();
}

void KioskWindow::connectFlow()
{
    connect(m_map, &SeatMapWidget::seatActivated, m_flow, &SaleFlow::toggleSeat);
    connect(m_flow, &SaleFlow::showtimeOpened, this, [this] {
        m_map->reloadSeats();
        m_map->zoomToFit();
        rebuildTiers();
        if (m_screen == Screen::Showtimes)
            showScreen(Screen::Tickets);
    });
    connect(m_flow, &SaleFlow::mapReloaded, m_map, &SeatMapWidget::reloadSeats);
    connect(m_flow, &SaleFlow::seatsUpdated, m_map, &SeatMapWidget::repaintSeats);
    connect(m_flow, &SaleFlow::selectionChanged, this, &KioskWindow::refreshSeats);
    connect(m_flow, &SaleFlow::busyChanged, this, &KioskWindow::refreshSeats);
    connect(m_flow, &SaleFlow::seatsUpdated, this, &KioskWindow::refreshSeats);
    connect(m_flow, &SaleFlow::seatsUpdated, this, [this] {
        if (m_screen == Screen::Seats)
            rebuildBlocks();
    });
    connect(m_flow, &SaleFlow::mapReloaded, this, [this] {
        if (m_screen == Screen::Seats)
            rebuildBlocks();
    });
    connect(m_flow, &SaleFlow::stateChanged, this, &KioskWindow::refreshSeats);
    connect(m_flow, &SaleFlow::countdownTick, this, &KioskWindow::showCountdown);
    connect(m_flow, &SaleFlow::extensionAnswered, this, &KioskWindow::onExtensionAnswered);
    connect(m_flow, &SaleFlow::seatsTaken, this,
            [this](const QList<int>& taken, const QList<int>& suggestion, const QList<SeatRefusal>&) {
                Q_UNUSED(taken);
                m_suggestion = suggestion;
                m_seatsMessage->setText(suggestion.isEmpty()
                                            ? tr("Sorry, someone else just took a seat you wanted. "
                                                 "Please choose other seats.")
                                            : tr("Sorry, someone else just took a seat you wanted. "
                                                 "The nearest seats together are free."));
                m_seatsMessage->show();
                m_takeSuggestion->setVisible(!suggestion.isEmpty());
                if (m_screen != Screen::Seats && m_screen != Screen::Queue)
                    return;
                showScreen(Screen::Seats);
                if (!suggestion.isEmpty())
                    m_takeSuggestion->setFocus(Qt::OtherFocusReason);
            });
    // The card is asked for once the payment step is held and nothing else is on its way.
    const auto askCard = [this] {
        if (m_paying && m_screen == Screen::Payment && m_flow->state() == SaleFlow::State::Payment &&
            !m_flow->isBusy() && !m_cardAsked) {
            m_cardAsked = true;
            m_flow->payCard();
        }
    };
    connect(m_flow, &SaleFlow::stateChanged, this, askCard);
    connect(m_flow, &SaleFlow::busyChanged, this, askCard);
    connect(m_flow, &SaleFlow::paymentPhase, this, &KioskWindow::showPaymentPhase);
    connect(m_flow, &SaleFlow::paymentDeclined, this, [this](const QString&) {
        m_paying = false;
        restartIdle();
        m_paymentHeading->setText(tr("The card was declined"));
        m_paymentText->setText(tr("Nothing was charged. Your seats are still kept for you. You can try again "
                                  "with another card, or cancel."));
        m_paymentRetry->show();
        m_paymentCancel->show();
        m_paymentRetry->setFocus(Qt::OtherFocusReason);
    });
    connect(m_flow, &SaleFlow::problem, this, [this](const QString& text) {
        if (m_screen == Screen::Payment) {
            m_paying = false;
            restartIdle();
            m_paymentHeading->setText(tr("The payment did not go through"));
            m_paymentText->setText(tr("Nothing was charged. %1").arg(text));
            m_paymentRetry->show();
            m_paymentCancel->show();
            m_paymentRetry->setFocus(Qt::OtherFocusReason);
            return;
        }
        if (m_screen == Screen::Seats) {
            m_seatsMessage->setText(text);
            m_seatsMessage->show();
        }
    });
    connect(m_flow, &SaleFlow::completed, this, &KioskWindow::onCompleted);
    connect(m_flow, &SaleFlow::saleEnded, this, &KioskWindow::onSaleEnded);

    connect(m_backend, &TerminalBackend::showtimesLoaded, this, [this](const QList<ShowtimeInfo>& showtimes) {
        m_showtimes = showtimes;
        rebuildFilms();
    });
    connect(m_backend, &TerminalBackend::settingsLoaded, this, [this](const SaleSettings& server) {
        // The kiosk's holds are shorter than the counter's (a kiosk setting); never longer than
        // the server allows.
        SaleSettings s = server;
        s.selectionTtlSeconds = std::min(s.selectionTtlSeconds, m_settings.selectionTtlSeconds);
        m_flow->setSettings(s);
        m_lateSaleMinutes = s.lateSaleMinutes;
        rebuildFilms();
    });
    connect(m_backend, &TerminalBackend::onlineChanged, this,
            [this](bool online, const QString&) { onOnlineChanged(online); });
}

void KioskWindow::retranslate()
{
    m_attractTitle->setText(tr("Buy your tickets here"));
    m_start->setText(tr("Touch to start"));
    m_start->setAccessibleName(tr("Start buying tickets"));
    m_korean->setAccessibleName(QStringLiteral("한국어"));
    m_english->setAccessibleName(QStringLiteral("English"));
    m_filmsHeading->setText(tr("Choose a film"));
    m_showtimesHeading->setText(tr("Choose a time"));
    m_ticketsHeading->setText(tr("How many tickets?"));
    m_ticketsNext->setText(tr("Continue to seats"));
    m_queueHeading->setText(tr("Please wait a moment"));
    m_seatsHeading->setText(tr("Your seats"));
    m_seatsNext->setText(tr("Continue"));
    m_takeSuggestion->setText(tr("Take the nearest seats"));
    m_summaryHeading->setText(tr("Check your order"));
    m_payButton->setText(tr("Pay by card"));
    m_paymentRetry->setText(tr("Try again"));
    m_paymentCancel->setText(tr("Cancel and start over"));
    m_doneButton->setText(tr("Finish"));
    m_idleText->setText(tr("Are you still there? Touch Continue to keep your order."));
    m_idleContinue->setText(tr("Continue"));
    m_extendYes->setText(tr("Yes, more time"));
    m_extendNo->setText(tr("No, thank you"));
    m_outOfService->setText(tr("Out of service. Please buy your tickets at the counter. We are sorry."));
    m_staffConfirm->setText(tr("Close the kiosk"));
    m_staffCancel->setText(tr("Cancel"));
    m_staffPin->setAccessibleName(tr("Staff PIN"));
    for (QPushButton* b : std::as_const(m_backButtons)) {
        b->setText(tr("Back"));
        b->setAccessibleName(tr("Back"));
    }
    m_helpText->setText(tr("Keys: the arrows move, OK chooses, Back goes back, Help calls staff."));
    m_callHelp->setText(tr("Call staff"));
    m_callHelp->setAccessibleName(tr("Call staff"));
    m_callHelp->setAccessibleDescription(tr("Staff at the counter are told to come to this kiosk."));
    m_largeText->setText(tr("Large text"));
    m_highContrast->setText(tr("Contrast"));
    m_highContrast->setAccessibleName(tr("High contrast"));
    m_lowReach->setText(tr("Low reach"));
    m_lowReach->setAccessibleDescription(tr("Moves everything into the lower half of the screen."));
    m_quieter->setText(tr("Quieter"));
    m_louder->setText(tr("Louder"));
    m_slower->setText(tr("Slower"));
    m_faster->setText(tr("Faster"));
    for (QPushButton* b : {m_largeText, m_lowReach, m_quieter, m_louder, m_slower, m_faster})
        b->setAccessibleName(b->text());
    m_wheelchairFirst->setText(tr("Wheelchair spaces first"));
    m_wheelchairFirst->setAccessibleName(tr("Wheelchair spaces and companion seats first"));
    m_blockList->setAccessibleName(tr("Seats together, best first"));
    m_blockList->setAccessibleDescription(
        tr("Up and down move through the blocks of seats; OK chooses one."));
    rebuildFilms();
    updateTierCounts();
    refreshSeats();
}

void KioskWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QString KioskWindow::money(qint64 minor) const
{
    return formatMoney(minor, m_flow->currency(), locale());
}

QString KioskWindow::tierName(const PriceTier& tier)
{
    if (tier.code == QLatin1String("adult"))
        return tr("Adult");
    if (tier.code == QLatin1String("teen"))
        return tr("Teen");
    if (tier.code == QLatin1String("child"))
        return tr("Child");
    if (tier.code == QLatin1String("senior"))
        return tr("Senior");
    return tier.name;
}

bool KioskWindow::customerPresent() const
{
    return m_screen != Screen::Attract && m_screen != Screen::OutOfService;
}

void KioskWindow::showScreen(Screen screen)
{
    m_screen = screen;
    // The stacked pages move the focus themselves: said with the announcement, not before it.
    m_announcing = true;
    m_pages->setCurrentWidget(m_screens.value(screen));
    m_helpText->hide();
    // The offer of more time belongs to the seats and the summary: an ended sale takes it away.
    if (screen != Screen::Seats && screen != Screen::Summary)
        m_extendBox->hide();
    if (screen == Screen::Attract || screen == Screen::OutOfService) {
        m_idle.stop();
        m_idlePrompt.stop();
        m_idleBox->hide();
    } else if (!m_paying) {
        restartIdle();
    }
    m_announcing = true;
    focusFirst();
    m_announcing = false;
    if (screen == Screen::Seats)
        m_spokenSeats.clear();
    announce();
    emit screenChanged(screen);
}

QString KioskWindow::announcement() const
{
    const QString keys = tr("Arrows move, OK chooses, Back goes back, Help calls staff.");
    switch (m_screen) {
    case Screen::Attract:
        return tr("Ticket kiosk. Press OK to start buying tickets. %1").arg(keys);
    case Screen::Films:
        return tr("Choose a film. Films showing: %1. %2").arg(m_filmButtons->count()).arg(keys);
    case Screen::Showtimes:
        return tr("Choose a time. Showings: %1. %2").arg(m_showtimeButtons->count()).arg(keys);
    case Screen::Tickets:
        return tr("How many tickets? Plus and minus for each ticket type, then Continue to seats. %1")
            .arg(m_ticketsTotal->text());
    case Screen::Queue:
        return tr("Please wait a moment. %1").arg(m_queuePosition->text());
    case Screen::Seats:
        return tr("Your seats. The best seats together are chosen for you; Continue keeps them. Above "
                  "Continue, a list of seats together, best first, lets you choose others.");
    case Screen::Summary:
        return tr("Check your order. %1. Pay by card to buy.")
            .arg(m_summaryText->text()
                     .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                     .join(QStringLiteral(". ")));
    case Screen::Payment:
        return tr("Card payment. %1").arg(m_paymentText->text());
    case Screen::Done:
        return tr("%1 %2").arg(m_doneHeading->text(), m_doneText->text());
    case Screen::Notice:
        return m_noticeText->text();
    case Screen::OutOfService:
        return m_outOfService->text();
    case Screen::Staff:
        return m_staffText->text();
    }
    return {};
}

void KioskWindow::announce()
{
    say(announcement(), true);
    if (QWidget* focus = QApplication::focusWidget(); focus && isAncestorOf(focus))
        speakFocus(focus);
}

void KioskWindow::say(const QString& text, bool interrupt)
{
    if (m_voice)
        m_voice->say(text, interrupt ? SpeechPriority::Interrupt : SpeechPriority::Queued);
}

void KioskWindow::speakFocus(QWidget* now)
{
    if (!m_voice || !now || m_announcing || !isAncestorOf(now) || !now->isVisible())
        return;
    QString text = now->accessibleName();
    if (text.isEmpty()) {
        if (auto* b = qobject_cast<QAbstractButton*>(now))
            text = b->text();
    }
    if (now == m_blockList) {
        const QModelIndex current = m_blockList->currentIndex();
        text = current.isValid() ? tr("%1: %2").arg(text, current.data(SeatBlockList::SpokenRole).toString())
                                 : tr("%1: no seats together are free").arg(text);
    }
    if (auto* b = qobject_cast<QAbstractButton*>(now)) {
        if (b->isCheckable())
            text = (b->isChecked() ? tr("%1, on") : tr("%1, off")).arg(text);
        if (!b->isEnabled())
            text = tr("%1, not available").arg(text);
    }
    // A key's move is said at once; a move the kiosk made waits for what is being said.
    say(text, m_keyMove);
}

void KioskWindow::adjustVoice(double volume, double rate)
{
    if (!m_voice)
        return;
    if (volume != 0) {
        m_voice->setVolume(std::max(quietestVolume, m_voice->settings().volume + volume));
        say(tr("Volume %1 percent").arg(std::lround(m_voice->settings().volume * 100)), true);
    }
    if (rate != 0) {
        m_voice->setRate(m_voice->settings().rate + rate);
        const double r = m_voice->settings().rate;
        say(r < 0 ? tr("Slower speech") : r > 0 ? tr("Faster speech") : tr("Normal speech"), true);
    }
}

void KioskWindow::callForHelp()
{
    m_helpText->show();
    if (!m_help || m_screen == Screen::Staff) {
        showHelpStatus(tr("Please ask at the counter: staff there will help you."));
        return;
    }
    if (m_help->stage() == KioskHelp::Stage::Idle)
        showHelpStatus(tr("Calling staff…"));
    m_help->callForHelp();
}

void KioskWindow::showHelpStatus(const QString& text)
{
    m_helpStatus->setText(text);
    m_helpStatus->show();
    say(text, true);
}

void KioskWindow::rebuildBlocks()
{
    if (!m_blocks)
        return;
    const int count = ticketCount();
    const bool wheelchair = m_wheelchairFirst->isChecked();
    // Rebuilt only when the blocks change; the customer's place in the list stays.
    QList<QList<int>> now;
    if (m_flow->state() == SaleFlow::State::Selecting || m_flow->state() == SaleFlow::State::Loading) {
        if (auto ranked = m_flow->seatChoice().rankedBlocks(count, wheelchair))
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
        m_blocks->rebuild(m_flow->seatMap(), m_flow->seatChoice(), count, wheelchair);
    const int at = m_blocks->indexOf(current);
    if (at >= 0 && m_blocksWheelchair == wheelchair)
        m_blockList->setCurrentIndex(m_blocks->index(at));
    m_rebuildingBlocks = false;
}

void KioskWindow::chooseBlock(const QList<int>& seatIds)
{
    if (seatIds.isEmpty() || m_flow->state() != SaleFlow::State::Selecting)
        return;
    m_seatsMessage->hide();
    m_takeSuggestion->hide();
    m_flow->replaceSelection(seatIds);
}

QString KioskWindow::chosenSeatsText() const
{
    QStringList labels;
    for (int id : m_flow->selection()) {
        if (const SeatState* s = m_flow->seatMap().seat(id))
            labels << s->label;
    }
    return labels.join(QStringLiteral(", "));
}

void KioskWindow::focusFirst()
{
    QWidget* page = m_pages->currentWidget();
    QWidget* first = nullptr;
    if (m_screen == Screen::Attract)
        first = m_start;
    else if (m_screen == Screen::Seats)
        first = m_seatsNext;
    else if (m_screen == Screen::Summary)
        first = m_payButton;
    else if (m_screen == Screen::Staff)
        first = m_staffPin;
    else if (m_screen == Screen::Tickets && !m_tiers.isEmpty())
        first = m_tiers.first().plus;
    else if (m_screen == Screen::Films && m_filmButtons->count() > 0)
        first = m_filmButtons->itemAt(0)->widget();
    else if (m_screen == Screen::Showtimes && m_showtimeButtons->count() > 0)
        first = m_showtimeButtons->itemAt(0)->widget();
    if (!first) {
        for (QPushButton* b : page->findChildren<QPushButton*>()) {
            if (b->isVisibleTo(page) && b->isEnabled()) {
                first = b;
                break;
            }
        }
    }
    if (first && first->isEnabled())
        first->setFocus(Qt::OtherFocusReason);
}

void KioskWindow::back()
{
    switch (m_screen) {
    case Screen::Films:
        resetToAttract();
        return;
    case Screen::Showtimes:
        showScreen(Screen::Films);
        return;
    case Screen::Tickets:
        m_flow->cancel();
        showScreen(Screen::Showtimes);
        return;
    case Screen::Queue:
    case Screen::Seats:
        // The seats go back, the line is left; the counts stay.
        leaveQueue();
        m_flow->cancel();
        m_flow->openShowtime(m_showtimeId);
        showScreen(Screen::Tickets);
        return;
    case Screen::Summary:
        showScreen(Screen::Seats);
        return;
    case Screen::Staff:
        resetToAttract();
        return;
    default:
        return;
    }
}

void KioskWindow::help()
{
    callForHelp();
}

void KioskWindow::rebuildFilms()
{
    if (!m_attractFilms)
        return;
    const QDateTime now = QDateTime::currentDateTime();
    QStringList titles;
    QList<int> movies;
    for (const ShowtimeInfo& s : std::as_const(m_showtimes)) {
        if (!SaleRules::isOnSale(s, now, m_lateSaleMinutes) || movies.contains(s.movieId))
            continue;
        movies << s.movieId;
        titles << s.movieTitle;
    }
    m_attractFilms->setText(titles.isEmpty() ? tr("No films on sale now.")
                                             : tr("Showing today:\n%1").arg(titles.join(QLatin1Char('\n'))));
    if (m_screen == Screen::Films || m_filmButtons->count() == 0 || m_screen == Screen::Attract) {
        clearLayout(m_filmButtons);
        for (qsizetype i = 0; i < movies.size(); ++i) {
            const int movie = movies.at(i);
            auto* b =
                new FilmTile(m_posterArt.get(), m_posterShelf, movie, titles.at(i), m_screens[Screen::Films]);
            connect(b, &QPushButton::clicked, this, [this, movie] { chooseFilm(movie); });
            m_filmButtons->addWidget(b, int(i / FilmTile::columns), int(i % FilmTile::columns));
        }
        chainFocus(m_filmButtons, m_screens[Screen::Films]);
    }
    const bool wasEnabled = m_start->isEnabled();
    m_start->setEnabled(!movies.isEmpty());
    if (!wasEnabled && m_start->isEnabled() && m_screen == Screen::Attract)
        m_start->setFocus(Qt::OtherFocusReason);
}

void KioskWindow::chooseFilm(int movieId)
{
    m_movieId = movieId;
    rebuildShowtimes();
    showScreen(Screen::Showtimes);
}

void KioskWindow::rebuildShowtimes()
{
    clearLayout(m_showtimeButtons);
    const QDateTime now = QDateTime::currentDateTime();
    for (const ShowtimeInfo& s : std::as_const(m_showtimes)) {
        if (s.movieId != m_movieId || !SaleRules::isOnSale(s, now, m_lateSaleMinutes) || s.seatsFree <= 0)
            continue;
        QPushButton* b = makeButton(QStringLiteral("showtime-%1").arg(s.id), m_screens[Screen::Showtimes]);
        b->setText(tr("%1 · %2 · %n seat(s) free", nullptr, s.seatsFree)
                       .arg(locale().toString(s.startsAt.toLocalTime().time(), QLocale::ShortFormat),
                            s.auditoriumName));
        b->setAccessibleName(b->text());
        const int id = s.id;
        connect(b, &QPushButton::clicked, this, [this, id] { chooseShowtime(id); });
        m_showtimeButtons->addWidget(b);
    }
    chainFocus(m_showtimeButtons, m_screens[Screen::Showtimes]);
}

void KioskWindow::chooseShowtime(int showtimeId)
{
    m_showtimeId = showtimeId;
    // The map and prices load now; nothing is held until the customer's turn.
    m_flow->openShowtime(showtimeId);
}

void KioskWindow::rebuildTiers()
{
    clearLayout(m_tierGrid);
    m_tiers.clear();
    QWidget* page = m_screens[Screen::Tickets];
    for (const PriceTier& tier : m_flow->tiers()) {
        TierRow row;
        row.tier = tier;
        row.count = m_tiers.isEmpty() ? 1 : 0; // one adult to start with
        const int r = int(m_tiers.size());
        row.name = makeLabel(QStringLiteral("tier-%1").arg(tier.code), QString(), page);
        row.countLabel =
            makeLabel(QStringLiteral("count-%1").arg(tier.code), QStringLiteral("heading"), page);
        row.countLabel->setAlignment(Qt::AlignCenter);
        row.minus = makeButton(QStringLiteral("minus-%1").arg(tier.code), page);
        row.plus = makeButton(QStringLiteral("plus-%1").arg(tier.code), page);
        row.minus->setText(QStringLiteral("−"));
        row.plus->setText(QStringLiteral("+"));
        connect(row.minus, &QPushButton::clicked, this, [this, r] {
            if (m_tiers[r].count > 0)
                --m_tiers[r].count;
            updateTierCounts();
        });
        connect(row.plus, &QPushButton::clicked, this, [this, r] {
            if (ticketCount() < m_flow->seatMap().seats().size() && ticketCount() < 10)
                ++m_tiers[r].count;
            updateTierCounts();
        });
        m_tierGrid->addWidget(row.name, r, 0);
        m_tierGrid->addWidget(row.minus, r, 1);
        m_tierGrid->addWidget(row.countLabel, r, 2);
        m_tierGrid->addWidget(row.plus, r, 3);
        m_tiers << row;
    }
    m_tierGrid->setColumnStretch(0, 1);
    // Reading order: each row's minus, then its plus, row by row, then on.
    QWidget* previous = nullptr;
    for (const TierRow& row : std::as_const(m_tiers)) {
        for (QWidget* w : {static_cast<QWidget*>(row.minus), static_cast<QWidget*>(row.plus)}) {
            if (previous)
                setTabOrder(previous, w);
            previous = w;
        }
    }
    if (previous)
        setTabOrder(previous, m_ticketsNext);
    updateTierCounts();
}

void KioskWindow::updateTierCounts()
{
    qint64 total = 0;
    for (TierRow& row : m_tiers) {
        row.name->setText(QStringLiteral("%1 · %2").arg(tierName(row.tier), money(row.tier.amountMinor)));
        row.countLabel->setText(QString::number(row.count));
        row.minus->setAccessibleName(tr("One %1 ticket less").arg(tierName(row.tier)));
        row.plus->setAccessibleName(tr("One %1 ticket more").arg(tierName(row.tier)));
        row.minus->setEnabled(row.count > 0);
        total += row.count * row.tier.amountMinor;
    }
    if (m_ticketsTotal)
        m_ticketsTotal->setText(tr("%n ticket(s), %1", nullptr, ticketCount()).arg(money(total)));
    if (m_ticketsNext)
        m_ticketsNext->setEnabled(ticketCount() > 0);
}

void KioskWindow::toQueue()
{
    if (ticketCount() <= 0 || m_flow->state() != SaleFlow::State::Selecting)
        return;
    if (!m_watch) {
        toSeats();
        return;
    }
    // Join the line with the sale's own token; invisible when there is no line.
    m_inQueue = true;
    m_queuePosition->setText(tr("Checking whether there is a line…"));
    const int showtime = m_showtimeId;
    const QUuid token = m_flow->holdToken();
    QMetaObject::invokeMethod(m_watch, [watch = m_watch, showtime, token] { watch->join(showtime, token); });
}

void KioskWindow::onTicketChanged(const QueueTicket& ticket)
{
    if (!m_inQueue || m_screen == Screen::Attract)
        return;
    if (ticket.state == TicketState::Waiting) {
        m_queuePosition->setText(tr("There is a line for this showing so that everyone can choose seats in "
                                    "peace.\nYou are number %1.\n%2")
                                     .arg(ticket.position)
                                     .arg(waitText(ticket.etaSeconds)));
        if (m_screen != Screen::Queue)
            showScreen(Screen::Queue);
    } else if (ticket.mayHold() && m_screen == Screen::Tickets) {
        onAdmitted();
    } else if (!ticket.live() && ticket.state != TicketState::Waiting && m_screen == Screen::Queue) {
        showNotice(tr("Your place in the line has ended. Please start again."), tr("Start again"), {});
    }
}

void KioskWindow::onAdmitted()
{
    if (!m_inQueue || (m_screen != Screen::Queue && m_screen != Screen::Tickets))
        return;
    toSeats();
}

void KioskWindow::toSeats()
{
    m_extensionOffered = false;
    m_noMoreTime = false;
    m_seatsMessage->hide();
    m_takeSuggestion->hide();
    if (m_wheelchairFirst->isChecked()) {
        const QSignalBlocker block(m_wheelchairFirst);
        m_wheelchairFirst->setChecked(false);
    }
    m_blocks->clear();
    m_seatsFocusPending = true;
    showScreen(Screen::Seats);
    // The best seats together, chosen for the customer; they may change them on the map or in
    // the list.
    m_flow->selectBest(ticketCount());
    rebuildBlocks();
}

void KioskWindow::applyTiers()
{
    // Ticket types follow the counts, in the order of the seats.
    const QList<int> seats = m_flow->selection();
    qsizetype i = 0;
    for (const TierRow& row : std::as_const(m_tiers)) {
        for (int n = 0; n < row.count && i < seats.size(); ++n, ++i)
            m_flow->setTier(seats.at(i), row.tier.code);
    }
}

void KioskWindow::refreshSeats()
{
    if (!m_seatsChosen)
        return;
    const QList<int> seats = m_flow->selection();
    QStringList labels;
    for (int id : seats) {
        if (const SeatState* s = m_flow->seatMap().seat(id))
            labels << s->label;
    }
    const int wanted = ticketCount();
    m_seatsChosen->setText(labels.isEmpty() ? tr("Touch a seat to choose it.")
                                            : tr("Seats %1 (%2 of %3)")
                                                  .arg(labels.join(QStringLiteral(", ")))
                                                  .arg(labels.size())
                                                  .arg(wanted));
    const bool ready = m_flow->state() == SaleFlow::State::Selecting && !m_flow->isBusy() &&
                       seats.size() == wanted && m_flow->heldSeats() == seats;
    m_seatsNext->setEnabled(ready);
    if (ready && m_screen == Screen::Seats) {
        // Said once the database holds them: "Seats F11, F12 are kept for you."
        const QString chosen = chosenSeatsText();
        if (chosen != m_spokenSeats) {
            m_spokenSeats = chosen;
            say(tr("Seats %1 are kept for you.").arg(chosen), false);
        }
    }
    // A keypad customer finds "Continue" focused once the seats are held.
    auto* focus = qobject_cast<QPushButton*>(QApplication::focusWidget());
    if (ready && m_screen == Screen::Seats &&
        (focus == nullptr || m_backButtons.contains(focus) || std::exchange(m_seatsFocusPending, false)))
        m_seatsNext->setFocus(Qt::OtherFocusReason);
}

void KioskWindow::toSummary()
{
    if (m_flow->selection().size() != ticketCount())
        return;
    applyTiers();
    QStringList lines;
    lines << m_flow->showtime().movieTitle
          << tr("%1, %2").arg(
                 locale().toString(m_flow->showtime().startsAt.toLocalTime(), QLocale::ShortFormat),
                 m_flow->showtime().auditoriumName);
    for (int id : m_flow->selection()) {
        const SeatState* s = m_flow->seatMap().seat(id);
        const QString code = m_flow->tierOf(id);
        QString tier = code;
        for (const TierRow& row : std::as_const(m_tiers)) {
            if (row.tier.code == code)
                tier = tierName(row.tier);
        }
        lines << tr("Seat %1 · %2").arg(s ? s->label : QString::number(id), tier);
    }
    lines << QString() << tr("Total %1").arg(money(m_flow->totalMinor()));
    m_summaryText->setText(lines.join(QLatin1Char('\n')));
    showScreen(Screen::Summary);
}

void KioskWindow::pay()
{
    m_paying = true;
    m_extendBox->hide();
    m_idle.stop(); // the card terminal has its own time
    m_idlePrompt.stop();
    m_idleBox->hide();
    m_paymentHeading->setText(tr("Card payment"));
    m_paymentText->setText(tr("Please insert or tap your card on the terminal."));
    m_cardAsked = false;
    m_paymentRetry->hide();
    m_paymentCancel->hide();
    showScreen(Screen::Payment);
    if (m_flow->state() == SaleFlow::State::Selecting) {
        m_flow->proceedToPayment();
    } else if (m_flow->state() == SaleFlow::State::Payment && !m_flow->isBusy()) {
        m_cardAsked = true;
        m_flow->payCard();
    }
}

void KioskWindow::showPaymentPhase(PaymentPhase phase)
{
    switch (phase) {
    case PaymentPhase::Recording:
    case PaymentPhase::Authorising:
        m_paymentText->setText(tr("Please insert or tap your card on the terminal."));
        return;
    case PaymentPhase::Checking:
        m_paymentText->setText(
            tr("Checking your payment with the bank. This can take a moment; please wait."));
        return;
    case PaymentPhase::Confirming:
    case PaymentPhase::Capturing:
        m_paymentText->setText(tr("Booking your seats…"));
        return;
    case PaymentPhase::Voiding:
        m_paymentText->setText(tr("Your seats could not be booked. Giving the card payment back…"));
        return;
    }
}

void KioskWindow::onCompleted(const ConfirmResult& booking)
{
    m_paying = false;
    m_doneHeading->setText(tr("Thank you!"));
    if (m_printing) {
        m_printCode = booking.code;
        showDone(tr("Printing your tickets…"), false);
        m_printing->print(booking.code);
    } else {
        showDone(tr("Your booking is confirmed. Show this code at the door: %1").arg(booking.code), true);
    }
}

void KioskWindow::showDone(const QString& text, bool withQr)
{
    m_doneText->setText(text);
    const QString code = m_flow->lastBooking().code;
    if (withQr && m_qr && !code.isEmpty()) {
        const QImage qr = m_qr(code);
        m_doneQr->setPixmap(
            QPixmap::fromImage(qr.scaled(360, 360, Qt::KeepAspectRatio, Qt::FastTransformation)));
        m_doneQr->setAccessibleName(tr("QR code of booking %1").arg(code));
    } else {
        m_doneQr->clear();
        m_doneQr->setText(withQr ? code : QString());
    }
    if (m_screen != Screen::Done)
        showScreen(Screen::Done);
    m_idle.stop();
    // The last screen stays a while, unless a print is still on its way.
    if (m_printCode.isEmpty())
        m_doneTimer.start();
}

void KioskWindow::showNotice(const QString& text, const QString& action, std::function<void()> onAction)
{
    m_paying = false;
    m_noticeText->setText(text);
    m_noticeAction->setText(action);
    m_noticeAction->setAccessibleName(action);
    m_noticeNext = std::move(onAction);
    showScreen(Screen::Notice);
}

void KioskWindow::onSaleEnded(SaleFlow::EndReason reason, const QString& message)
{
    if (m_screen == Screen::Attract || m_screen == Screen::OutOfService)
        return;
    leaveQueue();
    if (m_paying) {
        // The payment's outcome could not be known, or the seats were lost: never a success.
        m_paying = false;
        showNotice(tr("We could not finish your payment. Nothing is booked. If your card was charged, the "
                      "charge is given back automatically. Staff at the counter can check it for you.\n%1")
                       .arg(message),
                   tr("Start again"), {});
        return;
    }
    if (reason == SaleFlow::EndReason::Offline)
        return; // the out-of-service screen says it
    // Time ran out: nobody answered the offer of more time either. The notice stays as long as
    // the last screen would, then the kiosk is ready for the next customer.
    if (reason == SaleFlow::EndReason::Expired)
        m_doneTimer.start();
    showNotice(reason == SaleFlow::EndReason::Expired
                   ? tr("The time to choose ran out and the seats were given back. You can start again.")
                   : tr("Your order was cancelled. You can start again."),
               tr("Start again"), {});
}

void KioskWindow::onOnlineChanged(bool online)
{
    if (!online) {
        // Sells nothing while the database is away.
        if (m_paying)
            return; // the payment decides first; its answer comes back through the flow
        leaveQueue();
        if (m_flow->state() != SaleFlow::State::Idle && m_flow->state() != SaleFlow::State::Completed)
            m_flow->cancel();
        showScreen(Screen::OutOfService);
        return;
    }
    // Online (again): what the attract screen shows is read anew.
    const QDateTime now = QDateTime::currentDateTime();
    m_backend->loadSettings();
    m_backend->loadShowtimes(now.addSecs(-3600), QDateTime(now.date().addDays(1), QTime(0, 0)));
    if (m_screen == Screen::OutOfService)
        showScreen(Screen::Attract);
}

void KioskWindow::leaveQueue()
{
    if (!m_inQueue)
        return;
    m_inQueue = false;
    if (m_watch)
        QMetaObject::invokeMethod(m_watch, [watch = m_watch] { watch->leave(); });
}

void KioskWindow::resetToAttract()
{
    // Nothing of the previous customer stays: the seats, the line, the basket, the language.
    m_doneTimer.stop();
    m_idle.stop();
    m_idlePrompt.stop();
    m_idleBox->hide();
    m_extendBox->hide();
    leaveQueue();
    if (m_flow->state() == SaleFlow::State::Completed)
        m_flow->finish();
    else if (m_flow->state() != SaleFlow::State::Idle)
        m_flow->cancel();
    m_paying = false;
    m_printCode.clear();
    m_movieId = 0;
    m_showtimeId = 0;
    m_suggestion.clear();
    m_tiers.clear();
    clearLayout(m_tierGrid);
    clearLayout(m_showtimeButtons);
    m_summaryText->clear();
    m_seatsChosen->clear();
    m_seatsMessage->hide();
    m_doneText->clear();
    m_doneQr->clear();
    m_paymentText->clear();
    m_noticeNext = {};
    m_blocks->clear();
    m_spokenSeats.clear();
    // The next customer starts as every customer does: no call open, the kiosk's own display
    // and voice.
    if (m_help)
        m_help->endCall();
    m_helpStatus->clear();
    m_helpStatus->hide();
    setDisplay({});
    if (m_voice) {
        m_voice->stop();
        // The kiosk's voice again, but the jack is where it is: headphones still plugged in stay
        // heard (the defaults remember the jack as it was when the voice was set).
        VoiceSettings next = m_voiceDefaults;
        next.headphonesConnected = m_voice->settings().headphonesConnected;
        m_voice->setSettings(next);
    }
    if (m_language != QLatin1String("ko"))
        setLanguage(QStringLiteral("ko"));
    if (m_backend->isOnline())
        showScreen(Screen::Attract);
    else
        showScreen(Screen::OutOfService);
}

void KioskWindow::showCountdown(qint64 remainingMs)
{
    const QString text = tr("Your seats are kept for %1").arg(mmss(remainingMs));
    m_seatsCountdown->setText(text);
    m_summaryCountdown->setText(text);
    offerExtension(remainingMs);
}

void KioskWindow::offerExtension(qint64 remainingMs)
{
    if (m_extendBox->isVisible() && m_extendYes->isEnabled())
        m_extendText->setText(
            tr("Your seats are kept for %1 more. Do you need more time?").arg(mmss(remainingMs)));
    if (m_extensionOffered || m_noMoreTime || m_paying || remainingMs <= 0 ||
        remainingMs > m_settings.extensionOfferMs ||
        (m_screen != Screen::Seats && m_screen != Screen::Summary))
        return;
    m_extensionOffered = true;
    m_extendYes->setEnabled(true);
    m_extendYes->show();
    m_extendNo->setText(tr("No, thank you"));
    m_extendText->setText(
        tr("Your seats are kept for %1 more. Do you need more time?").arg(mmss(remainingMs)));
    m_extendBox->setGeometry(rect().adjusted(60, height() / 3, -60, -height() / 3));
    m_extendBox->show();
    m_extendBox->raise();
    m_extendYes->setFocus(Qt::OtherFocusReason);
}

void KioskWindow::onExtensionAnswered(bool granted, int extensionsLeft)
{
    if (granted) {
        // Offered again before the new deadline only while the server allows more.
        m_extensionOffered = false;
        m_noMoreTime = extensionsLeft <= 0;
        m_extendBox->hide();
        focusFirst();
        return;
    }
    m_noMoreTime = true;
    if (m_extendBox->isVisible()) {
        m_extendText->setText(tr("Sorry, no more time can be added. Please finish your order now."));
        m_extendYes->hide();
        m_extendNo->setText(tr("OK"));
        m_extendNo->setFocus(Qt::OtherFocusReason);
    }
}

void KioskWindow::restartIdle()
{
    if (customerPresent() && !m_paying && m_screen != Screen::Done)
        m_idle.start();
}

void KioskWindow::onIdle()
{
    if (!customerPresent() || m_paying)
        return;
    m_idleBox->setGeometry(rect().adjusted(60, height() / 3, -60, -height() / 3));
    m_idleBox->show();
    m_idleBox->raise();
    m_idleContinue->setFocus(Qt::OtherFocusReason);
    m_idlePrompt.start();
}

void KioskWindow::setStaffSession(StaffSession* session)
{
    if (m_staffSignIn || !session)
        return;
    QWidget* page = m_screens[Screen::Staff];
    m_staffSignIn = new StaffSignInWidget(session, PinPurpose::Approve, StaffRole::Supervisor, page);
    // A public machine does not list its staff: the number is typed.
    m_staffSignIn->setShowNames(false);
    m_staffSignIn->hide();
    qobject_cast<QVBoxLayout*>(page->layout())->insertWidget(1, m_staffSignIn, 1);
    connect(m_staffSignIn, &StaffSignInWidget::staffListed, this, [this](int count) {
        if (m_screen != Screen::Staff)
            return;
        // No staff (or the list unreadable): the kiosk's own PIN stays the way out.
        const bool staff = count > 0;
        m_staffSignIn->setVisible(staff);
        m_staffPin->setVisible(!staff);
        m_staffConfirm->setVisible(!staff);
        if (staff)
            m_staffText->setText(tr("Staff: a supervisor's number and PIN close the kiosk."));
        else
            showStaffPinPrompt();
    });
    connect(m_staffSignIn, &StaffSignInWidget::signedIn, this, [this](const PinCheck&) {
        if (m_screen != Screen::Staff)
            return;
        m_leaving = true;
        emit staffExit();
    });
}

void KioskWindow::showStaffPinPrompt()
{
    m_staffText->setText(m_pinCheck
                             ? tr("Staff: enter the PIN to close the kiosk.")
                             : tr("No staff PIN is set on this kiosk (boxoffice-kiosk --set-staff-pin)."));
    m_staffPin->setEnabled(bool(m_pinCheck));
    m_staffConfirm->setEnabled(bool(m_pinCheck));
}

void KioskWindow::openStaff()
{
    if (m_screen == Screen::Staff)
        return;
    // A customer's sale does not survive the staff screen.
    resetToAttract();
    m_wrongPins = 0;
    m_staffPin->clear();
    showStaffPinPrompt();
    if (m_staffSignIn) {
        // Whether the database has staff decides the way out; until it answers, nothing is typed.
        m_staffSignIn->reset();
        m_staffSignIn->hide();
        m_staffPin->setEnabled(false);
        m_staffConfirm->setEnabled(false);
        m_staffText->setText(tr("Staff: one moment…"));
        m_staffSignIn->reload();
    }
    showScreen(Screen::Staff);
}

void KioskWindow::checkStaffPin()
{
    if (m_screen != Screen::Staff || !m_pinCheck)
        return;
    const QString pin = m_staffPin->text();
    m_staffPin->clear();
    if (m_pinCheck(pin)) {
        m_leaving = true;
        emit staffExit();
        return;
    }
    if (++m_wrongPins >= staffTries) {
        resetToAttract();
        return;
    }
    m_staffText->setText(tr("Wrong PIN. Try again."));
}

void KioskWindow::closeEvent(QCloseEvent* event)
{
    // Alt+F4 and the like: only the staff exit closes the kiosk.
    if (m_leaving)
        event->accept();
    else
        event->ignore();
}

bool KioskWindow::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::ContextMenu:
        return true; // no menus on a public machine
    case QEvent::MouseButtonPress:
    case QEvent::TouchBegin:
        if (!m_idleBox->isVisible())
            restartIdle();
        if (event->type() == QEvent::MouseButtonPress) {
            const QPoint at = mapFromGlobal(static_cast<QMouseEvent*>(event)->globalPosition().toPoint());
            if (at.x() >= 0 && at.y() >= 0 && at.x() < staffCornerPx && at.y() < staffCornerPx)
                m_cornerPress.start();
        }
        break;
    case QEvent::MouseButtonRelease:
    case QEvent::TouchEnd:
        m_cornerPress.stop();
        break;
    case QEvent::KeyPress: {
        auto* key = static_cast<QKeyEvent*>(event);
        if (!m_idleBox->isVisible())
            restartIdle();
        m_seatsFocusPending = false; // the customer moves by themselves
        if (!isAncestorOf(qobject_cast<QWidget*>(watched)) && watched != this)
            break;
        // The staff chord, on a service keyboard only (a keypad has no Ctrl or Alt).
        if (key->key() == Qt::Key_F12 &&
            key->modifiers() == (Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier)) {
            openStaff();
            return true;
        }
        if (key->key() == Qt::Key_Backspace && qobject_cast<QLineEdit*>(QApplication::focusWidget()))
            break; // the PIN field's own
        switch (key->key()) {
        case Qt::Key_Up:
        case Qt::Key_Left:
        case Qt::Key_Down:
        case Qt::Key_Right: {
            if (QApplication::focusWidget() == m_map)
                break;
            const bool forward = key->key() == Qt::Key_Down || key->key() == Qt::Key_Right;
            if (QApplication::focusWidget() == m_blockList && m_blockList->model()) {
                // Inside the seat list the arrows move through it; past its ends, on.
                const int row = m_blockList->currentIndex().row();
                const int rows = m_blockList->model()->rowCount();
                if (rows > 0 && (forward ? row < rows - 1 : row > 0))
                    break;
            }
            if (m_idleBox->isVisible())
                return true;
            m_keyMove = true;
            if (m_extendBox->isVisible()) {
                // The prompt's own buttons only, as long as it is open.
                QPushButton* to = forward || !m_extendYes->isVisible() ? m_extendNo : m_extendYes;
                if (to->isEnabled())
                    to->setFocus(Qt::OtherFocusReason);
                m_keyMove = false;
                return true;
            }
            focusNextPrevChild(forward);
            m_keyMove = false;
            return true;
        }
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (auto* button = qobject_cast<QPushButton*>(QApplication::focusWidget())) {
                if (button->isEnabled() && button->isVisible())
                    button->click();
                return true;
            }
            break;
        case Qt::Key_Escape:
        case Qt::Key_Backspace:
            if (m_idleBox->isVisible())
                return true;
            if (m_extendBox->isVisible()) {
                m_extendNo->click(); // Back on the prompt: no more time, the seats stay
                return true;
            }
            back();
            return true;
        case Qt::Key_F1:
        case Qt::Key_Help:
            help();
            return true;
        // The display modes, one key each (docs/KIOSK.md, "Keypad mapping").
        case Qt::Key_F2:
            m_largeText->toggle();
            return true;
        case Qt::Key_F3:
            m_highContrast->toggle();
            return true;
        case Qt::Key_F4:
            m_lowReach->toggle();
            return true;
        // The voice: the keypad's volume key, and its speed.
        case Qt::Key_VolumeDown:
        case Qt::Key_F7:
            adjustVoice(-volumeStep, 0);
            return true;
        case Qt::Key_VolumeUp:
        case Qt::Key_F8:
            adjustVoice(volumeStep, 0);
            return true;
        case Qt::Key_F9:
            adjustVoice(0, -rateStep);
            return true;
        case Qt::Key_F10:
            adjustVoice(0, rateStep);
            return true;
        default:
            break;
        }
        break;
    }
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace bo
