// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUuid>

#include "model/core/clock.h"
#include "model/core/countdown.h"
#include "model/payments/salepayments.h"
#include "model/sale/salebasket.h"
#include "model/sale/salerules.h"
#include "model/sale/seatchoice.h"
#include "model/seats/owedreleases.h"
#include "model/seats/seatholdings.h"
#include "model/seats/seatmap.h"
#include "model/seats/seattypes.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

class SeatDesk;
struct HoldReply;
struct Error;

/// One sale at a terminal, as a state machine the ui only renders:
/// Idle -> Loading -> Selecting (every change holds the whole selection, all or nothing; 5-minute
/// countdown from the first hold) -> Payment (hold extended for the payment countdown; ticket
/// types; cash or card) -> Confirming (the payment and its idempotent confirm, through durable
/// payment intents: SalePayments) -> Completed -> Idle. Cancel releases at once; at 0 the sale
/// ends and its seats are released. Once a payment is on its way it decides for itself.
///
/// One request is on its way at a time. What the clerk selects (`selection()`, the wish) and what
/// the database holds for the sale (as its answers said) are kept apart; whenever an answer
/// arrives, the next request that brings the database closer to the wish goes out. An answer that
/// never came (lost connection) leaves the holdings unknown until the map is reloaded after the
/// reconnect, which tells the truth again. The release of an ended sale is sent again after a
/// reconnect until it is answered. Countdowns run on the monotonic clock from the moment the
/// request was sent, so the terminal's deadline is never later than the database's.
class SaleFlow final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaleFlow)

public:
    enum class State { Idle, Loading, Selecting, Payment, Confirming, Completed };
    Q_ENUM(State)
    enum class EndReason { Cancelled, Expired, Offline };
    Q_ENUM(EndReason)

    /// Every payment and its confirm go through `payments` (not owned): recorded as an
    /// intent before anything is sent. `clock` (not owned) drives the countdowns; null: the
    /// machine's steady clock.
    SaleFlow(SeatDesk* seats, SalePayments* payments, QString terminalName,
             const MonotonicClock* clock = nullptr, QObject* parent = nullptr);
    ~SaleFlow() override;

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] const SeatMap& seatMap() const { return m_map; }
    [[nodiscard]] const ShowtimeInfo& showtime() const { return m_showtime; }
    [[nodiscard]] const QList<PriceTier>& tiers() const { return m_basket.tiers(); }
    /// The seats the clerk has chosen (held, or being held), sorted.
    [[nodiscard]] QList<int> selection() const;
    /// The seats the database holds for this sale, as far as its answers told, sorted.
    [[nodiscard]] QList<int> heldSeats() const;
    [[nodiscard]] bool isBusy() const { return m_flight.kind != Pending::None; }
    [[nodiscard]] QUuid holdToken() const { return m_token; }
    /// Milliseconds left on the current countdown (0 when none runs).
    [[nodiscard]] qint64 remainingMs() const;
    [[nodiscard]] QString tierOf(int seatId) const;
    /// What the seat's kind adds to any ticket type's price at this showtime (premium, couple).
    [[nodiscard]] qint64 surchargeOf(int seatId) const;
    [[nodiscard]] qint64 totalMinor() const;
    [[nodiscard]] QString currency() const;
    [[nodiscard]] const ConfirmResult& lastBooking() const { return m_booking; }
    /// The code of the booking the payment step opened (kept after it is confirmed).
    [[nodiscard]] QString pendingBookingCode() const { return m_bookingCode; }
    /// The change of the last cash payment, in minor units (0 for a card).
    [[nodiscard]] qint64 changeDueMinor() const { return m_changeDueMinor; }
    /// Releases of ended sales not answered yet (sent again after a reconnect).
    [[nodiscard]] int releasesOwed() const { return m_owed.count(); }
    /// What this sale may choose on its map (its own held seats count as free), e.g. for the
    /// kiosk's accessible seat list; valid while the flow lives, reads its current state.
    [[nodiscard]] SeatChoice seatChoice() const { return SeatChoice(m_map, m_sale, m_rules); }

    void setSettings(const SaleSettings& settings) { m_rules = SaleRules(settings); }
    /// The terminal's permanent id, stored with every booking it makes.
    void setTerminalId(const QUuid& id) { m_terminalId = id; }
    /// A counter till's sales: a hold refused because the showtime sells through its admission
    /// queue joins the line as a till (admitted at once) and holds again, once per sale. A kiosk's
    /// sale (the default) waits its turn in the line instead.
    void setJoinsQueueAsTill(bool joins) { m_joinsQueueAsTill = joins; }

public slots:
    /// Opens a showtime for selling: loads its seats and prices (state Loading, then Selecting).
    void openShowtime(int showtimeId);
    void toggleSeat(int seatId);
    /// Replaces the selection with the best `count` adjacent seats available.
    void selectBest(int count);
    /// Replaces the selection with these seats (e.g. a suggested block), all or nothing.
    void replaceSelection(const QList<int>& seatIds);
    void proceedToPayment();
    /// Sets a chosen seat's ticket type (a code on the price list; others are ignored).
    void setTier(int seatId, const QString& tierCode);
    /// Sets every seat's ticket type.
    void setAllTiers(const QString& tierCode);
    void payCash(qint64 tenderedMinor);
    void payCard();
    /// Releases the seats at once and ends the sale (back to Idle).
    void cancel();
    /// After Completed: ready for the next customer.
    void finish();
    /// Asks the server for more time for the current step (capped by the server's
    /// bo_extend_hold); extensionAnswered says how it went.
    void extendTime();
    /// Looks at the clock: countdown ticks, the warning, the end.
    /// A timer calls it every 200 ms while a sale is open.
    void checkTime();

signals:
    void stateChanged(bo::SaleFlow::State state);
    void showtimeOpened();
    void selectionChanged();
    /// Seats whose look changed (other terminals' changes included).
    void seatsUpdated(const QList<int>& seatIds);
    /// The whole map was reloaded (after a reconnect).
    void mapReloaded();
    void countdownTick(qint64 remainingMs);
    /// 60 seconds left in the current step.
    void countdownWarning(qint64 remainingMs);
    /// A hold was refused: `taken[i]` could not be held because of `reasons[i]` (held by another
    /// sale, sold, blocked, or locked at that instant: then the map is read again, never
    /// guessed); `suggestion` is the nearest free block of the same size (may be empty).
    void seatsTaken(const QList<int>& taken, const QList<int>& suggestion,
                    const QList<bo::SeatRefusal>& reasons);
    void saleEnded(bo::SaleFlow::EndReason reason, const QString& message);
    void paymentDeclined(const QString& reason);
    /// Where the payment on its way is: shown as it is, never as a success.
    void paymentPhase(bo::PaymentPhase phase);
    void completed(const bo::ConfirmResult& booking);
    /// The answer to extendTime(): granted (the countdown moved) or refused; how many are left.
    void extensionAnswered(bool granted, int extensionsLeft);
    void problem(const QString& message);
    void busyChanged(bool busy);

private slots:
    void onShowtimeLoaded(int requestId, const bo::ShowtimeInfo& showtime, const QList<bo::SeatState>& seats,
                          const QList<bo::PriceTier>& tiers);
    void onHoldFinished(const bo::HoldReply& reply);
    void onReleaseFinished(int requestId, int seats);
    void onExtendFinished(int requestId, const bo::HoldExtension& extension);
    void onQueueJoined(int requestId);
    void onRequestFailed(int requestId, const bo::Error& error);
    void onSeatsChanged(const bo::SeatChanges& changes);
    void onReconnected();
    void onPaymentPhase(int requestId, bo::PaymentPhase phase);
    void onPaymentFinished(int requestId, const bo::PaymentOutcome& outcome);

private:
    /// The request on its way; Pay: a payment and its confirm through SalePayments.
    enum class Pending { None, Load, Reload, Hold, Release, BeginPayment, Pay, Extend, JoinQueue };
    struct InFlight
    {
        Pending kind = Pending::None;
        int id = 0;
        QList<int> seats; ///< hold / begin payment: asked; release: freed (empty: all)
        qint64 sentAtMs = 0;
    };
    [[nodiscard]] qint64 now() const;
    void setState(State state);
    void send(Pending kind, int requestId, QList<int> seats = {});
    InFlight takeFlight();
    void emitBusyIfChanged();
    /// Sends what brings the database closer to the wish, when nothing is on its way; with
    /// `mayHold` false only releases (after a hold that failed).
    void reconcile(bool mayHold = true);
    void sendHold();
    void sendBeginPayment();
    void sendReload();
    /// The clerk may change the selection now (not while the payment step is asked for).
    [[nodiscard]] bool maySelect() const;
    /// Makes `wish` the selection, or says why it cannot be.
    void choose(const Result<QList<int>>& wish);
    void changeSelection(const QList<int>& wanted);
    void enterPayment(const HoldReply& reply, qint64 sentAtMs);
    void refuseHold(const HoldReply& reply, Pending kind);
    void startCountdown(qint64 deadlineMs);
    void stopCountdown();
    void endSale(EndReason reason, const QString& message);
    void sendOwedRelease(const OwedReleases::Release& owed);
    void complete(const ConfirmResult& result);
    [[nodiscard]] ConfirmRequest confirmRequest() const;
    void sendPay(PaymentMethod method, qint64 tenderedMinor);

    SeatDesk* m_seats;
    QPointer<SalePayments> m_payments;
    QUuid m_bookingId; ///< the sale's pending booking, once the payment step began
    QString m_bookingCode;
    QUuid m_confirmKey; ///< the payment step's confirm key, the same for every payment tried in it
    qint64 m_changeDueMinor = 0;
    QString m_terminal;
    QUuid m_terminalId;
    std::unique_ptr<MonotonicClock> m_ownClock;
    const MonotonicClock* m_clock;
    SaleRules m_rules;
    State m_state = State::Idle;
    ShowtimeInfo m_showtime;
    SeatMap m_map;
    QUuid m_token;
    SeatHoldings m_sale;               ///< the clerk's wish and what the database holds for the sale
    SaleBasket m_basket;               ///< price list and ticket type per seat
    qint64 m_selectionDeadlineMs = -1; ///< the selection's 5 minutes end here; -1: not started
    Countdown m_countdown;
    QTimer m_tick;
    InFlight m_flight;
    bool m_busyShown = false;
    int m_loadingShowtime = 0;
    bool m_paymentWanted = false;    ///< "to payment" was asked; goes out once the selection is held
    bool m_reloadWanted = false;     ///< reload the map once nothing is on its way (after a reconnect)
    bool m_extendWanted = false;     ///< more time was asked; goes out once nothing is on its way
    bool m_outcomeUnknown = false;   ///< a hold or release of this sale was never answered
    bool m_joinsQueueAsTill = false; ///< setJoinsQueueAsTill
    bool m_joinedQueue = false;      ///< this sale joined its showtime's queue as a till
    OwedReleases m_owed;             ///< releases of ended sales not answered yet
    ConfirmResult m_booking;
};

} // namespace bo
