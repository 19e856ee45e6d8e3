// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh database per test: the sale
// commands hold, release and confirm; the other commands are in tst_admincli.cpp.
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

#include "tests/support/adminclirig.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::newUuid;

namespace {

/// The seat objects of `seats SHOWTIME --json` by label.
QHash<QString, QJsonObject> seatsByLabel(const QJsonObject& json)
{
    QHash<QString, QJsonObject> out;
    const QJsonArray seats = json.value(QStringLiteral("seats")).toArray();
    for (const auto& v : seats)
        out.insert(v.toObject().value(QStringLiteral("label")).toString(), v.toObject());
    return out;
}

} // namespace

class TstAdminCliSales final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};

private slots:
    void initTestCase() { m_rig.checkProgram(); }

    /// A fresh migrated database per test, seeded with the demo cinema through the CLI itself.
    void init() { m_rig.create(); }

    void cleanup() { m_rig.reset(); }

    void holdConfirmAndReplay()
    {
        const CliRun opened = m_rig.openTill();
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        const QString owner = newUuid();
        const QString key = newUuid();
        const CliRun held = m_rig.cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("K5"),
                                       QStringLiteral("k6"), QStringLiteral("--owner"), owner});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        QVERIFY2(held.out.contains(QLatin1String("K5 K6")) && held.out.contains(owner),
                 qPrintable(held.describe()));

        const CliRun seats = m_rig.cli({QStringLiteral("seats"), m_rig.hall1(), QStringLiteral("--json")});
        QVERIFY2(seats.exitCode == 0, qPrintable(seats.describe()));
        auto byLabel = seatsByLabel(seats.json());
        QCOMPARE(byLabel.size(), 350);
        QCOMPARE(byLabel.value(QStringLiteral("K5")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("HELD"));
        QCOMPARE(byLabel.value(QStringLiteral("K6")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("HELD"));
        QVERIFY(byLabel.value(QStringLiteral("K5")).contains(QStringLiteral("held_until")));
        QCOMPARE(byLabel.value(QStringLiteral("K7")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("FREE"));

        const QStringList confirmArgs{
            QStringLiteral("confirm"), m_rig.hall1(), QStringLiteral("--owner"), owner,
            QStringLiteral("--key"),   key,           QStringLiteral("--pay"),   QStringLiteral("cash"),
            QStringLiteral("--json")};
        const CliRun first = m_rig.cli(confirmArgs);
        QVERIFY2(first.exitCode == 0, qPrintable(first.describe()));
        const QJsonObject booking = first.json();
        QCOMPARE(booking.value(QStringLiteral("status")).toString(), QStringLiteral("CONFIRMED"));
        QCOMPARE(booking.value(QStringLiteral("replayed")).toBool(true), false);
        const QString code = booking.value(QStringLiteral("code")).toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^[A-Z0-9]{4}-[A-Z0-9]{4}$")).match(code).hasMatch(),
                 qPrintable(first.describe()));

        const CliRun replay = m_rig.cli(confirmArgs);
        QVERIFY2(replay.exitCode == 0, qPrintable(replay.describe()));
        QCOMPARE(replay.json().value(QStringLiteral("replayed")).toBool(false), true);
        QCOMPARE(replay.json().value(QStringLiteral("code")).toString(), code);
        QCOMPARE(replay.json().value(QStringLiteral("status")).toString(), QStringLiteral("CONFIRMED"));

        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("1"));
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM booking_seat WHERE active")),
                 QStringLiteral("2"));
        const CliRun after = m_rig.cli({QStringLiteral("seats"), m_rig.hall1(), QStringLiteral("--json")});
        QVERIFY2(after.exitCode == 0, qPrintable(after.describe()));
        byLabel = seatsByLabel(after.json());
        QCOMPARE(byLabel.value(QStringLiteral("K5")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("RESERVED"));
        QCOMPARE(byLabel.value(QStringLiteral("K6")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("RESERVED"));

        // The text form says the same.
        const CliRun text = m_rig.cli(confirmArgs.mid(0, confirmArgs.size() - 1));
        QVERIFY2(text.exitCode == 0, qPrintable(text.describe()));
        QVERIFY2(text.out.contains(code), qPrintable(text.describe()));
    }

    /// A sale that costs something is booked only on its payment: a confirm without --pay is
    /// refused by the database, says why, and changes nothing; with --pay cash it books.
    void confirmWithoutPaymentBooksNothing()
    {
        const QString owner = newUuid();
        const CliRun held = m_rig.cli(
            {QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("C7"), QStringLiteral("--owner"), owner});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        const QString before = m_rig.snapshot();
        const CliRun unpaid =
            m_rig.cli({QStringLiteral("confirm"), m_rig.hall1(), QStringLiteral("--owner"), owner,
                       QStringLiteral("--key"), newUuid(), QStringLiteral("--json")});
        QVERIFY2(unpaid.exitCode == 2, qPrintable(unpaid.describe()));
        QVERIFY2(unpaid.out.contains(QLatin1String("\"refusal\":\"pay-first\"")),
                 qPrintable(unpaid.describe()));
        QCOMPARE(m_rig.snapshot(), before);

        const CliRun opened = m_rig.openTill();
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        const CliRun paid = m_rig.cli({QStringLiteral("confirm"), m_rig.hall1(), QStringLiteral("--owner"),
                                       owner, QStringLiteral("--key"), newUuid(), QStringLiteral("--pay"),
                                       QStringLiteral("cash"), QStringLiteral("--json")});
        QVERIFY2(paid.exitCode == 0, qPrintable(paid.describe()));
        QCOMPARE(paid.json().value(QStringLiteral("status")).toString(), QStringLiteral("CONFIRMED"));
        QCOMPARE(paid.json()
                     .value(QStringLiteral("payment"))
                     .toObject()
                     .value(QStringLiteral("method"))
                     .toString(),
                 QStringLiteral("cash"));
    }

    void holdOfTakenSeatConflicts()
    {
        const QString first = newUuid();
        const CliRun held = m_rig.cli(
            {QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("K5"), QStringLiteral("--owner"), first});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));

        const QString second = newUuid();
        const QString before = m_rig.snapshot();
        const CliRun taken = m_rig.cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("K4"),
                                        QStringLiteral("K5"), QStringLiteral("--owner"), second});
        QVERIFY2(taken.exitCode == 3, qPrintable(taken.describe()));
        const QString message = taken.err.trimmed();
        QVERIFY2(message.contains(QLatin1String("K5")), qPrintable(taken.describe()));
        QVERIFY2(!message.contains(QLatin1String("K4")), qPrintable(taken.describe()));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(taken.describe()));
        // All or none: K4 was not held either.
        QCOMPARE(m_rig.snapshot(), before);

        const CliRun json =
            m_rig.cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("K4"), QStringLiteral("K5"),
                       QStringLiteral("--owner"), second, QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 3, qPrintable(json.describe()));
        QCOMPARE(json.json().value(QStringLiteral("held")).toBool(true), false);
        QCOMPARE(json.json().value(QStringLiteral("unavailable")).toArray(),
                 QJsonArray{QStringLiteral("K5")});
        QCOMPARE(m_rig.snapshot(), before);
    }

    void holdOfSoldSeatConflicts()
    {
        const CliRun opened = m_rig.openTill();
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        const QString owner = newUuid();
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.premium(), QStringLiteral("C3"),
                           QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        QCOMPARE(
            m_rig
                .cli({QStringLiteral("confirm"), m_rig.premium(), QStringLiteral("--owner"), owner,
                      QStringLiteral("--key"), newUuid(), QStringLiteral("--pay"), QStringLiteral("cash")})
                .exitCode,
            0);
        const CliRun taken = m_rig.cli({QStringLiteral("hold"), m_rig.premium(), QStringLiteral("C3"),
                                        QStringLiteral("--owner"), newUuid()});
        QVERIFY2(taken.exitCode == 3, qPrintable(taken.describe()));
        QVERIFY2(taken.err.contains(QLatin1String("C3")), qPrintable(taken.describe()));
    }

    void confirmAfterExpiryIsRefused()
    {
        const QString owner = newUuid();
        const CliRun held = m_rig.cli(
            {QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("B2"), QStringLiteral("--owner"), owner});
        QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        QVERIFY(
            m_rig.db().run(QStringLiteral("UPDATE showtime_seat SET held_until = now() - interval '1 second' "
                                          "WHERE status = 'HELD'")));
        const CliRun late = m_rig.cli({QStringLiteral("confirm"), m_rig.hall1(), QStringLiteral("--owner"),
                                       owner, QStringLiteral("--key"), newUuid()});
        QVERIFY2(late.exitCode == 3, qPrintable(late.describe()));
        QVERIFY2(late.err.contains(QLatin1String("expired")), qPrintable(late.describe()));
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));
    }

    void releaseFreesTheOwnersSeats()
    {
        const QString owner = newUuid();
        const QString other = newUuid();
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("D1"), QStringLiteral("D2"),
                           QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("D3"),
                           QStringLiteral("--owner"), other})
                     .exitCode,
                 0);

        const CliRun released = m_rig.cli({QStringLiteral("release"), m_rig.hall1(),
                                           QStringLiteral("--owner"), owner, QStringLiteral("--json")});
        QVERIFY2(released.exitCode == 0, qPrintable(released.describe()));
        QCOMPARE(released.json().value(QStringLiteral("released")).toInt(), 2);

        const auto byLabel = seatsByLabel(
            m_rig.cli({QStringLiteral("seats"), m_rig.hall1(), QStringLiteral("--json")}).json());
        QCOMPARE(byLabel.value(QStringLiteral("D1")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("FREE"));
        QCOMPARE(byLabel.value(QStringLiteral("D2")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("FREE"));
        // Another sale's hold is not touched.
        QCOMPARE(byLabel.value(QStringLiteral("D3")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("HELD"));

        // Releasing again is harmless.
        const CliRun again =
            m_rig.cli({QStringLiteral("release"), m_rig.hall1(), QStringLiteral("--owner"), owner});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QVERIFY2(again.out.contains(QLatin1String("0")), qPrintable(again.describe()));
    }

    void confirmGivesSeatsWithoutATierTheDefault()
    {
        const CliRun opened = m_rig.openTill();
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        const QString owner = newUuid();
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.premium(), QStringLiteral("C1"),
                           QStringLiteral("C2"), QStringLiteral("C3"), QStringLiteral("--owner"), owner})
                     .exitCode,
                 0);
        const CliRun run = m_rig.cli(
            {QStringLiteral("confirm"), m_rig.premium(), QStringLiteral("c1"), QStringLiteral("C2:child"),
             QStringLiteral("C3:Teen"), QStringLiteral("--owner"), owner, QStringLiteral("--key"), newUuid(),
             QStringLiteral("--pay"), QStringLiteral("cash"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QHash<QString, QString> tierByLabel;
        const QJsonArray seats = run.json().value(QStringLiteral("seats")).toArray();
        for (const auto& v : seats)
            tierByLabel.insert(v.toObject().value(QStringLiteral("label")).toString(),
                               v.toObject().value(QStringLiteral("tier")).toString());
        const QHash<QString, QString> expected{{QStringLiteral("C1"), QStringLiteral("adult")},
                                               {QStringLiteral("C2"), QStringLiteral("child")},
                                               {QStringLiteral("C3"), QStringLiteral("teen")}};
        QCOMPARE(tierByLabel, expected);
    }

    void confirmOfASeatHeldByAnotherSaleNamesIt()
    {
        const QString mine = newUuid();
        const QString theirs = newUuid();
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("K6"),
                           QStringLiteral("--owner"), mine})
                     .exitCode,
                 0);
        QCOMPARE(m_rig
                     .cli({QStringLiteral("hold"), m_rig.hall1(), QStringLiteral("K5"),
                           QStringLiteral("--owner"), theirs})
                     .exitCode,
                 0);
        const QString before = m_rig.snapshot();
        const QStringList confirm{
            QStringLiteral("confirm"), m_rig.hall1(), QStringLiteral("K6"),    QStringLiteral("K5"),
            QStringLiteral("--owner"), mine,          QStringLiteral("--key"), newUuid()};
        const CliRun text = m_rig.cli(confirm);
        QVERIFY2(text.exitCode == 3, qPrintable(text.describe()));
        const QString message = text.err.trimmed();
        QVERIFY2(message.startsWith(QLatin1String("boxoffice-admin: ")) &&
                     message.contains(QLatin1String("K5")) && !message.contains(QLatin1String("K6")),
                 qPrintable(text.describe()));

        const CliRun json = m_rig.cli(QStringList(confirm) << QStringLiteral("--json"));
        QVERIFY2(json.exitCode == 3, qPrintable(json.describe()));
        const QJsonObject error = json.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("conflict"));
        QCOMPARE(error.value(QStringLiteral("seats")).toArray().size(), 1);
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QLatin1String("K5")),
                 qPrintable(json.describe()));
        QCOMPARE(m_rig.snapshot(), before);
    }
};

QTEST_GUILESS_MAIN(TstAdminCliSales)
#include "tst_adminclisales.moc"
