-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Hall layouts and hall-wide seat blocks.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_hall_layout_for(p_hall integer)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_layout integer;
BEGIN
    SELECT a.layout_id INTO v_layout FROM auditorium a WHERE a.id = p_hall;
    IF v_layout IS NULL THEN
        SELECT l.id INTO v_layout FROM hall_layout l WHERE l.auditorium_id = p_hall
         ORDER BY l.version DESC LIMIT 1;
    END IF;
    IF v_layout IS NULL THEN
        INSERT INTO hall_layout (auditorium_id, version) VALUES (p_hall, 1)
        ON CONFLICT (auditorium_id, version) DO NOTHING RETURNING id INTO v_layout;
        IF v_layout IS NULL THEN
            SELECT l.id INTO v_layout FROM hall_layout l WHERE l.auditorium_id = p_hall AND l.version = 1;
        END IF;
    END IF;
    RETURN v_layout;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_hall_first_layout()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF NEW.layout_id IS NULL THEN
        UPDATE auditorium a SET layout_id = bo_hall_layout_for(NEW.id)
         WHERE a.id = NEW.id AND a.layout_id IS NULL;
    END IF;
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_hall_current_layout()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF NEW.layout_id IS NULL THEN
        NEW.layout_id := bo_hall_layout_for(NEW.auditorium_id);
    END IF;
    RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_hall_import(p_name text, p_layout jsonb, p_replace boolean)
 RETURNS TABLE(hall_id integer, layout_id integer, version integer, seats integer, created boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_hall    integer;
    v_layout  integer;
    v_version integer;
    v_created boolean := false;
    v_seats   integer;
    v_screen  jsonb := coalesce(p_layout -> 'screen', '{}');
BEGIN
    IF p_name IS NULL OR length(btrim(p_name)) NOT BETWEEN 1 AND 80 OR p_name <> btrim(p_name) THEN
        RAISE EXCEPTION 'a hall''s name is 1 to 80 characters without spaces around it' USING ERRCODE = 'BO400';
    END IF;
    IF p_layout IS NULL OR jsonb_typeof(p_layout -> 'seats') IS DISTINCT FROM 'array'
       OR jsonb_array_length(p_layout -> 'seats') = 0 THEN
        RAISE EXCEPTION 'a hall''s layout needs at least one seat' USING ERRCODE = 'BO400';
    END IF;
    IF jsonb_typeof(coalesce(p_layout -> 'aisles', '[]')) <> 'array'
       OR jsonb_typeof(coalesce(p_layout -> 'zones', '[]')) <> 'array' THEN
        RAISE EXCEPTION 'a layout''s aisles and zones are arrays' USING ERRCODE = 'BO400';
    END IF;

    -- Two imports of one hall at once: the second waits here, then adds the next version.
    SELECT a.id INTO v_hall FROM auditorium a WHERE a.name = p_name FOR UPDATE;
    IF FOUND AND NOT p_replace THEN
        RAISE EXCEPTION 'hall "%" exists already (replace its layout to change it)', p_name USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('hall-exists', p_name);
    END IF;
    IF NOT FOUND THEN
        -- A concurrent creator of the same name makes this a unique violation (a conflict).
        INSERT INTO auditorium (name, screen_side)
        VALUES (p_name, coalesce(v_screen ->> 'side', 'top')) RETURNING id INTO v_hall;
        SELECT a.layout_id INTO v_layout FROM auditorium a WHERE a.id = v_hall;
        v_version := 1;
        v_created := true;
        UPDATE hall_layout l
           SET screen_side = coalesce(v_screen ->> 'side', 'top'),
               screen_x = (v_screen ->> 'x')::real, screen_width = (v_screen ->> 'width')::real,
               aisles = coalesce(p_layout -> 'aisles', '[]'), zones = coalesce(p_layout -> 'zones', '[]')
         WHERE l.id = v_layout;
    ELSE
        SELECT max(l.version) + 1 INTO v_version FROM hall_layout l WHERE l.auditorium_id = v_hall;
        INSERT INTO hall_layout (auditorium_id, version, screen_side, screen_x, screen_width, aisles, zones)
        VALUES (v_hall, v_version, coalesce(v_screen ->> 'side', 'top'), (v_screen ->> 'x')::real,
                (v_screen ->> 'width')::real, coalesce(p_layout -> 'aisles', '[]'),
                coalesce(p_layout -> 'zones', '[]'))
        RETURNING id INTO v_layout;
        UPDATE auditorium a SET layout_id = v_layout, screen_side = coalesce(v_screen ->> 'side', 'top')
         WHERE a.id = v_hall;
    END IF;

    INSERT INTO seat (auditorium_id, layout_id, section, row_label, number, kind, x, y, zone, out_of_service)
    SELECT v_hall, v_layout, coalesce(e ->> 'section', ''), e ->> 'row', (e ->> 'seat')::integer,
           coalesce(e ->> 'kind', 'standard'), (e ->> 'x')::real, (e ->> 'y')::real, e ->> 'zone',
           coalesce((e ->> 'out_of_service')::boolean, false)
      FROM jsonb_array_elements(p_layout -> 'seats') e;
    GET DIAGNOSTICS v_seats = ROW_COUNT;

    -- A seat's zone is one the layout declares.
    IF EXISTS (SELECT 1 FROM seat s WHERE s.layout_id = v_layout AND s.zone IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(p_layout -> 'zones', '[]')) z
                                   WHERE z ->> 'code' = s.zone)) THEN
        RAISE EXCEPTION 'a seat names a zone the layout does not declare' USING ERRCODE = 'BO400';
    END IF;

    RETURN QUERY SELECT v_hall, v_layout, v_version, v_seats, v_created;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_hall_seat_request(p_hall text, p_labels text[], OUT hall_id integer, OUT labels text[])
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_missing text[];
BEGIN
    IF p_labels IS NULL OR cardinality(p_labels) = 0 THEN
        RAISE EXCEPTION 'no seats named' USING ERRCODE = 'BO400';
    END IF;
    IF cardinality(p_labels) > 1000 THEN
        RAISE EXCEPTION 'at most 1000 seats at once' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_labels, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;
    labels := ARRAY(SELECT upper(btrim(l)) FROM unnest(p_labels) l);
    IF (SELECT count(DISTINCT l) FROM unnest(labels) l) <> cardinality(labels) THEN
        RAISE EXCEPTION 'the same seat is listed twice' USING ERRCODE = 'BO400';
    END IF;
    hall_id := bo_catalogue_id('hall', p_hall);
    -- The hall row locked: two blocks of one hall take their turns, and a showtime being added to
    -- the hall (its foreign key shares the row) either commits first, and is among the showtimes
    -- blocked below, or waits, and its seats trigger then reads the block.
    PERFORM 1 FROM auditorium a WHERE a.id = hall_id FOR UPDATE;
    v_missing := ARRAY(SELECT l FROM unnest(labels) l
                        WHERE NOT EXISTS (SELECT 1 FROM seat s JOIN auditorium a ON a.layout_id = s.layout_id
                                           WHERE a.id = hall_id AND s.label = l)
                        ORDER BY l);
    IF cardinality(v_missing) > 0 THEN
        RAISE EXCEPTION 'seats not in hall "%": %', p_hall, array_to_string(v_missing, ',')
            USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-hall-seat', p_hall, array_to_string(v_missing, ', '));
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_hall_seat_block(p_hall text, p_labels text[], p_reason text, p_skip_taken boolean DEFAULT false)
 RETURNS TABLE(showtime_id integer, starts_at timestamp with time zone, label text, was text, held_until timestamp with time zone, blocked boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
DECLARE
    v_reason text := btrim(p_reason);
    v_req    record;
    -- The seats concerned, one array per column (no temporary table: a definer function must not
    -- use a name the caller can create first in pg_temp, docs/SECURITY.md).
    v_st     integer[];
    v_at     timestamptz[];
    v_seat   integer[];
    v_label  text[];
    v_status text[];
    v_until  timestamptz[];
BEGIN
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'a block needs a reason' USING ERRCODE = 'BO400';
    END IF;
    IF length(v_reason) > 200 THEN
        RAISE EXCEPTION 'a reason has at most 200 characters' USING ERRCODE = 'BO400';
    END IF;
    SELECT * INTO v_req FROM bo_hall_seat_request(p_hall, p_labels);

    -- The coming showtimes shared (a cancel waits, as for a showtime's block), then their seats of
    -- those labels locked in (showtime, seat) order, waiting for a sale in flight.
    PERFORM 1 FROM showtime st
     WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
     ORDER BY st.id FOR SHARE;
    SELECT coalesce(array_agg(l.showtime_id ORDER BY l.showtime_id, l.seat_id), '{}'), coalesce(array_agg(l.starts_at ORDER BY l.showtime_id, l.seat_id), '{}'),
           coalesce(array_agg(l.seat_id ORDER BY l.showtime_id, l.seat_id), '{}'), coalesce(array_agg(l.label ORDER BY l.showtime_id, l.seat_id), '{}'),
           coalesce(array_agg(l.status ORDER BY l.showtime_id, l.seat_id), '{}'), coalesce(array_agg(l.held_until ORDER BY l.showtime_id, l.seat_id), '{}')
      INTO v_st, v_at, v_seat, v_label, v_status, v_until
      FROM (SELECT ss.showtime_id, st.starts_at, ss.seat_id, s.label, ss.status, ss.held_until
              FROM showtime st
              JOIN showtime_seat ss ON ss.showtime_id = st.id
              JOIN seat s ON s.id = ss.seat_id
             WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
               AND s.label = ANY (v_req.labels)
             ORDER BY ss.showtime_id, ss.seat_id
               FOR UPDATE OF ss) l;

    IF NOT coalesce(p_skip_taken, false) AND v_status && ARRAY['HELD', 'RESERVED'] THEN
        RETURN QUERY SELECT b.showtime_id, b.starts_at, b.label, b.status, b.held_until, false
                       FROM unnest(v_st, v_at, v_label, v_status, v_until)
                            AS b(showtime_id, starts_at, label, status, held_until)
                      WHERE b.status IN ('HELD', 'RESERVED')
                      ORDER BY b.starts_at, b.showtime_id, b.label;
        RETURN;
    END IF;

    UPDATE showtime_seat ss SET status = 'BLOCKED'
      FROM unnest(v_st, v_seat, v_status) AS b(showtime_id, seat_id, status)
     WHERE ss.showtime_id = b.showtime_id AND ss.seat_id = b.seat_id AND b.status = 'FREE';
    -- A showtime's own block of the seat keeps its reason (and outlives the hall's unblock).
    INSERT INTO seat_block AS sb (showtime_id, seat_id, reason, from_hall)
    SELECT b.showtime_id, b.seat_id, v_reason, true
      FROM unnest(v_st, v_seat, v_status) AS b(showtime_id, seat_id, status)
     WHERE b.status IN ('FREE', 'BLOCKED')
        ON CONFLICT ON CONSTRAINT seat_block_pkey DO UPDATE
       SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by, blocked_at = EXCLUDED.blocked_at
     WHERE sb.from_hall;
    INSERT INTO hall_seat_block AS hb (auditorium_id, label, reason)
    SELECT v_req.hall_id, l, v_reason FROM unnest(v_req.labels) l
        ON CONFLICT ON CONSTRAINT hall_seat_block_pkey DO UPDATE
       SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by, blocked_at = EXCLUDED.blocked_at;
    RETURN QUERY SELECT b.showtime_id, b.starts_at, b.label, b.status, b.held_until,
                        b.status IN ('FREE', 'BLOCKED')
                   FROM unnest(v_st, v_at, v_label, v_status, v_until)
                        AS b(showtime_id, starts_at, label, status, held_until)
                  ORDER BY b.starts_at, b.showtime_id, b.label;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_hall_seat_unblock(p_hall text, p_labels text[])
 RETURNS TABLE(label text, hall_blocked boolean, showtimes integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
DECLARE
    v_req   record;
    v_freed jsonb;
    v_was   text[];
BEGIN
    SELECT * INTO v_req FROM bo_hall_seat_request(p_hall, p_labels);
    WITH gone AS (
        DELETE FROM hall_seat_block hb WHERE hb.auditorium_id = v_req.hall_id AND hb.label = ANY (v_req.labels)
        RETURNING hb.label)
    SELECT coalesce(array_agg(g.label), '{}') INTO v_was FROM gone g;
    PERFORM 1 FROM showtime st
     WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
     ORDER BY st.id FOR SHARE;
    WITH mine AS (
        SELECT ss.showtime_id, ss.seat_id, s.label
          FROM showtime st
          JOIN seat_block sb ON sb.showtime_id = st.id AND sb.from_hall
          JOIN showtime_seat ss ON ss.showtime_id = sb.showtime_id AND ss.seat_id = sb.seat_id
          JOIN seat s ON s.id = ss.seat_id
         WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
           AND s.label = ANY (v_req.labels)
         ORDER BY ss.showtime_id, ss.seat_id
           FOR UPDATE OF ss),
    unblocked AS (
        DELETE FROM seat_block sb USING mine m
         WHERE sb.showtime_id = m.showtime_id AND sb.seat_id = m.seat_id
        RETURNING sb.showtime_id, sb.seat_id),
    freed AS (
        UPDATE showtime_seat ss SET status = 'FREE'
          FROM unblocked u, seat s
         WHERE ss.showtime_id = u.showtime_id AND ss.seat_id = u.seat_id AND ss.status = 'BLOCKED'
           AND s.id = ss.seat_id AND NOT s.out_of_service
        RETURNING ss.showtime_id, ss.seat_id)
    SELECT coalesce(jsonb_object_agg(x.label, x.n), '{}') INTO v_freed
      FROM (SELECT m.label, count(*) AS n FROM mine m
              JOIN freed f ON f.showtime_id = m.showtime_id AND f.seat_id = m.seat_id
             GROUP BY m.label) x;
    RETURN QUERY SELECT l, l = ANY (v_was), coalesce((v_freed ->> l)::integer, 0)
                   FROM unnest(v_req.labels) l ORDER BY l;
END $function$;
