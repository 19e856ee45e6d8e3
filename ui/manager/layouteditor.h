// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QStringList>
#include <QWidget>

#include "model/core/workerthread.h"
#include "model/halls/hallcatalog.h"
#include "model/halls/halllayout.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QUndoStack;

namespace bo {

class LayoutCanvas;

/// The manager's hall layout editor: blocks of rows placed on a grid, numbered by
/// LayoutDrafting's rules, aisles, seat kinds and price zones, the screen's side; seats selected
/// and moved on the canvas. Every edit is one command on the undo stack; the layout's problems
/// (HallLayoutFormat::problems) are listed, and their seats drawn red, after every edit. Save
/// stores the layout through HallImporter, Open loads a hall's current layout.
class LayoutEditor final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LayoutEditor)

public:
    /// `catalog` is called on this thread: a manager's own connection (see docs/DECISIONS.md).
    explicit LayoutEditor(PortCaller<HallCatalog> catalog, QWidget* parent = nullptr);
    ~LayoutEditor() override;

    [[nodiscard]] const HallLayout& hallLayout() const { return m_layout; }
    /// The problems as listed (empty: the layout can be saved).
    [[nodiscard]] QStringList problems() const { return m_problemTexts; }
    [[nodiscard]] QUndoStack* undoStack() const { return m_undo; }
    [[nodiscard]] LayoutCanvas* canvas() const { return m_canvas; }

signals:
    /// The layout was stored (a new hall, or a new version of one).
    void layoutSaved(const bo::HallImport& import);

public slots:
    /// Loads the current layout of the hall named in the name field (from the catalogue's worker:
    /// the window keeps working meanwhile); the undo stack restarts when it comes.
    void openHall();
    /// Stores the layout under the name in the name field; the answer shows in the status line
    /// (layoutSaved when stored), and the layout edited meanwhile is marked saved only if it is
    /// still the one sent.
    void saveHall();

private:
    void buildPanel(QWidget* panel);
    /// Pushes one undoable edit turning the layout into `after`.
    void edit(const QString& text, const HallLayout& after);
    /// Shows `layout` (an edit done or undone): canvas, problems, screen side.
    void showLayout(const HallLayout& layout);
    void refreshProblems();
    void onAddBlockClicked();
    void onAddAisleClicked();
    void onMoveRequested(double dx, double dy);
    void onSelectionChanged();
    void showStatus(const QString& text, bool error);

    PortCaller<HallCatalog> m_catalog;
    HallLayout m_layout;
    QStringList m_problemTexts;
    QUndoStack* m_undo = nullptr;
    LayoutCanvas* m_canvas = nullptr;
    QLineEdit* m_name = nullptr;
    QCheckBox* m_replace = nullptr;
    QSpinBox* m_rows = nullptr;
    QSpinBox* m_seats = nullptr;
    QDoubleSpinBox* m_blockX = nullptr;
    QDoubleSpinBox* m_blockY = nullptr;
    QLineEdit* m_firstRow = nullptr;
    QCheckBox* m_skipIAndO = nullptr;
    QComboBox* m_numbering = nullptr;
    QSpinBox* m_aisleAfter = nullptr;
    QDoubleSpinBox* m_aisleWidth = nullptr;
    QComboBox* m_blockKind = nullptr;
    QLineEdit* m_blockZone = nullptr;
    QComboBox* m_selectionKind = nullptr;
    QLineEdit* m_selectionZone = nullptr;
    QLabel* m_selectionCount = nullptr;
    QDoubleSpinBox* m_aisleX = nullptr;
    QDoubleSpinBox* m_aisleY = nullptr;
    QDoubleSpinBox* m_aisleW = nullptr;
    QDoubleSpinBox* m_aisleH = nullptr;
    QComboBox* m_screenSide = nullptr;
    QListWidget* m_problemList = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_status = nullptr;
    bool m_showing = false; ///< the screen-side box is being set, not changed by the user
};

} // namespace bo
