// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>

#include <QImage>
#include <QList>
#include <QPointer>
#include <QTimer>
#include <QTranslator>
#include <QWidget>

#include "model/help/voice.h"
#include "model/queue/admissionqueue.h"
#include "model/sale/saleflow.h"
#include "model/showtimes/showtimeinfo.h"
#include "model/tickets/ticketprinting.h"
#include "ui/common/kiosktheme.h"

class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QVBoxLayout;

namespace bo {

class AdmissionWatch;
class KioskHelp;
class PosterArt;
class PosterShelf;
class StaffSession;
class StaffSignInWidget;
class SeatBlockList;
class SeatBlockListView;
class SeatMapWidget;
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
    void setAdmissionWatch(AdmissionWatch* watch);
    /// Ticket printing; null: the booking code and its QR are shown instead.
    void setTicketPrinting(TicketPrinting* printing);
    /// Draws a booking code's QR for the screen (from app/tickets); null: the code alone.
    void setQrImage(std::function<QImage(const QString& text)> qr) { m_qr = std::move(qr); }
    /// Checks a staff PIN (app: the Argon2id hash in the settings); null: no staff exit.
    void setStaffPinCheck(std::function<bool(const QString& pin)> check) { m_pinCheck = std::move(check); }
    /// The staff sign-in: when the database has staff, the staff exit takes a
    /// supervisor's or manager's number and PIN through it instead of the kiosk's own PIN (which
    /// stays the way out when there are none). Null: the kiosk's PIN only.
    void setStaffSession(StaffSession* session);
    [[nodiscard]] StaffSignInWidget* staffSignIn() const { return m_staffSignIn; }
    /// The voice guidance: every screen announces itself, focus speaks the focused
    /// control, the seat list its blocks. Null: silent. Not owned.
    void setVoice(Voice* voice);
    /// Calls for help (the Help button and key, F1); null: the kiosk points to the counter.
    void setHelp(KioskHelp* help);
    /// "en" or "ko".
    void setLanguage(const QString& code);
    /// The customer's display modes (large text, high contrast, low reach); cleared when they
    /// leave.
    void setDisplay(const KioskDisplay& display);
    [[nodiscard]] const KioskDisplay& display() const { return m_display; }
    /// What the current screen says when it opens (where the customer is, what they can do).
    [[nodiscard]] QString announcement() const;
    [[nodiscard]] QString language() const { return m_language; }
    [[nodiscard]] Screen screen() const { return m_screen; }
    /// The tickets chosen per type code.
    [[nodiscard]] int ticketCount() const;

signals:
    void screenChanged(bo::KioskWindow::Screen screen);
    /// Staff gave the right PIN: the kiosk may close (the only way out).
    void staffExit();

public slots:
    /// Back to the attract screen: the sale released, the line left, the basket cleared.
    void resetToAttract();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct TierRow
    {
        PriceTier tier;
        int count = 0;
        QLabel* name = nullptr;
        QLabel* countLabel = nullptr;
        QPushButton* minus = nullptr;
        QPushButton* plus = nullptr;
    };

    QWidget* makePage(const QString& name, QVBoxLayout** layout);
    QPushButton* makeButton(const QString& name, QWidget* parent, bool primary = false);
    QLabel* makeLabel(const QString& name, const QString& role, QWidget* parent);
    void buildPages();
    void connectFlow();
    void retranslate();
    void showScreen(Screen screen);
    void back();
    void help();
    void focusFirst();
    void rebuildFilms();
    void rebuildShowtimes();
    void rebuildTiers();
    void updateTierCounts();
    void chooseFilm(int movieId);
    void chooseShowtime(int showtimeId);
    void toQueue();
    void onTicketChanged(const QueueTicket& ticket);
    void onAdmitted();
    void toSeats();
    void applyTiers();
    void refreshSeats();
    void toSummary();
    void pay();
    void showCountdown(qint64 remainingMs);
    void showPaymentPhase(PaymentPhase phase);
    void onCompleted(const ConfirmResult& booking);
    void showDone(const QString& text, bool withQr);
    void showNotice(const QString& text, const QString& action, std::function<void()> onAction);
    void onSaleEnded(SaleFlow::EndReason reason, const QString& message);
    void onOnlineChanged(bool online);
    void leaveQueue();
    void restartIdle();
    void openStaff();
    void offerExtension(qint64 remainingMs);
    void onExtensionAnswered(bool granted, int extensionsLeft);
    void checkStaffPin();
    void showStaffPinPrompt();
    void onIdle();
    void buildToolBar(QVBoxLayout* outer);
    void announce();
    void speakFocus(QWidget* now);
    void say(const QString& text, bool interrupt);
    void adjustVoice(double volumeStep, double rateStep);
    void callForHelp();
    void showHelpStatus(const QString& text);
    void rebuildBlocks();
    void chooseBlock(const QList<int>& seatIds);
    void updateToolBar();
    [[nodiscard]] QString chosenSeatsText() const;
    [[nodiscard]] QString money(qint64 minor) const;
    [[nodiscard]] static QString tierName(const PriceTier& tier);
    [[nodiscard]] bool customerPresent() const;

    TerminalBackend* m_backend;
    SaleFlow* m_flow;
    KioskSettings m_settings;
    QPointer<AdmissionWatch> m_watch;
    QPointer<TicketPrinting> m_printing;
    std::function<QImage(const QString&)> m_qr;
    QString m_language = QStringLiteral("en");
    QTranslator m_translator;
    Screen m_screen = Screen::Attract;
    QList<ShowtimeInfo> m_showtimes;
    int m_movieId = 0;
    int m_showtimeId = 0;
    QList<TierRow> m_tiers;
    bool m_inQueue = false;
    bool m_paying = false;    ///< the card is asked for: idle waits, the end is the payment's
    bool m_cardAsked = false; ///< payCard went out for this try
    int m_lateSaleMinutes = 20;
    QString m_printCode; ///< the booking being printed
    QTimer m_idle;
    QTimer m_idlePrompt;
    QTimer m_doneTimer;
    QTimer m_showtimesRefresh;
    QTimer m_cornerPress; ///< the staff corner's long press
    std::function<bool(const QString&)> m_pinCheck;
    int m_wrongPins = 0;
    bool m_leaving = false; ///< staff exit granted: the window may close

    QPointer<Voice> m_voice;
    QPointer<KioskHelp> m_help;
    KioskDisplay m_display;
    VoiceSettings m_voiceDefaults; ///< what each customer starts with (the kiosk's settings)
    bool m_headphonesIn = false;   ///< headphones-only and plugged in (the voice is heard)
    bool m_announcing = false;     ///< a screen is opening: its announcement speaks the focus
    bool m_keyMove = false;        ///< the focus moves on a key: say it at once (interrupt)
    bool m_rebuildingBlocks = false;
    bool m_seatsFocusPending = false; ///< "Continue" takes the focus once the seats are held
    bool m_blocksWheelchair = false;  ///< the list was built with wheelchair spaces first
    QString m_spokenSeats;            ///< the chosen seats last said

    QStackedWidget* m_pages = nullptr;
    QWidget* m_reachSpacer = nullptr; ///< low reach: the upper part of the screen, left empty
    // on every screen: help, the display modes, the voice
    QLabel* m_helpStatus = nullptr;
    QPushButton* m_callHelp = nullptr;
    QPushButton* m_largeText = nullptr;
    QPushButton* m_highContrast = nullptr;
    QPushButton* m_lowReach = nullptr;
    QPushButton* m_quieter = nullptr;
    QPushButton* m_louder = nullptr;
    QPushButton* m_slower = nullptr;
    QPushButton* m_faster = nullptr;
    QHash<Screen, QWidget*> m_screens;
    // attract
    QLabel* m_attractTitle = nullptr;
    QLabel* m_attractFilms = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_korean = nullptr;
    QPushButton* m_english = nullptr;
    // films / showtimes
    QLabel* m_filmsHeading = nullptr;
    QGridLayout* m_filmButtons = nullptr; ///< FilmTiles, a few a row
    PosterShelf* m_posterShelf = nullptr;
    std::unique_ptr<PosterArt> m_posterArt;
    QLabel* m_showtimesHeading = nullptr;
    QVBoxLayout* m_showtimeButtons = nullptr;
    // tickets
    QLabel* m_ticketsHeading = nullptr;
    QGridLayout* m_tierGrid = nullptr;
    QLabel* m_ticketsTotal = nullptr;
    QPushButton* m_ticketsNext = nullptr;
    // queue
    QLabel* m_queueHeading = nullptr;
    QLabel* m_queuePosition = nullptr;
    // seats
    QLabel* m_seatsHeading = nullptr;
    QLabel* m_seatsCountdown = nullptr;
    QLabel* m_seatsMessage = nullptr;
    SeatMapWidget* m_map = nullptr;
    QLabel* m_seatsChosen = nullptr;
    QPushButton* m_takeSuggestion = nullptr;
    QList<int> m_suggestion;
    QPushButton* m_seatsNext = nullptr;
    SeatBlockList* m_blocks = nullptr;
    SeatBlockListView* m_blockList = nullptr;
    QPushButton* m_wheelchairFirst = nullptr;
    // summary
    QLabel* m_summaryHeading = nullptr;
    QLabel* m_summaryText = nullptr;
    QLabel* m_summaryCountdown = nullptr;
    QPushButton* m_payButton = nullptr;
    // payment
    QLabel* m_paymentHeading = nullptr;
    QLabel* m_paymentText = nullptr;
    QPushButton* m_paymentRetry = nullptr;
    QPushButton* m_paymentCancel = nullptr;
    // done
    QLabel* m_doneHeading = nullptr;
    QLabel* m_doneText = nullptr;
    QLabel* m_doneQr = nullptr;
    QPushButton* m_doneButton = nullptr;
    // notice, out of service
    QLabel* m_noticeText = nullptr;
    QPushButton* m_noticeAction = nullptr;
    std::function<void()> m_noticeNext;
    QLabel* m_outOfService = nullptr;
    // everywhere: back, help, and the idle prompt
    QList<QPushButton*> m_backButtons;
    QLabel* m_idleText = nullptr;
    QPushButton* m_idleContinue = nullptr;
    QWidget* m_idleBox = nullptr;
    QLabel* m_helpText = nullptr;
    // the one extension
    QWidget* m_extendBox = nullptr;
    QLabel* m_extendText = nullptr;
    QPushButton* m_extendYes = nullptr;
    QPushButton* m_extendNo = nullptr;
    bool m_extensionOffered = false; ///< offered for the current deadline
    bool m_noMoreTime = false;       ///< the server said no more (or none left)
    // staff
    QLabel* m_staffText = nullptr;
    QLineEdit* m_staffPin = nullptr;
    QPushButton* m_staffConfirm = nullptr;
    QPushButton* m_staffCancel = nullptr;
    StaffSignInWidget* m_staffSignIn = nullptr;
};

} // namespace bo
