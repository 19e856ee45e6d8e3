// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <array>
#include <atomic>
#include <barrier>
#include <memory>
#include <thread>
#include <vector>

#include <QTest>

#include "app/adapters/tickets/ed25519.h"
#include "db/seatstore.h"
#include "db/ticketstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

/// The tickets and the door's check-in on PostgreSQL (migration 0012), with the manager's login
/// issuing and the terminal's admitting, as a box office and its doors would.
class TstTicketStore final : public QObject
{
    Q_OBJECT

private:
    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats;

    /// A confirmed booking of `seats` by the terminal login; returns its code.
    QString sell(const QList<int>& seats)
    {
        auto terminal = m_db->connect();
        if (!terminal)
            return {};
        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        if (!store.hold(m_showtime, seats, owner).value().granted)
            return {};
        ConfirmRequest request;
        request.terminal = QStringLiteral("till-1");
        request.key = QUuid::createUuid();
        request.showtimeId = m_showtime;
        request.owner = owner;
        if (!bo::test::payCash(*terminal, request).ok())
            return {};
        auto done = store.confirm(request);
        return done ? done.value().code : QString();
    }

    /// The manager's signing key (made on first use) as a signer.
    static std::unique_ptr<Ed25519Signer> signer(TicketStore& store)
    {
        auto key = store.signingKey();
        if (!key) {
            qWarning("signing key: %s", qPrintable(key.error().detail));
            return nullptr;
        }
        if (!key.value()) {
            auto pair = generateTicketKeyPair();
            auto id = store.addKey(pair.value().publicKey, pair.value().secretKey);
            if (!id) {
                qWarning("new key: %s", qPrintable(id.error().detail));
                return nullptr;
            }
            return std::make_unique<Ed25519Signer>(SigningKey{id.value(), pair.value().secretKey});
        }
        return std::make_unique<Ed25519Signer>(*key.value());
    }

    /// Issues (or reprints) the tickets of `code` as the manager.
    QList<Ticket> issue(const QString& code, bool reprint)
    {
        auto manager = m_db->connectAsManager();
        if (!manager)
            return {};
        TicketStore store(*manager);
        const auto s = signer(store);
        if (!s)
            return {};
        auto issued = store.issue(code, reprint, *s);
        if (!issued)
            qWarning("issue %s: %s", qPrintable(code), qPrintable(issued.error().detail));
        return issued ? issued.value() : QList<Ticket>();
    }

    static CheckinVerdict admit(TicketStore& store, const Ticket& t, const QString& door)
    {
        const std::optional<TicketPayload> p = ticketcode::peek(t.payload);
        if (!p)
            return CheckinVerdict::Unreadable;
        auto r = store.checkin(*p, t.payload, door, 0);
        return r ? r.value().verdict : CheckinVerdict::Unreadable;
    }

private slots:
    void init() { m_rig.create(3, 10, ShowtimeRig::Terminal::NotConnected); }

    void cleanup() { m_rig.reset(); }

    void issuedTicketsCarrySignedPayloadsAndContent()
    {
        const QString code = sell({m_seats[0], m_seats[1]});
        QVERIFY(!code.isEmpty());
        const QList<Ticket> tickets = issue(code, false);
        QCOMPARE(tickets.size(), 2);
        auto terminal = m_db->connect();
        TicketStore store(*terminal);
        const Ed25519KeyRing ring = Ed25519KeyRing::fromKeys(store.keys().value());
        for (const Ticket& t : tickets) {
            const auto decoded = ticketcode::decode(t.payload, ring);
            QVERIFY(std::holds_alternative<TicketPayload>(decoded));
            const auto& p = std::get<TicketPayload>(decoded);
            QCOMPARE(p.serial, t.serial);
            QCOMPARE(p.showtimeId, m_showtime);
            QCOMPARE(p.seatId, t.seatId);
            QCOMPARE(p.bookingCode, code);
            QCOMPARE(t.hall, QStringLiteral("Test hall"));
            QCOMPARE(t.terminal, QStringLiteral("till-1"));
            QVERIFY(!t.reprint);
        }
        QCOMPARE(tickets[0].seatLabel, QStringLiteral("A1"));
        // Asked again, the same serials: issuing is idempotent without --reprint.
        const QList<Ticket> again = issue(code, false);
        QCOMPARE(again.size(), 2);
        QCOMPARE(again[0].serial, tickets[0].serial);
        QCOMPARE(again[0].payload, tickets[0].payload);
    }

    void terminalCannotIssueNorReadTheKey()
    {
        const QString code = sell({m_seats[0]});
        auto terminal = m_db->connect();
        TicketStore store(*terminal);
        auto key = store.signingKey();
        QVERIFY(!key);
        QVERIFY2(key.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(key.error().detail));
        auto pair = generateTicketKeyPair();
        QVERIFY(!store.addKey(pair.value().publicKey, pair.value().secretKey));
        const Ed25519Signer own(SigningKey{1, pair.value().secretKey});
        auto issued = store.issue(code, false, own);
        QVERIFY(!issued);
        QVERIFY(issued.error().detail.startsWith(QLatin1String("SQLSTATE 42501")));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM ticket")), QStringLiteral("0"));
    }

    void reprintVoidsTheOldSerial()
    {
        const QString code = sell({m_seats[2]});
        const QList<Ticket> first = issue(code, false);
        QCOMPARE(first.size(), 1);
        const QList<Ticket> second = issue(code, true);
        QCOMPARE(second.size(), 1);
        QVERIFY(second[0].serial != first[0].serial);
        QVERIFY(second[0].reprint);
        auto terminal = m_db->connect();
        TicketStore store(*terminal);
        QCOMPARE(admit(store, first[0], QStringLiteral("Door A")), CheckinVerdict::Reprinted);
        QCOMPARE(admit(store, second[0], QStringLiteral("Door A")), CheckinVerdict::Admitted);
        QCOMPARE(admit(store, second[0], QStringLiteral("Door B")), CheckinVerdict::AlreadyUsed);
    }

    void cancelledOrRefundedBookingIsRefused_data()
    {
        QTest::addColumn<QString>("status");
        QTest::addColumn<int>("verdict");
        QTest::newRow("cancelled") << QStringLiteral("CANCELLED") << int(CheckinVerdict::Cancelled);
        QTest::newRow("refunded") << QStringLiteral("REFUNDED") << int(CheckinVerdict::Refunded);
    }

    void cancelledOrRefundedBookingIsRefused()
    {
        QFETCH(QString, status);
        QFETCH(int, verdict);
        const QString code = sell({m_seats[3]});
        const QList<Ticket> tickets = issue(code, false);
        QCOMPARE(tickets.size(), 1);
        QVERIFY(
            m_db->run(QStringLiteral("UPDATE booking SET status = '%1', closed_at = now() WHERE code = '%2'")
                          .arg(status, code)));
        auto terminal = m_db->connect();
        TicketStore store(*terminal);
        QCOMPARE(int(admit(store, tickets[0], QStringLiteral("Door A"))), verdict);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM checkin")), QStringLiteral("0"));
        // And no new ticket is issued for it.
        auto manager = m_db->connectAsManager();
        TicketStore managerStore(*manager);
        const auto s = signer(managerStore);
        auto reissued = managerStore.issue(code, true, *s);
        QVERIFY(!reissued);
        QCOMPARE(reissued.error().code, ErrorCode::Conflict);
    }

    void forgedPayloadOfARealSerialIsRefused()
    {
        const QString code = sell({m_seats[4]});
        const QList<Ticket> tickets = issue(code, false);
        QCOMPARE(tickets.size(), 1);
        // Signed with a key of its own: the serial is real, the payload is not the one issued.
        auto pair = generateTicketKeyPair();
        const Ed25519Signer forger(SigningKey{tickets[0].keyId, pair.value().secretKey});
        const TicketPayload p = *ticketcode::peek(tickets[0].payload);
        const QString forged = ticketcode::encode(p, forger);
        QVERIFY(forged != tickets[0].payload);
        auto terminal = m_db->connect();
        TicketStore store(*terminal);
        QCOMPARE(store.checkin(p, forged, QStringLiteral("Door A"), 0).value().verdict,
                 CheckinVerdict::Forged);
        QCOMPARE(
            store.checkin(p, tickets[0].payload, QStringLiteral("Door A"), m_showtime + 1).value().verdict,
            CheckinVerdict::WrongShowtime);
    }

    void undoIsRecordedAndTheTicketAdmitsAgain()
    {
        const QString code = sell({m_seats[5]});
        const QList<Ticket> tickets = issue(code, false);
        auto terminal = m_db->connect();
        TicketStore store(*terminal);
        QCOMPARE(admit(store, tickets[0], QStringLiteral("Door A")), CheckinVerdict::Admitted);
        QVERIFY(!store.undoCheckin(tickets[0].serial, QStringLiteral("Door B"), 60).value());
        QVERIFY(store.undoCheckin(tickets[0].serial, QStringLiteral("Door A"), 60).value());
        QCOMPARE(admit(store, tickets[0], QStringLiteral("Door B")), CheckinVerdict::Admitted);
        const CheckinList list = store.checkins(m_showtime).value();
        QCOMPARE(list.records.size(), 2);
        QCOMPARE(list.admitted(), 1);
        QCOMPARE(list.expected, 1);
        QVERIFY(!list.records[0].undoneAt.isNull());
    }

    /// Two doors, 16 scanning threads each with its own terminal connection, 32 scans of one
    /// ticket at once, for 8 tickets one after the other: each admitted exactly once, 31 times
    /// "already used", one checkin row each.
    void concurrentScansAdmitExactlyOnce()
    {
        constexpr int scans = 32;
        constexpr int rounds = 8;
        QList<Ticket> tickets;
        for (int r = 0; r < rounds; ++r) {
            const QList<Ticket> issued = issue(sell({m_seats[10 + r]}), false);
            QCOMPARE(issued.size(), 1);
            tickets << issued[0];
        }
        std::array<std::atomic<int>, rounds> admitted{};
        std::array<std::atomic<int>, rounds> used{};
        std::atomic<int> other{0};
        std::barrier start(scans);
        std::vector<std::thread> threads;
        threads.reserve(scans);
        for (int i = 0; i < scans; ++i) {
            threads.emplace_back([&, i] {
                auto connection = m_db->connect(QStringLiteral("door-%1").arg(i));
                const QString door = i % 2 == 0 ? QStringLiteral("Door A") : QStringLiteral("Door B");
                for (int r = 0; r < rounds; ++r) {
                    start.arrive_and_wait(); // every scan of this ticket leaves at once
                    if (!connection) {
                        ++other;
                        continue;
                    }
                    TicketStore store(*connection);
                    switch (admit(store, tickets[r], door)) {
                    case CheckinVerdict::Admitted:
                        ++admitted[size_t(r)];
                        break;
                    case CheckinVerdict::AlreadyUsed:
                        ++used[size_t(r)];
                        break;
                    default:
                        ++other;
                    }
                }
            });
        }
        for (std::thread& t : threads)
            t.join();
        QCOMPARE(other.load(), 0);
        for (int r = 0; r < rounds; ++r) {
            QCOMPARE(admitted[size_t(r)].load(), 1);
            QCOMPARE(used[size_t(r)].load(), scans - 1);
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM checkin")), QString::number(rounds));
    }

    void keyRotationKeepsOldTicketsVerifying()
    {
        const QString code = sell({m_seats[7]});
        const QList<Ticket> before = issue(code, false);
        auto manager = m_db->connectAsManager();
        TicketStore store(*manager);
        auto pair = generateTicketKeyPair();
        const quint16 newId = store.addKey(pair.value().publicKey, pair.value().secretKey).value();
        QVERIFY(newId != before[0].keyId);
        const QList<Ticket> after = issue(sell({m_seats[8]}), false);
        QCOMPARE(after[0].keyId, newId);
        const Ed25519KeyRing ring = Ed25519KeyRing::fromKeys(store.keys().value());
        QVERIFY(std::holds_alternative<TicketPayload>(ticketcode::decode(before[0].payload, ring)));
        QVERIFY(std::holds_alternative<TicketPayload>(ticketcode::decode(after[0].payload, ring)));
        // Retired, the old key verifies no more.
        QVERIFY(store.retireKey(before[0].keyId));
        const Ed25519KeyRing later = Ed25519KeyRing::fromKeys(store.keys().value());
        QCOMPARE(std::get<PayloadProblem>(ticketcode::decode(before[0].payload, later)),
                 PayloadProblem::UnknownKey);
    }
};

QTEST_GUILESS_MAIN(TstTicketStore)
#include "tst_ticketstore.moc"
