// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QListView>
#include <QTemporaryDir>

#include "db/pghelpdesk.h"
#include "model/help/helpcallboard.h"
#include "model/help/kioskhelp.h"
#include "model/sale/seatblocklist.h"
#include "tests/support/accessibilitycheck.h"
#include "tests/support/kioskrig.h"
#include "tests/support/recordingvoice.h"
#include "tests/support/seatpixels.h"
#include "ui/common/seatblocklistview.h"
#include "ui/common/seatmapwidget.h"
#include "ui/counter/helpcallnotice.h"

using namespace bo;
using namespace bo::test;

/// The kiosk's accessibility (docs/KIOSK.md, "Accessibility") on a real database: a purchase by
/// keypad and voice alone, through the accessible seat list; accessible names and unclipped text on
/// every screen in both languages and orientations; the display modes; a call for help to a counter
/// and back.
class TstKioskAccess final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// With $BOXOFFICE_SNAPSHOT_DIR set, saves the window there (README screenshots, Xvfb).
    static void snapshot(QWidget& widget, const QString& name)
    {
        const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
    }

    /// What the voice said since `from`, one line each (for failure messages).
    static QString saidSince(const RecordingVoice& voice, qsizetype from)
    {
        return voice.texts().mid(from).join(QStringLiteral("\n  "));
    }

    /// The screen's announcement was said, interrupting what was being said, since `from`.
    static void announced(const RecordingVoice& voice, qsizetype from, const QString& start)
    {
        bool found = false;
        for (qsizetype i = from; i < voice.utterances().size(); ++i) {
            const RecordingVoice::Utterance& u = voice.utterances().at(i);
            if (u.text.startsWith(start)) {
                QVERIFY2(u.interrupt, qPrintable(u.text));
                found = true;
            }
        }
        QVERIFY2(
            found,
            qPrintable(QStringLiteral("'%1' not announced; said:\n  %2").arg(start, saidSince(voice, from))));
    }

    static void checkScreen(KioskRig& k, const QString& where)
    {
        QApplication::processEvents();
        const QStringList problems = accessibilityProblems(&k.window);
        QVERIFY2(problems.isEmpty(),
                 qPrintable(where + QStringLiteral(":\n") + problems.join(QLatin1Char('\n'))));
        const QStringList small = smallTouchTargets(&k.window, 44);
        QVERIFY2(small.isEmpty(), qPrintable(where + QStringLiteral(":\n") + small.join(QLatin1Char('\n'))));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// The screen covered: arrows, OK and the voice alone, the seats from the accessible list.
    void aPurchaseByKeypadAndVoice()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QString folder = m_dir.filePath(QStringLiteral("voice"));
        KioskRig k(db, folder, m_dir.filePath(QStringLiteral("voice.key")), testSettings());
        RecordingVoice voice;
        k.window.setVoice(&voice);
        CHECKED(startKiosk(k));
        qsizetype from = voice.utterances().size();
        k.window.setLanguage(QStringLiteral("en"));
        CHECKED(press(Qt::Key_Return));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Films);
        CHECKED(announced(voice, from, QStringLiteral("Choose a film. Films showing: 1.")));
        QCOMPARE(voice.texts().at(from).left(14), QStringLiteral("Choose a film."));
        // The focused film is said after the announcement, not over it.
        QVERIFY2(!voice.utterances().last().interrupt, qPrintable(voice.last()));
        from = voice.utterances().size();
        CHECKED(press(Qt::Key_Return));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Showtimes);
        CHECKED(announced(voice, from, QStringLiteral("Choose a time. Showings: 1.")));
        from = voice.utterances().size();
        CHECKED(press(Qt::Key_Return));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Tickets, dbTimeoutMs);
        CHECKED(announced(voice, from, QStringLiteral("How many tickets?")));
        QCOMPARE(voice.last(), QStringLiteral("One Adult ticket more"));
        CHECKED(press(Qt::Key_Return)); // two adults
        QCOMPARE(k.window.ticketCount(), 2);
        // A key's move is said at once (interrupting).
        for (int i = 0; i < 20 && QApplication::focusWidget() != k.button(QStringLiteral("ticketsNext")); ++i)
            CHECKED(press(Qt::Key_Down));
        QCOMPARE(voice.last(), QStringLiteral("Continue to seats"));
        QVERIFY(voice.utterances().last().interrupt);
        from = voice.utterances().size();
        CHECKED(press(Qt::Key_Return));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Seats, dbTimeoutMs);
        CHECKED(announced(voice, from, QStringLiteral("Your seats.")));
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), k.button(QStringLiteral("seatsNext")),
                                  dbTimeoutMs);
        QTRY_VERIFY2_WITH_TIMEOUT(
            voice.texts().mid(from).join(QLatin1Char('|')).contains(QStringLiteral("are kept for you.")),
            qPrintable(saidSince(voice, from)), dbTimeoutMs);
        const QList<int> best = k.flow.heldSeats();

        // Up from "Continue": the accessible seat list, which says where it is and its best block.
        auto* list = k.window.findChild<SeatBlockListView*>();
        QVERIFY(list);
        QVERIFY(!list->accessibleName().isEmpty());
        for (int i = 0; i < 5 && QApplication::focusWidget() != list; ++i)
            CHECKED(press(Qt::Key_Up));
        QCOMPARE(QApplication::focusWidget(), list);
        QTRY_VERIFY(list->model()->rowCount() > 1);
        QVERIFY2(voice.last().startsWith(QStringLiteral("Seats together, best first: Row ")),
                 qPrintable(voice.last()));
        QCOMPARE(list->currentSeats(), best); // the best block is the one chosen for them
        // Down: the next block, said as a sentence with its price.
        CHECKED(press(Qt::Key_Down));
        QCOMPARE(QApplication::focusWidget(), list);
        const QList<int> second = list->currentSeats();
        QCOMPARE(second.size(), 2);
        QVERIFY(second != best);
        QVERIFY2(voice.last().startsWith(QStringLiteral("Row ")) &&
                     voice.last().contains(QStringLiteral("seats")),
                 qPrintable(voice.last()));
        QVERIFY2(voice.last().contains(QStringLiteral("won")), qPrintable(voice.last()));
        QVERIFY(voice.utterances().last().interrupt);
        // OK: that block is held through the sale flow, and said.
        from = voice.utterances().size();
        CHECKED(press(Qt::Key_Return));
        QTRY_COMPARE_WITH_TIMEOUT(k.flow.heldSeats(), second, dbTimeoutMs);
        QCOMPARE(heldSeats(db, showtime, k.flow.holdToken()), joined(second));
        QTRY_VERIFY2_WITH_TIMEOUT(
            voice.texts().mid(from).join(QLatin1Char('|')).contains(QStringLiteral("are kept for you.")),
            qPrintable(saidSince(voice, from)), dbTimeoutMs);
        // On to "Continue" past the list's end.
        for (int i = 0; i < 40 && QApplication::focusWidget() != k.button(QStringLiteral("seatsNext")); ++i)
            CHECKED(press(Qt::Key_Down));
        QCOMPARE(QApplication::focusWidget(), k.button(QStringLiteral("seatsNext")));
        QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("seatsNext"))->isEnabled(), dbTimeoutMs);
        from = voice.utterances().size();
        CHECKED(press(Qt::Key_Return));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Summary);
        CHECKED(announced(voice, from, QStringLiteral("Check your order.")));
        QVERIFY2(voice.texts().mid(from).join(QLatin1Char('|')).contains(QStringLiteral("Total ")),
                 qPrintable(saidSince(voice, from)));
        QCOMPARE(QApplication::focusWidget(), k.button(QStringLiteral("pay")));
        from = voice.utterances().size();
        CHECKED(press(Qt::Key_Return));
        CHECKED(announced(voice, from, QStringLiteral("Card payment.")));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Done, dbTimeoutMs);
        CHECKED(announced(voice, from, QStringLiteral("Thank you!")));
        const QString code = k.flow.lastBooking().code;
        QCOMPARE(db.scalar(QStringLiteral("SELECT status FROM booking WHERE code = '%1'").arg(code)),
                 QStringLiteral("CONFIRMED"));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT string_agg(bs.seat_id::text, ',' ORDER BY bs.seat_id) FROM "
                                     "booking_seat bs JOIN booking b ON b.id = bs.booking_id WHERE b.code "
                                     "= '%1'")
                          .arg(code)),
            joined(second));
        QTRY_COMPARE_WITH_TIMEOUT(pdfsIn(folder).size(), 1, dbTimeoutMs);
    }

    /// The voice's keys: louder, quieter (never silent), slower, faster; reset for the next one.
    void theVoiceIsAdjustableAndResetForTheNextCustomer()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        KioskRig k(db, m_dir.filePath(QStringLiteral("adjust")), m_dir.filePath(QStringLiteral("adjust.key")),
                   testSettings());
        RecordingVoice voice;
        voice.setVolume(0.5);
        k.window.setVoice(&voice);
        CHECKED(startKiosk(k));
        CHECKED(press(Qt::Key_Return));
        CHECKED(press(Qt::Key_VolumeUp));
        QCOMPARE(voice.settings().volume, 0.6);
        QCOMPARE(voice.last(), QStringLiteral("Volume 60 percent"));
        QCOMPARE(voice.utterances().last().volume, 0.6);
        for (int i = 0; i < 12; ++i)
            CHECKED(press(Qt::Key_VolumeDown));
        QCOMPARE(voice.settings().volume, 0.1);
        QCOMPARE(voice.last(), QStringLiteral("Volume 10 percent"));
        CHECKED(press(Qt::Key_F9));
        QCOMPARE(voice.settings().rate, -0.25);
        QCOMPARE(voice.last(), QStringLiteral("Slower speech"));
        CHECKED(click(k, QStringLiteral("faster")));
        CHECKED(click(k, QStringLiteral("faster")));
        QCOMPARE(voice.settings().rate, 0.25);
        QCOMPARE(voice.last(), QStringLiteral("Faster speech"));
        // The customer leaves: the next one starts with the kiosk's voice, in Korean.
        k.window.resetToAttract();
        QCOMPARE(voice.settings().volume, 0.5);
        QCOMPARE(voice.settings().rate, 0.0);
        QCOMPARE(voice.settings().language, VoiceLanguage::Korean);
    }

    /// Headphones only (kiosk/voice-headphones-only): nothing is said until headphones are in, then
    /// the screen is said at once; they stay heard for the next customer; pulled out, silence.
    void headphonesOnlySpeaksIntoHeadphonesAcrossCustomers()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        KioskRig k(db, m_dir.filePath(QStringLiteral("headphones")),
                   m_dir.filePath(QStringLiteral("headphones.key")), testSettings());
        RecordingVoice voice;
        voice.setHeadphonesOnly(true);
        k.window.setVoice(&voice);
        CHECKED(startKiosk(k));
        k.window.setLanguage(QStringLiteral("en"));
        CHECKED(press(Qt::Key_Return));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Films);
        QVERIFY2(voice.utterances().isEmpty(), qPrintable(saidSince(voice, 0)));
        // Plugged in: the screen the customer is on is said, interrupting nothing they heard.
        voice.setHeadphonesConnected(true);
        CHECKED(announced(voice, 0, QStringLiteral("Choose a film.")));
        // The customer leaves; the headphones are still in: the next customer is heard.
        qsizetype from = voice.utterances().size();
        k.window.resetToAttract();
        QVERIFY(voice.settings().headphonesOnly);
        QVERIFY(voice.settings().headphonesConnected);
        QTRY_VERIFY2(voice.utterances().size() > from, "the attract screen was not said");
        // Pulled out: what was being said stops, and nothing more is said.
        const int stops = voice.stops();
        voice.setHeadphonesConnected(false);
        QVERIFY(voice.stops() > stops);
        from = voice.utterances().size();
        CHECKED(press(Qt::Key_Return));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Films);
        QCOMPARE(voice.utterances().size(), from);
    }

    /// Large text, high contrast and low reach: one key or touch each, on every screen, kept
    /// from screen to screen until the customer leaves.
    void displayModesPersistUntilTheCustomerLeaves()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        KioskRig k(db, m_dir.filePath(QStringLiteral("modes")), m_dir.filePath(QStringLiteral("modes.key")),
                   testSettings());
        CHECKED(startKiosk(k));
        auto* title = k.window.findChild<QLabel*>(QStringLiteral("attractTitle"));
        const int normalHeight = QFontMetrics(title->font()).height();
        CHECKED(press(Qt::Key_F2));
        QVERIFY(k.window.display().largeText);
        QVERIFY2(QFontMetrics(title->font()).height() >= normalHeight * 1.4,
                 qPrintable(
                     QStringLiteral("%1 -> %2").arg(normalHeight).arg(QFontMetrics(title->font()).height())));
        CHECKED(click(k, QStringLiteral("highContrast")));
        QVERIFY(k.window.display().highContrast);
        QCOMPARE(k.window.palette().color(QPalette::Window), QColor(Qt::black));
        CHECKED(press(Qt::Key_F4));
        QVERIFY(k.window.display().lowReach);
        QApplication::processEvents();
        // Low reach: every control in the lower half of the window.
        const auto controlsLow = [&k] {
            QStringList high;
            for (QPushButton* b : k.window.findChildren<QPushButton*>()) {
                if (b->isVisible() && b->mapTo(&k.window, QPoint(0, 0)).y() < k.window.height() / 2 - 48)
                    high << b->objectName();
            }
            return high;
        };
        QTRY_VERIFY2(controlsLow().isEmpty(), qPrintable(controlsLow().join(QLatin1Char(' '))));
        // The whole screen moved down (the upper part left empty), not only the controls.
        const auto pageTop = [&k](const QString& page) {
            return k.window.findChild<QWidget*>(page)->mapTo(&k.window, QPoint(0, 0)).y();
        };
        QTRY_VERIFY2(pageTop(QStringLiteral("attractPage")) > 0,
                     qPrintable(QString::number(pageTop(QStringLiteral("attractPage")))));
        CHECKED(touchToSeats(k, db, showtime));
        QTRY_VERIFY(pageTop(QStringLiteral("seatsPage")) > 0);
        // The seat map paints in high contrast too: free seats yellow, the customer's own cyan,
        // on black (the shared painter's high-contrast scheme, not the light one on black).
        auto* map = k.window.findChild<SeatMapWidget*>(QStringLiteral("seatMap"));
        QVERIFY(map);
        QVERIFY(map->isHighContrast());
        QCOMPARE(map->grab().toImage().pixelColor(2, 2), QColor(Qt::black));
        const auto mapColours = [&k, map](SeatPainter::Scheme scheme) {
            QStringList wrong;
            for (const SeatState& seat : k.flow.seatMap().seats()) {
                const SeatPainter::Look look = SeatPainter::lookOf(k.flow.seatMap(), seat);
                const QColor wanted = SeatPainter::mainColour(look, seat.kind, scheme);
                const QColor painted(bo::test::seatColour(*map, seat.seatId));
                if (painted != wanted)
                    wrong << QStringLiteral("%1 %2 %3").arg(seat.label, painted.name(), wanted.name());
            }
            return wrong;
        };
        QTRY_VERIFY2(mapColours(SeatPainter::Scheme::HighContrast).isEmpty(),
                     qPrintable(mapColours(SeatPainter::Scheme::HighContrast).join(QLatin1Char(' '))));
        CHECKED(press(Qt::Key_F3));
        QVERIFY(!k.window.display().highContrast);
        QVERIFY(!map->isHighContrast());
        CHECKED(press(Qt::Key_F3));
        QVERIFY(map->isHighContrast());
        QVERIFY(k.window.display().largeText && k.window.display().highContrast &&
                k.window.display().lowReach);
        QVERIFY(k.button(QStringLiteral("largeText"))->isChecked());
        QTRY_VERIFY2(controlsLow().isEmpty(), qPrintable(controlsLow().join(QLatin1Char(' '))));
        // Leaving (idle, finish, cancel): the next customer gets the kiosk's own display.
        k.window.resetToAttract();
        QVERIFY(!k.window.display().largeText && !k.window.display().highContrast &&
                !k.window.display().lowReach);
        QVERIFY(!k.button(QStringLiteral("largeText"))->isChecked());
        QCOMPARE(QFontMetrics(title->font()).height(), normalHeight);
        QTRY_COMPARE(pageTop(QStringLiteral("attractPage")), 0);
    }

    /// "Wheelchair spaces first" puts the blocks with a wheelchair space and its companion seat at
    /// the top of the accessible seat list (they are last otherwise), says the first, and OK holds it.
    void wheelchairSpacesComeFirstWhenAsked()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        // The test hall's back row gets a wheelchair space and a companion seat at each end.
        QVERIFY(
            db.run(QStringLiteral("UPDATE seat SET kind = CASE WHEN number IN (1, 10) THEN 'wheelchair' "
                                  "ELSE 'companion' END WHERE row_label = 'C' AND number IN (1, 2, 9, 10) "
                                  "AND auditorium_id = (SELECT auditorium_id FROM showtime WHERE id = %1)")
                       .arg(showtime)));
        KioskRig k(db, m_dir.filePath(QStringLiteral("wheelchair")),
                   m_dir.filePath(QStringLiteral("wheelchair.key")), testSettings());
        RecordingVoice voice;
        k.window.setVoice(&voice);
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        auto* list = k.window.findChild<SeatBlockListView*>();
        auto* blocks = k.window.findChild<SeatBlockList*>();
        QVERIFY(list && blocks);
        QTRY_VERIFY(blocks->rowCount() > 4);
        const auto withWheelchair = [&k](const SeatBlock& b) {
            QSet<SeatKind> kinds;
            for (int id : b.seatIds)
                kinds.insert(k.flow.seatMap().seat(id)->kind);
            return kinds.contains(SeatKind::Wheelchair) && kinds.contains(SeatKind::Companion);
        };
        const auto order = [&blocks, &withWheelchair] {
            QString o;
            for (const SeatBlock& b : blocks->blocks())
                o += withWheelchair(b) ? QLatin1Char('W') : QLatin1Char('.');
            return o;
        };
        // Unasked: the two wheelchair blocks (C1-C2, C9-C10) come with the other accessible ones
        // (C2-C3, C8-C9 hold a companion seat) after every ordinary block.
        const auto offeredLast = [&order] { return order().indexOf(QLatin1Char('W')) >= order().size() - 4; };
        QVERIFY2(offeredLast(), qPrintable(order()));
        QVERIFY(!k.flow.heldSeats().isEmpty());
        for (int id : k.flow.heldSeats())
            QCOMPARE(k.flow.seatMap().seat(id)->kind, SeatKind::Standard);

        CHECKED(click(k, QStringLiteral("wheelchairFirst")));
        QTRY_VERIFY2(order().startsWith(QStringLiteral("WW.")), qPrintable(order()));
        QCOMPARE(order().count(QLatin1Char('W')), 2);
        QVERIFY2(voice.last().contains(QStringLiteral("wheelchair space")), qPrintable(voice.last()));
        QVERIFY2(list->model()->index(0, 0).data().toString().contains(QStringLiteral("wheelchair")),
                 qPrintable(list->model()->index(0, 0).data().toString()));
        // By keypad: the list, its first block, OK: the wheelchair space and companion seat are held.
        list->setFocus();
        list->setCurrentIndex(list->model()->index(0, 0));
        const QList<int> first = blocks->blocks().constFirst().seatIds;
        CHECKED(press(Qt::Key_Return));
        QTRY_COMPARE_WITH_TIMEOUT(k.flow.heldSeats(), first, dbTimeoutMs);
        QCOMPARE(heldSeats(db, showtime, k.flow.holdToken()), joined(first));

        // Off again: the usual order (the sale's own seats count as free in its list).
        CHECKED(click(k, QStringLiteral("wheelchairFirst")));
        QTRY_VERIFY2(offeredLast(), qPrintable(order()));
    }

    void everyScreenIsNamedAndNothingClips_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("large");
        QTest::newRow("en portrait") << QStringLiteral("en") << QSize(1080, 1920) << false;
        QTest::newRow("ko portrait") << QStringLiteral("ko") << QSize(1080, 1920) << false;
        QTest::newRow("en landscape") << QStringLiteral("en") << QSize(1920, 1080) << false;
        QTest::newRow("ko landscape") << QStringLiteral("ko") << QSize(1920, 1080) << false;
        QTest::newRow("en portrait, large, contrast") << QStringLiteral("en") << QSize(1080, 1920) << true;
        QTest::newRow("ko portrait, large, contrast") << QStringLiteral("ko") << QSize(1080, 1920) << true;
    }

    /// Every visible widget has an accessible name, every touch target ≥ 44 px, no text clips
    /// (QFontMetrics against geometry) on each screen of a sale.
    void everyScreenIsNamedAndNothingClips()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QFETCH(bool, large);
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        KioskRig k(db, m_dir.filePath(QStringLiteral("names")), m_dir.filePath(QStringLiteral("names.key")),
                   testSettings());
        CHECKED(startKiosk(k));
        k.window.resize(size);
        k.window.setLanguage(language);
        if (large)
            k.window.setDisplay({true, true, false});
        QTRY_COMPARE(k.window.size(), size);
        CHECKED(checkScreen(k, QStringLiteral("attract")));
        const QString movie =
            db.scalar(QStringLiteral("SELECT movie_id FROM showtime WHERE id = %1").arg(showtime));
        CHECKED(click(k, QStringLiteral("start")));
        CHECKED(checkScreen(k, QStringLiteral("films")));
        CHECKED(click(k, QStringLiteral("film-") + movie));
        CHECKED(checkScreen(k, QStringLiteral("showtimes")));
        CHECKED(click(k, QStringLiteral("showtime-%1").arg(showtime)));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Tickets, dbTimeoutMs);
        CHECKED(click(k, QStringLiteral("plus-adult")));
        CHECKED(checkScreen(k, QStringLiteral("tickets")));
        CHECKED(click(k, QStringLiteral("ticketsNext")));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Seats, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("seatsNext"))->isEnabled(), dbTimeoutMs);
        CHECKED(click(k, QStringLiteral("callHelp")));
        CHECKED(checkScreen(k, QStringLiteral("seats")));
        if (large && language == QLatin1String("en") && size.height() > size.width()) {
            k.window.findChild<SeatBlockListView*>()->setFocus();
            QTest::qWait(200);
            CHECKED(snapshot(k.window, QStringLiteral("kiosk-seat-list-contrast.png")));
        }
        CHECKED(click(k, QStringLiteral("seatsNext")));
        CHECKED(checkScreen(k, QStringLiteral("summary")));
    }

    /// Help (the key, or the button): the counter's board gets the kiosk's call at once, the kiosk
    /// says staff are coming, and the till's "on my way" reaches the kiosk in text and voice.
    void aCallForHelpReachesTheCounterAndItsAnswerComesBack()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        CounterTill till(db.settings(), QStringLiteral("Till 1"));
        PgHelpDesk tillDesk(db.settings());
        HelpCallBoard board(&tillDesk, QStringLiteral("Till 1"));
        till.backend.start();
        tillDesk.start();
        till.window.setHelpCalls(&board);
        till.window.resize(1280, 800);
        till.window.show();

        KioskRig k(db, m_dir.filePath(QStringLiteral("help")), m_dir.filePath(QStringLiteral("help.key")),
                   testSettings());
        RecordingVoice voice;
        k.window.setVoice(&voice);
        PgHelpDesk kioskDesk(db.kioskSettings());
        KioskHelp help(&kioskDesk, QStringLiteral("Kiosk 1 (lobby)"));
        k.window.setHelp(&help);
        kioskDesk.start();
        CHECKED(startKiosk(k));
        QTRY_VERIFY_WITH_TIMEOUT(till.backend.isOnline() && tillDesk.isOnline() && kioskDesk.isOnline(),
                                 dbTimeoutMs);
        k.window.activateWindow();
        QApplication::setActiveWindow(&k.window);
        QTRY_VERIFY(k.window.isActiveWindow());
        k.button(QStringLiteral("start"))->setFocus();
        CHECKED(click(k, QStringLiteral("start")));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Films);
        QSignalSpy called(&board, &HelpCallBoard::helpCalled);
        QTest::keyClick(&k.window, Qt::Key_F1);
        auto* status = k.window.findChild<QLabel*>(QStringLiteral("helpStatus"));
        QVERIFY(status);
        QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, dbTimeoutMs);
        QCOMPARE(called.at(0).at(0).value<HelpCall>().kiosk, QStringLiteral("Kiosk 1 (lobby)"));
        HelpCallNotice* notice = till.window.helpNotice();
        QTRY_VERIFY_WITH_TIMEOUT(notice->isVisible(), dbTimeoutMs);
        const QString waiting =
            QStringLiteral("Staff have been called and will come to you. Please stay here.");
        QTRY_COMPARE_WITH_TIMEOUT(status->text(), waiting, dbTimeoutMs);
        QVERIFY(status->isVisible());
        QCOMPARE(voice.last(), waiting);
        // The till answers "on my way" on its notice.
        QPushButton* onMyWay = notice->buttonFor(help.callId());
        QVERIFY(onMyWay);
        QTRY_VERIFY(onMyWay->isVisible());
        QTest::mouseClick(onMyWay, Qt::LeftButton);
        const QString coming = QStringLiteral("Staff from Till 1 are on their way to you.");
        QTRY_COMPARE_WITH_TIMEOUT(status->text(), coming, dbTimeoutMs);
        QCOMPARE(voice.last(), coming);
        // The text stays on the next screens; the customer leaving closes the call.
        CHECKED(click(k, QStringLiteral("film-") +
                             db.scalar(QStringLiteral("SELECT movie_id FROM showtime ORDER BY id LIMIT 1"))));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Showtimes);
        QVERIFY(status->isVisible());
        QCOMPARE(status->text(), coming);
        k.window.resetToAttract();
        QVERIFY(!status->isVisible());
        QCOMPARE(help.stage(), KioskHelp::Stage::Idle);
        QTRY_VERIFY_WITH_TIMEOUT(!notice->isVisible(), dbTimeoutMs);
        kioskDesk.stop();
        tillDesk.stop();
    }
};

QTEST_MAIN(TstKioskAccess)
#include "tst_kioskaccess.moc"
