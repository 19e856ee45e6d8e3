-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The door: check-in, undo, offline scans and their sync.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_checkin(p_serial integer, p_payload text, p_door text, p_showtime integer)
 RETURNS TABLE(verdict text, showtime_id integer, seat_label text, tier_name text, admitted_at timestamp with time zone, door text, admitted integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_ticket  record;
    v_status  text;
    v_prior   record;
    v_count   integer;
BEGIN
    IF p_door IS NULL OR length(p_door) NOT BETWEEN 1 AND 80 THEN
        RAISE EXCEPTION 'a door is named by 1 to 80 characters' USING ERRCODE = 'BO400';
    END IF;
    -- Money and admissions are durable whatever the session says (docs/SECURITY.md, finding 10):
    -- synchronous_commit is any session's to set, and an admit answered, then lost in a crash or a
    -- failover, would let the ticket in twice.
    PERFORM set_config('synchronous_commit', 'on', true);
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
        SELECT CASE WHEN b.status = 'CONFIRMED' AND NOT bs.active THEN 'REFUNDED' ELSE b.status END INTO v_status
              FROM booking b JOIN ticket tt ON tt.serial = p_serial
              JOIN booking_seat bs ON bs.booking_id = tt.booking_id AND bs.seat_id = tt.seat_id
             WHERE b.id = v_ticket.booking_id FOR SHARE OF b;
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
        PERFORM bo_announce('bo_checkins', v_ticket.showtime_id::text || '|' || v_count::text);
    END IF;
    RETURN NEXT;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_checkin_undo(p_serial integer, p_door text, p_within_s integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_showtime integer;
    v_count    integer;
BEGIN
    -- Money and admissions are durable whatever the session says (docs/SECURITY.md, finding 10):
    -- synchronous_commit is any session's to set, and an undo answered, then lost in a crash,
    -- would leave the ticket admitted.
    PERFORM set_config('synchronous_commit', 'on', true);
    UPDATE checkin c SET undone_at = clock_timestamp(), undone_by = session_user
     WHERE c.ticket_serial = p_serial AND c.undone_at IS NULL AND c.door = p_door
       AND c.admitted_at >= clock_timestamp() - make_interval(secs => p_within_s)
    RETURNING c.showtime_id INTO v_showtime;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    SELECT count(*)::integer INTO v_count FROM checkin c WHERE c.showtime_id = v_showtime AND c.undone_at IS NULL;
    PERFORM bo_announce('bo_checkins', v_showtime::text || '|' || v_count::text);
    RETURN true;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_checkin_list(p_showtime integer)
 RETURNS TABLE(serial integer, booking_code text, seat_label text, tier_name text, door text, admitted_at timestamp with time zone, undone_at timestamp with time zone, expected integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.bo_checkin_expected(p_showtime integer)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT count(*)::integer FROM ticket t JOIN booking b ON b.id = t.booking_id
     WHERE t.showtime_id = p_showtime AND t.voided_at IS NULL AND b.status = 'CONFIRMED'
$function$;

CREATE OR REPLACE FUNCTION public.bo_door_tickets(p_showtimes integer[])
 RETURNS TABLE(serial integer, showtime_id integer, seat_id integer, booking_code text, seat_label text, tier_name text, booking_status text, voided boolean, used_at timestamp with time zone, used_door text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_showtimes IS NULL OR cardinality(p_showtimes) > 64 THEN
        RAISE EXCEPTION 'a door lists the tickets of 0 to 64 showtimes' USING ERRCODE = 'BO400';
    END IF;
    RETURN QUERY
    SELECT t.serial, t.showtime_id, t.seat_id, b.code, se.label, coalesce(pt.name, bs.tier_code),
           CASE WHEN b.status = 'CONFIRMED' AND NOT bs.active THEN 'REFUNDED' ELSE b.status END,
           t.voided_at IS NOT NULL, c.admitted_at, c.door
      FROM ticket t
      JOIN booking b ON b.id = t.booking_id
      JOIN booking_seat bs ON bs.booking_id = t.booking_id AND bs.seat_id = t.seat_id
      JOIN showtime st ON st.id = t.showtime_id
      JOIN seat se ON se.id = t.seat_id
      LEFT JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = bs.tier_code
      LEFT JOIN checkin c ON c.ticket_serial = t.serial AND c.undone_at IS NULL
     WHERE t.showtime_id = ANY (p_showtimes) AND t.payload IS NOT NULL
     ORDER BY t.serial;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_door_checkin(p_scan uuid, p_serial integer, p_payload text, p_door text, p_showtime integer)
 RETURNS TABLE(verdict text, showtime_id integer, seat_label text, tier_name text, admitted_at timestamp with time zone, door text, admitted integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_prior record;
BEGIN
    IF p_scan IS NULL THEN
        RAISE EXCEPTION 'a door scan has an id' USING ERRCODE = 'BO400';
    END IF;
    SELECT c.ticket_serial, c.showtime_id, c.admitted_at, c.door INTO v_prior FROM checkin c
     WHERE c.scan_id = p_scan;
    IF FOUND THEN
        RETURN QUERY
        SELECT 'ADMITTED'::text, v_prior.showtime_id, r.seat_label, r.tier_name, v_prior.admitted_at,
               v_prior.door, (SELECT count(*)::integer FROM checkin c2
                               WHERE c2.showtime_id = v_prior.showtime_id AND c2.undone_at IS NULL)
          FROM bo_door_tickets(ARRAY[v_prior.showtime_id]) r WHERE r.serial = v_prior.ticket_serial;
        RETURN;
    END IF;
    FOR verdict, showtime_id, seat_label, tier_name, admitted_at, door, admitted IN
        SELECT * FROM bo_checkin(p_serial, p_payload, p_door, p_showtime)
    LOOP
        IF verdict = 'ADMITTED' THEN
            UPDATE checkin c SET scan_id = p_scan WHERE c.ticket_serial = p_serial AND c.undone_at IS NULL;
        END IF;
        RETURN NEXT;
    END LOOP;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_door_sync(p_scan uuid, p_serial integer, p_payload text, p_door text, p_showtime integer, p_scanned_at timestamp with time zone, p_door_verdict text, p_undone_at timestamp with time zone)
 RETURNS TABLE(result text, first_door text, first_admitted_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_done    record;
    v_ticket  record;
    v_status  text;
    v_prior   record;
    v_checkin bigint;
    v_count   integer;
BEGIN
    IF p_scan IS NULL OR p_scanned_at IS NULL OR p_door IS NULL OR length(p_door) NOT BETWEEN 1 AND 80
       OR p_door_verdict IS NULL OR p_door_verdict !~ '^[A-Z_]{1,20}$' THEN
        RAISE EXCEPTION 'a synced scan has an id, a time, a door (1 to 80 characters) and a verdict'
            USING ERRCODE = 'BO400';
    END IF;
    -- Once per scan: a sync repeated after a lost answer returns what the first one stored. The
    -- advisory lock orders two syncs of the same scan (two door processes on one journal).
    PERFORM pg_advisory_xact_lock(hashtext(p_scan::text));
    SELECT d.result, d.first_door, d.first_admitted_at INTO v_done FROM door_scan d WHERE d.scan_id = p_scan;
    IF FOUND THEN
        RETURN QUERY SELECT v_done.result, v_done.first_door, v_done.first_admitted_at;
        RETURN;
    END IF;
    SELECT c.id INTO v_checkin FROM checkin c WHERE c.scan_id = p_scan;
    IF FOUND THEN
        result := 'ADMITTED'; -- admitted online; the door never heard the answer
    ELSIF p_door_verdict = 'PENDING' THEN
        result := 'NOT_ADMITTED';
    ELSIF p_door_verdict <> 'ADMITTED' THEN
        result := 'REFUSED';
    ELSE
        SELECT t.serial, t.showtime_id, t.payload, t.voided_at, t.booking_id INTO v_ticket
          FROM ticket t WHERE t.serial = p_serial FOR UPDATE;
        IF NOT FOUND THEN
            result := 'UNKNOWN';
        ELSIF v_ticket.payload IS DISTINCT FROM p_payload THEN
            result := 'FORGED';
        ELSIF v_ticket.voided_at IS NOT NULL THEN
            result := 'REPRINTED';
        ELSIF p_showtime IS NOT NULL AND p_showtime <> v_ticket.showtime_id THEN
            result := 'WRONG_SHOWTIME';
        ELSE
            SELECT CASE WHEN b.status = 'CONFIRMED' AND NOT bs.active THEN 'REFUNDED' ELSE b.status END INTO v_status
              FROM booking b JOIN ticket tt ON tt.serial = p_serial
              JOIN booking_seat bs ON bs.booking_id = tt.booking_id AND bs.seat_id = tt.seat_id
             WHERE b.id = v_ticket.booking_id FOR SHARE OF b;
            SELECT c.admitted_at, c.door INTO v_prior FROM checkin c
             WHERE c.ticket_serial = p_serial AND c.undone_at IS NULL;
            IF v_status = 'CANCELLED' THEN
                result := 'CANCELLED';
            ELSIF v_status = 'REFUNDED' THEN
                result := 'REFUNDED';
            ELSIF v_status <> 'CONFIRMED' THEN
                result := 'NOT_VALID';
            ELSIF v_prior IS NOT NULL AND v_prior.door IS NOT NULL AND p_undone_at IS NULL THEN
                result := 'USED_TWICE';
                first_door := v_prior.door;
                first_admitted_at := v_prior.admitted_at;
            ELSIF v_prior IS NOT NULL AND v_prior.door IS NOT NULL THEN
                result := 'UNDONE'; -- taken back at the door: nobody is in the seat twice
            ELSE
                INSERT INTO checkin (ticket_serial, showtime_id, door, admitted_at, offline, scan_id,
                                     undone_at, undone_by)
                VALUES (p_serial, v_ticket.showtime_id, p_door, p_scanned_at, true, p_scan, p_undone_at,
                        CASE WHEN p_undone_at IS NOT NULL THEN session_user END)
                RETURNING id INTO v_checkin;
                result := CASE WHEN p_undone_at IS NULL THEN 'ADMITTED' ELSE 'UNDONE' END;
                IF p_undone_at IS NULL THEN
                    SELECT count(*)::integer INTO v_count FROM checkin c
                     WHERE c.showtime_id = v_ticket.showtime_id AND c.undone_at IS NULL;
                    PERFORM bo_announce('bo_checkins', v_ticket.showtime_id::text || '|' || v_count::text);
                END IF;
            END IF;
        END IF;
    END IF;
    INSERT INTO door_scan (scan_id, door, scanned_at, ticket_serial, showtime_id, door_verdict, undone_at,
                           result, checkin_id, first_door, first_admitted_at)
    VALUES (p_scan, p_door, p_scanned_at, p_serial, p_showtime, p_door_verdict, p_undone_at, result,
            v_checkin, first_door, first_admitted_at);
    RETURN NEXT;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_door_reports(p_showtime integer)
 RETURNS TABLE(scan_id uuid, serial integer, seat_label text, door text, scanned_at timestamp with time zone, door_verdict text, result text, first_door text, first_admitted_at timestamp with time zone, synced_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT d.scan_id, d.ticket_serial, se.label, d.door, d.scanned_at, d.door_verdict, d.result, d.first_door,
           d.first_admitted_at, d.synced_at
      FROM door_scan d
      LEFT JOIN ticket t ON t.serial = d.ticket_serial
      LEFT JOIN seat se ON se.id = t.seat_id
     WHERE d.showtime_id = p_showtime
     ORDER BY d.scanned_at, d.scan_id
$function$;
