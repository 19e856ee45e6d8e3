// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QMainWindow>
#include <QTimer>
#include <QUuid>

#include "model/sale/saleflow.h"
#include "ui/common/uilanguage.h"
#include "ui/counter/managerscreens.h"

class QLabel;
class QStackedWidget;

namespace bo {

class TillDesk;
class TillMenu;

class PaymentRecords;
class StaffSession;
class StaffSignInWidget;
struct PinCheck;
struct TillStaff;
class TerminalBackend;
class CardSimulator;
class HelpCallBoard;
class HelpCallNotice;
class SalePage;
class TicketPrinting;
class ShowtimeBoard;
class ShowtimeListModel;
class UnresolvedPaymentsDialog;

/// The counter shell: showtime board and sale page in one window, an offline banner, the
/// terminal's name in the title, and a language switch (English / Korean) at run time.
class CounterWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CounterWindow)

public:
    CounterWindow(TerminalBackend* backend, SaleFlow* flow, QString terminalName, QWidget* parent = nullptr);

    /// "en" or "ko"; loads the compiled translation and the locale for dates and money.
    void setLanguage(const QString& code);
    [[nodiscard]] QString language() const { return m_language.code(); }
    [[nodiscard]] ShowtimeBoard* board() const { return m_board; }
    [[nodiscard]] SalePage* salePage() const { return m_sale; }
    [[nodiscard]] bool isShowingBoard() const;
    /// Adds a menu to make the demo card terminal approve, decline, answer slowly or not at all.
    void setCardSimulator(CardSimulator* card);
    /// Adds the menu Payments → Unresolved payments… (Ctrl+U), a manager's view of the money in
    /// doubt on `records`. Without it (tests) the menu is not there.
    void setPaymentRecords(PaymentRecords* records);
    /// Adds the menu Tickets: the print setting (ask / always / never) and Print a booking's
    /// tickets… (Ctrl+P); the sale's last step prints by the setting. Without it no printing.
    void setTicketPrinting(TicketPrinting* printing);
    /// Shows the kiosks' calls for help above the pages (HelpCallNotice) and raises the window
    /// when one arrives. Without it (tests) there is no notice.
    void setHelpCalls(HelpCallBoard* board);
    [[nodiscard]] HelpCallNotice* helpNotice() const { return m_helpNotice; }
    /// Adds the menu Catalogue: Hall layouts… and Week planner…, each asking for a manager's
    /// sign-in (ManagerSignInDialog) before `screens` opens it. Without it (tests) no menu.
    void setManagerScreens(ManagerScreens* screens);
    /// The Till menu: shift, drawer, blind count and refunds through `desk`.
    void setTillDesk(TillDesk* desk, const QString& terminal, const QUuid& terminalId);
    [[nodiscard]] TillMenu* tillMenu() const { return m_tillMenu; }
    /// The tills' staff sign-in: when the database has active staff, the window opens
    /// on the sign-in screen, shows who is signed in, and gets Staff → Lock till (F12) and Sign
    /// out. With no staff in the database, or without this call (tests), nobody signs in and the
    /// counter sells as before (docs/DECISIONS.md, "A counter without staff sells unsigned").
    void setStaffSession(StaffSession* session);
    [[nodiscard]] StaffSignInWidget* signInWidget() const { return m_signIn; }
    [[nodiscard]] bool isShowingSignIn() const;
    /// The member signed in at this till, 0 when nobody (or no sign-in is asked for).
    [[nodiscard]] int signedInStaff() const { return m_signedInId; }

public slots:
    void showBoard();
    void reloadBoard();
    /// Opens (or raises) the view of unresolved payments; nothing without setPaymentRecords().
    void showUnresolvedPayments();
    /// Asks for a booking code and prints its tickets; nothing without setTicketPrinting().
    void printBookingTickets();
    /// Asks for a manager's sign-in and opens `screen`; nothing without setManagerScreens().
    void openManagerScreen(bo::ManagerScreens::Screen screen);
    /// Locks the till: the sign-in screen names who is signed in, and a PIN opens it again.
    void lockTill();
    /// Ends this till's session and returns to the sign-in screen; a sale in progress is cancelled.
    void signOut();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void retranslate();
    void openShowtime(int showtimeId);
    void showNotice(const QString& text, bool alert);
    void updateOfflineBanner();
    void onStaffListed(int count);
    void onTillLoaded(int requestId, const bo::TillStaff& till);
    void onSignedIn(const bo::PinCheck& check);
    void showSignIn(const QString& title);
    void leaveSignIn();
    void updateStaffActions();

    TerminalBackend* m_backend;
    SaleFlow* m_flow;
    QString m_terminal;
    UiLanguage m_language;
    SaleSettings m_settings;
    TillMenu* m_tillMenu = nullptr;
    ShowtimeListModel* m_model = nullptr;
    ShowtimeBoard* m_board = nullptr;
    SalePage* m_sale = nullptr;
    QStackedWidget* m_pages = nullptr;
    QLabel* m_offline = nullptr;
    QDateTime m_offlineSince; ///< null while online
    QLabel* m_notice = nullptr;
    HelpCallNotice* m_helpNotice = nullptr;
    QTimer m_boardRefresh;
    QMenu* m_languageMenu = nullptr;
    QAction* m_english = nullptr;
    QAction* m_korean = nullptr;
    QMenu* m_cardMenu = nullptr;
    QList<QAction*> m_cardActions;
    PaymentRecords* m_paymentRecords = nullptr;
    QMenu* m_paymentsMenu = nullptr;
    QAction* m_unresolvedAction = nullptr;
    UnresolvedPaymentsDialog* m_unresolved = nullptr;
    TicketPrinting* m_printing = nullptr;
    QMenu* m_ticketsMenu = nullptr;
    QMenu* m_printOnConfirmMenu = nullptr;
    QList<QAction*> m_printModeActions; ///< ask, always, never
    QAction* m_printBookingAction = nullptr;
    QString m_menuPrintCode; ///< the booking the menu is printing
    ManagerScreens* m_managerScreens = nullptr;
    QMenu* m_catalogueMenu = nullptr;
    QAction* m_hallLayoutsAction = nullptr;
    QAction* m_weekPlannerAction = nullptr;
    QAction* m_filmsAction = nullptr;
    StaffSession* m_staffSession = nullptr;
    StaffSignInWidget* m_signIn = nullptr;
    QMenu* m_staffMenu = nullptr;
    QAction* m_lockAction = nullptr;
    QAction* m_signOutAction = nullptr;
    QLabel* m_signedInLabel = nullptr;
    QWidget* m_resumePage = nullptr; ///< the page the sign-in screen covers
    bool m_staffKnown = false;       ///< the staff list was read once
    bool m_staffRequired = false;    ///< the database has staff: nothing is sold before a sign-in
    int m_signedInId = 0;
    QString m_signedInName;
    int m_tillRequest = 0; ///< the start's question: who is signed in here already
    QAction* m_reportsAction = nullptr;
};

} // namespace bo
