-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Whether any program publishes the site's announcements now (0013's lock is held) and whether
-- any leads the payment reconciliation (0010's), asked by a terminal that goes through a pooler
-- (docs/DECISIONS.md, "500 terminals"): such a terminal's announcer and reconciler keep no
-- session of their own while another program leads, and open one to take the lead only when
-- nobody holds it. Read-only and stateless, so a transaction-mode pooler may carry them.
CREATE FUNCTION bo_announcer_led() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265110561 >> 32)::oid
                      AND l.objid = (4778125971265110561 & 4294967295)::oid AND l.objsubid = 1)
$$;

CREATE FUNCTION bo_payment_led() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265045827 >> 32)::oid
                      AND l.objid = (4778125971265045827 & 4294967295)::oid AND l.objsubid = 1)
$$;

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it.
DO $$
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION bo_announcer_led() SET bo.announced = '';
        ALTER FUNCTION bo_payment_led() SET bo.announced = '';
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_announcer_led(), bo_payment_led() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION bo_announcer_led(), bo_payment_led() TO boxoffice_terminal, boxoffice_manager;
