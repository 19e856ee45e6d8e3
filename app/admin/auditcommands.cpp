// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/auditcommands.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "db/auditlogstore.h"

namespace bo {
namespace {

constexpr int defaultLimit = 1000;
constexpr int maxLimit = 100000;

QJsonValue jsonOf(const QString& text)
{
    if (text.isEmpty())
        return QJsonValue::Null;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    if (doc.isObject())
        return doc.object();
    if (doc.isArray())
        return doc.array();
    return text;
}

/// "2026-12-04", "2026-12-04 18:00", "2026-12-04T18:00:00+09:00": local time unless an offset is given.
QDateTime parseSince(const QString& text)
{
    const QString t = text.trimmed();
    const QDate day = QDate::fromString(t, Qt::ISODate);
    if (day.isValid())
        return day.startOfDay();
    QDateTime dt = QDateTime::fromString(t, Qt::ISODate);
    if (!dt.isValid())
        dt = QDateTime::fromString(t, QStringLiteral("yyyy-MM-dd HH:mm"));
    return dt;
}

} // namespace

AuditCommands::AuditCommands(CliSession& session)
    : m_session(session)
{}

ExitCode AuditCommands::run(const QStringList& positional)
{
    if (positional.size() == 1)
        return list();
    if (positional.size() == 2 && positional.at(1) == QLatin1String("verify"))
        return verify();
    return m_session.usageError(
        tr("audit takes nothing or 'verify': audit [--since TIME] [--limit N] | audit verify."));
}

ExitCode AuditCommands::list()
{
    QDateTime since;
    if (m_session.isSet(QStringLiteral("since"))) {
        since = parseSince(m_session.value(QStringLiteral("since")));
        if (!since.isValid())
            return m_session.usageError(
                tr("--since needs a day or a time, like 2026-12-04 or 2026-12-04 18:00."));
    }
    int limit = defaultLimit;
    if (m_session.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        limit = m_session.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1 || limit > maxLimit)
            return m_session.usageError(tr("--limit is a number from 1 to %1.").arg(maxLimit));
    }
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    AuditLogStore store(m_session.connection());
    auto entries = store.entries(since, limit);
    if (!entries) {
        if (CliSession::permissionDenied(entries.error()))
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("Reading the audit log needs a manager login."),
                                            entries.error().detail));
        return m_session.fail(entries.error());
    }
    QJsonArray json;
    QString text;
    for (const AuditEntry& e : entries.value()) {
        QJsonObject o{
            {QStringLiteral("seq"), e.seq},
            {QStringLiteral("at"), CliSession::isoUtc(e.at)},
            {QStringLiteral("login"), e.login},
            {QStringLiteral("terminal"), e.terminal.isEmpty() ? QJsonValue() : QJsonValue(e.terminal)},
            {QStringLiteral("staff"), e.staffId ? QJsonValue(*e.staffId) : QJsonValue()},
            {QStringLiteral("staff_name"), e.staffName.isEmpty() ? QJsonValue() : QJsonValue(e.staffName)},
            {QStringLiteral("action"), e.action},
            {QStringLiteral("subject"), e.subject.isEmpty() ? QJsonValue() : QJsonValue(e.subject)},
            {QStringLiteral("before"), jsonOf(e.before)},
            {QStringLiteral("after"), jsonOf(e.after)}};
        json.append(o);
        const QString who = e.staffId ? QStringLiteral("%1 (%2)").arg(e.staffName).arg(*e.staffId) : e.login;
        QString what = e.after.isEmpty() ? e.before : e.after;
        if (what.size() > 120)
            what = what.left(117) + QStringLiteral("...");
        text += QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                    .arg(e.seq, 6)
                    .arg(CliSession::localTime(e.at, QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                         e.action.leftJustified(22), e.subject.leftJustified(10), who,
                         e.terminal.isEmpty() ? QStringLiteral("-") : e.terminal, what);
    }
    if (entries.value().isEmpty())
        text = tr("No audit events%1.\n").arg(since.isValid() ? tr(" since then") : QString());
    m_session.print(QJsonObject{{QStringLiteral("events"), json}}, text);
    return ExitCode::Ok;
}

ExitCode AuditCommands::verify()
{
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    AuditLogStore store(m_session.connection());
    auto verdict = AuditChainCheck::verify(store);
    if (!verdict) {
        if (CliSession::permissionDenied(verdict.error()))
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("Verifying the audit log needs a manager login."),
                                            verdict.error().detail));
        return m_session.fail(verdict.error());
    }
    const AuditVerdict& v = verdict.value();
    const QString head = QString::fromLatin1(v.head.hash.toHex());
    const QJsonObject fields{{QStringLiteral("rows"), v.rows},
                             {QStringLiteral("head_pos"), v.head.pos},
                             {QStringLiteral("head_hash"), head},
                             {QStringLiteral("whole"), v.whole()},
                             {QStringLiteral("problems"), QJsonArray::fromStringList(v.problems)}};
    if (!v.whole())
        return m_session.conflict(tr("The audit log is not whole: %1").arg(v.problems.join(QLatin1Char(' '))),
                                  fields);
    m_session.print(fields,
                    tr("The audit log is whole: %1 rows chained, the last at place %2 with hash %3.\n"
                       "Keep that hash (the Z report prints it): a log rewritten later cannot match it.\n")
                        .arg(v.rows)
                        .arg(v.head.pos)
                        .arg(head));
    return ExitCode::Ok;
}

QList<QCommandLineOption> AuditCommands::options()
{
    return {
        {QStringLiteral("since"), tr("'audit': events from this day or time on."), tr("time")},
        {QStringLiteral("limit"), tr("'audit': at most this many events (default 1000)."), tr("count")},
    };
}

} // namespace bo
