-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A showtime's on-sale window (issue 15; docs/DECISIONS.md, "On-sale windows").
--
-- * A showtime may name when its sale opens (sale_opens_at) and when it closes (sale_closes_at).
--   Without them it sells as before: from the moment it is made until its start plus the
--   cinema's late-sale minutes. A window is how a programme is published a week ahead and opened
--   on Tuesday at 10:00, and how a premiere stops selling at the counter an hour early.
-- * bo_hold judges the window where it judged the cut-off, in the same one statement and again by
--   the clock after its locks (0008): before the opening it refuses with BO403 naming the time
--   ("showtime N goes on sale at ..."), after the close with BO403 "is not on sale" as before.
--   bo_confirm does not look at the window: a sale that held its seats inside the window may pay
--   for them after the close, as it may after the late-sale cut-off today.
-- * bo_queue_join refuses a join before the opening the same way: nobody waits in the line of a
--   showtime that is not on sale, and its passes would expire unused.
-- * bo_showtime_sale_window (a manager's) sets or clears the window of one or more showtimes,
--   all or nothing: a close before the opening, a close after the film's end, an unknown or
--   cancelled showtime are refused (BO400, BO404, BO412) and nothing changes. The window is kept
--   in absolute times: a showtime moved later (bo_showtime_move, before any sale) keeps it, and a
--   manager sets it again if the move needs another.
--
-- bo_hold is 0014's and bo_queue_join 0016's otherwise; their SET clauses are repeated below, as
-- CREATE OR REPLACE resets them.

ALTER TABLE showtime ADD COLUMN sale_opens_at timestamptz, ADD COLUMN sale_closes_at timestamptz,
    ADD CONSTRAINT showtime_sale_window_ordered CHECK (sale_opens_at < sale_closes_at);

-- bo_hold as 0014 wrote it, judging the showtime's window (the head of this file).
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
                   AND coalesce(st.sale_closes_at, st.starts_at + make_interval(mins => se.late_sale_minutes))
                       >= clock_timestamp()
                   AND (st.sale_opens_at IS NULL OR st.sale_opens_at <= clock_timestamp()) AS on_sale,
               coalesce(st.sale_closes_at, st.starts_at + make_interval(mins => se.late_sale_minutes)) AS cutoff,
               st.sale_opens_at AS opens,
               se.max_seats_per_sale AS max_seats,
               least(coalesce(p_ttl_s, se.selection_ttl_s), 3600) AS ttl,
               se.selection_ttl_s AS selection_ttl,
               coalesce(st.queue_capacity, se.queue_capacity) IS NOT NULL AS queued,
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
    SELECT (SELECT req.seats FROM req) AS seats, cfg.on_sale, cfg.cutoff, cfg.opens, cfg.max_seats, cfg.ttl, cfg.selection_ttl,
           cfg.queued, cfg.deadline, cfg.known,
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
    IF r.opens > clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % goes on sale at %', p_showtime,
            to_char(r.opens AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') USING ERRCODE = 'BO403';
    END IF;
    IF NOT r.on_sale OR r.cutoff < clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % is not on sale', p_showtime USING ERRCODE = 'BO403';
    END IF;
    -- A sale of a queued showtime starts only with its admission (0014); the ticket is locked so
    -- that no pass expires it before this hold commits. The seats locked above go with the raise.
    IF r.queued AND NOT r.known THEN
        PERFORM 1 FROM queue_ticket t
         WHERE t.owner = p_owner AND t.showtime_id = p_showtime AND t.state IN ('ADMITTED', 'ACTIVE')
           FOR SHARE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'not admitted: showtime % sells through its queue; join it and wait for your turn',
                p_showtime USING ERRCODE = 'BO429';
        END IF;
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
        SELECT bo_announce('bo_seats', p_showtime::text || '|' || string_agg('H' || h.seat_id::text, ','
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

-- Joins as 0016 wrote it, within the showtime's window (the head of this file).
CREATE OR REPLACE FUNCTION bo_queue_join(p_showtime integer, p_owner uuid, p_counter boolean DEFAULT false)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_fresh  boolean := pg_current_xact_id_if_assigned() IS NULL;
    v_line_no bigint;
    v_other  integer;
    v_ticket bigint;
    v_now    timestamptz;
    v_opens  timestamptz;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM showtime st WHERE st.id = p_showtime) THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    SELECT st.sale_opens_at INTO v_opens FROM showtime st WHERE st.id = p_showtime;
    IF v_opens > clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % goes on sale at %', p_showtime,
            to_char(v_opens AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') USING ERRCODE = 'BO403';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM showtime st CROSS JOIN settings se
                    WHERE st.id = p_showtime AND st.status = 'ON_SALE'
                      AND coalesce(st.sale_closes_at, st.starts_at + make_interval(mins => se.late_sale_minutes))
                          >= clock_timestamp()) THEN
        RAISE EXCEPTION 'showtime % is not on sale', p_showtime USING ERRCODE = 'BO403';
    END IF;
    SELECT s.showtime_id INTO v_other FROM sale s WHERE s.hold_token = p_owner AND s.showtime_id <> p_showtime LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'this token belongs to a sale of showtime %', v_other USING ERRCODE = 'BO400';
    END IF;
    SELECT t.showtime_id INTO v_other FROM queue_ticket t
     WHERE t.owner = p_owner AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE') AND t.showtime_id <> p_showtime;
    IF FOUND THEN
        RAISE EXCEPTION 'this token stands in the line of showtime %', v_other USING ERRCODE = 'BO400';
    END IF;

    -- Taken before the ticket is numbered: ids follow the order of arrival at the lock.
    PERFORM pg_advisory_xact_lock(1112494421, p_showtime);
    PERFORM bo_queue_commit_soon(v_fresh);
    v_now := clock_timestamp();
    UPDATE queue_ticket t SET seen_at = v_now
     WHERE t.owner = p_owner AND t.showtime_id = p_showtime AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE')
    RETURNING t.id INTO v_ticket;
    IF v_ticket IS NULL THEN
        -- A waiter gets the line's next number (0016); a till is never in the line.
        IF NOT coalesce(p_counter, false) THEN
            INSERT INTO queue_line AS l (showtime_id, waiting, occupied, freed, passed_at, numbered)
            VALUES (p_showtime, 0, 0, 0, '-infinity',
                    (SELECT coalesce(max(q.line_no), 0) + 1 FROM queue_ticket q WHERE q.showtime_id = p_showtime))
            ON CONFLICT ON CONSTRAINT queue_line_pkey DO UPDATE SET numbered = l.numbered + 1
            RETURNING l.numbered INTO v_line_no;
        END IF;
        INSERT INTO queue_ticket (showtime_id, owner, counter, state, joined_at, seen_at, admitted_at, admitted_until,
                                  line_no)
        SELECT p_showtime, p_owner, coalesce(p_counter, false),
               CASE WHEN p_counter THEN 'ADMITTED' ELSE 'WAITING' END, v_now, v_now,
               CASE WHEN p_counter THEN v_now END,
               CASE WHEN p_counter THEN v_now + make_interval(secs => se.queue_admission_s) END, v_line_no
          FROM settings se
        RETURNING id INTO v_ticket;
    END IF;
    PERFORM bo_queue_pass(p_showtime, true);
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $$;

-- Sets the window of the showtimes p_showtimes to [p_opens, p_closes] (NULL: no opening, i.e.
-- on sale now; no close, i.e. the start plus the late-sale minutes), keeping the opening or the
-- close as stored where p_keep_opens or p_keep_closes. All or nothing; the rows as they are now.
CREATE FUNCTION bo_showtime_sale_window(p_showtimes integer[], p_opens timestamptz, p_closes timestamptz,
                                        p_keep_opens boolean DEFAULT false, p_keep_closes boolean DEFAULT false)
RETURNS TABLE (showtime_id integer, starts_at timestamptz, sale_opens_at timestamptz,
               sale_closes_at timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    r       record;
    v_late  integer;
    v_missing integer;
    v_opens timestamptz;
    v_close timestamptz;
BEGIN
    IF p_showtimes IS NULL OR cardinality(p_showtimes) = 0 OR array_position(p_showtimes, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'name one showtime or more' USING ERRCODE = 'BO400';
    END IF;
    SELECT se.late_sale_minutes INTO v_late FROM settings se;
    SELECT min(x.id) INTO v_missing FROM unnest(p_showtimes) x(id)
     WHERE NOT EXISTS (SELECT 1 FROM showtime st WHERE st.id = x.id);
    IF v_missing IS NOT NULL THEN
        RAISE EXCEPTION 'there is no showtime %', v_missing USING ERRCODE = 'BO404';
    END IF;
    -- Locked in id order, so two managers changing overlapping sets never deadlock.
    FOR r IN
        SELECT st.id, st.status, st.starts_at, st.ends_at, st.sale_opens_at, st.sale_closes_at
          FROM showtime st
         WHERE st.id = ANY (p_showtimes)
         ORDER BY st.id
           FOR UPDATE
    LOOP
        IF r.status = 'CANCELLED' THEN
            RAISE EXCEPTION 'showtime % is cancelled', r.id USING ERRCODE = 'BO412';
        END IF;
        v_opens := CASE WHEN coalesce(p_keep_opens, false) THEN r.sale_opens_at ELSE p_opens END;
        v_close := CASE WHEN coalesce(p_keep_closes, false) THEN r.sale_closes_at ELSE p_closes END;
        IF v_close > r.ends_at THEN
            RAISE EXCEPTION 'showtime %''s sale would close after its film ends (%)', r.id,
                to_char(r.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') USING ERRCODE = 'BO400';
        END IF;
        IF v_opens >= coalesce(v_close, r.starts_at + make_interval(mins => v_late)) THEN
            RAISE EXCEPTION 'showtime %''s sale would open at or after it closes (%)', r.id,
                to_char(coalesce(v_close, r.starts_at + make_interval(mins => v_late)) AT TIME ZONE 'UTC',
                        'YYYY-MM-DD"T"HH24:MI"Z"') USING ERRCODE = 'BO400';
        END IF;
        UPDATE showtime st SET sale_opens_at = v_opens, sale_closes_at = v_close WHERE st.id = r.id;
    END LOOP;
    RETURN QUERY SELECT st.id, st.starts_at, st.sale_opens_at, st.sale_closes_at FROM showtime st
                  WHERE st.id = ANY (p_showtimes) ORDER BY st.id;
END $$;

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it (CREATE OR REPLACE dropped bo_queue_join's; bo_hold sets and clears it itself, 0008),
-- and the join's wait at the line lock as 0014 set it.
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace
               AND p.proname IN ('bo_queue_join', 'bo_showtime_sale_window') AND p.prokind = 'f'
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;
ALTER FUNCTION bo_queue_join(integer, uuid, boolean) SET lock_timeout = 0;

REVOKE EXECUTE ON FUNCTION bo_showtime_sale_window(integer[], timestamptz, timestamptz, boolean, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION bo_showtime_sale_window(integer[], timestamptz, timestamptz, boolean, boolean)
    TO boxoffice_manager;
