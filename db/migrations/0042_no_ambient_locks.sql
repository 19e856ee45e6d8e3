-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- No ambient authority (docs/SECURITY.md, issue 36 finding 6). PostgreSQL lets any login run the
-- advisory-lock functions, pg_notify() and the large-object creators: a kiosk's credential could
-- take the queue's line lock (pg_advisory_lock(1112494421, showtime)) and stall every join,
-- heartbeat and leave, sit on the announcer's or the reconciler's lead lock, fill the lock table
-- until no new connection to the cluster succeeds, or send notifications that look like the
-- announcer's. Here they are taken from PUBLIC in this database and given to boxoffice_owner,
-- whose definer functions (the queue, the leads, the publisher) and whose members (the migrating
-- login) are the only ones that take those locks or notify.
--
-- These functions belong to the bootstrap superuser: only a superuser may change who runs them.
-- A migration run by the database's owner without superuser rights leaves them as they are with
-- a warning; docs/OPERATIONS.md has the statements for the DBA.
DO $$
DECLARE
    f regprocedure;
BEGIN
    SET LOCAL ROLE NONE;
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = session_user) THEN
        RAISE WARNING 'the advisory-lock functions, pg_notify and lo_create stay open to every login (not a superuser)'
            USING HINT = 'A superuser runs the REVOKE of docs/OPERATIONS.md ("No ambient authority") in this database.';
    ELSE
        FOR f IN
            SELECT p.oid::regprocedure FROM pg_proc p
             WHERE p.pronamespace = 'pg_catalog'::regnamespace
               AND (p.proname LIKE '%advisory%' OR p.proname IN ('pg_notify', 'lo_creat', 'lo_create', 'lo_from_bytea'))
        LOOP
            EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO boxoffice_owner', f);
        END LOOP;
    END IF;
    IF pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN
        SET LOCAL ROLE boxoffice_owner;
    END IF;
END $$;
