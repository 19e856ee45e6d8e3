-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Tickets and check-in (issue 13, docs/DECISIONS.md "Ticket payload" and "Ticket signing keys").
--
-- 1. ticket_key holds the Ed25519 public keys by id (every terminal and door may read them:
--    bo_ticket_keys); ticket_key_secret holds the private halves and is the owner's alone. Only a
--    manager reaches a private key, through bo_ticket_signing_key (the newest key not retired), and
--    only a manager adds one (bo_ticket_key_add: rotation; older keys keep verifying until
--    retired). PostgreSQL cannot make Ed25519 signatures, so the manager's process signs.
-- 2. ticket: one row per printed ticket of a booked seat, its serial in the QR payload. A reprint
--    voids the seat's valid ticket and issues a new serial (reprint_of names the old one); at most
--    one valid ticket per booked seat (ticket_one_valid_idx). The signed payload text is stored,
--    so printing an issued ticket again needs no key, and a scanned payload that is not the stored
--    one is forged whatever its signature says.
-- 3. checkin: one row per admit; at most one admit per ticket serial that is not undone
--    (checkin_one_admit_idx), an undo is recorded, never deleted. bo_checkin admits exactly once
--    under concurrency (the ticket's row lock orders the doors; the index is the last line) and
--    announces the showtime's admitted count on channel 'bo_checkins': "<showtime>|<admitted>".

ALTER TABLE settings ADD COLUMN cinema_name text NOT NULL DEFAULT 'Box office'
    CHECK (length(cinema_name) BETWEEN 1 AND 80);

CREATE TABLE ticket_key (
    id         smallint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    public_key bytea NOT NULL UNIQUE CHECK (length(public_key) = 32),
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text NOT NULL DEFAULT session_user,
    retired_at timestamptz
);

CREATE TABLE ticket_key_secret (
    key_id     smallint PRIMARY KEY REFERENCES ticket_key (id),
    secret_key bytea NOT NULL CHECK (length(secret_key) = 64)
);

CREATE TABLE ticket (
    serial      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    booking_id  uuid NOT NULL,
    showtime_id integer NOT NULL,
    seat_id     integer NOT NULL,
    key_id      smallint REFERENCES ticket_key (id),
    payload     text,
    reprint_of  integer REFERENCES ticket (serial),
    issued_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    issued_by   text NOT NULL DEFAULT session_user,
    voided_at   timestamptz,
    FOREIGN KEY (booking_id, seat_id) REFERENCES booking_seat (booking_id, seat_id),
    CHECK ((key_id IS NULL) = (payload IS NULL))
);
CREATE UNIQUE INDEX ticket_one_valid_idx ON ticket (booking_id, seat_id) WHERE voided_at IS NULL;
CREATE INDEX ticket_showtime_idx ON ticket (showtime_id);

CREATE TABLE checkin (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    ticket_serial integer NOT NULL REFERENCES ticket (serial),
    showtime_id   integer NOT NULL REFERENCES showtime (id),
    door          text NOT NULL CHECK (length(door) BETWEEN 1 AND 80),
    admitted_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    admitted_by   text NOT NULL DEFAULT session_user,
    undone_at     timestamptz,
    undone_by     text
);
CREATE UNIQUE INDEX checkin_one_admit_idx ON checkin (ticket_serial) WHERE undone_at IS NULL;
CREATE INDEX checkin_showtime_idx ON checkin (showtime_id) WHERE undone_at IS NULL;

-- The public keys: what terminals and doors verify with.
CREATE FUNCTION bo_ticket_keys()
RETURNS TABLE (key_id smallint, public_key bytea, created_at timestamptz, retired_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT k.id, k.public_key, k.created_at, k.retired_at FROM ticket_key k ORDER BY k.id
$$;

-- A new key pair (made by the manager's process with libsodium); it signs from now on.
CREATE FUNCTION bo_ticket_key_add(p_public bytea, p_secret bytea)
RETURNS smallint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_id smallint;
BEGIN
    IF p_public IS NULL OR length(p_public) <> 32 OR p_secret IS NULL OR length(p_secret) <> 64
       OR substring(p_secret FROM 33 FOR 32) <> p_public THEN
        RAISE EXCEPTION 'not an Ed25519 key pair (32-byte public key, 64-byte secret key ending in it)'
            USING ERRCODE = 'BO400';
    END IF;
    INSERT INTO ticket_key (public_key) VALUES (p_public) RETURNING id INTO v_id;
    INSERT INTO ticket_key_secret (key_id, secret_key) VALUES (v_id, p_secret);
    RETURN v_id;
END $$;

-- Retires a key: it neither signs nor verifies any more (its tickets must be reprinted).
CREATE FUNCTION bo_ticket_key_retire(p_key smallint)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    UPDATE ticket_key SET retired_at = coalesce(retired_at, clock_timestamp()) WHERE id = p_key;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown ticket key %', p_key USING ERRCODE = 'BO404';
    END IF;
END $$;

-- The key that signs now: the newest not retired (none: no row).
CREATE FUNCTION bo_ticket_signing_key()
RETURNS TABLE (key_id smallint, secret_key bytea)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT k.id, s.secret_key FROM ticket_key k JOIN ticket_key_secret s ON s.key_id = k.id
     WHERE k.retired_at IS NULL ORDER BY k.id DESC LIMIT 1
$$;

-- What a ticket shows, for the valid tickets of a booking (the seats' order).
CREATE FUNCTION bo_ticket_list(p_code text)
RETURNS TABLE (serial integer, booking_code text, booking_status text, showtime_id integer, seat_id integer,
               cinema text, hall text, film text, rating text, starts_at timestamptz, seat_label text,
               seat_kind text, tier_code text, tier_name text, price_minor bigint, currency text,
               sold_at timestamptz, terminal text, key_id smallint, payload text, reprint boolean,
               issued_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT t.serial, b.code, b.status, t.showtime_id, t.seat_id,
           (SELECT s.cinema_name FROM settings s), a.name, m.title, m.rating, st.starts_at, se.label,
           se.kind, bs.tier_code, coalesce(pt.name, bs.tier_code), bs.price_minor, b.currency::text,
           b.confirmed_at, b.terminal, t.key_id, t.payload, t.reprint_of IS NOT NULL, t.issued_at
      FROM booking b
      JOIN ticket t ON t.booking_id = b.id AND t.voided_at IS NULL
      JOIN booking_seat bs ON bs.booking_id = t.booking_id AND bs.seat_id = t.seat_id
      JOIN showtime st ON st.id = t.showtime_id
      JOIN auditorium a ON a.id = st.auditorium_id
      JOIN movie m ON m.id = st.movie_id
      JOIN seat se ON se.id = t.seat_id
      LEFT JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = bs.tier_code
     WHERE b.code = p_code
     ORDER BY se.row_label, se.number
$$;

-- Issues the tickets of a confirmed booking: a new serial for every booked seat without a valid
-- ticket, and with p_reprint for every seat (the valid ticket is voided first). Returns the new
-- serials, whose payloads the caller signs and stores with bo_ticket_sign in the same transaction.
CREATE FUNCTION bo_ticket_issue(p_code text, p_reprint boolean)
RETURNS TABLE (serial integer, showtime_id integer, seat_id integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_booking record;
    v_seat    record;
    v_old     integer;
    v_new     integer;
BEGIN
    IF p_code IS NULL OR p_code !~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$' THEN
        RAISE EXCEPTION 'booking code % is not of the form XXXX-XXXX', coalesce(p_code, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    SELECT b.id, b.status, b.showtime_id INTO v_booking FROM booking b WHERE b.code = p_code FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown booking %', p_code USING ERRCODE = 'BO404';
    END IF;
    IF v_booking.status <> 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: no ticket is issued for it', p_code, lower(v_booking.status)
            USING ERRCODE = 'BO412';
    END IF;
    FOR v_seat IN
        SELECT bs.seat_id FROM booking_seat bs WHERE bs.booking_id = v_booking.id AND bs.active
         ORDER BY bs.seat_id
    LOOP
        SELECT t.serial INTO v_old FROM ticket t
         WHERE t.booking_id = v_booking.id AND t.seat_id = v_seat.seat_id AND t.voided_at IS NULL
           FOR UPDATE;
        IF v_old IS NOT NULL AND NOT p_reprint THEN
            CONTINUE;
        END IF;
        IF v_old IS NOT NULL THEN
            UPDATE ticket t SET voided_at = clock_timestamp() WHERE t.serial = v_old;
        END IF;
        INSERT INTO ticket (booking_id, showtime_id, seat_id, reprint_of)
        VALUES (v_booking.id, v_booking.showtime_id, v_seat.seat_id, v_old)
        RETURNING ticket.serial INTO v_new;
        serial := v_new;
        showtime_id := v_booking.showtime_id;
        seat_id := v_seat.seat_id;
        RETURN NEXT;
    END LOOP;
END $$;

-- Stores the signed payload of a ticket issued in this transaction (once).
CREATE FUNCTION bo_ticket_sign(p_serial integer, p_key smallint, p_payload text)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_payload IS NULL OR p_payload !~ '^[A-Z2-7]{16,255}$' THEN
        RAISE EXCEPTION 'a ticket payload is base32 text' USING ERRCODE = 'BO400';
    END IF;
    UPDATE ticket t SET key_id = p_key, payload = p_payload
     WHERE t.serial = p_serial AND t.payload IS NULL AND t.voided_at IS NULL
       AND EXISTS (SELECT 1 FROM ticket_key k WHERE k.id = p_key AND k.retired_at IS NULL);
    IF NOT FOUND THEN
        RAISE EXCEPTION 'ticket % is not waiting for its signature, or key % cannot sign', p_serial, p_key
            USING ERRCODE = 'BO412';
    END IF;
END $$;

-- Admits a scanned ticket exactly once. The caller verified the signature; here the payload must
-- be the one stored for the serial, the ticket valid (not reprinted), the booking confirmed, the
-- showtime the door's (p_showtime, NULL: any) and no admit of the serial standing.
-- verdict: ADMITTED, ALREADY_USED (admitted_at and door say when and where), REPRINTED, CANCELLED,
-- REFUNDED, NOT_VALID (booking in another state), WRONG_SHOWTIME, UNKNOWN (no such serial),
-- FORGED (a payload that is not the one issued).
CREATE FUNCTION bo_checkin(p_serial integer, p_payload text, p_door text, p_showtime integer)
RETURNS TABLE (verdict text, showtime_id integer, seat_label text, tier_name text, admitted_at timestamptz,
               door text, admitted integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_ticket  record;
    v_status  text;
    v_prior   record;
    v_count   integer;
BEGIN
    IF p_door IS NULL OR length(p_door) NOT BETWEEN 1 AND 80 THEN
        RAISE EXCEPTION 'a door is named by 1 to 80 characters' USING ERRCODE = 'BO400';
    END IF;
    -- The ticket's row lock orders every door scanning this serial: the second waits for the
    -- first's commit, then sees its admit (each statement reads a new snapshot).
    SELECT t.serial, t.booking_id, t.showtime_id, t.seat_id, t.payload, t.voided_at INTO v_ticket
      FROM ticket t WHERE t.serial = p_serial FOR UPDATE;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'UNKNOWN'::text, NULL::integer, NULL::text, NULL::text, NULL::timestamptz,
                            NULL::text, NULL::integer;
        RETURN;
    END IF;
    showtime_id := v_ticket.showtime_id;
    SELECT se.label, coalesce(pt.name, bs.tier_code) INTO seat_label, tier_name
      FROM booking_seat bs JOIN seat se ON se.id = bs.seat_id
      JOIN showtime st ON st.id = bs.showtime_id
      LEFT JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = bs.tier_code
     WHERE bs.booking_id = v_ticket.booking_id AND bs.seat_id = v_ticket.seat_id;
    IF v_ticket.payload IS DISTINCT FROM p_payload THEN
        verdict := 'FORGED';
    ELSIF v_ticket.voided_at IS NOT NULL THEN
        verdict := 'REPRINTED';
    ELSIF p_showtime IS NOT NULL AND p_showtime <> v_ticket.showtime_id THEN
        verdict := 'WRONG_SHOWTIME';
    ELSE
        SELECT b.status INTO v_status FROM booking b WHERE b.id = v_ticket.booking_id FOR SHARE;
        IF v_status = 'CANCELLED' THEN
            verdict := 'CANCELLED';
        ELSIF v_status = 'REFUNDED' THEN
            verdict := 'REFUNDED';
        ELSIF v_status <> 'CONFIRMED' THEN
            verdict := 'NOT_VALID';
        ELSE
            SELECT c.admitted_at, c.door INTO v_prior FROM checkin c
             WHERE c.ticket_serial = p_serial AND c.undone_at IS NULL;
            IF FOUND THEN
                verdict := 'ALREADY_USED';
                admitted_at := v_prior.admitted_at;
                door := v_prior.door;
            ELSE
                INSERT INTO checkin (ticket_serial, showtime_id, door)
                VALUES (p_serial, v_ticket.showtime_id, p_door)
                RETURNING checkin.admitted_at, checkin.door INTO admitted_at, door;
                verdict := 'ADMITTED';
            END IF;
        END IF;
    END IF;
    SELECT count(*)::integer INTO v_count FROM checkin c
     WHERE c.showtime_id = v_ticket.showtime_id AND c.undone_at IS NULL;
    admitted := v_count;
    IF verdict = 'ADMITTED' THEN
        PERFORM pg_notify('bo_checkins', v_ticket.showtime_id::text || '|' || v_count::text);
    END IF;
    RETURN NEXT;
END $$;

-- Undoes the standing admit of a serial made within the last p_within_s seconds at p_door.
-- Returns false when there is none.
CREATE FUNCTION bo_checkin_undo(p_serial integer, p_door text, p_within_s integer)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_showtime integer;
    v_count    integer;
BEGIN
    UPDATE checkin c SET undone_at = clock_timestamp(), undone_by = session_user
     WHERE c.ticket_serial = p_serial AND c.undone_at IS NULL AND c.door = p_door
       AND c.admitted_at >= clock_timestamp() - make_interval(secs => p_within_s)
    RETURNING c.showtime_id INTO v_showtime;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    SELECT count(*)::integer INTO v_count FROM checkin c WHERE c.showtime_id = v_showtime AND c.undone_at IS NULL;
    PERFORM pg_notify('bo_checkins', v_showtime::text || '|' || v_count::text);
    RETURN true;
END $$;

-- A showtime's admits (undone ones too) and how many tickets it expects (valid tickets of
-- confirmed bookings).
CREATE FUNCTION bo_checkin_list(p_showtime integer)
RETURNS TABLE (serial integer, booking_code text, seat_label text, tier_name text, door text,
               admitted_at timestamptz, undone_at timestamptz, expected integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT c.ticket_serial, b.code, se.label, coalesce(pt.name, bs.tier_code), c.door, c.admitted_at, c.undone_at,
           (SELECT count(*)::integer FROM ticket t2 JOIN booking b2 ON b2.id = t2.booking_id
             WHERE t2.showtime_id = p_showtime AND t2.voided_at IS NULL AND b2.status = 'CONFIRMED')
      FROM checkin c
      JOIN ticket t ON t.serial = c.ticket_serial
      JOIN booking b ON b.id = t.booking_id
      JOIN booking_seat bs ON bs.booking_id = t.booking_id AND bs.seat_id = t.seat_id
      JOIN showtime st ON st.id = c.showtime_id
      JOIN seat se ON se.id = t.seat_id
      LEFT JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = bs.tier_code
     WHERE c.showtime_id = p_showtime
     ORDER BY c.admitted_at, c.id
$$;

-- The expected count alone (a showtime nobody was admitted to yet).
CREATE FUNCTION bo_checkin_expected(p_showtime integer)
RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT count(*)::integer FROM ticket t JOIN booking b ON b.id = t.booking_id
     WHERE t.showtime_id = p_showtime AND t.voided_at IS NULL AND b.status = 'CONFIRMED'
$$;

ALTER TABLE ticket_key OWNER TO boxoffice_owner;
ALTER TABLE ticket_key_secret OWNER TO boxoffice_owner;
ALTER TABLE ticket OWNER TO boxoffice_owner;
ALTER TABLE checkin OWNER TO boxoffice_owner;
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT p.oid::regprocedure AS name FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
           AND (p.proname LIKE 'bo\_ticket\_%' OR p.proname LIKE 'bo\_checkin%')
    LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO boxoffice_owner', r.name);
        -- As migration 0006 does for every function: the announcement flag off on entry.
        IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
           OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END IF;
    END LOOP;
END $$;

-- No table is granted; the private keys are the owner's alone.
REVOKE ALL ON ticket_key, ticket_key_secret, ticket, checkin FROM PUBLIC;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
-- Terminals and doors: the public keys, the issued tickets, check-in.
GRANT EXECUTE ON FUNCTION
    bo_ticket_keys(),
    bo_ticket_list(text),
    bo_checkin(integer, text, text, integer),
    bo_checkin_undo(integer, text, integer),
    bo_checkin_list(integer),
    bo_checkin_expected(integer)
   TO boxoffice_terminal, boxoffice_manager;
-- Managers only: the private key, new keys, issuing and signing tickets.
GRANT EXECUTE ON FUNCTION
    bo_ticket_key_add(bytea, bytea),
    bo_ticket_key_retire(smallint),
    bo_ticket_signing_key(),
    bo_ticket_issue(text, boolean),
    bo_ticket_sign(integer, smallint, text)
   TO boxoffice_manager;
