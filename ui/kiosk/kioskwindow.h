// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>

#include <QImage>
#include <QList>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include "model/help/voice.h"
#include "model/queue/admissionqueue.h"
#include "model/sale/saleflow.h"
#include "model/showtimes/showtimeinfo.h"
#include "model/tickets/ticketprinting.h"
#include "ui/common/kiosktheme.h"
#include "ui/common/uilanguage.h"
#include "ui/kiosk/kioskdonepage.h"
#include "ui/kiosk/kioskhelpcall.h"
#include "ui/kiosk/kioskqueuepage.h"
#include "ui/kiosk/kioskstaffpage.h"
#include "ui/kiosk/kioskticketspage.h"

class QStackedWidget;
class QVBoxLayout;

namespace bo {

class AdmissionWatch;
class KioskAttractPage;
class KioskExtendPrompt;
class KioskFilmsPage;
class KioskHelp;
class KioskIdlePrompt;
class KioskKeypad;
class KioskNoticePage;
class KioskOutOfServicePage;
class KioskPage;
class KioskPaymentPage;
class KioskProgramme;
class KioskSeatsPage;
class KioskShowtimesPage;
class KioskSummaryPage;
class KioskToolBar;
class KioskVoiceGuide;
class StaffSession;
class StaffSignInWidget;
class TerminalBackend;
class Voice;

/// The kiosk's own settings (`kiosk/…` in the settings file; tests make the times short).
struct KioskSettings
{
    int selectionTtlSeconds = 180; ///< a kiosk's hold on its seats, shorter than the counter's
    int idleMs = 60000;            ///< without input this long: "are you still there?"
    int idlePromptMs = 20000;      ///< the prompt's own time, then the sale is cleared
    int extensionOfferMs = 30000;  ///< the extension is offered this long before the hold ends
    int doneMs = 15000;            ///< the last screen stays this long
};

/// The self-service kiosk's one window: full screen, frameless, no context menus,
/// touch targets from kiosktheme. Attract (films showing, KO/EN) → film → showtime → tickets per
/// type → queue (only when there is a line) → seats (best available pre-selected) → summary →
/// card → tickets printed → done → attract. Renders the shared SaleFlow, like the counter.
///
/// Keypad: arrows move the focus in reading order, OK (Enter) presses, Back (Esc, Backspace)
/// goes one screen back, Help (F1). Idle: `idleMs` without input, then a prompt; unanswered, the
/// sale is released, the line left and the screen cleared. Idle is suspended while the card
/// terminal works.
///
/// The window is the router, as the counter's window is over its sale page and panels: each
/// screen is a page of its own (KioskPage: KioskAttractPage … KioskStaffPage) owning its widgets
/// (the seats and the payment pages render their steps of the flow themselves); the window wires
/// the SaleFlow's course, the backend and the line to them, decides which page shows, and keeps
/// what spans every screen, each in a helper of its own: the keys and the staff corner
/// (KioskKeypad), idle (KioskIdlePrompt), the offer of more time (KioskExtendPrompt), help
/// (KioskHelpCall), the display modes (KioskToolBar), the voice (KioskVoiceGuide), what is on sale
/// (KioskProgramme); the language and the staff exit are its own.
class KioskWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskWindow)

public:
    enum class Screen {
        Attract,
        Films,
        Showtimes,
        Tickets,
        Queue,
        Seats,
        Summary,
        Payment,
        Done,
        Notice,
        OutOfService,
        Staff
    };
    Q_ENUM(Screen)

    KioskWindow(TerminalBackend* backend, SaleFlow* flow, KioskSettings settings, QWidget* parent = nullptr);
    ~KioskWindow() override;

    /// The admission queue's watch (on its own thread); null: the kiosk never waits in a line.
    void setAdmissionWatch(AdmissionWatch* watch) { m_queuePage->setAdmissionWatch(watch); }
    /// Ticket printing; null: the booking code and its QR are shown instead.
    void setTicketPrinting(TicketPrinting* printing) { m_donePage->setTicketPrinting(printing); }
    /// Draws a booking code's QR for the screen (from app/tickets); null: the code alone.
    void setQrImage(std::function<QImage(const QString& text)> qr) { m_donePage->setQrImage(std::move(qr)); }
    /// Checks a staff PIN (app: the Argon2id hash in the settings); null: no staff exit.
    void setStaffPinCheck(std::function<bool(const QString& pin)> check)
    {
        m_staffPage->setPinCheck(std::move(check));
    }
    /// The staff sign-in: when the database has staff, the staff exit takes a
    /// supervisor's or manager's number and PIN through it instead of the kiosk's own PIN (which
    /// stays the way out when there are none). Null: the kiosk's PIN only.
    void setStaffSession(StaffSession* session) { m_staffPage->setStaffSession(session); }
    [[nodiscard]] StaffSignInWidget* staffSignIn() const { return m_staffPage->staffSignIn(); }
    /// The voice guidance: every screen announces itself, focus speaks the focused
    /// control, the seat list its blocks. Null: silent. Not owned.
    void setVoice(Voice* voice);
    /// Calls for help (the Help button and key, F1); null: the kiosk points to the counter.
    void setHelp(KioskHelp* help) { m_helpCall->setHelp(help); }
    /// "en" or "ko".
    void setLanguage(const QString& code);
    /// The customer's display modes (large text, high contrast, low reach); cleared when they
    /// leave.
    void setDisplay(const KioskDisplay& display);
    [[nodiscard]] const KioskDisplay& display() const { return m_display; }
    /// What the current screen says when it opens (where the customer is, what they can do).
    [[nodiscard]] QString announcement() const;
    [[nodiscard]] QString language() const { return m_language.code(); }
    [[nodiscard]] Screen screen() const { return m_screen; }
    /// The tickets chosen per type code.
    [[nodiscard]] int ticketCount() const { return m_ticketsPage->ticketCount(); }

signals:
    void screenChanged(bo::KioskWindow::Screen screen);
    /// Staff gave the right PIN: the kiosk may close (the only way out).
    void staffExit();

public slots:
    /// Back to the attract screen: the sale released, the line left, the basket cleared.
    void resetToAttract();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    template <typename Page> Page* addPage(Screen screen, Page* page);
    void buildPages();
    void buildToolBar(QVBoxLayout* outer);
    void connectKeypad();
    void connectFlow();
    void retranslate();
    void showScreen(Screen screen);
    void back();
    void focusFirst();
    void rebuildFilms();
    void chooseFilm(int movieId);
    void chooseShowtime(int showtimeId);
    void toQueue();
    void onTicketChanged(const QueueTicket& ticket);
    void onAdmitted();
    void toSeats();
    void toSummary();
    void pay();
    void showCountdown(qint64 remainingMs);
    void onCompleted(const ConfirmResult& booking);
    void onBookingShown();
    void showNotice(const QString& text);
    void onSaleEnded(SaleFlow::EndReason reason, const QString& message);
    void onOnlineChanged(bool online);
    void restartIdle();
    void onIdle();
    void openStaff();
    void leaveByStaff();
    void announce();
    void callForHelp();
    void updateToolBar();
    [[nodiscard]] bool customerPresent() const;

    TerminalBackend* m_backend;
    SaleFlow* m_flow;
    KioskSettings m_settings;
    KioskVoiceGuide* m_guide;
    std::unique_ptr<KioskKeypad> m_keypad; ///< reads every input while the window lives
    UiLanguage m_language;
    Screen m_screen = Screen::Attract;
    KioskProgramme* m_programme = nullptr;
    int m_showtimeId = 0;
    QTimer m_doneTimer;
    bool m_leaving = false; ///< staff exit granted: the window may close

    KioskDisplay m_display;

    QStackedWidget* m_pages = nullptr;
    QHash<Screen, KioskPage*> m_screens;
    QWidget* m_reachSpacer = nullptr; ///< low reach: the upper part of the screen, left empty
    KioskHelpCall* m_helpCall = nullptr;
    KioskAttractPage* m_attractPage = nullptr;
    KioskFilmsPage* m_filmsPage = nullptr;
    KioskShowtimesPage* m_showtimesPage = nullptr;
    KioskTicketsPage* m_ticketsPage = nullptr;
    KioskQueuePage* m_queuePage = nullptr;
    KioskSeatsPage* m_seatsPage = nullptr;
    KioskSummaryPage* m_summaryPage = nullptr;
    KioskPaymentPage* m_paymentPage = nullptr;
    KioskDonePage* m_donePage = nullptr;
    KioskNoticePage* m_noticePage = nullptr;
    KioskOutOfServicePage* m_outOfServicePage = nullptr;
    KioskStaffPage* m_staffPage = nullptr;
    // over every screen: the offer of more time, "are you still there?"; below them, the tools
    KioskExtendPrompt* m_extendBox = nullptr;
    KioskIdlePrompt* m_idleBox = nullptr;
    KioskToolBar* m_toolBar = nullptr;
};

} // namespace bo
