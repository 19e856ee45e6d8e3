// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "model/help/voice.h"

namespace bo {

/// The kiosk's voice: Qt TextToSpeech where this build has it (speech-dispatcher with espeak-ng,
/// flite as the fallback engine), else a SilentVoice. Never fails: without an engine the voice is
/// silent, says so once in the log and isAvailable() is false. `engine` empty: the first of
/// "speechd", "flite" that loads (BOXOFFICE_VOICE_ENGINE in the environment overrides it).
[[nodiscard]] std::unique_ptr<Voice> createSystemVoice(const QString& engine = {}, QObject* parent = nullptr);

/// Whether this build speaks at all (Qt TextToSpeech was found when it was configured).
[[nodiscard]] bool systemVoiceBuilt();

} // namespace bo
