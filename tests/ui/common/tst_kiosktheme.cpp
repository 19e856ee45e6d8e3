// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/sale/salerules.h"
#include "model/sale/seatblocklist.h"
#include "model/sale/seatchoice.h"
#include "model/seats/seatholdings.h"
#include "model/seats/seatmap.h"
#include "tests/support/accessibilitycheck.h"
#include "tests/support/recordingvoice.h"
#include "tests/support/testseats.h"
#include "ui/common/kiosktheme.h"
#include "ui/common/seatblocklistview.h"

using namespace bo;
using namespace bo::test;

namespace {

/// Rows A-H of 14, aisles after 3 and 11; wheelchair spaces and companions at row A's ends.
QList<SeatState> hall()
{
    QList<SeatState> seats;
    int id = 1;
    for (int r = 0; r < 8; ++r) {
        double x = 0;
        for (int n = 1; n <= 14; ++n) {
            SeatKind kind = SeatKind::Standard;
            if (r == 0 && (n == 1 || n == 14))
                kind = SeatKind::Wheelchair;
            else if (r == 0 && (n == 2 || n == 13))
                kind = SeatKind::Companion;
            seats.append(makeSeat(id++, QString(QChar(u'A' + r)), n, x, r * 1.2, kind));
            x += 1 + (n == 3 || n == 11 ? 1 : 0);
        }
    }
    return seats;
}

/// The seat list as a kiosk screen shows it: a title above, the list below (ReachFrame).
struct SeatListScreen
{
    SeatListScreen()
    {
        map.reset(1, hall());
        map.setStatus({60, 61, 62, 75, 76}, SeatStatus::Reserved);
        blocks.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
        blocks.setPricing([](const QList<int>& ids) { return 15000 * ids.size(); }, QStringLiteral("KRW"));
        blocks.rebuild(map, SeatChoice(map, sale, rules), 2);
        window.setObjectName(QStringLiteral("kioskWindow"));
        auto* layout = new QVBoxLayout(&window);
        layout->addWidget(frame);
        auto* title = new QLabel(QStringLiteral("Choose 2 seats together"), frame->info());
        title->setObjectName(QStringLiteral("title"));
        title->setWordWrap(true);
        auto* infoLayout = new QVBoxLayout(frame->info());
        infoLayout->addWidget(title);
        auto* controls = new QVBoxLayout(frame->controls());
        list = new SeatBlockListView(frame->controls());
        list->setBlocks(&blocks);
        controls->addWidget(list, 1);
        back = new QPushButton(QStringLiteral("Back"), frame->controls());
        back->setObjectName(QStringLiteral("back"));
        controls->addWidget(back);
    }

    SeatMap map;
    SeatHoldings sale;
    SaleRules rules;
    SeatBlockList blocks;
    QWidget window;
    ReachFrame* frame = new ReachFrame(&window);
    SeatBlockListView* list = nullptr;
    QPushButton* back = nullptr;
};

} // namespace

class TstKioskTheme final : public QObject
{
    Q_OBJECT

private slots:
    void palettesKeepTheirContrast_data()
    {
        QTest::addColumn<bool>("highContrast");
        QTest::addColumn<double>("minimum");
        QTest::newRow("normal") << false << 4.5;
        QTest::newRow("high contrast") << true << 7.0;
    }

    void palettesKeepTheirContrast()
    {
        QFETCH(bool, highContrast);
        QFETCH(double, minimum);
        const QPalette p = KioskTheme::palette(highContrast);
        for (auto [fg, bg] :
             {std::pair{QPalette::WindowText, QPalette::Window}, std::pair{QPalette::Text, QPalette::Base},
              std::pair{QPalette::ButtonText, QPalette::Button},
              std::pair{QPalette::HighlightedText, QPalette::Highlight}})
            QVERIFY2(KioskTheme::contrastRatio(p.color(fg), p.color(bg)) >= minimum,
                     qPrintable(QStringLiteral("%1 on %2").arg(p.color(fg).name(), p.color(bg).name())));
        QCOMPARE(qRound(KioskTheme::contrastRatio(Qt::black, Qt::white)), 21);
    }

    void largeTextIsHalfAgainAsLarge()
    {
        const QFont normal = KioskTheme::font({});
        const QFont large = KioskTheme::font({.largeText = true});
        QCOMPARE(large.pointSizeF(), normal.pointSizeF() * 1.5);
        QVERIFY(KioskTheme::touchTarget >= 44);
    }

    void lowReachKeepsControlsInTheLowerPart()
    {
        SeatListScreen s;
        s.window.resize(1080, 1920);
        s.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&s.window));
        s.frame->setLowReach(true);
        QTRY_VERIFY(s.frame->controls()->geometry().top() >=
                    s.frame->height() * KioskTheme::lowReachShare - 1);
        for (QWidget* w : {static_cast<QWidget*>(s.list), static_cast<QWidget*>(s.back)}) {
            const QPoint top = w->mapTo(s.frame, QPoint(0, 0));
            QVERIFY2(top.y() >= s.frame->height() / 2 - 1, qPrintable(w->objectName()));
        }
        s.frame->setLowReach(false);
        QTRY_VERIFY(s.frame->controls()->geometry().top() < s.frame->height() / 2);
    }

    void theSeatListWorksByKeypadAndSpeaks()
    {
        SeatListScreen s;
        RecordingVoice voice;
        voice.setLanguage(VoiceLanguage::English);
        QObject::connect(s.list, &SeatBlockListView::blockFocused, &voice,
                         [&voice](const QString& text) { voice.say(text, SpeechPriority::Interrupt); });
        QSignalSpy chosen(s.list, &SeatBlockListView::blockChosen);
        s.window.resize(1080, 1920);
        s.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&s.window));
        s.list->setFocus();
        QCOMPARE(s.list->currentSeats(), s.map.bestAvailable(2));
        QTest::keyClick(s.list, Qt::Key_Down);
        QCOMPARE(voice.last(), s.blocks.spoken(s.blocks.blocks().at(1)));
        QVERIFY(voice.utterances().last().interrupt);
        QTest::keyClick(s.list, Qt::Key_Right); // a four-arrow keypad steps on
        QCOMPARE(voice.last(), s.blocks.spoken(s.blocks.blocks().at(2)));
        QTest::keyClick(s.list, Qt::Key_Return);
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).value<QList<int>>(), s.blocks.blocks().at(2).seatIds);
        QVERIFY(voice.last().startsWith(QStringLiteral("Row ")));
    }

    void everyWidgetIsNamedAndNothingClips_data()
    {
        QTest::addColumn<bool>("largeText");
        QTest::addColumn<bool>("highContrast");
        QTest::addColumn<QSize>("size");
        QTest::newRow("portrait") << false << false << QSize(1080, 1920);
        QTest::newRow("portrait, large, high contrast") << true << true << QSize(1080, 1920);
        QTest::newRow("landscape, large, high contrast") << true << true << QSize(1920, 1080);
    }

    void everyWidgetIsNamedAndNothingClips()
    {
        QFETCH(bool, largeText);
        QFETCH(bool, highContrast);
        QFETCH(QSize, size);
        SeatListScreen s;
        KioskTheme::apply(&s.window, {.largeText = largeText, .highContrast = highContrast});
        s.window.resize(size);
        s.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&s.window));
        const QStringList problems = accessibilityProblems(&s.window);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY2(smallTouchTargets(&s.window, KioskTheme::touchTarget).isEmpty(),
                 qPrintable(smallTouchTargets(&s.window, KioskTheme::touchTarget).join(QLatin1Char('\n'))));
        const QString dir = qEnvironmentVariable("BOXOFFICE_SCREENSHOT_DIR");
        if (!dir.isEmpty() && largeText && size.width() < size.height()) {
            s.list->setFocus();
            QTest::qWait(300);
            QVERIFY(s.window.grab().save(dir + QStringLiteral("/kiosk-seat-list-high-contrast.png")));
        }
    }

    void theCheckFindsWhatIsWrong()
    {
        // The check must be able to fail: an unnamed control and a clipped label.
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* unnamed = new QPushButton(&window);
        unnamed->setObjectName(QStringLiteral("unnamed"));
        unnamed->setMinimumSize(60, 60);
        layout->addWidget(unnamed);
        auto* clipped =
            new QLabel(QStringLiteral("A sentence far too long for the label's narrow width"), &window);
        clipped->setObjectName(QStringLiteral("clipped"));
        clipped->setFixedWidth(40);
        layout->addWidget(clipped);
        auto* small = new QPushButton(QStringLiteral("OK"), &window);
        small->setObjectName(QStringLiteral("small"));
        small->setFixedSize(60, 20);
        layout->addWidget(small);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString problems = accessibilityProblems(&window).join(QLatin1Char('\n'));
        QVERIFY2(problems.contains(QStringLiteral("'unnamed': no accessible name")), qPrintable(problems));
        QVERIFY2(problems.contains(QStringLiteral("'clipped': text")), qPrintable(problems));
        QVERIFY(smallTouchTargets(&window, KioskTheme::touchTarget)
                    .join(QLatin1Char(' '))
                    .contains(QStringLiteral("'small'")));
        unnamed->setAccessibleName(QStringLiteral("Help"));
        QVERIFY(
            !accessibilityProblems(&window).join(QLatin1Char('\n')).contains(QStringLiteral("'unnamed'")));
    }
};

QTEST_MAIN(TstKioskTheme)
#include "tst_kiosktheme.moc"
