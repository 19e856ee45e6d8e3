-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The hold and the release made as cheap as they were before the hardening of issue 10
-- (measured per statement with pg_stat_statements and end to end by `boxoffice-bench seats`,
-- docs/BENCHMARKS.md "Before and after the hardening of issue 10"). Behaviour, signatures,
-- grants, lock order and limits are those of 0005-0007.
--
-- 1. The sale row no longer references its showtime by a foreign key. The key's check locked
--    the showtime row FOR KEY SHARE in every new sale: all tills selling one showtime shared one
--    row lock, a multixact per concurrent pair of sales and a WAL record each. bo_hold creates
--    a sale row only after it found the showtime on sale in the same statement, and no function
--    deletes showtimes; rows of a showtime that is gone are purged with the others after three
--    days (bo_purge_keys).
-- 2. bo_hold creates the sale row in the statement that holds the seats (one statement fewer),
--    and that statement reads its seat list through a sub-select: with the list as a plain
--    parameter a custom plan, which knows the list's length, always looked cheaper than the
--    generic one, so the statement was planned afresh at every hold (about 70 us, measured with
--    pg_stat_statements.track_planning); now its plan is kept for the session.
-- 3. bo_release decides on asynchronous commit inline: the call of bo_may_commit_async, a
--    SECURITY DEFINER SQL function that cannot be inlined, was planned afresh in every
--    transaction.
-- 4. bo_hold judges the selling cut-off (start + late_sale_minutes) again by the clock after its
--    row locks: a hold that waited past it is refused (issue 10, defect 4; tst_seatstore).
-- 5. bo_hold and bo_release no longer pin bo.announced = '' for their run (0006): each sets the
--    flag itself right before the only statements that change seats and clears it right after,
--    so a caller's value changes nothing in them, and the pin cost a settings level per call.
--    (CREATE OR REPLACE sets only the clauses it names.) tst_privileges lists these two as the
--    only functions without the pin; search_path stays pinned on both (SECURITY DEFINER).

ALTER TABLE sale DROP CONSTRAINT IF EXISTS sale_showtime_id_fkey;

CREATE OR REPLACE FUNCTION bo_hold(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL,
                                   p_async boolean DEFAULT false)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[],
               refused text[])
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    r        record;
    v_async  boolean;
    v_count  integer;
    v_said   integer;
    v_until  timestamptz;
    v_now    timestamptz;
    v_ignore text;
BEGIN
    -- Asked on entry, before this function's row locks give the transaction an id (0005, 10).
    v_async := coalesce(p_async, false) AND pg_current_xact_id_if_assigned() IS NULL;
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_seats IS NULL OR cardinality(p_seats) = 0 THEN
        RAISE EXCEPTION 'no seats requested' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_seats, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;
    IF p_ttl_s IS NOT NULL AND p_ttl_s NOT BETWEEN 1 AND 3600 THEN
        RAISE EXCEPTION 'hold time % s is outside 1..3600', p_ttl_s USING ERRCODE = 'BO400';
    END IF;

    -- One statement reads the request, the showtime, the settings and the sale's deadline, and
    -- locks the takeable rows in seat order: the sale's own (waiting), then the others (SKIP LOCKED).
    WITH req AS (
        SELECT array_agg(DISTINCT s ORDER BY s) AS seats FROM unnest(p_seats) s),
    cfg AS (
        SELECT st.status = 'ON_SALE'
                   AND st.starts_at + make_interval(mins => se.late_sale_minutes) >= clock_timestamp() AS on_sale,
               st.starts_at + make_interval(mins => se.late_sale_minutes) AS cutoff,
               se.max_seats_per_sale AS max_seats,
               least(coalesce(p_ttl_s, se.selection_ttl_s), 3600) AS ttl,
               se.selection_ttl_s AS selection_ttl,
               sa.deadline, sa.deadline IS NOT NULL AS known
          FROM showtime st CROSS JOIN settings se
          LEFT JOIN LATERAL (
                SELECT coalesce(s.payment_deadline, s.selection_deadline) AS deadline FROM sale s
                 WHERE s.hold_token = p_owner AND s.showtime_id = p_showtime) sa ON true
         WHERE st.id = p_showtime),
    own AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats
           AND (cfg.deadline IS NULL OR cfg.deadline > clock_timestamp())
           AND ss.status = 'HELD' AND ss.held_by = p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss),
    locked AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats
           AND (cfg.deadline IS NULL OR cfg.deadline > clock_timestamp())
           AND (ss.status = 'FREE' OR (ss.status = 'HELD' AND ss.held_until < clock_timestamp()))
           AND ss.held_by IS DISTINCT FROM p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss SKIP LOCKED)
    SELECT (SELECT req.seats FROM req) AS seats, cfg.on_sale, cfg.cutoff, cfg.max_seats, cfg.ttl, cfg.selection_ttl,
           cfg.deadline, cfg.known,
           (SELECT array_agg(x.seat_id ORDER BY x.seat_id)
              FROM (SELECT o.seat_id FROM own o UNION ALL SELECT l.seat_id FROM locked l) x) AS locked
      INTO r
      FROM (SELECT 1) one LEFT JOIN cfg ON true;

    IF cardinality(r.seats) > coalesce(r.max_seats, (SELECT max_seats_per_sale FROM settings)) THEN
        RAISE EXCEPTION 'too many seats: % requested, at most % per sale', cardinality(r.seats),
            coalesce(r.max_seats, (SELECT max_seats_per_sale FROM settings)) USING ERRCODE = 'BO400';
    END IF;
    IF r.on_sale IS NULL THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    -- Judged again by the clock after the locks: a hold that waited past the cut-off is refused.
    IF NOT r.on_sale OR r.cutoff < clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % is not on sale', p_showtime USING ERRCODE = 'BO403';
    END IF;
    IF r.deadline <= clock_timestamp() THEN
        RAISE EXCEPTION 'the sale''s time is up' USING ERRCODE = 'BO410';
    END IF;

    IF coalesce(cardinality(r.locked), 0) <> cardinality(r.seats) THEN
        PERFORM bo_check_seats_exist(p_showtime, r.seats);
        RETURN QUERY SELECT false, NULL::timestamptz, clock_timestamp(), f.unavailable, f.refused
                       FROM bo_refusals(p_showtime, r.seats, r.locked, p_owner) f;
        RETURN;
    END IF;

    IF v_async THEN
        v_ignore := set_config('synchronous_commit', 'off', true);
    END IF;
    v_ignore := set_config('bo.announced', 'on', true);
    -- Granted now, every row lock held: the TTL counts from this moment, capped by the sale.
    -- The sale's clock starts with its first granted hold (its row is made here).
    v_now := clock_timestamp();
    v_until := least(v_now + make_interval(secs => r.ttl),
                     coalesce(r.deadline, v_now + make_interval(secs => r.selection_ttl)));
    WITH held AS (
        UPDATE showtime_seat ss
           SET status = 'HELD', held_by = p_owner, held_until = v_until
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY ((SELECT r.locked)::integer[])
        RETURNING ss.seat_id),
    said AS (
        SELECT pg_notify('bo_seats', p_showtime::text || '|' || string_agg('H' || h.seat_id::text, ','
                                                                          ORDER BY h.seat_id))
          FROM held h HAVING count(*) > 0),
    started AS (
        INSERT INTO sale (hold_token, showtime_id, started_at, selection_deadline)
        SELECT p_owner, p_showtime, v_now, v_now + make_interval(secs => r.selection_ttl)
         WHERE NOT r.known
        ON CONFLICT DO NOTHING
        RETURNING 1)
    -- (A data-modifying WITH runs to completion whether or not the query reads it. The seat list
    -- as a sub-select keeps one plan for the session: see 2 above.)
    SELECT (SELECT count(*) FROM held), (SELECT count(*) FROM said) INTO v_count, v_said;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count <> cardinality(r.seats) THEN
        RAISE EXCEPTION 'hold changed % of % seats', v_count, cardinality(r.seats) USING ERRCODE = 'XX000';
    END IF;
    RETURN QUERY SELECT true, v_until, v_now, '{}'::integer[], '{}'::text[];
END $$;

CREATE OR REPLACE FUNCTION bo_release(p_showtime integer, p_owner uuid, p_seats integer[] DEFAULT NULL,
                                      p_async boolean DEFAULT false)
RETURNS integer LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_count  integer;
    v_said   integer;
    v_ignore text;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    -- Asked on entry, before this function's row locks give the transaction an id (0005, 10).
    IF coalesce(p_async, false) AND pg_current_xact_id_if_assigned() IS NULL THEN
        v_ignore := set_config('synchronous_commit', 'off', true);
    END IF;
    IF p_seats IS NOT NULL THEN
        v_ignore := set_config('bo.announced', 'on', true);
        WITH mine AS (
            SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)
               AND ss.status = 'HELD' AND ss.held_by = p_owner
             ORDER BY ss.seat_id FOR UPDATE OF ss),
        freed AS (
            UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL
             WHERE ss.showtime_id = p_showtime AND ss.seat_id IN (SELECT m.seat_id FROM mine m)
            RETURNING ss.seat_id),
        said AS (
            SELECT pg_notify('bo_seats', p_showtime::text || '|' || string_agg('F' || c.seat_id::text, ','
                                                                              ORDER BY c.seat_id))
              FROM (SELECT f.seat_id, (row_number() OVER (ORDER BY f.seat_id) - 1) / 400 AS chunk
                      FROM freed f) c
             GROUP BY c.chunk)
        SELECT (SELECT count(*) FROM freed), (SELECT count(*) FROM said) INTO v_count, v_said;
    ELSE
        -- Booking before seats (the lock order). The booking's triggers change booking_seat
        -- only, which announces nothing; the flag is set before the seats change.
        UPDATE booking b SET status = 'CANCELLED', closed_at = clock_timestamp()
         WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING';
        v_ignore := set_config('bo.announced', 'on', true);
        WITH mine AS (
            SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner
             ORDER BY ss.seat_id FOR UPDATE OF ss),
        freed AS (
            UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL
             WHERE ss.showtime_id = p_showtime AND ss.seat_id IN (SELECT m.seat_id FROM mine m)
            RETURNING ss.seat_id),
        said AS (
            SELECT pg_notify('bo_seats', p_showtime::text || '|' || string_agg('F' || c.seat_id::text, ','
                                                                              ORDER BY c.seat_id))
              FROM (SELECT f.seat_id, (row_number() OVER (ORDER BY f.seat_id) - 1) / 400 AS chunk
                      FROM freed f) c
             GROUP BY c.chunk)
        SELECT (SELECT count(*) FROM freed), (SELECT count(*) FROM said) INTO v_count, v_said;
    END IF;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count = 0 AND NOT EXISTS (SELECT 1 FROM showtime WHERE id = p_showtime) THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    RETURN v_count;
END $$;
