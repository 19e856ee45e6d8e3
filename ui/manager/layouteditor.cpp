// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/layouteditor.h"

#include <functional>
#include <utility>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QSpinBox>
#include <QToolButton>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include "model/halls/layoutdrafting.h"
#include "ui/manager/layoutcanvas.h"

namespace bo {

namespace {

/// One edit: the layout before and after it, whatever the edit was.
class LayoutChange final : public QUndoCommand
{
public:
    LayoutChange(const QString& text, HallLayout before, HallLayout after,
                 std::function<void(const HallLayout&)> show)
        : QUndoCommand(text)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_show(std::move(show))
    {}

    void undo() override { m_show(m_before); }
    void redo() override { m_show(m_after); }

private:
    HallLayout m_before;
    HallLayout m_after;
    std::function<void(const HallLayout&)> m_show;
};

void addKinds(QComboBox* box)
{
    box->addItem(LayoutEditor::tr("Standard"), int(SeatKind::Standard));
    box->addItem(LayoutEditor::tr("Premium"), int(SeatKind::Premium));
    box->addItem(LayoutEditor::tr("Couple pair"), int(SeatKind::Couple));
    box->addItem(LayoutEditor::tr("Wheelchair space"), int(SeatKind::Wheelchair));
    box->addItem(LayoutEditor::tr("Companion"), int(SeatKind::Companion));
}

QDoubleSpinBox* coordinateBox(const QString& objectName, const QString& accessibleName, double value,
                              double minimum = -HallLayoutFormat::coordinateLimit)
{
    auto* box = new QDoubleSpinBox;
    box->setObjectName(objectName);
    box->setAccessibleName(accessibleName);
    box->setDecimals(1);
    box->setSingleStep(0.5);
    box->setRange(minimum, HallLayoutFormat::coordinateLimit);
    box->setValue(value);
    return box;
}

QSpinBox* countBox(const QString& objectName, const QString& accessibleName, int minimum, int maximum,
                   int value)
{
    auto* box = new QSpinBox;
    box->setObjectName(objectName);
    box->setAccessibleName(accessibleName);
    box->setRange(minimum, maximum);
    box->setValue(value);
    return box;
}

QPushButton* button(const QString& objectName, const QString& text)
{
    auto* b = new QPushButton(text);
    b->setObjectName(objectName);
    b->setAccessibleName(text);
    return b;
}

} // namespace

LayoutEditor::LayoutEditor(PortCaller<HallCatalog> catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog)
    , m_undo(new QUndoStack(this))
    , m_canvas(new LayoutCanvas)
{
    setObjectName(QStringLiteral("layoutEditor"));
    setWindowTitle(tr("Hall layout editor"));

    // The bar: the hall's name, Open, Save, Undo, Redo.
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("hallName"));
    m_name->setAccessibleName(tr("Hall name"));
    m_name->setPlaceholderText(tr("Hall name"));
    m_replace = new QCheckBox(tr("&Replace the hall's layout"));
    m_replace->setObjectName(QStringLiteral("replaceHall"));
    m_replace->setAccessibleName(tr("Replace the hall's layout"));
    QPushButton* open = button(QStringLiteral("openHall"), tr("&Open"));
    QPushButton* save = button(QStringLiteral("saveHall"), tr("&Save"));
    // Fixed texts on the buttons (the stack's own actions would grow with every command's
    // name); what would be undone is the tooltip.
    auto* undo = new QAction(tr("Undo"), this);
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setEnabled(false);
    auto* redo = new QAction(tr("Redo"), this);
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setEnabled(false);
    connect(undo, &QAction::triggered, m_undo, &QUndoStack::undo);
    connect(redo, &QAction::triggered, m_undo, &QUndoStack::redo);
    connect(m_undo, &QUndoStack::canUndoChanged, undo, &QAction::setEnabled);
    connect(m_undo, &QUndoStack::canRedoChanged, redo, &QAction::setEnabled);
    connect(m_undo, &QUndoStack::undoTextChanged, undo,
            [undo](const QString& text) { undo->setToolTip(tr("Undo: %1").arg(text)); });
    connect(m_undo, &QUndoStack::redoTextChanged, redo,
            [redo](const QString& text) { redo->setToolTip(tr("Redo: %1").arg(text)); });
    for (QAction* a : {undo, redo}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    auto* undoButton = new QToolButton;
    undoButton->setObjectName(QStringLiteral("undo"));
    undoButton->setDefaultAction(undo);
    auto* redoButton = new QToolButton;
    redoButton->setObjectName(QStringLiteral("redo"));
    redoButton->setDefaultAction(redo);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Hall:")));
    bar->addWidget(m_name, 1);
    bar->addWidget(m_replace);
    bar->addWidget(open);
    bar->addWidget(save);
    bar->addSpacing(16);
    bar->addWidget(undoButton);
    bar->addWidget(redoButton);

    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("layoutScroll"));
    scroll->setWidget(m_canvas);
    scroll->setWidgetResizable(true);
    scroll->setBackgroundRole(QPalette::Base);

    auto* panel = new QWidget;
    panel->setObjectName(QStringLiteral("layoutPanel"));
    buildPanel(panel);

    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("layoutSummary"));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* body = new QHBoxLayout;
    body->addWidget(scroll, 1);
    body->addWidget(panel);
    auto* root = new QVBoxLayout(this);
    root->addLayout(bar);
    root->addLayout(body, 1);
    auto* foot = new QHBoxLayout;
    foot->addWidget(m_summary);
    foot->addWidget(m_status, 1);
    root->addLayout(foot);

    connect(open, &QPushButton::clicked, this, &LayoutEditor::openHall);
    connect(save, &QPushButton::clicked, this, &LayoutEditor::saveHall);
    connect(m_canvas, &LayoutCanvas::moveRequested, this, &LayoutEditor::onMoveRequested);
    connect(m_canvas, &LayoutCanvas::selectionChanged, this, &LayoutEditor::onSelectionChanged);
    showLayout(m_layout);
    onSelectionChanged();
}

LayoutEditor::~LayoutEditor() = default;

void LayoutEditor::buildPanel(QWidget* panel)
{
    // Add a block of rows.
    m_rows = countBox(QStringLiteral("blockRows"), tr("Rows"), 1, 60, 10);
    m_seats = countBox(QStringLiteral("blockSeats"), tr("Seats per row"), 1, 99, 16);
    m_blockX = coordinateBox(QStringLiteral("blockX"), tr("Block left"), 0);
    m_blockY = coordinateBox(QStringLiteral("blockY"), tr("Block front"), 0);
    m_firstRow = new QLineEdit(QStringLiteral("A"));
    m_firstRow->setObjectName(QStringLiteral("blockFirstRow"));
    m_firstRow->setAccessibleName(tr("First row"));
    m_firstRow->setMaxLength(3);
    connect(m_firstRow, &QLineEdit::textEdited, m_firstRow,
            [this](const QString& text) { m_firstRow->setText(text.toUpper()); });
    m_skipIAndO = new QCheckBox(tr("Skip rows I and O"));
    m_skipIAndO->setObjectName(QStringLiteral("blockSkipIAndO"));
    m_skipIAndO->setAccessibleName(tr("Skip rows I and O"));
    m_numbering = new QComboBox;
    m_numbering->setObjectName(QStringLiteral("blockNumbering"));
    m_numbering->setAccessibleName(tr("Seat numbering"));
    m_numbering->addItem(tr("Left to right"), int(SeatNumbering::LeftToRight));
    m_numbering->addItem(tr("Right to left"), int(SeatNumbering::RightToLeft));
    m_numbering->addItem(tr("Odd left, even right"), int(SeatNumbering::OddEvenSides));
    m_aisleAfter = countBox(QStringLiteral("blockAisleAfter"), tr("Aisle after seat"), 0, 98, 0);
    m_aisleAfter->setSpecialValueText(tr("no aisle"));
    m_aisleWidth = coordinateBox(QStringLiteral("blockAisleWidth"), tr("Aisle width"), 1, 0.5);
    m_blockKind = new QComboBox;
    m_blockKind->setObjectName(QStringLiteral("blockKind"));
    m_blockKind->setAccessibleName(tr("Kind of the block's seats"));
    addKinds(m_blockKind);
    m_blockZone = new QLineEdit;
    m_blockZone->setObjectName(QStringLiteral("blockZone"));
    m_blockZone->setAccessibleName(tr("Price zone of the block"));
    m_blockZone->setPlaceholderText(tr("none"));
    QPushButton* addBlock = button(QStringLiteral("addBlock"), tr("Add &block"));
    auto* blockBox = new QGroupBox(tr("Block of rows"));
    auto* blockForm = new QFormLayout(blockBox);
    blockForm->addRow(tr("Rows"), m_rows);
    blockForm->addRow(tr("Seats per row"), m_seats);
    blockForm->addRow(tr("Left, front"), [&] {
        auto* pair = new QHBoxLayout;
        pair->addWidget(m_blockX);
        pair->addWidget(m_blockY);
        return pair;
    }());
    blockForm->addRow(tr("First row"), m_firstRow);
    blockForm->addRow(QString(), m_skipIAndO);
    blockForm->addRow(tr("Numbering"), m_numbering);
    blockForm->addRow(tr("Aisle after seat"), m_aisleAfter);
    blockForm->addRow(tr("Aisle width"), m_aisleWidth);
    blockForm->addRow(tr("Kind"), m_blockKind);
    blockForm->addRow(tr("Price zone"), m_blockZone);
    blockForm->addRow(addBlock);

    // The selected seats.
    m_selectionCount = new QLabel;
    m_selectionCount->setObjectName(QStringLiteral("selectionCount"));
    m_selectionKind = new QComboBox;
    m_selectionKind->setObjectName(QStringLiteral("selectionKind"));
    m_selectionKind->setAccessibleName(tr("Kind of the selected seats"));
    addKinds(m_selectionKind);
    QPushButton* applyKind = button(QStringLiteral("applyKind"), tr("Set &kind"));
    m_selectionZone = new QLineEdit;
    m_selectionZone->setObjectName(QStringLiteral("selectionZone"));
    m_selectionZone->setAccessibleName(tr("Price zone of the selected seats"));
    m_selectionZone->setPlaceholderText(tr("none"));
    QPushButton* applyZone = button(QStringLiteral("applyZone"), tr("Set &zone"));
    QPushButton* remove = button(QStringLiteral("removeSeats"), tr("&Remove seats"));
    auto* selectionBox = new QGroupBox(tr("Selected seats"));
    auto* selectionForm = new QFormLayout(selectionBox);
    selectionForm->addRow(m_selectionCount);
    selectionForm->addRow(m_selectionKind, applyKind);
    selectionForm->addRow(m_selectionZone, applyZone);
    selectionForm->addRow(remove);

    // An aisle anywhere, and the screen.
    m_aisleX = coordinateBox(QStringLiteral("aisleX"), tr("Aisle left"), 0);
    m_aisleY = coordinateBox(QStringLiteral("aisleY"), tr("Aisle front"), 0);
    m_aisleW = coordinateBox(QStringLiteral("aisleWidth"), tr("Aisle width"), 1, 0.5);
    m_aisleH = coordinateBox(QStringLiteral("aisleHeight"), tr("Aisle depth"), 1, 0.5);
    QPushButton* addAisle = button(QStringLiteral("addAisle"), tr("Add &aisle"));
    m_screenSide = new QComboBox;
    m_screenSide->setObjectName(QStringLiteral("screenSide"));
    m_screenSide->setAccessibleName(tr("Screen"));
    m_screenSide->addItem(tr("Screen at the top"), int(ScreenSide::Top));
    m_screenSide->addItem(tr("Screen at the bottom"), int(ScreenSide::Bottom));
    auto* aisleBox = new QGroupBox(tr("Aisle and screen"));
    auto* aisleForm = new QFormLayout(aisleBox);
    auto* at = new QHBoxLayout;
    at->addWidget(m_aisleX);
    at->addWidget(m_aisleY);
    auto* size = new QHBoxLayout;
    size->addWidget(m_aisleW);
    size->addWidget(m_aisleH);
    aisleForm->addRow(tr("Left, front"), at);
    aisleForm->addRow(tr("Width, depth"), size);
    aisleForm->addRow(addAisle);
    aisleForm->addRow(m_screenSide);

    m_problemList = new QListWidget;
    m_problemList->setObjectName(QStringLiteral("problems"));
    m_problemList->setAccessibleName(tr("Problems of the layout"));
    auto* problemBox = new QGroupBox(tr("Problems"));
    auto* problemLayout = new QVBoxLayout(problemBox);
    problemLayout->addWidget(m_problemList);

    auto* column = new QVBoxLayout(panel);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(blockBox);
    column->addWidget(selectionBox);
    column->addWidget(aisleBox);
    column->addWidget(problemBox, 1);
    panel->setFixedWidth(340);

    connect(addBlock, &QPushButton::clicked, this, &LayoutEditor::onAddBlockClicked);
    connect(addAisle, &QPushButton::clicked, this, &LayoutEditor::onAddAisleClicked);
    connect(applyKind, &QPushButton::clicked, this, [this] {
        HallLayout after = m_layout;
        LayoutDrafting::setKind(after, m_canvas->selection(),
                                SeatKind(m_selectionKind->currentData().toInt()));
        edit(tr("Seat kind %1").arg(m_selectionKind->currentText()), after);
    });
    connect(applyZone, &QPushButton::clicked, this, [this] {
        HallLayout after = m_layout;
        LayoutDrafting::setZone(after, m_canvas->selection(), m_selectionZone->text().trimmed());
        edit(tr("Price zone %1").arg(m_selectionZone->text().trimmed()), after);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        HallLayout after = m_layout;
        LayoutDrafting::removeSeats(after, m_canvas->selection());
        m_canvas->setSelection({});
        edit(tr("Remove seats"), after);
    });
    connect(m_screenSide, &QComboBox::currentIndexChanged, this, [this] {
        if (m_showing)
            return;
        HallLayout after = m_layout;
        after.screen.side = ScreenSide(m_screenSide->currentData().toInt());
        edit(m_screenSide->currentText(), after);
    });
}

void LayoutEditor::edit(const QString& text, const HallLayout& after)
{
    if (after == m_layout)
        return;
    m_undo->push(new LayoutChange(text, m_layout, after, [this](const HallLayout& l) { showLayout(l); }));
}

void LayoutEditor::showLayout(const HallLayout& layout)
{
    m_layout = layout;
    m_canvas->setHallLayout(m_layout);
    m_showing = true;
    m_screenSide->setCurrentIndex(m_layout.screen.side == ScreenSide::Top ? 0 : 1);
    m_showing = false;
    refreshProblems();
}

void LayoutEditor::refreshProblems()
{
    // The seats' positions as their lines: a problem's line names its seat (drawn red).
    HallLayout numbered = m_layout;
    for (int i = 0; i < numbered.seats.size(); ++i)
        numbered.seats[i].line = i + 1;
    QSet<int> redSeats;
    for (const LayoutProblem& problem : HallLayoutFormat::problems(numbered)) {
        if (problem.line > 0)
            redSeats.insert(problem.line - 1);
    }
    m_canvas->setProblemSeats(redSeats);

    m_problemTexts.clear();
    m_problemList->clear();
    for (const LayoutProblem& problem : HallLayoutFormat::problems(m_layout)) {
        m_problemTexts.append(problem.message);
        auto* item = new QListWidgetItem(problem.message, m_problemList);
        item->setForeground(QColor(0xB7, 0x1C, 0x1C));
    }
    if (m_problemTexts.isEmpty())
        new QListWidgetItem(tr("No problems: the layout can be saved."), m_problemList);
    m_summary->setText(tr("%n seat(s)", nullptr, int(m_layout.seats.size())) + QStringLiteral(", ") +
                       tr("%n aisle(s)", nullptr, int(m_layout.aisles.size())));
}

void LayoutEditor::onAddBlockClicked()
{
    SeatBlock block;
    block.rows = m_rows->value();
    block.seatsPerRow = m_seats->value();
    block.x = m_blockX->value();
    block.y = m_blockY->value();
    block.firstRow = m_firstRow->text().trimmed().toUpper();
    block.skipIAndO = m_skipIAndO->isChecked();
    block.numbering = SeatNumbering(m_numbering->currentData().toInt());
    block.kind = SeatKind(m_blockKind->currentData().toInt());
    block.zone = m_blockZone->text().trimmed();
    block.aisleAfter = m_aisleAfter->value();
    block.aisleWidth = m_aisleWidth->value();
    HallLayout after = m_layout;
    LayoutDrafting::addBlock(after, block);
    edit(tr("Add %1 x %2 seats").arg(block.rows).arg(block.seatsPerRow), after);
}

void LayoutEditor::onAddAisleClicked()
{
    HallLayout after = m_layout;
    after.aisles.append({m_aisleX->value(), m_aisleY->value(), m_aisleW->value(), m_aisleH->value(), 0});
    edit(tr("Add aisle"), after);
}

void LayoutEditor::onMoveRequested(double dx, double dy)
{
    const QList<int> selection = m_canvas->selection();
    if (selection.isEmpty())
        return;
    HallLayout after = m_layout;
    LayoutDrafting::moveSeats(after, selection, dx, dy);
    edit(tr("Move %n seat(s)", nullptr, int(selection.size())), after);
}

void LayoutEditor::onSelectionChanged()
{
    const auto count = int(m_canvas->selection().size());
    m_selectionCount->setText(count == 0 ? tr("No seat selected (click, Ctrl+click or drag a frame)")
                                         : tr("%n seat(s) selected", nullptr, count));
}

void LayoutEditor::openHall()
{
    const QString name = m_name->text().trimmed();
    showStatus(tr("Opening hall %1…").arg(name), false);
    m_catalog.call(
        this, [name](HallCatalog& catalog) { return catalog.layout(name); },
        [this, name](const Result<HallLayout>& loaded) {
            if (!loaded) {
                showStatus(loaded.error().message, true);
                return;
            }
            m_undo->clear();
            m_canvas->setSelection({});
            showLayout(loaded.value());
            m_replace->setChecked(true);
            showStatus(tr("Opened hall %1.").arg(name), false);
        });
}

void LayoutEditor::saveHall()
{
    HallLayout layout = m_layout;
    layout.name = m_name->text().trimmed();
    const bool replace = m_replace->isChecked();
    // The undo stack's place now: if nothing was edited by the time the answer comes, what is on
    // screen is what was stored.
    const int sent = m_undo->index();
    showStatus(tr("Saving hall %1…").arg(layout.name), false);
    m_catalog.call(
        this,
        [layout, replace](HallCatalog& catalog) { return HallImporter::import(catalog, layout, replace); },
        [this, layout, sent](const Result<HallImport>& stored) {
            if (!stored) {
                showStatus(stored.error().message, true);
                return;
            }
            if (m_undo->index() == sent)
                m_undo->setClean();
            const HallImport& import = stored.value();
            showStatus(import.created
                           ? tr("Saved the new hall %1 (%n seat(s)).", nullptr, import.seats).arg(layout.name)
                           : tr("Saved hall %1 as version %2 (%n seat(s)).", nullptr, import.seats)
                                 .arg(layout.name)
                                 .arg(import.version),
                       false);
            emit layoutSaved(import);
        });
}

void LayoutEditor::showStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b71c1c;") : QString());
}

} // namespace bo
