// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QList>
#include <QString>
#include <QUuid>

#include "db/connectionsettings.h"
#include "db/dbconnection.h"

namespace bo::test {

/// A fresh database for one test on the private PostgreSQL of the CTest fixture
/// ($BOXOFFICE_TEST_PG_FILE names the file holding the cluster folder). Run directly, without
/// ctest, the test starts its own private cluster in a temporary folder. If no server can be
/// started the test fails; it never skips.
///
/// Migrations run as the cluster's superuser (the owner side). A migrated database also gets a
/// login of its own per kind of client, dropped with it: `<name>_till` (IN ROLE boxoffice_till),
/// `<name>_kiosk`, `<name>_door`, `<name>_web` (boxoffice_web, the online box office's),
/// `<name>_mgr` (boxoffice_manager) and a second till's, `<name>_till2` (a till acts only for
/// itself: migration 0043). settings() and connect() are the till's; a kiosk's, a door's or the
/// website's code under test connects with kioskSettings(), doorSettings() or webSettings(), so
/// that it proves the grants of its kind suffice (docs/SECURITY.md). scalar(), run(),
/// snapshot() and the other helpers are the test's own set-up and inspection and run as the owner.
class TestDatabase final
{
public:
    /// Creates a new empty database, migrated unless `migrated` is false.
    /// On failure `ok()` is false and `error()` says why.
    explicit TestDatabase(bool migrated = true);
    /// The same on another server (e.g. a private cluster a test starts and stops itself).
    explicit TestDatabase(const ConnectionSettings& server, bool migrated = true);
    ~TestDatabase();
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    [[nodiscard]] bool ok() const { return m_ok; }
    [[nodiscard]] QString error() const { return m_error; }
    /// The till login's settings (the owner's when the database was not migrated: the
    /// roles do not exist before that).
    [[nodiscard]] const ConnectionSettings& settings() const { return m_settings; }
    /// The cluster superuser on this database: migrations, set-up, inspection.
    [[nodiscard]] const ConnectionSettings& ownerSettings() const { return m_ownerSettings; }
    /// The manager login's settings (the owner's when not migrated).
    [[nodiscard]] const ConnectionSettings& managerSettings() const { return m_managerSettings; }
    /// The payment service's login (IN ROLE boxoffice_service): the only one that records what a
    /// card's gateway answered (migration 0044).
    [[nodiscard]] const ConnectionSettings& serviceSettings() const { return m_serviceSettings; }
    /// The payment service's login of the test database that `terminal` connects to (a rig that
    /// is handed only a terminal's settings pays through it); empty settings for an unknown one.
    [[nodiscard]] static ConnectionSettings serviceSettingsFor(const ConnectionSettings& terminal);
    /// The manager's login of the test database `terminal` connects to (its staff, for a till's
    /// sign-in).
    [[nodiscard]] static ConnectionSettings managerSettingsFor(const ConnectionSettings& terminal);
    /// The kiosk's and the door's logins (the owner's when not migrated).
    [[nodiscard]] const ConnectionSettings& kioskSettings() const { return m_kioskSettings; }
    [[nodiscard]] const ConnectionSettings& doorSettings() const { return m_doorSettings; }
    /// The website's login (IN ROLE boxoffice_web; the owner's when not migrated): one for all
    /// the online box office's customers.
    [[nodiscard]] const ConnectionSettings& webSettings() const { return m_webSettings; }
    /// Another till's login: what one counter's credential may do to another's till.
    [[nodiscard]] const ConnectionSettings& otherTillSettings() const { return m_otherTillSettings; }
    [[nodiscard]] QString name() const { return m_name; }
    /// The login names of the till, the kiosk, the door and the manager ("" when not migrated).
    [[nodiscard]] QString terminalLogin() const { return m_terminalLogin; }
    [[nodiscard]] QString kioskLogin() const { return m_kioskLogin; }
    [[nodiscard]] QString doorLogin() const { return m_doorLogin; }
    [[nodiscard]] QString webLogin() const { return m_webLogin; }
    [[nodiscard]] QString managerLogin() const { return m_managerLogin; }

    /// A new till-login connection owned by the calling thread (QVERIFY the result).
    [[nodiscard]] std::unique_ptr<DbConnection>
    connect(const QString& purpose = QStringLiteral("test")) const;
    /// A new connection as the owner (the cluster superuser) for set-up and inspection.
    [[nodiscard]] std::unique_ptr<DbConnection>
    connectAsOwner(const QString& purpose = QStringLiteral("test-owner")) const;
    /// A new manager-login connection.
    [[nodiscard]] std::unique_ptr<DbConnection>
    connectAsManager(const QString& purpose = QStringLiteral("test-manager")) const;
    /// A new kiosk-login or door-login connection.
    [[nodiscard]] std::unique_ptr<DbConnection>
    connectAsKiosk(const QString& purpose = QStringLiteral("test-kiosk")) const;
    [[nodiscard]] std::unique_ptr<DbConnection>
    connectAsDoor(const QString& purpose = QStringLiteral("test-door")) const;
    /// A new connection of the website's login.
    [[nodiscard]] std::unique_ptr<DbConnection>
    connectAsWeb(const QString& purpose = QStringLiteral("test-web")) const;
    [[nodiscard]] std::unique_ptr<DbConnection>
    connectAsOtherTill(const QString& purpose = QStringLiteral("test-till2")) const;
    /// A new connection of the payment service's login.
    [[nodiscard]] std::unique_ptr<DbConnection>
    connectAsService(const QString& purpose = QStringLiteral("test-service")) const;

    /// Runs SQL and returns the first column of the first row as text ("" when no row).
    [[nodiscard]] QString scalar(const QString& sql) const;
    /// Everything a sale can change (seats, bookings, booked seats, idempotency keys, showtimes) as
    /// one comparable line: equal before and after means the database was left unchanged.
    [[nodiscard]] QString snapshot() const;
    /// Runs SQL without results (for test set-up such as shortening a TTL).
    [[nodiscard]] bool run(const QString& sql) const;

    /// Inserts a small cinema: one auditorium with `rows` x `perRow` seats, one film, a price
    /// list (adult 10000, child 7000 KRW) and one showtime tomorrow. Returns the showtime id.
    [[nodiscard]] int addShowtime(int rows = 3, int perRow = 10,
                                  const QString& hall = QStringLiteral("Test hall"));
    /// Seat ids of a showtime in label order (A1, A2, ...).
    [[nodiscard]] QList<int> seatIds(int showtimeId) const;

    /// One seat's row as "FREE -", "HELD <token>" (see heldBy()), "RESERVED -" ...
    [[nodiscard]] QString seatRow(int showtimeId, int seatId) const;
    /// The seats `owner` holds on the showtime (by status and token, whatever their deadline),
    /// sorted, as "12,13" (see joined()); "" when none.
    [[nodiscard]] QString heldSeats(int showtimeId, const QUuid& owner) const;
    /// "status:held_by" of the given seats in seat id order, e.g. "HELD:<token>,FREE:".
    [[nodiscard]] QString seatStates(int showtimeId, const QList<int>& seatIds) const;
    /// Lets every hold of `owner` run out now: their deadline (and that of its pending booking)
    /// is put a second into the past by the database's own clock, so nothing waits for a TTL.
    /// Returns the number of seats whose hold was moved, -1 on failure.
    [[nodiscard]] int expireHoldsOf(const QUuid& owner) const;
    /// Sweeps as the site's releaser does (bo_sweep on the payment service's login, the only
    /// terminal-side login that may): the seats freed, -1 on failure.
    [[nodiscard]] int sweepAsService(int batch = 1000) const;

    /// Settings of the cluster's maintenance database (for tests that create databases).
    [[nodiscard]] static ConnectionSettings serverSettings(QString* error = nullptr);

private:
    void create(const ConnectionSettings& server, bool migrated);
    [[nodiscard]] bool createLogins(const ConnectionSettings& server);
    [[nodiscard]] static std::unique_ptr<DbConnection> open(const ConnectionSettings& settings,
                                                            const QString& purpose);

    ConnectionSettings m_server; ///< set when not the fixture's server
    bool m_ok = false;
    QString m_error;
    QString m_name;
    ConnectionSettings m_settings;
    ConnectionSettings m_ownerSettings;
    ConnectionSettings m_managerSettings;
    ConnectionSettings m_serviceSettings;
    ConnectionSettings m_kioskSettings;
    ConnectionSettings m_doorSettings;
    ConnectionSettings m_webSettings;
    ConnectionSettings m_otherTillSettings;
    QString m_terminalLogin;
    QString m_kioskLogin;
    QString m_doorLogin;
    QString m_webLogin;
    QString m_managerLogin;
    QString m_otherTillLogin;
    QString m_serviceLogin;
};

/// A seat as seatRow() shows it while `owner` holds it: "HELD <token>".
[[nodiscard]] QString heldBy(const QUuid& owner);
/// Seat ids as heldSeats() lists them: "12,13", in the order given.
[[nodiscard]] QString joined(const QList<int>& ids);

} // namespace bo::test
