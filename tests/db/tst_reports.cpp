// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The manager's reports on PostgreSQL (migration 0038): on a generated day of
// 5,000 sales (tests/db/reports_day.sql; $BOXOFFICE_REPORT_SALES sets another number) every
// section's figures equal sums taken straight from the raw tables, the sections add up to each
// other to the cent (by method = by type = by film = by showtime = by hour = by till = gross,
// net = gross - refunds), a shift's report agrees with its Z lines (bo_sales_lines), and a
// terminal's login may not read them.
#include <QtTest>

#include <QElapsedTimer>
#include <QFile>

#include "db/dbconnection.h"
#include "db/reportstore.h"
#include "model/reports/reportbuilder.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_REPORTS_SQL
#error "BOXOFFICE_REPORTS_SQL must name tests/db/reports_day.sql"
#endif

using namespace bo;
using bo::test::TestDatabase;

namespace {

/// The amount column (the last money column) of every row of a section, summed.
qint64 sectionSum(const ReportSection& s)
{
    int column = -1;
    for (int c = 0; c < s.columns.size(); ++c)
        if (s.columns.at(c).type == ReportValue::Money)
            column = c;
    qint64 sum = 0;
    for (const QVariantList& row : s.rows)
        sum += row.value(column).toLongLong();
    return sum;
}

} // namespace

class TstReports final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    QDate m_day;
    int m_sales = 5000;
    QString m_from;
    QString m_to;

    [[nodiscard]] qint64 raw(const QString& sql) const
    {
        const QString where = QStringLiteral("created_at >= '%1' AND created_at < '%2'").arg(m_from, m_to);
        return m_db->scalar(QString(sql).replace(QStringLiteral("$PERIOD"), where)).toLongLong();
    }

    [[nodiscard]] Result<ReportDocument> report(const ReportRequest& request) const
    {
        auto manager = m_db->connectAsManager();
        if (!manager)
            return makeError(ErrorCode::Internal, QStringLiteral("no manager connection"));
        ReportStore store(*manager);
        ReportBuilder builder(store);
        return builder.build(request);
    }

private slots:
    void initTestCase()
    {
        const QByteArray size = qgetenv("BOXOFFICE_REPORT_SALES");
        if (!size.isEmpty())
            m_sales = size.toInt();
        QVERIFY2(m_sales >= 100 && m_sales <= 50000, "BOXOFFICE_REPORT_SALES is 100 to 50000");
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        // Today, so that the sign-ins the audit log stamps now fall in the day too.
        m_day = QDate::currentDate();
        m_from = m_day.startOfDay().toUTC().toString(Qt::ISODate);
        m_to = m_day.addDays(1).startOfDay().toUTC().toString(Qt::ISODate);
        // Eight halls of 20 x 40 seats, one showtime each: room for 50,000 seats' worth at most
        // once the generator spreads the sales (1.25 seats a sale) over them.
        const int rows = std::max(20, m_sales * 5 / 4 / 8 / 40 + 5);
        for (int h = 1; h <= 8; ++h)
            QVERIFY(m_db->addShowtime(rows, 40, QStringLiteral("Hall %1").arg(h)) > 0);
        QFile file(QStringLiteral(BOXOFFICE_REPORTS_SQL));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString sql =
            QString::fromUtf8(file.readAll())
                .replace(QStringLiteral("%1"), QString::number(m_sales))
                .replace(QStringLiteral("%2"), QStringLiteral("'%1'::timestamptz").arg(m_from));
        QElapsedTimer timer;
        timer.start();
        QVERIFY(m_db->run(sql));
        qInfo("generated %d sales in %lld ms", m_sales, timer.elapsed());
        QCOMPARE(raw(QStringLiteral("SELECT count(*) FROM payment_intent WHERE $PERIOD")), qint64(m_sales));
    }
    void cleanupTestCase() { m_db.reset(); }

    void dayTotalsEqualTheRawTables()
    {
        QElapsedTimer timer;
        timer.start();
        auto built = report({ReportRequest::Kind::Day, m_day, 0, 0});
        QVERIFY2(built, qPrintable(built ? QString() : built.error().detail + built.error().message));
        qInfo("built the day's report in %lld ms", timer.elapsed());
        const ReportDocument& doc = built.value();

        const qint64 gross = raw(QStringLiteral("SELECT sum(amount_minor) FROM payment_intent WHERE state IN "
                                                "('CAPTURED', 'REFUNDED') AND $PERIOD"));
        const qint64 refunds = raw(QStringLiteral("SELECT sum(amount_minor) FROM refund WHERE state = "
                                                  "'REFUNDED' AND method <> 'none' AND $PERIOD"));
        const qint64 voids = raw(QStringLiteral(
            "SELECT sum(amount_minor) FROM payment_intent WHERE state = 'VOIDED' AND $PERIOD"));
        QVERIFY(gross > 0 && refunds > 0 && voids > 0);
        QCOMPARE(doc.grossMinor, gross);
        QCOMPARE(doc.refundsMinor, refunds);
        QCOMPARE(doc.netMinor, gross - refunds);
        QCOMPARE(doc.voidsMinor, voids);

        // Every grouping of the sales is the gross, to the cent.
        for (const char* id : {"method", "type", "film", "showtime", "hour", "terminal"}) {
            const ReportSection* s = doc.section(QLatin1String(id));
            QVERIFY2(s, id);
            QVERIFY2(!s->rows.isEmpty(), id);
            QCOMPARE(sectionSum(*s), gross);
            QCOMPARE(s->totals.last().toLongLong(), gross);
        }
        // By method and by ticket type, row by row against the raw tables.
        const ReportSection* method = doc.section(QStringLiteral("method"));
        QCOMPARE(method->rows.size(), 2);
        const qint64 card =
            raw(QStringLiteral("SELECT sum(amount_minor) FROM payment_intent WHERE method = 'card' "
                               "AND state IN ('CAPTURED', 'REFUNDED') AND $PERIOD"));
        for (const QVariantList& row : method->rows)
            if (row.at(0).toString() == QLatin1String("Card"))
                QCOMPARE(row.at(3).toLongLong(), card);
        const qint64 child = raw(QStringLiteral(
            "SELECT sum(bs.price_minor) FROM booking_seat bs JOIN payment_intent p ON p.booking_id = "
            "bs.booking_id "
            "WHERE bs.tier_code = 'child' AND p.state IN ('CAPTURED', 'REFUNDED') AND p.$PERIOD"));
        bool sawChild = false;
        for (const QVariantList& row : doc.section(QStringLiteral("type"))->rows)
            if (row.at(0).toString() == QLatin1String("Child")) {
                QCOMPARE(row.at(3).toLongLong(), child);
                sawChild = true;
            }
        QVERIFY(sawChild);
        // The seats sold: by type = every booked seat of the payments taken.
        const qint64 seats = raw(QStringLiteral(
            "SELECT count(*) FROM booking_seat bs JOIN payment_intent p ON p.booking_id = bs.booking_id "
            "WHERE p.state IN ('CAPTURED', 'REFUNDED') AND p.$PERIOD"));
        QCOMPARE(doc.section(QStringLiteral("type"))->totals.at(2).toLongLong(), seats);

        // Refunds and voids, by method.
        qint64 refundSum = 0;
        qint64 voidSum = 0;
        for (const QVariantList& row : doc.section(QStringLiteral("refunds"))->rows)
            (row.at(0).toString() == QLatin1String("Void") ? voidSum : refundSum) += row.at(3).toLongLong();
        QCOMPARE(refundSum, refunds);
        QCOMPARE(voidSum, voids);

        // Occupancy: the seats reserved now, showtime by showtime and in all.
        const ReportSection* occupancy = doc.section(QStringLiteral("occupancy"));
        QCOMPARE(occupancy->rows.size(), 8);
        QCOMPARE(occupancy->totals.at(4).toLongLong(),
                 m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'RESERVED'"))
                     .toLongLong());
        QCOMPARE(doc.section(QStringLiteral("halls"))->totals.at(3).toLongLong(),
                 occupancy->totals.at(4).toLongLong());

        // The drawers: each expected cash reckoned again from the raw tables; over 500, right,
        // short 500.
        const ReportSection* drawer = doc.section(QStringLiteral("drawer"));
        QCOMPARE(drawer->rows.size(), 3);
        for (const QVariantList& row : drawer->rows) {
            const int shift = row.at(0).toInt();
            const qint64 expected =
                m_db->scalar(QStringLiteral("SELECT s.float_minor "
                                            " + coalesce((SELECT sum(amount_minor) FROM payment_intent WHERE "
                                            "shift_id = s.id AND method = 'cash' "
                                            "             AND state = 'CAPTURED'), 0) "
                                            " - coalesce((SELECT sum(amount_minor) FROM refund WHERE "
                                            "shift_id = s.id AND method = 'cash' "
                                            "             AND state = 'REFUNDED'), 0) "
                                            " + coalesce((SELECT sum(CASE kind WHEN 'pay_in' THEN "
                                            "amount_minor ELSE -amount_minor END) "
                                            "             FROM drawer_move WHERE shift_id = s.id), 0) FROM "
                                            "shift s WHERE s.id = %1")
                                 .arg(shift))
                    .toLongLong();
            QCOMPARE(row.at(8).toLongLong(), expected);
            QCOMPARE(row.at(10).toLongLong(), row.at(9).toLongLong() - expected);
        }
        QCOMPARE(drawer->totals.last().toLongLong(), qint64(0));

        // The staff: the members' sales and the kiosk's are the gross; the refunds they made are
        // the refunds; each opener signed in once; the supervisor approved some.
        qint64 staffSales = 0;
        qint64 staffRefunds = 0;
        qint64 signIns = 0;
        qint64 approvals = 0;
        for (const QVariantList& row : doc.section(QStringLiteral("staff"))->rows) {
            staffSales += row.at(3).toLongLong();
            staffRefunds += row.at(5).toLongLong();
            approvals += row.at(6).toLongLong();
            signIns += row.at(7).toLongLong();
        }
        const qint64 kiosk =
            raw(QStringLiteral("SELECT sum(amount_minor) FROM payment_intent WHERE staff_id IS NULL "
                               "AND state IN ('CAPTURED', 'REFUNDED') AND $PERIOD"));
        QVERIFY(kiosk > 0);
        QCOMPARE(staffSales + kiosk, gross);
        QCOMPARE(staffRefunds, refunds);
        QCOMPARE(signIns, qint64(3));
        QCOMPARE(approvals, raw(QStringLiteral("SELECT count(*) FROM refund WHERE approved_by IS NOT NULL "
                                               "AND $PERIOD")));
    }

    void shiftReportAgreesWithItsZLines()
    {
        const int shift = m_db->scalar(QStringLiteral("SELECT min(id) FROM shift")).toInt();
        auto built = report({ReportRequest::Kind::Shift, {}, shift, 0});
        QVERIFY2(built, qPrintable(built ? QString() : built.error().detail));
        const ReportDocument& doc = built.value();
        QVERIFY2(doc.title.startsWith(QLatin1String("Z report")), qPrintable(doc.title));
        QCOMPARE(doc.grossMinor,
                 m_db->scalar(QStringLiteral("SELECT sum(amount_minor) FROM bo_sales_lines(%1, NULL, "
                                             "NULL) WHERE section = 'method'")
                                  .arg(shift))
                     .toLongLong());
        QCOMPARE(doc.netMinor,
                 m_db->scalar(QStringLiteral("SELECT amount_minor FROM bo_sales_lines(%1, NULL, NULL) "
                                             "WHERE section = 'net'")
                                  .arg(shift))
                     .toLongLong());
        QCOMPARE(doc.section(QStringLiteral("drawer"))->rows.size(), 1);
        QCOMPARE(doc.section(QStringLiteral("drawer"))->rows.first().at(10).toLongLong(),
                 m_db->scalar(QStringLiteral("SELECT amount_minor FROM bo_sales_lines(%1, NULL, NULL) "
                                             "WHERE section = 'cash' AND key = 'over_short'")
                                  .arg(shift))
                     .toLongLong());
        // The day's gross is the tills' and the kiosk's.
        qint64 tills = 0;
        for (const QString& id : m_db->scalar(QStringLiteral("SELECT string_agg(id::text, ',') FROM shift"))
                                     .split(QLatin1Char(','))) {
            auto one = report({ReportRequest::Kind::Shift, {}, id.toInt(), 0});
            QVERIFY(one);
            tills += one.value().grossMinor;
        }
        const qint64 kiosk =
            raw(QStringLiteral("SELECT sum(amount_minor) FROM payment_intent WHERE shift_id IS NULL "
                               "AND state IN ('CAPTURED', 'REFUNDED') AND $PERIOD"));
        auto day = report({ReportRequest::Kind::Day, m_day, 0, 0});
        QVERIFY(day);
        QCOMPARE(tills + kiosk, day.value().grossMinor);
    }

    void showtimeReportIsItsOwnSales()
    {
        const int showtime = m_db->scalar(QStringLiteral("SELECT min(id) FROM showtime")).toInt();
        auto built = report({ReportRequest::Kind::Showtime, {}, 0, showtime});
        QVERIFY2(built, qPrintable(built ? QString() : built.error().detail));
        QCOMPARE(
            built.value().grossMinor,
            m_db->scalar(QStringLiteral("SELECT sum(amount_minor) FROM payment_intent WHERE showtime_id = %1 "
                                        "AND state IN ('CAPTURED', 'REFUNDED')")
                             .arg(showtime))
                .toLongLong());
        QCOMPARE(built.value().section(QStringLiteral("occupancy"))->rows.size(), 1);
        QVERIFY(built.value().section(QStringLiteral("drawer"))->rows.isEmpty());
    }

    void unknownShiftIsNotFound()
    {
        auto built = report({ReportRequest::Kind::Shift, {}, 999999, 0});
        QVERIFY(!built);
        QCOMPARE(built.error().code, ErrorCode::NotFound);
    }

    void terminalLoginMayNotReadReports()
    {
        auto till = m_db->connect();
        QVERIFY(till);
        ReportStore store(*till);
        ReportBuilder builder(store);
        auto built = builder.build({ReportRequest::Kind::Day, m_day, 0, 0});
        QVERIFY(!built);
        QVERIFY2(built.error().detail.contains(QLatin1String("42501")), qPrintable(built.error().detail));
    }
};

QTEST_GUILESS_MAIN(TstReports)
#include "tst_reports.moc"
