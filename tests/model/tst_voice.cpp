// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QSignalSpy>
#include <QTest>

#include "tests/support/recordingvoice.h"

using namespace bo;
using bo::test::RecordingVoice;

class TestVoice final : public QObject
{
    Q_OBJECT

private slots:
    void saysWithTheCurrentSettings()
    {
        RecordingVoice voice;
        voice.setLanguage(VoiceLanguage::English);
        voice.setRate(0.5);
        QVERIFY(voice.say(QStringLiteral("Choose a film")));
        QVERIFY(voice.say(QStringLiteral("Row F"), SpeechPriority::Interrupt));
        QCOMPARE(voice.texts(), (QStringList{QStringLiteral("Choose a film"), QStringLiteral("Row F")}));
        QCOMPARE(voice.utterances().at(0).interrupt, false);
        QCOMPARE(voice.utterances().at(1).interrupt, true);
        QCOMPARE(voice.utterances().at(1).language, VoiceLanguage::English);
        QCOMPARE(voice.utterances().at(1).rate, 0.5);
    }

    void emptyTextIsNotSaid()
    {
        RecordingVoice voice;
        QVERIFY(!voice.say(QStringLiteral("  ")));
        QVERIFY(voice.utterances().isEmpty());
    }

    void settingsAreClamped()
    {
        RecordingVoice voice;
        voice.setRate(3);
        voice.setVolume(-1);
        QCOMPARE(voice.settings().rate, 1.0);
        QCOMPARE(voice.settings().volume, 0.0);
        voice.setSettings(VoiceSettings{.rate = -7, .volume = 9});
        QCOMPARE(voice.settings().rate, -1.0);
        QCOMPARE(voice.settings().volume, 1.0);
    }

    void headphonesOnlySpeaksOnlyIntoHeadphones()
    {
        RecordingVoice voice;
        voice.setHeadphonesOnly(true);
        QVERIFY(voice.isMuted());
        QVERIFY(!voice.say(QStringLiteral("Welcome")));
        voice.setHeadphonesConnected(true);
        QVERIFY(voice.say(QStringLiteral("Welcome")));
        const int stops = voice.stops();
        // Pulling the headphones out stops what is being said at once.
        voice.setHeadphonesConnected(false);
        QCOMPARE(voice.stops(), stops + 1);
        QVERIFY(!voice.say(QStringLiteral("Row F")));
        QCOMPARE(voice.texts(), QStringList{QStringLiteral("Welcome")});
    }

    void volumeZeroIsSilent()
    {
        RecordingVoice voice;
        voice.setVolume(0);
        QVERIFY(!voice.say(QStringLiteral("Welcome")));
        QVERIFY(voice.utterances().isEmpty());
    }

    void voiceWithoutEngineStaysSilent()
    {
        RecordingVoice voice;
        voice.setAvailable(false);
        QVERIFY(!voice.say(QStringLiteral("Welcome")));
        QVERIFY(voice.utterances().isEmpty());
    }

    void settingsChangesAreSignalled()
    {
        RecordingVoice voice;
        QSignalSpy changed(&voice, &Voice::settingsChanged);
        voice.setLanguage(VoiceLanguage::English);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).value<VoiceSettings>().language, VoiceLanguage::English);
    }

    void silentVoiceNeverSpeaks()
    {
        SilentVoice voice;
        QVERIFY(!voice.isAvailable());
        QVERIFY(!voice.say(QStringLiteral("Welcome")));
    }
};

QTEST_GUILESS_MAIN(TestVoice)
#include "tst_voice.moc"
