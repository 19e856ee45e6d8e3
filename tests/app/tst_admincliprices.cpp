// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh demo database per test: prices and
// price-set (migration 0023). A manager sets the shipped example card as a new version
// of the demo's Standard list: showtimes on sale keep the old version, a new showtime sells at the
// new one, setting the same card again stores nothing and `prices NAME` gives the card back.
// Bad cards exit 2 and change nothing; a terminal login cannot set prices but may list them;
// managers setting one list at once make distinct versions and one current.
#include <memory>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "db/dbconnection.h"
#include "model/pricing/pricecard.h"
#include "tests/support/adminclirig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif
#ifndef BOXOFFICE_SOURCE_DIR
#error "BOXOFFICE_SOURCE_DIR must name the source folder"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::words;

namespace {

QString exampleCard()
{
    return QStringLiteral(BOXOFFICE_SOURCE_DIR "/resources/prices/standard.json");
}

const QByteArray smallCard = QByteArrayLiteral(
    R"({"name": "Matinee", "currency": "KRW", "ticket_types": [{"code": "adult", "name": "Adult", "amount_minor": 9000}]})");

} // namespace

class TstAdminCliPrices final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    QTemporaryDir m_files;

    QString pricesTable() const
    {
        return m_rig.db().scalar(QStringLiteral(
            "SELECT (SELECT count(*) || ' ' || md5(coalesce(string_agg(concat_ws(',', id, name, version, "
            "card, "
            "retired_at), ';' ORDER BY id), '')) FROM price_list) || ' ' || "
            "(SELECT count(*) || ' ' || md5(coalesce(string_agg(concat_ws(',', id, price_list_id, code, "
            "name, "
            "amount_minor, currency, sort_order), ';' ORDER BY id), '')) FROM price_tier) || ' ' || "
            "(SELECT md5(string_agg(id || ':' || price_list_id, ',' ORDER BY id)) FROM showtime)"));
    }

private slots:
    void initTestCase()
    {
        m_rig.checkProgram();
        QVERIFY(m_files.isValid());
        QVERIFY2(QFile::exists(exampleCard()), qPrintable(exampleCard()));
    }
    /// A fresh database per test; the bad-input rows, which each prove they change nothing, share one.
    void init() { m_rig.createUnlessShared("badInputExitsTwoAndChangesNothing"); }
    void cleanup() { m_rig.resetUnlessShared("badInputExitsTwoAndChangesNothing"); }

    void aNewVersionSellsNewShowtimesAndLeavesThoseOnSale()
    {
        const QString oldList =
            m_rig.db().scalar(QStringLiteral("SELECT id FROM price_list WHERE name = 'Standard'"));
        const QString all = m_rig.db().scalar(
            QStringLiteral("SELECT count(*) FROM showtime WHERE price_list_id = %1").arg(oldList));
        const QString onSale = m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM showtime WHERE "
                                                                "price_list_id = %1 AND ends_at > now()")
                                                     .arg(oldList));
        QVERIFY(onSale.toInt() > 0);

        const CliRun set =
            m_rig.cliAsManager({QStringLiteral("price-set"), exampleCard(), QStringLiteral("--json")});
        QVERIFY2(set.exitCode == 0, qPrintable(set.describe()));
        const QJsonObject done = set.json();
        QCOMPARE(done.value(QLatin1String("version")).toInt(), 2);
        QVERIFY(!done.value(QLatin1String("created")).toBool());
        QVERIFY(!done.value(QLatin1String("unchanged")).toBool());
        const int newList = done.value(QLatin1String("price_list_id")).toInt();
        QVERIFY(QString::number(newList) != oldList);
        // The showtimes on sale keep the version they were made with.
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT count(*) FROM showtime WHERE price_list_id = %1").arg(oldList)),
                 all);
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT string_agg(code || '=' || amount_minor, ',' ORDER BY "
                                             "sort_order) FROM price_tier WHERE price_list_id = %1")
                                  .arg(newList)),
            QStringLiteral("adult=15000,youth=12000,senior=8000,disabled=6000"));

        // A new showtime naming the list gets the new version, and sells at it.
        const QDateTime start(QDate::currentDate().addDays(6), QTime(8, 30));
        const CliRun added = m_rig.cliAsManager(
            {QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
             QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
             QStringLiteral("Standard"), QStringLiteral("--start"),
             start.toString(QStringLiteral("yyyy-MM-ddTHH:mm")), QStringLiteral("--json")});
        QVERIFY2(added.exitCode == 0, qPrintable(added.describe()));
        const int showtime =
            added.json().value(QLatin1String("showtime")).toObject().value(QLatin1String("id")).toInt();
        QCOMPARE(m_rig.db().scalar(
                     QStringLiteral("SELECT price_list_id FROM showtime WHERE id = %1").arg(showtime)),
                 QString::number(newList));
        const CliRun till = m_rig.openTill();
        QVERIFY2(till.exitCode == 0, qPrintable(till.describe()));
        const CliRun sold =
            m_rig.cli({QStringLiteral("sell"), QString::number(showtime), QStringLiteral("A1:youth"),
                       QStringLiteral("--pay"), QStringLiteral("cash"), QStringLiteral("--tendered"),
                       QStringLiteral("20000"), QStringLiteral("--json")});
        QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
        // 08:30 is the card's morning: its youth price, resolved when the showtime was made.
        QCOMPARE(sold.json().value(QLatin1String("total_minor")).toInteger(), 9000);

        // The listing shows both versions while the old one still sells.
        const CliRun listed = m_rig.cli({QStringLiteral("prices"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        int currentStandard = 0;
        int olderStandard = 0;
        for (const auto& v : listed.json().value(QLatin1String("price_lists")).toArray()) {
            const QJsonObject o = v.toObject();
            if (o.value(QLatin1String("name")).toString() != QLatin1String("Standard"))
                continue;
            if (o.value(QLatin1String("current")).toBool()) {
                ++currentStandard;
                QCOMPARE(o.value(QLatin1String("id")).toInt(), newList);
                QCOMPARE(o.value(QLatin1String("showtimes")).toInt(), 1);
            } else {
                ++olderStandard;
                QCOMPARE(o.value(QLatin1String("showtimes")).toInt(), onSale.toInt());
            }
        }
        QCOMPARE(currentStandard, 1);
        QCOMPARE(olderStandard, 1);
        const CliRun text = m_rig.cli({QStringLiteral("prices")});
        QVERIFY2(text.exitCode == 0 && text.out.contains(QStringLiteral("청소년")) &&
                     text.out.contains(QStringLiteral("premium +")),
                 qPrintable(text.describe()));
    }

    void eachShowtimeSellsAtItsOwnResolvedPrices()
    {
        QVERIFY2(m_rig.cliAsManager({QStringLiteral("price-set"), exampleCard()}).exitCode == 0, "set");
        QFile file(exampleCard());
        QVERIFY(file.open(QIODevice::ReadOnly));
        auto card = PriceCardFormat::readJson(file.readAll());
        QVERIFY(card);
        // A Wednesday and the Saturday after it, neither a holiday of the card.
        QDate wednesday = QDate::currentDate().addDays(3);
        while (wednesday.dayOfWeek() != Qt::Wednesday || card.value().rules.holidays.contains(wednesday) ||
               card.value().rules.holidays.contains(wednesday.addDays(3)))
            wednesday = wednesday.addDays(1);
        const CliRun pattern = m_rig.cliAsManager(
            {QStringLiteral("showtime-pattern"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
             QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
             QStringLiteral("Standard"), QStringLiteral("--from"), wednesday.toString(Qt::ISODate),
             QStringLiteral("--to"), wednesday.toString(Qt::ISODate), QStringLiteral("--times"),
             QStringLiteral("09:00,14:00,23:30"), QStringLiteral("--json")});
        QVERIFY2(pattern.exitCode == 0, qPrintable(pattern.describe()));
        const CliRun saturday = m_rig.cliAsManager(
            {QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 2"),
             QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
             QStringLiteral("Standard"), QStringLiteral("--start"),
             QDateTime(wednesday.addDays(3), QTime(14, 0)).toString(QStringLiteral("yyyy-MM-ddTHH:mm"))});
        QVERIFY2(saturday.exitCode == 0, qPrintable(saturday.describe()));
        // Morning, day and late on the Wednesday, then the Saturday afternoon: each type's price
        // by the one rule (tst_pricecard has the same cases against the model alone).
        const QString list = m_rig.db().scalar(
            QStringLiteral(
                "SELECT string_agg(prices, ' | ' ORDER BY starts_at) FROM ("
                "  SELECT st.starts_at, string_agg(sp.tier_code || '=' || sp.amount_minor || '/' || "
                "         coalesce(sp.daypart, '-') || '/' || sp.day_type, ',' ORDER BY pt.sort_order) prices"
                "    FROM showtime st JOIN showtime_price sp ON sp.showtime_id = st.id"
                "    JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = sp.tier_code"
                "   WHERE st.starts_at >= '%1' GROUP BY st.id, st.starts_at) s")
                .arg(QDateTime(wednesday, QTime(0, 0)).toUTC().toString(Qt::ISODate)));
        QCOMPARE(list,
                 QStringLiteral("adult=10000/morning/weekday,youth=9000/morning/weekday,senior=8000/morning/"
                                "weekday,disabled=6000/morning/weekday | "
                                "adult=14000/day/weekday,youth=11000/day/weekday,senior=8000/day/weekday,"
                                "disabled=6000/day/weekday | "
                                "adult=11000/late/weekday,youth=11000/late/weekday,senior=8000/late/weekday,"
                                "disabled=6000/late/weekday | "
                                "adult=15000/day/weekend,youth=12000/day/weekend,senior=8000/day/weekend,"
                                "disabled=6000/day/weekend"));

        // The server charges that price: an adult in the Wednesday morning pays the morning's.
        const QString morning =
            m_rig.db().scalar(QStringLiteral("SELECT min(id) FROM showtime WHERE starts_at = '%1'")
                                  .arg(QDateTime(wednesday, QTime(9, 0)).toUTC().toString(Qt::ISODate)));
        const CliRun till = m_rig.openTill();
        QVERIFY2(till.exitCode == 0, qPrintable(till.describe()));
        const CliRun sold =
            m_rig.cli({QStringLiteral("sell"), morning, QStringLiteral("A1:adult"), QStringLiteral("A2"),
                       QStringLiteral("--pay"), QStringLiteral("cash"), QStringLiteral("--tendered"),
                       QStringLiteral("50000"), QStringLiteral("--json")});
        QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
        QCOMPARE(sold.json().value(QLatin1String("total_minor")).toInteger(), 20000);

        // Its prices stay once it has sold: a manager cannot change them; a terminal never can.
        auto manager = m_rig.db().connectAsManager();
        QVERIFY(manager);
        auto refused =
            manager->exec(QStringLiteral("SELECT bo_showtime_prices_set(?, '[]'::jsonb)"), {morning.toInt()});
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::Conflict);
        auto terminal = m_rig.db().connect();
        QVERIFY(terminal);
        const QString unsold =
            m_rig.db().scalar(QStringLiteral("SELECT min(id) FROM showtime WHERE starts_at = '%1'")
                                  .arg(QDateTime(wednesday, QTime(14, 0)).toUTC().toString(Qt::ISODate)));
        auto denied =
            terminal->exec(QStringLiteral("SELECT bo_showtime_prices_set(?, '[]'::jsonb)"), {unsold.toInt()});
        QVERIFY(!denied);
        QVERIFY2(denied.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(denied.error().detail));
        QCOMPARE(
            m_rig.db().scalar(
                QStringLiteral("SELECT count(*) FROM showtime_price WHERE showtime_id = %1").arg(unsold)),
            QStringLiteral("4"));

        // A showtime on a list without a card (the demo's Premium) has no prices of its own.
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT count(*) FROM showtime_price sp JOIN showtime st ON "
                                             "st.id = sp.showtime_id JOIN price_list p ON p.id = "
                                             "st.price_list_id WHERE p.card IS NULL")),
            QStringLiteral("0"));
    }

    void aPremiumOrCoupleSeatIsChargedItsKindsSurcharge()
    {
        QVERIFY2(m_rig.cliAsManager({QStringLiteral("price-set"), exampleCard()}).exitCode == 0, "set");
        QFile file(exampleCard());
        QVERIFY(file.open(QIODevice::ReadOnly));
        auto card = PriceCardFormat::readJson(file.readAll());
        QVERIFY(card);
        QDate tuesday = QDate::currentDate().addDays(3);
        while (tuesday.dayOfWeek() != Qt::Tuesday || card.value().rules.holidays.contains(tuesday))
            tuesday = tuesday.addDays(1);
        const CliRun added = m_rig.cliAsManager(
            {QStringLiteral("showtime-add"), QStringLiteral("--hall"), QStringLiteral("Hall 1"),
             QStringLiteral("--film"), QStringLiteral("Paper Tigers"), QStringLiteral("--prices"),
             QStringLiteral("Standard"), QStringLiteral("--start"),
             QDateTime(tuesday, QTime(14, 0)).toString(QStringLiteral("yyyy-MM-ddTHH:mm"))});
        QVERIFY2(added.exitCode == 0, qPrintable(added.describe()));
        const QString showtime =
            m_rig.db().scalar(QStringLiteral("SELECT min(id) FROM showtime WHERE starts_at = '%1'")
                                  .arg(QDateTime(tuesday, QTime(14, 0)).toUTC().toString(Qt::ISODate)));
        // The card's seat surcharges, stored with the showtime's prices.
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT string_agg(seat_kind || '=' || amount_minor, ',' "
                                                  "ORDER BY seat_kind) FROM showtime_surcharge "
                                                  "WHERE showtime_id = %1")
                                       .arg(showtime)),
                 QStringLiteral("couple=3000,premium=2000"));

        // A weekday afternoon adult is 14,000: on a standard seat, a premium one (G5, +2,000)
        // and a couple seat (P1, +3,000). The bill the CLI takes payment for and the server's
        // total agree, seat by seat.
        const CliRun till = m_rig.openTill();
        QVERIFY2(till.exitCode == 0, qPrintable(till.describe()));
        const CliRun sold =
            m_rig.cli({QStringLiteral("sell"), showtime, QStringLiteral("C10:adult"),
                       QStringLiteral("G5:adult"), QStringLiteral("P1:youth"), QStringLiteral("--pay"),
                       QStringLiteral("cash"), QStringLiteral("--json")});
        QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
        const qint64 total = 14000 + (14000 + 2000) + (11000 + 3000);
        QCOMPARE(sold.json().value(QLatin1String("total_minor")).toInteger(), total);
        QCOMPARE(m_rig.db().scalar(QStringLiteral("SELECT string_agg(s.label || '=' || bs.price_minor, ',' "
                                                  "ORDER BY s.label) FROM booking_seat bs JOIN seat s ON "
                                                  "s.id = bs.seat_id WHERE bs.showtime_id = %1")
                                       .arg(showtime)),
                 QStringLiteral("C10=14000,G5=16000,P1=14000"));
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral("SELECT p.amount_minor FROM payment_intent p JOIN booking b "
                                             "ON b.id = p.booking_id WHERE b.showtime_id = %1")
                                  .arg(showtime)),
            QString::number(total));

        // Sold: a manager cannot change the surcharges any more; a terminal never can.
        auto manager = m_rig.db().connectAsManager();
        QVERIFY(manager);
        auto refused = manager->exec(QStringLiteral("SELECT bo_showtime_surcharges_set(?, '[]'::jsonb)"),
                                     {showtime.toInt()});
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::Conflict);
        auto terminal = m_rig.db().connect();
        QVERIFY(terminal);
        auto denied = terminal->exec(QStringLiteral("SELECT bo_showtime_surcharges_set(?, '[]'::jsonb)"),
                                     {showtime.toInt()});
        QVERIFY(!denied);
        QVERIFY2(denied.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(denied.error().detail));
    }

    void theCardComesBackAndSettingItAgainStoresNothing()
    {
        QVERIFY2(m_rig.cliAsManager({QStringLiteral("price-set"), exampleCard()}).exitCode == 0, "first set");
        const QString before = pricesTable();
        const CliRun again =
            m_rig.cliAsManager({QStringLiteral("price-set"), exampleCard(), QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QVERIFY(again.json().value(QLatin1String("unchanged")).toBool());
        QCOMPARE(pricesTable(), before);

        // `prices NAME` prints the card: read back, it is the shipped file's.
        const CliRun card = m_rig.cli({QStringLiteral("prices"), QStringLiteral("Standard")});
        QVERIFY2(card.exitCode == 0, qPrintable(card.describe()));
        auto printed = PriceCardFormat::readJson(card.out.toUtf8());
        QVERIFY2(printed, qPrintable(printed ? QString() : printed.error().message));
        QFile file(exampleCard());
        QVERIFY(file.open(QIODevice::ReadOnly));
        auto shipped = PriceCardFormat::readJson(file.readAll());
        QVERIFY(shipped);
        QCOMPARE(PriceCardFormat::writeJson(printed.value()), PriceCardFormat::writeJson(shipped.value()));
        // Under another name it is a list of its own.
        const CliRun renamed =
            m_rig.cliAsManager({QStringLiteral("price-set"), exampleCard(), QStringLiteral("--name"),
                                QStringLiteral("Festival"), QStringLiteral("--json")});
        QVERIFY2(renamed.exitCode == 0 && renamed.json().value(QLatin1String("created")).toBool(),
                 qPrintable(renamed.describe()));
        QVERIFY2(m_rig.cli({QStringLiteral("prices"), QStringLiteral("Nowhere")}).exitCode == 2,
                 "unknown list");
    }

    void badInputExitsTwoAndChangesNothing_data()
    {
        QTest::addColumn<QByteArray>("card");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("said");
        const QByteArray head = R"({"name": "Bad", "currency": "KRW", )";
        const QByteArray adult =
            R"("ticket_types": [{"code": "adult", "name": "Adult", "amount_minor": 9000}])";
        QTest::newRow("not JSON") << QByteArray("{name") << QStringList() << QStringLiteral("Not JSON");
        QTest::newRow("an unknown field") << QByteArray(head + adult + R"(, "discounts": []})")
                                          << QStringList() << QStringLiteral("discounts");
        QTest::newRow("no ticket types") << QByteArray(head + R"("ticket_types": []})") << QStringList()
                                         << QStringLiteral("at least one ticket type");
        QTest::newRow("a type twice")
            << QByteArray(head + R"("ticket_types": [{"code": "adult", "name": "A", "amount_minor": 1},)"
                                 R"( {"code": "adult", "name": "B", "amount_minor": 2}]})")
            << QStringList() << QStringLiteral("listed twice");
        QTest::newRow("a code with capitals")
            << QByteArray(head + R"("ticket_types": [{"code": "Adult", "name": "A", "amount_minor": 1}]})")
            << QStringList() << QStringLiteral("'Adult'");
        QTest::newRow("a negative price")
            << QByteArray(head + R"("ticket_types": [{"code": "adult", "name": "A", "amount_minor": -5}]})")
            << QStringList() << QStringLiteral("ticket_types[0].amount_minor");
        QTest::newRow("a price with a fraction")
            << QByteArray(head + R"("ticket_types": [{"code": "adult", "name": "A", "amount_minor": 9.5}]})")
            << QStringList() << QStringLiteral("ticket_types[0].amount_minor");
        QTest::newRow("a currency in small letters")
            << QByteArray(R"({"name": "Bad", "currency": "krw", )" + adult + "}") << QStringList()
            << QStringLiteral("currency");
        QTest::newRow("a rule for an unknown type")
            << QByteArray(head + adult +
                          R"(, "rules": [{"type": "child", "day": "weekend", "amount_minor": 1}]})")
            << QStringList() << QStringLiteral("'child'");
        QTest::newRow("a rule that is the base price")
            << QByteArray(head + adult + R"(, "rules": [{"type": "adult", "amount_minor": 1}]})")
            << QStringList() << QStringLiteral("rules[0]");
        QTest::newRow("a day that is no kind of day")
            << QByteArray(head + adult +
                          R"(, "rules": [{"type": "adult", "day": "sunday", "amount_minor": 1}]})")
            << QStringList() << QStringLiteral("rules[0].day");
        QTest::newRow("a rule naming an unknown daypart")
            << QByteArray(head + adult +
                          R"(, "rules": [{"type": "adult", "daypart": "dawn", "amount_minor": 1}]})")
            << QStringList() << QStringLiteral("dawn");
        QTest::newRow("a daypart at no time")
            << QByteArray(head + adult + R"(, "dayparts": [{"code": "morning", "from": "6am"}]})")
            << QStringList() << QStringLiteral("dayparts[0].from");
        QTest::newRow("an unknown seat kind")
            << QByteArray(head + adult + R"(, "seat_surcharges": [{"kind": "sofa", "amount_minor": 1}]})")
            << QStringList() << QStringLiteral("seat_surcharges[0].kind");
        QTest::newRow("a holiday that is no day")
            << QByteArray(head + adult + R"(, "holidays": ["Christmas"]})") << QStringList()
            << QStringLiteral("holidays[0]");
        QTest::newRow("a blank --name")
            << QByteArray(head + adult + "}") << words({"--name", " "}) << QStringLiteral("name");
        QTest::newRow("no such file") << QByteArray() << QStringList() << QStringLiteral("Cannot read");
        QTest::newRow("two files") << QByteArray(head + adult + "}") << words({"$FILE"})
                                   << QStringLiteral("one file");
    }

    void badInputExitsTwoAndChangesNothing()
    {
        QFETCH(QByteArray, card);
        QFETCH(QStringList, extra);
        QFETCH(QString, said);
        const QString path = card.isEmpty() ? m_files.filePath(QStringLiteral("missing.json"))
                                            : bo::test::writeFile(m_files, QStringLiteral("card.json"), card);
        QVERIFY(!path.isEmpty());
        const QString before = pricesTable();
        const CliRun run = m_rig.cliAsManager(QStringList{QStringLiteral("price-set"), path}
                                              << m_rig.expand(extra, {{QStringLiteral("$FILE"), path}})
                                              << QStringLiteral("--json"));
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.json().contains(QLatin1String("error")), qPrintable(run.describe()));
        QVERIFY2(run.err.contains(said), qPrintable(run.describe()));
        QCOMPARE(pricesTable(), before);
    }

    void aTerminalLoginCannotSetPricesButListsThem()
    {
        const QString file = bo::test::writeFile(m_files, QStringLiteral("matinee.json"), smallCard);
        const QString before = pricesTable();
        const CliRun run = m_rig.cli({QStringLiteral("price-set"), file});
        QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
        QVERIFY2(run.err.contains(QLatin1String("needs a manager login")), qPrintable(run.describe()));
        QCOMPARE(pricesTable(), before);
        const CliRun listed = m_rig.cli({QStringLiteral("prices"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        QVERIFY(!listed.json().value(QLatin1String("price_lists")).toArray().isEmpty());
        QVERIFY2(m_rig.cli({QStringLiteral("prices"), QStringLiteral("a"), QStringLiteral("b")}).exitCode ==
                     2,
                 "two names");
    }

    void managersSettingOneListAtOnceMakeDistinctVersions()
    {
        constexpr int managers = 4;
        std::vector<std::unique_ptr<QProcess>> running;
        for (int i = 0; i < managers; ++i) {
            const QByteArray card = QByteArray(smallCard).replace("9000", QByteArray::number(9000 + 100 * i));
            const QString file = bo::test::writeFile(m_files, QStringLiteral("card%1.json").arg(i), card);
            auto process = std::make_unique<QProcess>();
            process->start(QStringLiteral(BOXOFFICE_ADMIN_PATH),
                           {QStringLiteral("--db"), m_rig.db().managerSettings().toConninfo(),
                            QStringLiteral("price-set"), file});
            running.push_back(std::move(process));
        }
        for (auto& p : running) {
            QVERIFY(p->waitForFinished(60000));
            QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        }
        QCOMPARE(
            m_rig.db().scalar(QStringLiteral(
                "SELECT string_agg(version::text, ',' ORDER BY version) || ' ' || count(*) FILTER (WHERE "
                "retired_at IS NULL) || ' ' || count(DISTINCT (card -> 'ticket_types' -> 0 ->> "
                "'amount_minor')) FROM price_list WHERE name = 'Matinee'")),
            QStringLiteral("1,2,3,4 1 4"));
    }
};

QTEST_GUILESS_MAIN(TstAdminCliPrices)
#include "tst_admincliprices.moc"
