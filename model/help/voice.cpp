// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/help/voice.h"

#include <algorithm>

namespace bo {

Voice::Voice(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<VoiceSettings>();
}

Voice::~Voice() = default;

bool Voice::say(const QString& text, SpeechPriority priority)
{
    if (text.trimmed().isEmpty() || isMuted() || !isAvailable())
        return false;
    speak(text, priority == SpeechPriority::Interrupt);
    return true;
}

void Voice::stop()
{
    silence();
}

void Voice::setRate(double rate)
{
    m_settings.rate = std::clamp(rate, -1.0, 1.0);
    changed();
}

void Voice::setVolume(double volume)
{
    m_settings.volume = std::clamp(volume, 0.0, 1.0);
    changed();
}

void Voice::setLanguage(VoiceLanguage language)
{
    m_settings.language = language;
    changed();
}

void Voice::setHeadphonesOnly(bool headphonesOnly)
{
    m_settings.headphonesOnly = headphonesOnly;
    changed();
}

void Voice::setHeadphonesConnected(bool connected)
{
    m_settings.headphonesConnected = connected;
    changed();
}

void Voice::setSettings(const VoiceSettings& settings)
{
    m_settings = settings;
    m_settings.rate = std::clamp(m_settings.rate, -1.0, 1.0);
    m_settings.volume = std::clamp(m_settings.volume, 0.0, 1.0);
    changed();
}

bool Voice::isMuted() const
{
    return m_settings.volume <= 0 || (m_settings.headphonesOnly && !m_settings.headphonesConnected);
}

void Voice::changed()
{
    // What is being said when the voice becomes muted (headphones pulled out) stops at once.
    if (isMuted())
        silence();
    applySettings(m_settings);
    emit settingsChanged(m_settings);
}

SilentVoice::~SilentVoice() = default;

} // namespace bo
