// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/sqlitedoorjournal.h"

#include <atomic>
#include <utility>

#include <QDataStream>
#include <QDir>
#include <QFileInfo>
#include <QIODevice>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTimeZone>
#include <QVariant>

namespace bo {
namespace {

/// Synced scans older than this are dropped when the journal opens.
constexpr qint64 keepSyncedSeconds = qint64(7) * 24 * 3600;
/// The state blob's format (QDataStream of the fields below, in this order).
/// 2 adds the row the counts hold online answers through; a format-1 state still reads.
constexpr qint32 stateFormat = 2;

std::atomic<int> nextConnection{0};

QString isoText(const QDateTime& t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QStringLiteral("");
}

/// Text columns are NOT NULL: an empty QString binds as "" instead of NULL.
QString notNull(const QString& s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

QDateTime fromIso(const QVariant& v)
{
    const QString text = v.toString();
    if (text.isEmpty())
        return {};
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    t.setTimeZone(QTimeZone::utc());
    return t;
}

/// A read or a write of the journal failed: the door hears which, the log what and why.
Error journalError(Refusal why, const char* what, const QSqlError& error)
{
    return refuse(ErrorCode::Internal, why, {},
                  QStringLiteral("%1: %2").arg(QLatin1String(what), error.text()));
}

void write(QDataStream& out, const DoorLocalState& state)
{
    out << stateFormat << state.snapshot.serverNow << state.savedAt << state.countedThroughRow;
    out << qint32(state.snapshot.keys.size());
    for (const TicketKey& k : state.snapshot.keys)
        out << k.id << k.publicKey << k.createdAt << k.retiredAt;
    out << qint32(state.snapshot.showtimes.size());
    for (const DoorShowtime& s : state.snapshot.showtimes)
        out << qint32(s.id) << s.startsAt << s.film << s.hall << qint32(s.expected) << qint32(s.admitted);
    out << state.list.showtimeIds << state.list.newestSerial << qint32(state.list.tickets.size());
    for (const DoorTicket& t : state.list.tickets)
        out << t.serial << qint32(t.showtimeId) << qint32(t.seatId) << t.bookingCode << t.seatLabel
            << t.tierName << t.bookingStatus << t.voided << t.usedAt << t.usedDoor;
}

bool read(QDataStream& in, DoorLocalState* state)
{
    qint32 format = 0;
    in >> format;
    if (format != stateFormat && format != 1)
        return false;
    in >> state->snapshot.serverNow >> state->savedAt;
    if (format >= 2)
        in >> state->countedThroughRow;
    qint32 n = 0;
    in >> n;
    for (qint32 i = 0; i < n && in.status() == QDataStream::Ok; ++i) {
        TicketKey k;
        in >> k.id >> k.publicKey >> k.createdAt >> k.retiredAt;
        state->snapshot.keys.append(k);
    }
    in >> n;
    for (qint32 i = 0; i < n && in.status() == QDataStream::Ok; ++i) {
        DoorShowtime s;
        qint32 id = 0;
        qint32 expected = 0;
        qint32 admitted = 0;
        in >> id >> s.startsAt >> s.film >> s.hall >> expected >> admitted;
        s.id = id;
        s.expected = expected;
        s.admitted = admitted;
        state->snapshot.showtimes.append(s);
    }
    in >> state->list.showtimeIds >> state->list.newestSerial >> n;
    for (qint32 i = 0; i < n && in.status() == QDataStream::Ok; ++i) {
        DoorTicket t;
        qint32 showtime = 0;
        qint32 seat = 0;
        in >> t.serial >> showtime >> seat >> t.bookingCode >> t.seatLabel >> t.tierName >> t.bookingStatus >>
            t.voided >> t.usedAt >> t.usedDoor;
        t.showtimeId = showtime;
        t.seatId = seat;
        state->list.tickets.append(t);
    }
    return in.status() == QDataStream::Ok;
}

} // namespace

SqliteDoorJournal::SqliteDoorJournal(QString connectionName, QString path)
    : m_connectionName(std::move(connectionName))
    , m_path(std::move(path))
{}

SqliteDoorJournal::~SqliteDoorJournal()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

bool SqliteDoorJournal::isAvailable()
{
    return QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE"));
}

Result<std::unique_ptr<SqliteDoorJournal>> SqliteDoorJournal::open(const QString& path)
{
    if (!isAvailable())
        return refuse(ErrorCode::Internal, Refusal::JournalNoDriver, {},
                      QStringLiteral("QSQLITE driver missing"));
    const QFileInfo info(path);
    if (path.isEmpty() || info.isDir())
        return refuse(ErrorCode::BadInput, Refusal::JournalNotAFile, {path});
    if (!QDir().mkpath(info.absolutePath()))
        return refuse(ErrorCode::BadInput, Refusal::JournalFolderNotMade, {info.absolutePath()});
    const QString name = QStringLiteral("door-journal-%1").arg(nextConnection.fetch_add(1));
    std::unique_ptr<SqliteDoorJournal> journal(new SqliteDoorJournal(name, info.absoluteFilePath()));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    db.setDatabaseName(info.absoluteFilePath());
    if (!db.open())
        return refuse(ErrorCode::BadInput, Refusal::JournalNotOpened, {path}, db.lastError().text());
    QSqlQuery q(db);
    // WAL: a reader never blocks the writer; FULL: every commit is fsynced (WAL's NORMAL would
    // lose the last commits at a power cut, and those are admits the database never heard of).
    const QStringList setup = {
        QStringLiteral("PRAGMA journal_mode = WAL"),
        QStringLiteral("PRAGMA synchronous = FULL"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS scan ("
                       " id INTEGER PRIMARY KEY AUTOINCREMENT, scan_id TEXT NOT NULL UNIQUE,"
                       " door TEXT NOT NULL, scanned_text TEXT NOT NULL, serial INTEGER NOT NULL,"
                       " showtime_id INTEGER NOT NULL, scanned_at TEXT NOT NULL, decided INTEGER NOT NULL,"
                       " reason TEXT NOT NULL, offline INTEGER NOT NULL, seat_label TEXT NOT NULL,"
                       " tier_name TEXT NOT NULL, undone_at TEXT NOT NULL, synced INTEGER NOT NULL,"
                       " sync_result TEXT NOT NULL, first_door TEXT NOT NULL, first_at TEXT NOT NULL)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1),"
                       " data BLOB NOT NULL)"),
    };
    for (const QString& sql : setup) {
        if (!q.exec(sql))
            return refuse(ErrorCode::BadInput, Refusal::JournalNotOpened, {path}, q.lastError().text());
    }
    q.prepare(QStringLiteral("DELETE FROM scan WHERE synced = 1 AND scanned_at < ?"));
    q.addBindValue(isoText(QDateTime::currentDateTimeUtc().addSecs(-keepSyncedSeconds)));
    if (!q.exec())
        return journalError(Refusal::JournalNotWritten, "old scans not dropped", q.lastError());
    return journal;
}

Result<qint64> SqliteDoorJournal::append(const DoorScan& scan)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral(
        "INSERT INTO scan (scan_id, door, scanned_text, serial, showtime_id, scanned_at, decided, reason,"
        " offline, seat_label, tier_name, undone_at, synced, sync_result, first_door, first_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(scan.scanId.toString(QUuid::WithoutBraces));
    q.addBindValue(notNull(scan.door));
    q.addBindValue(notNull(scan.text));
    q.addBindValue(qint64(scan.serial));
    q.addBindValue(scan.showtimeId);
    q.addBindValue(isoText(scan.scannedAt));
    q.addBindValue(int(scan.decided));
    q.addBindValue(doorReasonName(scan.reason));
    q.addBindValue(int(scan.offline));
    q.addBindValue(notNull(scan.seatLabel));
    q.addBindValue(notNull(scan.tierName));
    q.addBindValue(isoText(scan.undoneAt));
    q.addBindValue(int(scan.synced));
    q.addBindValue(notNull(scan.syncResult));
    q.addBindValue(notNull(scan.firstDoor));
    q.addBindValue(isoText(scan.firstAt));
    if (!q.exec())
        return journalError(Refusal::JournalNotWritten, "scan not recorded", q.lastError());
    return q.lastInsertId().toLongLong();
}

Status SqliteDoorJournal::update(const DoorScan& scan)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("UPDATE scan SET decided = ?, reason = ?, offline = ?, seat_label = ?,"
                             " tier_name = ?, undone_at = ?, synced = ?, sync_result = ?, first_door = ?,"
                             " first_at = ? WHERE id = ?"));
    q.addBindValue(int(scan.decided));
    q.addBindValue(doorReasonName(scan.reason));
    q.addBindValue(int(scan.offline));
    q.addBindValue(notNull(scan.seatLabel));
    q.addBindValue(notNull(scan.tierName));
    q.addBindValue(isoText(scan.undoneAt));
    q.addBindValue(int(scan.synced));
    q.addBindValue(notNull(scan.syncResult));
    q.addBindValue(notNull(scan.firstDoor));
    q.addBindValue(isoText(scan.firstAt));
    q.addBindValue(scan.id);
    if (!q.exec())
        return journalError(Refusal::JournalNotWritten, "scan not updated", q.lastError());
    if (q.numRowsAffected() != 1)
        return refuse(ErrorCode::NotFound, Refusal::JournalNoSuchScan, {QString::number(scan.id)});
    return success();
}

Result<QList<DoorScan>> SqliteDoorJournal::scans()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.setForwardOnly(true);
    if (!q.exec(
            QStringLiteral("SELECT id, scan_id, door, scanned_text, serial, showtime_id, scanned_at, decided,"
                           " reason, offline, seat_label, tier_name, undone_at, synced, sync_result,"
                           " first_door, first_at FROM scan ORDER BY id")))
        return journalError(Refusal::JournalNotRead, "scans not read", q.lastError());
    QList<DoorScan> out;
    while (q.next()) {
        DoorScan s;
        s.id = q.value(0).toLongLong();
        s.scanId = QUuid::fromString(q.value(1).toString());
        s.door = q.value(2).toString();
        s.text = q.value(3).toString();
        s.serial = quint32(q.value(4).toLongLong());
        s.showtimeId = q.value(5).toInt();
        s.scannedAt = fromIso(q.value(6));
        s.decided = q.value(7).toInt() != 0;
        s.reason = doorReasonFromName(q.value(8).toString()).value_or(DoorReason::Unreadable);
        s.offline = q.value(9).toInt() != 0;
        s.seatLabel = q.value(10).toString();
        s.tierName = q.value(11).toString();
        s.undoneAt = fromIso(q.value(12));
        s.synced = q.value(13).toInt() != 0;
        s.syncResult = q.value(14).toString();
        s.firstDoor = q.value(15).toString();
        s.firstAt = fromIso(q.value(16));
        out.append(s);
    }
    return out;
}

Status SqliteDoorJournal::saveState(const DoorLocalState& state)
{
    QByteArray data;
    {
        QDataStream out(&data, QIODevice::WriteOnly);
        out.setVersion(QDataStream::Qt_6_4);
        write(out, state);
    }
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO state (id, data) VALUES (1, ?)"));
    q.addBindValue(data);
    if (!q.exec())
        return journalError(Refusal::JournalNotWritten, "ticket list not saved", q.lastError());
    return success();
}

Result<std::optional<DoorLocalState>> SqliteDoorJournal::state()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("SELECT data FROM state WHERE id = 1")))
        return journalError(Refusal::JournalNotRead, "ticket list not read", q.lastError());
    if (!q.next())
        return std::optional<DoorLocalState>();
    QByteArray data = q.value(0).toByteArray();
    QDataStream in(&data, QIODevice::ReadOnly);
    in.setVersion(QDataStream::Qt_6_4);
    DoorLocalState state;
    if (!read(in, &state))
        return std::optional<DoorLocalState>(); // another format: as if none, the next load saves
    return std::optional<DoorLocalState>(std::move(state));
}

} // namespace bo
