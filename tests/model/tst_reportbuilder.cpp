// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// ReportBuilder over a report source of known figures: every section is there in its order, the
// takings are gross less the refunds that moved money, each table's totals row is the sum of its
// rows, occupancy counts only the seats on sale, the title says which report it is, an error of
// the source is the report's error, a grouping that does not add up is refused, and a day without
// a sale is a report of zeros. The figures as the database computes them are in tests/db/tst_reports.cpp.
#include <QtTest>

#include <optional>

#include "model/reports/reportbuilder.h"
#include "tests/support/checked.h"

using namespace bo;

namespace {

const QDate day(2025, 3, 14);

QDateTime at(int hour, int minute = 0)
{
    return QDateTime(day, QTime(hour, minute)).toUTC();
}

QString shown(const QDateTime& utc, const char* format)
{
    return utc.toLocalTime().toString(QString::fromLatin1(format));
}

/// A day of known figures: 7 payments for 205,000 KRW; refunds of 21,000 that moved money and one
/// of 4,000 that moved none; a void of 9,000. `fail` makes one call answer an error: "context",
/// "sales:<by>", "refunds", "occupancy", "drawers" or "staff".
class FixedReports final : public ReportSource
{
public:
    QHash<QString, QList<SalesRow>> sales_;
    QList<RefundRow> refunds_;
    QList<OccupancyRow> occupancy_;
    QList<DrawerRow> drawers_;
    QList<StaffRow> staff_;
    ReportContext context_;
    QString fail;
    Error error = makeError(ErrorCode::Offline, QStringLiteral("The database cannot be reached."));
    QStringList asked; ///< each call, in order
    QList<ReportScope> scopes;

    FixedReports()
    {
        sales_.insert(QStringLiteral("method"),
                      {{QStringLiteral("card"), QStringLiteral("card"), {}, 4, 7, 130'000},
                       {QStringLiteral("cash"), QStringLiteral("cash"), {}, 3, 5, 75'000}});
        sales_.insert(QStringLiteral("type"),
                      {{QStringLiteral("adult"), QStringLiteral("Adult"), {}, 6, 10, 150'000},
                       {QStringLiteral("youth"), QStringLiteral("Youth"), {}, 2, 2, 20'000},
                       {QStringLiteral("senior"), QStringLiteral("Senior"), {}, 1, 0, 35'000}});
        sales_.insert(QStringLiteral("film"),
                      {{QStringLiteral("1"), QStringLiteral("The Last Lighthouse"), {}, 3, 6, 110'000},
                       {QStringLiteral("2"), QStringLiteral("Paper Tigers"), {}, 2, 3, 50'000},
                       {QStringLiteral("3"), QStringLiteral("Midnight Ferry"), {}, 2, 3, 45'000}});
        sales_.insert(QStringLiteral("showtime"),
                      {{QStringLiteral("11"), QStringLiteral("The Last Lighthouse"), at(14), 3, 6, 110'000},
                       {QStringLiteral("12"), QStringLiteral("Paper Tigers"), at(16, 30), 2, 3, 50'000},
                       {QStringLiteral("13"), QStringLiteral("Midnight Ferry"), at(19), 2, 3, 45'000}});
        sales_.insert(QStringLiteral("hour"), {{QString(), QString(), at(10), 2, 3, 45'000},
                                               {QString(), QString(), at(13), 3, 6, 95'000},
                                               {QString(), QString(), at(18), 2, 3, 65'000}});
        sales_.insert(QStringLiteral("terminal"),
                      {{QStringLiteral("Counter 1"), QStringLiteral("Counter 1"), {}, 5, 9, 160'000},
                       {QStringLiteral("Kiosk 1"), QStringLiteral("Kiosk 1"), {}, 2, 3, 45'000}});
        refunds_ = {{QStringLiteral("refund"), QStringLiteral("card"), 1, 15'000},
                    {QStringLiteral("refund"), QStringLiteral("cash"), 2, 6'000},
                    {QStringLiteral("refund"), QStringLiteral("none"), 1, 4'000},
                    {QStringLiteral("void"), QStringLiteral("card"), 1, 9'000}};
        occupancy_ = {
            {11, at(14), QStringLiteral("The Last Lighthouse"), 1, QStringLiteral("Hall 1"), 200, 0, 6, 6},
            {12, at(16, 30), QStringLiteral("Paper Tigers"), 2, QStringLiteral("Hall 2"), 120, 4, 3, 3},
            {13, at(19), QStringLiteral("Midnight Ferry"), 1, QStringLiteral("Hall 1"), 16, 0, 1, 1}};
        drawers_ = {{1, QStringLiteral("Counter 1"), at(9), QStringLiteral("Mina Park"), at(22),
                     QStringLiteral("Mina Park"), 100'000, 75'000, 6'000, 0, 0, 169'000, qint64(168'000),
                     qint64(-1'000)},
                    {2, QStringLiteral("Counter 2"), at(12), QStringLiteral("Jun Lee"), at(20),
                     QStringLiteral("Jun Lee"), 50'000, 0, 0, 5'000, 0, 55'000, qint64(55'500), qint64(500)}};
        staff_ = {{101, QStringLiteral("Mina Park"), QStringLiteral("cashier"), 5, 160'000, 2, 21'000, 0, 1}};
        context_ = {
            QStringLiteral("Box office Seoul"), QStringLiteral("KRW"), at(23), QStringLiteral("manager"), 42,
            QString(64, QLatin1Char('a'))};
    }

    /// Every list empty: a day without a sale.
    void clear()
    {
        for (auto it = sales_.begin(); it != sales_.end(); ++it)
            it->clear();
        refunds_.clear();
        occupancy_.clear();
        drawers_.clear();
        staff_.clear();
    }

    Result<QList<SalesRow>> sales(const ReportScope& scope, const QString& by) override
    {
        if (Error e; failing(QStringLiteral("sales:") + by, scope, e))
            return e;
        return sales_.value(by);
    }
    Result<QList<RefundRow>> refunds(const ReportScope& scope) override
    {
        if (Error e; failing(QStringLiteral("refunds"), scope, e))
            return e;
        return refunds_;
    }
    Result<QList<OccupancyRow>> occupancy(const ReportScope& scope) override
    {
        if (Error e; failing(QStringLiteral("occupancy"), scope, e))
            return e;
        return occupancy_;
    }
    Result<QList<DrawerRow>> drawers(const ReportScope& scope) override
    {
        if (Error e; failing(QStringLiteral("drawers"), scope, e))
            return e;
        return drawers_;
    }
    Result<QList<StaffRow>> staff(const ReportScope& scope) override
    {
        if (Error e; failing(QStringLiteral("staff"), scope, e))
            return e;
        return staff_;
    }
    Result<ReportContext> context() override
    {
        asked << QStringLiteral("context");
        if (fail == QLatin1String("context"))
            return error;
        return context_;
    }

private:
    bool failing(const QString& call, const ReportScope& scope, Error& e)
    {
        asked << call;
        scopes << scope;
        e = error;
        return call == fail;
    }
};

ReportRequest dayReport()
{
    ReportRequest r;
    r.kind = ReportRequest::Kind::Day;
    r.day = day;
    return r;
}

QStringList ids(const ReportDocument& doc)
{
    QStringList list;
    for (const ReportSection& s : doc.sections)
        list << s.id;
    return list;
}

qint64 columnSum(const ReportSection& s, qsizetype column)
{
    qint64 sum = 0;
    for (const QVariantList& row : s.rows)
        sum += row.at(column).toLongLong();
    return sum;
}

qsizetype columnOf(const ReportSection& s, const QString& key)
{
    for (qsizetype i = 0; i < s.columns.size(); ++i)
        if (s.columns.at(i).key == key)
            return i;
    return -1;
}

const QStringList salesSections{QStringLiteral("method"), QStringLiteral("type"),
                                QStringLiteral("film"),   QStringLiteral("showtime"),
                                QStringLiteral("hour"),   QStringLiteral("terminal")};

} // namespace

/// A report's document composed from the source's figures, with a source of known figures.
class TstReportBuilder final : public QObject
{
    Q_OBJECT

private:
    static ReportDocument built(FixedReports& source, const ReportRequest& request = dayReport())
    {
        ReportBuilder builder(source);
        auto doc = builder.build(request);
        if (!doc) {
            QTest::qFail(qPrintable(doc.error().message + QLatin1Char(' ') + doc.error().detail), __FILE__,
                         __LINE__);
            return {};
        }
        return doc.value();
    }

private slots:
    void aDaysReportHasEverySectionInItsOrderAndTheSourcesContext()
    {
        FixedReports source;
        ReportDocument doc;
        CHECKED(doc = built(source));
        QCOMPARE(
            ids(doc),
            (QStringList{QStringLiteral("summary"), QStringLiteral("method"), QStringLiteral("type"),
                         QStringLiteral("film"), QStringLiteral("showtime"), QStringLiteral("hour"),
                         QStringLiteral("terminal"), QStringLiteral("refunds"), QStringLiteral("occupancy"),
                         QStringLiteral("halls"), QStringLiteral("drawer"), QStringLiteral("staff")}));
        QCOMPARE(doc.kind, QStringLiteral("day"));
        QCOMPARE(doc.title, QStringLiteral("Day report"));
        QCOMPARE(doc.period, QLocale().toString(day, QLocale::LongFormat));
        QCOMPARE(doc.cinema, QStringLiteral("Box office Seoul"));
        QCOMPARE(doc.currency, QStringLiteral("KRW"));
        QCOMPARE(doc.printedAt, at(23));
        QCOMPARE(doc.printedBy, QStringLiteral("manager"));
        QCOMPARE(doc.auditPosition, 42);
        QCOMPARE(doc.auditHash, QString(64, QLatin1Char('a')));
        // Every row has a cell per column, and so has the totals row where there is one.
        for (const ReportSection& s : doc.sections) {
            for (const QVariantList& row : s.rows)
                QCOMPARE(row.size(), s.columns.size());
            if (!s.totals.isEmpty())
                QCOMPARE(s.totals.size(), s.columns.size());
        }
        QVERIFY(doc.section(QStringLiteral("staff")) != nullptr);
        QVERIFY(doc.section(QStringLiteral("nothing")) == nullptr);
    }

    void theSourceIsAskedEveryGroupingOfTheOneScope()
    {
        FixedReports source;
        CHECKED((void)built(source));
        QCOMPARE(source.asked, (QStringList{QStringLiteral("context"), QStringLiteral("sales:method"),
                                            QStringLiteral("sales:type"), QStringLiteral("sales:film"),
                                            QStringLiteral("sales:showtime"), QStringLiteral("sales:hour"),
                                            QStringLiteral("sales:terminal"), QStringLiteral("refunds"),
                                            QStringLiteral("occupancy"), QStringLiteral("drawers"),
                                            QStringLiteral("staff")}));
        const ReportScope expected = ReportBuilder::scopeOf(dayReport());
        for (const ReportScope& s : source.scopes) {
            QCOMPARE(s.from, expected.from);
            QCOMPARE(s.to, expected.to);
            QVERIFY(!s.shiftId && !s.showtimeId);
        }
    }

    void theTakingsAreGrossLessTheRefundsThatMovedMoney()
    {
        FixedReports source;
        ReportDocument doc;
        CHECKED(doc = built(source));
        QCOMPARE(doc.grossMinor, 205'000);
        QCOMPARE(doc.refundsMinor, 21'000); // card and cash; not the one without a payment
        QCOMPARE(doc.netMinor, 184'000);
        QCOMPARE(doc.voidsMinor, 9'000);
        const ReportSection* summary = doc.section(QStringLiteral("summary"));
        QVERIFY(summary);
        QCOMPARE(summary->rows.size(), 4);
        // Gross: the payments taken (sales by method) and their amount.
        QCOMPARE(summary->rows.at(0).at(1).toLongLong(), 7);
        QCOMPARE(summary->rows.at(0).at(2).toLongLong(), 205'000);
        // Refunds: counted and subtracted.
        QCOMPARE(summary->rows.at(1).at(1).toLongLong(), 3);
        QCOMPARE(summary->rows.at(1).at(2).toLongLong(), -21'000);
        // Without a payment: shown, not subtracted.
        QCOMPARE(summary->rows.at(2).at(1).toLongLong(), 1);
        QCOMPARE(summary->rows.at(2).at(2).toLongLong(), 4'000);
        QCOMPARE(summary->rows.at(3).at(1).toLongLong(), 1);
        QCOMPARE(summary->rows.at(3).at(2).toLongLong(), 9'000);
        QCOMPARE(summary->totals.at(2).toLongLong(), 184'000);
        // The summary's amounts add up to its total but for the two that moved no money.
        QCOMPARE(summary->rows.at(0).at(2).toLongLong() + summary->rows.at(1).at(2).toLongLong(),
                 summary->totals.at(2).toLongLong());

        const ReportSection* back = doc.section(QStringLiteral("refunds"));
        QVERIFY(back);
        QCOMPARE(back->rows.size(), 4);
        QCOMPARE(back->rows.at(0).at(0).toString(), QStringLiteral("Refund"));
        QCOMPARE(back->rows.at(0).at(1).toString(), QStringLiteral("Card"));
        QCOMPARE(back->rows.at(1).at(1).toString(), QStringLiteral("Cash"));
        QCOMPARE(back->rows.at(2).at(1).toString(), QStringLiteral("No payment"));
        QCOMPARE(back->rows.at(3).at(0).toString(), QStringLiteral("Void"));
        QCOMPARE(columnSum(*back, 3), 34'000);
    }

    void withoutARefundThatMovedNoMoneyTheSummaryHasNoRowForIt()
    {
        FixedReports source;
        source.refunds_.removeAt(2);
        ReportDocument doc;
        CHECKED(doc = built(source));
        const ReportSection* summary = doc.section(QStringLiteral("summary"));
        QVERIFY(summary);
        QCOMPARE(summary->rows.size(), 3);
        QCOMPARE(doc.refundsMinor, 21'000);
        QCOMPARE(summary->rows.at(2).at(2).toLongLong(), 9'000); // the voids
    }

    void eachSalesTablesTotalsRowIsTheSumOfItsRows_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : salesSections)
            QTest::newRow(qPrintable(id)) << id;
    }

    void eachSalesTablesTotalsRowIsTheSumOfItsRows()
    {
        QFETCH(QString, id);
        FixedReports source;
        ReportDocument doc;
        CHECKED(doc = built(source));
        const ReportSection* s = doc.section(id);
        QVERIFY(s);
        QCOMPARE(s->rows.size(), source.sales_.value(id).size());
        const qsizetype amount = columnOf(*s, QStringLiteral("amount"));
        const qsizetype seats = columnOf(*s, QStringLiteral("seats"));
        QVERIFY(amount >= 0 && seats >= 0);
        QCOMPARE(s->columns.at(amount).type, ReportValue::Money);
        QCOMPARE(s->totals.at(amount).toLongLong(), columnSum(*s, amount));
        QCOMPARE(s->totals.at(amount).toLongLong(), doc.grossMinor);
        QCOMPARE(s->totals.at(seats).toLongLong(), columnSum(*s, seats));
        const qsizetype count = amount - 2;
        if (id == QLatin1String("type")) {
            // Bookings of several types are counted once in each: their sum is no count.
            QCOMPARE(s->columns.at(count).key, QStringLiteral("bookings"));
            QVERIFY(s->totals.at(count).isNull());
        } else {
            QCOMPARE(s->columns.at(count).key, QStringLiteral("sales"));
            QCOMPARE(s->totals.at(count).toLongLong(), columnSum(*s, count));
        }
        QCOMPARE(s->totals.at(id == QLatin1String("showtime") ? 1 : 0).toString(), QStringLiteral("Total"));
    }

    void salesRowsAreLabelledInTheReadersWords()
    {
        FixedReports source;
        source.sales_[QStringLiteral("method")].append(
            {QStringLiteral("voucher"), QStringLiteral("voucher"), {}, 0, 0, 0});
        ReportDocument doc;
        CHECKED(doc = built(source));
        const ReportSection* method = doc.section(QStringLiteral("method"));
        QVERIFY(method);
        QCOMPARE(method->rows.at(0).at(0).toString(), QStringLiteral("Card"));
        QCOMPARE(method->rows.at(1).at(0).toString(), QStringLiteral("Cash"));
        QCOMPARE(method->rows.at(2).at(0).toString(), QStringLiteral("voucher"));
        const ReportSection* hour = doc.section(QStringLiteral("hour"));
        QVERIFY(hour);
        QCOMPARE(hour->rows.at(1).at(0).toString(), shown(at(13), "HH:00"));
        const ReportSection* showtime = doc.section(QStringLiteral("showtime"));
        QVERIFY(showtime);
        QCOMPARE(showtime->rows.at(1).at(0).toString(), shown(at(16, 30), "yyyy-MM-dd HH:mm"));
        QCOMPARE(showtime->rows.at(1).at(1).toString(), QStringLiteral("Paper Tigers"));
        const ReportSection* staff = doc.section(QStringLiteral("staff"));
        QVERIFY(staff);
        QCOMPARE(staff->rows.at(0).at(0).toString(), QStringLiteral("Mina Park (101)"));
    }

    void aGroupingThatDoesNotAddUpIsRefusedNamingTheFigures_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : salesSections)
            if (id != QLatin1String("method")) // the method's is the gross the others are checked against
                QTest::newRow(qPrintable(id)) << id;
    }

    void aGroupingThatDoesNotAddUpIsRefusedNamingTheFigures()
    {
        QFETCH(QString, id);
        FixedReports source;
        source.sales_[id].last().amountMinor += 1;
        ReportBuilder builder(source);
        const auto doc = builder.build(dayReport());
        QVERIFY(!doc);
        QCOMPARE(doc.error().code, ErrorCode::Internal);
        QVERIFY2(doc.error().detail.contains(QStringLiteral("gross 205000")), qPrintable(doc.error().detail));
        QVERIFY2(doc.error().detail.contains(QStringLiteral("205001")), qPrintable(doc.error().detail));
    }

    void anErrorOfTheSourceIsTheReportsError_data()
    {
        QTest::addColumn<QString>("call");
        QTest::newRow("context") << QStringLiteral("context");
        for (const QString& id : salesSections)
            QTest::newRow(qPrintable(QStringLiteral("sales by ") + id)) << QStringLiteral("sales:") + id;
        for (const char* call : {"refunds", "occupancy", "drawers", "staff"})
            QTest::newRow(call) << QString::fromLatin1(call);
    }

    void anErrorOfTheSourceIsTheReportsError()
    {
        QFETCH(QString, call);
        FixedReports source;
        source.fail = call;
        source.error = makeError(ErrorCode::NotFound, QStringLiteral("There is no shift 9."), call);
        ReportBuilder builder(source);
        const auto doc = builder.build(dayReport());
        QVERIFY(!doc);
        QCOMPARE(doc.error().code, ErrorCode::NotFound);
        QCOMPARE(doc.error().message, QStringLiteral("There is no shift 9."));
        QCOMPARE(doc.error().detail, call);
        QCOMPARE(source.asked.last(), call); // nothing asked after it
    }

    void aDayWithoutASaleIsAReportOfZeros()
    {
        FixedReports source;
        source.clear();
        ReportDocument doc;
        CHECKED(doc = built(source));
        QCOMPARE(doc.sections.size(), 12);
        QCOMPARE(doc.grossMinor, 0);
        QCOMPARE(doc.refundsMinor, 0);
        QCOMPARE(doc.netMinor, 0);
        QCOMPARE(doc.voidsMinor, 0);
        const ReportSection* summary = doc.section(QStringLiteral("summary"));
        QVERIFY(summary);
        QCOMPARE(summary->rows.size(), 3); // gross, refunds, voids
        for (const QVariantList& row : summary->rows) {
            QCOMPARE(row.at(1).toLongLong(), 0);
            QCOMPARE(row.at(2).toLongLong(), 0);
        }
        QCOMPARE(summary->totals.at(2).toLongLong(), 0);
        for (const QString& id : salesSections) {
            const ReportSection* s = doc.section(id);
            QVERIFY(s);
            QVERIFY(s->rows.isEmpty());
            QCOMPARE(s->totals.last().toLongLong(), 0);
        }
        // No seats: a share of nothing is 0, not a division by zero.
        const ReportSection* occupancy = doc.section(QStringLiteral("occupancy"));
        QVERIFY(occupancy);
        QVERIFY(occupancy->rows.isEmpty());
        QCOMPARE(occupancy->totals.at(3).toLongLong(), 0);
        QCOMPARE(occupancy->totals.at(5).toLongLong(), 0);
        const ReportSection* halls = doc.section(QStringLiteral("halls"));
        QVERIFY(halls);
        QVERIFY(halls->rows.isEmpty());
        QCOMPARE(halls->totals.at(1).toLongLong(), 0);
        // No drawer: no totals row at all.
        const ReportSection* drawer = doc.section(QStringLiteral("drawer"));
        QVERIFY(drawer);
        QVERIFY(drawer->rows.isEmpty());
        QVERIFY(drawer->totals.isEmpty());
        for (const char* id : {"staff", "refunds"}) {
            const ReportSection* s = doc.section(QString::fromLatin1(id));
            QVERIFY(s);
            QVERIFY(s->rows.isEmpty());
        }
    }

    /// Seats kept from sale could never be sold: the share is of the seats on sale, in tenths of a
    /// percent rounded half up; the halls sum their showtimes.
    void occupancyCountsTheSeatsOnSaleAndSumsEachHall()
    {
        FixedReports source;
        ReportDocument doc;
        CHECKED(doc = built(source));
        const ReportSection* occupancy = doc.section(QStringLiteral("occupancy"));
        QVERIFY(occupancy);
        QCOMPARE(occupancy->rows.size(), 3);
        QCOMPARE(occupancy->rows.at(0).at(0).toString(), shown(at(14), "yyyy-MM-dd HH:mm"));
        QCOMPARE(occupancy->rows.at(0).at(5).toLongLong(), 30);  // 6 of 200: 3.0 %
        QCOMPARE(occupancy->rows.at(1).at(3).toLongLong(), 116); // 120 less 4 kept from sale
        QCOMPARE(occupancy->rows.at(1).at(5).toLongLong(), 26);  // 3 of 116: 2.59 %
        QCOMPARE(occupancy->rows.at(2).at(5).toLongLong(), 63);  // 1 of 16: 6.25 % up to 6.3
        QCOMPARE(occupancy->totals.at(3).toLongLong(), 332);
        QCOMPARE(occupancy->totals.at(4).toLongLong(), 10);
        QCOMPARE(occupancy->totals.at(5).toLongLong(), 30); // 10 of 332: 3.01 %

        const ReportSection* halls = doc.section(QStringLiteral("halls"));
        QVERIFY(halls);
        QCOMPARE(halls->rows.size(), 2);
        QCOMPARE(halls->rows.at(0).at(0).toString(), QStringLiteral("Hall 1"));
        QCOMPARE(halls->rows.at(0).at(1).toLongLong(), 2);
        QCOMPARE(halls->rows.at(0).at(2).toLongLong(), 216);
        QCOMPARE(halls->rows.at(0).at(3).toLongLong(), 7);
        QCOMPARE(halls->rows.at(0).at(4).toLongLong(), 32); // 7 of 216: 3.24 %
        QCOMPARE(halls->rows.at(1).at(0).toString(), QStringLiteral("Hall 2"));
        QCOMPARE(halls->rows.at(1).at(2).toLongLong(), 116);
        QCOMPARE(halls->totals.at(1).toLongLong(), 3);
        QCOMPARE(halls->totals.at(2).toLongLong(), columnSum(*halls, 2));
        QCOMPARE(halls->totals.at(3).toLongLong(), columnSum(*halls, 3));
        QCOMPARE(halls->totals.at(4), occupancy->totals.at(5));
    }

    void theDrawersTotalIsTheirOverAndShortAndAnUncountedDrawerShowsNoCount()
    {
        FixedReports source;
        DrawerRow open;
        open.shiftId = 3;
        open.terminal = QStringLiteral("Counter 3");
        open.openedAt = at(15);
        open.floatMinor = 20'000;
        open.expectedMinor = 20'000;
        source.drawers_.append(open);
        ReportDocument doc;
        CHECKED(doc = built(source));
        const ReportSection* drawer = doc.section(QStringLiteral("drawer"));
        QVERIFY(drawer);
        QCOMPARE(drawer->rows.size(), 3);
        QCOMPARE(drawer->rows.at(0).at(0).toString(), QStringLiteral("1"));
        QCOMPARE(drawer->rows.at(0).at(9).toLongLong(), 168'000);
        QCOMPARE(drawer->rows.at(0).at(10).toLongLong(), -1'000);
        QVERIFY(drawer->rows.at(2).at(9).isNull());
        QVERIFY(drawer->rows.at(2).at(10).isNull());
        QCOMPARE(drawer->totals.at(0).toString(), QStringLiteral("Total"));
        QCOMPARE(drawer->totals.at(10).toLongLong(), -500);
        QVERIFY(drawer->totals.at(9).isNull());
    }

    void aShiftReportIsAnXWhileTheShiftIsOpenAndAZOnceClosed_data()
    {
        QTest::addColumn<bool>("closed");
        QTest::newRow("open") << false;
        QTest::newRow("closed") << true;
    }

    void aShiftReportIsAnXWhileTheShiftIsOpenAndAZOnceClosed()
    {
        QFETCH(bool, closed);
        FixedReports source;
        source.drawers_.resize(1);
        if (!closed)
            source.drawers_.first().closedAt = QDateTime();
        ReportRequest request;
        request.kind = ReportRequest::Kind::Shift;
        request.shiftId = 1;
        ReportDocument doc;
        CHECKED(doc = built(source, request));
        QCOMPARE(doc.kind, QStringLiteral("shift"));
        QCOMPARE(doc.title,
                 closed ? QStringLiteral("Z report, shift 1") : QStringLiteral("X report, shift 1 (open)"));
        QCOMPARE(doc.period, QStringLiteral("Counter 1, %1 to %2")
                                 .arg(shown(at(9), "yyyy-MM-dd HH:mm"),
                                      closed ? shown(at(22), "yyyy-MM-dd HH:mm") : QStringLiteral("now")));
        for (const ReportScope& s : source.scopes) {
            QCOMPARE(s.shiftId, std::optional<int>(1));
            QVERIFY(!s.from.isValid() && !s.to.isValid() && !s.showtimeId);
        }
    }

    void aShowtimeReportIsTitledByItsFilmHallAndStart()
    {
        FixedReports source;
        source.occupancy_.resize(1);
        source.drawers_.clear();
        ReportRequest request;
        request.kind = ReportRequest::Kind::Showtime;
        request.showtimeId = 11;
        ReportDocument doc;
        CHECKED(doc = built(source, request));
        QCOMPARE(doc.kind, QStringLiteral("showtime"));
        QCOMPARE(doc.title, QStringLiteral("Showtime report, showtime 11"));
        QCOMPARE(doc.period,
                 QStringLiteral("The Last Lighthouse, Hall 1, ") + shown(at(14), "yyyy-MM-dd HH:mm"));
        for (const ReportScope& s : source.scopes) {
            QCOMPARE(s.showtimeId, std::optional<int>(11));
            QVERIFY(!s.from.isValid() && !s.shiftId);
        }
    }

    void aDaysScopeRunsFromLocalMidnightToTheNext()
    {
        const ReportScope scope = ReportBuilder::scopeOf(dayReport());
        QCOMPARE(scope.from, QDateTime(day, QTime(0, 0)).toUTC());
        QCOMPARE(scope.to, QDateTime(day.addDays(1), QTime(0, 0)).toUTC());
        QCOMPARE(scope.from.toLocalTime().time(), QTime(0, 0));
        QVERIFY(!scope.shiftId && !scope.showtimeId);
    }
};

QTEST_GUILESS_MAIN(TstReportBuilder)
#include "tst_reportbuilder.moc"
