// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/voice/qtspeechvoice.h"

#include <algorithm>
#include <memory>

#include <QTextToSpeech>

#include <spdlog/spdlog.h>

#include "app/adapters/voice/systemvoice.h"

namespace bo {
namespace {

QLocale localeOf(VoiceLanguage language)
{
    return language == VoiceLanguage::Korean ? QLocale(QLocale::Korean, QLocale::SouthKorea)
                                             : QLocale(QLocale::English, QLocale::UnitedStates);
}

} // namespace

QtSpeechVoice::QtSpeechVoice(const QStringList& engines, QObject* parent)
    : Voice(parent)
{
    const QStringList installed = QTextToSpeech::availableEngines();
    for (const QString& name : engines) {
        if (!installed.contains(name))
            continue;
        auto speech = std::make_unique<QTextToSpeech>(name);
        if (speech->state() == QTextToSpeech::Error) {
            spdlog::warn("voice: engine {} does not start: {}", name.toStdString(),
                         speech->errorString().toStdString());
            continue;
        }
        speech->setParent(this);
        m_speech = speech.release();
        break;
    }
    if (!m_speech) {
        logOnce(QStringLiteral("voice: no speech engine (installed: %1); voice guidance is silent")
                    .arg(installed.join(QStringLiteral(", "))));
        return;
    }
    spdlog::info("voice: speaking with {}", m_speech->engine().toStdString());
    connect(m_speech, &QTextToSpeech::stateChanged, this,
            [this](QTextToSpeech::State state) { onStateChanged(state); });
    applySettings(settings());
}

QtSpeechVoice::~QtSpeechVoice() = default;

bool QtSpeechVoice::isAvailable() const
{
    return m_speech && m_speech->state() != QTextToSpeech::Error && languageSpoken();
}

QString QtSpeechVoice::engine() const
{
    return m_speech ? m_speech->engine() : QString();
}

void QtSpeechVoice::speak(const QString& text, bool interrupt)
{
    if (!m_speech)
        return;
    if (!languageSpoken()) {
        logOnce(QStringLiteral("voice: %1 has no voice for %2; that language is silent")
                    .arg(m_speech->engine(), localeOf(settings().language).name()));
        return;
    }
    if (interrupt) {
        m_queue.clear();
        m_queue.append(text);
        if (m_speaking) {
            m_speech->stop(QTextToSpeech::BoundaryHint::Immediate);
            // Some engines report Ready for the stop, some do not: speak now either way.
            m_speaking = false;
        }
        speakNext();
        return;
    }
    m_queue.append(text);
    if (!m_speaking)
        speakNext();
}

void QtSpeechVoice::silence()
{
    m_queue.clear();
    if (m_speech && m_speaking)
        m_speech->stop(QTextToSpeech::BoundaryHint::Immediate);
    m_speaking = false;
}

void QtSpeechVoice::applySettings(const VoiceSettings& s)
{
    if (!m_speech)
        return;
    m_speech->setRate(s.rate);
    m_speech->setVolume(s.volume);
    const QLocale wanted = localeOf(s.language);
    if (m_speech->locale().language() != wanted.language()) {
        m_speech->setLocale(wanted);
        m_queue.clear(); // what was queued is in the other language
    }
}

void QtSpeechVoice::onStateChanged(int state)
{
    if (state == QTextToSpeech::Error) {
        logOnce(QStringLiteral("voice: %1 failed: %2").arg(m_speech->engine(), m_speech->errorString()));
        m_queue.clear();
        m_speaking = false;
        return;
    }
    if (state == QTextToSpeech::Ready) {
        m_speaking = false;
        speakNext();
    }
}

void QtSpeechVoice::speakNext()
{
    if (m_queue.isEmpty() || !m_speech)
        return;
    m_speaking = true;
    m_speech->say(m_queue.takeFirst());
}

bool QtSpeechVoice::languageSpoken() const
{
    const QLocale wanted = localeOf(settings().language);
    const QList<QLocale> locales = m_speech->availableLocales();
    // An engine that lists no locales (some speechd set-ups) gets the benefit of the doubt.
    return locales.isEmpty() || std::any_of(locales.cbegin(), locales.cend(), [&wanted](const QLocale& l) {
               return l.language() == wanted.language();
           });
}

void QtSpeechVoice::logOnce(const QString& what)
{
    if (m_logged.contains(what))
        return;
    m_logged.append(what);
    spdlog::warn("{}", what.toStdString());
}

std::unique_ptr<Voice> createSystemVoice(const QString& engine, QObject* parent)
{
    QStringList engines{QStringLiteral("speechd"), QStringLiteral("flite")};
    const QString chosen = engine.isEmpty() ? qEnvironmentVariable("BOXOFFICE_VOICE_ENGINE") : engine;
    if (!chosen.isEmpty())
        engines = {chosen};
    return std::make_unique<QtSpeechVoice>(engines, parent);
}

bool systemVoiceBuilt()
{
    return true;
}

} // namespace bo
