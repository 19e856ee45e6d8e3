// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QWidget>

#include <optional>

#include "model/core/workerthread.h"
#include "model/reports/reportdocument.h"
#include "model/reports/reports.h"

class QComboBox;
class QDateEdit;
class QLabel;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTabWidget;
class QTableView;

namespace bo {

class ReportPrinter;

/// The manager's reports: a day's, a shift's or a showtime's report (kind and
/// day or number picked at the top), its takings in one line, each section in a table, and, where
/// Qt Charts is built in (BOXOFFICE_HAVE_CHARTS), sales by hour and by film as bar charts and the
/// payment methods as a pie. Export CSV… and Print PDF… write the same document the CLI writes.
/// Talks to ReportSource and ReportPrinter only.
class ReportScreen final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportScreen)

public:
    /// `source` is called on this thread: a manager's own connection (docs/DECISIONS.md). Without
    /// a `printer` Print PDF… is hidden.
    explicit ReportScreen(PortCaller<ReportSource> source, ReportPrinter* printer, QWidget* parent = nullptr);
    ~ReportScreen() override;

    [[nodiscard]] const std::optional<ReportDocument>& document() const { return m_document; }
    [[nodiscard]] QString totalsText() const;
    [[nodiscard]] QString statusText() const;
    /// Whether this build draws charts (Qt Charts was found).
    [[nodiscard]] static bool hasCharts();

public slots:
    /// Reads the report picked at the top again, on the source's worker (a report is a dozen
    /// queries: the window keeps working meanwhile); the report, or the reason it failed, shows
    /// when the answer comes.
    void reload();
    /// Writes the report shown to `path`; false, with the reason shown, if not.
    bool exportCsv(const QString& path);
    bool exportPdf(const QString& path);

private:
    void onKindChanged();
    void onExportCsvClicked();
    void onPrintPdfClicked();
    void showDocument();
    void addCharts();
    void showStatus(const QString& text, bool error);

    PortCaller<ReportSource> m_source;
    int m_reading = 0; ///< the last report asked for: an older answer is not shown
    ReportPrinter* m_printer = nullptr;
    std::optional<ReportDocument> m_document;
    QComboBox* m_kind = nullptr;
    QDateEdit* m_day = nullptr;
    QSpinBox* m_number = nullptr;
    QLabel* m_totals = nullptr;
    QTabWidget* m_tabs = nullptr;
    QPushButton* m_csv = nullptr;
    QPushButton* m_pdf = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace bo
