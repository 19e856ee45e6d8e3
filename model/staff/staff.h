// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QUuid>

#include <optional>

#include "model/core/result.h"

namespace bo {

/// What a member of staff may do, in rising order: a supervisor approves what a cashier may not
/// do alone (refunds over the limit, unlocking a colleague), a manager runs the manager's pages.
enum class StaffRole { Cashier, Supervisor, Manager };

[[nodiscard]] QString staffRoleName(StaffRole role); ///< "cashier", ...
[[nodiscard]] std::optional<StaffRole> staffRoleFromName(const QString& name);
[[nodiscard]] bool staffRoleAtLeast(StaffRole role, StaffRole needed);

struct StaffMember
{
    int id = 0; ///< the staff number, typed at the keypad
    QString name;
    StaffRole role = StaffRole::Cashier;
    bool active = true;
    bool locked = false; ///< too many wrong PINs: a supervisor unlocks
    int failedPins = 0;
    QDateTime createdAt;    ///< UTC
    QDateTime lastSignInAt; ///< UTC; invalid when never
    bool hasPin = true;     ///< false until a manager sets one (cleared by the upgrade to 0040)
};

/// Why a PIN is asked for.
enum class PinPurpose {
    SignIn,  ///< the member sells at this till from now on
    Approve, ///< a supervisor's PIN for someone else's action
    Manager, ///< the manager's pages
};

/// NoPin: the member has no PIN the server can check (none set since the upgrade to server-checked
/// PINs, migration 0040): a manager sets one.
enum class PinOutcome { Ok, WrongPin, Locked, Disabled, Unknown, NoPin };

/// The server's answer to a PIN.
struct PinResult
{
    PinOutcome outcome = PinOutcome::Unknown;
    QString name; ///< empty for Unknown
    StaffRole role = StaffRole::Cashier;
    int failuresLeft = 0; ///< with WrongPin: how many more before the lockout
};

/// Who the server has signed in at a till.
struct TillStaff
{
    int staffId = 0;
    QString name;
    StaffRole role = StaffRole::Cashier;
    QDateTime signedInAt; ///< UTC
    bool locked = false;
};

/// The staff list and the tills' sign-in, kept by the database (migrations 0034, 0040): the PIN's
/// hash, the count of wrong PINs and the lockout live there, and only the server checks a PIN
/// (docs/SECURITY.md), so that no terminal can read a hash, declare a PIN right or forget a wrong
/// one; every event is in the audit log. The PIN travels to the server (over TLS in production)
/// and is never stored or logged by a terminal.
class StaffDirectory
{
public:
    virtual ~StaffDirectory() = default;

    [[nodiscard]] virtual Result<QList<StaffMember>> staff() = 0;
    /// Has the server check `pin` for member `staffId`: a right PIN signs them in at this till,
    /// records their approval here or opens the manager's pages (`purpose`); a wrong one counts
    /// towards the lockout. BadInput for a PIN that is not 4 to 12 digits.
    [[nodiscard]] virtual Result<PinResult> checkPin(int staffId, const QString& pin, PinPurpose purpose,
                                                     const QString& terminal, const QUuid& terminalId) = 0;
    /// Unlocks a locked member: `by` is the supervisor whose PIN the server checked for an approval
    /// at this till moments ago; none only for a manager's database login. False when they were
    /// not locked.
    [[nodiscard]] virtual Result<bool> unlock(int staffId, std::optional<int> by,
                                              const QString& terminal) = 0;
    [[nodiscard]] virtual Result<bool> lockTill(const QUuid& terminalId) = 0;
    [[nodiscard]] virtual Result<bool> signOutTill(const QUuid& terminalId) = 0;
    [[nodiscard]] virtual Result<std::optional<TillStaff>> tillStaff(const QUuid& terminalId) = 0;

    // The manager's.
    /// The server hashes `pin` (bcrypt) and keeps only the hash.
    [[nodiscard]] virtual Result<int> addStaff(const QString& name, StaffRole role, const QString& pin) = 0;
    [[nodiscard]] virtual Status setPin(int staffId, const QString& pin) = 0;
    /// False when they were disabled already.
    [[nodiscard]] virtual Result<bool> disable(int staffId) = 0;
};

} // namespace bo
