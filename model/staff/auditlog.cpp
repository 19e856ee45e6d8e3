// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/staff/auditlog.h"

#include <QCryptographicHash>

namespace bo {
namespace {

void field(QByteArray& out, const QString& text)
{
    if (text.isNull()) {
        out += "~;";
        return;
    }
    const QByteArray utf8 = text.toUtf8();
    out += QByteArray::number(utf8.size());
    out += ':';
    out += utf8;
    out += ';';
}

} // namespace

QByteArray AuditChainCheck::line(const AuditChainRow& row)
{
    QByteArray out;
    field(out, QString::number(row.seq));
    field(out, QString::number(row.atMicros));
    field(out, row.login);
    field(out, row.terminal);
    field(out, row.staffId ? QString::number(*row.staffId) : QString());
    field(out, row.action);
    field(out, row.subject);
    field(out, row.before);
    field(out, row.after);
    return out;
}

Result<AuditVerdict> AuditChainCheck::verify(AuditLog& log)
{
    AuditVerdict verdict;
    auto head = log.head();
    if (!head)
        return head.error();
    verdict.head = head.value();
    auto problem = [&verdict](const QString& text) {
        if (verdict.problems.size() < maxProblems)
            verdict.problems << text;
    };
    QByteArray previous(32, '\0');
    qint64 expected = 1;
    qint64 from = 1;
    for (;;) {
        auto page = log.chainRows(from, pageSize);
        if (!page)
            return page.error();
        for (const AuditChainRow& row : page.value()) {
            ++verdict.rows;
            if (!row.pos) {
                problem(tr("Row %1 (%2) has no place in the chain: it was written around the log.")
                            .arg(row.seq)
                            .arg(row.action));
                continue;
            }
            const qint64 pos = *row.pos;
            if (pos != expected)
                problem(tr("Places %1 to %2 of the chain are missing: rows were removed.")
                            .arg(expected)
                            .arg(pos - 1));
            expected = pos + 1;
            if (!row.rowPresent) {
                problem(
                    tr("Place %1 of the chain has lost its row %2: it was removed.").arg(pos).arg(row.seq));
            } else {
                const QByteArray computed =
                    QCryptographicHash::hash(previous + line(row), QCryptographicHash::Sha256);
                if (computed != row.hash)
                    problem(tr("Place %1 (row %2, %3) does not match its hash: the row or the one before it "
                               "was changed or removed.")
                                .arg(pos)
                                .arg(row.seq)
                                .arg(row.action));
            }
            previous = row.hash; // each break is reported once
        }
        if (page.value().size() < pageSize)
            break;
        const AuditChainRow& last = page.value().constLast();
        if (!last.pos)
            break; // the rows without a place come last and all in one page at most
        from = *last.pos + 1;
    }
    if (expected - 1 != verdict.head.pos)
        problem(tr("The chain ends at place %1 but its head says %2: the last rows were removed.")
                    .arg(expected - 1)
                    .arg(verdict.head.pos));
    else if (verdict.head.pos > 0 && previous != verdict.head.hash)
        problem(tr("The chain's last hash differs from its head's."));
    return verdict;
}

} // namespace bo
