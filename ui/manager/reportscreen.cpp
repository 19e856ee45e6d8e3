// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/reportscreen.h"

#include <cmath>

#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#ifdef BOXOFFICE_HAVE_CHARTS
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QPieSeries>
#include <QtCharts/QValueAxis>
#endif

#include "model/core/money.h"
#include "model/reports/reportbuilder.h"
#include "model/reports/reportformat.h"
#include "model/reports/reportprinter.h"

namespace bo {
namespace {

enum Kind { Day, Shift, Showtime };

#ifdef BOXOFFICE_HAVE_CHARTS
/// An amount in major units for a chart's bar (a picture: the tables keep the exact figures).
double major(qint64 minor, const QString& currency)
{
    return double(minor) / std::pow(10.0, minorDigits(currency));
}

/// The column of a section holding its amount (the last Money column).
int amountColumn(const ReportSection& s)
{
    for (int c = int(s.columns.size()) - 1; c >= 0; --c)
        if (s.columns.at(c).type == ReportValue::Money)
            return c;
    return -1;
}

int labelColumn(const ReportSection& s)
{
    for (int c = 0; c < s.columns.size(); ++c)
        if (s.columns.at(c).type == ReportValue::Text && !(s.id == QLatin1String("showtime") && c == 0))
            return c;
    return 0;
}

QChartView* barChart(const ReportDocument& doc, const ReportSection& s, const QString& objectName,
                     QWidget* parent)
{
    auto* chart = new QChart;
    chart->setTitle(s.title);
    chart->legend()->hide();
    auto* series = new QBarSeries(chart);
    auto* set = new QBarSet(s.title, series);
    QStringList categories;
    const int amount = amountColumn(s);
    const int label = labelColumn(s);
    for (const QVariantList& row : s.rows) {
        *set << major(row.value(amount).toLongLong(), doc.currency);
        categories << row.value(label).toString();
    }
    series->append(set);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis(chart);
    x->append(categories);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis(chart);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(doc.currency);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    // From nothing, in round steps: a bar's height reads against the axis.
    y->setMin(0);
    y->applyNiceNumbers();
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    return view;
}

QChartView* pieChart(const ReportDocument& doc, const ReportSection& s, const QString& objectName,
                     QWidget* parent)
{
    auto* chart = new QChart;
    chart->setTitle(s.title);
    auto* series = new QPieSeries(chart);
    const int amount = amountColumn(s);
    for (const QVariantList& row : s.rows) {
        const qint64 minor = row.value(amount).toLongLong();
        QPieSlice* slice =
            series->append(QStringLiteral("%1: %2").arg(row.value(0).toString(),
                                                        formatMoney(minor, doc.currency, QLocale())),
                           major(minor, doc.currency));
        // Inside the slice: a label outside is cut short where the pie fills its view.
        slice->setLabelPosition(QPieSlice::LabelInsideHorizontal);
        slice->setLabelColor(Qt::white);
        slice->setLabelVisible(true);
    }
    chart->addSeries(series);
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    return view;
}
#endif

} // namespace

ReportScreen::ReportScreen(PortCaller<ReportSource> source, ReportPrinter* printer, QWidget* parent)
    : QWidget(parent)
    , m_source(source)
    , m_printer(printer)
{
    setObjectName(QStringLiteral("reportScreen"));
    setWindowTitle(tr("Reports"));
    auto* layout = new QVBoxLayout(this);

    auto* pick = new QHBoxLayout;
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("reportKind"));
    m_kind->setAccessibleName(tr("Report"));
    m_kind->addItems({tr("Day"), tr("Shift"), tr("Showtime")});
    m_day = new QDateEdit(QDate::currentDate(), this);
    m_day->setObjectName(QStringLiteral("reportDay"));
    m_day->setAccessibleName(tr("Day"));
    m_day->setCalendarPopup(true);
    m_day->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_number = new QSpinBox(this);
    m_number->setObjectName(QStringLiteral("reportNumber"));
    m_number->setAccessibleName(tr("Shift or showtime number"));
    m_number->setRange(1, 999999999);
    auto* show = new QPushButton(tr("&Show"), this);
    show->setObjectName(QStringLiteral("showReport"));
    show->setDefault(true);
    m_csv = new QPushButton(tr("Export &CSV…"), this);
    m_csv->setObjectName(QStringLiteral("exportCsv"));
    m_pdf = new QPushButton(tr("&Print PDF…"), this);
    m_pdf->setObjectName(QStringLiteral("printPdf"));
    m_pdf->setVisible(m_printer != nullptr);
    pick->addWidget(m_kind);
    pick->addWidget(m_day);
    pick->addWidget(m_number);
    pick->addWidget(show);
    pick->addStretch(1);
    pick->addWidget(m_csv);
    pick->addWidget(m_pdf);
    layout->addLayout(pick);

    m_totals = new QLabel(this);
    m_totals->setObjectName(QStringLiteral("reportTotals"));
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_totals->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_totals->setFont(big);
    layout->addWidget(m_totals);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("reportTabs"));
    layout->addWidget(m_tabs, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("reportStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(m_kind, &QComboBox::currentIndexChanged, this, &ReportScreen::onKindChanged);
    connect(show, &QPushButton::clicked, this, &ReportScreen::reload);
    connect(m_csv, &QPushButton::clicked, this, &ReportScreen::onExportCsvClicked);
    connect(m_pdf, &QPushButton::clicked, this, &ReportScreen::onPrintPdfClicked);
    onKindChanged();
    resize(1100, 760);
}

ReportScreen::~ReportScreen() = default;

bool ReportScreen::hasCharts()
{
#ifdef BOXOFFICE_HAVE_CHARTS
    return true;
#else
    return false;
#endif
}

QString ReportScreen::totalsText() const
{
    return m_totals->text();
}

QString ReportScreen::statusText() const
{
    return m_status->text();
}

void ReportScreen::onKindChanged()
{
    m_day->setVisible(m_kind->currentIndex() == Day);
    m_number->setVisible(m_kind->currentIndex() != Day);
    m_csv->setEnabled(m_document.has_value());
    m_pdf->setEnabled(m_document.has_value());
}

void ReportScreen::reload()
{
    ReportRequest request;
    request.kind = m_kind->currentIndex() == Shift      ? ReportRequest::Kind::Shift
                   : m_kind->currentIndex() == Showtime ? ReportRequest::Kind::Showtime
                                                        : ReportRequest::Kind::Day;
    request.day = m_day->date();
    request.shiftId = m_number->value();
    request.showtimeId = m_number->value();
    const int reading = ++m_reading;
    showStatus(tr("Reading the report…"), false);
    m_source.call(
        this, [request](ReportSource& source) { return ReportBuilder(source).build(request); },
        [this, reading](const Result<ReportDocument>& built) {
            if (reading != m_reading)
                return;
            if (!built) {
                showStatus(built.error().message.isEmpty() ? built.error().detail : built.error().message,
                           true);
                return;
            }
            m_document = built.value();
            showDocument();
            showStatus(tr("%1: %2").arg(m_document->title, m_document->period), false);
            onKindChanged();
        });
}

void ReportScreen::showDocument()
{
    const ReportDocument& doc = *m_document;
    const QLocale locale;
    m_totals->setText(tr("Gross %1 · Refunds %2 · Net %3 · Voided %4")
                          .arg(formatMoney(doc.grossMinor, doc.currency, locale),
                               formatMoney(doc.refundsMinor, doc.currency, locale),
                               formatMoney(doc.netMinor, doc.currency, locale),
                               formatMoney(doc.voidsMinor, doc.currency, locale)));
    while (m_tabs->count() > 0) {
        QWidget* page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        page->deleteLater();
    }
    addCharts();
    for (const ReportSection& s : doc.sections) {
        auto* model = new QStandardItemModel(0, int(s.columns.size()), m_tabs);
        QStringList titles;
        for (const ReportColumn& c : s.columns)
            titles << c.title;
        model->setHorizontalHeaderLabels(titles);
        QList<QVariantList> all = s.rows;
        if (!s.totals.isEmpty())
            all.append(s.totals);
        for (int r = 0; r < all.size(); ++r) {
            QList<QStandardItem*> items;
            for (int c = 0; c < s.columns.size(); ++c) {
                auto* item =
                    new QStandardItem(ReportFormat::cell(doc, s.columns.at(c), all.at(r).value(c), locale));
                item->setEditable(false);
                if (s.columns.at(c).type != ReportValue::Text)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                if (!s.totals.isEmpty() && r == all.size() - 1) {
                    QFont f = item->font();
                    f.setBold(true);
                    item->setFont(f);
                }
                items << item;
            }
            model->appendRow(items);
        }
        auto* view = new QTableView(m_tabs);
        view->setObjectName(QStringLiteral("reportTable_") + s.id);
        view->setModel(model);
        model->setParent(view);
        view->verticalHeader()->setVisible(false);
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        m_tabs->addTab(view, s.title);
    }
}

void ReportScreen::addCharts()
{
#ifdef BOXOFFICE_HAVE_CHARTS
    const ReportDocument& doc = *m_document;
    const ReportSection* hour = doc.section(QStringLiteral("hour"));
    const ReportSection* film = doc.section(QStringLiteral("film"));
    const ReportSection* method = doc.section(QStringLiteral("method"));
    if (!hour || !film || !method)
        return;
    auto* page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("reportCharts"));
    auto* grid = new QHBoxLayout(page);
    auto* left = new QVBoxLayout;
    left->addWidget(barChart(doc, *hour, QStringLiteral("hourChart"), page), 1);
    left->addWidget(barChart(doc, *film, QStringLiteral("filmChart"), page), 1);
    grid->addLayout(left, 3);
    grid->addWidget(pieChart(doc, *method, QStringLiteral("methodChart"), page), 2);
    m_tabs->addTab(page, tr("Charts"));
#endif
}

bool ReportScreen::exportCsv(const QString& path)
{
    if (!m_document)
        return false;
    if (Status s = ReportFormat::writeCsv(*m_document, path); !s) {
        showStatus(s.error().message, true);
        return false;
    }
    showStatus(tr("Wrote %1.").arg(path), false);
    return true;
}

bool ReportScreen::exportPdf(const QString& path)
{
    if (!m_document || !m_printer)
        return false;
    if (Status s = m_printer->writePdf(*m_document, path); !s) {
        showStatus(s.error().message, true);
        return false;
    }
    showStatus(tr("Wrote %1.").arg(path), false);
    return true;
}

void ReportScreen::onExportCsvClicked()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export CSV"), QString(), tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        (void)exportCsv(path);
}

void ReportScreen::onPrintPdfClicked()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Print PDF"), QString(), tr("PDF files (*.pdf)"));
    if (!path.isEmpty())
        (void)exportPdf(path);
}

void ReportScreen::showStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

} // namespace bo
