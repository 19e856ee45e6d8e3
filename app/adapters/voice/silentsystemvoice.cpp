// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
// The system voice of a build without Qt TextToSpeech (the Windows prefix has none).
#include "app/adapters/voice/systemvoice.h"

#include <spdlog/spdlog.h>

namespace bo {

std::unique_ptr<Voice> createSystemVoice(const QString&, QObject* parent)
{
    spdlog::warn("voice: this build has no text to speech; voice guidance is silent");
    return std::make_unique<SilentVoice>(parent);
}

bool systemVoiceBuilt()
{
    return false;
}

} // namespace bo
