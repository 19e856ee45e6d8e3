-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Seat blocks of one showtime.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_seat_block_request(p_showtime integer, p_seats integer[])
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_status text;
BEGIN
    IF p_seats IS NULL OR cardinality(p_seats) = 0 THEN
        RAISE EXCEPTION 'no seats named' USING ERRCODE = 'BO400';
    END IF;
    IF cardinality(p_seats) > 1000 THEN
        RAISE EXCEPTION 'at most 1000 seats at once' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_seats, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;
    IF (SELECT count(DISTINCT s) FROM unnest(p_seats) s) <> cardinality(p_seats) THEN
        RAISE EXCEPTION 'the same seat is listed twice' USING ERRCODE = 'BO400';
    END IF;
    -- Shared: a cancel (which locks the showtime for update) waits, and so does this for it.
    SELECT st.status INTO v_status FROM showtime st WHERE st.id = p_showtime FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    RETURN v_status;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_seat_block_lock(p_showtime integer, p_seats integer[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_found integer[];
BEGIN
    SELECT array_agg(l.seat_id) INTO v_found
      FROM (SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)
             ORDER BY ss.seat_id FOR UPDATE) l;
    IF coalesce(cardinality(v_found), 0) <> cardinality(p_seats) THEN
        RAISE EXCEPTION 'seats not in showtime %: %', p_showtime,
            array_to_string(ARRAY(SELECT s FROM unnest(p_seats) s
                                   WHERE NOT (s = ANY (coalesce(v_found, '{}'))) ORDER BY s), ',')
            USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('seats-not-in-showtime', p_showtime, array_to_string(ARRAY(SELECT s FROM unnest(p_seats) s WHERE NOT (s = ANY (coalesce(v_found, '{}'))) ORDER BY s), ', '));
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_seat_block(p_showtime integer, p_seats integer[], p_reason text)
 RETURNS TABLE(seat_id integer, was text, held_until timestamp with time zone, blocked boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
DECLARE
    v_reason text := btrim(p_reason);
    v_free   integer[];
BEGIN
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'a block needs a reason' USING ERRCODE = 'BO400';
    END IF;
    IF length(v_reason) > 200 THEN
        RAISE EXCEPTION 'a reason has at most 200 characters' USING ERRCODE = 'BO400';
    END IF;
    IF bo_seat_block_request(p_showtime, p_seats) = 'CANCELLED' THEN
        RAISE EXCEPTION 'showtime % is cancelled', p_showtime USING ERRCODE = 'BO403',
            HINT = 'refusal: ' || json_build_array('showtime-cancelled', p_showtime);
    END IF;
    PERFORM bo_seat_block_lock(p_showtime, p_seats);

    RETURN QUERY SELECT ss.seat_id, ss.status, ss.held_until, false
                   FROM showtime_seat ss
                  WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)
                    AND ss.status IN ('HELD', 'RESERVED')
                  ORDER BY ss.seat_id;
    IF FOUND THEN
        RETURN;
    END IF;

    SELECT array_agg(ss.seat_id ORDER BY ss.seat_id) INTO v_free FROM showtime_seat ss
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats) AND ss.status = 'FREE';
    UPDATE showtime_seat ss SET status = 'BLOCKED'
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (coalesce(v_free, '{}'));
    INSERT INTO seat_block AS b (showtime_id, seat_id, reason)
    SELECT p_showtime, s, v_reason FROM unnest(p_seats) s
        ON CONFLICT ON CONSTRAINT seat_block_pkey
        DO UPDATE SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by, blocked_at = EXCLUDED.blocked_at;
    RETURN QUERY SELECT s, CASE WHEN s = ANY (coalesce(v_free, '{}')) THEN 'FREE' ELSE 'BLOCKED' END,
                        NULL::timestamptz, true
                   FROM unnest(p_seats) s ORDER BY s;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_seat_unblock(p_showtime integer, p_seats integer[])
 RETURNS TABLE(seat_id integer, was text, unblocked boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
DECLARE
    v_blocked integer[];
    v_states  jsonb;
BEGIN
    PERFORM bo_seat_block_request(p_showtime, p_seats);
    PERFORM bo_seat_block_lock(p_showtime, p_seats);
    SELECT array_agg(ss.seat_id ORDER BY ss.seat_id) FILTER (WHERE ss.status = 'BLOCKED'),
           jsonb_object_agg(ss.seat_id::text, ss.status)
      INTO v_blocked, v_states
      FROM showtime_seat ss WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats);
    UPDATE showtime_seat ss SET status = 'FREE'
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (coalesce(v_blocked, '{}'));
    DELETE FROM seat_block b WHERE b.showtime_id = p_showtime AND b.seat_id = ANY (p_seats);
    RETURN QUERY SELECT s, v_states ->> s::text, s = ANY (coalesce(v_blocked, '{}'))
                   FROM unnest(p_seats) s ORDER BY s;
END $function$;
