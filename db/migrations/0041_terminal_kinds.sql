-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- One role per kind of terminal (docs/SECURITY.md): until now tills, kiosks and doors shared
-- boxoffice_terminal, so a kiosk's credential — which a kiosk in a public lobby must be assumed to
-- have lost — could take cash, run a till's shift, refund, exchange and admit at the door.
--
--   boxoffice_kiosk  a self-service kiosk: its customers' sales by card, the queue, help calls
--   boxoffice_till   a staffed counter: what a kiosk may, plus cash, shifts, the drawer,
--                    refunds and exchanges (each with a member signed in by the server)
--   boxoffice_door   a door scanner: admit, undo, the door's lists
--
-- What each may run is db/functions/90_grants.sql; "a till" inside a function is
-- bo_terminal_kind() (db/functions/55_staff.sql), read from the login's role, never from a
-- parameter. Logins made before this release (IN ROLE boxoffice_terminal) keep exactly a till's
-- rights until they are made again with their kind (`boxoffice-admin create-login NAME --role
-- kiosk|till|door`, docs/OPERATIONS.md): boxoffice_terminal becomes a member of boxoffice_till and
-- holds no grant of its own.
--
-- Roles are cluster-wide and databases migrate on their own (tests migrate many at once): each is
-- made only when missing, and a concurrent creator is not an error (as in 0006). Making roles
-- and granting CONNECT on the database need the migrating login's own rights (a superuser, or the
-- database's owner with CREATEROLE, as for 0006), not boxoffice_owner's: this runs as that login.
DO $$
DECLARE
    v_role text;
BEGIN
    SET LOCAL ROLE NONE;
    FOREACH v_role IN ARRAY ARRAY['boxoffice_kiosk', 'boxoffice_till', 'boxoffice_door'] LOOP
        IF to_regrole(v_role) IS NULL THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I NOLOGIN', v_role);
            EXCEPTION WHEN duplicate_object OR unique_violation THEN
                NULL;
            END;
        END IF;
    END LOOP;
    IF NOT pg_has_role('boxoffice_terminal', 'boxoffice_till', 'MEMBER') THEN
        BEGIN
            GRANT boxoffice_till TO boxoffice_terminal;
        EXCEPTION WHEN unique_violation OR internal_error THEN
            IF NOT pg_has_role('boxoffice_terminal', 'boxoffice_till', 'MEMBER') THEN
                RAISE;
            END IF;
        END;
    END IF;
    -- Where setup-server has restricted this database to our roles, the new ones may connect too.
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO boxoffice_kiosk, boxoffice_till, boxoffice_door',
                   current_database());
    IF pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN
        SET LOCAL ROLE boxoffice_owner;
    END IF;
END $$;
