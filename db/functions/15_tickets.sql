-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Signed tickets: keys, issue, sign, and the tills' own keys.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_ticket_keys()
 RETURNS TABLE(key_id smallint, public_key bytea, created_at timestamp with time zone, retired_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT k.id, k.public_key, k.created_at, k.retired_at FROM ticket_key k
     WHERE k.approved_at IS NOT NULL ORDER BY k.id
$function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_key_add(p_public bytea, p_secret bytea)
 RETURNS smallint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_key_retire(p_key smallint)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    UPDATE ticket_key SET retired_at = coalesce(retired_at, clock_timestamp()) WHERE id = p_key;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown ticket key %', p_key USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-ticket-key', p_key);
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_signing_key()
 RETURNS TABLE(key_id smallint, secret_key bytea)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT k.id, s.secret_key FROM ticket_key k JOIN ticket_key_secret s ON s.key_id = k.id
     WHERE k.retired_at IS NULL ORDER BY k.id DESC LIMIT 1
$function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_list(p_code text)
 RETURNS TABLE(serial integer, booking_code text, booking_status text, showtime_id integer, seat_id integer, cinema text, hall text, film text, rating text, starts_at timestamp with time zone, seat_label text, seat_kind text, tier_code text, tier_name text, price_minor bigint, currency text, sold_at timestamp with time zone, terminal text, key_id smallint, payload text, reprint boolean, issued_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
       -- A ticket's payload admits its holder: a terminal lists only the tickets of sales it made
       -- (the booking's till id is enrolled to its login); the manager's pages list any. The
       -- website's one login makes every customer's sale, so "its own" would be anyone's: this
       -- is not granted to it.
       AND (bo_terminal_kind() IN ('manager', 'owner')
            OR EXISTS (SELECT 1 FROM terminal_enrolment e WHERE e.terminal_id = b.terminal_id AND e.login = session_user))
     ORDER BY se.row_label, se.number
$function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_issue(p_code text, p_reprint boolean)
 RETURNS TABLE(serial integer, showtime_id integer, seat_id integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        RAISE EXCEPTION 'unknown booking %', p_code USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-booking', p_code);
    END IF;
    IF v_booking.status <> 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: no ticket is issued for it', p_code, lower(v_booking.status)
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('booking-has-no-tickets', p_code, lower(v_booking.status));
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_sign(p_serial integer, p_key smallint, p_payload text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_payload IS NULL OR p_payload !~ '^[A-Z2-7]{16,255}$' THEN
        RAISE EXCEPTION 'a ticket payload is base32 text' USING ERRCODE = 'BO400';
    END IF;
    UPDATE ticket t SET key_id = p_key, payload = p_payload
     WHERE t.serial = p_serial AND t.payload IS NULL AND t.voided_at IS NULL
       AND EXISTS (SELECT 1 FROM ticket_key k WHERE k.id = p_key AND k.retired_at IS NULL);
    IF NOT FOUND THEN
        RAISE EXCEPTION 'ticket % is not waiting for its signature, or key % cannot sign', p_serial, p_key
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('ticket-not-awaiting-signature', p_serial, p_key);
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_base32_decode(p_text text)
 RETURNS bytea
 LANGUAGE plpgsql
 IMMUTABLE STRICT SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_bytes_int(p_bytes bytea, p_offset integer, p_length integer)
 RETURNS bigint
 LANGUAGE plpgsql
 IMMUTABLE STRICT SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_value bigint := 0;
BEGIN
    FOR i IN 0 .. p_length - 1 LOOP
        v_value := (v_value << 8) | get_byte(p_bytes, p_offset + i);
    END LOOP;
    RETURN v_value;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_key_list()
 RETURNS TABLE(key_id smallint, public_key bytea, created_at timestamp with time zone, created_by text, terminal_login text, terminal_id uuid, terminal text, approved_at timestamp with time zone, approved_by text, retired_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT k.id, k.public_key, k.created_at, k.created_by, k.terminal_login, k.terminal_id, k.terminal,
           k.approved_at, k.approved_by, k.retired_at
      FROM ticket_key k ORDER BY k.id
$function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_till_key_enrol(p_public bytea, p_terminal_id uuid, p_terminal text)
 RETURNS TABLE(key_id smallint, state text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_key record;
BEGIN
    IF p_public IS NULL OR length(p_public) <> 32 THEN
        RAISE EXCEPTION 'an Ed25519 public key is 32 bytes' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NULL OR p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a till key needs the till''s id and name' USING ERRCODE = 'BO400';
    END IF;
    PERFORM bo_terminal_claim(p_terminal_id);
    SELECT k.id, k.terminal_login, k.terminal_id, k.approved_at, k.retired_at INTO v_key
      FROM ticket_key k WHERE k.public_key = p_public;
    IF FOUND THEN
        IF v_key.terminal_login IS DISTINCT FROM session_user OR v_key.terminal_id <> p_terminal_id THEN
            RAISE EXCEPTION 'ticket key % belongs to another till', v_key.id USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('ticket-key-of-another-till', v_key.id);
        END IF;
    ELSE
        SELECT k.id INTO v_key FROM ticket_key k
         WHERE k.terminal_login = session_user AND k.terminal_id = p_terminal_id AND k.retired_at IS NULL;
        IF FOUND THEN
            RAISE EXCEPTION 'this till already has ticket key %; a manager retires it before another is enrolled',
                v_key.id USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('till-has-ticket-key', v_key.id);
        END IF;
        INSERT INTO ticket_key (public_key, terminal_login, terminal_id, terminal, approved_at, approved_by)
        VALUES (p_public, session_user, p_terminal_id, p_terminal, NULL, NULL)
        RETURNING ticket_key.id, ticket_key.approved_at, ticket_key.retired_at INTO v_key;
    END IF;
    key_id := v_key.id;
    state := CASE WHEN v_key.retired_at IS NOT NULL THEN 'RETIRED'
                  WHEN v_key.approved_at IS NOT NULL THEN 'APPROVED' ELSE 'PENDING' END;
    RETURN NEXT;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_till_key_approve(p_key smallint)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    UPDATE ticket_key k SET approved_at = coalesce(k.approved_at, clock_timestamp()),
                            approved_by = coalesce(k.approved_by, session_user)
     WHERE k.id = p_key AND k.terminal_login IS NOT NULL AND k.retired_at IS NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no till key % waiting or approved (unknown, retired, or a shared key)', p_key
            USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-waiting-till-key', p_key);
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_till_issue(p_code text, p_key smallint)
 RETURNS TABLE(serial integer, showtime_id integer, seat_id integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('ticket-key-not-live', coalesce(p_key::text, '-'));
    END IF;
    IF v_key.approved_at IS NULL THEN
        RAISE EXCEPTION 'ticket key % waits for a manager''s approval (boxoffice-admin ticket-keys --approve %)',
            p_key, p_key USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('ticket-key-awaits-approval', p_key);
    END IF;
    -- The booking's lock orders two issues of one booking: the second sees the first's tickets.
    SELECT b.id, b.status, b.showtime_id, b.terminal_id INTO v_booking FROM booking b WHERE b.code = p_code
       FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown booking %', p_code USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-booking', p_code);
    END IF;
    IF v_booking.status <> 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: no ticket is issued for it', p_code, lower(v_booking.status)
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('booking-has-no-tickets', p_code, lower(v_booking.status));
    END IF;
    IF v_booking.terminal_id IS DISTINCT FROM v_key.terminal_id
       OR NOT EXISTS (SELECT 1 FROM payment_intent p JOIN payment_event e ON e.key = p.key AND e.seq = 1
                       WHERE p.booking_id = v_booking.id AND e.terminal = session_user) THEN
        RAISE EXCEPTION 'booking % was not sold at this till: a manager issues its tickets', p_code
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('booking-of-another-till', p_code);
    END IF;
    IF EXISTS (SELECT 1 FROM ticket t WHERE t.booking_id = v_booking.id) THEN
        RAISE EXCEPTION 'the tickets of booking % were issued already: print them again, or a manager reprints',
            p_code USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('tickets-issued-already', p_code);
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_ticket_till_sign(p_serial integer, p_payload text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('ticket-not-awaiting-this-till', coalesce(p_serial::text, '-'));
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
END $function$;
