// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh database per test: halls,
// hall-import and hall-export. Round trips through the database are lossless, a bad
// file names its line and changes nothing, a terminal login is refused, and replacing a hall's
// layout leaves the showtimes already made on their version.
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "db/dbconnection.h"
#include "model/halls/halllayout.h"
#include "tests/support/adminclirig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif
#ifndef BOXOFFICE_SOURCE_DIR
#error "BOXOFFICE_SOURCE_DIR must name the source tree"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;

namespace {

const QString demoHalls[] = {QStringLiteral("Hall 1"), QStringLiteral("Hall 2"),
                             QStringLiteral("Hall 3 Premium")};

QString example(const QString& name)
{
    return QStringLiteral(BOXOFFICE_SOURCE_DIR "/resources/halls/") + name;
}

/// 60 rows of 50 (A..Z, AA..AZ, BA..BH), a centre aisle, three zones, every kind: 3,000 seats.
HallLayout bigHall()
{
    HallLayout layout;
    layout.screen = {ScreenSide::Top, true, 0, 51.5};
    layout.zones = {{QStringLiteral("a"), QStringLiteral("Front"), 0},
                    {QStringLiteral("b"), QStringLiteral("Middle"), 0},
                    {QStringLiteral("c"), QStringLiteral("Back, by the bar"), 0}};
    layout.aisles = {{25, 0, 1.5, 90, 0}};
    for (int r = 0; r < 60; ++r) {
        const QString row =
            r < 26 ? QString(QChar(u'A' + r)) : QString(QChar(u'A' + (r / 26) - 1)) + QChar(u'A' + r % 26);
        for (int n = 1; n <= 50; ++n) {
            LayoutSeat s;
            s.section = r < 30 ? QStringLiteral("Stalls") : QStringLiteral("Balcony");
            s.row = row;
            s.number = n;
            s.x = (n - 1) + (n > 25 ? 1.5 : 0);
            s.y = r * 1.25 + (r >= 30 ? 0.125 : 0);
            s.kind = static_cast<SeatKind>((r + n) % 5);
            s.zone = r < 20 ? QStringLiteral("a") : r < 40 ? QStringLiteral("b") : QStringLiteral("c");
            s.outOfService = (r * 50 + n) % 211 == 0;
            layout.seats.append(s);
        }
    }
    return layout;
}

} // namespace

class TstAdminCliHalls final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    QTemporaryDir m_files;

    /// Everything of the halls a write could change, as one comparable line.
    QString halls() const
    {
        return m_rig.db().scalar(
            QStringLiteral("SELECT (SELECT coalesce(string_agg(format('%s:%s:%s', id, name, layout_id), ',' "
                           "ORDER BY id), '') "
                           "          FROM auditorium) || '|' || "
                           "       (SELECT coalesce(string_agg(format('%s:%s:%s', id, auditorium_id, "
                           "version), ',' ORDER BY id), '') "
                           "          FROM hall_layout) || '|' || (SELECT count(*) FROM seat) || '|' || "
                           "       (SELECT coalesce(sum(hashtext(s::text)), 0) FROM seat s)"));
    }

    QString write(const QString& name, const QByteArray& data) const
    {
        QString path = m_files.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size())
            return {};
        return path;
    }

    QByteArray exported(const QString& hall, const QString& format) const
    {
        const CliRun run =
            m_rig.cli({QStringLiteral("hall-export"), hall, QStringLiteral("--format"), format});
        return run.exitCode == 0 ? run.out.toUtf8() : QByteArray("failed: ") + run.describe().toUtf8();
    }

private slots:
    void initTestCase()
    {
        m_rig.checkProgram();
        QVERIFY(m_files.isValid());
    }
    void init() { m_rig.create(); }
    void cleanup() { m_rig.reset(); }

    void listsTheDemoHalls()
    {
        const CliRun run = m_rig.cli({QStringLiteral("halls"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonArray halls = run.json().value(QStringLiteral("halls")).toArray();
        QCOMPARE(halls.size(), 3);
        QCOMPARE(halls.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("Hall 1"));
        QCOMPARE(halls.at(0).toObject().value(QStringLiteral("seats")).toInt(), 350);
        QCOMPARE(halls.at(1).toObject().value(QStringLiteral("seats")).toInt(), 160);
        QCOMPARE(halls.at(2).toObject().value(QStringLiteral("version")).toInt(), 1);
    }

    void demoHallsRoundTripLosslessly()
    {
        for (const QString& hall : demoHalls) {
            for (const QString& format : {QStringLiteral("json"), QStringLiteral("csv")}) {
                const QByteArray first = exported(hall, format);
                QVERIFY2(!first.startsWith("failed"), first.constData());
                const QString copy = hall + QStringLiteral(" copy ") + format;
                const QString file = write(QStringLiteral("hall.") + format, first);
                QVERIFY(!file.isEmpty());
                const CliRun imported =
                    m_rig.cliAsManager({QStringLiteral("hall-import"), file, QStringLiteral("--name"), copy,
                                        QStringLiteral("--json")});
                QVERIFY2(imported.exitCode == 0, qPrintable(imported.describe()));
                QVERIFY(imported.json().value(QStringLiteral("created")).toBool());
                QByteArray again = exported(copy, format);
                if (format == QLatin1String("json"))
                    again.replace(copy.toUtf8(), hall.toUtf8());
                QCOMPARE(again, first);
            }
        }
        // The broken seat of Hall 2 survives JSON (CSV has no column for it).
        QVERIFY(exported(QStringLiteral("Hall 2 copy json"), QStringLiteral("json"))
                    .contains("\"out_of_service\": true"));
        QCOMPARE(m_rig.db().scalar(QStringLiteral(
                     "SELECT count(*) FROM seat s JOIN auditorium a ON a.id = "
                     "s.auditorium_id WHERE a.name = 'Hall 2 copy json' AND s.out_of_service")),
                 QStringLiteral("1"));
    }

    void aGeneratedHallOf3000SeatsRoundTrips()
    {
        HallLayout hall = bigHall();
        hall.name = QStringLiteral("Big one");
        const QByteArray json = HallLayoutFormat::writeJson(hall);
        const QString file = write(QStringLiteral("big.json"), json);
        const CliRun imported =
            m_rig.cliAsManager({QStringLiteral("hall-import"), file, QStringLiteral("--json")});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.describe()));
        QCOMPARE(imported.json().value(QStringLiteral("seats")).toInt(), 3000);
        QCOMPARE(imported.json().value(QStringLiteral("hall")).toString(), QStringLiteral("Big one"));
        QCOMPARE(exported(QStringLiteral("Big one"), QStringLiteral("json")), json);

        const QByteArray csv = HallLayoutFormat::writeCsv(hall);
        const QString csvFile = write(QStringLiteral("Big CSV.csv"), csv);
        const CliRun fromCsv =
            m_rig.cliAsManager({QStringLiteral("hall-import"), csvFile, QStringLiteral("--json")});
        QVERIFY2(fromCsv.exitCode == 0, qPrintable(fromCsv.describe()));
        QCOMPARE(fromCsv.json().value(QStringLiteral("hall")).toString(), QStringLiteral("Big CSV"));
        QCOMPARE(exported(QStringLiteral("Big CSV"), QStringLiteral("csv")), csv);

        // --output writes the same bytes.
        const QString out = m_files.filePath(QStringLiteral("out.json"));
        const CliRun written = m_rig.cli({QStringLiteral("hall-export"), QStringLiteral("Big one"),
                                          QStringLiteral("--output"), out, QStringLiteral("--json")});
        QVERIFY2(written.exitCode == 0, qPrintable(written.describe()));
        QFile outFile(out);
        QVERIFY(outFile.open(QIODevice::ReadOnly));
        QCOMPARE(outFile.readAll(), json);
    }

    void theExamplesImport()
    {
        for (const QString& name : {QStringLiteral("studio.csv"), QStringLiteral("studio.json")}) {
            const CliRun run = m_rig.cliAsManager({QStringLiteral("hall-import"), example(name),
                                                   QStringLiteral("--name"), name, QStringLiteral("--json")});
            QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
            QCOMPARE(run.json().value(QStringLiteral("seats")).toInt(), 72);
            QFile file(example(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QByteArray back = exported(name, QFileInfo(name).suffix());
            back.replace("\"name\": \"" + name.toUtf8() + '"', "\"name\": \"Studio\"");
            QCOMPARE(back, file.readAll());
        }
    }

    void badFilesNameTheirLineAndChangeNothing_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("expected");
        const QByteArray head = "section,row,seat,x,y,kind,zone\n,A,1,0,0,standard,\n";
        QTest::newRow("duplicate label")
            << QStringLiteral("dup.csv") << head + ",A,2,1,0,standard,\n,A,1,5,0,standard,\n"
            << QStringList() << QStringLiteral("dup.csv: line 4: duplicate seat label A1 (also on line 2)");
        QTest::newRow("overlapping seats")
            << QStringLiteral("overlap.csv") << head + ",A,2,0.5,0,standard,\n"
            << QStringList() << QStringLiteral("overlap.csv: line 3: seat A2 overlaps seat A1 (line 2)");
        QTest::newRow("unknown kind")
            << QStringLiteral("kind.csv") << head + ",A,2,1,0,vip,\n"
            << QStringList() << QStringLiteral("kind.csv: line 3: unknown seat kind 'vip'");
        QTest::newRow("json unknown kind")
            << QStringLiteral("kind.json")
            << QByteArray(
                   "{\"name\": \"K\",\n \"seats\": [\n  {\"row\": \"A\", \"seat\": 1, \"x\": 0, \"y\": 0},\n"
                   "  {\"row\": \"A\", \"seat\": 2, \"x\": 1, \"y\": 0, \"kind\": \"sofa\"}\n]}\n")
            << QStringList() << QStringLiteral("kind.json: line 4: unknown seat kind 'sofa'");
        QTest::newRow("json overlap onto an existing hall's replace")
            << QStringLiteral("over.json")
            << QByteArray("{\"seats\": [\n  {\"row\": \"A\", \"seat\": 1, \"x\": 0, \"y\": 0},\n"
                          "  {\"row\": \"A\", \"seat\": 2, \"x\": 0, \"y\": 0.5}\n]}\n")
            << QStringList{QStringLiteral("--name"), QStringLiteral("Hall 2"), QStringLiteral("--replace")}
            << QStringLiteral("over.json: line 3: seat A2 overlaps seat A1 (line 2)");
        QTest::newRow("not JSON") << QStringLiteral("broken.json")
                                  << QByteArray("{\"seats\": [\n  {\"row\": \"A\",,}\n]}\n") << QStringList()
                                  << QStringLiteral("broken.json: line 2: not JSON");
        QTest::newRow("bad name") << QStringLiteral("ok.csv") << head
                                  << QStringList{QStringLiteral("--name"), QStringLiteral(" ")}
                                  << QStringLiteral("A hall's name is 1 to 80 characters");
    }

    void badFilesNameTheirLineAndChangeNothing()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, data);
        QFETCH(QStringList, extra);
        QFETCH(QString, expected);
        const QString file = write(name, data);
        const QString before = halls();
        const CliRun run = m_rig.cliAsManager(QStringList{QStringLiteral("hall-import"), file} << extra);
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.err.contains(expected), qPrintable(run.describe()));
        const CliRun json = m_rig.cliAsManager(
            QStringList{QStringLiteral("hall-import"), file, QStringLiteral("--json")} << extra);
        QVERIFY2(json.exitCode == 2, qPrintable(json.describe()));
        QCOMPARE(
            json.json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
            QStringLiteral("bad_input"));
        QCOMPARE(halls(), before);
    }

    void theDatabaseStoresAllOrNothing()
    {
        // A layout that slipped past the checks (two seats A1) fails whole in the database: the
        // new version, its hall and its first seats roll back with it.
        auto manager = m_rig.db().connectAsManager();
        QVERIFY(manager);
        const QString before = halls();
        for (const QString& call :
             {QStringLiteral("'Hall 2', %1, true"), QStringLiteral("'Brand new', %1, false")}) {
            const QString sql = QStringLiteral("SELECT * FROM bo_hall_import(%1)")
                                    .arg(call.arg(QStringLiteral(
                                        "'{\"seats\": [{\"row\": \"A\", \"seat\": 1, \"x\": 0, \"y\": 0}, "
                                        "{\"row\": \"A\", \"seat\": 1, \"x\": 3, \"y\": 0}]}'")));
            const Status s = manager->execScript(sql);
            QVERIFY2(!s.ok(), qPrintable(sql));
            QVERIFY2(s.error().detail.startsWith(QLatin1String("SQLSTATE 23505")),
                     qPrintable(s.error().detail));
        }
        QCOMPARE(halls(), before);
        const Status kind = manager->execScript(QStringLiteral(
            "SELECT * FROM bo_hall_import('Hall 2', '{\"seats\": [{\"row\": \"A\", \"seat\": 1, \"x\": 0, "
            "\"y\": 0, \"kind\": \"sofa\"}]}', true)"));
        QVERIFY(!kind.ok());
        QCOMPARE(halls(), before);
    }

    void badArguments()
    {
        const QString before = halls();
        const QString ok = write(QStringLiteral("fine.csv"), ",A,1,0,0,standard\n");
        QVERIFY(!ok.isEmpty());
        for (const QStringList& args :
             {QStringList{QStringLiteral("hall-import")},
              QStringList{QStringLiteral("hall-import"), m_files.filePath(QStringLiteral("missing.csv"))},
              QStringList{QStringLiteral("hall-import"), ok, QStringLiteral("--format"),
                          QStringLiteral("xml")},
              QStringList{QStringLiteral("hall-export")},
              QStringList{QStringLiteral("hall-export"), QStringLiteral("No such hall")},
              QStringList{QStringLiteral("hall-export"), QStringLiteral("Hall 1"), QStringLiteral("--format"),
                          QStringLiteral("pdf")}}) {
            const CliRun run = m_rig.cliAsManager(args);
            QVERIFY2(run.exitCode == 2,
                     qPrintable(QStringLiteral("%1: %2").arg(args.join(u' '), run.describe())));
        }
        QCOMPARE(halls(), before);
    }

    void aTerminalLoginIsRefusedEveryCatalogueWrite()
    {
        const QString file = example(QStringLiteral("studio.json"));
        const QString before = halls();
        for (const QStringList& extra :
             {QStringList(),
              QStringList{QStringLiteral("--name"), QStringLiteral("Hall 2"), QStringLiteral("--replace")}}) {
            const CliRun run = m_rig.cli(QStringList{QStringLiteral("hall-import"), file} << extra);
            QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
            QVERIFY2(run.err.contains(QLatin1String("needs a manager login")), qPrintable(run.describe()));
        }
        // Straight to the database as well: the function and the tables.
        auto terminal = m_rig.db().connect(QStringLiteral("till"));
        QVERIFY(terminal);
        for (const QString& sql :
             {QStringLiteral(
                  "SELECT * FROM bo_hall_import('X', '{\"seats\": [{\"row\": \"A\", \"seat\": 1, \"x\": 0, "
                  "\"y\": 0}]}', false)"),
              QStringLiteral(
                  "SELECT * FROM bo_hall_import('Hall 2', '{\"seats\": [{\"row\": \"A\", \"seat\": 1, "
                  "\"x\": 0, \"y\": 0}]}', true)"),
              QStringLiteral(
                  "INSERT INTO hall_layout (auditorium_id, version) SELECT id, 9 FROM auditorium LIMIT 1"),
              QStringLiteral("UPDATE auditorium SET layout_id = layout_id"),
              QStringLiteral("INSERT INTO auditorium (name) VALUES ('Sneaky')"),
              QStringLiteral("UPDATE seat SET zone = 'x'")}) {
            const Status s = terminal->execScript(sql);
            QVERIFY2(!s.ok(), qPrintable(sql));
            QVERIFY2(s.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                     qPrintable(s.error().detail));
        }
        QCOMPARE(halls(), before);
    }

    void replacingALayoutKeepsShowtimesOnTheirVersion()
    {
        const CliRun created =
            m_rig.cliAsManager({QStringLiteral("hall-import"), example(QStringLiteral("studio.csv")),
                                QStringLiteral("--name"), QStringLiteral("Studio")});
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
        const QString hallId =
            m_rig.db().scalar(QStringLiteral("SELECT id FROM auditorium WHERE name = 'Studio'"));
        const QString addShowtime =
            QStringLiteral("INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at) "
                           "SELECT %1, (SELECT min(id) FROM movie), (SELECT min(id) FROM price_list), now() "
                           "+ interval '%2 days' "
                           "RETURNING id")
                .arg(hallId);
        const QString before = m_rig.db().scalar(addShowtime.arg(2));
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1").arg(before)),
                 QStringLiteral("72"));
        const CliRun sold =
            m_rig.cli({QStringLiteral("hold"), before, QStringLiteral("F12"), QStringLiteral("--json")});
        QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));

        // Without --replace an existing hall is a conflict, and nothing changes.
        const QString smaller =
            write(QStringLiteral("smaller.csv"), ",A,1,0,0,standard\n,A,2,1,0,premium\n,B,1,0,2,couple\n");
        const QString unchanged = halls();
        const CliRun refused = m_rig.cliAsManager(
            {QStringLiteral("hall-import"), smaller, QStringLiteral("--name"), QStringLiteral("Studio")});
        QVERIFY2(refused.exitCode == 3, qPrintable(refused.describe()));
        QVERIFY2(refused.err.contains(QLatin1String("exists already")), qPrintable(refused.describe()));
        QCOMPARE(halls(), unchanged);

        const CliRun replaced = m_rig.cliAsManager({QStringLiteral("hall-import"), smaller,
                                                    QStringLiteral("--name"), QStringLiteral("Studio"),
                                                    QStringLiteral("--replace"), QStringLiteral("--json")});
        QVERIFY2(replaced.exitCode == 0, qPrintable(replaced.describe()));
        QCOMPARE(replaced.json().value(QStringLiteral("version")).toInt(), 2);
        QVERIFY(!replaced.json().value(QStringLiteral("created")).toBool());

        // The showtime on sale keeps its 72 seats and its held seat; a new one gets the 3 seats.
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1").arg(before)),
                 QStringLiteral("72"));
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT string_agg(s.label, ',') FROM showtime_seat ss JOIN seat s "
                                    "ON s.id = ss.seat_id WHERE ss.showtime_id = %1 AND ss.status = 'HELD'")
                         .arg(before)),
                 QStringLiteral("F12"));
        const QString after = m_rig.db().scalar(addShowtime.arg(3));
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT string_agg(s.label || ':' || s.kind, ',' ORDER BY s.id) "
                                             "FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
                                             "WHERE ss.showtime_id = %1")
                                  .arg(after)),
            QStringLiteral("A1:standard,A2:premium,B1:couple"));
        // Seat names resolve within each showtime's own version.
        const CliRun oldSeat =
            m_rig.cli({QStringLiteral("hold"), before, QStringLiteral("A2"), QStringLiteral("--json")});
        QVERIFY2(oldSeat.exitCode == 0, qPrintable(oldSeat.describe()));
        const CliRun newSeat =
            m_rig.cli({QStringLiteral("hold"), after, QStringLiteral("B1"), QStringLiteral("--json")});
        QVERIFY2(newSeat.exitCode == 0, qPrintable(newSeat.describe()));
        const CliRun gone = m_rig.cli({QStringLiteral("hold"), after, QStringLiteral("F12")});
        QVERIFY2(gone.exitCode == 2, qPrintable(gone.describe()));

        const CliRun listed = m_rig.cli({QStringLiteral("halls"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        for (const auto& h : listed.json().value(QStringLiteral("halls")).toArray()) {
            if (h.toObject().value(QStringLiteral("name")).toString() != QLatin1String("Studio"))
                continue;
            QCOMPARE(h.toObject().value(QStringLiteral("version")).toInt(), 2);
            QCOMPARE(h.toObject().value(QStringLiteral("versions")).toInt(), 2);
            QCOMPARE(h.toObject().value(QStringLiteral("seats")).toInt(), 3);
            QCOMPARE(h.toObject().value(QStringLiteral("showtimes_on_older_versions")).toInt(), 1);
        }
        QCOMPARE(
            exported(QStringLiteral("Studio"), QStringLiteral("csv")),
            QByteArray(
                "section,row,seat,x,y,kind,zone\n,A,1,0,0,standard,\n,A,2,1,0,premium,\n,B,1,0,2,couple,\n"));
    }
    void aShowtimeNeverBookedMovesToTheNewLayout()
    {
        const CliRun created =
            m_rig.cliAsManager({QStringLiteral("hall-import"), example(QStringLiteral("studio.csv")),
                                QStringLiteral("--name"), QStringLiteral("Studio")});
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
        const QString hallId =
            m_rig.db().scalar(QStringLiteral("SELECT id FROM auditorium WHERE name = 'Studio'"));
        const QString addShowtime =
            QStringLiteral("INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at) "
                           "SELECT %1, (SELECT min(id) FROM movie), (SELECT min(id) FROM price_list), now() "
                           "+ interval '%2 days' RETURNING id")
                .arg(hallId);
        const QString unsold = m_rig.db().scalar(addShowtime.arg(2));
        const QString held = m_rig.db().scalar(addShowtime.arg(3));
        // The unsold one has a block of its own on A2 (in the new layout) and F12 (not).
        const CliRun blocked =
            m_rig.cliAsManager({QStringLiteral("block"), unsold, QStringLiteral("A2"), QStringLiteral("F12"),
                                QStringLiteral("--reason"), QStringLiteral("Press")});
        QVERIFY2(blocked.exitCode == 0, qPrintable(blocked.describe()));
        const CliRun hold = m_rig.cli({QStringLiteral("hold"), held, QStringLiteral("F12")});
        QVERIFY2(hold.exitCode == 0, qPrintable(hold.describe()));

        // Still on the current version: nothing to do.
        const CliRun same =
            m_rig.cliAsManager({QStringLiteral("showtime-relayout"), unsold, QStringLiteral("--json")});
        QVERIFY2(same.exitCode == 0, qPrintable(same.describe()));
        QVERIFY(!same.json().value(QStringLiteral("moved")).toBool());

        const QString smaller =
            write(QStringLiteral("smaller.csv"), ",A,1,0,0,standard\n,A,2,1,0,premium\n,B,1,0,2,couple\n");
        const CliRun replaced =
            m_rig.cliAsManager({QStringLiteral("hall-import"), smaller, QStringLiteral("--name"),
                                QStringLiteral("Studio"), QStringLiteral("--replace")});
        QVERIFY2(replaced.exitCode == 0, qPrintable(replaced.describe()));

        const CliRun moved =
            m_rig.cliAsManager({QStringLiteral("showtime-relayout"), unsold, QStringLiteral("--json")});
        QVERIFY2(moved.exitCode == 0, qPrintable(moved.describe()));
        QVERIFY(moved.json().value(QStringLiteral("moved")).toBool());
        QCOMPARE(moved.json().value(QStringLiteral("old_version")).toInt(), 1);
        QCOMPARE(moved.json().value(QStringLiteral("version")).toInt(), 2);
        QCOMPARE(moved.json().value(QStringLiteral("seats")).toInt(), 3);
        QCOMPARE(moved.json().value(QStringLiteral("blocks_kept")).toArray().first().toString(),
                 QStringLiteral("A2"));
        QCOMPARE(moved.json().value(QStringLiteral("blocks_dropped")).toArray().first().toString(),
                 QStringLiteral("F12"));
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral(
                         "SELECT string_agg(s.label || ':' || ss.status || ':' || coalesce(b.reason, '-'), "
                         "',' ORDER BY s.label) FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
                         "LEFT JOIN seat_block b USING (showtime_id, seat_id) WHERE ss.showtime_id = %1")
                         .arg(unsold)),
                 QStringLiteral("A1:FREE:-,A2:BLOCKED:Press,B1:FREE:-"));
        const CliRun sells = m_rig.cli({QStringLiteral("hold"), unsold, QStringLiteral("B1")});
        QVERIFY2(sells.exitCode == 0, qPrintable(sells.describe()));

        // One with a seat held keeps its layout; so does one never made; a terminal may not.
        const QString before = m_rig.snapshot();
        const CliRun refused = m_rig.cliAsManager({QStringLiteral("showtime-relayout"), held});
        QVERIFY2(refused.exitCode == 3 && refused.err.contains(QLatin1String("sale in progress")),
                 qPrintable(refused.describe()));
        const CliRun unknown = m_rig.cliAsManager(
            {QStringLiteral("showtime-relayout"), QStringLiteral("999999"), QStringLiteral("--json")});
        QVERIFY2(unknown.exitCode == 2, qPrintable(unknown.describe()));
        const CliRun twoOfThem = m_rig.cliAsManager({QStringLiteral("showtime-relayout"), held, unsold});
        QVERIFY2(twoOfThem.exitCode == 2, qPrintable(twoOfThem.describe()));
        const CliRun terminal = m_rig.cli({QStringLiteral("showtime-relayout"), held});
        QVERIFY2(terminal.exitCode == 1 && terminal.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(terminal.describe()));
        QCOMPARE(m_rig.snapshot(), before);
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1").arg(held)),
                 QStringLiteral("72"));
    }
};

QTEST_GUILESS_MAIN(TstAdminCliHalls)
#include "tst_adminclihalls.moc"
