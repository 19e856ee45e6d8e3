// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/counterwindow.h"

#include <algorithm>

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include "model/help/helpcallboard.h"
#include "model/payments/simulatedpayments.h"
#include "model/sale/postershelf.h"
#include "model/sale/showtimelistmodel.h"
#include "model/sale/terminalbackend.h"
#include "model/staff/staffsession.h"
#include "model/tickets/ticketprinting.h"
#include "ui/common/staffsigninwidget.h"
#include "ui/counter/helpcallnotice.h"
#include "ui/counter/managersignindialog.h"
#include "ui/counter/salepage.h"
#include "ui/counter/showtimeboard.h"
#include "ui/counter/tillmenu.h"
#include "ui/counter/unresolvedpaymentsdialog.h"

namespace bo {

CounterWindow::CounterWindow(TerminalBackend* backend, SaleFlow* flow, QString terminalName, QWidget* parent)
    : QMainWindow(parent)
    , m_backend(backend)
    , m_flow(flow)
    , m_terminal(std::move(terminalName))
{
    setObjectName(QStringLiteral("counterWindow"));
    m_model = new ShowtimeListModel(this);
    m_board = new ShowtimeBoard(m_model, this);
    // Each film's poster read once, whatever the board's refreshes (docs/DECISIONS.md, "Posters on
    // the board and the kiosk").
    m_board->setPosters(new PosterShelf(m_backend, this));
    m_sale = new SalePage(m_flow, this);
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(m_board);
    m_pages->addWidget(m_sale);

    m_offline = new QLabel(this);
    m_offline->setObjectName(QStringLiteral("offlineBanner"));
    m_offline->setAlignment(Qt::AlignCenter);
    // Whatever it says, the banner wraps instead of widening the window.
    m_offline->setWordWrap(true);
    m_offline->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_offline->setStyleSheet(QStringLiteral("QLabel { background: #b00020; color: white; font-weight: bold; "
                                            "padding: 8px; }"));
    m_offline->hide();
    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("noticeBanner"));
    m_notice->setWordWrap(true);
    m_notice->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_notice->hide();

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_offline);
    layout->addWidget(m_notice);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);

    m_languageMenu = menuBar()->addMenu(QString());
    auto* group = new QActionGroup(this);
    m_english = m_languageMenu->addAction(QStringLiteral("English"));
    m_korean = m_languageMenu->addAction(QStringLiteral("한국어"));
    for (QAction* a : {m_english, m_korean}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    m_english->setChecked(true);
    connect(m_english, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("en")); });
    connect(m_korean, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("ko")); });

    // Seat changes anywhere refresh the board's counts, at most twice a second.
    m_boardRefresh.setSingleShot(true);
    m_boardRefresh.setInterval(500);
    connect(&m_boardRefresh, &QTimer::timeout, this, &CounterWindow::reloadBoard);
    connect(m_backend, &TerminalBackend::seatsChanged, this, [this] {
        if (!m_boardRefresh.isActive())
            m_boardRefresh.start();
    });
    connect(m_backend, &TerminalBackend::showtimesLoaded, m_model, &ShowtimeListModel::setShowtimes);
    connect(m_backend, &TerminalBackend::queueWaitingLoaded, m_model, &ShowtimeListModel::setQueueWaiting);
    connect(m_backend, &TerminalBackend::queueChanged, m_model, &ShowtimeListModel::applyQueueChange);
    connect(m_backend, &TerminalBackend::settingsLoaded, this, [this](const SaleSettings& s) {
        m_settings = s;
        m_flow->setSettings(s);
        m_model->setLateSaleMinutes(s.lateSaleMinutes);
    });
    connect(m_backend, &TerminalBackend::onlineChanged, this, [this](bool online, const QString& reason) {
        if (!online && m_offlineSince.isNull())
            m_offlineSince = QDateTime::currentDateTime();
        if (online)
            m_offlineSince = QDateTime();
        // The driver's words (every host, port and user tried) are for the log and the tooltip;
        // the clerk reads what it means.
        m_offline->setToolTip(online ? QString() : reason);
        updateOfflineBanner();
        m_offline->setVisible(!online);
        if (online) {
            m_backend->loadSettings();
            reloadBoard();
        }
    });
    connect(m_backend, &TerminalBackend::reconnected, this, &CounterWindow::reloadBoard);
    connect(m_board, &ShowtimeBoard::dateChanged, this, &CounterWindow::reloadBoard);
    connect(m_board, &ShowtimeBoard::showtimeChosen, this, &CounterWindow::openShowtime);
    connect(m_board, &ShowtimeBoard::nextShowtimeRequested, this, [this] {
        if (m_board->date() != QDate::currentDate()) {
            showNotice(tr("Switch to today to sell the next showtime."), true);
            return;
        }
        if (!m_board->selectNext(m_settings.lateSaleMinutes)) {
            showNotice(tr("No showtime is on sale any more today."), true);
            return;
        }
        openShowtime(m_board->selectedShowtime());
    });
    connect(m_sale, &SalePage::backToBoard, this, &CounterWindow::showBoard);
    connect(m_flow, &SaleFlow::saleEnded, this, [this](SaleFlow::EndReason reason, const QString& message) {
        showNotice(message, reason == SaleFlow::EndReason::Expired);
        showBoard();
    });
    // A sale that could not even open (e.g. offline) reports on the board.
    connect(m_flow, &SaleFlow::problem, this, [this](const QString& message) {
        if (isShowingBoard())
            showNotice(message, true);
    });
    connect(m_flow, &SaleFlow::stateChanged, this, [this](SaleFlow::State state) {
        if (state == SaleFlow::State::Idle && !isShowingBoard())
            showBoard();
    });
    retranslate();
    // As large as a counter screen usually is, never larger than this one.
    const QRect available = screen()->availableGeometry();
    resize(std::min(1280, available.width()), std::min(800, available.height()));
}

void CounterWindow::updateOfflineBanner()
{
    if (m_offlineSince.isNull()) {
        m_offline->clear();
        return;
    }
    m_offline->setText(tr("Offline — the database cannot be reached (since %1). Nothing can be sold until it "
                          "is back. Reconnecting…")
                           .arg(locale().toString(m_offlineSince.time(), QLocale::ShortFormat)));
}

bool CounterWindow::isShowingBoard() const
{
    return m_pages->currentWidget() == m_board;
}

bool CounterWindow::isShowingSignIn() const
{
    return m_signIn && m_pages->currentWidget() == m_signIn;
}

void CounterWindow::setStaffSession(StaffSession* session)
{
    if (m_staffSession || !session)
        return;
    m_staffSession = session;
    m_signIn = new StaffSignInWidget(session, PinPurpose::SignIn, StaffRole::Cashier, this);
    m_pages->addWidget(m_signIn);
    connect(m_signIn, &StaffSignInWidget::staffListed, this, &CounterWindow::onStaffListed);
    connect(m_signIn, &StaffSignInWidget::signedIn, this, &CounterWindow::onSignedIn);
    connect(session, &StaffSession::tillLoaded, this, &CounterWindow::onTillLoaded);
    // A till started while the database was away learns about its staff once it is back: until
    // then it sells nothing anyway (offline), and afterwards not before a sign-in.
    connect(m_backend, &TerminalBackend::onlineChanged, this, [this](bool online) {
        if (online && !m_staffKnown)
            m_signIn->reload();
    });

    m_staffMenu = menuBar()->addMenu(QString());
    m_staffMenu->setObjectName(QStringLiteral("staffMenu"));
    m_lockAction = m_staffMenu->addAction(QString());
    m_lockAction->setObjectName(QStringLiteral("lockTillAction"));
    m_lockAction->setShortcut(QKeySequence(Qt::Key_F12));
    connect(m_lockAction, &QAction::triggered, this, &CounterWindow::lockTill);
    m_signOutAction = m_staffMenu->addAction(QString());
    m_signOutAction->setObjectName(QStringLiteral("signOutAction"));
    connect(m_signOutAction, &QAction::triggered, this, &CounterWindow::signOut);
    m_signedInLabel = new QLabel(this);
    m_signedInLabel->setObjectName(QStringLiteral("signedInLabel"));
    statusBar()->addPermanentWidget(m_signedInLabel);
    m_staffMenu->menuAction()->setVisible(false);
    updateStaffActions();
    retranslate();
    m_signIn->reload();
}

void CounterWindow::onStaffListed(int count)
{
    if (count < 0 || m_staffKnown)
        return;
    m_staffKnown = true;
    // Staff added later reach this till at its next start: a running till never locks itself
    // out in the middle of a sale.
    if (count == 0)
        return;
    m_staffRequired = true;
    m_staffMenu->menuAction()->setVisible(true);
    m_resumePage = m_board;
    showSignIn(QString());
    m_tillRequest = m_staffSession->loadTill();
}

void CounterWindow::onTillLoaded(int requestId, const TillStaff& till)
{
    if (requestId != m_tillRequest || till.staffId == 0)
        return;
    // The server still has a member signed in here (the till was restarted): it opens locked,
    // for their PIN, and the server is told it is locked.
    m_tillRequest = 0;
    m_signedInId = till.staffId;
    m_signedInName = till.name;
    if (!till.locked)
        m_staffSession->lockTill();
    showSignIn(tr("Till locked: %1 is signed in. Their PIN, or another member's, opens it.").arg(till.name));
    m_signIn->select(till.staffId);
}

void CounterWindow::onSignedIn(const PinCheck& check)
{
    m_signedInId = check.staffId;
    m_signedInName = check.name;
    if (m_tillMenu)
        m_tillMenu->refreshShift();
    leaveSignIn();
}

void CounterWindow::lockTill()
{
    if (!m_staffRequired || m_signedInId == 0 || isShowingSignIn())
        return;
    m_resumePage = m_pages->currentWidget();
    m_staffSession->lockTill();
    showSignIn(
        tr("Till locked: %1 is signed in. Their PIN, or another member's, opens it.").arg(m_signedInName));
    m_signIn->select(m_signedInId);
}

void CounterWindow::signOut()
{
    if (!m_staffRequired || m_signedInId == 0 || isShowingSignIn())
        return;
    // The member's sale ends with their session: its seats go back on sale.
    m_flow->cancel();
    m_staffSession->signOut();
    m_signedInId = 0;
    m_signedInName.clear();
    m_resumePage = m_board;
    showSignIn(QString());
}

void CounterWindow::showSignIn(const QString& title)
{
    m_signIn->reset();
    m_signIn->setTitle(title);
    m_notice->hide();
    m_pages->setCurrentWidget(m_signIn);
    m_signIn->reload();
    updateStaffActions();
}

void CounterWindow::leaveSignIn()
{
    QWidget* page = m_resumePage ? m_resumePage : m_board;
    m_resumePage = nullptr;
    // A sale that ended while the till was locked leaves nothing to resume.
    if (page == m_sale && m_flow->state() == SaleFlow::State::Idle)
        page = m_board;
    m_pages->setCurrentWidget(page);
    if (page == m_board) {
        m_board->focusTable();
        reloadBoard();
    }
    updateStaffActions();
}

void CounterWindow::updateStaffActions()
{
    if (!m_staffSession)
        return;
    const bool open = !isShowingSignIn();
    m_lockAction->setEnabled(m_staffRequired && m_signedInId != 0 && open);
    m_signOutAction->setEnabled(m_staffRequired && m_signedInId != 0 && open);
    // Behind the sign-in screen nothing of the till's is at hand; the language and the manager's
    // pages (which ask for their own sign-in) stay.
    for (QMenu* menu : {m_cardMenu, m_paymentsMenu, m_ticketsMenu})
        if (menu)
            menu->menuAction()->setEnabled(open || !m_staffRequired);
    if (!m_staffRequired)
        m_signedInLabel->clear();
    else if (m_signedInId == 0)
        m_signedInLabel->setText(tr("Nobody signed in"));
    else if (!open)
        m_signedInLabel->setText(tr("Locked — %1 (%2)").arg(m_signedInName).arg(m_signedInId));
    else
        m_signedInLabel->setText(tr("Signed in: %1 (%2)").arg(m_signedInName).arg(m_signedInId));
}

void CounterWindow::setCardSimulator(CardSimulator* card)
{
    m_cardMenu = menuBar()->addMenu(QString());
    m_cardMenu->setObjectName(QStringLiteral("cardSimulatorMenu"));
    auto* group = new QActionGroup(this);
    for (const SimulatedCard behaviour :
         {SimulatedCard::Approve, SimulatedCard::Decline, SimulatedCard::Slow, SimulatedCard::NoAnswer}) {
        QAction* action = m_cardMenu->addAction(QString());
        action->setCheckable(true);
        group->addAction(action);
        action->setChecked(card->behaviour() == behaviour);
        connect(action, &QAction::triggered, this, [card, behaviour] { card->setBehaviour(behaviour); });
        m_cardActions << action;
    }
    retranslate();
}

void CounterWindow::setPaymentRecords(PaymentRecords* records)
{
    m_paymentRecords = records;
    m_paymentsMenu = menuBar()->addMenu(QString());
    m_unresolvedAction = m_paymentsMenu->addAction(QString());
    m_unresolvedAction->setObjectName(QStringLiteral("unresolvedPaymentsAction"));
    m_unresolvedAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_U));
    connect(m_unresolvedAction, &QAction::triggered, this, &CounterWindow::showUnresolvedPayments);
    retranslate();
}

void CounterWindow::setHelpCalls(HelpCallBoard* board)
{
    if (m_helpNotice || !board)
        return;
    m_helpNotice = new HelpCallNotice(board, centralWidget());
    auto* layout = qobject_cast<QVBoxLayout*>(centralWidget()->layout());
    layout->insertWidget(layout->indexOf(m_notice) + 1, m_helpNotice);
    connect(board, &HelpCallBoard::helpCalled, this, [this] {
        // At once, whatever the clerk is doing: the notice shows on both pages; the bell and
        // the raised window reach a clerk who looks elsewhere.
        QApplication::beep();
        raise();
        activateWindow();
    });
    board->reload();
}

void CounterWindow::setTicketPrinting(TicketPrinting* printing)
{
    m_printing = printing;
    m_sale->setTicketPrinting(printing);
    m_ticketsMenu = menuBar()->addMenu(QString());
    m_ticketsMenu->setObjectName(QStringLiteral("ticketsMenu"));
    m_printOnConfirmMenu = m_ticketsMenu->addMenu(QString());
    auto* group = new QActionGroup(this);
    const QList<PrintOnConfirm> modes = {PrintOnConfirm::Ask, PrintOnConfirm::Always, PrintOnConfirm::Never};
    for (PrintOnConfirm mode : modes) {
        QAction* action = m_printOnConfirmMenu->addAction(QString());
        action->setObjectName(QStringLiteral("printOnConfirm-") + printOnConfirmName(mode));
        action->setCheckable(true);
        action->setChecked(printing->printOnConfirm() == mode);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, mode] { m_printing->setPrintOnConfirm(mode); });
        m_printModeActions << action;
    }
    m_printBookingAction = m_ticketsMenu->addAction(QString());
    m_printBookingAction->setObjectName(QStringLiteral("printBookingAction"));
    m_printBookingAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    connect(m_printBookingAction, &QAction::triggered, this, &CounterWindow::printBookingTickets);
    connect(printing, &TicketPrinting::printed, this, [this](const PrintedTickets& printed) {
        if (printed.bookingCode != m_menuPrintCode)
            return;
        m_menuPrintCode.clear();
        showNotice(printed.isFile
                       ? tr("Booking %1: tickets saved as a PDF: %2")
                             .arg(printed.bookingCode, QDir::toNativeSeparators(printed.where))
                       : tr("Booking %1: tickets printed on %2.").arg(printed.bookingCode, printed.where),
                   false);
    });
    connect(printing, &TicketPrinting::printFailed, this, [this](const QString& code, const Error& error) {
        if (code != m_menuPrintCode)
            return;
        m_menuPrintCode.clear();
        showNotice(tr("The tickets of booking %1 were not printed: %2").arg(code, error.message), true);
    });
    retranslate();
}

void CounterWindow::setManagerScreens(ManagerScreens* screens)
{
    if (m_managerScreens || !screens)
        return;
    m_managerScreens = screens;
    m_catalogueMenu = menuBar()->addMenu(QString());
    m_catalogueMenu->setObjectName(QStringLiteral("catalogueMenu"));
    m_hallLayoutsAction = m_catalogueMenu->addAction(QString());
    m_hallLayoutsAction->setObjectName(QStringLiteral("hallLayoutsAction"));
    connect(m_hallLayoutsAction, &QAction::triggered, this,
            [this] { openManagerScreen(ManagerScreens::Screen::HallLayouts); });
    m_weekPlannerAction = m_catalogueMenu->addAction(QString());
    m_weekPlannerAction->setObjectName(QStringLiteral("weekPlannerAction"));
    connect(m_weekPlannerAction, &QAction::triggered, this,
            [this] { openManagerScreen(ManagerScreens::Screen::WeekPlanner); });
    m_filmsAction = m_catalogueMenu->addAction(QString());
    m_filmsAction->setObjectName(QStringLiteral("filmsAction"));
    connect(m_filmsAction, &QAction::triggered, this,
            [this] { openManagerScreen(ManagerScreens::Screen::Films); });
    m_reportsAction = m_catalogueMenu->addAction(QString());
    m_reportsAction->setObjectName(QStringLiteral("reportsAction"));
    connect(m_reportsAction, &QAction::triggered, this,
            [this] { openManagerScreen(ManagerScreens::Screen::Reports); });
    retranslate();
}

void CounterWindow::setTillDesk(TillDesk* desk, const QString& terminal, const QUuid& terminalId)
{
    if (m_tillMenu || !desk)
        return;
    m_tillMenu = new TillMenu(this, desk, terminal, terminalId, [this] { return m_settings.currency; });
    m_tillMenu->refreshShift();
    retranslate();
}

void CounterWindow::openManagerScreen(ManagerScreens::Screen screen)
{
    if (!m_managerScreens)
        return;
    // With staff in the database a manager's PIN comes first (the same sign-in as the till's).
    ManagerSignInDialog dialog(*m_managerScreens, screen, m_staffRequired ? m_staffSession : nullptr, this);
    dialog.exec();
}

void CounterWindow::printBookingTickets()
{
    if (!m_printing)
        return;
    bool ok = false;
    const QString code =
        QInputDialog::getText(this, tr("Print a booking's tickets"), tr("Booking code (XXXX-XXXX):"),
                              QLineEdit::Normal, QString(), &ok)
            .trimmed()
            .toUpper();
    if (!ok || code.isEmpty())
        return;
    m_menuPrintCode = code;
    showNotice(tr("Printing the tickets of booking %1…").arg(code), false);
    m_printing->print(code);
}

void CounterWindow::showUnresolvedPayments()
{
    if (!m_paymentRecords)
        return;
    if (!m_unresolved)
        m_unresolved = new UnresolvedPaymentsDialog(m_paymentRecords, this);
    m_unresolved->show();
    m_unresolved->raise();
    m_unresolved->activateWindow();
}

void CounterWindow::showBoard()
{
    if (isShowingSignIn()) {
        // The sale ended behind the lock: the board comes back with the sign-in.
        m_resumePage = m_board;
        reloadBoard();
        return;
    }
    m_pages->setCurrentWidget(m_board);
    m_board->focusTable();
    reloadBoard();
}

void CounterWindow::reloadBoard()
{
    const QDateTime from(m_board->date(), QTime(0, 0));
    m_backend->loadShowtimes(from, from.addDays(1));
}

void CounterWindow::openShowtime(int showtimeId)
{
    if (isShowingSignIn())
        return;
    // Until the till knows whether its database has staff, it does not know whether it may sell
    // without a sign-in.
    if (m_staffSession && !m_staffKnown) {
        showNotice(tr("One moment: the till is checking who may sell here."), true);
        m_signIn->reload();
        return;
    }
    if (!m_backend->isOnline()) {
        showNotice(tr("The database cannot be reached; nothing can be sold offline."), true);
        return;
    }
    m_notice->hide();
    m_flow->openShowtime(showtimeId);
    m_pages->setCurrentWidget(m_sale);
}

void CounterWindow::showNotice(const QString& text, bool alert)
{
    m_notice->setText(text);
    m_notice->setStyleSheet(
        alert ? QStringLiteral("QLabel { background: #fff4ce; color: #3b2f00; padding: 8px; "
                               "font-weight: bold; }")
              : QStringLiteral("QLabel { background: #e8f0fe; color: #0b2a5b; padding: 8px; }"));
    m_notice->show();
}

void CounterWindow::setLanguage(const QString& code)
{
    const QLocale locale = m_language.apply(code);
    setLocale(locale);
    m_model->setLocale(locale);
    (m_language.isKorean() ? m_korean : m_english)->setChecked(true);
    retranslate();
}

void CounterWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void CounterWindow::closeEvent(QCloseEvent* event)
{
    // Never leave seats held behind: a closing till releases its sale.
    m_flow->cancel();
    event->accept();
}

void CounterWindow::retranslate()
{
    setWindowTitle(tr("Box office — %1").arg(m_terminal));
    m_languageMenu->setTitle(tr("&Language"));
    if (m_tillMenu)
        m_tillMenu->retranslate();
    if (m_cardMenu) {
        m_cardMenu->setTitle(tr("&Card terminal (demo)"));
        m_cardActions.at(0)->setText(tr("Approve payments"));
        m_cardActions.at(1)->setText(tr("Decline payments"));
        m_cardActions.at(2)->setText(tr("Answer slowly, then approve"));
        m_cardActions.at(3)->setText(tr("Never answer (the payment is checked)"));
    }
    if (m_paymentsMenu) {
        m_paymentsMenu->setTitle(tr("&Payments"));
        m_unresolvedAction->setText(tr("&Unresolved payments…"));
    }
    if (m_ticketsMenu) {
        m_ticketsMenu->setTitle(tr("&Tickets"));
        m_printOnConfirmMenu->setTitle(tr("Print on confirm"));
        m_printModeActions.at(0)->setText(tr("Ask"));
        m_printModeActions.at(1)->setText(tr("Always"));
        m_printModeActions.at(2)->setText(tr("Never"));
        m_printBookingAction->setText(tr("Print a booking's tickets…"));
    }
    if (m_catalogueMenu) {
        m_catalogueMenu->setTitle(tr("C&atalogue"));
        m_hallLayoutsAction->setText(tr("&Hall layouts…"));
        m_weekPlannerAction->setText(tr("&Week planner…"));
        m_filmsAction->setText(tr("&Films…"));
        m_reportsAction->setText(tr("&Reports…"));
    }
    if (m_staffMenu) {
        m_staffMenu->setTitle(tr("&Staff"));
        m_lockAction->setText(tr("&Lock till"));
        m_signOutAction->setText(tr("Sign &out"));
        updateStaffActions();
    }
    statusBar()->showMessage(tr("Terminal %1").arg(m_terminal));
    updateOfflineBanner();
}

} // namespace bo
