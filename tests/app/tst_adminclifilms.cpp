// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh demo database per test: films and
// film-add (migration 0022). A manager adds a film with its poster that the listing
// shows and a showtime can play; the same title and format twice exits 3; bad input exits 2 and
// changes nothing; a terminal login cannot add a film but may list them. film-retire (0031): a
// retired film gets no showtime (exit 3), keeps selling the ones it has, is listed with --all.
#include <QJsonArray>
#include <QJsonObject>
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

const QByteArray png = QByteArrayLiteral("\x89PNG\r\n\x1a\n") + QByteArray(300, 'p');

} // namespace

class TstAdminCliFilms final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    QTemporaryDir m_files;

    QString filmsTable() const
    {
        return m_rig.db().scalar(QStringLiteral(
            "SELECT count(*) || ' ' || md5(coalesce(string_agg(concat_ws(',', id, title, title_en, "
            "runtime_min, "
            "rating, format, language, subtitles, release_on, plays_until, md5(poster), poster_type), ';' "
            "ORDER BY id), '')) FROM movie"));
    }

private slots:
    void initTestCase()
    {
        m_rig.checkProgram();
        QVERIFY(m_files.isValid());
    }
    /// A fresh database per test; the bad-input rows, which each prove they change nothing, share one.
    void init() { m_rig.createUnlessShared("badInputExitsTwoAndChangesNothing"); }
    void cleanup() { m_rig.resetUnlessShared("badInputExitsTwoAndChangesNothing"); }

    void aManagerAddsAFilmThatTheListingShowsAndAShowtimePlays()
    {
        const QString poster = bo::test::writeFile(m_files, QStringLiteral("orbit.png"), png);
        QVERIFY(!poster.isEmpty());
        const CliRun run = m_rig.cliAsManager(
            {QStringLiteral("film-add"),   QStringLiteral("--title"),        QStringLiteral("서울의 궤도"),
             QStringLiteral("--title-en"), QStringLiteral("Orbit of Seoul"), QStringLiteral("--runtime"),
             QStringLiteral("124"),        QStringLiteral("--rating"),       QStringLiteral("12"),
             QStringLiteral("--format"),   QStringLiteral("imax"),           QStringLiteral("--language"),
             QStringLiteral("ko"),         QStringLiteral("--subtitles"),    QStringLiteral("en"),
             QStringLiteral("--release"),  QStringLiteral("2026-12-16"),     QStringLiteral("--until"),
             QStringLiteral("2027-01-31"), QStringLiteral("--poster"),       poster,
             QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonObject film = run.json().value(QLatin1String("film")).toObject();
        const int id = film.value(QLatin1String("id")).toInt();
        QVERIFY(id > 0);
        QCOMPARE(film.value(QLatin1String("format")).toString(), QStringLiteral("IMAX"));
        QCOMPARE(film.value(QLatin1String("rating_name")).toString(), QStringLiteral("12세이상관람가"));
        // The poster is kept byte for byte.
        QCOMPARE(
            m_rig.db().scalar(
                QStringLiteral("SELECT md5(poster) || ' ' || poster_type FROM movie WHERE id = %1").arg(id)),
            QString::fromLatin1(QCryptographicHash::hash(png, QCryptographicHash::Md5).toHex()) +
                QStringLiteral(" image/png"));

        // Listed for a terminal login, with the demo's films.
        const CliRun listed = m_rig.cli({QStringLiteral("films"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        QJsonObject found;
        for (const auto& v : listed.json().value(QLatin1String("films")).toArray()) {
            if (v.toObject().value(QLatin1String("id")).toInt() == id)
                found = v.toObject();
        }
        QCOMPARE(found.value(QLatin1String("title")).toString(), QStringLiteral("서울의 궤도"));
        QCOMPARE(found.value(QLatin1String("title_en")).toString(), QStringLiteral("Orbit of Seoul"));
        QCOMPARE(found.value(QLatin1String("runtime_min")).toInt(), 124);
        QCOMPARE(found.value(QLatin1String("subtitles")).toString(), QStringLiteral("en"));
        QCOMPARE(found.value(QLatin1String("release_on")).toString(), QStringLiteral("2026-12-16"));
        QCOMPARE(found.value(QLatin1String("plays_until")).toString(), QStringLiteral("2027-01-31"));
        QCOMPARE(found.value(QLatin1String("poster")).toObject().value(QLatin1String("bytes")).toInt(),
                 png.size());
        QVERIFY(listed.json().value(QLatin1String("films")).toArray().size() > 1);
        const CliRun text = m_rig.cli({QStringLiteral("films")});
        QVERIFY2(text.exitCode == 0 && text.out.contains(QStringLiteral("서울의 궤도 (Orbit of Seoul)")),
                 qPrintable(text.describe()));

        // A showtime plays it, its end from the runtime (10 minutes of trailers, 124 of film).
        const QDateTime start(QDate::currentDate().addDays(5), QTime(9, 0));
        const CliRun added = m_rig.cliAsManager(
            {QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
             QStringLiteral("--film"), QString::number(id), QStringLiteral("--prices"),
             QStringLiteral("Standard"), QStringLiteral("--start"),
             start.toString(QStringLiteral("yyyy-MM-ddTHH:mm")), QStringLiteral("--json")});
        QVERIFY2(added.exitCode == 0, qPrintable(added.describe()));
        QCOMPARE(added.json()
                     .value(QLatin1String("showtime"))
                     .toObject()
                     .value(QLatin1String("ends_at"))
                     .toString(),
                 start.addSecs(qint64(134) * 60).toUTC().toString(Qt::ISODateWithMs));
    }

    void theSameTitleAndFormatTwiceExitsThree()
    {
        const QStringList add = {QStringLiteral("film-add"),     QStringLiteral("--title"),
                                 QStringLiteral("Paper Tigers"), QStringLiteral("--runtime"),
                                 QStringLiteral("95"),           QStringLiteral("--rating"),
                                 QStringLiteral("ALL")};
        const QString before = filmsTable();
        const CliRun again = m_rig.cliAsManager(QStringList(add) << QStringLiteral("--json"));
        QVERIFY2(again.exitCode == 3, qPrintable(again.describe()));
        QVERIFY2(again.err.contains(QLatin1String("already")), qPrintable(again.describe()));
        QCOMPARE(filmsTable(), before);
        // In 3D it is another film.
        const CliRun in3d =
            m_rig.cliAsManager(QStringList(add) << QStringLiteral("--format") << QStringLiteral("3D"));
        QVERIFY2(in3d.exitCode == 0, qPrintable(in3d.describe()));
    }

    void badInputExitsTwoAndChangesNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no title") << words({"film-add", "--runtime", "90", "--rating", "ALL"});
        QTest::newRow("no runtime") << words({"film-add", "--title", "X", "--rating", "ALL"});
        QTest::newRow("no rating") << words({"film-add", "--title", "X", "--runtime", "90"});
        QTest::newRow("a blank title")
            << words({"film-add", "--title", " ", "--runtime", "90", "--rating", "ALL"});
        QTest::newRow("a runtime in words")
            << words({"film-add", "--title", "X", "--runtime", "long", "--rating", "ALL"});
        QTest::newRow("a runtime of 0")
            << words({"film-add", "--title", "X", "--runtime", "0", "--rating", "ALL"});
        QTest::newRow("an unknown rating")
            << words({"film-add", "--title", "X", "--runtime", "90", "--rating", "PG"});
        QTest::newRow("an unknown format")
            << words({"film-add", "--title", "X", "--runtime", "90", "--rating", "ALL", "--format", "VHS"});
        QTest::newRow("a language of three letters")
            << words({"film-add", "--title", "X", "--runtime", "90", "--rating", "ALL", "--language", "kor"});
        QTest::newRow("a release that is no day")
            << words({"film-add", "--title", "X", "--runtime", "90", "--rating", "ALL", "--release", "soon"});
        QTest::newRow("playing before the release")
            << words({"film-add", "--title", "X", "--runtime", "90", "--rating", "ALL", "--release",
                      "2027-01-02", "--until", "2027-01-01"});
        QTest::newRow("a poster that is missing") << words(
            {"film-add", "--title", "X", "--runtime", "90", "--rating", "ALL", "--poster", "$NOFILE"});
        QTest::newRow("a poster that is no image") << words(
            {"film-add", "--title", "X", "--runtime", "90", "--rating", "ALL", "--poster", "$TEXTFILE"});
        QTest::newRow("films with an argument") << words({"films", "all"});
    }

    void badInputExitsTwoAndChangesNothing()
    {
        QFETCH(QStringList, args);
        const QString text =
            bo::test::writeFile(m_files, QStringLiteral("notes.txt"), QByteArrayLiteral("not an image"));
        QVERIFY(!text.isEmpty());
        const QString before = filmsTable();
        const CliRun run = m_rig.cliAsManager(
            m_rig.expand(args, {{QStringLiteral("$NOFILE"), m_files.filePath(QStringLiteral("missing.png"))},
                                {QStringLiteral("$TEXTFILE"), text}})
            << QStringLiteral("--json"));
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.json().contains(QLatin1String("error")), qPrintable(run.describe()));
        QVERIFY2(!run.err.isEmpty(), qPrintable(run.describe()));
        QCOMPARE(filmsTable(), before);
    }

    void aManagerEditsAFilmAndOnlyTheOptionsGivenChange()
    {
        const QString poster = bo::test::writeFile(m_files, QStringLiteral("tigers.png"), png);
        const QString id =
            m_rig.db().scalar(QStringLiteral("SELECT id FROM movie WHERE title = 'Paper Tigers'"));
        const QString before = m_rig.db().scalar(
            QStringLiteral(
                "SELECT concat_ws(',', title, runtime_min, rating, format) FROM movie WHERE id = %1")
                .arg(id));
        const CliRun run = m_rig.cliAsManager({QStringLiteral("film-edit"), id, QStringLiteral("--title-en"),
                                               QStringLiteral("Paper Tigers (EN)"), QStringLiteral("--until"),
                                               QStringLiteral("2027-02-28"), QStringLiteral("--poster"),
                                               poster, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonObject film = run.json().value(QLatin1String("film")).toObject();
        QCOMPARE(film.value(QLatin1String("title_en")).toString(), QStringLiteral("Paper Tigers (EN)"));
        QCOMPARE(film.value(QLatin1String("poster")).toObject().value(QLatin1String("bytes")).toInt(),
                 png.size());
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT concat_ws(',', title, runtime_min, rating, format) "
                                                  "FROM movie WHERE id = %1")
                                       .arg(id)),
                 before);
        QCOMPARE(
            m_rig.db().scalar(
                QStringLiteral("SELECT plays_until || ' ' || poster_type FROM movie WHERE id = %1").arg(id)),
            QStringLiteral("2027-02-28 image/png"));

        // A later edit that names no poster keeps it; "none" takes it and the end day away.
        const CliRun rating = m_rig.cliAsManager(words({"film-edit"}) << id << words({"--rating", "12"}));
        QVERIFY2(rating.exitCode == 0, qPrintable(rating.describe()));
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT rating || ' ' || octet_length(poster) FROM movie WHERE id = %1")
                         .arg(id)),
                 QStringLiteral("12 %1").arg(png.size()));
        const CliRun cleared =
            m_rig.cliAsManager(words({"film-edit"}) << id << words({"--poster", "none", "--until", "none"}));
        QVERIFY2(cleared.exitCode == 0, qPrintable(cleared.describe()));
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM movie WHERE id = %1 AND poster IS NULL "
                                             "AND poster_type IS NULL AND plays_until IS NULL")
                                  .arg(id)),
            QStringLiteral("1"));
    }

    void editingAFilmBadlyExitsWithItsCodeAndChangesNothing()
    {
        const QString id =
            m_rig.db().scalar(QStringLiteral("SELECT id FROM movie WHERE title = 'Paper Tigers'"));
        const QString other =
            m_rig.db().scalar(QStringLiteral("SELECT title FROM movie WHERE id <> %1 AND format = "
                                             "(SELECT format FROM movie WHERE id = %1) ORDER BY id LIMIT 1")
                                  .arg(id));
        QVERIFY(!other.isEmpty());
        const QString before = filmsTable();
        const struct
        {
            QStringList args;
            int exitCode;
            const char* says;
        } cases[] = {
            {words({"film-edit"}), 2, "one film number"},
            {words({"film-edit", "x"}), 2, "one film number"},
            {words({"film-edit", "99999", "--runtime", "90"}), 2, "no film 99999"},
            {words({"film-edit"}) << id << words({"--runtime", "ninety"}), 2, "not a number of minutes"},
            {words({"film-edit"}) << id << words({"--rating", "19"}), 2, "19"},
            {words({"film-edit"}) << id << words({"--format", "3D"}), 2, "another film"},
            {words({"film-edit"}) << id << words({"--until", "someday"}), 2, "not a day"},
            {words({"film-edit"}) << id << QStringLiteral("--title") << other, 3, "already"},
        };
        for (const auto& c : cases) {
            const CliRun run = m_rig.cliAsManager(QStringList(c.args) << QStringLiteral("--json"));
            QVERIFY2(run.exitCode == c.exitCode && run.err.contains(QLatin1String(c.says)),
                     qPrintable(run.describe()));
            QCOMPARE(filmsTable(), before);
        }
        // A terminal login cannot edit a film.
        const CliRun denied = m_rig.cli(words({"film-edit"}) << id << words({"--runtime", "100"}));
        QVERIFY2(denied.exitCode == 1 && denied.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(denied.describe()));
        QCOMPARE(filmsTable(), before);
    }

    void aRetiredFilmGetsNoShowtimeKeepsItsOwnAndIsListedOnlyWithAll()
    {
        // The film of a showtime on sale.
        const QString showtime = m_rig.hall1();
        const QString id =
            m_rig.db().scalar(QStringLiteral("SELECT movie_id FROM showtime WHERE id = %1").arg(showtime));
        QVERIFY(!id.isEmpty());
        const QString showtimesOf =
            QStringLiteral("SELECT count(*) FROM showtime WHERE movie_id = %1").arg(id);
        const QString before = m_rig.db().scalar(showtimesOf);

        const CliRun retired = m_rig.cliAsManager(words({"film-retire"}) << id << QStringLiteral("--json"));
        QVERIFY2(retired.exitCode == 0, qPrintable(retired.describe()));
        const QString at = retired.json()
                               .value(QLatin1String("film"))
                               .toObject()
                               .value(QLatin1String("retired_at"))
                               .toString();
        QVERIFY2(!at.isEmpty(), qPrintable(retired.describe()));
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT retired_at IS NOT NULL FROM movie WHERE id = %1").arg(id)),
                 QStringLiteral("true"));
        // Retired twice: the first day stays.
        const CliRun again = m_rig.cliAsManager(words({"film-retire"}) << id << QStringLiteral("--json"));
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(again.json()
                     .value(QLatin1String("film"))
                     .toObject()
                     .value(QLatin1String("retired_at"))
                     .toString(),
                 at);

        // No new showtime, alone or in a pattern: exit 3, the film named retired, nothing added.
        const QDate day(2031, 3, 3);
        const QStringList add = words({"showtime-add", "--hall", "Hall 2", "--prices", "Standard", "--film"})
                                << id << QStringLiteral("--start")
                                << day.toString(Qt::ISODate) + QStringLiteral("T09:00");
        const QStringList pattern =
            words({"showtime-pattern", "--hall", "Hall 2", "--prices", "Standard", "--times", "09:00"})
            << QStringLiteral("--film") << id << QStringLiteral("--from") << day.toString(Qt::ISODate)
            << QStringLiteral("--to") << day.addDays(2).toString(Qt::ISODate);
        for (const QStringList& args : {add, pattern}) {
            const CliRun refused = m_rig.cliAsManager(QStringList(args) << QStringLiteral("--json"));
            QVERIFY2(refused.exitCode == 3 && refused.err.contains(QLatin1String("retired")),
                     qPrintable(refused.describe()));
            QCOMPARE(m_rig.db().scalar(showtimesOf), before);
        }

        // Seeding the demo again skips it rather than failing (its slots freed first, a week on).
        QVERIFY(m_rig.db().run(
            QStringLiteral(
                "UPDATE showtime SET starts_at = starts_at + interval '7 days' WHERE movie_id = %1")
                .arg(id)));
        const CliRun seeded = m_rig.cliAsOwner(words({"seed-demo", "--json"}));
        QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.describe()));
        QCOMPARE(m_rig.db().scalar(showtimesOf), before);

        // Its showtime keeps selling.
        const CliRun held = m_rig.cli({QStringLiteral("hold"), showtime, QStringLiteral("A1"),
                                       QStringLiteral("--owner"), bo::test::newUuid()});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));

        // Listed only with --all.
        const auto listed = [this, &id](const QStringList& args) {
            const CliRun run = m_rig.cli(QStringList(args) << QStringLiteral("--json"));
            for (const auto& v : run.json().value(QLatin1String("films")).toArray()) {
                if (v.toObject().value(QLatin1String("id")).toInt() == id.toInt())
                    return v.toObject();
            }
            return QJsonObject();
        };
        QVERIFY(listed(words({"films"})).isEmpty());
        QCOMPARE(listed(words({"films", "--all"})).value(QLatin1String("retired_at")).toString(), at);
        const CliRun text = m_rig.cli(words({"films"}));
        QVERIFY2(text.exitCode == 0 && text.out.contains(QLatin1String("films --all")),
                 qPrintable(text.describe()));

        // Given back: it gets showtimes again.
        const CliRun undone = m_rig.cliAsManager(words({"film-retire"}) << id << QStringLiteral("--undo")
                                                                        << QStringLiteral("--json"));
        QVERIFY2(undone.exitCode == 0, qPrintable(undone.describe()));
        QVERIFY(undone.json()
                    .value(QLatin1String("film"))
                    .toObject()
                    .value(QLatin1String("retired_at"))
                    .isNull());
        QVERIFY(!listed(words({"films"})).isEmpty());
        const CliRun added = m_rig.cliAsManager(add);
        QVERIFY2(added.exitCode == 0, qPrintable(added.describe()));
        QCOMPARE(m_rig.db().scalar(showtimesOf).toInt(), before.toInt() + 1);
    }

    void retiringBadlyExitsWithItsCodeAndChangesNothing()
    {
        const QString id =
            m_rig.db().scalar(QStringLiteral("SELECT id FROM movie WHERE title = 'Paper Tigers'"));
        const QString before =
            filmsTable() +
            m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM movie WHERE retired_at IS NOT NULL"));
        const struct
        {
            QStringList args;
            int exitCode;
            const char* says;
        } cases[] = {
            {words({"film-retire"}), 2, "one film number"},
            {words({"film-retire", "x"}), 2, "one film number"},
            {words({"film-retire"}) << id << id, 2, "one film number"},
            {words({"film-retire", "99999"}), 2, "no film 99999"},
            {words({"film-retire", "99999", "--undo"}), 2, "no film 99999"},
        };
        for (const auto& c : cases) {
            const CliRun run = m_rig.cliAsManager(QStringList(c.args) << QStringLiteral("--json"));
            QVERIFY2(run.exitCode == c.exitCode && run.err.contains(QLatin1String(c.says)),
                     qPrintable(run.describe()));
            QVERIFY2(run.json().contains(QLatin1String("error")), qPrintable(run.describe()));
        }
        // A terminal login cannot retire a film.
        const CliRun denied = m_rig.cli(words({"film-retire"}) << id);
        QVERIFY2(denied.exitCode == 1 && denied.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(denied.describe()));
        QCOMPARE(filmsTable() + m_rig.db().scalar(QStringLiteral(
                                    "SELECT count(*) FROM movie WHERE retired_at IS NOT NULL")),
                 before);
    }

    void aTerminalLoginCannotAddAFilm()
    {
        const QString before = filmsTable();
        const CliRun run =
            m_rig.cli(words({"film-add", "--title", "X", "--runtime", "90", "--rating", "ALL"}));
        QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
        QVERIFY2(run.err.contains(QLatin1String("needs a manager login")), qPrintable(run.describe()));
        QCOMPARE(filmsTable(), before);
    }
};

QTEST_GUILESS_MAIN(TstAdminCliFilms)
#include "tst_adminclifilms.moc"
