// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QSignalSpy>
#include <QTemporaryFile>
#include <QTest>

#include <linux/input.h>
#include <unistd.h>

#include "app/adapters/voice/headphonejack.h"
#include "tests/support/recordingvoice.h"

using namespace bo;

namespace {

/// Writes one kernel report (events then SYN_REPORT) into the pipe.
bool report(int fd, std::initializer_list<std::pair<int, int>> switches)
{
    QList<input_event> events;
    for (const auto& [code, value] : switches) {
        input_event e{};
        e.type = EV_SW;
        e.code = static_cast<quint16>(code);
        e.value = value;
        events.append(e);
    }
    input_event syn{};
    syn.type = EV_SYN;
    syn.code = SYN_REPORT;
    events.append(syn);
    const auto size = static_cast<ssize_t>(sizeof(input_event) * static_cast<std::size_t>(events.size()));
    return ::write(fd, events.constData(), static_cast<std::size_t>(size)) == size;
}

} // namespace

/// The headphone jack as Linux reports it (SW_HEADPHONE_INSERT on an input device), fed through a
/// pipe as the kernel would write it, and the voice it mutes.
class TestHeadphoneJack final : public QObject
{
    Q_OBJECT

private slots:
    void pluggingInAndOutIsReported()
    {
        std::array<int, 2> fds{};
        QCOMPARE(::pipe(fds.data()), 0);
        HeadphoneJack jack(fds[0], false, QStringLiteral("pipe"));
        QSignalSpy changed(&jack, &HeadphoneJack::connectedChanged);
        QVERIFY(!jack.isConnected());
        QVERIFY(report(fds[1], {{SW_HEADPHONE_INSERT, 1}}));
        QTRY_COMPARE(changed.size(), 1);
        QVERIFY(jack.isConnected());
        QCOMPARE(changed.at(0).at(0).toBool(), true);
        // Another switch (a microphone) changes nothing.
        QVERIFY(report(fds[1], {{SW_MICROPHONE_INSERT, 1}}));
        QVERIFY(report(fds[1], {{SW_HEADPHONE_INSERT, 0}}));
        QTRY_COMPARE(changed.size(), 2);
        QVERIFY(!jack.isConnected());
        // In and out within one report: the last word counts, and nothing changed.
        QVERIFY(report(fds[1], {{SW_HEADPHONE_INSERT, 1}, {SW_HEADPHONE_INSERT, 0}}));
        QTest::qWait(50);
        QCOMPARE(changed.size(), 2);
        ::close(fds[1]);
    }

    void headphonesOnlyVoiceFollowsTheJack()
    {
        std::array<int, 2> fds{};
        QCOMPARE(::pipe(fds.data()), 0);
        HeadphoneJack jack(fds[0], false, QStringLiteral("pipe"));
        test::RecordingVoice voice;
        voice.setHeadphonesOnly(true);
        voice.setHeadphonesConnected(jack.isConnected());
        connect(&jack, &HeadphoneJack::connectedChanged, &voice, &Voice::setHeadphonesConnected);
        QVERIFY(!voice.say(QStringLiteral("Welcome")));
        QVERIFY(report(fds[1], {{SW_HEADPHONE_INSERT, 1}}));
        QTRY_VERIFY(voice.settings().headphonesConnected);
        QVERIFY(voice.say(QStringLiteral("Welcome")));
        QVERIFY(report(fds[1], {{SW_HEADPHONE_INSERT, 0}}));
        QTRY_VERIFY(!voice.settings().headphonesConnected);
        QVERIFY(voice.stops() >= 1); // pulled out: what was being said stops
        QVERIFY(!voice.say(QStringLiteral("Welcome")));
        QCOMPARE(voice.texts(), QStringList{QStringLiteral("Welcome")});
        ::close(fds[1]);
    }

    void whatIsNoJackIsRefused()
    {
        QVERIFY(!HeadphoneJack::open(QStringLiteral("/nonexistent/event0")));
        QTemporaryFile file;
        QVERIFY(file.open());
        QVERIFY(!HeadphoneJack::open(file.fileName()));
    }
};

QTEST_GUILESS_MAIN(TestHeadphoneJack)
#include "tst_headphonejack.moc"
