// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "ui/kiosk/kioskpage.h"

namespace bo {

/// A calm message and a way on: start again (a sale that ended, a place in the line that lapsed).
class KioskNoticePage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskNoticePage)

public:
    explicit KioskNoticePage(QWidget* parent = nullptr);

    void showNotice(const QString& text);
    [[nodiscard]] QString announcement() const override;

signals:
    /// Start again was pressed.
    void finished();

private:
    QLabel* m_text = nullptr;
    QPushButton* m_action = nullptr;
};

} // namespace bo
