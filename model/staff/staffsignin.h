// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include "model/staff/staff.h"

namespace bo {

/// What became of a PIN typed at a terminal, in the words a cashier reads.
struct PinCheck
{
    PinOutcome outcome = PinOutcome::Unknown;
    int staffId = 0;
    QString name;
    StaffRole role = StaffRole::Cashier;
    int failuresLeft = 0;
    QString message; ///< for everything but Ok: what to tell the person at the keypad

    [[nodiscard]] bool ok() const { return outcome == PinOutcome::Ok; }
};

/// One sign-in for every screen that asks for a PIN (the counter, the kiosk's staff exit, the
/// manager's pages, a supervisor's approval): the server checks the PIN, counts wrong PINs and
/// locks the member after the configured number; this turns its answer into what the person at
/// the keypad reads. The PIN is never stored or logged here. Blocking (the database and its bcrypt
/// check): run it on a worker thread.
class StaffSignIn final
{
    Q_DECLARE_TR_FUNCTIONS(bo::StaffSignIn)

public:
    StaffSignIn(StaffDirectory& directory, QString terminal, QUuid terminalId);

    /// Checks `pin` for member `staffId`. `needed`: the least role the purpose asks for (a cashier's
    /// right PIN for an approval is refused as not enough, after it was counted as right).
    [[nodiscard]] Result<PinCheck> check(int staffId, const QString& pin, PinPurpose purpose,
                                         StaffRole needed = StaffRole::Cashier);

    /// A supervisor's PIN unlocks a locked colleague.
    [[nodiscard]] Result<PinCheck> unlockWith(int lockedStaffId, int supervisorId,
                                              const QString& supervisorPin);

    /// The PIN's form alone (4 to 12 digits): the keypad refuses the rest before any work.
    [[nodiscard]] static bool looksLikePin(const QString& pin);

private:
    StaffDirectory& m_directory;
    QString m_terminal;
    QUuid m_terminalId;
};

} // namespace bo
