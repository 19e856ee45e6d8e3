// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The counter's Till screens against a real PostgreSQL through the real PgTillDesk:
// the blind count closes the shift and only then shows what was expected, the over/short and the
// Z report; a refund found by its code pays back the ticked seats, asks a supervisor's PIN above
// the limit (a wrong one refuses, the right one refunds), and a repeat of the same refund pays
// nothing twice.
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMainWindow>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

#include "db/dbconnection.h"
#include "db/pgtilldesk.h"
#include "db/staffstore.h"
#include "db/tillshiftstore.h"
#include "model/staff/staffsignin.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"
#include "ui/counter/cashupdialog.h"
#include "ui/counter/exchangedialog.h"
#include "ui/counter/refunddialog.h"
#include "ui/counter/saleslinesview.h"
#include "ui/counter/tillmenu.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

const QString till = QStringLiteral("Counter 1");
constexpr int waitMs = 15000;

/// With $BOXOFFICE_SNAPSHOT_DIR set (under Xvfb, for the README), the widget as a PNG there.
void snapshot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TstTillMoney final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_terminal;
    std::unique_ptr<PgTillDesk> m_desk;
    QUuid m_till;
    int m_showtime = 0;
    QList<int> m_seats;
    int m_supervisor = 0;

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_showtime = m_db->addShowtime(2, 10);
        m_seats = m_db->seatIds(m_showtime);
        auto manager = m_db->connectAsManager();
        StaffStore managerStaff(*manager);
        const int cashier =
            managerStaff.addStaff(QStringLiteral("Mina Park"), StaffRole::Cashier, QStringLiteral("4829"))
                .value();
        m_supervisor =
            managerStaff.addStaff(QStringLiteral("Joon Lee"), StaffRole::Supervisor, QStringLiteral("7301"))
                .value();
        m_till = QUuid::createUuid();
        m_terminal = m_db->connect();
        StaffStore staff(*m_terminal);
        QVERIFY(StaffSignIn(staff, till, m_till)
                    .check(cashier, QStringLiteral("4829"), PinPurpose::SignIn)
                    .value()
                    .ok());
        QVERIFY(TillShiftStore(*m_terminal).openShift(m_till, till, 100000).ok());
        m_desk = std::make_unique<PgTillDesk>(m_db->settings(), till, m_till, CardPaymentsFactory());
        m_desk->start();
    }

    void cleanup()
    {
        m_desk.reset();
        m_terminal.reset();
        m_db.reset();
    }

    /// Cash goes only into an open shift's drawer: the status bar says whether this till has one,
    /// from the server, before the first cash sale and after the close.
    void theStatusBarSaysWhetherTheTillCanTakeCash()
    {
        QMainWindow window;
        TillMenu menu(&window, m_desk.get(), till, m_till, [] { return QStringLiteral("KRW"); });
        auto* label = window.findChild<QLabel*>(QStringLiteral("shiftLabel"));
        QVERIFY(label);
        menu.refreshShift();
        QTRY_VERIFY_WITH_TIMEOUT(label->text().contains(QLatin1String("open")), waitMs);
        QVERIFY2(label->text().startsWith(QLatin1String("Shift ")), qPrintable(label->text()));
        QVERIFY(TillShiftStore(*m_terminal).closeShift(m_till, 100000, {}).ok());
        menu.refreshShift();
        QTRY_VERIFY_WITH_TIMEOUT(label->text().contains(QLatin1String("No shift open")), waitMs);
    }

    void theBlindCountShowsTheExpectationOnlyAfterTheCount()
    {
        QVERIFY(
            !bo::test::paidSale(*m_terminal, m_showtime, {m_seats[0], m_seats[1]}, till, m_till).isEmpty());
        CashUpDialog dialog(m_desk.get(), QStringLiteral("KRW"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        // Nothing on the count's page says what is expected (120,000).
        const QList<QLabel*> before = dialog.findChildren<QLabel*>();
        for (QLabel* label : before)
            QVERIFY2(!label->text().contains(QLatin1String("120")), qPrintable(label->text()));
        dialog.countOf(50000)->setValue(2);
        dialog.countOf(10000)->setValue(1);
        dialog.countOf(5000)->setValue(1);
        dialog.countOf(1000)->setValue(4);
        QCOMPARE(dialog.countedMinor(), qint64(119000));
        snapshot(dialog, QStringLiteral("cash-up-count.png"));
        QTest::mouseClick(dialog.closeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.verdictLabel()->text().isEmpty(), waitMs);
        QVERIFY2(dialog.verdictLabel()->text().contains(QLatin1String("short by")),
                 qPrintable(dialog.verdictLabel()->text()));
        QVERIFY(dialog.verdictLabel()->text().contains(QLatin1String("1,000")));
        QVERIFY(dialog.report()
                    ->amountOf(QStringLiteral("cash"), QStringLiteral("expected"))
                    .contains(QLatin1String("120,000")));
        QVERIFY(dialog.report()
                    ->amountOf(QStringLiteral("method"), QStringLiteral("cash"))
                    .contains(QLatin1String("20,000")));
        snapshot(dialog, QStringLiteral("cash-up-z.png"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT counted_minor || ':' || expected_minor || ':' || "
                                             "(counted_detail->>'50000') FROM shift")),
                 QStringLiteral("119000:120000:2"));
    }

    void aRefundPaysBackTheTickedSeatsAndAsksASupervisorAboveTheLimit()
    {
        const QString code =
            bo::test::paidSale(*m_terminal, m_showtime, {m_seats[0], m_seats[1], m_seats[2]}, till, m_till);
        QVERIFY(!code.isEmpty());
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET refund_approval_above_minor = 15000")));
        RefundDialog dialog(m_desk.get(), till, m_till);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(dialog.codeField(), code.toLower());
        QTest::mouseClick(dialog.findButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(dialog.seatList()->count(), 3, waitMs);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.refundButton()->isEnabled(), waitMs);
        QVERIFY(dialog.needsApproval()); // 30,000 above 15,000
        // One seat only: 10,000, under the limit.
        dialog.seatList()->item(1)->setCheckState(Qt::Unchecked);
        dialog.seatList()->item(2)->setCheckState(Qt::Unchecked);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.summaryLabel()->text().contains(QLatin1String("10,000")), waitMs);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.needsApproval() && dialog.refundButton()->isEnabled(), waitMs);
        QTest::keyClicks(dialog.reasonField(), QStringLiteral("Feels unwell"));
        QTest::mouseClick(dialog.refundButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.resultLabel()->text().contains(QLatin1String("hand back")), waitMs);
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT string_agg(array_to_string(seat_labels, ' '), ',') FROM refund")),
                 QStringLiteral("A1"));

        // The other two (20,000): a supervisor's PIN; a wrong one refuses, the right one refunds.
        QTest::mouseClick(dialog.findButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(dialog.seatList()->count(), 2, waitMs);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.refundButton()->isEnabled(), waitMs);
        QVERIFY(dialog.needsApproval());
        dialog.supervisorField()->setValue(m_supervisor);
        QTest::keyClicks(dialog.pinField(), QStringLiteral("1111"));
        snapshot(dialog, QStringLiteral("refund.png"));
        QTest::mouseClick(dialog.refundButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.resultLabel()->text().contains(QLatin1String("Wrong PIN")), waitMs);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM refund")), QStringLiteral("1"));
        QTest::keyClicks(dialog.pinField(), QStringLiteral("7301"));
        QTest::mouseClick(dialog.refundButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.resultLabel()->text().contains(QLatin1String("20,000")), waitMs);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) || ':' || sum(amount_minor) || ':' || "
                                             "max(approved_by) FROM refund")),
                 QStringLiteral("2:30000:%1").arg(m_supervisor));
        QVERIFY(dialog.pinField()->text().isEmpty()); // the PIN is not kept
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM booking WHERE code = '%1'").arg(code)),
                 QStringLiteral("REFUNDED"));
    }

    void anExchangeTakesTheDifferenceInCash()
    {
        const QString code =
            bo::test::paidSale(*m_terminal, m_showtime, {m_seats[0], m_seats[1]}, till, m_till);
        QVERIFY(!code.isEmpty());
        ExchangeDialog dialog(m_desk.get(), till, m_till);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(dialog.codeField(), code);
        QTest::mouseClick(dialog.findButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(dialog.seatList()->count(), 2, waitMs);
        QCOMPARE(dialog.showtimeField()->value(), m_showtime);
        // A2 stays; A1 becomes B5 and B6: one seat more, 10,000 to pay.
        dialog.seatList()->item(1)->setCheckState(Qt::Unchecked);
        QTest::keyClicks(dialog.newSeatsField(), QStringLiteral("b5, B6"));
        QTest::keyClicks(dialog.reasonField(), QStringLiteral("A friend joins"));
        snapshot(dialog, QStringLiteral("exchange.png"));
        QTest::mouseClick(dialog.exchangeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.resultLabel()->text().contains(QLatin1String("Take 10,000")), waitMs);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(s.label || '=' || b.code, ',' ORDER BY "
                                             "s.label) FROM showtime_seat ss JOIN seat "
                                             "s ON s.id = ss.seat_id JOIN booking b ON b.id = ss.booking_id "
                                             "WHERE ss.status = 'RESERVED'")),
                 QStringLiteral("A2=%1,B5=%2,B6=%2")
                     .arg(code, m_db->scalar(QStringLiteral("SELECT new_code FROM exchange"))));
        // The difference is a cash payment of this till's shift.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT bo_shift_expected_cash(id) FROM shift")),
                 QStringLiteral("130000"));
        // A seat that is not free refuses the whole exchange and changes nothing.
        QTest::mouseClick(dialog.findButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(dialog.seatList()->count(), 1, waitMs);
        dialog.newSeatsField()->clear();
        QTest::keyClicks(dialog.newSeatsField(), QStringLiteral("B5"));
        QTest::mouseClick(dialog.exchangeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.resultLabel()->text().contains(QLatin1String("no longer free")),
                                 waitMs);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM exchange")), QStringLiteral("1"));
    }
};

QTEST_MAIN(TstTillMoney)
#include "tst_tillmoney.moc"
