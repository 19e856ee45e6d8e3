// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// `boxoffice-admin report` by the real program: a cashier's shift of cash sales
// with a refund, closed with a blind count; the manager's day report as JSON, as CSV read back
// (RFC 4180) and as a PDF turned into a page image by pdftoppm (not blank) and into text by
// pdftotext (the net takings and the audit log's head in it); the shift's Z report agrees with
// the day's. A terminal's login is told it needs a manager's; bad input exits 2 and leaves no
// file behind, not even the other one.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/adminclirig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::words;

namespace {

const QString till = QStringLiteral("Counter 1");

/// RFC 4180 fields of one CSV text: quoted fields with doubled quotes, CRLF line ends.
QList<QStringList> parseCsv(const QString& text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\r')) {
            continue;
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    if (!field.isEmpty() || !row.isEmpty())
        rows << (row << field);
    return rows;
}

QJsonObject sectionOf(const QJsonObject& report, const QString& id)
{
    for (const QJsonValue s : report.value(QLatin1String("sections")).toArray())
        if (s.toObject().value(QLatin1String("id")).toString() == id)
            return s.toObject();
    return {};
}

} // namespace

class TstAdminCliReports final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    QTemporaryDir m_dir;
    qint64 m_sold = 0;
    qint64 m_refunded = 0;
    int m_shift = 0;

    [[nodiscard]] CliRun asManager(const QStringList& arguments, const QByteArray& input = {}) const
    {
        return m_rig.cli(arguments, m_rig.db().managerSettings().toConninfo(), input);
    }
    [[nodiscard]] CliRun atTill(QStringList arguments, const QByteArray& input = {}) const
    {
        arguments << QStringLiteral("--terminal") << till << QStringLiteral("--json");
        return m_rig.cli(arguments, m_rig.db().settings().toConninfo(), input);
    }
    [[nodiscard]] QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        m_rig.checkProgram();
        QVERIFY(m_dir.isValid());
        m_rig.create();
        // A cashier's shift: two cash sales, one seat refunded, a count 1,000 short.
        QCOMPARE(asManager(words({"staff-add", "Mina Park", "--role", "cashier"}), "482913\n").exitCode, 0);
        const CliRun signedIn = atTill(words({"sign-in", "--staff", "101"}), "482913\n");
        QVERIFY2(signedIn.exitCode == 0, qPrintable(signedIn.describe()));
        const CliRun opened = atTill(words({"shift-open", "--float", "100000"}));
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        m_shift = opened.json().value(QLatin1String("shift")).toInt();
        QString code;
        for (const QStringList& seats :
             {QStringList{QStringLiteral("E1"), QStringLiteral("E2")}, QStringList{QStringLiteral("F1")}}) {
            const CliRun sold = atTill(QStringList{QStringLiteral("sell"), m_rig.hall1()}
                                       << seats << QStringLiteral("--pay") << QStringLiteral("cash"));
            QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
            m_sold += sold.json().value(QLatin1String("total_minor")).toInteger();
            code = sold.json().value(QLatin1String("booking")).toString();
        }
        const CliRun refunded = atTill(
            {QStringLiteral("refund"), code, QStringLiteral("--reason"), QStringLiteral("Wrong film")});
        QVERIFY2(refunded.exitCode == 0, qPrintable(refunded.describe()));
        m_refunded = refunded.json().value(QLatin1String("amount_minor")).toInteger();
        QVERIFY(m_sold > 0 && m_refunded > 0);
        const qint64 expected = 100000 + m_sold - m_refunded;
        const CliRun closed = atTill(
            {QStringLiteral("shift-close"), QStringLiteral("--counted"), QString::number(expected - 1000)});
        QVERIFY2(closed.exitCode == 0, qPrintable(closed.describe()));
    }
    void cleanupTestCase() { m_rig.reset(); }

    void dayReportAsJson()
    {
        const CliRun day = asManager(words({"report", "day", "--json"}));
        QVERIFY2(day.exitCode == 0, qPrintable(day.describe()));
        const QJsonObject report = day.json();
        QCOMPARE(report.value(QLatin1String("gross_minor")).toInteger(), m_sold);
        QCOMPARE(report.value(QLatin1String("refunds_minor")).toInteger(), m_refunded);
        QCOMPARE(report.value(QLatin1String("net_minor")).toInteger(), m_sold - m_refunded);
        const QJsonObject drawer = sectionOf(report, QStringLiteral("drawer"));
        QCOMPARE(drawer.value(QLatin1String("totals"))
                     .toObject()
                     .value(QLatin1String("over_short_minor"))
                     .toInteger(),
                 -1000);
        const QJsonObject type = sectionOf(report, QStringLiteral("type"));
        QCOMPARE(type.value(QLatin1String("totals")).toObject().value(QLatin1String("seats")).toInteger(), 3);
        // The shift's Z report is the same money.
        const CliRun z = asManager({QStringLiteral("report"), QStringLiteral("shift"),
                                    QString::number(m_shift), QStringLiteral("--json")});
        QVERIFY2(z.exitCode == 0, qPrintable(z.describe()));
        QVERIFY(z.json().value(QLatin1String("title")).toString().startsWith(QLatin1String("Z report")));
        QCOMPARE(z.json().value(QLatin1String("net_minor")).toInteger(), m_sold - m_refunded);
        // And the text names the net takings.
        const CliRun text = asManager(words({"report", "day"}));
        QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
        QVERIFY2(text.out.contains(QLatin1String("Net takings")), qPrintable(text.out));
    }

    void dayReportAsCsvReadsBack()
    {
        const QString file = path(QStringLiteral("day.csv"));
        const CliRun run =
            asManager({QStringLiteral("report"), QStringLiteral("day"), QStringLiteral("--csv"), file});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.contains("\r\n"));
        const QList<QStringList> rows = parseCsv(QString::fromUtf8(bytes));
        // The summary's totals row: "Net takings", no count, the minor units, the formatted amount.
        bool inSummary = false;
        bool found = false;
        for (const QStringList& row : rows) {
            if (row.value(0) == QLatin1String("Section"))
                inSummary = row.value(1) == QLatin1String("summary");
            if (inSummary && row.value(0) == QLatin1String("Net takings")) {
                QCOMPARE(row.value(2).toLongLong(), m_sold - m_refunded);
                QVERIFY(!row.value(3).isEmpty());
                found = true;
            }
        }
        QVERIFY2(found, bytes.constData());
    }

    void dayReportAsPdfRendersWithItsTotals()
    {
        const QString file = path(QStringLiteral("day.pdf"));
        const CliRun run =
            asManager({QStringLiteral("report"), QStringLiteral("day"), QStringLiteral("--pdf"), file});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QProcess ppm;
        ppm.start(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"),
                                               QStringLiteral("50"), file, path(QStringLiteral("page"))});
        QVERIFY(ppm.waitForFinished(60000));
        QCOMPARE(ppm.exitCode(), 0);
        const QStringList pages = QDir(m_dir.path()).entryList({QStringLiteral("page*.png")});
        QVERIFY2(!pages.isEmpty(), "pdftoppm made no page");
        const QImage page(m_dir.filePath(pages.first()));
        QVERIFY(!page.isNull());
        // Not blank: a good share of the page is ink.
        qint64 dark = 0;
        for (int y = 0; y < page.height(); ++y)
            for (int x = 0; x < page.width(); ++x)
                dark += qGray(page.pixel(x, y)) < 160 ? 1 : 0;
        QVERIFY2(dark > page.width() * page.height() / 200, qPrintable(QString::number(dark)));

        QProcess text;
        text.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), file, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        const QString words = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(words.contains(QLatin1String("Net takings")), qPrintable(words));
        // The net as the report formats it (KRW has no minor digits: "₩12,000" or "12,000").
        const QString net = QLocale().toString(m_sold - m_refunded);
        QVERIFY2(words.contains(net), qPrintable(net + QLatin1Char('\n') + words));
        QVERIFY2(words.contains(QLatin1String("Audit log head")), qPrintable(words));
        QVERIFY2(words.contains(QLatin1String("Page 1 of")), qPrintable(words));
    }

    void terminalLoginNeedsAManager()
    {
        const CliRun run = m_rig.cli(words({"report", "day"}));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QLatin1String("needs a manager login")), qPrintable(run.describe()));
    }

    void badInputExitsTwoAndLeavesNoFile_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString csv = path(QStringLiteral("bad.csv"));
        const QString pdf = path(QStringLiteral("bad.pdf"));
        QTest::newRow("unknown kind") << QStringList{QStringLiteral("report"), QStringLiteral("week")}
                                      << QStringLiteral("report takes");
        QTest::newRow("no kind") << QStringList{QStringLiteral("report")} << QStringLiteral("report takes");
        QTest::newRow("bad date") << QStringList{QStringLiteral("report"), QStringLiteral("day"),
                                                 QStringLiteral("--date"), QStringLiteral("2026-13-45"),
                                                 QStringLiteral("--csv"),  csv}
                                  << QStringLiteral("--date");
        QTest::newRow("shift not a number") << QStringList{QStringLiteral("report"), QStringLiteral("shift"),
                                                           QStringLiteral("x"), QStringLiteral("--pdf"), pdf}
                                            << QStringLiteral("shift number");
        QTest::newRow("no such shift") << QStringList{QStringLiteral("report"), QStringLiteral("shift"),
                                                      QStringLiteral("99999"), QStringLiteral("--csv"), csv}
                                       << QStringLiteral("no shift");
        QTest::newRow("unwritable pdf")
            << QStringList{QStringLiteral("report"), QStringLiteral("day"), QStringLiteral("--pdf"),
                           QStringLiteral("/nonexistent-folder/x.pdf")}
            << QStringLiteral("Cannot write");
        QTest::newRow("good csv, unwritable pdf")
            << QStringList{QStringLiteral("report"), QStringLiteral("day"),
                           QStringLiteral("--csv"),  csv,
                           QStringLiteral("--pdf"),  QStringLiteral("/nonexistent-folder/x.pdf")}
            << QStringLiteral("Cannot write");
    }
    void badInputExitsTwoAndLeavesNoFile()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = asManager(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.describe()));
        QVERIFY(!QFile::exists(path(QStringLiteral("bad.csv"))));
        QVERIFY(!QFile::exists(path(QStringLiteral("bad.pdf"))));
        QVERIFY(!QFile::exists(QStringLiteral("/nonexistent-folder/x.pdf")));
        // Nothing half-written beside them either (QSaveFile's temporary files).
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("bad*")}, QDir::Files | QDir::Hidden),
                 QStringList());
    }
};

QTEST_GUILESS_MAIN(TstAdminCliReports)
#include "tst_adminclireports.moc"
