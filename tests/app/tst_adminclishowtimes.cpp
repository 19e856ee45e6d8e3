// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh demo database per test:
// showtime-add and showtime-cancel. A manager adds a showtime that the
// listing shows; an overlap exits 3 naming the showtime in the way; bad input exits 2 and
// changes nothing; a terminal login is refused; a showtime with sales is not cancelled; a
// showtime's on-sale window (showtime-sale, migration 0030) keeps the tills from selling early.
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "tests/support/adminclirig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;

namespace {

/// A local start time as the CLI takes it, `days` from today.
QString localStart(int days, const QTime& time)
{
    return QDateTime(QDate::currentDate().addDays(days), time).toString(QStringLiteral("yyyy-MM-ddTHH:mm"));
}

QString utcIso(int days, const QTime& time)
{
    return QDateTime(QDate::currentDate().addDays(days), time).toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

class TstAdminCliShowtimes final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};

    CliRun asManager(const QStringList& arguments) const
    {
        return m_rig.cli(arguments, m_rig.db().managerSettings().toConninfo());
    }

    /// Everything of the showtimes a write could change, as one comparable line.
    QString schedule() const
    {
        return m_rig.db().scalar(QStringLiteral(
            "SELECT count(*) || ' ' || md5(coalesce(string_agg(concat_ws(',', id, auditorium_id, movie_id, "
            "price_list_id, starts_at, ends_at, clean_until, status, sale_opens_at, sale_closes_at), ';' "
            "ORDER BY id), "
            "'')) FROM showtime"));
    }

private slots:
    void initTestCase() { m_rig.checkProgram(); }
    /// A fresh database per test; the bad-input rows, which each prove they change nothing, share one.
    void init() { m_rig.createUnlessShared("badInputChangesNothing"); }
    void cleanup() { m_rig.resetUnlessShared("badInputChangesNothing"); }

    void aManagerAddsAShowtimeTheListingShows()
    {
        const CliRun run =
            asManager({QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
                       QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
                       QStringLiteral("Standard"), QStringLiteral("--start"), localStart(3, QTime(10, 0)),
                       QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonObject s = run.json().value(QLatin1String("showtime")).toObject();
        QVERIFY(s.value(QLatin1String("id")).toInt() > 0);
        QCOMPARE(s.value(QLatin1String("hall")).toString(), QStringLiteral("Hall 2"));
        QCOMPARE(s.value(QLatin1String("film")).toString(), QStringLiteral("Paper Tigers"));
        QCOMPARE(s.value(QLatin1String("starts_at")).toString(), utcIso(3, QTime(10, 0)));
        // 10 minutes of trailers, 95 of film, 15 of cleaning.
        QCOMPARE(s.value(QLatin1String("ends_at")).toString(), utcIso(3, QTime(11, 45)));
        QCOMPARE(s.value(QLatin1String("clean_until")).toString(), utcIso(3, QTime(12, 0)));

        const CliRun listed =
            m_rig.cli({QStringLiteral("showtimes"), QStringLiteral("--date"),
                       QDate::currentDate().addDays(3).toString(Qt::ISODate), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        const QJsonArray list = listed.json().value(QLatin1String("showtimes")).toArray();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().toObject().value(QLatin1String("id")).toInt(),
                 s.value(QLatin1String("id")).toInt());

        // Back to back: the next may start when the hall is clean, not a minute earlier.
        const QStringList next = {QStringLiteral("showtime-add"), QStringLiteral("--hall"),
                                  QStringLiteral("Hall 2"),       QStringLiteral("--film"),
                                  QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
                                  QStringLiteral("Standard"),     QStringLiteral("--start")};
        QCOMPARE(asManager(QStringList(next) << localStart(3, QTime(11, 59))).exitCode, 3);
        QCOMPARE(asManager(QStringList(next) << localStart(3, QTime(12, 0))).exitCode, 0);
    }

    void anOverlapExitsThreeNamingTheShowtimeInTheWay()
    {
        // The demo's Hall 1 plays at 10:00 tomorrow.
        const QString seeded = m_rig.db().scalar(
            QStringLiteral("SELECT st.id FROM showtime st JOIN auditorium a ON a.id = st.auditorium_id "
                           "WHERE a.name = 'Hall 1' AND st.starts_at = '%1'")
                .arg(utcIso(1, QTime(10, 0))));
        QVERIFY(seeded.toInt() > 0);
        const QString before = schedule();
        const CliRun run =
            asManager({QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 1"),
                       QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
                       QStringLiteral("Standard"), QStringLiteral("--start"), localStart(1, QTime(11, 0)),
                       QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 3, qPrintable(run.describe()));
        const QJsonArray overlaps = run.json().value(QLatin1String("overlaps")).toArray();
        QCOMPARE(overlaps.size(), 1);
        QCOMPARE(overlaps.first().toObject().value(QLatin1String("id")).toInt(), seeded.toInt());
        QCOMPARE(run.json().value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
                 QStringLiteral("conflict"));
        QVERIFY2(run.err.contains(QStringLiteral("showtime %1").arg(seeded)), qPrintable(run.describe()));
        QCOMPARE(schedule(), before);
    }

    void aPatternAddsAWeekOrNothing()
    {
        // Monday to Sunday of the week after next, weekdays only, twice a day.
        const QDate today = QDate::currentDate();
        const QDate monday = today.addDays(14 - today.dayOfWeek() + 1);
        const QStringList pattern = {QStringLiteral("showtime-pattern"),
                                     QStringLiteral("--hall"),
                                     QStringLiteral("Hall 2"),
                                     QStringLiteral("--film"),
                                     QStringLiteral("Paper Tigers"),
                                     QStringLiteral("--prices"),
                                     QStringLiteral("Standard"),
                                     QStringLiteral("--from"),
                                     monday.toString(Qt::ISODate),
                                     QStringLiteral("--to"),
                                     monday.addDays(6).toString(Qt::ISODate),
                                     QStringLiteral("--times"),
                                     QStringLiteral("10:00,13:00"),
                                     QStringLiteral("--days"),
                                     QStringLiteral("mon-fri"),
                                     QStringLiteral("--json")};
        const CliRun run = asManager(pattern);
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonArray added = run.json().value(QLatin1String("showtimes")).toArray();
        QCOMPARE(added.size(), 10);
        QCOMPARE(added.first().toObject().value(QLatin1String("starts_at")).toString(),
                 QDateTime(monday, QTime(10, 0)).toUTC().toString(Qt::ISODateWithMs));

        // The same week again: every start is in the way of one just made; nothing is added.
        const QString before = schedule();
        const CliRun again = asManager(pattern);
        QVERIFY2(again.exitCode == 3, qPrintable(again.describe()));
        const QJsonArray conflicts = again.json().value(QLatin1String("conflicts")).toArray();
        QCOMPARE(conflicts.size(), 10);
        QCOMPARE(conflicts.first()
                     .toObject()
                     .value(QLatin1String("showtime"))
                     .toObject()
                     .value(QLatin1String("id")),
                 added.first().toObject().value(QLatin1String("id")));
        QCOMPARE(schedule(), before);
    }

    void badInputChangesNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString start = localStart(3, QTime(10, 0));
        const QStringList add = {QStringLiteral("showtime-add"), QStringLiteral("--hall"),
                                 QStringLiteral("Hall 2"), QStringLiteral("--film"),
                                 QStringLiteral("Paper Tigers")};
        const QStringList prices = {QStringLiteral("--prices"), QStringLiteral("Standard")};
        QTest::newRow("no start") << (QStringList(add) << prices);
        QTest::newRow("no hall") << QStringList{QStringLiteral("showtime-add"), QStringLiteral("--film"),
                                                QStringLiteral("Paper Tigers"), QStringLiteral("--start"),
                                                start};
        QTest::newRow("no film") << QStringList{QStringLiteral("showtime-add"), QStringLiteral("--hall"),
                                                QStringLiteral("Hall 2"), QStringLiteral("--start"), start};
        QTest::newRow("a word for a start")
            << (QStringList(add) << prices << QStringLiteral("--start") << QStringLiteral("tomorrow"));
        QTest::newRow("a day without a time")
            << (QStringList(add) << prices << QStringLiteral("--start")
                                 << QDate::currentDate().addDays(3).toString(Qt::ISODate));
        QTest::newRow("no such hour") << (QStringList(add) << prices << QStringLiteral("--start")
                                                           << QStringLiteral("2031-01-06T25:00"));
        QTest::newRow("trailers too long")
            << (QStringList(add) << prices << QStringLiteral("--start") << start
                                 << QStringLiteral("--trailers") << QStringLiteral("61"));
        QTest::newRow("trailers not a number")
            << (QStringList(add) << prices << QStringLiteral("--start") << start
                                 << QStringLiteral("--trailers") << QStringLiteral("x"));
        QTest::newRow("unknown hall") << QStringList{
            QStringLiteral("showtime-add"), QStringLiteral("--hall"),       QStringLiteral("Hall 9"),
            QStringLiteral("--film"),       QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
            QStringLiteral("Standard"),     QStringLiteral("--start"),      start};
        QTest::newRow("unknown film") << QStringList{
            QStringLiteral("showtime-add"), QStringLiteral("--hall"),      QStringLiteral("Hall 2"),
            QStringLiteral("--film"),       QStringLiteral("Paper Lions"), QStringLiteral("--prices"),
            QStringLiteral("Standard"),     QStringLiteral("--start"),     start};
        QTest::newRow("unknown price list")
            << (QStringList(add) << QStringLiteral("--prices") << QStringLiteral("Gold")
                                 << QStringLiteral("--start") << start);
        QTest::newRow("no price list where there are two")
            << (QStringList(add) << QStringLiteral("--start") << start);
        QTest::newRow("a stray argument")
            << (QStringList(add) << prices << QStringLiteral("--start") << start << QStringLiteral("now"));
        const QStringList pattern = {QStringLiteral("showtime-pattern"), QStringLiteral("--hall"),
                                     QStringLiteral("Hall 2"),           QStringLiteral("--film"),
                                     QStringLiteral("Paper Tigers"),     QStringLiteral("--prices"),
                                     QStringLiteral("Standard")};
        const QString from = QDate::currentDate().addDays(20).toString(Qt::ISODate);
        const QString to = QDate::currentDate().addDays(26).toString(Qt::ISODate);
        QTest::newRow("pattern without days")
            << (QStringList(pattern) << QStringLiteral("--times") << QStringLiteral("10:00"));
        QTest::newRow("pattern without times")
            << (QStringList(pattern) << QStringLiteral("--from") << from << QStringLiteral("--to") << to);
        QTest::newRow("pattern with a bad time")
            << (QStringList(pattern) << QStringLiteral("--from") << from << QStringLiteral("--to") << to
                                     << QStringLiteral("--times") << QStringLiteral("10:00,noon"));
        QTest::newRow("pattern with a bad day")
            << (QStringList(pattern) << QStringLiteral("--from") << from << QStringLiteral("--to") << to
                                     << QStringLiteral("--times") << QStringLiteral("10:00")
                                     << QStringLiteral("--days") << QStringLiteral("someday"));
        QTest::newRow("pattern backwards")
            << (QStringList(pattern) << QStringLiteral("--from") << to << QStringLiteral("--to") << from
                                     << QStringLiteral("--times") << QStringLiteral("10:00"));
        QTest::newRow("pattern in an unknown hall") << QStringList{QStringLiteral("showtime-pattern"),
                                                                   QStringLiteral("--hall"),
                                                                   QStringLiteral("Hall 9"),
                                                                   QStringLiteral("--film"),
                                                                   QStringLiteral("Paper Tigers"),
                                                                   QStringLiteral("--prices"),
                                                                   QStringLiteral("Standard"),
                                                                   QStringLiteral("--from"),
                                                                   from,
                                                                   QStringLiteral("--to"),
                                                                   to,
                                                                   QStringLiteral("--times"),
                                                                   QStringLiteral("10:00")};
        QTest::newRow("cancel without a showtime") << QStringList{QStringLiteral("showtime-cancel")};
        QTest::newRow("cancel of a word")
            << QStringList{QStringLiteral("showtime-cancel"), QStringLiteral("abc")};
        QTest::newRow("cancel of zero")
            << QStringList{QStringLiteral("showtime-cancel"), QStringLiteral("0")};
        QTest::newRow("cancel of an unknown showtime")
            << QStringList{QStringLiteral("showtime-cancel"), QStringLiteral("999999")};
        QTest::newRow("cancel of two")
            << QStringList{QStringLiteral("showtime-cancel"), QStringLiteral("1"), QStringLiteral("2")};
        QTest::newRow("add with a word for the opening")
            << (QStringList(add) << prices << QStringLiteral("--start") << start
                                 << QStringLiteral("--sale-opens") << QStringLiteral("soon"));
        QTest::newRow("add opening after its close")
            << (QStringList(add) << prices << QStringLiteral("--start") << start
                                 << QStringLiteral("--sale-opens") << localStart(2, QTime(12, 0))
                                 << QStringLiteral("--sale-closes") << localStart(2, QTime(11, 0)));
        QTest::newRow("add closing after the film")
            << (QStringList(add) << prices << QStringLiteral("--start") << start
                                 << QStringLiteral("--sale-closes") << localStart(3, QTime(13, 0)));
        QTest::newRow("sale without a showtime") << QStringList{
            QStringLiteral("showtime-sale"), QStringLiteral("--sale-opens"), QStringLiteral("now")};
        QTest::newRow("sale without a time")
            << QStringList{QStringLiteral("showtime-sale"), QStringLiteral("1")};
        QTest::newRow("sale of a word") << QStringList{QStringLiteral("showtime-sale"), QStringLiteral("abc"),
                                                       QStringLiteral("--sale-opens"), QStringLiteral("now")};
        QTest::newRow("sale closing 'now'")
            << QStringList{QStringLiteral("showtime-sale"), QStringLiteral("1"),
                           QStringLiteral("--sale-closes"), QStringLiteral("now")};
        QTest::newRow("sale of an unknown showtime")
            << QStringList{QStringLiteral("showtime-sale"), QStringLiteral("1"), QStringLiteral("999999"),
                           QStringLiteral("--sale-opens"), QStringLiteral("none")};
        QTest::newRow("sale opening after the showtime")
            << QStringList{QStringLiteral("showtime-sale"), QStringLiteral("1"),
                           QStringLiteral("--sale-opens"), QStringLiteral("2040-01-01T10:00")};
    }

    void badInputChangesNothing()
    {
        QFETCH(QStringList, args);
        const QString before = schedule();
        const CliRun run = asManager(QStringList(args) << QStringLiteral("--json"));
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.json().contains(QLatin1String("error")), qPrintable(run.describe()));
        QCOMPARE(schedule(), before);
    }

    void aTerminalLoginIsRefused()
    {
        const QString before = schedule();
        const CliRun added =
            m_rig.cli({QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
                       QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
                       QStringLiteral("Standard"), QStringLiteral("--start"), localStart(3, QTime(10, 0))});
        QVERIFY2(added.exitCode == 1, qPrintable(added.describe()));
        QVERIFY2(added.err.contains(QLatin1String("needs a manager login")), qPrintable(added.describe()));
        const CliRun pattern =
            m_rig.cli({QStringLiteral("showtime-pattern"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
                       QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
                       QStringLiteral("Standard"), QStringLiteral("--from"),
                       QDate::currentDate().addDays(20).toString(Qt::ISODate), QStringLiteral("--to"),
                       QDate::currentDate().addDays(21).toString(Qt::ISODate), QStringLiteral("--times"),
                       QStringLiteral("10:00")});
        QVERIFY2(pattern.exitCode == 1, qPrintable(pattern.describe()));
        QVERIFY2(pattern.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(pattern.describe()));
        const CliRun cancelled = m_rig.cli({QStringLiteral("showtime-cancel"), m_rig.premium()});
        QVERIFY2(cancelled.exitCode == 1, qPrintable(cancelled.describe()));
        QVERIFY2(cancelled.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(cancelled.describe()));
        QCOMPARE(schedule(), before);
    }

    void aShowtimeSellsFromItsOpening()
    {
        // Added with an opening the day before: listed with it, and a till cannot hold a seat yet.
        const CliRun added = asManager(
            {QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
             QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
             QStringLiteral("Standard"), QStringLiteral("--start"), localStart(3, QTime(10, 0)),
             QStringLiteral("--sale-opens"), localStart(2, QTime(10, 0)), QStringLiteral("--json")});
        QVERIFY2(added.exitCode == 0, qPrintable(added.describe()));
        const QJsonObject s = added.json().value(QLatin1String("showtime")).toObject();
        QCOMPARE(s.value(QLatin1String("sale_opens_at")).toString(), utcIso(2, QTime(10, 0)));
        QVERIFY(s.value(QLatin1String("sale_closes_at")).isNull());
        const QString id = QString::number(s.value(QLatin1String("id")).toInt());
        const CliRun early = m_rig.cli({QStringLiteral("hold"), id, QStringLiteral("A1")});
        QVERIFY2(early.exitCode != 0 && early.err.contains(QLatin1String("goes on sale at")),
                 qPrintable(early.describe()));

        // Opened now, and closing an hour before the start: a till holds a seat.
        const CliRun opened = asManager({QStringLiteral("showtime-sale"), id, QStringLiteral("--sale-opens"),
                                         QStringLiteral("now"), QStringLiteral("--sale-closes"),
                                         localStart(3, QTime(9, 0)), QStringLiteral("--json")});
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        const QJsonObject w = opened.json().value(QLatin1String("showtimes")).toArray().first().toObject();
        QCOMPARE(w.value(QLatin1String("sale_closes_at")).toString(), utcIso(3, QTime(9, 0)));
        QVERIFY(!w.value(QLatin1String("sale_opens_at")).toString().isEmpty());
        const CliRun held = m_rig.cli({QStringLiteral("hold"), id, QStringLiteral("A1")});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));

        // Only the close changed next: the opening is kept.
        const CliRun cleared = asManager(
            {QStringLiteral("showtime-sale"), id, QStringLiteral("--sale-closes"), QStringLiteral("none")});
        QVERIFY2(cleared.exitCode == 0, qPrintable(cleared.describe()));
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT (sale_opens_at IS NOT NULL) || ' ' || "
                                                  "(sale_closes_at IS NULL) FROM showtime WHERE id = %1")
                                       .arg(id)),
                 QStringLiteral("true true"));

        // A terminal login may not set a window.
        const CliRun refused = m_rig.cli(
            {QStringLiteral("showtime-sale"), id, QStringLiteral("--sale-opens"), QStringLiteral("none")});
        QVERIFY2(refused.exitCode == 1 && refused.err.contains(QLatin1String("needs a manager login")),
                 qPrintable(refused.describe()));
    }

    void aShowtimeWithSalesIsNotCancelled()
    {
        const CliRun held = m_rig.cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("A1"),
                                       QStringLiteral("--owner"), bo::test::newUuid()});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        const CliRun refused =
            asManager({QStringLiteral("showtime-cancel"), m_rig.hall1(), QStringLiteral("--json")});
        QVERIFY2(refused.exitCode == 3, qPrintable(refused.describe()));
        QVERIFY2(refused.err.contains(QLatin1String("refund its bookings first")),
                 qPrintable(refused.describe()));
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT status FROM showtime WHERE id = %1").arg(m_rig.hall1())),
            QStringLiteral("ON_SALE"));

        // One that sold nothing is cancelled once; a second cancel says so.
        const CliRun done =
            asManager({QStringLiteral("showtime-cancel"), m_rig.premium(), QStringLiteral("--json")});
        QVERIFY2(done.exitCode == 0, qPrintable(done.describe()));
        QCOMPARE(done.json().value(QLatin1String("cancelled")).toBool(), true);
        QCOMPARE(done.json().value(QLatin1String("already")).toBool(), false);
        const CliRun again =
            asManager({QStringLiteral("showtime-cancel"), m_rig.premium(), QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(again.json().value(QLatin1String("already")).toBool(), true);
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT status FROM showtime WHERE id = %1").arg(m_rig.premium())),
                 QStringLiteral("CANCELLED"));
    }
};

QTEST_GUILESS_MAIN(TstAdminCliShowtimes)
#include "tst_adminclishowtimes.moc"
