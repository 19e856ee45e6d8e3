// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The manager's Reports screen on a report source of known figures: Show loads
// the day's report, the takings line says gross, refunds and net, each section is a table whose
// totals row is the section's sum, the charts are there where Qt Charts is built in, a report
// that does not add up is refused with the reason shown, and Export CSV writes the file.
#include <QAbstractItemModel>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/manager/reportscreen.h"

using namespace bo;

namespace {

QDateTime todayAt(int hour, int minute = 0)
{
    return QDateTime(QDate::currentDate(), QTime(hour, minute)).toUTC();
}

/// A small day of known figures: 7 payments for 205,000 KRW, refunds of 21,000, a void of 9,000.
class FixedReports final : public ReportSource
{
public:
    bool broken = false;

    Result<QList<SalesRow>> sales(const ReportScope&, const QString& by) override
    {
        if (by == QLatin1String("method"))
            return QList<SalesRow>{{QStringLiteral("card"), QStringLiteral("card"), {}, 4, 7, 130000},
                                   {QStringLiteral("cash"), QStringLiteral("cash"), {}, 3, 5, 75000}};
        if (by == QLatin1String("type"))
            return QList<SalesRow>{
                {QStringLiteral("adult"), QStringLiteral("Adult"), {}, 6, 10, 150000},
                {QStringLiteral("youth"), QStringLiteral("Youth"), {}, 2, 2, 20000},
                {QStringLiteral("child"), QStringLiteral("Child"), {}, 0, 0, 0},
                {QStringLiteral("senior"), QStringLiteral("Senior"), {}, 1, 0, broken ? 1 : 35000}};
        if (by == QLatin1String("film"))
            return QList<SalesRow>{
                {QStringLiteral("1"), QStringLiteral("The Last Lighthouse"), {}, 3, 6, 110000},
                {QStringLiteral("2"), QStringLiteral("Paper Tigers"), {}, 2, 3, 50000},
                {QStringLiteral("3"), QStringLiteral("Midnight Ferry"), {}, 2, 3, 45000}};
        if (by == QLatin1String("showtime"))
            return QList<SalesRow>{
                {QStringLiteral("11"), QStringLiteral("The Last Lighthouse · Hall 1"), todayAt(14), 3, 6,
                 110000},
                {QStringLiteral("12"), QStringLiteral("Paper Tigers · Hall 2"), todayAt(16, 30), 2, 3, 50000},
                {QStringLiteral("13"), QStringLiteral("Midnight Ferry · Hall 3"), todayAt(19), 2, 3, 45000}};
        if (by == QLatin1String("hour"))
            return QList<SalesRow>{{QString(), QString(), todayAt(10), 1, 2, 30000},
                                   {QString(), QString(), todayAt(11), 1, 1, 15000},
                                   {QString(), QString(), todayAt(13), 2, 4, 60000},
                                   {QString(), QString(), todayAt(15), 1, 2, 35000},
                                   {QString(), QString(), todayAt(18), 2, 3, 65000}};
        return QList<SalesRow>{{QStringLiteral("Counter 1"), QStringLiteral("Counter 1"), {}, 5, 9, 160000},
                               {QStringLiteral("Kiosk 1"), QStringLiteral("Kiosk 1"), {}, 2, 3, 45000}};
    }
    Result<QList<RefundRow>> refunds(const ReportScope&) override
    {
        return QList<RefundRow>{{QStringLiteral("refund"), QStringLiteral("card"), 1, 15000},
                                {QStringLiteral("refund"), QStringLiteral("cash"), 1, 6000},
                                {QStringLiteral("void"), QStringLiteral("card"), 1, 9000}};
    }
    Result<QList<OccupancyRow>> occupancy(const ReportScope&) override
    {
        return QList<OccupancyRow>{
            {11, todayAt(14), QStringLiteral("The Last Lighthouse"), 1, QStringLiteral("Hall 1"), 200, 0, 6,
             6},
            {12, todayAt(16, 30), QStringLiteral("Paper Tigers"), 2, QStringLiteral("Hall 2"), 120, 4, 3, 3},
            {13, todayAt(19), QStringLiteral("Midnight Ferry"), 3, QStringLiteral("Hall 3"), 60, 0, 3, 3}};
    }
    Result<QList<DrawerRow>> drawers(const ReportScope&) override
    {
        return QList<DrawerRow>{{1, QStringLiteral("Counter 1"), todayAt(9), QStringLiteral("Mina Park"),
                                 todayAt(22), QStringLiteral("Mina Park"), 100000, 75000, 6000, 0, 0, 169000,
                                 qint64(168000), qint64(-1000)}};
    }
    Result<QList<StaffRow>> staff(const ReportScope&) override
    {
        return QList<StaffRow>{
            {101, QStringLiteral("Mina Park"), QStringLiteral("cashier"), 5, 160000, 2, 21000, 0, 1}};
    }
    Result<ReportContext> context() override
    {
        return ReportContext{QStringLiteral("Box office Seoul"),
                             QStringLiteral("KRW"),
                             todayAt(23),
                             QStringLiteral("manager"),
                             42,
                             QString(64, QLatin1Char('a'))};
    }
};

} // namespace

class TstReportScreen final : public QObject
{
    Q_OBJECT

private slots:
    void showLoadsTheDaysTotals()
    {
        FixedReports source;
        ReportScreen screen(source, nullptr);
        screen.show();
        QVERIFY(QTest::qWaitForWindowExposed(&screen));
        auto* show = screen.findChild<QPushButton*>(QStringLiteral("showReport"));
        QVERIFY(show);
        QTest::mouseClick(show, Qt::LeftButton);
        QVERIFY2(screen.document().has_value(), qPrintable(screen.statusText()));
        QCOMPARE(screen.document()->grossMinor, 205000);
        QCOMPARE(screen.document()->netMinor, 205000 - 21000);
        const QString totals = screen.totalsText();
        QVERIFY2(totals.contains(QLocale().toString(205000)), qPrintable(totals));
        QVERIFY2(totals.contains(QLocale().toString(184000)), qPrintable(totals));
        // The method table: two rows and the totals, whose amount is the gross.
        auto* method = screen.findChild<QTableView*>(QStringLiteral("reportTable_method"));
        QVERIFY(method);
        QAbstractItemModel* model = method->model();
        QCOMPARE(model->rowCount(), 3);
        QVERIFY(model->index(2, 3).data().toString().contains(QLocale().toString(205000)));
        QCOMPARE(screen.findChild<QWidget*>(QStringLiteral("reportCharts")) != nullptr,
                 ReportScreen::hasCharts());
        if (ReportScreen::hasCharts())
            QVERIFY(screen.findChild<QWidget*>(QStringLiteral("methodChart")));
        // Export CSV writes the same document.
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("day.csv"));
        QVERIFY(screen.exportCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("Net takings,,184000"));
    }

    void aReportThatDoesNotAddUpIsRefused()
    {
        FixedReports source;
        source.broken = true;
        ReportScreen screen(source, nullptr);
        screen.reload(); // answered at once: the fake is called here
        QVERIFY(!screen.document().has_value());
        QVERIFY2(screen.statusText().contains(QLatin1String("do not add up")),
                 qPrintable(screen.statusText()));
        QVERIFY(!screen.findChild<QPushButton*>(QStringLiteral("exportCsv"))->isEnabled());
    }
};

QTEST_MAIN(TstReportScreen)
#include "tst_reportscreen.moc"
