// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QLocale>
#include <QStringList>

#include "model/help/voice.h"

class QTextToSpeech;

namespace bo {

/// The Voice port on Qt TextToSpeech. Qt 6.4 speaks one text at a time, so the queue is kept
/// here: the next text goes out when the engine is ready again. An engine that cannot start, or
/// that has no voice for the chosen language, makes this voice silent for it (logged once per
/// cause), never an error for the kiosk.
class QtSpeechVoice final : public Voice
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QtSpeechVoice)

public:
    /// `engines` in order of preference; the first that loads without an error is used.
    explicit QtSpeechVoice(const QStringList& engines, QObject* parent = nullptr);
    ~QtSpeechVoice() override;

    [[nodiscard]] bool isAvailable() const override;
    /// The engine in use, empty when none loaded.
    [[nodiscard]] QString engine() const;

protected:
    void speak(const QString& text, bool interrupt) override;
    void silence() override;
    void applySettings(const VoiceSettings& settings) override;

private:
    void onStateChanged(int state);
    void speakNext();
    [[nodiscard]] bool languageSpoken() const;
    void logOnce(const QString& what);

    QTextToSpeech* m_speech = nullptr;
    QStringList m_queue;
    QList<QString> m_logged;
    bool m_speaking = false;
};

} // namespace bo
