// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// How a refusal from the database's functions reaches a person: the SQLSTATE says what the
// caller does next, the hint names why (db/sqlerror.h), and the sentence is the model's. Server
// texts shaped as libpq writes them; no server needed.
#include <QSqlError>
#include <QtTest>

#include "db/sqlerror.h"
#include "model/core/refusal.h"

using namespace bo;

namespace {

/// The text QPSQL reports for a refused statement: libpq's message, one field per line, with the
/// SQLSTATE appended.
QString serverText(const QString& message, const QString& hint, const QString& state)
{
    QString text = QStringLiteral("ERROR:  ") + message + QLatin1Char('\n');
    if (!hint.isEmpty())
        text += QStringLiteral("HINT:  ") + hint + QLatin1Char('\n');
    text += QStringLiteral("CONTEXT:  PL/pgSQL function bo_payment_create(uuid) line 97 at RAISE\n");
    return text + QLatin1Char('(') + state + QLatin1Char(')');
}

QSqlError refused(const QString& message, const QString& hint, const QString& state)
{
    return {QStringLiteral("QPSQL: Unable to create query"), serverText(message, hint, state),
            QSqlError::StatementError, state};
}

} // namespace

class TstSqlError final : public QObject
{
    Q_OBJECT

private slots:
    void theHintNamesTheRefusalAndItsValues()
    {
        const auto named = serverRefusal(
            serverText(QStringLiteral("booking ABCD-1234 is confirmed, not pending payment"),
                       QStringLiteral("refusal: [\"booking-not-pending\", \"ABCD-1234\", \"confirmed\"]"),
                       QStringLiteral("BO412")));
        QVERIFY(named);
        QCOMPARE(named->why, Refusal::BookingNotPending);
        QCOMPARE(named->args, (QStringList{QStringLiteral("ABCD-1234"), QStringLiteral("confirmed")}));
    }

    /// Numbers come whole; the SQLSTATE QPSQL appends to the last line is not a value.
    void numbersAndTheLastLine()
    {
        const auto named =
            serverRefusal(QStringLiteral("ERROR:  the drawer does not hold 5000 for this refund\n"
                                         "HINT:  refusal: [\"drawer-short-for-refund\", 5000](BO412)"));
        QVERIFY(named);
        QCOMPARE(named->why, Refusal::DrawerShortForRefund);
        QCOMPARE(named->args, QStringList{QStringLiteral("5000")});
    }

    void whatIsNoRefusalLeavesTheServersWords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("no hint") << serverText(QStringLiteral("unknown payment x"), {},
                                               QStringLiteral("BO404"));
        QTest::newRow("a hint for people") << serverText(
            QStringLiteral("syntax error"), QStringLiteral("Use a comma."), QStringLiteral("42601"));
        QTest::newRow("a name this program does not know")
            << serverText(QStringLiteral("new"), QStringLiteral("refusal: [\"from-a-newer-server\"]"),
                          QStringLiteral("BO412"));
        QTest::newRow("not an array") << serverText(
            QStringLiteral("x"), QStringLiteral("refusal: {\"a\": 1}"), QStringLiteral("BO412"));
        QTest::newRow("an empty array")
            << serverText(QStringLiteral("x"), QStringLiteral("refusal: []"), QStringLiteral("BO412"));
        QTest::newRow("cut short") << serverText(QStringLiteral("x"),
                                                 QStringLiteral("refusal: [\"no-such-booking\", \"AB"),
                                                 QStringLiteral("BO404"));
    }

    void whatIsNoRefusalLeavesTheServersWords()
    {
        QFETCH(QString, text);
        QVERIFY(!serverRefusal(text));
    }

    /// The code is the state's, the sentence the refusal's, and what the server said stays in the
    /// detail for the log.
    void aNamedRefusalIsWordedByTheModel()
    {
        const QString message = QStringLiteral("booking ABCD-1234 is confirmed, not pending payment");
        const Error e = mapSqlError(
            refused(message,
                    QStringLiteral("refusal: [\"booking-not-pending\", \"ABCD-1234\", \"confirmed\"]"),
                    QStringLiteral("BO412")),
            false);
        QCOMPARE(e.code, ErrorCode::Conflict);
        QCOMPARE(e.refusal, Refusal::BookingNotPending);
        QCOMPARE(e.message, refusalSentence(Refusal::BookingNotPending,
                                            {QStringLiteral("ABCD-1234"), QStringLiteral("confirmed")}));
        QVERIFY(e.detail.startsWith(QLatin1String("SQLSTATE BO412")));
        QVERIFY(e.detail.contains(message));
    }

    /// A state that says more than the hint keeps it: the seats a refusal names, a conflict that
    /// is not the seat map's.
    void theStateStillSaysWhatItSays()
    {
        const Error missing =
            mapSqlError(refused(QStringLiteral("seats not in showtime 7: 3,4"),
                                QStringLiteral("refusal: [\"seats-not-in-showtime\", 7, \"3, 4\"]"),
                                QStringLiteral("BO404")),
                        false);
        QCOMPARE(missing.code, ErrorCode::NotFound);
        QCOMPARE(missing.refusal, Refusal::SeatsNotInShowtime);
        QCOMPARE(missing.seats, (QList<int>{3, 4}));
        QCOMPARE(missing.message,
                 refusalSentence(Refusal::SeatsNotInShowtime, {QStringLiteral("7"), QStringLiteral("3, 4")}));

        const Error prices = mapSqlError(refused(QStringLiteral("showtime 7 has sales: its prices stay"),
                                                 QStringLiteral("refusal: [\"showtime-prices-stay\", 7]"),
                                                 QStringLiteral("BO409")),
                                         false);
        QCOMPARE(prices.code, ErrorCode::Conflict);
        QCOMPARE(prices.refusal, Refusal::ShowtimePricesStay);
    }

    void withoutAHintTheServersWordsStand()
    {
        const Error e = mapSqlError(
            refused(QStringLiteral("payment x is already captured"), {}, QStringLiteral("BO412")), false);
        QCOMPARE(e.code, ErrorCode::Conflict);
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.message, QStringLiteral("payment x is already captured"));
    }

    /// A lost connection is that, whatever the last text said.
    void aLostConnectionIsOffline()
    {
        const Error e =
            mapSqlError(refused(QStringLiteral("x"), QStringLiteral("refusal: [\"no-open-shift\"]"),
                                QStringLiteral("BO412")),
                        true);
        QCOMPARE(e.code, ErrorCode::Offline);
        QCOMPARE(e.refusal, Refusal::Unreachable);
    }
};

QTEST_GUILESS_MAIN(TstSqlError)
#include "tst_sqlerror.moc"
