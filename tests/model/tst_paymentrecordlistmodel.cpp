// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QAbstractItemModelTester>

#include "model/payments/paymentrecordlistmodel.h"

using namespace bo;

namespace {

PaymentRecord record(PaymentMethod method, IntentState state, ReconcileAction action, bool due)
{
    PaymentRecord r;
    r.intent.request.key = QUuid::createUuid();
    r.intent.request.terminal = QStringLiteral("till-2");
    r.intent.request.method = method;
    r.intent.request.amountMinor = 14'000;
    r.intent.request.currency = QStringLiteral("KRW");
    r.intent.request.bookingCode = QStringLiteral("BK-7F3A");
    r.intent.state = state;
    r.intent.bookingStatus = QStringLiteral("EXPIRED");
    r.intent.createdAt = QDateTime(QDate(2026, 12, 2), QTime(5, 2), Qt::UTC);
    r.intent.updatedAt = r.intent.createdAt.addSecs(30);
    r.action = action;
    r.due = due;
    return r;
}

} // namespace

/// The table of unresolved payments: every column as people read it, under the model tester.
class TstPaymentRecordListModel final : public QObject
{
    Q_OBJECT

private slots:
    void showsEachPaymentAsPeopleReadIt()
    {
        PaymentRecordListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
        PaymentRecord card =
            record(PaymentMethod::Card, IntentState::Authorised, ReconcileAction::Void, true);
        card.intent.maskedCard = QStringLiteral("VISA **** 4242");
        card.intent.gatewayReference = QStringLiteral("psim_000007");
        PaymentRecord cash =
            record(PaymentMethod::Cash, IntentState::Authorised, ReconcileAction::Void, false);
        PaymentRecord unknown =
            record(PaymentMethod::Card, IntentState::Authorising, ReconcileAction::LookUp, false);
        unknown.intent.reason = QStringLiteral("timed out");
        unknown.intent.attempts = 2;
        const QDateTime now = card.intent.createdAt.addSecs(12 * 60 + 5);
        model.setRecords({card, cash, unknown}, now);
        QCOMPARE(model.rowCount(), 3);

        const auto text = [&model](int row, int column) {
            return model.index(row, column).data().toString();
        };
        QVERIFY2(text(0, PaymentRecordListModel::SinceColumn).endsWith(QLatin1String("(12 min)")),
                 qPrintable(text(0, PaymentRecordListModel::SinceColumn)));
        QCOMPARE(text(0, PaymentRecordListModel::TerminalColumn), QStringLiteral("till-2"));
        QCOMPARE(text(0, PaymentRecordListModel::MethodColumn), QStringLiteral("Card VISA **** 4242"));
        QCOMPARE(text(0, PaymentRecordListModel::AmountColumn), QStringLiteral("₩14,000"));
        QCOMPARE(text(0, PaymentRecordListModel::StateColumn), QStringLiteral("Authorised"));
        QCOMPARE(text(0, PaymentRecordListModel::BookingColumn), QStringLiteral("BK-7F3A"));
        QCOMPARE(text(0, PaymentRecordListModel::ReferenceColumn), QStringLiteral("psim_000007"));
        QCOMPARE(text(0, PaymentRecordListModel::ReconcilerColumn), QStringLiteral("Void (next pass)"));
        QCOMPARE(text(1, PaymentRecordListModel::MethodColumn), QStringLiteral("Cash"));
        QCOMPARE(text(1, PaymentRecordListModel::ReconcilerColumn),
                 QStringLiteral("Hand the cash back, once its terminal is silent"));
        QCOMPARE(text(2, PaymentRecordListModel::StateColumn),
                 QStringLiteral("Authorising (outcome unknown)"));
        QCOMPARE(text(2, PaymentRecordListModel::ProblemColumn),
                 QStringLiteral("timed out (calls unanswered: 2)"));
        QCOMPARE(model.index(0, 0).data(PaymentRecordListModel::DueRole).toBool(), true);
        QCOMPARE(model.index(2, 0).data(PaymentRecordListModel::StateRole).toString(),
                 QStringLiteral("AUTHORISING"));
        QCOMPARE(model.index(0, 0).data(PaymentRecordListModel::KeyRole).toUuid(), card.intent.request.key);

        model.setRecords({}, now);
        QCOMPARE(model.rowCount(), 0);
    }

    void agesReadAsMinutesHoursAndDays_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("fresh") << qint64(59) << QStringLiteral("under a minute");
        QTest::newRow("minutes") << qint64(60 * 59 + 59) << QStringLiteral("59 min");
        QTest::newRow("hours") << qint64(3600 * 3 + 5 * 60) << QStringLiteral("3 h 5 min");
        QTest::newRow("days") << qint64(3600 * 49) << QStringLiteral("2 d 1 h");
    }

    void agesReadAsMinutesHoursAndDays()
    {
        QFETCH(qint64, seconds);
        QFETCH(QString, text);
        QCOMPARE(PaymentRecordListModel::ageText(seconds), text);
    }
};

QTEST_GUILESS_MAIN(TstPaymentRecordListModel)
#include "tst_paymentrecordlistmodel.moc"
