-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Staff PINs are checked by the server (docs/SECURITY.md). Until now a terminal read the
-- member's Argon2id string (bo_staff_pin), checked the PIN itself and told the server the result
-- (bo_staff_pin_result): any terminal credential could read every hash — a 4 to 6 digit PIN
-- falls to an offline search in minutes whatever the hash — and declare any PIN right.
--
-- Now the terminal sends the PIN (TLS in production) and the database compares it with a bcrypt
-- hash (pgcrypto's crypt(), cost 10) that only the owner can read; db/functions/55_staff.sql has
-- the two-step attempt and outcome that keeps a rolled-back attempt from erasing its count.
--
-- PostgreSQL cannot check an Argon2id string, so the existing PINs are cleared here: a manager
-- sets each member's PIN again (`boxoffice-admin staff-pin`, docs/OPERATIONS.md); until then the
-- member is told to ask for one.

-- pgcrypto, a trusted contrib extension, in a schema of its own that only the owner may use (its
-- functions are called by qualified name from the definer functions). Creating a schema and an
-- extension needs CREATE on the database, which the migrating login has (a superuser, or the
-- database's owner) and boxoffice_owner has not: this part runs as that login.
DO $$
BEGIN
    IF to_regnamespace('ext') IS NULL OR NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pgcrypto') THEN
        SET LOCAL ROLE NONE;
        CREATE SCHEMA IF NOT EXISTS ext;
        REVOKE ALL ON SCHEMA ext FROM PUBLIC;
        GRANT USAGE ON SCHEMA ext TO boxoffice_owner;
        CREATE EXTENSION IF NOT EXISTS pgcrypto SCHEMA ext;
        IF pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN
            SET LOCAL ROLE boxoffice_owner;
        END IF;
    END IF;
END $$;

ALTER TABLE staff DROP CONSTRAINT staff_pin_hash_check;
ALTER TABLE staff ALTER COLUMN pin_hash DROP NOT NULL;
UPDATE staff SET pin_hash = NULL, failed_pins = 0, locked_at = NULL;
ALTER TABLE staff ADD CONSTRAINT staff_pin_hash_check
    CHECK (pin_hash IS NULL OR (pin_hash ~ '^\$2[abxy]\$[0-9]{2}\$' AND length(pin_hash) = 60));

-- Every PIN typed: counted as a failure the moment it is checked, its outcome readable only by
-- the login that typed it, once, in a later transaction (db/functions/55_staff.sql).
CREATE TABLE staff_pin_attempt (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    staff_id      integer NOT NULL,
    purpose       text NOT NULL CHECK (purpose IN ('sign_in', 'approve', 'manager')),
    outcome       text NOT NULL CHECK (outcome IN ('ok', 'wrong_pin', 'locked', 'disabled', 'unknown', 'no_pin')),
    locked_now    boolean NOT NULL DEFAULT false,
    login         text NOT NULL DEFAULT session_user,
    terminal      text NOT NULL CHECK (length(terminal) BETWEEN 1 AND 100),
    terminal_id   uuid,
    made_in       xid8 NOT NULL DEFAULT pg_current_xact_id(),
    at            timestamptz NOT NULL DEFAULT clock_timestamp(),
    read_at       timestamptz
);
CREATE INDEX staff_pin_attempt_at_idx ON staff_pin_attempt (at);

DROP FUNCTION bo_staff_pin(integer);
DROP FUNCTION bo_staff_pin_result(integer, boolean, text, text, uuid);
DROP FUNCTION bo_staff_add(text, text, text);
DROP FUNCTION bo_staff_set_pin(integer, text);
DROP FUNCTION bo_staff_check_hash(text);
DROP FUNCTION bo_staff_list(); -- it says now who has a PIN (db/functions/55_staff.sql)
