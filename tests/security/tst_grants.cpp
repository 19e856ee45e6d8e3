// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The allow-list: what every application role may do in the database is exactly what
// db/functions/90_grants.sql lists — the functions it may EXECUTE and the columns it may SELECT —
// and nothing else (no writes, no sequences, no schema CREATE, no temporary tables, no role
// attributes). A function nobody granted is the owner's alone; a grant nobody approved fails here.
// Also: every bo_ function has exactly one body in db/functions/, and each runs as the owner
// with a search_path that names pg_temp last (docs/SECURITY.md).
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include "db/dbconnection.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

const QStringList applicationRoles{QStringLiteral("boxoffice_kiosk"),   QStringLiteral("boxoffice_till"),
                                   QStringLiteral("boxoffice_door"),    QStringLiteral("boxoffice_manager"),
                                   QStringLiteral("boxoffice_service"), QStringLiteral("boxoffice_web"),
                                   QStringLiteral("boxoffice_terminal")};
/// The logins of earlier releases are tills' (migration 0041): no grant of their own, a till's rights.
const QString legacyRole = QStringLiteral("boxoffice_terminal");
const QString tillRole = QStringLiteral("boxoffice_till");

QString resource(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QStringList roleList(const QString& roles)
{
    QStringList out;
    for (const QString& r : roles.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << r.trimmed();
    return out;
}

/// The approved privileges as "role|EXECUTE|signature" and "role|SELECT|table.column" lines; the
/// signatures are normalised by the database (regprocedure) so spacing does not matter.
QSet<QString> approved(const TestDatabase& db, QString* problem)
{
    const QString grants = resource(QStringLiteral(":/boxoffice/functions/90_grants.sql"));
    if (grants.isEmpty()) {
        *problem = QStringLiteral("90_grants.sql is not in the program's resources");
        return {};
    }
    static const QRegularExpression function(
        QStringLiteral("^GRANT EXECUTE ON FUNCTION (\\w+\\(.*\\)) TO ([\\w, ]+);$"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression table(
        QStringLiteral("^GRANT SELECT (?:\\(([\\w, ]+)\\) )?ON (\\w+) TO ([\\w, ]+);$"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression anyGrant(QStringLiteral("^GRANT "), QRegularExpression::MultilineOption);
    QSet<QString> out;
    int understood = 0;
    for (auto it = function.globalMatch(grants); it.hasNext(); ++understood) {
        const auto m = it.next();
        const QString signature =
            db.scalar(QStringLiteral("SELECT to_regprocedure('%1')::text").arg(m.captured(1)));
        if (signature.isEmpty()) {
            *problem =
                QStringLiteral("90_grants.sql grants a function that does not exist: ") + m.captured(1);
            return {};
        }
        for (const QString& role : roleList(m.captured(2)))
            out << role + QStringLiteral("|EXECUTE|") + signature;
    }
    for (auto it = table.globalMatch(grants); it.hasNext(); ++understood) {
        const auto m = it.next();
        QStringList columns = roleList(m.captured(1));
        if (columns.isEmpty())
            columns = db.scalar(QStringLiteral(
                                    "SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute "
                                    "WHERE attrelid = to_regclass('%1') AND attnum > 0 AND NOT attisdropped")
                                    .arg(m.captured(2)))
                          .split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (columns.isEmpty()) {
            *problem = QStringLiteral("90_grants.sql grants a table that does not exist: ") + m.captured(2);
            return {};
        }
        for (const QString& role : roleList(m.captured(3)))
            for (const QString& column : columns)
                out << role + QStringLiteral("|SELECT|") + m.captured(2) + QLatin1Char('.') + column;
    }
    int grantLines = 0;
    for (auto it = anyGrant.globalMatch(grants); it.hasNext(); it.next())
        ++grantLines;
    if (grantLines != understood)
        *problem = QStringLiteral("90_grants.sql has %1 GRANT lines, %2 of the forms this test reads (one "
                                  "function or one table per line)")
                       .arg(grantLines)
                       .arg(understood);
    const QSet<QString> granted = out;
    for (const QString& line : granted) {
        if (line.startsWith(legacyRole + QLatin1Char('|'))) {
            *problem = QStringLiteral("90_grants.sql grants boxoffice_terminal directly: ") + line;
            return {};
        }
        if (line.startsWith(tillRole + QLatin1Char('|')))
            out << legacyRole + line.mid(tillRole.size());
    }
    return out;
}

/// What the application roles can actually do, in the same form: EXECUTE on functions of our
/// schema, SELECT on columns, and any other privilege at all.
QSet<QString> effective(const TestDatabase& db)
{
    const QString roles =
        QStringLiteral("ARRAY['") + applicationRoles.join(QStringLiteral("','")) + QStringLiteral("']");
    const QString sql =
        QStringLiteral(
            "SELECT string_agg(x, E'\\n') FROM ("
            " SELECT r || '|EXECUTE|' || p.oid::regprocedure::text AS x FROM unnest(%1) r, pg_proc p"
            "  WHERE p.pronamespace = 'public'::regnamespace AND has_function_privilege(r, p.oid, 'EXECUTE')"
            "    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')"
            " UNION ALL"
            " SELECT r || '|SELECT|' || c.relname || '.' || a.attname FROM unnest(%1) r, pg_class c, "
            "pg_attribute a"
            "  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'v', 'm', 'p', 'f')"
            "    AND a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
            "    AND has_column_privilege(r, c.oid, a.attnum, 'SELECT')"
            " UNION ALL"
            " SELECT r || '|' || pr || '|' || c.relname FROM unnest(%1) r, pg_class c,"
            "        unnest(ARRAY['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) pr"
            "  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'v', 'm', 'p', 'f')"
            "    AND CASE WHEN pr IN ('INSERT', 'UPDATE', 'REFERENCES') THEN has_any_column_privilege(r, "
            "c.oid, pr)"
            "             ELSE has_table_privilege(r, c.oid, pr) END"
            " UNION ALL"
            " SELECT r || '|' || pr || '|' || c.relname FROM unnest(%1) r, pg_class c,"
            "        unnest(ARRAY['USAGE', 'SELECT', 'UPDATE']) pr"
            "  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S'"
            "    AND has_sequence_privilege(r, c.oid, pr)"
            " UNION ALL"
            " SELECT r || '|EXECUTE|' || p.oid::regprocedure::text FROM unnest(%1) r, pg_proc p"
            "  WHERE p.pronamespace = 'pg_catalog'::regnamespace AND has_function_privilege(r, p.oid, "
            "'EXECUTE')"
            "    AND (p.proname LIKE '%%advisory%%' OR p.proname IN ('pg_notify', 'lo_creat', 'lo_create', "
            "'lo_from_bytea'))"
            " UNION ALL"
            " SELECT r || '|CREATE|schema public' FROM unnest(%1) r WHERE has_schema_privilege(r, 'public', "
            "'CREATE')"
            " UNION ALL"
            " SELECT r || '|' || pr || '|database' FROM unnest(%1) r, unnest(ARRAY['CREATE', 'TEMPORARY']) pr"
            "  WHERE has_database_privilege(r, current_database(), pr)"
            " UNION ALL"
            " SELECT rolname || '|ATTRIBUTE|superuser, createrole, createdb or bypassrls' FROM pg_roles"
            "  WHERE rolname = ANY (%1) AND (rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls)"
            ") rows")
            .arg(roles);
    const QStringList lines = db.scalar(sql).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return {lines.begin(), lines.end()};
}

QString listed(QSet<QString> set)
{
    QStringList lines(set.begin(), set.end());
    lines.sort();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TstGrants final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
    }
    void cleanup() { m_db.reset(); }

    /// Every privilege an application role has is approved in 90_grants.sql, and everything
    /// approved is in effect.
    void rolesHaveExactlyTheApprovedPrivileges()
    {
        QString problem;
        const QSet<QString> allowed = approved(*m_db, &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(allowed.size() > 100);
        const QSet<QString> actual = effective(*m_db);
        QVERIFY2((actual - allowed).isEmpty(),
                 qPrintable(QStringLiteral("granted but not approved:\n") + listed(actual - allowed)));
        QVERIFY2((allowed - actual).isEmpty(),
                 qPrintable(QStringLiteral("approved but not in effect:\n") + listed(allowed - actual)));
    }

    /// The check itself can fail: a grant made by hand and a function nobody granted show up.
    void anUnapprovedGrantIsFound()
    {
        QString problem;
        const QSet<QString> allowed = approved(*m_db, &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(m_db->run(QStringLiteral(
            "GRANT EXECUTE ON FUNCTION bo_ticket_signing_key() TO boxoffice_kiosk; "
            "CREATE FUNCTION bo_nobody_granted() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$; "
            "GRANT INSERT (reason) ON seat_block TO boxoffice_manager")));
        const QSet<QString> extra = effective(*m_db) - allowed;
        QCOMPARE(listed(extra), QStringLiteral("boxoffice_door|EXECUTE|bo_nobody_granted()\n"
                                               "boxoffice_kiosk|EXECUTE|bo_nobody_granted()\n"
                                               "boxoffice_kiosk|EXECUTE|bo_ticket_signing_key()\n"
                                               "boxoffice_manager|EXECUTE|bo_nobody_granted()\n"
                                               "boxoffice_manager|INSERT|seat_block\n"
                                               "boxoffice_service|EXECUTE|bo_nobody_granted()\n"
                                               "boxoffice_terminal|EXECUTE|bo_nobody_granted()\n"
                                               "boxoffice_till|EXECUTE|bo_nobody_granted()\n"
                                               "boxoffice_web|EXECUTE|bo_nobody_granted()"));
    }

    /// Each bo_ function in the database has one body in db/functions/, and no file defines a
    /// function the database lacks.
    void everyFunctionHasExactlyOneBody()
    {
        static const QRegularExpression create(
            QStringLiteral("^CREATE OR REPLACE FUNCTION public\\.(\\w+)\\("),
            QRegularExpression::MultilineOption);
        const QString dir = QStringLiteral(":/boxoffice/functions");
        QMap<QString, QStringList> bodies; // name -> files that define it
        for (const QString& file : QDir(dir).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
            const QString text = resource(dir + QLatin1Char('/') + file);
            for (auto it = create.globalMatch(text); it.hasNext();)
                bodies[it.next().captured(1)] << file;
        }
        QVERIFY(bodies.size() > 100);
        QStringList twice;
        for (auto it = bodies.cbegin(); it != bodies.cend(); ++it)
            if (it.value().size() > 1)
                twice << it.key() + QStringLiteral(" in ") + it.value().join(QStringLiteral(", "));
        QVERIFY2(twice.isEmpty(), qPrintable(twice.join(QLatin1Char('\n'))));

        const QStringList inDatabase =
            m_db->scalar(
                    QStringLiteral("SELECT string_agg(DISTINCT proname, ',') FROM pg_proc "
                                   "WHERE pronamespace = 'public'::regnamespace AND proname LIKE 'bo\\_%'"))
                .split(QLatin1Char(','));
        const QSet<QString> files(bodies.keyBegin(), bodies.keyEnd());
        const QSet<QString> database(inDatabase.begin(), inDatabase.end());
        QVERIFY2((database - files).isEmpty(),
                 qPrintable(QStringLiteral("no body in db/functions/: ") + listed(database - files)));
        QVERIFY2((files - database).isEmpty(),
                 qPrintable(QStringLiteral("not in the database: ") + listed(files - database)));
    }

    /// Every function runs as the owner with pg_temp named last on its path, and every object
    /// of the schema belongs to the owner role.
    void functionsRunAsTheOwnerWithPgTempLast()
    {
        QCOMPARE(m_db->scalar(QStringLiteral(
                     "SELECT coalesce(string_agg(oid::regprocedure::text, ', '), '') FROM pg_proc p "
                     "WHERE pronamespace = 'public'::regnamespace AND proname LIKE 'bo\\_%' "
                     "AND NOT (prosecdef AND EXISTS (SELECT 1 FROM unnest(proconfig) c "
                     "                               WHERE c LIKE 'search_path=%, pg_temp'))")),
                 QString());
        QCOMPARE(m_db->scalar(QStringLiteral(
                     "SELECT coalesce(string_agg(oid::regprocedure::text, ', '), '') FROM pg_proc p "
                     "WHERE pronamespace = 'public'::regnamespace AND proname LIKE 'bo\\_%' "
                     "AND proowner <> 'boxoffice_owner'::regrole")),
                 QString());
        QCOMPARE(m_db->scalar(QStringLiteral(
                     "SELECT coalesce(string_agg(relname, ', '), '') FROM pg_class c "
                     "WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'v', 'm', 'p', 'S') "
                     "AND relowner <> 'boxoffice_owner'::regrole")),
                 QString());
    }

private:
    std::unique_ptr<TestDatabase> m_db;
};

QTEST_GUILESS_MAIN(TstGrants)
#include "tst_grants.moc"
