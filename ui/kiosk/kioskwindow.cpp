// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskwindow.h"

#include <algorithm>

#include <QApplication>
#include <QCloseEvent>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "model/sale/terminalbackend.h"
#include "ui/kiosk/kioskattractpage.h"
#include "ui/kiosk/kioskextendprompt.h"
#include "ui/kiosk/kioskfilmspage.h"
#include "ui/kiosk/kioskidleprompt.h"
#include "ui/kiosk/kioskkeypad.h"
#include "ui/kiosk/kiosknoticepage.h"
#include "ui/kiosk/kioskoutofservicepage.h"
#include "ui/kiosk/kioskpaymentpage.h"
#include "ui/kiosk/kioskprogramme.h"
#include "ui/kiosk/kioskseatspage.h"
#include "ui/kiosk/kioskshowtimespage.h"
#include "ui/kiosk/kiosksummarypage.h"
#include "ui/kiosk/kiosktheme.h"
#include "ui/kiosk/kiosktoolbar.h"
#include "ui/kiosk/kioskvoiceguide.h"

namespace bo {
namespace {

VoiceLanguage voiceLanguage(const QString& code)
{
    return code == QLatin1String("ko") ? VoiceLanguage::Korean : VoiceLanguage::English;
}

} // namespace

KioskWindow::KioskWindow(TerminalBackend* backend, SaleFlow* flow, KioskSettings settings, QWidget* parent)
    : QWidget(parent)
    , m_backend(backend)
    , m_flow(flow)
    , m_settings(settings)
    , m_guide(new KioskVoiceGuide(this))
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

    m_doneTimer.setSingleShot(true);
    m_doneTimer.setInterval(m_settings.doneMs);
    connect(&m_doneTimer, &QTimer::timeout, this, &KioskWindow::resetToAttract);
    // Every input anywhere restarts the idle time; context menus never open.
    connectKeypad();
    // A blind customer hears where the focus went (docs/KIOSK.md, "Accessibility").
    connect(qApp, &QApplication::focusChanged, m_guide,
            [guide = m_guide](QWidget*, QWidget* now) { guide->speakFocus(now); });
    connect(m_guide, &KioskVoiceGuide::headphonesPluggedIn, this, &KioskWindow::announce);
    retranslate();
    showScreen(Screen::Attract);
}

KioskWindow::~KioskWindow() = default;

void KioskWindow::setVoice(Voice* voice)
{
    m_guide->setVoice(voice, voiceLanguage(m_language.code()));
    updateToolBar();
}

void KioskWindow::setDisplay(const KioskDisplay& display)
{
    m_display = display;
    setPalette(KioskTheme::palette(display.highContrast));
    setStyleSheet(kiosktheme::styleSheet(display));
    // The map paints its own seats: it takes the high-contrast colours from the shared painter.
    if (m_seatsPage)
        m_seatsPage->setHighContrast(display.highContrast);
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
    if (!m_toolBar)
        return;
    m_toolBar->showDisplay(m_display);
    m_toolBar->setVoiceShown(m_guide->hasVoice());
}

void KioskWindow::setLanguage(const QString& code)
{
    const QLocale locale = m_language.apply(code);
    setLocale(locale);
    m_guide->setLanguage(voiceLanguage(m_language.code()));
    if (m_seatsPage)
        m_seatsPage->setBlocksLocale(locale);
    retranslate();
}

template <typename Page> Page* KioskWindow::addPage(Screen screen, Page* page)
{
    m_screens[screen] = page;
    m_pages->addWidget(page);
    connect(page, &KioskPage::backClicked, this, &KioskWindow::back);
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
    m_helpCall = new KioskHelpCall(this);
    connect(m_helpCall, &KioskHelpCall::statusShown, this,
            [this](const QString& text) { m_guide->say(text, true); });
    outer->addWidget(m_helpCall->keysNotice());
    outer->addWidget(m_helpCall->statusNotice());
    outer->addWidget(m_pages, 1);

    // The screens in the order of a sale; each made whole before the next (the focus chain).
    m_attractPage = addPage(Screen::Attract, new KioskAttractPage(m_pages));
    connect(m_attractPage, &KioskAttractPage::startClicked, this, [this] { showScreen(Screen::Films); });
    connect(m_attractPage, &KioskAttractPage::languageChosen, this, &KioskWindow::setLanguage);
    m_filmsPage = addPage(Screen::Films, new KioskFilmsPage(m_backend, m_pages));
    connect(m_filmsPage, &KioskFilmsPage::filmChosen, this, &KioskWindow::chooseFilm);
    m_showtimesPage = addPage(Screen::Showtimes, new KioskShowtimesPage(m_pages));
    connect(m_showtimesPage, &KioskShowtimesPage::showtimeChosen, this, &KioskWindow::chooseShowtime);
    m_ticketsPage = addPage(Screen::Tickets, new KioskTicketsPage(m_flow, m_pages));
    connect(m_ticketsPage, &KioskTicketsPage::nextClicked, this, &KioskWindow::toQueue);
    m_queuePage = addPage(Screen::Queue, new KioskQueuePage(m_pages));
    connect(m_queuePage, &KioskQueuePage::ticketChanged, this, &KioskWindow::onTicketChanged);
    connect(m_queuePage, &KioskQueuePage::admitted, this, &KioskWindow::onAdmitted);
    m_seatsPage = addPage(Screen::Seats, new KioskSeatsPage(m_flow, m_pages));
    m_seatsPage->setHighContrast(m_display.highContrast);
    connect(m_ticketsPage, &KioskTicketsPage::countsChanged, m_seatsPage, &KioskSeatsPage::setTickets);
    connect(m_seatsPage, &KioskSeatsPage::nextClicked, this, &KioskWindow::toSummary);
    connect(m_seatsPage, &KioskSeatsPage::announced, m_guide, &KioskVoiceGuide::say);
    m_summaryPage = addPage(Screen::Summary, new KioskSummaryPage(m_flow, m_pages));
    connect(m_summaryPage, &KioskSummaryPage::payClicked, this, &KioskWindow::pay);
    m_paymentPage = addPage(Screen::Payment, new KioskPaymentPage(m_flow, m_pages));
    connect(m_paymentPage, &KioskPaymentPage::paymentFailed, this, &KioskWindow::restartIdle);
    connect(m_paymentPage, &KioskPaymentPage::retryClicked, this, &KioskWindow::pay);
    connect(m_paymentPage, &KioskPaymentPage::cancelClicked, this, &KioskWindow::resetToAttract);
    m_donePage = addPage(Screen::Done, new KioskDonePage(m_flow, m_pages));
    connect(m_donePage, &KioskDonePage::bookingShown, this, &KioskWindow::onBookingShown);
    connect(m_donePage, &KioskDonePage::finishClicked, this, &KioskWindow::resetToAttract);
    m_noticePage = addPage(Screen::Notice, new KioskNoticePage(m_pages));
    connect(m_noticePage, &KioskNoticePage::finished, this, &KioskWindow::resetToAttract);
    m_outOfServicePage = addPage(Screen::OutOfService, new KioskOutOfServicePage(m_pages));
    m_staffPage = addPage(Screen::Staff, new KioskStaffPage(m_pages));
    connect(m_staffPage, &KioskStaffPage::exitGranted, this, &KioskWindow::leaveByStaff);
    connect(m_staffPage, &KioskStaffPage::triesUsedUp, this, &KioskWindow::resetToAttract);
    connect(m_staffPage, &KioskStaffPage::cancelClicked, this, &KioskWindow::resetToAttract);

    m_extendBox = new KioskExtendPrompt(m_flow, this);
    connect(m_extendBox, &KioskExtendPrompt::dismissed, this, &KioskWindow::focusFirst);
    m_idleBox = new KioskIdlePrompt(m_settings.idleMs, m_settings.idlePromptMs, this);
    connect(m_idleBox, &KioskIdlePrompt::idle, this, &KioskWindow::onIdle);
    connect(m_idleBox, &KioskIdlePrompt::timedOut, this, &KioskWindow::resetToAttract);
    connect(m_idleBox, &KioskIdlePrompt::continued, this, [this] {
        restartIdle();
        focusFirst();
    });
    buildToolBar(outer);
}

void KioskWindow::buildToolBar(QVBoxLayout* outer)
{
    m_toolBar = new KioskToolBar(this);
    connect(m_toolBar, &KioskToolBar::helpClicked, this, &KioskWindow::callForHelp);
    connect(m_toolBar, &KioskToolBar::displayChosen, this, &KioskWindow::setDisplay);
    connect(m_toolBar, &KioskToolBar::voiceAdjusted, m_guide, &KioskVoiceGuide::adjust);
    connect(m_toolBar, &KioskToolBar::announced, this,
            [this](const QString& text) { m_guide->say(text, true); });
    outer->addWidget(m_toolBar);
    updateToolBar();
}

void KioskWindow::connectKeypad()
{
    m_keypad = std::make_unique<KioskKeypad>(this);
    KioskKeypad* keypad = m_keypad.get();
    connect(keypad, &KioskKeypad::touched, this, [this] {
        if (!m_idleBox->isVisible())
            restartIdle();
    });
    connect(keypad, &KioskKeypad::keyPressed, this, [this] {
        if (!m_idleBox->isVisible())
            restartIdle();
        m_seatsPage->clearPendingFocus(); // the customer moves by themselves
    });
    connect(keypad, &KioskKeypad::focusMoveAsked, this, [this](bool forward) {
        if (m_idleBox->isVisible())
            return;
        m_guide->setKeyMove(true);
        if (m_extendBox->isVisible())
            m_extendBox->moveFocus(forward); // the prompt's own buttons only, while it is open
        else
            focusNextPrevChild(forward);
        m_guide->setKeyMove(false);
    });
    connect(keypad, &KioskKeypad::backPressed, this, [this] {
        if (m_idleBox->isVisible())
            return;
        if (m_extendBox->isVisible())
            m_extendBox->decline(); // Back on the prompt: no more time, the seats stay
        else
            back();
    });
    connect(keypad, &KioskKeypad::helpPressed, this, &KioskWindow::callForHelp);
    connect(keypad, &KioskKeypad::largeTextPressed, m_toolBar, &KioskToolBar::toggleLargeText);
    connect(keypad, &KioskKeypad::highContrastPressed, m_toolBar, &KioskToolBar::toggleHighContrast);
    connect(keypad, &KioskKeypad::lowReachPressed, m_toolBar, &KioskToolBar::toggleLowReach);
    connect(keypad, &KioskKeypad::voiceAdjustAsked, m_guide, &KioskVoiceGuide::adjust);
    connect(keypad, &KioskKeypad::staffAsked, this, &KioskWindow::openStaff);
}

void KioskWindow::connectFlow()
{
    // The seats and the payment pages render their steps of the flow themselves; made before
    // these connections, they have the flow's news first.
    connect(m_flow, &SaleFlow::showtimeOpened, this, [this] {
        m_ticketsPage->rebuild();
        if (m_screen == Screen::Showtimes)
            showScreen(Screen::Tickets);
    });
    connect(m_flow, &SaleFlow::countdownTick, this, &KioskWindow::showCountdown);
    connect(m_flow, &SaleFlow::extensionAnswered, m_extendBox, &KioskExtendPrompt::showAnswer);
    connect(m_flow, &SaleFlow::seatsTaken, this, [this] {
        if (m_screen != Screen::Seats && m_screen != Screen::Queue)
            return;
        showScreen(Screen::Seats);
        m_seatsPage->focusSuggestion();
    });
    connect(m_flow, &SaleFlow::completed, this, &KioskWindow::onCompleted);
    connect(m_flow, &SaleFlow::saleEnded, this, &KioskWindow::onSaleEnded);

    m_programme = new KioskProgramme(m_backend, this);
    connect(m_programme, &KioskProgramme::changed, this, &KioskWindow::rebuildFilms);
    connect(m_backend, &TerminalBackend::settingsLoaded, this, [this](const SaleSettings& server) {
        // The kiosk's holds are shorter than the counter's (a kiosk setting); never longer than
        // the server allows.
        SaleSettings s = server;
        s.selectionTtlSeconds = std::min(s.selectionTtlSeconds, m_settings.selectionTtlSeconds);
        m_flow->setSettings(s);
        m_programme->setLateSaleMinutes(s.lateSaleMinutes);
    });
    connect(m_backend, &TerminalBackend::onlineChanged, this,
            [this](bool online, const QString&) { onOnlineChanged(online); });
}

void KioskWindow::retranslate()
{
    for (int i = 0; i < m_pages->count(); ++i)
        static_cast<KioskPage*>(m_pages->widget(i))->retranslate();
    m_idleBox->retranslate();
    m_extendBox->retranslate();
    m_helpCall->retranslate();
    m_toolBar->retranslate();
    rebuildFilms();
    m_ticketsPage->updateCounts();
    m_seatsPage->refresh();
}

void KioskWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

bool KioskWindow::customerPresent() const
{
    return m_screen != Screen::Attract && m_screen != Screen::OutOfService;
}

void KioskWindow::showScreen(Screen screen)
{
    m_screen = screen;
    // The stacked pages move the focus themselves: said with the announcement, not before it.
    m_guide->setAnnouncing(true);
    m_pages->setCurrentWidget(m_screens.value(screen));
    m_helpCall->hideKeys();
    // The offer of more time belongs to the seats and the summary: an ended sale takes it away.
    if (screen != Screen::Seats && screen != Screen::Summary)
        m_extendBox->hide();
    if (screen == Screen::Attract || screen == Screen::OutOfService) {
        m_idleBox->cancel();
    } else if (!m_paymentPage->isPaying()) {
        restartIdle();
    }
    m_guide->setAnnouncing(true);
    focusFirst();
    m_guide->setAnnouncing(false);
    m_screens.value(screen)->opened();
    announce();
    emit screenChanged(screen);
}

QString KioskWindow::announcement() const
{
    const KioskPage* page = m_screens.value(m_screen);
    return page ? page->announcement() : QString();
}

void KioskWindow::announce()
{
    m_guide->announce(announcement());
}

void KioskWindow::callForHelp()
{
    m_helpCall->call(m_screen == Screen::Staff);
}

void KioskWindow::focusFirst()
{
    QWidget* first = m_screens.value(m_screen)->focusTarget();
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
        m_queuePage->leave();
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

void KioskWindow::rebuildFilms()
{
    const KioskProgramme::Films films = m_programme->filmsOnSale();
    m_attractPage->setFilms(films.titles);
    // Further on in a sale the tiles stay as they were (Back comes to them), unless there are none.
    if (m_screen == Screen::Films || m_filmsPage->filmCount() == 0 || m_screen == Screen::Attract)
        m_filmsPage->setFilms(films.movieIds, films.titles);
    m_attractPage->setStartEnabled(!films.movieIds.isEmpty());
}

void KioskWindow::chooseFilm(int movieId)
{
    m_showtimesPage->setShowtimes(m_programme->showingsOf(movieId));
    showScreen(Screen::Showtimes);
}

void KioskWindow::chooseShowtime(int showtimeId)
{
    m_showtimeId = showtimeId;
    // The map and prices load now; nothing is held until the customer's turn.
    m_flow->openShowtime(showtimeId);
}

void KioskWindow::toQueue()
{
    if (ticketCount() <= 0 || m_flow->state() != SaleFlow::State::Selecting)
        return;
    if (!m_queuePage->hasWatch()) {
        toSeats();
        return;
    }
    m_queuePage->join(m_showtimeId, m_flow->holdToken());
}

void KioskWindow::onTicketChanged(const QueueTicket& ticket)
{
    if (m_screen == Screen::Attract)
        return;
    if (ticket.state == TicketState::Waiting) {
        m_queuePage->showTicket(ticket);
        if (m_screen != Screen::Queue)
            showScreen(Screen::Queue);
    } else if (ticket.mayHold() && m_screen == Screen::Tickets) {
        onAdmitted();
    } else if (!ticket.live() && ticket.state != TicketState::Waiting && m_screen == Screen::Queue) {
        showNotice(tr("Your place in the line has ended. Please start again."));
    }
}

void KioskWindow::onAdmitted()
{
    if (!m_queuePage->inLine() || (m_screen != Screen::Queue && m_screen != Screen::Tickets))
        return;
    toSeats();
}

void KioskWindow::toSeats()
{
    m_extendBox->reset();
    m_seatsPage->start();
    showScreen(Screen::Seats);
    // The best seats together, chosen for the customer; they may change them on the map or in
    // the list.
    m_flow->selectBest(ticketCount());
    m_seatsPage->rebuildBlocks();
}

void KioskWindow::toSummary()
{
    if (m_flow->selection().size() != ticketCount())
        return;
    m_ticketsPage->applyTiers();
    m_summaryPage->showOrder([this](const QString& code) { return m_ticketsPage->tierNameOf(code); });
    showScreen(Screen::Summary);
}

void KioskWindow::pay()
{
    m_paymentPage->prepare();
    m_extendBox->hide();
    m_idleBox->cancel(); // the card terminal has its own time
    showScreen(Screen::Payment);
    m_paymentPage->pay();
}

void KioskWindow::onCompleted(const ConfirmResult& booking)
{
    m_paymentPage->stopPaying();
    m_donePage->showBooking(booking);
}

void KioskWindow::onBookingShown()
{
    if (m_screen != Screen::Done)
        showScreen(Screen::Done);
    m_idleBox->pause();
    // The last screen stays a while, unless a print is still on its way.
    if (!m_donePage->isPrinting())
        m_doneTimer.start();
}

void KioskWindow::showNotice(const QString& text)
{
    m_paymentPage->stopPaying();
    m_noticePage->showNotice(text);
    showScreen(Screen::Notice);
}

void KioskWindow::onSaleEnded(SaleFlow::EndReason reason, const QString& message)
{
    if (m_screen == Screen::Attract || m_screen == Screen::OutOfService)
        return;
    m_queuePage->leave();
    if (m_paymentPage->isPaying()) {
        // The payment's outcome could not be known, or the seats were lost: never a success.
        m_paymentPage->stopPaying();
        showNotice(tr("We could not finish your payment. Nothing is booked. If your card was charged, the "
                      "charge is given back automatically. Staff at the counter can check it for you.\n%1")
                       .arg(message));
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
                   : tr("Your order was cancelled. You can start again."));
}

void KioskWindow::onOnlineChanged(bool online)
{
    if (!online) {
        // Sells nothing while the database is away.
        if (m_paymentPage->isPaying())
            return; // the payment decides first; its answer comes back through the flow
        m_queuePage->leave();
        if (m_flow->state() != SaleFlow::State::Idle && m_flow->state() != SaleFlow::State::Completed)
            m_flow->cancel();
        showScreen(Screen::OutOfService);
        return;
    }
    // Online (again): what the attract screen shows is read anew.
    m_backend->loadSettings();
    m_programme->reload();
    if (m_screen == Screen::OutOfService)
        showScreen(Screen::Attract);
}

void KioskWindow::resetToAttract()
{
    // Nothing of the previous customer stays: the seats, the line, the basket, the language.
    m_doneTimer.stop();
    m_idleBox->cancel();
    m_extendBox->hide();
    m_queuePage->leave();
    if (m_flow->state() == SaleFlow::State::Completed)
        m_flow->finish();
    else if (m_flow->state() != SaleFlow::State::Idle)
        m_flow->cancel();
    m_showtimeId = 0;
    for (int i = 0; i < m_pages->count(); ++i)
        static_cast<KioskPage*>(m_pages->widget(i))->reset();
    // The next customer starts as every customer does: no call open, the kiosk's own display
    // and voice.
    m_helpCall->endCall();
    setDisplay({});
    m_guide->resetForNextCustomer();
    if (!m_language.isKorean())
        setLanguage(QStringLiteral("ko"));
    if (m_backend->isOnline())
        showScreen(Screen::Attract);
    else
        showScreen(Screen::OutOfService);
}

void KioskWindow::showCountdown(qint64 remainingMs)
{
    const QString text = tr("Your seats are kept for %1").arg(KioskPage::timeLeftText(remainingMs));
    m_seatsPage->setCountdown(text);
    m_summaryPage->setCountdown(text);
    const bool offerNow = !m_paymentPage->isPaying() && remainingMs > 0 &&
                          remainingMs <= m_settings.extensionOfferMs &&
                          (m_screen == Screen::Seats || m_screen == Screen::Summary);
    m_extendBox->showRemaining(remainingMs, offerNow);
}

void KioskWindow::restartIdle()
{
    if (customerPresent() && !m_paymentPage->isPaying() && m_screen != Screen::Done)
        m_idleBox->restart();
}

void KioskWindow::onIdle()
{
    if (!customerPresent() || m_paymentPage->isPaying())
        return;
    m_idleBox->popUp();
}

void KioskWindow::openStaff()
{
    if (m_screen == Screen::Staff)
        return;
    // A customer's sale does not survive the staff screen.
    resetToAttract();
    m_staffPage->open();
    showScreen(Screen::Staff);
}

void KioskWindow::leaveByStaff()
{
    m_leaving = true;
    emit staffExit();
}

void KioskWindow::closeEvent(QCloseEvent* event)
{
    // Alt+F4 and the like: only the staff exit closes the kiosk.
    if (m_leaving)
        event->accept();
    else
        event->ignore();
}

} // namespace bo
