// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/adminclirig.h"

#include <utility>

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>
#include <QUuid>

#include "tests/support/paidsale.h"

namespace bo::test {

namespace {

/// The last showtime of the named demo hall: tomorrow evening, so always in the future and on sale.
QString showtimeInHall(const TestDatabase& db, const QString& hall)
{
    return db.scalar(QStringLiteral("SELECT s.id FROM showtime s JOIN auditorium a ON a.id = s.auditorium_id "
                                    "WHERE a.name = '%1' AND s.starts_at > now() + interval '2 hours' "
                                    "ORDER BY s.starts_at DESC LIMIT 1")
                         .arg(hall));
}

} // namespace

QJsonObject CliRun::json() const
{
    return QJsonDocument::fromJson(out.toUtf8()).object();
}

QString CliRun::describe() const
{
    return QStringLiteral("exit %1%2\n--- stdout:\n%3--- stderr:\n%4").arg(exitCode).arg(failure, out, err);
}

AdminCliRig::AdminCliRig(QString program)
    : m_program(std::move(program))
{}

AdminCliRig::~AdminCliRig() = default;

void AdminCliRig::checkProgram() const
{
    QVERIFY2(m_home.isValid(), qPrintable(m_home.errorString()));
    QVERIFY2(QFileInfo(m_program).isExecutable(), qPrintable(m_program));
}

void AdminCliRig::create()
{
    m_db = std::make_unique<TestDatabase>();
    m_tillOpen = false;
    QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
    m_conninfo = m_db->settings().toConninfo();
    m_ownerConninfo = m_db->ownerSettings().toConninfo();
    const CliRun seeded = cliAsOwner({QStringLiteral("seed-demo"), QStringLiteral("--json")});
    QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.describe()));
    m_hall1 = showtimeInHall(*m_db, QStringLiteral("Hall 1"));
    m_premium = showtimeInHall(*m_db, QStringLiteral("Hall 3 Premium"));
    QVERIFY(m_hall1.toInt() > 0);
    QVERIFY(m_premium.toInt() > 0);
}

void AdminCliRig::reset()
{
    m_db.reset();
}

void AdminCliRig::createUnlessShared(const char* sharedRows)
{
    const bool rows = qstrcmp(QTest::currentTestFunction(), sharedRows) == 0;
    if (rows && m_sharing && m_db)
        return;
    create();
    m_sharing = rows;
}

void AdminCliRig::resetUnlessShared(const char* sharedRows)
{
    if (qstrcmp(QTest::currentTestFunction(), sharedRows) == 0 && !QTest::currentTestFailed())
        return;
    m_sharing = false;
    reset();
}

QString AdminCliRig::logDir() const
{
    return m_home.filePath(QStringLiteral("logs"));
}

CliRun AdminCliRig::cli(const QStringList& arguments, const QString& conninfo, const QByteArray& input) const
{
    QProcess process;
    process.setProcessEnvironment(environment());
    QStringList args;
    if (!conninfo.isEmpty())
        args << QStringLiteral("--db") << conninfo;
    args << arguments;
    process.start(m_program, args);
    CliRun run;
    if (!process.waitForStarted(10000)) {
        run.failure = QStringLiteral(" (did not start: %1)").arg(process.errorString());
        return run;
    }
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished(5000);
        run.failure = QStringLiteral(" (timed out)");
    } else if (process.exitStatus() != QProcess::NormalExit) {
        run.failure = QStringLiteral(" (crashed)");
    } else {
        run.exitCode = process.exitCode();
    }
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

QProcessEnvironment AdminCliRig::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("BOXOFFICE_DB"));
    // A card sold or reconciled by the CLI is recorded by the payment service's login, as an
    // operator running it on the site server sets it (docs/PAYMENTS.md).
    if (m_db)
        env.insert(QStringLiteral("BOXOFFICE_SERVICE_DB"), m_db->serviceSettings().toConninfo());
    else
        env.remove(QStringLiteral("BOXOFFICE_SERVICE_DB"));
    env.insert(QStringLiteral("BOXOFFICE_LOG_DIR"), logDir());
    env.insert(QStringLiteral("BOXOFFICE_DEMO_DIR"), m_home.filePath(QStringLiteral("demo")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("HOME"), m_home.path());
    return env;
}

std::unique_ptr<QProcess> AdminCliRig::startCli(const QStringList& arguments,
                                                const QProcessEnvironment& extra) const
{
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment env = environment();
    for (const QString& name : extra.keys())
        env.insert(name, extra.value(name));
    process->setProcessEnvironment(env);
    process->start(m_program, QStringList{QStringLiteral("--db"), m_conninfo} + arguments);
    return process;
}

CliRun AdminCliRig::cli(const QStringList& arguments) const
{
    return cli(arguments, m_conninfo);
}

CliRun AdminCliRig::cliAsOwner(const QStringList& arguments) const
{
    return cli(arguments, m_ownerConninfo);
}

CliRun AdminCliRig::cliAsManager(const QStringList& arguments) const
{
    return cli(arguments, m_db->managerSettings().toConninfo());
}

CliRun AdminCliRig::openTill() const
{
    if (m_tillOpen) {
        CliRun done;
        done.exitCode = 0;
        return done;
    }
    auto cashier = fixtureCashier(m_db->settings());
    if (!cashier) {
        CliRun failed;
        failed.failure = cashier.error().message;
        return failed;
    }
    CliRun signedIn =
        cli({QStringLiteral("sign-in"), QStringLiteral("--staff"), QString::number(cashier.value())},
            m_conninfo, fixtureCashierPin().toUtf8() + '\n');
    if (signedIn.exitCode != 0)
        return signedIn;
    CliRun opened = cli({QStringLiteral("shift-open"), QStringLiteral("--float"), QStringLiteral("0")});
    m_tillOpen = opened.exitCode == 0;
    return opened;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return f.fileName();
}

QStringList AdminCliRig::expand(QStringList list, const QHash<QString, QString>& values) const
{
    for (QString& s : list) {
        s.replace(QLatin1String("$HALL1"), m_hall1);
        s.replace(QLatin1String("$PREMIUM"), m_premium);
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            s.replace(it.key(), it.value());
    }
    return list;
}

QStringList words(std::initializer_list<const char*> list)
{
    QStringList out;
    for (const char* w : list)
        out << QString::fromUtf8(w);
    return out;
}

QString newUuid()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

} // namespace bo::test
