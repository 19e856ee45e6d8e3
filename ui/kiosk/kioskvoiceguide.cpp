// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskvoiceguide.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <QAbstractButton>
#include <QApplication>
#include <QWidget>

#include "model/sale/seatblocklist.h"
#include "ui/common/seatblocklistview.h"

namespace bo {

KioskVoiceGuide::KioskVoiceGuide(QWidget* window)
    : QObject(window)
    , m_window(window)
{}

void KioskVoiceGuide::setVoice(Voice* voice, VoiceLanguage language)
{
    if (m_voice)
        disconnect(m_voice, nullptr, this, nullptr);
    m_voice = voice;
    if (!voice)
        return;
    m_headphonesIn = voice->settings().headphonesOnly && voice->settings().headphonesConnected;
    // Headphones plugged into a headphones-only kiosk: nothing was heard until now, so the
    // customer hears where they are at once.
    connect(voice, &Voice::settingsChanged, this, [this](const VoiceSettings& s) {
        const bool in = s.headphonesOnly && s.headphonesConnected;
        if (!std::exchange(m_headphonesIn, in) && in)
            emit headphonesPluggedIn();
    });
    m_defaults = voice->settings();
    voice->setLanguage(language);
    m_defaults.language = voice->settings().language;
}

void KioskVoiceGuide::setLanguage(VoiceLanguage language)
{
    if (m_voice)
        m_voice->setLanguage(language);
}

void KioskVoiceGuide::say(const QString& text, bool interrupt)
{
    if (m_voice)
        m_voice->say(text, interrupt ? SpeechPriority::Interrupt : SpeechPriority::Queued);
}

void KioskVoiceGuide::speakFocus(QWidget* now)
{
    if (!m_voice || !now || m_announcing || !m_window->isAncestorOf(now) || !now->isVisible())
        return;
    QString text = now->accessibleName();
    if (text.isEmpty()) {
        if (auto* b = qobject_cast<QAbstractButton*>(now))
            text = b->text();
    }
    if (auto* list = qobject_cast<SeatBlockListView*>(now)) {
        const QModelIndex current = list->currentIndex();
        text = current.isValid() ? tr("%1: %2").arg(text, current.data(SeatBlockList::SpokenRole).toString())
                                 : tr("%1: no seats together are free").arg(text);
    }
    if (auto* b = qobject_cast<QAbstractButton*>(now)) {
        if (b->isCheckable())
            text = (b->isChecked() ? tr("%1, on") : tr("%1, off")).arg(text);
        if (!b->isEnabled())
            text = tr("%1, not available").arg(text);
    }
    // A key's move is said at once; a move the kiosk made waits for what is being said.
    say(text, m_keyMove);
}

void KioskVoiceGuide::announce(const QString& text)
{
    say(text, true);
    if (QWidget* focus = QApplication::focusWidget(); focus && m_window->isAncestorOf(focus))
        speakFocus(focus);
}

void KioskVoiceGuide::adjust(double volume, double rate)
{
    if (!m_voice)
        return;
    if (volume != 0) {
        m_voice->setVolume(std::max(quietestVolume, m_voice->settings().volume + volume));
        say(tr("Volume %1 percent").arg(std::lround(m_voice->settings().volume * 100)), true);
    }
    if (rate != 0) {
        m_voice->setRate(m_voice->settings().rate + rate);
        const double r = m_voice->settings().rate;
        say(r < 0 ? tr("Slower speech") : r > 0 ? tr("Faster speech") : tr("Normal speech"), true);
    }
}

void KioskVoiceGuide::resetForNextCustomer()
{
    if (!m_voice)
        return;
    m_voice->stop();
    // The kiosk's voice again, but the jack is where it is: headphones still plugged in stay
    // heard (the defaults remember the jack as it was when the voice was set).
    VoiceSettings next = m_defaults;
    next.headphonesConnected = m_voice->settings().headphonesConnected;
    m_voice->setSettings(next);
}

} // namespace bo
