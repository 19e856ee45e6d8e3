// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSqlDriver>

#include "db/announcer.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

namespace {

const QString permissionDenied = QStringLiteral("SQLSTATE 42501");

/// The sale functions a terminal may call (ARCHITECTURE §7).
const QStringList saleFunctions = {
    QStringLiteral("bo_hold"), QStringLiteral("bo_release"), QStringLiteral("bo_begin_payment"),
    QStringLiteral("bo_extend_hold"), QStringLiteral("bo_confirm"),
    // The seat map: states, and which seats the caller's own token holds, never another sale's
    // token (docs/SECURITY.md, finding 3).
    QStringLiteral("bo_seat_map"),
    // The payment intents (0010): changed, read and reconciled only
    // through these.
    QStringLiteral("bo_payment_create"), QStringLiteral("bo_payment_advance"),
    QStringLiteral("bo_service_pass"), QStringLiteral("bo_payment_note_unknown"),
    QStringLiteral("bo_payment_find"), QStringLiteral("bo_payment_list"),
    // The sweep, the purge of old keys and the leads (announcer, reconciler) are the payment
    // service's alone (docs/SECURITY.md, finding 6): a terminal neither sweeps nor leads.
    // Tickets and the door (0012): the public keys, the issued tickets, check-in; issuing,
    // signing and the private keys are the manager's.
    QStringLiteral("bo_ticket_keys"), QStringLiteral("bo_ticket_list"), QStringLiteral("bo_checkin"),
    QStringLiteral("bo_checkin_undo"), QStringLiteral("bo_checkin_list"),
    QStringLiteral("bo_checkin_expected"),
    // A till's own ticket key and its own sale's first tickets (0015); approving a key is a
    // manager's.
    QStringLiteral("bo_ticket_till_key_enrol"), QStringLiteral("bo_ticket_till_issue"),
    QStringLiteral("bo_ticket_till_sign"),
    // Offline doors (0018): the ticket list, check-in with the scan id, the sync, the reports.
    QStringLiteral("bo_door_tickets"), QStringLiteral("bo_door_checkin"), QStringLiteral("bo_door_sync"),
    QStringLiteral("bo_door_reports"),
    // The admission queue (0014): join, heartbeat, leave, and the line without tokens. Setting a
    // showtime's capacity is a manager's (bo_queue_set_capacity).
    QStringLiteral("bo_queue_join"), QStringLiteral("bo_queue_heartbeat"), QStringLiteral("bo_queue_leave"),
    QStringLiteral("bo_queue_line"),
    // Help calls: kiosks call and close, tills answer, close and read the open calls;
    // the payload builder is the owner's.
    QStringLiteral("bo_help_call"), QStringLiteral("bo_help_answer"), QStringLiteral("bo_help_close"),
    QStringLiteral("bo_help_calls"),
    // Staff (0034, 0040): the sign-in list, a PIN's attempt and its outcome (checked by the server),
    // a supervisor's unlock, the till's lock, sign-out and who is signed in. Adding staff, PINs and
    // the audit log are the manager's.
    QStringLiteral("bo_staff_list"), QStringLiteral("bo_staff_pin_attempt"),
    QStringLiteral("bo_staff_pin_outcome"), QStringLiteral("bo_staff_unlock"), QStringLiteral("bo_till_lock"),
    QStringLiteral("bo_till_sign_out"), QStringLiteral("bo_till_staff"),
    // The till's shift and drawer (0035) and its refunds (0036); the day's shifts, a showtime's
    // bookings for refund-all are the manager's.
    QStringLiteral("bo_shift_open"), QStringLiteral("bo_drawer_move"), QStringLiteral("bo_shift_close"),
    QStringLiteral("bo_shift_current"), QStringLiteral("bo_sales_lines"), QStringLiteral("bo_refund_quote"),
    QStringLiteral("bo_refund_begin"), QStringLiteral("bo_refund_finish"), QStringLiteral("bo_refund_list"),
    QStringLiteral("bo_exchange")};

/// "" when `sql` was refused for lack of privilege, else what happened instead.
QString refusal(DbConnection& c, const QString& sql)
{
    const Status done = c.execScript(sql); // not prepared: SET and TRUNCATE cannot be
    if (done.ok())
        return QStringLiteral("allowed: ") + sql;
    if (!done.error().detail.startsWith(permissionDenied))
        return QStringLiteral("failed otherwise: %1: %2").arg(sql, done.error().detail);
    return {};
}

/// Pays in cash at the till "till" for every seat `owner` holds of `showtime`, as the till does
/// before its confirm; the payment JSON (with `extra` added) the confirm then carries, or "" when
/// paying failed.
QString paidJson(DbConnection& c, int showtime, const QUuid& owner, const QJsonObject& extra = {})
{
    ConfirmRequest confirm;
    confirm.terminal = QStringLiteral("till");
    confirm.key = QUuid::createUuid();
    confirm.showtimeId = showtime;
    confirm.owner = owner;
    const Status paid = bo::test::payCash(c, confirm);
    if (!paid) {
        qWarning("paying failed: %s: %s", qPrintable(paid.error().message), qPrintable(paid.error().detail));
        return {};
    }
    QJsonObject payment = confirm.payment;
    for (auto it = extra.begin(); it != extra.end(); ++it)
        payment.insert(it.key(), it.value());
    return QString::fromUtf8(QJsonDocument(payment).toJson(QJsonDocument::Compact));
}

QString allowed(DbConnection& c, const QString& sql)
{
    auto rows = c.exec(sql);
    return rows.ok() ? QString() : QStringLiteral("%1: %2").arg(sql, rows.error().detail);
}

} // namespace

class TstPrivileges final : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_rig.create(2, 10, ShowtimeRig::Terminal::NotConnected); }

    void cleanup() { m_rig.reset(); }

    void terminalAndManagerCannotWriteAnyTable()
    {
        const QStringList tables =
            m_db->scalar(QStringLiteral(
                             "SELECT string_agg(c.oid::regclass::text, ',' ORDER BY 1) FROM pg_class c "
                             "WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')"))
                .split(QLatin1Char(','));
        QVERIFY(tables.contains(QStringLiteral("showtime_seat")));
        QVERIFY(tables.contains(QStringLiteral("schema_migrations")));
        for (const QString& login : {m_db->terminalLogin(), m_db->managerLogin()}) {
            // No write privilege of any kind, on the table or on any of its columns.
            QCOMPARE(m_db->scalar(
                         QStringLiteral(
                             "SELECT coalesce(string_agg(c.relname || ':' || p, ','), '') FROM pg_class c, "
                             "unnest(ARRAY['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', "
                             "'TRIGGER']) p WHERE c.relnamespace = 'public'::regnamespace AND c.relkind "
                             "IN ('r', 'p', 'S') AND (has_table_privilege('%1', c.oid, p) OR (p IN "
                             "('INSERT', 'UPDATE', 'REFERENCES') AND c.relkind <> 'S' AND "
                             "has_any_column_privilege('%1', c.oid, p)))")
                             .arg(login)),
                     QString());
        }
        // And trying is refused.
        for (const auto& [who, connection] :
             {std::pair{"terminal", m_db->connect()}, std::pair{"manager", m_db->connectAsManager()}}) {
            QVERIFY2(connection, who);
            for (const QString& t : tables) {
                const QString column = m_db->scalar(
                    QStringLiteral("SELECT attname FROM pg_attribute WHERE attrelid = '%1'::regclass "
                                   "AND attnum > 0 AND NOT attisdropped AND attidentity = '' "
                                   "AND attgenerated = '' ORDER BY attnum LIMIT 1")
                        .arg(t));
                for (const QString& sql : {QStringLiteral("INSERT INTO %1 DEFAULT VALUES").arg(t),
                                           QStringLiteral("UPDATE %1 SET %2 = %2").arg(t, column),
                                           QStringLiteral("DELETE FROM %1").arg(t),
                                           QStringLiteral("TRUNCATE %1 CASCADE").arg(t)}) {
                    const QString why = refusal(*connection, sql);
                    QVERIFY2(why.isEmpty(),
                             qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(who), why)));
                }
            }
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat")), QStringLiteral("20"));
    }

    void terminalCallsOnlyTheSaleFunctions()
    {
        // Every bo_% function: executable by a terminal exactly when it is a sale function.
        const QString wrong = m_db->scalar(
            QStringLiteral("SELECT coalesce(string_agg(p.oid::regprocedure::text, '; '), '') FROM pg_proc p "
                           "WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'bo\\_%' "
                           "AND has_function_privilege('%1', p.oid, 'EXECUTE') <> (p.proname = ANY ('{%2}'))")
                .arg(m_db->terminalLogin(), saleFunctions.join(QLatin1Char(','))));
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));

        auto terminal = m_db->connect();
        QVERIFY(terminal);
        const QString showtime = QString::number(m_showtime);
        const QString seat = QString::number(m_seats.first());
        QStringList ownerOnly = {
            QStringLiteral("SELECT bo_new_booking_code()"),
            QStringLiteral("SELECT bo_check_seat_request(%1, '{%2}', gen_random_uuid())").arg(showtime, seat),
            QStringLiteral("SELECT bo_check_seats_exist(%1, '{%2}')").arg(showtime, seat),
            // The payment functions' helpers: an event written or a lock looked up from outside.
            QStringLiteral("SELECT bo_payment_record(gen_random_uuid(), NULL, 'NEW', now(), '{}')"),
            QStringLiteral("SELECT bo_payment_may_move('card', 'NEW', 'AUTHORISING')"),
            QStringLiteral("SELECT bo_payment_leads()"),
        };
        if (m_db->scalar(
                QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname = 'bo_cancel_booking'")) != u"0")
            ownerOnly << QStringLiteral("SELECT * FROM bo_cancel_booking('AAAA-AAAA')");
        ownerOnly << QStringLiteral("SELECT * FROM bo_queue_set_capacity(%1, 3)").arg(showtime)
                  << QStringLiteral("SELECT bo_queue_pass(%1, true)").arg(showtime)
                  << QStringLiteral("SELECT owner FROM queue_ticket")
                  << QStringLiteral("SELECT * FROM queue_line");
        for (const QString& sql : ownerOnly) {
            const QString why = refusal(*terminal, sql);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        // The trigger functions cannot be called directly by anyone, but neither may they be
        // granted: no EXECUTE for the terminal (checked above for every bo_% function).
        QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname IN "
                                            "('bo_notify_seat_changes', 'bo_showtime_seats_create')")) ==
                u"2");

        // The sale functions it may call work for it.
        const QUuid owner = CheckedSeatCommands::newToken();
        SeatStore store(*terminal);
        auto held = store.hold(m_showtime, {m_seats[0]}, owner);
        QVERIFY2(held.ok(), qPrintable(held.ok() ? QString() : held.error().detail));
        QVERIFY(held.value().granted);
        QVERIFY(store.release(m_showtime, owner).ok());
        // The sweep and the purge of old keys are the payment service's (its releaser's).
        QVERIFY(!store.sweep(10).ok());
        QVERIFY(!store.purgeExpiredKeys().ok());
    }

    void terminalReadsNoPaymentNorKeys()
    {
        // A confirmed sale with payment data, made through the functions.
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0]}, owner).value().granted);
        const QString payment =
            paidJson(*terminal, m_showtime, owner, {{QStringLiteral("card"), QStringLiteral("4111-secret")}});
        QVERIFY(!payment.isEmpty());
        QCOMPARE(allowed(*terminal, QStringLiteral("SELECT * FROM bo_confirm('till', gen_random_uuid(), %1, "
                                                   "'%2', NULL, NULL, '%3')")
                                        .arg(m_showtime)
                                        .arg(owner.toString(QUuid::WithoutBraces), payment)),
                 QString());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT payment->>'card' FROM booking")),
                 QStringLiteral("4111-secret"));

        for (const QString& sql :
             {QStringLiteral("SELECT payment FROM booking"), QStringLiteral("SELECT * FROM booking"),
              QStringLiteral("SELECT * FROM idempotency_key"),
              QStringLiteral("SELECT count(*) FROM idempotency_key"),
              QStringLiteral("SELECT * FROM booking_seat"), QStringLiteral("SELECT * FROM payment_intent"),
              QStringLiteral("SELECT * FROM payment_event"),
              QStringLiteral("SELECT * FROM payment_intent_status"),
              // Capabilities (docs/SECURITY.md): another sale's hold token or booking code.
              QStringLiteral("SELECT code, status, hold_token, total_minor FROM booking"),
              QStringLiteral("SELECT held_by FROM showtime_seat"),
              QStringLiteral("SELECT * FROM showtime_seat")}) {
            const QString why = refusal(*terminal, sql);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        // What the screens read is there: a seat's state, and whether it is this sale's.
        for (const QString& sql : {QStringLiteral("SELECT seat_id, status, held_until FROM showtime_seat"),
                                   QStringLiteral("SELECT * FROM bo_seat_map(%1, '%2')")
                                       .arg(m_showtime)
                                       .arg(owner.toString(QUuid::WithoutBraces)),
                                   QStringLiteral("SELECT * FROM settings"),
                                   QStringLiteral("SELECT max(version) FROM schema_migrations"),
                                   QStringLiteral("SELECT * FROM price_tier")})
            QCOMPARE(allowed(*terminal, sql), QString());
        // No function hands the stored responses (with the payment) back either, except a replay
        // of one's own key; and a terminal cannot become the owner or a manager.
        for (const QString& sql :
             {QStringLiteral("SET ROLE boxoffice_owner"), QStringLiteral("SET ROLE boxoffice_manager"),
              QStringLiteral("SET SESSION AUTHORIZATION boxoffice_owner")}) {
            const QString why = refusal(*terminal, sql);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
    }

    void managerReadsBookingsButWritesNothing()
    {
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0]}, owner).value().granted);
        const QString payment =
            paidJson(*terminal, m_showtime, owner, {{QStringLiteral("card"), QStringLiteral("visa")}});
        QVERIFY(!payment.isEmpty());
        QCOMPARE(allowed(*terminal, QStringLiteral("SELECT * FROM bo_confirm('till', gen_random_uuid(), %1, "
                                                   "'%2', NULL, NULL, '%3')")
                                        .arg(m_showtime)
                                        .arg(owner.toString(QUuid::WithoutBraces), payment)),
                 QString());

        auto manager = m_db->connectAsManager();
        QVERIFY(manager);
        auto rows = manager->exec(
            QStringLiteral("SELECT b.code, b.payment->>'card', count(bs.seat_id) FROM booking b "
                           "JOIN booking_seat bs ON bs.booking_id = b.id GROUP BY 1, 2"));
        QVERIFY2(rows.ok(), qPrintable(rows.ok() ? QString() : rows.error().detail));
        QVERIFY(rows.value().next());
        QCOMPARE(rows.value().value(1).toString(), QStringLiteral("visa"));
        QCOMPARE(rows.value().value(2).toInt(), 1);
        const QString code = rows.value().value(0).toString();

        const bool canCancel =
            m_db->scalar(
                QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname = 'bo_cancel_booking'")) != u"0";
        if (canCancel) {
            QCOMPARE(allowed(*manager, QStringLiteral("SELECT * FROM bo_cancel_booking('%1')").arg(code)),
                     QString());
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM booking")), QStringLiteral("CANCELLED"));
        }
        for (const QString& sql :
             {QStringLiteral("UPDATE booking SET status = 'CANCELLED'"),
              QStringLiteral("DELETE FROM booking_seat"), QStringLiteral("SELECT * FROM idempotency_key"),
              QStringLiteral("SELECT bo_new_booking_code()"), QStringLiteral("SET ROLE boxoffice_owner"),
              QStringLiteral("SELECT * FROM payment_intent"),
              QStringLiteral("SELECT * FROM payment_event")}) {
            const QString why = refusal(*manager, sql);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
    }

    void everyFunctionRunsAsTheOwnerWithAPinnedPath()
    {
        // Guards later migrations: CREATE OR REPLACE FUNCTION drops SECURITY DEFINER and the SET
        // clauses unless the migration sets them again (see 0006_roles.sql).
        QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname LIKE 'bo\\_%'"))
                    .toInt() >= 10);
        const QString loose = m_db->scalar(QStringLiteral(
            "SELECT coalesce(string_agg(p.oid::regprocedure::text, '; '), '') FROM pg_proc p "
            "WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'bo\\_%' AND NOT ("
            " p.prosecdef AND pg_get_userbyid(p.proowner) = 'boxoffice_owner'"
            " AND coalesce(p.proconfig, '{}') @> ARRAY['search_path=pg_catalog, public, pg_temp']"
            // 0008: the hot pair sets the flag itself around its only seat changes.
            " AND (coalesce(p.proconfig, '{}') @> ARRAY['bo.announced=']"
            "      OR p.proname IN ('bo_hold', 'bo_release'))"
            " AND NOT EXISTS (SELECT 1 FROM aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a "
            "                  WHERE a.grantee = 0))"
            // 0013: bo_announce runs inside the owner's functions only; nobody else may call it.
            " AND NOT (p.proname = 'bo_announce' AND pg_get_userbyid(p.proowner) = 'boxoffice_owner'"
            "          AND NOT EXISTS (SELECT 1 FROM aclexplode(coalesce(p.proacl, acldefault('f', "
            "p.proowner))) a"
            "                           WHERE a.grantee <> p.proowner))"));
        QVERIFY2(loose.isEmpty(),
                 qPrintable(QStringLiteral("not SECURITY DEFINER with the pinned settings, or "
                                           "open to PUBLIC: ") +
                            loose));
        const QString notOwned = m_db->scalar(QStringLiteral(
            "SELECT coalesce(string_agg(c.relname, ', '), '') FROM pg_class c "
            "WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'S', 'v', 'm') AND ("
            " pg_get_userbyid(c.relowner) <> 'boxoffice_owner'"
            " OR EXISTS (SELECT 1 FROM aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a "
            "             WHERE a.grantee = 0))"));
        QVERIFY2(notOwned.isEmpty(),
                 qPrintable(QStringLiteral("not the owner's, or open to PUBLIC: ") + notOwned));
    }

    void aTerminalCannotSilenceTheAnnouncements()
    {
        // Migration 0013: the changes reach NOTIFY through the site's announcer (the payment service's).
        Announcer announcer(m_db->serviceSettings());
        announcer.start();
        auto listener = m_db->connect(QStringLiteral("listener"));
        QVERIFY(listener);
        QSqlDriver* driver = listener->database().driver();
        QVERIFY(driver->subscribeToNotification(QStringLiteral("bo_seats")));
        // Each seat change as "<status><seat>", in the order announced (a batch may carry several).
        QStringList changes;
        connect(driver, &QSqlDriver::notification, this,
                [&changes, this](const QString&, QSqlDriver::NotificationSource, const QVariant& payload) {
                    QVERIFY(payload.toString().startsWith(QStringLiteral("%1|").arg(m_showtime)));
                    for (const QString& entry : payload.toString().section(QLatin1Char('|'), 1).split(u','))
                        if (!entry.startsWith(u'#'))
                            changes << entry;
                });

        auto terminal = m_db->connect();
        QVERIFY(terminal);
        SeatStore store(*terminal);
        const QUuid buyer = CheckedSeatCommands::newToken();
        const QUuid lapsed = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0]}, buyer).value().granted);
        QVERIFY(store.hold(m_showtime, {m_seats[1]}, lapsed).value().granted);
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 2, 5000);
        // The buyer pays, as the till does before its confirm: its payment step holds the seat
        // again, announced too.
        const QString payment = paidJson(*terminal, m_showtime, buyer);
        QVERIFY(!payment.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 3, 5000);
        QCOMPARE(changes.last(), QStringLiteral("H%1").arg(m_seats[0]));

        // The flag the self-announcing functions use, set by the session itself.
        QVERIFY(terminal->execScript(QStringLiteral("SET bo.announced = 'on'")).ok());
        QCOMPARE(allowed(*terminal, QStringLiteral("SELECT * FROM bo_confirm('till', gen_random_uuid(), %1, "
                                                   "'%2', NULL, NULL, '%3')")
                                        .arg(m_showtime)
                                        .arg(buyer.toString(QUuid::WithoutBraces), payment)),
                 QString());
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 4, 5000);
        QCOMPARE(changes.last(), QStringLiteral("R%1").arg(m_seats[0]));

        QCOMPARE(m_db->expireHoldsOf(lapsed), 1);
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 5, 5000); // the owner's own UPDATE
        QVERIFY(terminal->execScript(QStringLiteral("SET bo.announced = 'on'")).ok());
        QCOMPARE(m_db->sweepAsService(10), 1); // the site's releaser, on the service's login
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 6, 5000);
        QCOMPARE(changes.last(), QStringLiteral("F%1").arg(m_seats[1]));
        // Hold and release do not pin the flag (0008): they set it around their own changes.
        const QUuid late = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[2]}, late).value().granted);
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 7, 5000);
        QCOMPARE(changes.last(), QStringLiteral("H%1").arg(m_seats[2]));
        QCOMPARE(store.release(m_showtime, late, {m_seats[2]}).value(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(changes.size(), 8, 5000);
        QCOMPARE(changes.last(), QStringLiteral("F%1").arg(m_seats[2]));
        // The session's own value is back after each call.
        QCOMPARE(allowed(*terminal, QStringLiteral("SELECT 1 WHERE current_setting('bo.announced') = 'on'")),
                 QString());
    }

    void aDatabaseOwnerWithCreateRoleMigrates()
    {
        // Production: no superuser, the database's owner with CREATEROLE migrates (after the
        // one-time superuser grant that a superuser migration of this cluster has made already).
        const ConnectionSettings server = TestDatabase::serverSettings();
        auto admin = DbConnection::open(server, QStringLiteral("test-admin"));
        QVERIFY(admin.ok());
        const QString suffix =
            QStringLiteral("%1").arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
        const QString login = QStringLiteral("own_") + suffix;
        const QString database = QStringLiteral("prod_") + suffix;
        const QString password = suffix + QStringLiteral("pw");
        QVERIFY(admin.value()
                    ->execScript(
                        QStringLiteral("CREATE ROLE %1 LOGIN CREATEROLE PASSWORD '%2'").arg(login, password))
                    .ok());
        const auto dropLogin = qScopeGuard([&] {
            (void)admin.value()->execScript(
                QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(database));
            (void)admin.value()->execScript(QStringLiteral("DROP OWNED BY %1").arg(login));
            (void)admin.value()->execScript(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
        });
        QVERIFY(admin.value()
                    ->execScript(QStringLiteral("CREATE DATABASE %1 OWNER %2").arg(database, login))
                    .ok());
        ConnectionSettings owner = server.withDatabase(database);
        owner.setValue(QStringLiteral("user"), login);
        owner.setValue(QStringLiteral("password"), password);
        {
            auto connection = DbConnection::open(owner, QStringLiteral("prod-migrate"));
            QVERIFY(connection.ok());
            Migrator migrator(*connection.value());
            auto report = migrator.migrate();
            QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().detail));
            QCOMPARE(report.value().toVersion, Migrator::latestVersion());
            auto check = connection.value()->exec(QStringLiteral(
                "SELECT (SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace "
                "AND relkind = 'r' AND pg_get_userbyid(relowner) <> 'boxoffice_owner'), "
                "(SELECT count(*) FROM pg_proc WHERE proname LIKE 'bo\\_%' AND proname <> 'bo_announce' "
                "AND NOT prosecdef), "
                "(SELECT rolsuper FROM pg_roles WHERE rolname = current_user)"));
            QVERIFY(check.ok());
            QVERIFY(check.value().next());
            QCOMPARE(check.value().value(0).toInt(), 0);
            QCOMPARE(check.value().value(1).toInt(), 0);
            QCOMPARE(check.value().value(2).toBool(), false);
        }
        // It owns nothing itself any more: everything went to boxoffice_owner.
        QVERIFY(
            admin.value()->execScript(QStringLiteral("DROP DATABASE %1 WITH (FORCE)").arg(database)).ok());
    }

private:
    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats;
};

QTEST_GUILESS_MAIN(TstPrivileges)
#include "tst_privileges.moc"
