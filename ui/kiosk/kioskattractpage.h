// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QStringList>

#include "ui/kiosk/kioskpage.h"

namespace bo {

/// The kiosk's first screen: the films showing, touch to start, the language (KO/EN).
class KioskAttractPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskAttractPage)

public:
    explicit KioskAttractPage(QWidget* parent = nullptr);

    /// The films on sale now, by title.
    void setFilms(const QStringList& titles);
    /// Start is off while nothing is on sale; it takes the focus again when films come back while
    /// the page is shown.
    void setStartEnabled(bool enabled);
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    void startClicked();
    /// "ko" or "en".
    void languageChosen(const QString& code);

protected:
    [[nodiscard]] QWidget* preferredFocus() const override;

private:
    QLabel* m_title = nullptr;
    QLabel* m_films = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_korean = nullptr;
    QPushButton* m_english = nullptr;
};

} // namespace bo
