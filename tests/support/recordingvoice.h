// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "model/help/voice.h"

namespace bo::test {

/// The Voice port for tests: records what reached the engine instead of speaking it, with the
/// settings it was said with. The muting rules are the port's own (model/help/voice.cpp).
class RecordingVoice final : public Voice
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordingVoice)

public:
    struct Utterance
    {
        QString text;
        bool interrupt = false;
        VoiceLanguage language = VoiceLanguage::Korean;
        double rate = 0;
        double volume = 0;
    };

    using Voice::Voice;
    ~RecordingVoice() override = default;

    [[nodiscard]] bool isAvailable() const override { return m_available; }
    /// Simulates a kiosk without a speech engine.
    void setAvailable(bool available) { m_available = available; }

    [[nodiscard]] const QList<Utterance>& utterances() const { return m_utterances; }
    /// The texts said, in order.
    [[nodiscard]] QStringList texts() const
    {
        QStringList t;
        for (const Utterance& u : m_utterances)
            t.append(u.text);
        return t;
    }
    [[nodiscard]] QString last() const
    {
        return m_utterances.isEmpty() ? QString() : m_utterances.last().text;
    }
    /// How often the speech was stopped (stop(), or muted while speaking).
    [[nodiscard]] int stops() const { return m_stops; }
    void clear() { m_utterances.clear(); }

protected:
    void speak(const QString& text, bool interrupt) override
    {
        const VoiceSettings& s = settings();
        m_utterances.append(Utterance{text, interrupt, s.language, s.rate, s.volume});
    }
    void silence() override { ++m_stops; }
    void applySettings(const VoiceSettings&) override {}

private:
    QList<Utterance> m_utterances;
    int m_stops = 0;
    bool m_available = true;
};

} // namespace bo::test
