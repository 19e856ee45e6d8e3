// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The site's leads as the payment service runs them (app/common/siteleads.h), on its own login
// against a real database: the announcer publishes a kiosk's hold, the releaser frees a lapsed
// one, the reconciler takes the money of a confirmed booking whose capture a crashed kiosk never
// sent — through the gateway, as the service — and a second service follows while one leads.
#include <QSqlDriver>
#include <QtTest>

#include "app/common/siteleads.h"
#include "db/dbconnection.h"
#include "model/payments/backgroundreconciler.h"
#include "tests/support/scriptedgateway.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::ScriptedGateway;
using bo::test::TestDatabase;

namespace {

/// The first column of the first row, or the error.
QString one(DbConnection& c, const QString& sql, const QVariantList& values = {})
{
    auto r = c.exec(sql, values);
    if (!r.ok())
        return r.error().detail;
    return r.value().next() ? r.value().value(0).toString() : QStringLiteral("none");
}

} // namespace

class TstSiteLeads final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
    }

    void cleanupTestCase() { m_db.reset(); }

    void theServiceAnnouncesReleasesAndSettlesForEveryTerminal()
    {
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime);
        auto kiosk = m_db->connectAsKiosk();
        auto service = m_db->connectAsService();
        QVERIFY(kiosk && service);

        // A kiosk's card sale, confirmed on its authorised payment; the kiosk then went away
        // before it sent the capture, and the payment has been silent for ten minutes.
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const QString booking = one(
            *kiosk,
            QStringLiteral("SELECT booking_id FROM bo_begin_payment(?, ?::integer[], ?::uuid, 'kiosk-1')"),
            {showtime, QStringLiteral("{%1}").arg(seats.at(0)), token});
        const QString key = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QCOMPARE(one(*kiosk,
                     QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, NULL, "
                                    "'kiosk-1', NULL, 'card', 10000, 'KRW', NULL, 'sim')"),
                     {key, token, showtime, booking}),
                 QStringLiteral("NEW"));
        for (const auto& [from, to] :
             {std::pair{"NEW", "AUTHORISING"}, std::pair{"AUTHORISING", "AUTHORISED"}})
            QCOMPARE(one(*service,
                         QStringLiteral("SELECT state FROM bo_payment_advance(?::uuid, ?, ?, 'ref-1')"),
                         {key, QString::fromLatin1(from), QString::fromLatin1(to)}),
                     QString::fromLatin1(to));
        QCOMPARE(
            one(*kiosk,
                QStringLiteral(
                    "SELECT response->>'status' FROM bo_confirm('kiosk-1', ?::uuid, ?, ?::uuid, NULL, NULL, "
                    "?::jsonb)"),
                {QUuid::createUuid().toString(QUuid::WithoutBraces), showtime, token,
                 QStringLiteral("{\"method\": \"card\", \"intent\": \"%1\"}").arg(key)}),
            QStringLiteral("CONFIRMED"));
        QVERIFY(m_db->run(QStringLiteral("UPDATE payment_intent SET updated_at = updated_at - interval '10 "
                                         "minutes' WHERE key = '%1'")
                              .arg(key)));
        // Another customer's hold that ran out.
        const QUuid lapsed = QUuid::createUuid();
        QCOMPARE(
            one(*kiosk, QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
                {showtime, QStringLiteral("{%1}").arg(seats.at(1)), lapsed.toString(QUuid::WithoutBraces)}),
            QStringLiteral("true"));
        QCOMPARE(m_db->expireHoldsOf(lapsed), 1);

        auto listener = m_db->connect(QStringLiteral("listener"));
        QVERIFY(listener);
        QSqlDriver* driver = listener->database().driver();
        QVERIFY(driver->subscribeToNotification(QStringLiteral("bo_seats")));
        QStringList heard;
        connect(driver, &QSqlDriver::notification, this,
                [&heard](const QString&, QSqlDriver::NotificationSource, const QVariant& payload) {
                    heard << payload.toString();
                });

        std::atomic<int> captures{0};
        SiteLeads leads(m_db->serviceSettings(), [&captures]() -> std::unique_ptr<PaymentGateway> {
            auto gateway = std::make_unique<ScriptedGateway>();
            gateway->captures << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Captured);
            gateway->onCall = [&captures, g = gateway.get()] {
                if (g->calls.last().startsWith(QLatin1String("capture")))
                    ++captures;
            };
            return gateway;
        });
        QSignalSpy passes(&leads.reconciler(), &BackgroundReconciler::passFinished);
        leads.start();
        QTRY_VERIFY_WITH_TIMEOUT(leads.announcer().isLeading(), 10000);
        // The releaser freed the lapsed seat (and the announcer said so).
        QTRY_COMPARE_WITH_TIMEOUT(m_db->seatStates(showtime, {seats.at(1)}), QStringLiteral("FREE:"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(heard.join(u';').contains(QStringLiteral("F%1").arg(seats.at(1))), 10000);
        // The reconciler led and took the money, as the service.
        QTRY_VERIFY_WITH_TIMEOUT(!passes.isEmpty(), 10000);
        QVERIFY(passes.first().at(2).toBool());
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db->scalar(QStringLiteral("SELECT state FROM payment_intent WHERE key = '%1'").arg(key)),
            QStringLiteral("CAPTURED"), 10000);
        QCOMPARE(captures.load(), 1);

        // A second service of the same site follows while the first leads; it takes over when the
        // first stops.
        SiteLeads second(m_db->serviceSettings(), {});
        QSignalSpy secondPasses(&second.reconciler(), &BackgroundReconciler::passFinished);
        second.start();
        QTRY_VERIFY_WITH_TIMEOUT(!secondPasses.isEmpty(), 10000);
        QVERIFY(!secondPasses.first().at(2).toBool());
        QVERIFY(!second.announcer().isLeading());
        leads.stop();
        QTRY_VERIFY_WITH_TIMEOUT(second.announcer().isLeading(), 10000);
        second.stop();
    }

private:
    std::unique_ptr<TestDatabase> m_db;
};

QTEST_GUILESS_MAIN(TstSiteLeads)
#include "tst_siteleads.moc"
