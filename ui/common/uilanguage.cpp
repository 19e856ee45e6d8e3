// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/uilanguage.h"

#include <QCoreApplication>

namespace bo {

UiLanguage::~UiLanguage()
{
    QCoreApplication::removeTranslator(&m_translator);
}

QLocale UiLanguage::apply(const QString& code)
{
    QCoreApplication::removeTranslator(&m_translator);
    m_code = code == QLatin1String("ko") ? QStringLiteral("ko") : QStringLiteral("en");
    const QLocale locale = isKorean() ? QLocale(QLocale::Korean, QLocale::SouthKorea)
                                      : QLocale(QLocale::English, QLocale::UnitedStates);
    QLocale::setDefault(locale);
    // The translations are built into the program (resources/translations, ":/i18n").
    if (m_translator.load(QStringLiteral(":/i18n/boxoffice_") + m_code))
        QCoreApplication::installTranslator(&m_translator);
    return locale;
}

} // namespace bo
