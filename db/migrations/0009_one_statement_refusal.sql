-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A refused hold made one cheap statement (issue 10, the benchmark's last criterion; measured in
-- docs/BENCHMARKS.md, "What the gap was").
--
-- Since 0005 a refused hold ran bo_check_seats_exist (plpgsql) and then RETURN QUERY over
-- bo_refusals (an SQL function). Since 0006 both carry SET clauses (search_path, bo.announced),
-- which keep PostgreSQL from inlining an SQL function and from caching its plan: bo_refusals was
-- parsed and planned at every refusal, and each call opened and closed a settings level. Per
-- refused hold, pg_stat_statements (track = all, track_planning) counted about 800 us of nested
-- statements against about 100 us before issue 10; at one seat and 32 clients about one hold in
-- ten is refused.
--
-- Now bo_hold finds the missing seats and the reasons in one statement of its own, whose plan
-- the session keeps, with the same answers: BO404 'seats not in showtime' first if a seat is not
-- the showtime's, otherwise the unavailable seats in seat order and, parallel to them, held,
-- reserved, blocked or locked (bo_refusals' words and rules, unchanged). Lock order, limits,
-- signature, grants and the SET clauses of 0008 stay. bo_refusals and bo_check_seats_exist stay
-- for bo_begin_payment and the other callers.

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
    v_missing integer[];
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
        -- Refused: one statement finds the seats the showtime does not have and says why each
        -- other seat was not taken (the words and their order are bo_refusals', 0005). The
        -- seats it locked exist; their locks go with the transaction.
        SELECT coalesce(array_agg(x.s ORDER BY x.s) FILTER (WHERE ss.seat_id IS NOT NULL), '{}'),
               coalesce(array_agg(CASE
                    WHEN ss.status = 'RESERVED' THEN 'reserved'
                    WHEN ss.status = 'BLOCKED' THEN 'blocked'
                    WHEN ss.status = 'HELD' AND ss.held_by IS DISTINCT FROM p_owner
                         AND ss.held_until >= clock_timestamp() THEN 'held'
                    ELSE 'locked' END ORDER BY x.s) FILTER (WHERE ss.seat_id IS NOT NULL), '{}'),
               array_agg(x.s ORDER BY x.s) FILTER (WHERE ss.seat_id IS NULL)
          INTO unavailable, refused, v_missing
          FROM unnest(r.seats) x(s)
          LEFT JOIN showtime_seat ss ON ss.showtime_id = p_showtime AND ss.seat_id = x.s
         WHERE NOT (x.s = ANY (coalesce(r.locked, '{}')));
        IF v_missing IS NOT NULL THEN
            RAISE EXCEPTION 'seats not in showtime %: %', p_showtime, array_to_string(v_missing, ',')
                USING ERRCODE = 'BO404';
        END IF;
        granted := false;
        held_until := NULL;
        db_now := clock_timestamp();
        RETURN NEXT;
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
