// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A long storm that checks itself (issue 10): workers sell on a small hall with a hot spot while
// two sweepers run with tiny TTLs and an auditor checks the invariants every second inside one
// snapshot (app/audit/). 60 s by default; BOXOFFICE_AUDIT_SECONDS changes it and
// BOXOFFICE_AUDIT_SEED repeats a run; `boxoffice-bench audit --seconds 3600` is the hour.
// Zero violations is the only passing result.
#include <QtTest>

#include <spdlog/spdlog.h>

#include "app/audit/auditstorm.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

class TstAuditStorm final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Refusals and expiries are logged at info level; thousands of lines would drown the report.
        spdlog::set_level(spdlog::level::warn);
    }

    void stormKeepsEveryInvariant()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));

        audit::AuditStormOptions options;
        if (qEnvironmentVariableIsSet("BOXOFFICE_AUDIT_SECONDS"))
            options.seconds = qBound(5, qEnvironmentVariableIntValue("BOXOFFICE_AUDIT_SECONDS"), 3600);
        if (qEnvironmentVariableIsSet("BOXOFFICE_AUDIT_SEED"))
            options.seed = quint32(qEnvironmentVariableIntValue("BOXOFFICE_AUDIT_SEED"));
        audit::AuditStormTarget target;
        target.owner = db.settings();
        target.terminal = db.settings();
        target.manager = db.settings();

        const audit::AuditStormReport report = audit::runAuditStorm(
            target, options, [](const QString& line) { qInfo("%s", qPrintable(line)); }, 10);
        qInfo("%s(set BOXOFFICE_AUDIT_SEED=%u to repeat)", qPrintable(report.text()), report.seed);

        QVERIFY2(report.failure.isEmpty(), qPrintable(report.failure));
        QCOMPARE(report.totalViolations(), qint64(0));
        QVERIFY2(report.totalErrors() == 0, qPrintable(report.errorSamples.join(QLatin1Char('\n'))));
        // The storm really ran: every kind of operation, many times.
        QVERIFY(report.audits >= options.seconds / 2);
        const qint64 many = std::max(2, options.seconds / 3);
        QStringList kinds{QStringLiteral("hold"),
                          QStringLiteral("hold-refused"),
                          QStringLiteral("extend"),
                          QStringLiteral("release-some"),
                          QStringLiteral("release-all"),
                          QStringLiteral("begin-payment"),
                          QStringLiteral("confirm"),
                          QStringLiteral("confirm-at-deadline"),
                          QStringLiteral("confirm-failed"),
                          QStringLiteral("replay-sequential"),
                          QStringLiteral("replay-cross-terminal"),
                          QStringLiteral("replay-concurrent"),
                          QStringLiteral("replay-concurrent-cross-terminal"),
                          QStringLiteral("replay-after-cancel"),
                          QStringLiteral("cancel"),
                          QStringLiteral("slow-customer"),
                          QStringLiteral("sweep"),
                          QStringLiteral("swept-seats"),
                          QStringLiteral("expired-bookings")};
        if (report.features.extendHold)
            kinds << QStringLiteral("extend-hold");
        if (report.features.cancelBooking)
            kinds << QStringLiteral("cancel-pending");
        for (const QString& kind : std::as_const(kinds))
            QVERIFY2(report.ops.value(kind) >= many,
                     qPrintable(QStringLiteral("%1 happened %2 times, expected at least %3")
                                    .arg(kind)
                                    .arg(report.ops.value(kind))
                                    .arg(many)));
    }
};

QTEST_GUILESS_MAIN(TstAuditStorm)
#include "tst_auditstorm.moc"
