// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>

#include "model/showtimes/showtimeinfo.h"
#include "ui/kiosk/kioskpage.h"

namespace bo {

/// The showtime screen: one big button per showing of the film chosen (its time, hall and free
/// seats).
class KioskShowtimesPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskShowtimesPage)

public:
    explicit KioskShowtimesPage(QWidget* parent = nullptr);

    /// A button per showing, in the order given.
    void setShowtimes(const QList<ShowtimeInfo>& showtimes);
    [[nodiscard]] int showtimeCount() const;
    void reset() override;
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    void showtimeChosen(int showtimeId);

protected:
    [[nodiscard]] QWidget* preferredFocus() const override;

private:
    QLabel* m_heading = nullptr;
    QVBoxLayout* m_buttons = nullptr;
};

} // namespace bo
