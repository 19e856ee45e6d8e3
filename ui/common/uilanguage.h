// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QLocale>
#include <QString>
#include <QTranslator>

namespace bo {

/// The language a window speaks, English or Korean: its translation installed on the
/// application and its locale (dates, numbers, won) made the default. Every window that offers
/// the choice — the counter's menu, the kiosk's attract screen, the door — switches through one.
class UiLanguage final
{
public:
    UiLanguage() = default;
    ~UiLanguage();
    UiLanguage(const UiLanguage&) = delete;
    UiLanguage& operator=(const UiLanguage&) = delete;
    UiLanguage(UiLanguage&&) = delete;
    UiLanguage& operator=(UiLanguage&&) = delete;

    /// Switches to `code`: "ko" is Korean, anything else English. Installs the translation (the
    /// application's windows then get a LanguageChange event) and returns the locale now the
    /// default, for the widgets that keep their own.
    QLocale apply(const QString& code);
    /// "en" or "ko".
    [[nodiscard]] QString code() const { return m_code; }
    [[nodiscard]] bool isKorean() const { return m_code == QLatin1String("ko"); }

private:
    QTranslator m_translator;
    QString m_code = QStringLiteral("en");
};

} // namespace bo
