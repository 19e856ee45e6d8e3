// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The hall layout editor (docs/DECISIONS.md, "Layout editor"): driven through its side panel,
// canvas and shortcuts like a manager would, it builds a 12 x 20 hall with a centre aisle, undoes
// and redoes, shows a problem live while two seats overlap, and saves the hall into a real
// PostgreSQL as the manager login; db/HallStore reads it back.
#include <QtTest>

#include <memory>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QUndoStack>

#include "db/hallstore.h"
#include "tests/support/testdatabase.h"
#include "ui/manager/layoutcanvas.h"
#include "ui/manager/layouteditor.h"

using namespace bo;
using namespace bo::test;

namespace {

template <typename T> T* child(QWidget& parent, const char* name)
{
    T* found = parent.findChild<T*>(QString::fromLatin1(name));
    if (!found)
        qWarning("no child %s", name);
    return found;
}

QSet<QString> labelsOf(const HallLayout& layout)
{
    QSet<QString> labels;
    for (const LayoutSeat& seat : layout.seats)
        labels.insert(seat.label());
    return labels;
}

QSet<QString> labelsOfRows(const QString& rows, int seats)
{
    QSet<QString> labels;
    for (QChar row : rows) {
        for (int n = 1; n <= seats; ++n)
            labels.insert(QString(row) + QString::number(n));
    }
    return labels;
}

/// With $BOXOFFICE_SNAPSHOT_DIR set, saves the widget there (the README's screenshot: run under
/// Xvfb with QT_QPA_PLATFORM=xcb).
void snapshot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TstLayoutEditor final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_manager;
    std::unique_ptr<HallStore> m_halls;

    /// Selects the seats from `first` to `last` (layout order) with a rubber band on the canvas.
    static void frame(LayoutCanvas& canvas, int first, int last)
    {
        const QPoint from = canvas.seatRect(first).topLeft() - QPoint(3, 3);
        const QPoint to = canvas.seatRect(last).bottomRight() + QPoint(3, 3);
        QTest::mousePress(&canvas, Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(&canvas, (from + to) / 2);
        QTest::mouseMove(&canvas, to);
        QTest::mouseRelease(&canvas, Qt::LeftButton, Qt::NoModifier, to);
    }

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        // Catalogue writes are the manager's (SECURITY DEFINER functions): never the owner here.
        m_manager = m_db->connectAsManager(QStringLiteral("layout-editor"));
        QVERIFY(m_manager);
        m_halls = std::make_unique<HallStore>(*m_manager);
    }

    void cleanup()
    {
        m_halls.reset();
        m_manager.reset();
        m_db.reset();
    }

    void buildsATwelveByTwentyHallWithACentreAisleAndSavesIt()
    {
        LayoutEditor editor(*m_halls);
        editor.resize(1560, 860);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&editor));
        LayoutCanvas& canvas = *editor.canvas();
        QVERIFY(editor.problems().contains(QStringLiteral("the layout has no seats")));

        QTest::keyClicks(child<QLineEdit>(editor, "hallName"), QStringLiteral("Hall 7"));
        child<QSpinBox>(editor, "blockRows")->setValue(12);
        child<QSpinBox>(editor, "blockSeats")->setValue(20);
        child<QSpinBox>(editor, "blockAisleAfter")->setValue(10);
        child<QDoubleSpinBox>(editor, "blockAisleWidth")->setValue(1.5);
        child<QLineEdit>(editor, "blockFirstRow")->clear();
        QTest::keyClicks(child<QLineEdit>(editor, "blockFirstRow"), QStringLiteral("a"));
        auto* addBlock = child<QPushButton>(editor, "addBlock");

        // Without I and O the twelfth row is M; undone, the hall is empty again.
        child<QCheckBox>(editor, "blockSkipIAndO")->setChecked(true);
        QTest::mouseClick(addBlock, Qt::LeftButton);
        QCOMPARE(labelsOf(editor.hallLayout()), labelsOfRows(QStringLiteral("ABCDEFGHJKLM"), 20));
        QTest::keyClick(&canvas, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(editor.hallLayout().seats.size(), 0);

        child<QCheckBox>(editor, "blockSkipIAndO")->setChecked(false);
        QTest::mouseClick(addBlock, Qt::LeftButton);
        const HallLayout built = editor.hallLayout();
        QCOMPARE(built.seats.size(), 240);
        QCOMPARE(labelsOf(built), labelsOfRows(QStringLiteral("ABCDEFGHIJKL"), 20));
        QCOMPARE(built.aisles.size(), 1);
        QCOMPARE(built.aisles.first().x, 10.0);
        QCOMPARE(built.aisles.first().width, 1.5);
        QCOMPARE(editor.problems(), QStringList());

        // Undo and redo, by their shortcuts: the seats go and come back.
        QTest::keyClick(&canvas, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(editor.hallLayout().seats.size(), 0);
        QVERIFY(!editor.problems().isEmpty());
        QTest::keyClick(&canvas, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(editor.hallLayout().seats.size(), 240);
        QCOMPARE(editor.problems(), QStringList());

        // A1 moved right onto A2: the problem is listed at once and gone with the undo.
        QTest::mouseClick(&canvas, Qt::LeftButton, Qt::NoModifier, canvas.seatRect(0).center());
        QCOMPARE(canvas.selection(), QList<int>{0});
        QTest::keyClick(&canvas, Qt::Key_Right);
        QCOMPARE(editor.hallLayout().seats.at(0).x, 1.0);
        QCOMPARE(editor.problems(), QStringList{QStringLiteral("seat A2 overlaps seat A1")});
        QTest::keyClick(&canvas, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(editor.problems(), QStringList());
        QCOMPARE(editor.hallLayout(), built);

        // Multi-select: Ctrl+click adds A10, a frame takes rows D and E.
        QTest::mouseClick(&canvas, Qt::LeftButton, Qt::ControlModifier, canvas.seatRect(9).center());
        QCOMPARE(canvas.selection(), (QList<int>{0, 9}));
        frame(canvas, 60, 99);
        QCOMPARE(canvas.selection().size(), 40);
        QCOMPARE(canvas.selection().first(), 60);
        // ... made premium in a zone of their own, one undoable edit each.
        const int before = editor.undoStack()->index();
        child<QComboBox>(editor, "selectionKind")->setCurrentIndex(1);
        QTest::mouseClick(child<QPushButton>(editor, "applyKind"), Qt::LeftButton);
        QTest::keyClicks(child<QLineEdit>(editor, "selectionZone"), QStringLiteral("premium"));
        QTest::mouseClick(child<QPushButton>(editor, "applyZone"), Qt::LeftButton);
        QCOMPARE(editor.undoStack()->index(), before + 2);
        QCOMPARE(editor.hallLayout().seats.at(75).kind, SeatKind::Premium);
        QCOMPARE(editor.hallLayout().seats.at(75).zone, QStringLiteral("premium"));
        // Row L's outer seats become couple pairs; A1 and A2 a wheelchair space and its companion.
        frame(canvas, 220, 223);
        child<QComboBox>(editor, "selectionKind")->setCurrentIndex(2);
        QTest::mouseClick(child<QPushButton>(editor, "applyKind"), Qt::LeftButton);
        frame(canvas, 236, 239);
        QTest::mouseClick(child<QPushButton>(editor, "applyKind"), Qt::LeftButton);
        QTest::mouseClick(&canvas, Qt::LeftButton, Qt::NoModifier, canvas.seatRect(0).center());
        child<QComboBox>(editor, "selectionKind")->setCurrentIndex(3);
        QTest::mouseClick(child<QPushButton>(editor, "applyKind"), Qt::LeftButton);
        QTest::mouseClick(&canvas, Qt::LeftButton, Qt::NoModifier, canvas.seatRect(1).center());
        child<QComboBox>(editor, "selectionKind")->setCurrentIndex(4);
        QTest::mouseClick(child<QPushButton>(editor, "applyKind"), Qt::LeftButton);
        QCOMPARE(editor.hallLayout().seats.at(1).kind, SeatKind::Companion);
        QCOMPARE(editor.problems(), QStringList());

        // Row L dragged one seat-depth back as a whole, then a click on one of it selects that one.
        frame(canvas, 220, 239);
        QCOMPARE(canvas.selection().size(), 20);
        const QPoint seatL5 = canvas.seatRect(224).center();
        QTest::mousePress(&canvas, Qt::LeftButton, Qt::NoModifier, seatL5);
        QTest::mouseMove(&canvas, seatL5 + QPoint(0, LayoutCanvas::cell / 2));
        QTest::mouseMove(&canvas, seatL5 + QPoint(0, LayoutCanvas::cell));
        QTest::mouseRelease(&canvas, Qt::LeftButton, Qt::NoModifier, seatL5 + QPoint(0, LayoutCanvas::cell));
        QCOMPARE(editor.hallLayout().seats.at(220).y, 14.2);
        QCOMPARE(editor.hallLayout().seats.at(239).y, 14.2);
        QCOMPARE(editor.hallLayout().seats.at(200).y, 12.0);
        QCOMPARE(editor.problems(), QStringList());
        QTest::mouseClick(&canvas, Qt::LeftButton, Qt::NoModifier, canvas.seatRect(224).center());
        QCOMPARE(canvas.selection(), QList<int>{224});
        QTest::keyClick(&canvas, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(editor.hallLayout().seats.at(220).y, 13.2);

        // Drag A20 half a seat to the right of A19: drawn red while it overlaps, then undone.
        QTest::mouseClick(&canvas, Qt::LeftButton, Qt::NoModifier, canvas.seatRect(19).center());
        const QPoint grab = canvas.seatRect(19).center();
        QTest::mousePress(&canvas, Qt::LeftButton, Qt::NoModifier, grab);
        QTest::mouseMove(&canvas, grab - QPoint(LayoutCanvas::cell / 2, 0));
        QTest::mouseRelease(&canvas, Qt::LeftButton, Qt::NoModifier,
                            grab - QPoint(LayoutCanvas::cell / 2, 0));
        QCOMPARE(editor.hallLayout().seats.at(19).x, 20.0);
        QCOMPARE(editor.problems(), QStringList{QStringLiteral("seat A20 overlaps seat A19")});
        snapshot(editor, QStringLiteral("layout-editor.png"));
        QTest::keyClick(&canvas, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(editor.problems(), QStringList());

        // Saved as the manager, read back through db/HallStore.
        QSignalSpy saved(&editor, &LayoutEditor::layoutSaved);
        QTest::mouseClick(child<QPushButton>(editor, "saveHall"), Qt::LeftButton);
        QCOMPARE(saved.count(), 1);
        QVERIFY(saved.first().first().value<HallImport>().created);
        QVERIFY(editor.undoStack()->isClean());
        auto terminal = m_db->connect(QStringLiteral("read-back"));
        QVERIFY(terminal);
        HallStore readBack(*terminal);
        const Result<HallLayout> stored = readBack.layout(QStringLiteral("Hall 7"));
        QVERIFY2(stored.ok(), qPrintable(stored ? QString() : stored.error().message));
        QCOMPARE(stored.value().seats.size(), 240);
        QCOMPARE(labelsOf(stored.value()), labelsOfRows(QStringLiteral("ABCDEFGHIJKL"), 20));
        QCOMPARE(stored.value().aisles, editor.hallLayout().aisles);
        HallLayout expected = editor.hallLayout();
        expected.name = QStringLiteral("Hall 7");
        QCOMPARE(QSet<QString>(labelsOf(stored.value())), labelsOf(expected));
        for (const LayoutSeat& seat : stored.value().seats) {
            const auto same = std::find_if(expected.seats.cbegin(), expected.seats.cend(),
                                           [&](const LayoutSeat& s) { return s.label() == seat.label(); });
            QVERIFY(same != expected.seats.cend());
            QCOMPARE(seat, *same);
        }

        // Saved again without Replace: the database refuses, the editor says so and keeps the layout.
        QTest::mouseClick(child<QPushButton>(editor, "saveHall"), Qt::LeftButton);
        QCOMPARE(saved.count(), 1);
        QVERIFY(!child<QLabel>(editor, "status")->text().isEmpty());
        QCOMPARE(editor.hallLayout().seats.size(), 240);

        // Another editor opens the hall as stored.
        LayoutEditor other(*m_halls);
        QTest::keyClicks(child<QLineEdit>(other, "hallName"), QStringLiteral("Hall 7"));
        QTest::mouseClick(child<QPushButton>(other, "openHall"), Qt::LeftButton);
        QCOMPARE(other.hallLayout().seats.size(), 240);
        QCOMPARE(other.undoStack()->count(), 0);
        QVERIFY(child<QCheckBox>(other, "replaceHall")->isChecked());
    }
};

QTEST_MAIN(TstLayoutEditor)
#include "tst_layouteditor.moc"
