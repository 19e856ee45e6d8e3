// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include "ui/kiosk/kioskpage.h"

class QLineEdit;

namespace bo {

class StaffSession;
class StaffSignInWidget;

/// The staff exit (docs/KIOSK.md, "Staff exit"): the kiosk's own PIN, or, when the database has
/// staff, a supervisor's or manager's number and PIN; nothing else. Three wrong PINs and it gives
/// up.
class KioskStaffPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskStaffPage)

public:
    explicit KioskStaffPage(QWidget* parent = nullptr);

    /// Checks the kiosk's PIN; null: no PIN opens the way out.
    void setPinCheck(std::function<bool(const QString& pin)> check) { m_pinCheck = std::move(check); }
    /// The staff sign-in, used when the database has staff; set once.
    void setStaffSession(StaffSession* session);
    [[nodiscard]] StaffSignInWidget* staffSignIn() const { return m_signIn; }
    /// The page opens afresh: no PIN typed, no wrong PINs counted, the staff list asked for.
    void open();
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    /// The right PIN, or a supervisor signed in: the kiosk may close.
    void exitGranted();
    /// Too many wrong PINs.
    void triesUsedUp();
    void cancelClicked();

protected:
    [[nodiscard]] QWidget* preferredFocus() const override;

private:
    void checkPin();
    void showPinPrompt();

    std::function<bool(const QString&)> m_pinCheck;
    int m_wrongPins = 0;
    QLabel* m_text = nullptr;
    QLineEdit* m_pin = nullptr;
    QPushButton* m_confirm = nullptr;
    QPushButton* m_cancel = nullptr;
    StaffSignInWidget* m_signIn = nullptr;
};

} // namespace bo
