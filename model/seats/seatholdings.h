// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QSet>

namespace bo {

/// The seats of one sale seen twice: the wish (what the clerk chose) and the holdings (what the
/// database holds for the sale, as its answers said), with the seats whose deadline is unknown
/// (found by a reload) and the strays (held for the sale but no part of it: to give back). The
/// sale sends whatever `nextStep` names until the two agree.
class SeatHoldings final
{
public:
    enum class Step {
        InSync,       ///< the database holds exactly the wish
        Hold,         ///< hold the whole wish (a seat is not held, or its deadline is unknown)
        ReleaseAll,   ///< nothing is wished: release every hold of the sale, known or not
        ReleaseExtra, ///< release the held seats no longer wished (`extra()`)
    };

    void clear();

    [[nodiscard]] QList<int> wish() const;
    [[nodiscard]] QList<int> held() const;
    [[nodiscard]] const QSet<int>& wishSet() const { return m_wanted; }
    [[nodiscard]] const QSet<int>& heldSet() const { return m_held; }
    [[nodiscard]] bool isWished(int seatId) const { return m_wanted.contains(seatId); }
    [[nodiscard]] bool isHeld(int seatId) const { return m_held.contains(seatId); }
    /// The held seats no longer wished.
    [[nodiscard]] QList<int> extra() const;
    /// Seats whose look may change: the wish and the holdings together.
    [[nodiscard]] QList<int> all() const;

    /// What brings the database closer to the wish.
    [[nodiscard]] Step nextStep() const;

    /// The clerk's new choice; returns the seats that entered or left it.
    QList<int> setWish(const QSet<int>& wanted);
    /// The wish falls back to what is held, without the seats only a reload found that `asked`
    /// did not include (after a refused or failed hold).
    void fallBackToHeld(const QList<int>& asked);
    /// The wish becomes exactly what is held (a release the database refused).
    void wishWhatIsHeld() { m_wanted = m_held; }

    /// A hold granted `seats`: they are held, with a known deadline.
    void granted(const QList<int>& seats);
    /// `seats` are not (or no longer) held for the sale.
    void lost(const QList<int>& seats);
    /// Every hold of the sale is gone.
    void lostAll();
    /// A reload found `held` held for the sale. Selecting, the holdings become what was found
    /// (seats it did not know have an unknown deadline, seats that ran out become strays);
    /// otherwise (paying) the seats beyond the holdings become strays.
    void reloaded(QSet<int> held, bool selecting);
    /// The strays to give back, forgotten here.
    [[nodiscard]] QList<int> takeStrays();
    [[nodiscard]] bool hasStrays() const { return !m_strays.isEmpty(); }

private:
    QSet<int> m_held;
    QSet<int> m_wanted;
    QSet<int> m_unknownDeadline;
    QSet<int> m_strays;
};

/// The set as a sorted list.
[[nodiscard]] QList<int> sortedSeats(const QSet<int>& seats);

} // namespace bo
