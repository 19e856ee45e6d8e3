// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <memory>

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QTableView>

#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/payments/paymentrecordlistmodel.h"
#include "model/payments/threadedpaymentrecords.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/checked.h"
#include "tests/support/countertill.h"
#include "tests/support/scriptedgateway.h"
#include "tests/support/siteintents.h"
#include "tests/support/testdatabase.h"
#include "ui/counter/unresolvedpaymentsdialog.h"

using namespace bo;
using namespace bo::test;

namespace {

/// A payment service that voids what it is asked to void, counting the calls (any thread).
PaymentGatewayFactory voidingGateway(std::atomic<int>* calls)
{
    return [calls]() -> std::unique_ptr<PaymentGateway> {
        auto gateway = std::make_unique<ScriptedGateway>();
        for (int i = 0; i < 5; ++i)
            gateway->voids << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Voided);
        gateway->onCall = [calls] { ++*calls; };
        return gateway;
    };
}

/// The records port as app/counter/main.cpp makes it: its own connections as the terminal login.
std::unique_ptr<ThreadedPaymentRecords> recordsOn(const TestDatabase& db, std::atomic<int>* gatewayCalls)
{
    ThreadedPaymentRecords::Options options;
    options.terminal = QStringLiteral("till-1");
    return std::make_unique<ThreadedPaymentRecords>(
        PaymentIntentStore::factory(db.settings(), QStringLiteral("records")),
        SeatStore::factory(db.settings(), QStringLiteral("records")),
        LocalCardPayments::factory(
            PaymentIntentStore::factory(db.serviceSettings(), QStringLiteral("service")),
            voidingGateway(gatewayCalls)),
        options);
}

} // namespace

/// The manager's view of unresolved payments, driven like a clerk would, against a real database
/// (terminal login) with intents made by db/PaymentIntentStore.
class TstUnresolvedPaymentsDialog final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_connection;
    std::unique_ptr<SeatStore> m_seats;
    std::unique_ptr<DbConnection> m_service;
    std::unique_ptr<PaymentIntentStore> m_tillIntents;
    std::unique_ptr<PaymentIntentStore> m_serviceIntents;
    std::unique_ptr<SiteIntents> m_intents; ///< the till creates, the payment service records the card
    int m_showtime = 0;
    QList<int> m_seatIds;
    int m_nextSeat = 0;

    /// A card payment by `terminal`, authorised at the service, its sale's booking still pending;
    /// with `unknownReason`, its authorise went unanswered instead.
    QUuid authorisedCard(const QString& terminal, QUuid* owner = nullptr, const QString& unknownReason = {})
    {
        const QUuid token = CheckedSeatCommands::newToken();
        auto start = m_seats->beginPayment(m_showtime, {m_seatIds.at(m_nextSeat++)}, token, terminal);
        if (!start.ok() || !start.value().hold.granted) {
            qWarning("begin payment failed");
            return {};
        }
        NewPaymentIntent n;
        n.key = QUuid::createUuid();
        n.holdToken = token;
        n.showtimeId = m_showtime;
        n.bookingId = start.value().bookingId;
        n.bookingCode = start.value().bookingCode;
        n.terminal = terminal;
        n.terminalId = QUuid::createUuid();
        n.method = PaymentMethod::Card;
        n.amountMinor = 14'000;
        n.currency = QStringLiteral("KRW");
        n.gateway = QStringLiteral("paysim");
        if (!m_intents->create(n).ok() ||
            !m_intents->advance(n.key, IntentState::New, IntentState::Authorising).ok())
            return {};
        if (!unknownReason.isEmpty())
            return m_intents->noteUnknown(n.key, unknownReason).ok() ? n.key : QUuid();
        if (!m_intents
                 ->advance(n.key, IntentState::Authorising, IntentState::Authorised,
                           IntentChange{QStringLiteral("psim_000042"), QStringLiteral("VISA **** 4242"), {}})
                 .ok()) {
            qWarning("intent failed");
            return {};
        }
        if (owner)
            *owner = token;
        return n.key;
    }

    /// Its sale ran out: the hold and the pending booking expire (the sweep, as the releaser does).
    bool expireSale(const QUuid& owner)
    {
        return m_db->expireHoldsOf(owner) > 0 && m_db->sweepAsService() >= 0;
    }

    /// Its terminal has been silent for `seconds` (the test moves its clock, as the owner).
    bool silentFor(const QUuid& key, int seconds)
    {
        return m_db->run(
            QStringLiteral("UPDATE payment_intent SET created_at = created_at - make_interval(secs => %1), "
                           "updated_at = updated_at - make_interval(secs => %1) WHERE key = '%2'")
                .arg(seconds)
                .arg(key.toString(QUuid::WithoutBraces)));
    }

    QString stateOf(const QUuid& key) const
    {
        return m_db->scalar(QStringLiteral("SELECT state FROM payment_intent WHERE key = '%1'")
                                .arg(key.toString(QUuid::WithoutBraces)));
    }

    /// With $BOXOFFICE_SNAPSHOT_DIR set, saves the dialog there (the README's screenshot).
    static void snapshot(QWidget& widget, const QString& name)
    {
        const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
    }

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_showtime = addTodaysShowtime(*m_db);
        QVERIFY(m_showtime > 0);
        m_seatIds = m_db->seatIds(m_showtime);
        m_nextSeat = 0;
        m_connection = m_db->connect(QStringLiteral("setup"));
        QVERIFY(m_connection);
        m_seats = std::make_unique<SeatStore>(*m_connection);
        m_service = m_db->connectAsService(QStringLiteral("service"));
        QVERIFY(m_service);
        m_tillIntents = std::make_unique<PaymentIntentStore>(*m_connection);
        m_serviceIntents = std::make_unique<PaymentIntentStore>(*m_service);
        m_intents = std::make_unique<SiteIntents>(*m_tillIntents, *m_serviceIntents);
    }

    void cleanup()
    {
        m_intents.reset();
        m_tillIntents.reset();
        m_serviceIntents.reset();
        m_service.reset();
        m_seats.reset();
        m_connection.reset();
        m_db.reset();
    }

    void showsEveryPaymentInDoubtAndCheckNowVoidsTheOneWithoutBooking()
    {
        // This till's own card payment, authorised, whose sale ran out ten minutes ago.
        QUuid owner;
        const QUuid unbooked = authorisedCard(QStringLiteral("till-1"), &owner);
        QVERIFY(!unbooked.isNull());
        QVERIFY(expireSale(owner));
        QVERIFY(silentFor(unbooked, 600));
        // Another sale still at the payment step: the reconciler leaves it alone.
        const QUuid pending = authorisedCard(QStringLiteral("till-3"));
        QVERIFY(!pending.isNull());
        QVERIFY(silentFor(pending, 600));
        // This till's own card payment whose authorise went unanswered a moment ago.
        const QUuid unknown = authorisedCard(QStringLiteral("till-1"), nullptr,
                                             QStringLiteral("the payment service did not answer in time"));
        QVERIFY(!unknown.isNull());
        QVERIFY(silentFor(unknown, 20));
        QCOMPARE(stateOf(unbooked), QStringLiteral("AUTHORISED"));

        std::atomic<int> gatewayCalls{0};
        auto records = recordsOn(*m_db, &gatewayCalls);
        UnresolvedPaymentsDialog dialog(records.get());
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("paymentsTable"));
        auto* empty = dialog.findChild<QLabel*>(QStringLiteral("emptyState"));
        QVERIFY(table && empty);
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 3, dbTimeoutMs);
        QVERIFY(table->isVisible());
        QVERIFY(!empty->isVisible());

        const auto rowOf = [table](const QUuid& key) {
            for (int row = 0; row < table->model()->rowCount(); ++row) {
                if (table->model()->index(row, 0).data(PaymentRecordListModel::KeyRole).toUuid() == key)
                    return row;
            }
            return -1;
        };
        const auto cell = [table](int row, int column) {
            return table->model()->index(row, column).data().toString();
        };
        const int row = rowOf(unbooked);
        QVERIFY(row >= 0);
        QCOMPARE(cell(row, PaymentRecordListModel::TerminalColumn), QStringLiteral("till-1"));
        QCOMPARE(cell(row, PaymentRecordListModel::MethodColumn), QStringLiteral("Card VISA **** 4242"));
        QVERIFY2(cell(row, PaymentRecordListModel::AmountColumn).contains(QLatin1String("14,000")),
                 qPrintable(cell(row, PaymentRecordListModel::AmountColumn)));
        QCOMPARE(cell(row, PaymentRecordListModel::StateColumn), QStringLiteral("Authorised"));
        QCOMPARE(cell(row, PaymentRecordListModel::ReferenceColumn), QStringLiteral("psim_000042"));
        QVERIFY2(cell(row, PaymentRecordListModel::SinceColumn).contains(QLatin1String("10 min")),
                 qPrintable(cell(row, PaymentRecordListModel::SinceColumn)));
        QCOMPARE(cell(row, PaymentRecordListModel::ReconcilerColumn), QStringLiteral("Void (next pass)"));
        QCOMPARE(cell(rowOf(pending), PaymentRecordListModel::ReconcilerColumn),
                 QStringLiteral("None while the sale may still finish"));
        QCOMPARE(cell(rowOf(unknown), PaymentRecordListModel::StateColumn),
                 QStringLiteral("Authorising (outcome unknown)"));
        QCOMPARE(cell(rowOf(unknown), PaymentRecordListModel::ProblemColumn),
                 QStringLiteral("the payment service did not answer in time (calls unanswered: 1)"));
        QCOMPARE(cell(rowOf(unknown), PaymentRecordListModel::ReconcilerColumn),
                 QStringLiteral("Ask the payment service, once its terminal is silent"));
        snapshot(dialog, QStringLiteral("unresolved-payments.png"));

        auto* check = dialog.findChild<QPushButton*>(QStringLiteral("checkNowButton"));
        auto* result = dialog.findChild<QLabel*>(QStringLiteral("checkResult"));
        QVERIFY(check && result);
        QTest::mouseClick(check, Qt::LeftButton);
        QTRY_VERIFY2_WITH_TIMEOUT(result->text().contains(QStringLiteral("Authorised → Voided")),
                                  qPrintable(result->text()), dbTimeoutMs);
        QVERIFY2(result->text().contains(QLatin1String("till-1")), qPrintable(result->text()));
        // The other terminals' payments are the payment service's reconciler's: said, not touched.
        QVERIFY2(result->text().contains(QLatin1String("payment service")), qPrintable(result->text()));
        QCOMPARE(stateOf(unbooked), QStringLiteral("VOIDED"));
        QCOMPARE(stateOf(pending), QStringLiteral("AUTHORISED"));
        QCOMPARE(gatewayCalls.load(), 1);
        // The view reads again: the pending sale and the fresh unknown are left in doubt.
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, dbTimeoutMs);
        QVERIFY(rowOf(pending) >= 0 && rowOf(unknown) >= 0);
        QCOMPARE(stateOf(unknown), QStringLiteral("AUTHORISING"));
        QVERIFY(check->isEnabled());
        snapshot(dialog, QStringLiteral("unresolved-payments-checked.png"));
    }

    void aPaymentWithinItsGracePeriodIsShownButNotTouched()
    {
        QUuid owner;
        const QUuid unbooked = authorisedCard(QStringLiteral("till-1"), &owner);
        QVERIFY(expireSale(owner));
        std::atomic<int> gatewayCalls{0};
        auto records = recordsOn(*m_db, &gatewayCalls);
        UnresolvedPaymentsDialog dialog(records.get());
        dialog.show();
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("paymentsTable"));
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 1, dbTimeoutMs);
        QCOMPARE(table->model()->index(0, PaymentRecordListModel::ReconcilerColumn).data().toString(),
                 QStringLiteral("Void, once its terminal is silent"));
        QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("checkNowButton")), Qt::LeftButton);
        auto* result = dialog.findChild<QLabel*>(QStringLiteral("checkResult"));
        QTRY_VERIFY_WITH_TIMEOUT(result->text().startsWith(QLatin1String("Nothing was due")), dbTimeoutMs);
        QCOMPARE(stateOf(unbooked), QStringLiteral("AUTHORISED"));
        QCOMPARE(gatewayCalls.load(), 0);
    }

    void noPaymentInDoubtSaysSo()
    {
        std::atomic<int> gatewayCalls{0};
        auto records = recordsOn(*m_db, &gatewayCalls);
        UnresolvedPaymentsDialog dialog(records.get());
        QSignalSpy listed(records.get(), &PaymentRecords::unresolvedListed);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, dbTimeoutMs);
        // The spy counts the answer when the service sends it; the dialog takes it a moment later
        // on this thread, and until then ignores Refresh (one read at a time): wait for the view.
        auto* status = dialog.findChild<QLabel*>(QStringLiteral("paymentsStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QLatin1String("Read at")), dbTimeoutMs);
        auto* empty = dialog.findChild<QLabel*>(QStringLiteral("emptyState"));
        QTRY_VERIFY_WITH_TIMEOUT(empty->isVisible(), dbTimeoutMs);
        QVERIFY(empty->text().startsWith(QLatin1String("No payment is in doubt")));
        QVERIFY(!dialog.findChild<QTableView*>(QStringLiteral("paymentsTable"))->isVisible());
        // A payment appears: Refresh shows it.
        QVERIFY(!authorisedCard(QStringLiteral("till-2")).isNull());
        QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("refreshButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 2, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!empty->isVisible(), dbTimeoutMs);
    }

    void theCounterOpensTheViewFromItsMenuOnlyWithAPort()
    {
        CounterTill c(m_db->settings(), QStringLiteral("till-1"));
        CHECKED(start(c));
        // No port (as in the other tests): no menu item.
        QVERIFY(!c.window.findChild<QAction*>(QStringLiteral("unresolvedPaymentsAction")));
        std::atomic<int> gatewayCalls{0};
        auto records = recordsOn(*m_db, &gatewayCalls);
        c.window.setPaymentRecords(records.get());
        auto* action = c.window.findChild<QAction*>(QStringLiteral("unresolvedPaymentsAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_U));
        QTest::keyClick(&c.window, Qt::Key_U, Qt::ControlModifier);
        UnresolvedPaymentsDialog* dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (dialog = c.window.findChild<UnresolvedPaymentsDialog*>()) && dialog->isVisible(), dbTimeoutMs);
        auto* empty = dialog->findChild<QLabel*>(QStringLiteral("emptyState"));
        QTRY_VERIFY_WITH_TIMEOUT(empty->isVisible(), dbTimeoutMs);
        dialog->close();
    }
};

QTEST_MAIN(TstUnresolvedPaymentsDialog)
#include "tst_unresolvedpaymentsdialog.moc"
