// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QUuid>

#include <optional>

#include "model/result.h"

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
};

/// What a terminal needs to check a member's PIN itself: the Argon2id string, never the PIN.
struct StaffPinRecord
{
    QString name;
    StaffRole role = StaffRole::Cashier;
    QString pinHash;
    bool locked = false;
    bool active = true;
};

/// Why a PIN is asked for.
enum class PinPurpose {
    SignIn,  ///< the member sells at this till from now on
    Approve, ///< a supervisor's PIN for someone else's action
    Manager, ///< the manager's pages
};

enum class PinOutcome { Ok, WrongPin, Locked, Disabled, Unknown };

struct PinResult
{
    PinOutcome outcome = PinOutcome::Unknown;
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

/// The staff list and the tills' sign-in, kept by the database (migration 0034): the count of
/// wrong PINs and the lockout live there, so that no terminal can forget them, and every event is
/// in the audit log. The PIN itself never leaves the terminal that read it.
class StaffDirectory
{
public:
    virtual ~StaffDirectory() = default;

    [[nodiscard]] virtual Result<QList<StaffMember>> staff() = 0;
    [[nodiscard]] virtual Result<std::optional<StaffPinRecord>> pinRecord(int staffId) = 0;
    /// Records the result of a PIN the terminal checked (wrong PINs count towards the lockout).
    [[nodiscard]] virtual Result<PinResult> recordPin(int staffId, bool pinMatched, PinPurpose purpose,
                                                      const QString& terminal, const QUuid& terminalId) = 0;
    /// Unlocks a locked member: `by` is the supervisor whose PIN was just checked; none only for a
    /// manager's database login. False when they were not locked.
    [[nodiscard]] virtual Result<bool> unlock(int staffId, std::optional<int> by,
                                              const QString& terminal) = 0;
    [[nodiscard]] virtual Result<bool> lockTill(const QUuid& terminalId) = 0;
    [[nodiscard]] virtual Result<bool> signOutTill(const QUuid& terminalId) = 0;
    [[nodiscard]] virtual Result<std::optional<TillStaff>> tillStaff(const QUuid& terminalId) = 0;

    // The manager's.
    [[nodiscard]] virtual Result<int> addStaff(const QString& name, StaffRole role,
                                               const QString& pinHash) = 0;
    [[nodiscard]] virtual Status setPin(int staffId, const QString& pinHash) = 0;
    /// False when they were disabled already.
    [[nodiscard]] virtual Result<bool> disable(int staffId) = 0;
};

/// Hashing and checking PINs (Argon2id; app/common/staffpin.h). Slow on purpose: call it off the
/// GUI thread.
class PinHasher
{
public:
    virtual ~PinHasher() = default;
    /// BadInput for a PIN that is not 4 to 12 digits.
    [[nodiscard]] virtual Result<QString> hash(const QString& pin) const = 0;
    [[nodiscard]] virtual bool verify(const QString& stored, const QString& pin) const = 0;
};

} // namespace bo
