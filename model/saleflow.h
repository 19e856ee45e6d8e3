// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDeadlineTimer>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <QUuid>

#include "db/catalogstore.h"
#include "db/seattypes.h"
#include "model/seatmap.h"

namespace bo {

class CardTerminal;
class SeatOperations;
struct HoldReply;
struct Error;

/// One sale at a terminal, as a state machine the ui only renders:
/// Idle -> Selecting (every change holds the whole selection, all or nothing; 5-minute countdown
/// from the first hold) -> Payment (hold extended for the payment countdown; ticket types; cash or
/// card) -> Confirming (idempotent confirm) -> Completed -> Idle. Cancel releases at once; at 0 the
/// sale ends and its seats are released. Countdowns run on the monotonic clock from the time the
/// database said was left.
class SaleFlow final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaleFlow)

public:
    enum class State { Idle, Loading, Selecting, Payment, Confirming, Completed };
    Q_ENUM(State)
    enum class EndReason { Cancelled, Expired, Offline };
    Q_ENUM(EndReason)
    enum class PaymentMethod { Cash, Card };

    SaleFlow(SeatOperations* seats, CardTerminal* card, QString terminalName, QObject* parent = nullptr);

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] const SeatMap& seatMap() const { return m_map; }
    [[nodiscard]] const ShowtimeInfo& showtime() const { return m_showtime; }
    [[nodiscard]] const QList<PriceTier>& tiers() const { return m_tiers; }
    [[nodiscard]] QList<int> selection() const; ///< seats held (or being held) by this sale, sorted
    [[nodiscard]] bool isBusy() const { return m_pending != 0 || m_cardInFlight; }
    [[nodiscard]] QUuid holdToken() const { return m_token; }
    /// Milliseconds left on the current countdown (0 when none runs).
    [[nodiscard]] qint64 remainingMs() const;
    [[nodiscard]] QString tierOf(int seatId) const;
    [[nodiscard]] qint64 totalMinor() const;
    [[nodiscard]] QString currency() const;
    [[nodiscard]] const ConfirmResult& lastBooking() const { return m_booking; }
    [[nodiscard]] QString pendingBookingCode() const { return m_pendingCode; }
    [[nodiscard]] qint64 changeDueMinor() const { return m_changeDue; }

    void setSettings(const Settings& settings) { m_settings = settings; }
    /// The terminal's permanent id, stored with every booking it makes.
    void setTerminalId(const QUuid& id) { m_terminalId = id; }

public slots:
    /// Opens a showtime for selling: loads its seats and prices (state Loading, then Selecting).
    void openShowtime(int showtimeId);
    void toggleSeat(int seatId);
    /// Replaces the selection with the best `count` adjacent seats available.
    void selectBest(int count);
    /// Replaces the selection with these seats (e.g. a suggested block), all or nothing.
    void replaceSelection(const QList<int>& seatIds);
    void proceedToPayment();
    void setTier(int seatId, const QString& tierCode);
    /// Sets every seat's ticket type.
    void setAllTiers(const QString& tierCode);
    void payCash(qint64 tenderedMinor);
    void payCard();
    /// Releases the seats at once and ends the sale (back to Idle).
    void cancel();
    /// After Completed: ready for the next customer.
    void finish();

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
    /// Some seats could not be held: `taken` went to someone else; `suggestion` is the nearest
    /// free block of the same size (may be empty).
    void seatsTaken(const QList<int>& taken, const QList<int>& suggestion);
    void saleEnded(bo::SaleFlow::EndReason reason, const QString& message);
    void paymentDeclined(const QString& reason);
    void completed(const bo::ConfirmResult& booking);
    void problem(const QString& message);
    void busyChanged(bool busy);

private slots:
    void onShowtimeLoaded(int requestId, const bo::ShowtimeInfo& showtime, const QList<bo::SeatState>& seats,
                          const QList<bo::PriceTier>& tiers);
    void onHoldFinished(const bo::HoldReply& reply);
    void onReleaseFinished(int requestId, int seats);
    void onConfirmFinished(int requestId, const bo::ConfirmResult& result);
    void onRequestFailed(int requestId, const bo::Error& error);
    void onSeatsChanged(const QString& payload);
    void onReconnected();
    void onCardApproved(const QString& key, const QString& reference, const QString& maskedCard);
    void onCardDeclined(const QString& key, const QString& reason);
    void onTick();

private:
    enum class Pending { None, Hold, Release, BeginPayment, Confirm };

    void setState(State state);
    void requestHold(const QList<int>& wanted);
    void startCountdown(qint64 remainingMs);
    void stopCountdown();
    void endSale(EndReason reason, const QString& message);
    void sendConfirm(const QJsonObject& payment);
    void setPending(Pending kind, int requestId);
    void clearPending();

    SeatOperations* m_backend;
    QPointer<CardTerminal> m_card;
    QString m_terminal;
    QUuid m_terminalId;
    Settings m_settings;
    State m_state = State::Idle;
    ShowtimeInfo m_showtime;
    QList<PriceTier> m_tiers;
    SeatMap m_map;
    QUuid m_token;
    QSet<int> m_held;   ///< granted by the database
    QSet<int> m_wanted; ///< what the clerk selected (held, or being held)
    QHash<int, QString> m_tierBySeat;
    QDeadlineTimer m_deadline{QDeadlineTimer::Forever};
    QDeadlineTimer m_selectionDeadline{QDeadlineTimer::Forever};
    bool m_warned = false;
    QTimer m_tick;
    Pending m_pendingKind = Pending::None;
    int m_pending = 0; ///< outstanding request id (one request at a time)
    int m_confirmRetries = 0;
    bool m_cardInFlight = false;
    int m_loadingShowtime = 0;
    bool m_holdAgain = false;     ///< the selection changed while a hold was in flight
    bool m_paymentWanted = false; ///< "to payment" was asked while a hold was still in flight
    QUuid m_confirmKey;
    QJsonObject m_payment;
    QString m_pendingCode;
    qint64 m_changeDue = 0;
    ConfirmResult m_booking;
};

} // namespace bo
