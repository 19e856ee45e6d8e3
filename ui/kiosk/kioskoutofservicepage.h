// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "ui/kiosk/kioskpage.h"

namespace bo {

/// While the database is away the kiosk sells nothing and says so; nothing to touch.
class KioskOutOfServicePage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskOutOfServicePage)

public:
    explicit KioskOutOfServicePage(QWidget* parent = nullptr);

    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

private:
    QLabel* m_text = nullptr;
};

} // namespace bo
