-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Tills sign the first tickets of their own sales (issue 13 part 2; docs/DECISIONS.md "A till signs
-- its own sale's tickets with its own key").
--
-- 1. ticket_key gains till keys: a public key a till made itself (its secret stays in a 0600 file
--    on the till, never here), bound to the login that enrolled it and the till's permanent id. A
--    till key verifies (bo_ticket_keys) and signs only once a manager approved it
--    (bo_ticket_till_key_approve); the shared keys of 0012 are approved when made. Retiring works
--    as for any key: it neither signs nor verifies from then on. One live key per login and till.
-- 2. bo_ticket_till_issue: a terminal issues the tickets of a CONFIRMED booking it sold itself (its
--    login created the booking's payment, and the booking carries the till's id), once per booking
--    (the serials are the server's). bo_ticket_till_sign stores each payload only after checking
--    its body (base32-decoded here) against the rows: version 1, the caller's approved key, the
--    serial, showtime, seat and booking code. The signature itself is checked at the door.
-- 3. Printing an issued ticket again needs no key (bo_ticket_list); a new serial (reprint) stays
--    the manager's (bo_ticket_issue with p_reprint).

ALTER TABLE ticket_key
    ADD COLUMN terminal_login text CHECK (length(terminal_login) BETWEEN 1 AND 63),
    ADD COLUMN terminal_id uuid,
    ADD COLUMN terminal text CHECK (length(terminal) BETWEEN 1 AND 100),
    ADD COLUMN approved_at timestamptz,
    ADD COLUMN approved_by text;
UPDATE ticket_key SET approved_at = created_at, approved_by = created_by;
-- A key made by a manager (bo_ticket_key_add) is approved when made.
ALTER TABLE ticket_key
    ALTER COLUMN approved_at SET DEFAULT clock_timestamp(),
    ALTER COLUMN approved_by SET DEFAULT session_user,
    ADD CHECK ((approved_at IS NULL) = (approved_by IS NULL)),
    ADD CHECK ((terminal_login IS NULL) = (terminal_id IS NULL)),
    ADD CHECK (terminal_login IS NOT NULL OR approved_at IS NOT NULL);
CREATE UNIQUE INDEX ticket_key_one_live_till_idx ON ticket_key (terminal_login, terminal_id)
    WHERE terminal_login IS NOT NULL AND retired_at IS NULL;

-- RFC 4648 base32 (no padding) to bytes; NULL for a character outside the alphabet. Leftover
-- bits at the end (fewer than 8) are dropped, as the encoder pads them with zeros.
CREATE FUNCTION bo_base32_decode(p_text text)
RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_out    bytea := decode(repeat('00', length(p_text) * 5 / 8), 'hex');
    v_buffer integer := 0;
    v_bits   integer := 0;
    v_at     integer := 0;
    v_value  integer;
BEGIN
    FOR i IN 1 .. length(p_text) LOOP
        v_value := strpos('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', substr(p_text, i, 1)) - 1;
        IF v_value < 0 THEN
            RETURN NULL;
        END IF;
        v_buffer := (v_buffer << 5) | v_value;
        v_bits := v_bits + 5;
        IF v_bits >= 8 THEN
            v_bits := v_bits - 8;
            v_out := set_byte(v_out, v_at, (v_buffer >> v_bits) & 255);
            v_at := v_at + 1;
            v_buffer := v_buffer & ((1 << v_bits) - 1);
        END IF;
    END LOOP;
    RETURN v_out;
END $$;

-- Big-endian unsigned integer of p_length bytes at p_offset (0-based).
CREATE FUNCTION bo_bytes_int(p_bytes bytea, p_offset integer, p_length integer)
RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_value bigint := 0;
BEGIN
    FOR i IN 0 .. p_length - 1 LOOP
        v_value := (v_value << 8) | get_byte(p_bytes, p_offset + i);
    END LOOP;
    RETURN v_value;
END $$;

-- The public keys doors and terminals verify with: 0012's, without till keys awaiting approval.
CREATE OR REPLACE FUNCTION bo_ticket_keys()
RETURNS TABLE (key_id smallint, public_key bytea, created_at timestamptz, retired_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT k.id, k.public_key, k.created_at, k.retired_at FROM ticket_key k
     WHERE k.approved_at IS NOT NULL ORDER BY k.id
$$;

-- Every key with its till and approval (the manager's `ticket-keys`).
CREATE FUNCTION bo_ticket_key_list()
RETURNS TABLE (key_id smallint, public_key bytea, created_at timestamptz, created_by text,
               terminal_login text, terminal_id uuid, terminal text, approved_at timestamptz,
               approved_by text, retired_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT k.id, k.public_key, k.created_at, k.created_by, k.terminal_login, k.terminal_id, k.terminal,
           k.approved_at, k.approved_by, k.retired_at
      FROM ticket_key k ORDER BY k.id
$$;

-- A till enrols the public half of the key pair it made. The same key again answers its state
-- (idempotent: every start of the till enrols); another key while the till's key is live is
-- refused (a manager retires the old one first). state: PENDING, APPROVED or RETIRED (the till
-- then makes a new pair).
CREATE FUNCTION bo_ticket_till_key_enrol(p_public bytea, p_terminal_id uuid, p_terminal text)
RETURNS TABLE (key_id smallint, state text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_key record;
BEGIN
    IF p_public IS NULL OR length(p_public) <> 32 THEN
        RAISE EXCEPTION 'an Ed25519 public key is 32 bytes' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NULL OR p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a till key needs the till''s id and name' USING ERRCODE = 'BO400';
    END IF;
    SELECT k.id, k.terminal_login, k.terminal_id, k.approved_at, k.retired_at INTO v_key
      FROM ticket_key k WHERE k.public_key = p_public;
    IF FOUND THEN
        IF v_key.terminal_login IS DISTINCT FROM session_user OR v_key.terminal_id <> p_terminal_id THEN
            RAISE EXCEPTION 'ticket key % belongs to another till', v_key.id USING ERRCODE = 'BO412';
        END IF;
    ELSE
        SELECT k.id INTO v_key FROM ticket_key k
         WHERE k.terminal_login = session_user AND k.terminal_id = p_terminal_id AND k.retired_at IS NULL;
        IF FOUND THEN
            RAISE EXCEPTION 'this till already has ticket key %; a manager retires it before another is enrolled',
                v_key.id USING ERRCODE = 'BO412';
        END IF;
        INSERT INTO ticket_key (public_key, terminal_login, terminal_id, terminal, approved_at, approved_by)
        VALUES (p_public, session_user, p_terminal_id, p_terminal, NULL, NULL)
        RETURNING ticket_key.id, ticket_key.approved_at, ticket_key.retired_at INTO v_key;
    END IF;
    key_id := v_key.id;
    state := CASE WHEN v_key.retired_at IS NOT NULL THEN 'RETIRED'
                  WHEN v_key.approved_at IS NOT NULL THEN 'APPROVED' ELSE 'PENDING' END;
    RETURN NEXT;
END $$;

-- A manager approves a till's key: from now on it signs that till's tickets and doors verify it.
CREATE FUNCTION bo_ticket_till_key_approve(p_key smallint)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    UPDATE ticket_key k SET approved_at = coalesce(k.approved_at, clock_timestamp()),
                            approved_by = coalesce(k.approved_by, session_user)
     WHERE k.id = p_key AND k.terminal_login IS NOT NULL AND k.retired_at IS NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no till key % waiting or approved (unknown, retired, or a shared key)', p_key
            USING ERRCODE = 'BO404';
    END IF;
END $$;

-- A till issues the tickets of its own confirmed sale, once: a serial for every booked seat.
-- Returns them; the till signs each payload with key p_key and stores it with bo_ticket_till_sign
-- in the same transaction.
CREATE FUNCTION bo_ticket_till_issue(p_code text, p_key smallint)
RETURNS TABLE (serial integer, showtime_id integer, seat_id integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_key     record;
    v_booking record;
    v_seat    record;
    v_new     integer;
BEGIN
    IF p_code IS NULL OR p_code !~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$' THEN
        RAISE EXCEPTION 'booking code % is not of the form XXXX-XXXX', coalesce(p_code, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    SELECT k.terminal_id, k.approved_at, k.retired_at INTO v_key
      FROM ticket_key k WHERE k.id = p_key AND k.terminal_login = session_user;
    IF NOT FOUND OR v_key.retired_at IS NOT NULL THEN
        RAISE EXCEPTION 'ticket key % is not a live key of this till', coalesce(p_key::text, '(none)')
            USING ERRCODE = 'BO412';
    END IF;
    IF v_key.approved_at IS NULL THEN
        RAISE EXCEPTION 'ticket key % waits for a manager''s approval (boxoffice-admin ticket-keys --approve %)',
            p_key, p_key USING ERRCODE = 'BO412';
    END IF;
    -- The booking's lock orders two issues of one booking: the second sees the first's tickets.
    SELECT b.id, b.status, b.showtime_id, b.terminal_id INTO v_booking FROM booking b WHERE b.code = p_code
       FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown booking %', p_code USING ERRCODE = 'BO404';
    END IF;
    IF v_booking.status <> 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: no ticket is issued for it', p_code, lower(v_booking.status)
            USING ERRCODE = 'BO412';
    END IF;
    IF v_booking.terminal_id IS DISTINCT FROM v_key.terminal_id
       OR NOT EXISTS (SELECT 1 FROM payment_intent p JOIN payment_event e ON e.key = p.key AND e.seq = 1
                       WHERE p.booking_id = v_booking.id AND e.terminal = session_user) THEN
        RAISE EXCEPTION 'booking % was not sold at this till: a manager issues its tickets', p_code
            USING ERRCODE = 'BO412';
    END IF;
    IF EXISTS (SELECT 1 FROM ticket t WHERE t.booking_id = v_booking.id) THEN
        RAISE EXCEPTION 'the tickets of booking % were issued already: print them again, or a manager reprints',
            p_code USING ERRCODE = 'BO412';
    END IF;
    FOR v_seat IN
        SELECT bs.seat_id FROM booking_seat bs WHERE bs.booking_id = v_booking.id AND bs.active
         ORDER BY bs.seat_id
    LOOP
        INSERT INTO ticket (booking_id, showtime_id, seat_id)
        VALUES (v_booking.id, v_booking.showtime_id, v_seat.seat_id)
        RETURNING ticket.serial INTO v_new;
        serial := v_new;
        showtime_id := v_booking.showtime_id;
        seat_id := v_seat.seat_id;
        RETURN NEXT;
    END LOOP;
END $$;

-- Stores the payload a till signed for a ticket it issued, once, after checking the payload's
-- signed body against the ticket: version 1, this till's approved key, the serial, showtime, seat
-- and booking code. The door checks the signature.
CREATE FUNCTION bo_ticket_till_sign(p_serial integer, p_payload text)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_bytes  bytea;
    v_key    integer;
    v_ticket record;
BEGIN
    -- 23 bytes of body and 64 of signature: 87 bytes, 140 characters.
    IF p_payload IS NULL OR p_payload !~ '^[A-Z2-7]{140}$' THEN
        RAISE EXCEPTION 'a ticket payload is 140 characters of base32' USING ERRCODE = 'BO400';
    END IF;
    v_bytes := bo_base32_decode(p_payload);
    SELECT t.serial, t.showtime_id, t.seat_id, t.payload, t.voided_at, t.issued_by, b.code INTO v_ticket
      FROM ticket t JOIN booking b ON b.id = t.booking_id WHERE t.serial = p_serial FOR UPDATE OF t;
    IF NOT FOUND OR v_ticket.issued_by <> session_user OR v_ticket.payload IS NOT NULL
       OR v_ticket.voided_at IS NOT NULL THEN
        RAISE EXCEPTION 'ticket % is not waiting for this till''s signature', coalesce(p_serial::text, '(none)')
            USING ERRCODE = 'BO412';
    END IF;
    v_key := bo_bytes_int(v_bytes, 1, 2)::integer;
    IF get_byte(v_bytes, 0) <> 1
       OR NOT EXISTS (SELECT 1 FROM ticket_key k WHERE k.id = v_key AND k.terminal_login = session_user
                         AND k.approved_at IS NOT NULL AND k.retired_at IS NULL)
       OR bo_bytes_int(v_bytes, 3, 4) <> v_ticket.serial
       OR bo_bytes_int(v_bytes, 7, 4) <> v_ticket.showtime_id
       OR bo_bytes_int(v_bytes, 11, 4) <> v_ticket.seat_id
       OR substring(v_bytes FROM 16 FOR 8) <> convert_to(replace(v_ticket.code, '-', ''), 'UTF8') THEN
        RAISE EXCEPTION 'the payload of ticket % does not describe it (version, key, serial, showtime, seat, booking)',
            p_serial USING ERRCODE = 'BO400';
    END IF;
    UPDATE ticket t SET key_id = v_key::smallint, payload = p_payload WHERE t.serial = p_serial;
END $$;

DO $$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT p.oid::regprocedure AS name FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
           AND p.proname IN ('bo_base32_decode', 'bo_bytes_int', 'bo_ticket_keys', 'bo_ticket_key_list',
                             'bo_ticket_till_key_enrol', 'bo_ticket_till_key_approve', 'bo_ticket_till_issue',
                             'bo_ticket_till_sign')
    LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO boxoffice_owner', r.name);
        -- As migration 0006 does for every function: the announcement flag off on entry.
        IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
           OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END IF;
    END LOOP;
END $$;

REVOKE EXECUTE ON FUNCTION
    bo_base32_decode(text),
    bo_bytes_int(bytea, integer, integer),
    bo_ticket_key_list(),
    bo_ticket_till_key_enrol(bytea, uuid, text),
    bo_ticket_till_key_approve(smallint),
    bo_ticket_till_issue(text, smallint),
    bo_ticket_till_sign(integer, text)
   FROM PUBLIC;
-- A till (with a terminal's login, or a manager's): its own key and its own sale's first tickets.
GRANT EXECUTE ON FUNCTION
    bo_ticket_till_key_enrol(bytea, uuid, text),
    bo_ticket_till_issue(text, smallint),
    bo_ticket_till_sign(integer, text)
   TO boxoffice_terminal, boxoffice_manager;
-- Managers: every key and approving a till's.
GRANT EXECUTE ON FUNCTION
    bo_ticket_key_list(),
    bo_ticket_till_key_approve(smallint)
   TO boxoffice_manager;
