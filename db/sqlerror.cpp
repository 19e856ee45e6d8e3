// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/sqlerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QSqlError>

#include "db/dbconnection.h"

namespace bo {
namespace {

/// The SQLSTATE's reading: which ErrorCode, and the refusals the state alone says (a lost
/// connection, a lock wait, a seat taken).
Error mapByState(const QSqlError& error, bool connectionLost)
{
    const QString state = error.nativeErrorCode();
    // QPSQL gives the whole server text ("ERROR:  msg\nCONTEXT: ..."): keep the primary message.
    QString text = error.databaseText().trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
    for (const char* prefix : {"ERROR:", "FATAL:"}) {
        if (text.startsWith(QLatin1String(prefix)))
            text = text.mid(int(qstrlen(prefix))).trimmed();
    }
    const QString detail = QStringLiteral("SQLSTATE %1: %2")
                               .arg(state.isEmpty() ? QStringLiteral("-") : state, error.text().trimmed());
    auto make = [&](ErrorCode code, const QString& message) { return Error{code, message, detail, {}}; };
    auto refused = [&](ErrorCode code, Refusal why) { return refuse(code, why, {}, detail); };

    if (connectionLost || state.startsWith(QLatin1String("08")) || state == QLatin1String("57P01") ||
        state == QLatin1String("57P02") || state == QLatin1String("57P03") ||
        (state.isEmpty() && error.type() == QSqlError::ConnectionError))
        return refused(ErrorCode::Offline, Refusal::Unreachable);
    if (state == QLatin1String("BO400") || state == QLatin1String("22P02") ||
        state == QLatin1String("22023") || state == QLatin1String("22003") ||
        state == QLatin1String("23514") || state == QLatin1String("22021"))
        return make(ErrorCode::BadInput, text);
    if (state == QLatin1String("BO403"))
        return make(ErrorCode::NotOnSale, text);
    // A refusal our functions raise in words ("pay first", "cash is taken only at a staffed till"):
    // the request is not this login's to make, and asking again will not change that. The server's
    // own ("permission denied for ...", "must be superuser ...") is a missing grant or a wrong
    // login, which stays unexpected.
    if (state == QLatin1String("42501") && !text.startsWith(QLatin1String("permission denied")) &&
        !text.startsWith(QLatin1String("must be ")))
        return make(ErrorCode::BadInput, text);
    if (state == QLatin1String("BO404")) {
        Error e = make(ErrorCode::NotFound, text);
        const qsizetype colon = text.lastIndexOf(QLatin1String(": "));
        if (text.startsWith(QLatin1String("seats not in showtime")) && colon > 0)
            e.seats = fromPgIntArray(text.mid(colon + 2));
        return e;
    }
    if (state == QLatin1String("BO409")) {
        Error e = refused(ErrorCode::Conflict, Refusal::SeatsTaken);
        if (text.startsWith(QLatin1String("unavailable:")))
            e.seats = fromPgIntArray(text.mid(12));
        return e;
    }
    // A payment's compare and set lost, or its booking's state forbids the change: read again. Or a
    // catalogue write meets what exists (a hall of that name, 0019).
    if (state == QLatin1String("BO412"))
        return make(ErrorCode::Conflict, text);
    // Two showtimes of one hall at once, cleaning included (0020's exclusion constraint).
    if (state == QLatin1String("23P01"))
        return refused(ErrorCode::Conflict, Refusal::HallBusy);
    if (state == QLatin1String("BO410"))
        return refused(ErrorCode::Expired, Refusal::HoldExpired);
    // Too many PINs tried at one terminal (bo_staff_pin_attempt): asking again later will help.
    if (state == QLatin1String("BO420"))
        return refused(ErrorCode::Conflict, Refusal::TooManyPins);
    if (state == QLatin1String("BO422"))
        return make(ErrorCode::KeyMismatch, text);
    // The showtime sells through its admission queue and the sale has no admission (0014): the
    // request was fine and its turn has not come; a counter till's sale joins as a till (SaleFlow).
    if (state == QLatin1String("BO429"))
        return refused(ErrorCode::NotAdmitted, Refusal::NotAdmitted);
    if (state == QLatin1String("55P03"))
        return refused(ErrorCode::InProgress, Refusal::RequestInProgress);
    if (isRetryableSqlState(state) || state == QLatin1String("23505"))
        return refused(ErrorCode::Conflict, Refusal::LostRace);
    if (state == QLatin1String("57014"))
        return refused(ErrorCode::Offline, Refusal::TimedOut);
    return refused(ErrorCode::Internal, Refusal::UnexpectedServerError);
}

} // namespace

bool isRetryableSqlState(const QString& sqlState)
{
    return sqlState == QLatin1String("40001") || sqlState == QLatin1String("40P01");
}

std::optional<ServerRefusal> serverRefusal(const QString& serverText)
{
    // libpq's message has one field per line ("HINT:  refusal: [...]"); QPSQL may append the
    // SQLSTATE in parentheses to the last line, after the array.
    static const QLatin1String marker("refusal: ");
    for (const QStringView line : QStringView(serverText).split(QLatin1Char('\n'))) {
        const QStringView field = line.trimmed();
        if (!field.startsWith(QLatin1String("HINT:")))
            continue;
        const QStringView hint = field.mid(5).trimmed();
        if (!hint.startsWith(marker))
            continue;
        const QStringView json = hint.mid(marker.size());
        const qsizetype close = json.lastIndexOf(QLatin1Char(']'));
        if (close < 0)
            return std::nullopt;
        const QJsonDocument doc = QJsonDocument::fromJson(json.left(close + 1).toUtf8());
        const QJsonArray parts = doc.array();
        if (!doc.isArray() || parts.isEmpty() || !parts.first().isString())
            return std::nullopt;
        ServerRefusal out;
        out.why = refusalFromName(parts.first().toString());
        if (out.why == Refusal::None)
            return std::nullopt;
        for (qsizetype i = 1; i < parts.size(); ++i) {
            const QJsonValue v = parts.at(i);
            // Numbers come whole (ids, minor units); anything else as the server wrote it.
            out.args << (v.isDouble() ? QString::number(v.toInteger()) : v.toVariant().toString());
        }
        return out;
    }
    return std::nullopt;
}

Error mapSqlError(const QSqlError& error, bool connectionLost)
{
    Error e = mapByState(error, connectionLost);
    if (e.code == ErrorCode::Offline)
        return e;
    // The server named why: its sentence is ours, in the reader's language; the code stays the
    // state's, and so do the seats a refusal names.
    if (auto named = serverRefusal(error.databaseText()))
        return refuse(std::move(e), named->why, std::move(named->args));
    return e;
}

} // namespace bo
