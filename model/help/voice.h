// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QString>

namespace bo {

/// The languages the kiosk speaks (its screen languages).
enum class VoiceLanguage { Korean, English };

/// How an utterance meets what is being said: after it (Queued), or instead of it and of
/// everything still queued (Interrupt: a new screen, a focus change, a prompt that cannot wait).
enum class SpeechPriority { Queued, Interrupt };

/// The customer's voice settings; a kiosk resets them when the customer leaves.
struct VoiceSettings
{
    double rate = 0;     ///< -1 (slowest) … 0 (normal) … 1 (fastest)
    double volume = 0.8; ///< 0 (silent) … 1
    VoiceLanguage language = VoiceLanguage::Korean;
    bool headphonesOnly = false;      ///< speak only while headphones are plugged in
    bool headphonesConnected = false; ///< told by the kiosk's jack sensor or keypad driver
};

/// The voice guidance port (docs/KIOSK.md, "Accessibility"): what the kiosk says and how. The
/// settings and the muting rules live here, the same for every adapter; an adapter only speaks
/// (the real one on Qt TextToSpeech in voice/, a recording fake in tests/support).
///
/// say() never fails and never blocks: a voice without an engine (`isAvailable()` false) stays
/// silent and the kiosk works on with its text. Main thread only.
class Voice : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Voice)

public:
    explicit Voice(QObject* parent = nullptr);
    ~Voice() override;

    /// Speaks `text` in the current language, unless the voice is muted (volume 0, or
    /// headphones-only without headphones) or has no engine: then nothing is said and nothing
    /// is queued. Empty text is ignored. Returns whether the text went to the engine.
    bool say(const QString& text, SpeechPriority priority = SpeechPriority::Queued);
    /// Stops speaking and drops the queue.
    void stop();

    [[nodiscard]] const VoiceSettings& settings() const { return m_settings; }
    /// Clamped to -1 … 1.
    void setRate(double rate);
    /// Clamped to 0 … 1.
    void setVolume(double volume);
    void setLanguage(VoiceLanguage language);
    void setHeadphonesOnly(bool headphonesOnly);
    void setHeadphonesConnected(bool connected);
    /// All settings at once (e.g. back to the defaults when the customer leaves).
    void setSettings(const VoiceSettings& settings);
    /// True when the settings silence the voice (see say()).
    [[nodiscard]] bool isMuted() const;
    /// Whether an engine speaks `language` here; false: every say() in it is silent.
    [[nodiscard]] virtual bool isAvailable() const = 0;

signals:
    void settingsChanged(const bo::VoiceSettings& settings);

protected:
    /// Hands the text to the engine; `interrupt`: stop and drop the queue first.
    virtual void speak(const QString& text, bool interrupt) = 0;
    virtual void silence() = 0;
    /// Called after every settings change (rate, volume, language).
    virtual void applySettings(const VoiceSettings& settings) = 0;

private:
    void changed();

    VoiceSettings m_settings;
};

/// A voice that never speaks: builds without Qt TextToSpeech (the Windows prefix) and tests
/// that do not listen. isAvailable() is false.
class SilentVoice final : public Voice
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SilentVoice)

public:
    using Voice::Voice;
    ~SilentVoice() override;
    [[nodiscard]] bool isAvailable() const override { return false; }

protected:
    void speak(const QString&, bool) override {}
    void silence() override {}
    void applySettings(const VoiceSettings&) override {}
};

} // namespace bo

Q_DECLARE_METATYPE(bo::VoiceSettings)
