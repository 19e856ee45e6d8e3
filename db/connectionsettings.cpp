// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/connectionsettings.h"

#include <QStringList>

#include <libpq-fe.h>

namespace bo {
namespace {

QString quoted(const QString& value)
{
    QString out = value;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

} // namespace

Result<ConnectionSettings> ConnectionSettings::parse(const QString& conninfo)
{
    char* message = nullptr;
    const QByteArray utf8 = conninfo.trimmed().toUtf8();
    PQconninfoOption* options = PQconninfoParse(utf8.constData(), &message);
    if (!options) {
        QString reason = message ? QString::fromUtf8(message).trimmed() : QStringLiteral("out of memory");
        PQfreemem(message);
        return refuse(ErrorCode::BadInput, Refusal::ConnectionStringInvalid, {reason}, reason);
    }
    ConnectionSettings settings;
    for (PQconninfoOption* o = options; o->keyword; ++o) {
        if (o->val && *o->val)
            settings.m_values.append({QString::fromUtf8(o->keyword), QString::fromUtf8(o->val)});
    }
    PQconninfoFree(options);
    return settings;
}

QString ConnectionSettings::value(const QString& key) const
{
    for (const auto& [k, v] : m_values) {
        if (k == key)
            return v;
    }
    return {};
}

void ConnectionSettings::setValue(const QString& key, const QString& value)
{
    for (auto& entry : m_values) {
        if (entry.first == key) {
            entry.second = value;
            return;
        }
    }
    m_values.append({key, value});
}

QString ConnectionSettings::describe() const
{
    QStringList parts;
    for (const char* key : {"host", "hostaddr", "port", "dbname", "user"}) {
        const QString v = value(QString::fromLatin1(key));
        if (!v.isEmpty())
            parts << QStringLiteral("%1=%2").arg(QString::fromLatin1(key), v);
    }
    return parts.isEmpty() ? QStringLiteral("(libpq defaults)") : parts.join(QLatin1Char(' '));
}

QString ConnectionSettings::toConninfo() const
{
    QStringList parts;
    bool hasConnectTimeout = false;
    QString options;
    for (const auto& [k, v] : m_values) {
        if (k == QLatin1String("options")) {
            options = v;
            continue;
        }
        if (k == QLatin1String("connect_timeout"))
            hasConnectTimeout = true;
        parts << k + QLatin1Char('=') + quoted(v);
    }
    if (!hasConnectTimeout)
        parts << QStringLiteral("connect_timeout=5");
    if (value(QStringLiteral("application_name")).isEmpty())
        parts << QStringLiteral("application_name=") + quoted(applicationName);
    if (value(QStringLiteral("keepalives_idle")).isEmpty())
        parts << QStringLiteral("keepalives_idle=10 keepalives_interval=3 keepalives_count=3");
    if (pooled)
        return parts.join(QLatin1Char(' '));
    // Nothing waits forever: per-session timeouts (ARCHITECTURE §5: set per connection). Every statement
    // we send is a short key lookup, so plans are made once per session and reused
    // (plan_cache_mode: measured 15-30 % more holds/s, docs/BENCHMARKS.md).
    options +=
        QStringLiteral(" -c statement_timeout=%1 -c lock_timeout=%2 -c idle_in_transaction_session_timeout=%3"
                       " -c client_min_messages=warning -c plan_cache_mode=force_generic_plan")
            .arg(statementTimeoutMs)
            .arg(lockTimeoutMs)
            .arg(idleInTransactionTimeoutMs);
    parts << QStringLiteral("options=") + quoted(options.trimmed());
    return parts.join(QLatin1Char(' '));
}

ConnectionSettings ConnectionSettings::withDatabase(const QString& dbname) const
{
    ConnectionSettings copy = *this;
    copy.setValue(QStringLiteral("dbname"), dbname);
    return copy;
}

ConnectionSettings ConnectionSettings::throughPooler(const ConnectionSettings& pooler) const
{
    ConnectionSettings through = pooler;
    for (const char* key : {"user", "password", "passfile", "dbname", "sslmode", "sslrootcert", "sslcert",
                            "sslkey", "sslpassword", "application_name"}) {
        const QString name = QString::fromLatin1(key);
        if (through.value(name).isEmpty() && !value(name).isEmpty())
            through.setValue(name, value(name));
    }
    through.statementTimeoutMs = statementTimeoutMs;
    through.lockTimeoutMs = lockTimeoutMs;
    through.idleInTransactionTimeoutMs = idleInTransactionTimeoutMs;
    through.commitDeadlineMs = commitDeadlineMs;
    through.shortDeadlineMs = shortDeadlineMs;
    through.applicationName = applicationName;
    through.pooled = true;
    return through;
}

} // namespace bo
