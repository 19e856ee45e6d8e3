// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pooledstatement.h"

#include <cmath>

#include <QDate>
#include <QDateTime>
#include <QTime>
#include <QUuid>

#include <libpq-fe.h>

namespace bo {
namespace {

/// Null as Qt's SQL drivers see it: an empty variant, or a null string, byte array, date, time
/// or uuid (QVariant::isNull is false for those since Qt 6).
bool isSqlNull(const QVariant& value)
{
    if (!value.isValid() || value.isNull())
        return true;
    switch (value.typeId()) {
    case QMetaType::QString:
        return value.toString().isNull();
    case QMetaType::QByteArray:
        return value.toByteArray().isNull();
    case QMetaType::QDateTime:
        return !value.toDateTime().isValid();
    case QMetaType::QDate:
        return !value.toDate().isValid();
    case QMetaType::QTime:
        return !value.toTime().isValid();
    case QMetaType::QUuid:
        return value.toUuid().isNull();
    default:
        return false;
    }
}

Result<QString> escaped(PGconn* connection, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    char* quoted = PQescapeLiteral(connection, utf8.constData(), size_t(utf8.size()));
    if (!quoted)
        return refuse(ErrorCode::BadInput, Refusal::ValueNotSendable,
                      {QString::fromUtf8(PQerrorMessage(connection)).trimmed()});
    QString out = QString::fromUtf8(quoted);
    PQfreemem(quoted);
    return out;
}

QString quotedPlain(const QString& text)
{
    return QLatin1Char('\'') + text + QLatin1Char('\'');
}

Result<QString> literal(PGconn* connection, const QVariant& value)
{
    if (isSqlNull(value))
        return QStringLiteral("NULL");
    switch (value.typeId()) {
    case QMetaType::Bool:
        return quotedPlain(value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        return quotedPlain(value.toString());
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = value.toDouble();
        if (std::isnan(d))
            return quotedPlain(QStringLiteral("NaN"));
        if (std::isinf(d))
            return quotedPlain(d > 0 ? QStringLiteral("Infinity") : QStringLiteral("-Infinity"));
        return quotedPlain(QString::number(d, 'g', 17));
    }
    case QMetaType::QDateTime:
        return quotedPlain(value.toDateTime().toUTC().toString(Qt::ISODateWithMs));
    case QMetaType::QDate:
        return quotedPlain(value.toDate().toString(Qt::ISODate));
    case QMetaType::QTime:
        return quotedPlain(value.toTime().toString(Qt::ISODateWithMs));
    case QMetaType::QUuid:
        return quotedPlain(value.toUuid().toString(QUuid::WithoutBraces));
    case QMetaType::QByteArray:
        // bytea's hex input; the E'' form reads the same whatever standard_conforming_strings is.
        return QStringLiteral("E'\\\\x") + QString::fromLatin1(value.toByteArray().toHex()) +
               QLatin1Char('\'');
    default:
        return escaped(connection, value.toString());
    }
}

/// Where a `?` can be a placeholder: outside literals, quoted names and comments.
class Scanner final
{
public:
    explicit Scanner(const QString& sql)
        : m_sql(sql)
    {}

    /// The index of the next placeholder from `from`, or -1.
    qsizetype next(qsizetype from)
    {
        const qsizetype n = m_sql.size();
        for (qsizetype i = from; i < n; ++i) {
            const QChar c = m_sql.at(i);
            const QChar after = i + 1 < n ? m_sql.at(i + 1) : QChar();
            if (c == QLatin1Char('?')) {
                return i;
            } else if (c == QLatin1Char('\'')) {
                const bool backslashes =
                    i > 0 && (m_sql.at(i - 1) == QLatin1Char('E') || m_sql.at(i - 1) == QLatin1Char('e'));
                i = skipQuoted(i, QLatin1Char('\''), backslashes);
            } else if (c == QLatin1Char('"')) {
                i = skipQuoted(i, QLatin1Char('"'), false);
            } else if (c == QLatin1Char('-') && after == QLatin1Char('-')) {
                i = m_sql.indexOf(QLatin1Char('\n'), i);
                if (i < 0)
                    return -1;
            } else if (c == QLatin1Char('/') && after == QLatin1Char('*')) {
                i = skipBlockComment(i);
            } else if (c == QLatin1Char('$')) {
                i = skipDollarQuoted(i);
            }
        }
        return -1;
    }

private:
    qsizetype skipQuoted(qsizetype open, QChar quote, bool backslashes) const
    {
        for (qsizetype i = open + 1; i < m_sql.size(); ++i) {
            if (backslashes && m_sql.at(i) == QLatin1Char('\\'))
                ++i;
            else if (m_sql.at(i) == quote)
                return i; // a doubled quote closes and reopens: the same for our purpose
        }
        return m_sql.size();
    }

    qsizetype skipBlockComment(qsizetype open) const
    {
        int depth = 0;
        for (qsizetype i = open; i + 1 < m_sql.size(); ++i) {
            if (m_sql.at(i) == QLatin1Char('/') && m_sql.at(i + 1) == QLatin1Char('*')) {
                ++depth;
                ++i;
            } else if (m_sql.at(i) == QLatin1Char('*') && m_sql.at(i + 1) == QLatin1Char('/')) {
                ++i;
                if (--depth == 0)
                    return i;
            }
        }
        return m_sql.size();
    }

    /// `$tag$ ... $tag$` (an empty tag too); a `$1` or an identifier's `$` is left alone.
    qsizetype skipDollarQuoted(qsizetype open) const
    {
        if (open > 0 && (m_sql.at(open - 1).isLetterOrNumber() || m_sql.at(open - 1) == QLatin1Char('_')))
            return open;
        qsizetype end = open + 1;
        while (end < m_sql.size() && (m_sql.at(end).isLetter() || m_sql.at(end) == QLatin1Char('_')))
            ++end;
        if (end >= m_sql.size() || m_sql.at(end) != QLatin1Char('$'))
            return open;
        const QString tag = m_sql.mid(open, end - open + 1);
        const qsizetype close = m_sql.indexOf(tag, end + 1);
        return close < 0 ? m_sql.size() : close + tag.size() - 1;
    }

    const QString& m_sql;
};

} // namespace

Result<QString> inlineValues(PGconn* connection, const QString& sql, const QVariantList& values)
{
    Scanner scanner(sql);
    QString out;
    out.reserve(sql.size() + 24 * values.size());
    qsizetype copied = 0;
    qsizetype used = 0;
    for (qsizetype at = scanner.next(0); at >= 0; at = scanner.next(at + 1)) {
        if (used == values.size())
            return makeError(ErrorCode::Internal,
                             QStringLiteral("more placeholders than values in: %1").arg(sql));
        auto value = literal(connection, values.at(used++));
        if (!value)
            return value.error();
        out += QStringView(sql).mid(copied, at - copied);
        out += value.value();
        copied = at + 1;
    }
    if (used != values.size())
        return makeError(
            ErrorCode::Internal,
            QStringLiteral("%1 values for %2 placeholders in: %3").arg(values.size()).arg(used).arg(sql));
    out += QStringView(sql).mid(copied);
    return out;
}

} // namespace bo
