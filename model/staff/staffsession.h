// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include "model/core/result.h"
#include "model/staff/staffsignin.h"

namespace bo {

/// The staff sign-in as a screen sees it (the counter's sign-in and lock, the manager's pages, the
/// kiosk's staff exit): every call returns at once with a request id, and the answer comes by
/// signal on the caller's thread, because the server's bcrypt check and the database round trips
/// take 50 to 200 ms. A PIN given to a call is used for that one check and not kept. Implemented in db/
/// (PgStaffSession) on a thread of its own.
class StaffSession : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StaffSession)

public:
    using QObject::QObject;
    ~StaffSession() override = default;

    /// The active members of staff, by name; answer: staffLoaded.
    virtual int loadStaff() = 0;
    /// Checks a member's PIN for `purpose` (SignIn signs them in at this till); answer: pinChecked.
    virtual int checkPin(int staffId, const QString& pin, PinPurpose purpose, StaffRole needed) = 0;
    /// A supervisor's (or manager's) PIN unlocks a locked colleague; answer: pinChecked, naming
    /// the supervisor, Ok when the colleague was unlocked.
    virtual int unlock(int lockedStaffId, int supervisorId, const QString& supervisorPin) = 0;
    /// Who is signed in at this till, and whether it is locked; answer: tillLoaded.
    virtual int loadTill() = 0;
    /// Locks this till (the member stays signed in); answer: tillLoaded.
    virtual int lockTill() = 0;
    /// Ends this till's session; answer: tillLoaded (with nobody).
    virtual int signOut() = 0;

signals:
    void staffLoaded(int requestId, const QList<bo::StaffMember>& staff);
    void pinChecked(int requestId, const bo::PinCheck& check);
    /// `till.staffId` is 0 when nobody is signed in at this till.
    void tillLoaded(int requestId, const bo::TillStaff& till);
    /// Any call that could not be answered (the database is away): `error.message` is for the
    /// screen, `error.detail` for the log.
    void failed(int requestId, const bo::Error& error);
};

} // namespace bo

Q_DECLARE_METATYPE(bo::StaffMember)
Q_DECLARE_METATYPE(bo::PinCheck)
Q_DECLARE_METATYPE(bo::TillStaff)
