// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QString>

#include "model/door/doorjournal.h"

namespace bo {

/// The door's journal in a SQLite file through Qt Sql's QSQLITE driver (libqt6sql6-sqlite):
/// write-ahead log with synchronous=FULL, so a write is on the disk when it returns and a power
/// cut loses nothing that was acknowledged. One file per door; one connection, used from the
/// thread that opened it. SQL lives here, as every SQL of the program lives in db/.
class SqliteDoorJournal final : public DoorJournal
{
public:
    ~SqliteDoorJournal() override;
    SqliteDoorJournal(const SqliteDoorJournal&) = delete;
    SqliteDoorJournal& operator=(const SqliteDoorJournal&) = delete;

    /// Opens (creating it and its folder if needed) the journal at `path`. Fails when the
    /// QSQLITE driver is missing, the folder cannot be made or the file is not a journal.
    [[nodiscard]] static Result<std::unique_ptr<SqliteDoorJournal>> open(const QString& path);
    /// Whether this Qt has the QSQLITE driver (the Windows prefix has none).
    [[nodiscard]] static bool isAvailable();

    [[nodiscard]] QString path() const { return m_path; }

    [[nodiscard]] Result<qint64> append(const DoorScan& scan) override;
    [[nodiscard]] Status update(const DoorScan& scan) override;
    [[nodiscard]] Result<QList<DoorScan>> scans() override;
    [[nodiscard]] Status saveState(const DoorLocalState& state) override;
    [[nodiscard]] Result<std::optional<DoorLocalState>> state() override;

private:
    SqliteDoorJournal(QString connectionName, QString path);

    QString m_connectionName;
    QString m_path;
};

} // namespace bo
