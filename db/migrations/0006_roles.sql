-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Least privilege (DESIGN.md section 7).
--
-- Three roles, none of which can log in:
--   boxoffice_owner     owns every table, sequence and function; later migrations run as it
--                       (db/migrator.cpp: SET LOCAL ROLE), so what they create is its too.
--   boxoffice_terminal  a till, a kiosk, a door: EXECUTE on the sale functions and SELECT on what
--                       the screens and the CLI read. No table can be written, no payment data
--                       of another sale read (booking.payment), no idempotency key seen.
--   boxoffice_manager   what a terminal has, plus cancelling a booking and reading bookings with
--                       their payment and seats (reports). No table writes either.
-- Logins are made with `boxoffice-admin create-login NAME --role terminal|manager` (IN ROLE one
-- of the last two).
--
-- Every bo_% function (trigger functions too) runs with the owner's rights (SECURITY DEFINER)
-- with a pinned search_path, so a caller's search_path or temporary objects cannot redirect it.
-- Each also pins bo.announced = '' for its own run: the seat-change trigger stays quiet while
-- that transaction-local flag is 'on' (0003: functions that announce their own changes set it),
-- and before this any session could SET it and confirm or sweep without announcing. The pin
-- makes every function start with the flag off whatever the caller set; a function that
-- announces itself still sets it inside, and the caller's value is restored on return.
--
-- Roles are cluster-wide while every database migrates on its own (tests create many at once):
-- they are created only when missing, and a concurrent creator is not an error. Everything
-- else here is per database. The migration runs as a superuser (tests, the demo) or as a
-- database owner with CREATEROLE (production). Pinning a custom setting such as bo.announced on
-- a function needs a superuser or SET privilege on that parameter (PostgreSQL 15): a superuser
-- migration grants it to boxoffice_owner (once per cluster); without it the pin is left out with
-- a warning, and the functions that rely on the trigger still reset the flag in their bodies
-- (0005). docs/OPERATIONS.md has the one-time grant for production.
--
-- A later CREATE OR REPLACE FUNCTION resets SECURITY DEFINER and the SET clauses: such a
-- migration must repeat the function loop below (tests/db/tst_privileges.cpp checks every bo_%
-- function from pg_proc).

DO $$
DECLARE
    v_role text;
BEGIN
    FOREACH v_role IN ARRAY ARRAY['boxoffice_owner', 'boxoffice_manager', 'boxoffice_terminal'] LOOP
        IF to_regrole(v_role) IS NULL THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I NOLOGIN', v_role);
            EXCEPTION WHEN duplicate_object OR unique_violation THEN
                NULL; -- another database's migration created it a moment ago
            END;
        END IF;
    END LOOP;

    -- The migrating user acts as the owner (a superuser already can).
    IF NOT pg_has_role(current_user, 'boxoffice_owner', 'MEMBER') THEN
        BEGIN
            EXECUTE format('GRANT boxoffice_owner TO %I', current_user);
        EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;
        END;
    END IF;

    -- Let the owner pin bo.announced on functions (a superuser grants it once per cluster).
    IF NOT has_parameter_privilege('boxoffice_owner', 'bo.announced', 'SET')
       AND (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        BEGIN
            GRANT SET ON PARAMETER bo.announced TO boxoffice_owner;
        EXCEPTION WHEN unique_violation OR internal_error THEN
            -- A concurrent grant of the same privilege (tuple concurrently updated).
            IF NOT has_parameter_privilege('boxoffice_owner', 'bo.announced', 'SET') THEN
                RAISE;
            END IF;
        END;
    END IF;
END $$;

GRANT USAGE, CREATE ON SCHEMA public TO boxoffice_owner;

-- The owner owns everything of the schema (indexes and identity sequences follow their table).
DO $$
DECLARE
    r     record;
    v_pin boolean;
BEGIN
    FOR r IN
        SELECT c.oid::regclass AS name, c.relkind
          FROM pg_class c
         WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
           AND NOT EXISTS (SELECT 1 FROM pg_depend d
                            WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                              AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))
    LOOP
        IF r.relkind = 'S' THEN
            EXECUTE format('ALTER SEQUENCE %s OWNER TO boxoffice_owner', r.name);
        ELSE
            EXECUTE format('ALTER TABLE %s OWNER TO boxoffice_owner', r.name);
        END IF;
    END LOOP;

    FOR r IN
        SELECT p.oid::regprocedure AS name, p.prokind
          FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace
    LOOP
        EXECUTE format('ALTER %s %s OWNER TO boxoffice_owner',
                       CASE r.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END,
                       r.name);
    END LOOP;

    -- Owner's rights, a pinned search_path and the announcement flag off on entry.
    v_pin := has_parameter_privilege(current_user, 'bo.announced', 'SET')
             OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
    IF NOT v_pin THEN
        RAISE WARNING 'bo.announced is not pinned on the functions (no SET privilege on it)'
            USING HINT = 'The functions that rely on the trigger reset it themselves (0005); a superuser '
                         'can GRANT SET ON PARAMETER bo.announced TO boxoffice_owner before migrating.';
    END IF;
    FOR r IN
        SELECT p.oid::regprocedure AS name
          FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'bo\_%' AND p.prokind = 'f'
    LOOP
        EXECUTE format('ALTER FUNCTION %s SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp',
                       r.name);
        IF v_pin THEN
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END IF;
    END LOOP;
END $$;

REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
-- Whatever the owner creates later is private until granted.
ALTER DEFAULT PRIVILEGES FOR ROLE boxoffice_owner REVOKE ALL ON TABLES FROM PUBLIC;
ALTER DEFAULT PRIVILEGES FOR ROLE boxoffice_owner REVOKE ALL ON SEQUENCES FROM PUBLIC;
ALTER DEFAULT PRIVILEGES FOR ROLE boxoffice_owner REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

-- Terminals and managers: the sale functions (every overload) and the reads of the screens
-- and the CLI (CatalogStore, SeatStore::seats, the schema version check).
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT p.oid::regprocedure AS name, p.proname
          FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
           AND p.proname IN ('bo_hold', 'bo_release', 'bo_begin_payment', 'bo_extend_hold', 'bo_confirm',
                             'bo_sweep', 'bo_purge_keys', 'bo_cancel_booking')
    LOOP
        IF r.proname = 'bo_cancel_booking' THEN
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO boxoffice_manager', r.name);
        ELSE
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO boxoffice_terminal, boxoffice_manager', r.name);
        END IF;
    END LOOP;
END $$;

GRANT SELECT ON settings, auditorium, seat, movie, price_list, price_tier, showtime, showtime_seat,
                schema_migrations
   TO boxoffice_terminal, boxoffice_manager;
-- A terminal sees bookings without their payment (the card data of other sales).
GRANT SELECT (id, code, showtime_id, status, hold_token, total_minor, currency, terminal, terminal_id,
              created_at, expires_at, confirmed_at, closed_at)
   ON booking TO boxoffice_terminal;
GRANT SELECT ON booking, booking_seat TO boxoffice_manager;
