-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Offline doors (issue 13, part 4; docs/DECISIONS.md "Offline rules").
--
-- 1. bo_door_tickets: what a door downloads before its doors open — every ticket of the showtimes
--    it serves with its seat, type, booking state, whether a reprint replaced it and the admit
--    standing — so that it can decide without the database.
-- 2. checkin.scan_id: the door's idempotency key of a scan. bo_door_checkin is bo_checkin with that
--    key: a repeat of the same scan (its answer was lost) returns the admit it made, not "already
--    used". checkin.offline marks an admit a door made alone; its admitted_at is the door's scan
--    time (the database's clock as the door carried it).
-- 3. door_scan: every scan a door decided alone, as its sync delivered it (scan_id unique: a sync
--    interrupted and repeated changes nothing). bo_door_sync records one; for an offline admit it
--    admits the ticket (a checkin row) or, when the database says the guest should not have been
--    let in, records why: USED_TWICE (another admit stands: first_door and first_admitted_at say
--    which), CANCELLED, REFUNDED, REPRINTED, NOT_VALID, WRONG_SHOWTIME, UNKNOWN, FORGED. Those are
--    the reports bo_door_reports lists (boxoffice-admin checkins). Nothing is ever dropped.

ALTER TABLE checkin ADD COLUMN scan_id uuid;
ALTER TABLE checkin ADD COLUMN offline boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX checkin_scan_idx ON checkin (scan_id) WHERE scan_id IS NOT NULL;

CREATE TABLE door_scan (
    scan_id           uuid PRIMARY KEY,
    door              text NOT NULL CHECK (length(door) BETWEEN 1 AND 80),
    scanned_at        timestamptz NOT NULL,
    ticket_serial     integer,          -- what the scan named; no reference: a forgery names anything
    showtime_id       integer,
    door_verdict      text NOT NULL CHECK (door_verdict ~ '^[A-Z_]{1,20}$'),
    undone_at         timestamptz,
    result            text NOT NULL,
    checkin_id        bigint REFERENCES checkin (id),
    first_door        text,
    first_admitted_at timestamptz,
    synced_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
    synced_by         text NOT NULL DEFAULT session_user
);
CREATE INDEX door_scan_showtime_idx ON door_scan (showtime_id);

-- The tickets of up to 64 showtimes, every state: a door tells "cancelled" from "unknown" offline.
CREATE FUNCTION bo_door_tickets(p_showtimes integer[])
RETURNS TABLE (serial integer, showtime_id integer, seat_id integer, booking_code text, seat_label text,
               tier_name text, booking_status text, voided boolean, used_at timestamptz, used_door text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_showtimes IS NULL OR cardinality(p_showtimes) > 64 THEN
        RAISE EXCEPTION 'a door lists the tickets of 0 to 64 showtimes' USING ERRCODE = 'BO400';
    END IF;
    RETURN QUERY
    SELECT t.serial, t.showtime_id, t.seat_id, b.code, se.label, coalesce(pt.name, bs.tier_code), b.status,
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
END $$;

-- bo_checkin with the door's scan id: the same scan twice is the same admit.
CREATE FUNCTION bo_door_checkin(p_scan uuid, p_serial integer, p_payload text, p_door text, p_showtime integer)
RETURNS TABLE (verdict text, showtime_id integer, seat_label text, tier_name text, admitted_at timestamptz,
               door text, admitted integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

-- Records a scan a door decided alone. p_door_verdict is what the door said (ADMITTED, ALREADY_USED,
-- ..., PENDING for a scan whose online answer never came). Returns the result as stored.
CREATE FUNCTION bo_door_sync(p_scan uuid, p_serial integer, p_payload text, p_door text, p_showtime integer,
                             p_scanned_at timestamptz, p_door_verdict text, p_undone_at timestamptz)
RETURNS TABLE (result text, first_door text, first_admitted_at timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
            SELECT b.status INTO v_status FROM booking b WHERE b.id = v_ticket.booking_id FOR SHARE;
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
END $$;

-- A showtime's scans that doors decided alone, with what the sync found (the reports: an offline
-- admit whose result is neither ADMITTED nor UNDONE).
CREATE FUNCTION bo_door_reports(p_showtime integer)
RETURNS TABLE (scan_id uuid, serial integer, seat_label text, door text, scanned_at timestamptz,
               door_verdict text, result text, first_door text, first_admitted_at timestamptz,
               synced_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT d.scan_id, d.ticket_serial, se.label, d.door, d.scanned_at, d.door_verdict, d.result, d.first_door,
           d.first_admitted_at, d.synced_at
      FROM door_scan d
      LEFT JOIN ticket t ON t.serial = d.ticket_serial
      LEFT JOIN seat se ON se.id = t.seat_id
     WHERE d.showtime_id = p_showtime
     ORDER BY d.scanned_at, d.scan_id
$$;

ALTER TABLE door_scan OWNER TO boxoffice_owner;
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT p.oid::regprocedure AS name FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
           AND p.proname IN ('bo_door_tickets', 'bo_door_checkin', 'bo_door_sync', 'bo_door_reports')
    LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO boxoffice_owner', r.name);
        -- As migration 0006 does for every function: the announcement flag off on entry.
        IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
           OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END IF;
    END LOOP;
END $$;

REVOKE ALL ON door_scan FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION
    bo_door_tickets(integer[]),
    bo_door_checkin(uuid, integer, text, text, integer),
    bo_door_sync(uuid, integer, text, text, integer, timestamptz, text, timestamptz),
    bo_door_reports(integer)
   FROM PUBLIC;
-- Doors (a terminal's login) and managers: the list, the check-in with its scan id, the sync and
-- the reports. No table is granted.
GRANT EXECUTE ON FUNCTION
    bo_door_tickets(integer[]),
    bo_door_checkin(uuid, integer, text, text, integer),
    bo_door_sync(uuid, integer, text, text, integer, timestamptz, text, timestamptz),
    bo_door_reports(integer)
   TO boxoffice_terminal, boxoffice_manager;
