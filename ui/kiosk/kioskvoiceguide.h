// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QPointer>

#include "model/help/voice.h"

class QWidget;

namespace bo {

/// The kiosk's voice guidance over the Voice port (docs/KIOSK.md, "Accessibility"): says what it
/// is given, the control the focus moved to (its name, on or off, not available; in the seat list,
/// the block), the customer's changes of volume and speed; each customer starts with the kiosk's
/// own voice. Silent without a voice.
class KioskVoiceGuide final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskVoiceGuide)

public:
    /// One press of a volume or speed key, on the port's scales (volume 0 … 1, rate -1 … 1).
    static constexpr double volumeStep = 0.1;
    static constexpr double rateStep = 0.25;
    /// The quietest the keys make the voice: a customer who turns it down still hears the answer.
    static constexpr double quietestVolume = 0.1;

    /// Speaks for the controls inside `window` (its parent).
    explicit KioskVoiceGuide(QWidget* window);

    /// The voice (not owned; null: silent), speaking `language`; its settings now are what each
    /// customer starts with.
    void setVoice(Voice* voice, VoiceLanguage language);
    [[nodiscard]] bool hasVoice() const { return m_voice != nullptr; }
    void setLanguage(VoiceLanguage language);
    /// Says `text`; `interrupt`: over what is being said.
    void say(const QString& text, bool interrupt);
    /// Says the control the focus moved to, unless a screen is opening (its announcement says it).
    void speakFocus(QWidget* now);
    /// Says what a screen says when it opens, over what is being said, then the control focused.
    void announce(const QString& text);
    /// Louder or quieter by `volume`, faster or slower by `rate`, and says so.
    void adjust(double volume, double rate);
    /// The next customer: nothing more said, the kiosk's own voice, the headphones where they are.
    void resetForNextCustomer();
    /// A screen is opening: the focus it moves is said with its announcement, not before it.
    void setAnnouncing(bool announcing) { m_announcing = announcing; }
    /// The focus moves on a key: said at once, over what is being said.
    void setKeyMove(bool keyMove) { m_keyMove = keyMove; }

signals:
    /// Headphones were plugged into a headphones-only kiosk: nothing was heard until now.
    void headphonesPluggedIn();

private:
    QWidget* m_window;
    QPointer<Voice> m_voice;
    VoiceSettings m_defaults;    ///< what each customer starts with (the kiosk's settings)
    bool m_headphonesIn = false; ///< headphones-only and plugged in (the voice is heard)
    bool m_announcing = false;
    bool m_keyMove = false;
};

} // namespace bo
