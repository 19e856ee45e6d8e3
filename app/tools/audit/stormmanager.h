// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// StormManager: a storm worker's manager, apart from the worker's sale steps
// (app/tools/audit/stormworker.h): a connection of the manager's login, opened when the worker
// first cancels, and the two ways a booking is cancelled (bo_cancel_booking, or before migration
// 0005, which has none, a refund written as one statement).
#pragma once

#include <memory>

#include <QString>

#include "app/tools/audit/stormledger.h"
#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo {
class DbConnection;
} // namespace bo

namespace bo::audit {

/// Worker `index`'s manager, on the worker's thread, counting into its ledger.
class StormManager final
{
public:
    /// `settings` and `ledger` are the worker's and outlive the manager.
    StormManager(const ConnectionSettings& settings, int index, StormLedger& ledger);
    ~StormManager();
    StormManager(const StormManager&) = delete;
    StormManager& operator=(const StormManager&) = delete;

    /// Opens the connection unless it is open; false (counted as a connect-manager error) when it
    /// cannot be.
    [[nodiscard]] bool open();
    /// Cancels the booking `code` through bo_cancel_booking (a PENDING or a CONFIRMED one). Open first.
    [[nodiscard]] Status cancel(const QString& code);
    /// Refunds the CONFIRMED booking `code` in one statement, its seats freed: a schema before
    /// migration 0005 has no bo_cancel_booking. Open first.
    [[nodiscard]] Status refund(const QString& code);
    /// Closes the connection, on the thread that opened it (Qt's rule for QSqlDatabase).
    void close();

private:
    const ConnectionSettings& m_settings;
    const int m_index;
    StormLedger& m_ledger;
    std::unique_ptr<DbConnection> m_connection;
};

} // namespace bo::audit
