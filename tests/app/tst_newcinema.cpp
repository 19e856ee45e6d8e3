// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The cinema's catalogue end to end, by CLI: a manager sets up a new cinema from an empty database
// — a hall from its file, a film, a price list from its card, a week of showtimes with an on-sale
// window and a hall-wide blocked seat — and a till then sells from it. Everything through the real
// boxoffice-admin, the manager's writes with the manager login and the sale with the terminal's.
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

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
using bo::test::TestDatabase;

class TstNewCinema final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};

private slots:
    void initTestCase() { m_rig.checkProgram(); }

    void aManagerSetsUpACinemaFromNothingAndATillSellsFromIt()
    {
        TestDatabase db; // migrated, with its own terminal and manager logins, and nothing else
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const QString manager = db.managerSettings().toConninfo();
        const QString terminal = db.settings().toConninfo();
        const auto run = [&](const QString& conninfo, QStringList args, const QByteArray& input = {}) {
            args << QStringLiteral("--json");
            return m_rig.cli(args, conninfo, input);
        };

        CliRun step = run(terminal, {QStringLiteral("halls")});
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        QVERIFY(step.json().value(QLatin1String("halls")).toArray().isEmpty());

        step = run(manager, {QStringLiteral("hall-import"),
                             QStringLiteral(BOXOFFICE_SOURCE_DIR "/resources/halls/studio.json"),
                             QStringLiteral("--name"), QStringLiteral("Studio 1")});
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        step = run(manager, {QStringLiteral("film-add"), QStringLiteral("--title"), QStringLiteral("첫 상영"),
                             QStringLiteral("--title-en"), QStringLiteral("Opening Night"),
                             QStringLiteral("--runtime"), QStringLiteral("100"), QStringLiteral("--rating"),
                             QStringLiteral("12"), QStringLiteral("--format"), QStringLiteral("2D"),
                             QStringLiteral("--language"), QStringLiteral("ko")});
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        step = run(manager, {QStringLiteral("price-set"),
                             QStringLiteral(BOXOFFICE_SOURCE_DIR "/resources/prices/standard.json")});
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));

        // A week of three showtimes a day, on sale from now until an hour before each start.
        const QDate from = QDate::currentDate().addDays(1);
        step =
            run(manager,
                {QStringLiteral("showtime-pattern"), QStringLiteral("--hall"), QStringLiteral("Studio 1"),
                 QStringLiteral("--film"), QStringLiteral("첫 상영"), QStringLiteral("--prices"),
                 QStringLiteral("Standard"), QStringLiteral("--from"), from.toString(Qt::ISODate),
                 QStringLiteral("--to"), from.addDays(6).toString(Qt::ISODate), QStringLiteral("--times"),
                 QStringLiteral("10:00,13:20,16:40"), QStringLiteral("--sale-opens"), QStringLiteral("now")});
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        const QJsonArray week = step.json().value(QLatin1String("showtimes")).toArray();
        QCOMPARE(week.size(), 21);
        const QString first = QString::number(week.first().toObject().value(QLatin1String("id")).toInt());
        QVERIFY(!week.first().toObject().value(QLatin1String("sale_opens_at")).toString().isEmpty());

        // A broken seat, kept out of every showtime of the hall.
        step = run(manager, {QStringLiteral("hall-block"), QStringLiteral("Studio 1"), QStringLiteral("C1"),
                             QStringLiteral("--reason"), QStringLiteral("Broken seat")});
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        QCOMPARE(step.json().value(QLatin1String("showtimes")).toArray().size(), 21);

        // The till sells a standard seat of the first showtime, priced from the card.
        const QString seat = db.scalar(QStringLiteral(
            "SELECT s.label FROM seat s JOIN auditorium a ON a.layout_id = s.layout_id WHERE a.name = "
            "'Studio 1' "
            "AND s.kind = 'standard' AND s.label <> 'C1' ORDER BY s.row_label, s.number LIMIT 1"));
        QVERIFY(!seat.isEmpty());
        const CliRun refused = run(terminal, {QStringLiteral("hold"), first, QStringLiteral("C1")});
        QVERIFY2(refused.exitCode != 0, qPrintable(refused.describe()));
        // The till opens for cash as at any counter: the manager adds its cashier, who signs in
        // there by PIN and opens the shift.
        step = run(manager,
                   {QStringLiteral("staff-add"), QStringLiteral("Mina Park"), QStringLiteral("--role"),
                    QStringLiteral("cashier")},
                   "482913\n");
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        const QString cashier = QString::number(step.json().value(QLatin1String("number")).toInt());
        step = run(terminal, {QStringLiteral("sign-in"), QStringLiteral("--staff"), cashier}, "482913\n");
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        step = run(terminal, {QStringLiteral("shift-open"), QStringLiteral("--float"), QStringLiteral("0")});
        QVERIFY2(step.exitCode == 0, qPrintable(step.describe()));
        const CliRun sold = run(terminal, {QStringLiteral("sell"), first, seat + QStringLiteral(":adult"),
                                           QStringLiteral("--pay"), QStringLiteral("cash"),
                                           QStringLiteral("--tendered"), QStringLiteral("50000")});
        QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
        const qint64 total = sold.json().value(QLatin1String("total_minor")).toInteger();
        QVERIFY(total > 0);
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT sum(bs.price_minor) FROM booking b JOIN booking_seat bs ON "
                               "bs.booking_id = b.id WHERE b.showtime_id = %1 AND b.status = 'CONFIRMED'")
                               .arg(first))
                     .toLongLong(),
                 total);
        QCOMPARE(db.scalar(
                     QStringLiteral("SELECT ss.status FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
                                    "WHERE ss.showtime_id = %1 AND s.label = '%2'")
                         .arg(first, seat)),
                 QStringLiteral("RESERVED"));
    }
};

QTEST_GUILESS_MAIN(TstNewCinema)
#include "tst_newcinema.moc"
