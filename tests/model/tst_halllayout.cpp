// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The hall layout's rules and its two file formats (docs/FORMATS.md): lossless round trips of
// the shipped examples and of a generated 3,000-seat hall, and every bad file naming its line.
#include <QFile>
#include <QtTest>

#include "model/halls/halllayout.h"

#ifndef BOXOFFICE_SOURCE_DIR
#error "BOXOFFICE_SOURCE_DIR must name the source tree"
#endif

using namespace bo;

namespace {

QByteArray resource(const QString& name)
{
    QFile file(QStringLiteral(BOXOFFICE_SOURCE_DIR "/resources/halls/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// 50 rows (A..Z, AA..AX) of 60 seats with two aisles, sections, zones and every kind: 3,000 seats.
HallLayout generatedHall()
{
    HallLayout layout;
    layout.name = QStringLiteral("Arena 3000");
    layout.screen = {ScreenSide::Bottom, true, 2.5, 60.25};
    layout.zones = {{QStringLiteral("front"), QStringLiteral("Front, near the screen"), 0},
                    {QStringLiteral("middle"), QStringLiteral("Middle \"sweet spot\""), 0},
                    {QStringLiteral("back"), QStringLiteral("Back"), 0}};
    layout.aisles = {{20.05, 0, 1.2, 70, 0}, {41.3, 0, 1.2, 70, 0}};
    for (int r = 0; r < 50; ++r) {
        const QString row = r < 26 ? QString(QChar(u'A' + r)) : QStringLiteral("A") + QChar(u'A' + r - 26);
        for (int n = 1; n <= 60; ++n) {
            LayoutSeat s;
            s.section = r < 20 ? QStringLiteral("Stalls") : QStringLiteral("Circle, upper");
            s.row = row;
            s.number = n;
            s.x = (n - 1) + (n > 20 ? 1.25 : 0) + (n > 40 ? 1.25 : 0) + 0.001 * (r % 3);
            s.y = r * 1.375;
            s.kind = static_cast<SeatKind>((r * 60 + n) % 5);
            s.zone = r < 15   ? QStringLiteral("front")
                     : r < 35 ? QStringLiteral("middle")
                              : QStringLiteral("back");
            s.outOfService = (r * 60 + n) % 97 == 0;
            layout.seats.append(s);
        }
    }
    return layout;
}

} // namespace

class TstHallLayout final : public QObject
{
    Q_OBJECT

private slots:
    void examplesRoundTrip()
    {
        const QByteArray csv = resource(QStringLiteral("studio.csv"));
        const QByteArray json = resource(QStringLiteral("studio.json"));
        QVERIFY(!csv.isEmpty() && !json.isEmpty());
        auto fromCsv = HallLayoutFormat::readCsv(csv);
        QVERIFY2(fromCsv, qPrintable(fromCsv ? QString() : fromCsv.error().message));
        auto fromJson = HallLayoutFormat::readJson(json);
        QVERIFY2(fromJson, qPrintable(fromJson ? QString() : fromJson.error().message));
        QCOMPARE(fromCsv.value().seats.size(), 72);
        // The files are written as the writers write them: byte for byte.
        QCOMPARE(HallLayoutFormat::writeCsv(fromCsv.value()), csv);
        QCOMPARE(HallLayoutFormat::writeJson(fromJson.value()), json);
        // The same seats in both; JSON adds the names of the zones, the aisle and the screen.
        QCOMPARE(fromJson.value().seats, fromCsv.value().seats);
        QCOMPARE(fromJson.value().aisles.size(), 1);
        QVERIFY(fromJson.value().screen.placed);
        QCOMPARE(fromJson.value().zones.at(1).name, QStringLiteral("Premium rows"));
        QCOMPARE(fromCsv.value().zones.at(1).name, QStringLiteral("premium"));
        // The line each seat came from.
        QCOMPARE(fromCsv.value().seats.first().line, 2);
        QCOMPARE(fromJson.value().seats.first().line, 14);
    }

    void generatedHallRoundTrip()
    {
        const HallLayout hall = generatedHall();
        QCOMPARE(hall.seats.size(), 3000);
        const Status valid = HallLayoutFormat::validate(hall);
        QVERIFY2(valid, qPrintable(valid ? QString() : valid.error().message));

        const QByteArray json = HallLayoutFormat::writeJson(hall);
        auto back = HallLayoutFormat::readJson(json);
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QCOMPARE(back.value(), hall);
        QCOMPARE(HallLayoutFormat::writeJson(back.value()), json);

        const QByteArray csv = HallLayoutFormat::writeCsv(hall);
        auto csvBack = HallLayoutFormat::readCsv(csv);
        QVERIFY2(csvBack, qPrintable(csvBack ? QString() : csvBack.error().message));
        QCOMPARE(HallLayoutFormat::writeCsv(csvBack.value()), csv);
        // CSV carries the seats but neither zone names, aisles, screen nor out-of-service.
        for (qsizetype i = 0; i < hall.seats.size(); ++i) {
            LayoutSeat expected = hall.seats.at(i);
            expected.outOfService = false;
            QCOMPARE(csvBack.value().seats.at(i), expected);
        }
        QCOMPARE(csvBack.value().seats.at(5).line, 7);
    }

    void badCsv_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("expected");
        const QByteArray head = "section,row,seat,x,y,kind,zone\n,A,1,0,0,standard,\n";
        QTest::newRow("duplicate label")
            << head + ",A,2,1,0,standard,\n# comment\n,A,1,5,0,standard,\n"
            << QStringLiteral("line 5: duplicate seat label A1 (also on line 2)");
        QTest::newRow("overlapping seats") << head + ",A,2,0.5,0.2,standard,\n"
                                           << QStringLiteral("line 3: seat A2 overlaps seat A1 (line 2)");
        QTest::newRow("unknown kind") << head + "\n,A,2,1,0,vip,\n"
                                      << QStringLiteral("line 4: unknown seat kind 'vip'");
        QTest::newRow("too few fields") << head + ",A,2,1,0\n"
                                        << QStringLiteral("line 3: fewer fields than the 7 the header names");
        QTest::newRow("too many fields") << head + ",A,2,1,0,standard,,extra\n"
                                         << QStringLiteral("line 3: more fields than the 7 the header names");
        QTest::newRow("six, then seven")
            << QByteArray(",A,1,0,0,standard\n,A,2,1,0,standard,\n")
            << QStringLiteral("line 2: more fields than the 6 of the first line");
        QTest::newRow("unknown column") << QByteArray("section,row,seat,x,y,kind,zon\n,A,1,0,0,standard,\n")
                                        << QStringLiteral("line 1: unknown column 'zon' in the header");
        QTest::newRow("column missing") << QByteArray("section,row,x,y,kind\n,A,0,0,standard\n")
                                        << QStringLiteral("line 1: the header has no column 'seat'");
        QTest::newRow("column twice") << QByteArray("section,row,seat,x,y,kind,seat\n,A,1,0,0,standard,1\n")
                                      << QStringLiteral("line 1: the header names column 'seat' twice");
        QTest::newRow("not a number") << head + ",A,two,1,0,standard,\n"
                                      << QStringLiteral("line 3: seat 'two' is not a number");
        QTest::newRow("bad x") << head + ",A,2,1e,0,standard,\n" << QStringLiteral("line 3: x '1e'");
        QTest::newRow("lower-case row")
            << head + ",b,2,1,3,standard,\n"
            << QStringLiteral("line 3: row 'b' is not one to three capital letters");
        QTest::newRow("seat 0") << head + ",A,0,1,0,standard,\n"
                                << QStringLiteral("line 3: seat number 0 is not between 1 and 999");
        QTest::newRow("four decimals") << head + ",A,2,1.0005,0,standard,\n"
                                       << QStringLiteral("line 3: seat A2's x has more than three decimals");
        QTest::newRow("far away") << head + ",A,2,1,5000,standard,\n"
                                  << QStringLiteral("line 3: seat A2's y is not a number within +/-1000");
        QTest::newRow("open quote") << head + "\"Stalls,A,2,1,0,standard\n"
                                    << QStringLiteral("line 3: a quote is not closed");
        QTest::newRow("bad zone") << head + ",A,2,1,0,standard,front row\n"
                                  << QStringLiteral("line 3: zone 'front row' is not");
        QTest::newRow("no seats") << QByteArray("section,row,seat,x,y,kind\n\n")
                                  << QStringLiteral("the layout has no seats");
    }

    /// The header decides the columns (in any order and case, the zone optional); without one the
    /// first line does (six or seven fields); a BOM, CRLF, comments and quotes are read as written.
    void csvColumnsFollowTheHeader()
    {
        const QByteArray reordered = "\xEF\xBB\xBF# exported by hand\r\nKind , SEAT,Row,x,y,section\r\n"
                                     "standard,1,A,0,0,\"Circle, upper\"\r\n\r\n"
                                     "wheelchair,2,A,1,0,\"The \"\"Royal\"\" box\"\r\n";
        auto read = HallLayoutFormat::readCsv(reordered);
        QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
        QCOMPARE(read.value().seats.size(), 2);
        QCOMPARE(read.value().seats.at(0).section, QStringLiteral("Circle, upper"));
        QCOMPARE(read.value().seats.at(0).line, 3);
        QCOMPARE(read.value().seats.at(1).section, QStringLiteral("The \"Royal\" box"));
        QCOMPARE(read.value().seats.at(1).kind, SeatKind::Wheelchair);
        QCOMPARE(read.value().seats.at(1).line, 5);
        QVERIFY(read.value().zones.isEmpty());

        auto six =
            HallLayoutFormat::readCsv("\n# no header\nStalls,A,1,0,0,standard\nStalls,A,2,1,0,premium\n");
        QVERIFY2(six, qPrintable(six ? QString() : six.error().message));
        QCOMPARE(six.value().seats.size(), 2);
        QCOMPARE(six.value().seats.at(1).line, 4);
        QCOMPARE(six.value().seats.at(1).kind, SeatKind::Premium);

        auto seven = HallLayoutFormat::readCsv("Stalls,A,1,0,0,standard,front\nStalls,A,2,1,0,standard,\n");
        QVERIFY2(seven, qPrintable(seven ? QString() : seven.error().message));
        QCOMPARE(seven.value().seats.at(0).zone, QStringLiteral("front"));
        QCOMPARE(seven.value().seats.at(0).line, 1);
        QCOMPARE(seven.value().seats.at(1).zone, QString());
    }

    void badCsv()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, expected);
        auto read = HallLayoutFormat::readCsv(file);
        QVERIFY(!read);
        QCOMPARE(read.error().code, ErrorCode::BadInput);
        QVERIFY2(read.error().message.startsWith(expected), qPrintable(read.error().message));
    }

    void badJson_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("expected");
        auto layout = [](const QByteArray& seats, const QByteArray& extra = {}) {
            return QByteArray("{\n  \"name\": \"X\",\n") + extra + "  \"seats\": [\n" + seats + "\n  ]\n}\n";
        };
        const QByteArray a1 = R"(    {"row": "A", "seat": 1, "x": 0, "y": 0, "kind": "standard"})";
        QTest::newRow("duplicate label")
            << layout(a1 + ",\n" + R"(    {"row": "A", "seat": 1, "x": 4, "y": 0})")
            << QStringLiteral("line 5: duplicate seat label A1 (also on line 4)");
        QTest::newRow("overlapping seats")
            << layout(a1 + ",\n\n" + R"(    {"row": "A", "seat": 2, "x": 0.999, "y": 0.5})")
            << QStringLiteral("line 6: seat A2 overlaps seat A1 (line 4)");
        QTest::newRow("unknown kind")
            << layout(a1 + ",\n" + R"(    {"row": "A", "seat": 2, "x": 1, "y": 0, "kind": "sofa"})")
            << QStringLiteral("line 5: unknown seat kind 'sofa'");
        QTest::newRow("label not row and seat")
            << layout(a1 + ",\n" + R"(    {"label": "A3", "row": "A", "seat": 2, "x": 1, "y": 0})")
            << QStringLiteral("line 5: label A3 is not row A and seat 2 (A2)");
        QTest::newRow("unknown field")
            << layout(a1 + ",\n" + R"(    {"row": "A", "seat": 2, "x": 1, "y": 0, "knd": "x"})")
            << QStringLiteral("line 5: a seat has an unknown field 'knd'");
        QTest::newRow("undeclared zone")
            << layout(a1 + ",\n" + R"(    {"row": "A", "seat": 2, "x": 1, "y": 0, "zone": "vip"})")
            << QStringLiteral("line 5: seat A2 is in zone 'vip'");
        QTest::newRow("seat in an aisle")
            << layout(a1 + ",\n" + R"(    {"row": "A", "seat": 2, "x": 1.5, "y": 0})",
                      "  \"aisles\": [\n    {\"x\": 2, \"y\": 0, \"width\": 1, \"height\": 9}\n  ],\n")
            << QStringLiteral("line 8: seat A2 stands in the aisle of line 4");
        QTest::newRow("missing x") << layout(a1 + ",\n" + R"(    {"row": "A", "seat": 2, "y": 0})")
                                   << QStringLiteral("line 5: a seat needs a number 'x'");
        QTest::newRow("zone twice")
            << layout(a1, "  \"zones\": [\n    {\"code\": \"z\"},\n    {\"code\": \"z\"}\n  ],\n")
            << QStringLiteral("line 5: zone 'z' is declared twice");
        QTest::newRow("not JSON") << layout(a1 + ",\n    {\"row\": \"A\" \"seat\": 2}")
                                  << QStringLiteral("line 5: not JSON");
        QTest::newRow("bad screen") << layout(a1, "  \"screen\": {\"side\": \"left\"},\n")
                                    << QStringLiteral("the screen's side is top or bottom, not 'left'");
    }

    void badJson()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, expected);
        auto read = HallLayoutFormat::readJson(file);
        QVERIFY(!read);
        QCOMPARE(read.error().code, ErrorCode::BadInput);
        QVERIFY2(read.error().message.startsWith(expected), qPrintable(read.error().message));
    }

    void manyProblemsAreCounted()
    {
        QByteArray file = "section,row,seat,x,y,kind\n";
        for (int i = 0; i < 8; ++i)
            file += ",A,1,0,0,standard\n";
        auto read = HallLayoutFormat::readCsv(file);
        QVERIFY(!read);
        QVERIFY2(read.error().message.startsWith(
                     QLatin1String("line 3: duplicate seat label A1 (also on line 2)")),
                 qPrintable(read.error().message));
        // Seven duplicates and 28 overlaps: five listed, the rest counted.
        QVERIFY2(read.error().message.endsWith(QLatin1String("(and 30 more problem(s))")),
                 qPrintable(read.error().message));
    }

    void coordinatesKeepThreeDecimals()
    {
        QCOMPARE(HallLayoutFormat::coordinateText(0.6000000238418579), QStringLiteral("0.6"));
        QCOMPARE(HallLayoutFormat::coordinateText(-0.0001), QStringLiteral("0"));
        QCOMPARE(HallLayoutFormat::coordinateText(12.125), QStringLiteral("12.125"));
        QCOMPARE(HallLayoutFormat::coordinateText(999.999), QStringLiteral("999.999"));
    }
};

QTEST_GUILESS_MAIN(TstHallLayout)
#include "tst_halllayout.moc"
