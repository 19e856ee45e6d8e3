// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>
#include <cmath>

#include <algorithm>

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QToolTip>

#include "model/seats/seatmap.h"
#include "tests/support/paintcounter.h"
#include "tests/support/seatpixels.h"
#include "tests/support/testseats.h"
#include "ui/common/kiosktheme.h"
#include "ui/common/seatlegendwidget.h"
#include "ui/common/seatmapwidget.h"
#include "ui/common/seatpainter.h"

using namespace bo;
using bo::test::announced;
using bo::test::makeSeat;
using bo::test::PaintCounter;

namespace {

constexpr int showtime = 3;

/// Rows A-C of 8 seats with an aisle after seat 4; id = row * 10 + number (A1 = 11).
/// Row A: 1 wheelchair, 2 companion; row B: 7-8 a couple pair; row C: 3 premium.
QList<SeatState> smallHall()
{
    QList<SeatState> seats;
    for (int r = 1; r <= 3; ++r) {
        const QString row(QChar(u'A' + r - 1));
        for (int n = 1; n <= 8; ++n) {
            SeatKind kind = SeatKind::Standard;
            if (r == 1 && n == 1)
                kind = SeatKind::Wheelchair;
            else if (r == 1 && n == 2)
                kind = SeatKind::Companion;
            else if (r == 2 && n >= 7)
                kind = SeatKind::Couple;
            else if (r == 3 && n == 3)
                kind = SeatKind::Premium;
            seats.append(makeSeat(r * 10 + n, row, n, (n - 1) + (n > 4 ? 1 : 0), (r - 1) * 1.2, kind));
        }
    }
    return seats;
}

/// `rows` x `columns` seats, an aisle every 25 seats; ids from 1.
QList<SeatState> bigHall(int rows, int columns)
{
    QList<SeatState> seats;
    seats.reserve(qsizetype(rows) * columns);
    int id = 1;
    for (int r = 0; r < rows; ++r) {
        const QString row = QStringLiteral("R%1").arg(r + 1);
        for (int n = 1; n <= columns; ++n)
            seats.append(makeSeat(id++, row, n, (n - 1) + std::floor((n - 1) / 25.0), r * 1.2));
    }
    return seats;
}

/// The colour that covers most of a seat symbol drawn alone (its fill), on white.
QRgb dominantColour(SeatPainter::Look look, SeatKind kind)
{
    QImage symbol(64, 64, QImage::Format_RGB32);
    symbol.fill(Qt::white);
    {
        QPainter painter(&symbol);
        SeatPainter::paintSeat(painter, QRectF(4, 4, 56, 56), look, kind, SeatPainter::Part::Single);
    }
    QHash<QRgb, int> counts;
    for (int y = 0; y < symbol.height(); ++y) {
        for (int x = 0; x < symbol.width(); ++x) {
            if (symbol.pixel(x, y) != qRgb(255, 255, 255))
                ++counts[symbol.pixel(x, y)];
        }
    }
    QRgb best = 0;
    int most = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    }
    return best;
}

/// How many pixels of `image` have exactly this colour.
int pixelsOf(const QImage& image, QRgb colour)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    int n = 0;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        n += int(std::count(line, line + rgb.width(), colour | 0xFF000000u));
    }
    return n;
}

/// Every look of a standard seat with its fill colour, and the kinds whose free seat has a fill
/// of its own (the others differ by shape).
QList<QPair<QString, QRgb>> everyLookAndKind()
{
    using Look = SeatPainter::Look;
    QList<QPair<QString, QRgb>> out;
    for (Look look : {Look::Free, Look::Mine, Look::HeldByOther, Look::Reserved, Look::Blocked})
        out.append({SeatMapWidget::lookName(look), dominantColour(look, SeatKind::Standard)});
    const QRgb free = out.first().second;
    for (SeatKind kind : {SeatKind::Premium, SeatKind::Couple, SeatKind::Wheelchair, SeatKind::Companion}) {
        if (const QRgb fill = dominantColour(Look::Free, kind); fill != free)
            out.append({SeatMapWidget::kindName(kind), fill});
    }
    return out;
}

QImage seatImage(SeatMapWidget& widget, int seatId)
{
    return widget.grab(widget.seatRect(seatId)).toImage().convertToFormat(QImage::Format_RGB32);
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

void sendMouse(QWidget* w, QEvent::Type type, QPoint pos, Qt::MouseButton button, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, QPointF(pos), QPointF(w->mapToGlobal(pos)), button, buttons, Qt::NoModifier);
    QApplication::sendEvent(w, &event);
}

} // namespace

class TstSeatMapWidget final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_map.reset(showtime, smallHall());
        (void)m_map.setMine({});
        m_widget = std::make_unique<SeatMapWidget>();
        m_widget->resize(640, 400);
        m_widget->setSeatMap(&m_map);
        m_widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_widget.get()));
    }

    void cleanup() { m_widget.reset(); }

    void widgetIsNamedAndTakesKeyboardFocus()
    {
        QCOMPARE(m_widget->objectName(), QStringLiteral("seatMapWidget"));
        QCOMPARE(m_widget->focusPolicy(), Qt::StrongFocus);
        QVERIFY(!m_widget->accessibleName().isEmpty());
    }

    void clickOnASeatCentreActivatesIt()
    {
        QSignalSpy activated(m_widget.get(), &SeatMapWidget::seatActivated);
        const QRect r = m_widget->seatRect(23);
        QVERIFY(r.width() > 10);
        QCOMPARE(m_widget->seatAt(r.center()), 23);
        QTest::mouseClick(m_widget.get(), Qt::LeftButton, {}, r.center());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 23);
        QCOMPARE(m_widget->focusSeat(), 23);
    }

    void clickOnAnAisleOrTheMarginActivatesNothing()
    {
        QSignalSpy activated(m_widget.get(), &SeatMapWidget::seatActivated);
        const QRect left = m_widget->seatRect(14);
        const QRect right = m_widget->seatRect(15);
        const QPoint aisle((left.right() + right.left()) / 2, left.center().y());
        QVERIFY(aisle.x() > left.right() + 2 && aisle.x() < right.left() - 2);
        QCOMPARE(m_widget->seatAt(aisle), 0);
        QTest::mouseClick(m_widget.get(), Qt::LeftButton, {}, aisle);
        QTest::mouseClick(m_widget.get(), Qt::LeftButton, {}, QPoint(2, 2));
        // Between rows A and B.
        const QPoint between(left.center().x(), (left.bottom() + m_widget->seatRect(24).top()) / 2);
        QTest::mouseClick(m_widget.get(), Qt::LeftButton, {}, between);
        QCOMPARE(activated.count(), 0);
    }

    void pressOnOneSeatAndReleaseOnAnotherActivatesNothing()
    {
        QSignalSpy activated(m_widget.get(), &SeatMapWidget::seatActivated);
        QTest::mousePress(m_widget.get(), Qt::LeftButton, {}, m_widget->seatRect(21).center());
        QTest::mouseRelease(m_widget.get(), Qt::LeftButton, {}, m_widget->seatRect(22).center());
        QCOMPARE(activated.count(), 0);
    }

    void arrowKeysMoveTheFocusAndSpaceActivates()
    {
        QSignalSpy activated(m_widget.get(), &SeatMapWidget::seatActivated);
        QSignalSpy focusChanged(m_widget.get(), &SeatMapWidget::focusSeatChanged);
        m_widget->setFocusSeat(22);
        QTest::keyClick(m_widget.get(), Qt::Key_Right);
        QCOMPARE(m_widget->focusSeat(), 23);
        QTest::keyClick(m_widget.get(), Qt::Key_Space);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 23);

        QTest::keyClick(m_widget.get(), Qt::Key_Down);
        QCOMPARE(m_widget->focusSeat(), 33);
        QTest::keyClick(m_widget.get(), Qt::Key_Up);
        QTest::keyClick(m_widget.get(), Qt::Key_Up);
        QCOMPARE(m_widget->focusSeat(), 13);
        QTest::keyClick(m_widget.get(), Qt::Key_Up); // front row: stays
        QCOMPARE(m_widget->focusSeat(), 13);
        QTest::keyClick(m_widget.get(), Qt::Key_Left);
        QTest::keyClick(m_widget.get(), Qt::Key_Left);
        QTest::keyClick(m_widget.get(), Qt::Key_Left); // row start: stays
        QCOMPARE(m_widget->focusSeat(), 11);
        // Enter belongs to the window (it moves the sale on); Space picks seats.
        QTest::keyClick(m_widget.get(), Qt::Key_Return);
        QCOMPARE(activated.count(), 1);
        QTest::keyClick(m_widget.get(), Qt::Key_Space);
        QCOMPARE(activated.count(), 2);
        QCOMPARE(activated.at(1).at(0).toInt(), 11);
        QCOMPARE(focusChanged.constLast().at(0).toInt(), 11);

        // Across the aisle, the next seat of the row.
        m_widget->setFocusSeat(14);
        QTest::keyClick(m_widget.get(), Qt::Key_Right);
        QCOMPARE(m_widget->focusSeat(), 15);
    }

    void firstArrowKeyPicksASeat()
    {
        QCOMPARE(m_widget->focusSeat(), 0);
        QTest::keyClick(m_widget.get(), Qt::Key_Down);
        QVERIFY(m_widget->focusSeat() != 0);
    }

    void focusRingIsDrawn()
    {
        const QImage before = seatImage(*m_widget, 25);
        m_widget->setFocusSeat(25);
        QTRY_VERIFY(seatImage(*m_widget, 25) != before);
    }

    /// High contrast (the kiosk's mode, WCAG 1.4.11): on the black ground every state's main
    /// colour stands at least 3:1 against it, no two states share it, and the map paints with the
    /// high-contrast colours rather than the light scheme's on black.
    void highContrastPaintsEveryStateClearOfTheBlackGround()
    {
        using Look = SeatPainter::Look;
        using Scheme = SeatPainter::Scheme;
        (void)m_map.setStatus({23}, SeatStatus::Held);
        (void)m_map.setStatus({22}, SeatStatus::Held);
        (void)m_map.setMine({22});
        (void)m_map.setStatus({24}, SeatStatus::Reserved);
        (void)m_map.setStatus({25}, SeatStatus::Blocked);
        struct Probe
        {
            int seat;
            Look look;
            SeatKind kind;
        };
        const QList<Probe> probes{
            {21, Look::Free, SeatKind::Standard},        {22, Look::Mine, SeatKind::Standard},
            {23, Look::HeldByOther, SeatKind::Standard}, {24, Look::Reserved, SeatKind::Standard},
            {25, Look::Blocked, SeatKind::Standard},     {11, Look::Free, SeatKind::Wheelchair}};
        m_widget->reloadSeats();
        QHash<int, QRgb> light;
        for (const Probe& probe : probes)
            light.insert(probe.seat, bo::test::seatColour(*m_widget, probe.seat));

        // The widget's own option: the light palette stays, the ground turns black all the same.
        m_widget->setHighContrast(true);
        QVERIFY(m_widget->isHighContrast());
        QCOMPARE(m_widget->grab().toImage().pixelColor(2, 2), QColor(Qt::black));
        QHash<QRgb, int> seen;
        for (const Probe& probe : probes) {
            const QRgb colour = bo::test::seatColour(*m_widget, probe.seat);
            const QString what = QStringLiteral("seat %1 (%2): #%3")
                                     .arg(probe.seat)
                                     .arg(SeatMapWidget::lookName(probe.look))
                                     .arg(colour & 0xFFFFFF, 6, 16, QLatin1Char('0'));
            QCOMPARE(QColor(colour), SeatPainter::mainColour(probe.look, probe.kind, Scheme::HighContrast));
            QVERIFY2(colour != light.value(probe.seat), qPrintable(what));
            const double ratio = KioskTheme::contrastRatio(QColor(colour), Qt::black);
            QVERIFY2(ratio >= 3.0, qPrintable(what + QStringLiteral(" %1:1").arg(ratio)));
            QVERIFY2(!seen.contains(colour),
                     qPrintable(what + QStringLiteral(" as seat %1").arg(seen.value(colour))));
            seen.insert(colour, probe.seat);
        }
        // Off again: the light scheme's colours come back.
        m_widget->setHighContrast(false);
        for (const Probe& probe : probes)
            QCOMPARE(bo::test::seatColour(*m_widget, probe.seat), light.value(probe.seat));
    }

    void zoomChangesTheSeatSize()
    {
        const QSize fitted = m_widget->seatRect(21).size();
        m_widget->zoomIn();
        const QSize bigger = m_widget->seatRect(21).size();
        QVERIFY(bigger.width() > fitted.width());
        QVERIFY(bigger.height() > fitted.height());
        m_widget->zoomOut();
        QVERIFY(m_widget->seatRect(21).width() < bigger.width());
        QTest::keyClick(m_widget.get(), Qt::Key_Plus);
        QVERIFY(m_widget->seatRect(21).width() > fitted.width());
        QTest::keyClick(m_widget.get(), Qt::Key_Minus);
        QTest::keyClick(m_widget.get(), Qt::Key_Minus);
        QVERIFY(m_widget->seatRect(21).width() < fitted.width());
        QTest::keyClick(m_widget.get(), Qt::Key_0);
        QCOMPARE(m_widget->seatRect(21).size(), fitted);
    }

    void wheelZoomsAroundTheCursor()
    {
        const QRect before = m_widget->seatRect(26);
        const QPoint cursor = before.center();
        QWheelEvent wheel(QPointF(cursor), QPointF(m_widget->mapToGlobal(cursor)), QPoint(), QPoint(0, 240),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(m_widget.get(), &wheel);
        const QRect after = m_widget->seatRect(26);
        QVERIFY(after.width() > before.width());
        QCOMPARE(m_widget->seatAt(cursor), 26);
        QVERIFY((after.center() - cursor).manhattanLength() <= 3);
    }

    void middleDragPans()
    {
        const QRect before = m_widget->seatRect(21);
        const QPoint start(300, 200);
        sendMouse(m_widget.get(), QEvent::MouseButtonPress, start, Qt::MiddleButton, Qt::MiddleButton);
        sendMouse(m_widget.get(), QEvent::MouseMove, start + QPoint(20, 10), Qt::NoButton, Qt::MiddleButton);
        sendMouse(m_widget.get(), QEvent::MouseMove, start + QPoint(40, 30), Qt::NoButton, Qt::MiddleButton);
        sendMouse(m_widget.get(), QEvent::MouseButtonRelease, start + QPoint(40, 30), Qt::MiddleButton,
                  Qt::NoButton);
        QCOMPARE(m_widget->seatRect(21), before.translated(40, 30));
    }

    void spaceDragPansWithoutActivating()
    {
        QSignalSpy activated(m_widget.get(), &SeatMapWidget::seatActivated);
        m_widget->setFocusSeat(21);
        const QRect before = m_widget->seatRect(21);
        QTest::keyPress(m_widget.get(), Qt::Key_Space);
        const QPoint start = m_widget->seatRect(24).center();
        sendMouse(m_widget.get(), QEvent::MouseButtonPress, start, Qt::LeftButton, Qt::LeftButton);
        sendMouse(m_widget.get(), QEvent::MouseMove, start + QPoint(-25, 15), Qt::NoButton, Qt::LeftButton);
        sendMouse(m_widget.get(), QEvent::MouseButtonRelease, start + QPoint(-25, 15), Qt::LeftButton,
                  Qt::NoButton);
        QTest::keyRelease(m_widget.get(), Qt::Key_Space);
        QCOMPARE(m_widget->seatRect(21), before.translated(-25, 15));
        QCOMPARE(activated.count(), 0);
    }

    void changedSeatsAloneAreRepainted()
    {
        const int all = static_cast<int>(m_map.size());
        PaintCounter counter(m_widget.get());
        m_widget->reloadSeats();
        QTRY_VERIFY(counter.paints > 0);
        QCOMPARE(m_widget->paintedSeatsLastFrame(), all);

        QCOMPARE(m_map.applyChanges(announced(QStringLiteral("3|R26"))), QList<int>{26});
        const int before = counter.paints;
        m_widget->repaintSeats({26});
        QTRY_VERIFY(counter.paints > before);
        QVERIFY(m_widget->paintedSeatsLastFrame() >= 1);
        QVERIFY(m_widget->paintedSeatsLastFrame() <= 4);

        // A notification about several seats far apart repaints those seats, not what lies between.
        QCOMPARE(m_map.applyChanges(announced(QStringLiteral("3|H11,H38"))), (QList<int>{11, 38}));
        const int beforeTwo = counter.paints;
        m_widget->repaintSeats({11, 38});
        QTRY_VERIFY(counter.paints > beforeTwo);
        QVERIFY(m_widget->paintedSeatsLastFrame() <= 8);

        const int beforeReload = counter.paints;
        m_widget->reloadSeats();
        QTRY_VERIFY(counter.paints > beforeReload);
        QCOMPARE(m_widget->paintedSeatsLastFrame(), all);
    }

    void statusesLookDifferentEvenInGreyscale()
    {
        // One seat shown in every look; each pair must differ, in colour and without it.
        QList<QImage> looks;
        auto show = [this, &looks](const QString& payload, const QSet<int>& mine) {
            (void)m_map.setMine(mine);
            (void)m_map.applyChanges(announced(payload));
            m_widget->repaintSeats({27});
            m_widget->repaint();
            looks.append(seatImage(*m_widget, 27));
        };
        show(QStringLiteral("3|F27"), {});
        show(QStringLiteral("3|H27"), {27});
        show(QStringLiteral("3|H27"), {});
        show(QStringLiteral("3|R27"), {});
        show(QStringLiteral("3|B27"), {});
        for (qsizetype i = 0; i < looks.size(); ++i) {
            for (qsizetype j = i + 1; j < looks.size(); ++j) {
                QVERIFY2(looks.at(i) != looks.at(j),
                         qPrintable(QStringLiteral("looks %1 and %2").arg(i).arg(j)));
                QVERIFY2(looks.at(i).convertToFormat(QImage::Format_Grayscale8) !=
                             looks.at(j).convertToFormat(QImage::Format_Grayscale8),
                         qPrintable(QStringLiteral("grey looks %1 and %2").arg(i).arg(j)));
            }
        }
    }

    void reservedSeatPixelsDifferFromFreeSeat()
    {
        m_widget->repaint();
        const QRect r = m_widget->seatRect(26);
        const QImage before = m_widget->grab().toImage();
        (void)m_map.applyChanges(announced(QStringLiteral("3|R26")));
        m_widget->repaintSeats({26});
        m_widget->repaint();
        const QImage after = m_widget->grab().toImage();
        QVERIFY(before.copy(r) != after.copy(r));
        QVERIFY(before.pixel(r.center()) != after.pixel(r.center()));
        // The neighbour did not change.
        const QRect n = m_widget->seatRect(25);
        QCOMPARE(before.copy(n), after.copy(n));
    }

    void seatKindsLookDifferent()
    {
        m_widget->repaint();
        // Same size seats: standard, premium, companion, wheelchair, couple halves.
        const QList<int> ids{31, 33, 12, 11, 27, 28};
        QList<QImage> images;
        for (int id : ids)
            images.append(seatImage(*m_widget, id));
        for (qsizetype i = 0; i < images.size(); ++i) {
            for (qsizetype j = i + 1; j < images.size(); ++j) {
                if (images.at(i).size() == images.at(j).size())
                    QVERIFY2(images.at(i) != images.at(j),
                             qPrintable(QStringLiteral("%1 vs %2").arg(ids.at(i)).arg(ids.at(j))));
            }
        }
        // The couple pair is drawn joined: no gap between its halves, a gap elsewhere.
        QCOMPARE(m_widget->seatRect(28).left(), m_widget->seatRect(27).right() + 1);
        QVERIFY(m_widget->seatRect(26).left() > m_widget->seatRect(25).right() + 1);
    }

    void toolTipShowsLabelKindAndPrice()
    {
        m_widget->setPriceText([](const SeatState& s) {
            return s.kind == SeatKind::Premium ? QStringLiteral("Adult 22,000")
                                               : QStringLiteral("Adult 14,000");
        });
        const QPoint pos = m_widget->seatRect(33).center();
        QHelpEvent help(QEvent::ToolTip, pos, m_widget->mapToGlobal(pos));
        QApplication::sendEvent(m_widget.get(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        const QString text = QToolTip::text();
        QVERIFY2(text.contains(QStringLiteral("C3")), qPrintable(text));
        QVERIFY2(text.contains(SeatMapWidget::kindName(SeatKind::Premium)), qPrintable(text));
        QVERIFY2(text.contains(SeatMapWidget::lookName(SeatPainter::Look::Free)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("22,000")), qPrintable(text));
        QToolTip::hideText();
    }

    void emptyMapPaintsAPlaceholder()
    {
        SeatMap empty;
        m_widget->setSeatMap(&empty);
        m_widget->repaint();
        QCOMPARE(m_widget->paintedSeatsLastFrame(), 0);
        QCOMPARE(m_widget->seatAt(QPoint(100, 100)), 0);
        QTest::keyClick(m_widget.get(), Qt::Key_Right);
        QCOMPARE(m_widget->focusSeat(), 0);
        m_widget->setSeatMap(nullptr);
        m_widget->repaint();
        QCOMPARE(m_widget->paintedSeatsLastFrame(), 0);
    }

    void resetWithoutReloadHealsInsteadOfReadingStaleGeometry()
    {
        m_widget->setFocusSeat(38);
        m_map.reset(showtime, smallHall().mid(0, 4));
        m_widget->repaint();
        QCOMPARE(m_widget->paintedSeatsLastFrame(), 4);
        QCOMPARE(m_widget->focusSeat(), 0);
        QTest::keyClick(m_widget.get(), Qt::Key_Right);
        QVERIFY(m_widget->focusSeat() != 0);
    }

    void reloadKeepsTheFocusSeat()
    {
        m_widget->setFocusSeat(24);
        m_map.reset(showtime, smallHall());
        m_widget->reloadSeats();
        QCOMPARE(m_widget->focusSeat(), 24);
    }

    void legendExplainsEveryStatusAndKind()
    {
        SeatLegendWidget legend;
        QCOMPARE(legend.objectName(), QStringLiteral("seatLegendWidget"));
        const QStringList texts = legend.entryTexts();
        QCOMPARE(texts.size(), 10);
        using Look = SeatPainter::Look;
        for (Look look : {Look::Free, Look::Mine, Look::HeldByOther, Look::Reserved, Look::Blocked})
            QVERIFY(texts.contains(SeatMapWidget::lookName(look)));
        for (SeatKind kind : {SeatKind::Standard, SeatKind::Premium, SeatKind::Couple, SeatKind::Wheelchair,
                              SeatKind::Companion})
            QVERIFY(texts.contains(SeatMapWidget::kindName(kind)));
        QVERIFY(legend.heightForWidth(300) > legend.heightForWidth(1200));
        legend.resize(legend.sizeHint());
        const QImage image = legend.grab().toImage();
        QVERIFY(!image.isNull());
        // Every look and kind is drawn in the legend; the five looks each in a colour of its own.
        const auto swatches = everyLookAndKind();
        QSet<QRgb> distinct;
        for (const auto& [name, colour] : swatches) {
            distinct.insert(colour);
            QVERIFY2(pixelsOf(image, colour) >= 20, qPrintable(name));
        }
        QSet<QRgb> looks;
        for (qsizetype i = 0; i < 5; ++i)
            looks.insert(swatches.at(i).second);
        QCOMPARE(looks.size(), 5);
        QVERIFY(distinct.size() > 5);
    }

    void demoHallShowsEveryLookAndKind()
    {
        // Hall 1 of the demo cinema with a bit of everything; BOXOFFICE_SNAPSHOT_DIR keeps the
        // pictures for a human look.
        QList<SeatState> seats;
        int id = 1;
        for (int r = 1; r <= 15; ++r) {
            for (int n = 1; n <= 22; ++n) {
                SeatKind kind = SeatKind::Standard;
                if (r == 1 && (n <= 2 || n >= 21))
                    kind = SeatKind::Wheelchair;
                else if (r == 1 && (n == 3 || n == 4 || n == 19 || n == 20))
                    kind = SeatKind::Companion;
                else if (r >= 7 && r <= 10 && n >= 5 && n <= 18)
                    kind = SeatKind::Premium;
                SeatState s = makeSeat(id++, QString(QChar(u'A' + r - 1)), n,
                                       (n - 1) + (n > 4 ? 1 : 0) + (n > 18 ? 1 : 0),
                                       (r - 1) * 1.2 + (r > 5 ? 1 : 0), kind);
                s.status = static_cast<SeatStatus>((r * 7 + n * 3) % 11 < 7 ? 0 : (r + n) % 4);
                seats.append(s);
            }
        }
        for (int n = 1; n <= 20; ++n) {
            SeatState s = makeSeat(id++, QStringLiteral("P"), n,
                                   0.6 + (n - 1) + std::floor((n - 1) / 2.0) * 0.3, 19.4, SeatKind::Couple);
            s.status = n >= 5 && n <= 8 ? SeatStatus::Reserved : SeatStatus::Free;
            seats.append(s);
        }
        SeatMap hall;
        hall.reset(showtime, seats);
        (void)hall.setMine({id - 30, id - 29});
        (void)hall.setStatus({id - 30, id - 29}, SeatStatus::Held);
        SeatMapWidget widget;
        widget.resize(900, 640);
        widget.setSeatMap(&hall);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        widget.setFocusSeat(hall.bestAvailable(1).value(0));
        const QImage image = widget.grab().toImage();
        QCOMPARE(widget.paintedSeatsLastFrame(), 350);
        // The hall shows every look and every kind (the status pattern above has each of them).
        for (const auto& [name, colour] : everyLookAndKind())
            QVERIFY2(pixelsOf(image, colour) >= 20, qPrintable(name));
        SeatLegendWidget legend;
        legend.resize(900, legend.heightForWidth(900));
        const QImage legendImage = legend.grab().toImage();
        const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
        if (!dir.isEmpty()) {
            QVERIFY(image.save(dir + QStringLiteral("/seatmap.png")));
            QVERIFY(legendImage.save(dir + QStringLiteral("/seatlegend.png")));
            widget.zoomIn();
            widget.zoomIn();
            widget.zoomIn();
            QVERIFY(widget.grab().toImage().save(dir + QStringLiteral("/seatmap-zoomed.png")));
        }
    }

    void tenThousandSeatsPaintQuickly()
    {
        SeatMap big;
        big.reset(showtime, bigHall(100, 100));
        SeatMapWidget widget;
        widget.resize(1280, 900);
        widget.setSeatMap(&big);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));

        QList<double> full;
        QList<double> single;
        QElapsedTimer timer;
        for (int frame = 0; frame < 50; ++frame) {
            timer.start();
            widget.repaint();
            full.append(timer.nsecsElapsed() / 1e6);
            QCOMPARE(widget.paintedSeatsLastFrame(), 10000);
        }
        for (int frame = 0; frame < 50; ++frame) {
            const int id = 1 + frame * 197;
            (void)big.applyChanges(announced(
                QStringLiteral("3|%1%2").arg(frame % 2 ? QLatin1Char('R') : QLatin1Char('H')).arg(id)));
            timer.start();
            widget.repaint(widget.seatRect(id));
            single.append(timer.nsecsElapsed() / 1e6);
            QVERIFY(widget.paintedSeatsLastFrame() <= 4);
        }
        widget.zoomIn();
        widget.zoomIn();
        widget.zoomIn();
        QList<double> zoomed;
        for (int frame = 0; frame < 50; ++frame) {
            timer.start();
            widget.repaint();
            zoomed.append(timer.nsecsElapsed() / 1e6);
        }
        const int zoomedSeats = widget.paintedSeatsLastFrame();
        QVERIFY(zoomedSeats < 10000);
        qInfo("10,000 seats at %.1f px/unit: full paint median %.2f ms, single-seat repaint median %.3f ms; "
              "zoomed x%.2f (%d seats visible): full paint median %.2f ms",
              widget.scale() / (1.25 * 1.25 * 1.25), median(full), median(single), 1.25 * 1.25 * 1.25,
              zoomedSeats, median(zoomed));
    }

private:
    SeatMap m_map;
    std::unique_ptr<SeatMapWidget> m_widget;
};

QTEST_MAIN(TstSeatMapWidget)
#include "tst_seatmapwidget.moc"
