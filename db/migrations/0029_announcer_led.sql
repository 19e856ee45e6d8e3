-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Whether any program publishes the site's announcements now (0013's lock is held), asked by a
-- terminal that goes through a pooler (docs/DECISIONS.md, "500 terminals"): such a terminal's
-- announcer keeps no session of its own while another program publishes, and opens one to take
-- the lead only when nobody holds it. Read-only and stateless, so a transaction-mode pooler may
-- carry it.
CREATE FUNCTION bo_announcer_led() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265110561 >> 32)::oid
                      AND l.objid = (4778125971265110561 & 4294967295)::oid AND l.objsubid = 1)
$$;

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it.
DO $$
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION bo_announcer_led() SET bo.announced = '';
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_announcer_led() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION bo_announcer_led() TO boxoffice_terminal, boxoffice_manager;
