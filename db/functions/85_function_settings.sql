-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Every bo_ function runs with the owner's rights and a pinned search_path (written in each
-- function's CREATE). Each also pins bo.announced = '' for its own run, so a caller's value of
-- that transaction-local flag cannot silence the seat-change trigger (0006_roles): pinning a
-- custom setting needs SET privilege on it, which a superuser migration grants the owner once
-- per cluster. Without it the pin is left out with a warning, as in 0006, and the functions that
-- rely on the trigger still reset the flag in their bodies. CREATE OR REPLACE drops the pin, so
-- this runs after every function file. bo_hold and bo_release, the hottest pair, set and clear
-- the flag themselves instead (0008_hot_pair: a pinned setting costs a settings level per call),
-- and bo_announce, which every announcing function calls, does not read it.
DO $$
DECLARE
    r record;
BEGIN
    IF NOT (has_parameter_privilege(current_user, 'bo.announced', 'SET')
            OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)) THEN
        RAISE WARNING 'bo.announced is not pinned on the functions (no SET privilege on it)'
            USING HINT = 'A superuser can GRANT SET ON PARAMETER bo.announced TO boxoffice_owner and migrate again.';
        RETURN;
    END IF;
    FOR r IN
        SELECT p.oid::regprocedure AS name FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'bo\_%' AND p.prokind = 'f'
           AND p.proname NOT IN ('bo_hold', 'bo_release', 'bo_announce')
    LOOP
        EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
    END LOOP;
END $$;
