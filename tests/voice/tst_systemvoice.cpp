// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QTest>

#include "app/adapters/voice/systemvoice.h"

using namespace bo;

/// The real adapter where the build has one: a missing engine degrades to silence, never an error.
class TestSystemVoice final : public QObject
{
    Q_OBJECT

private slots:
    void missingEngineLeavesASilentVoice()
    {
        auto voice = createSystemVoice(QStringLiteral("no-such-engine"));
        QVERIFY(voice);
        QVERIFY(!voice->isAvailable());
        QVERIFY(!voice->say(QStringLiteral("Welcome")));
        // Twice: the second failure is not logged again and changes nothing.
        QVERIFY(!voice->say(QStringLiteral("Welcome"), SpeechPriority::Interrupt));
        voice->setLanguage(VoiceLanguage::English);
        voice->stop();
    }

    void defaultEngineCanBeAskedWithoutFailing()
    {
        // Whether an engine is installed and speaks depends on the machine; what must hold is
        // that asking never fails and an available voice accepts text.
        auto voice = createSystemVoice();
        QVERIFY(voice);
        voice->setLanguage(VoiceLanguage::English);
        QCOMPARE(voice->say(QStringLiteral("Test")), voice->isAvailable() && !voice->isMuted());
        voice->stop();
    }
};

QTEST_GUILESS_MAIN(TestSystemVoice)
#include "tst_systemvoice.moc"
