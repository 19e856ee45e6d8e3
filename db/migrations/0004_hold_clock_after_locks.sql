-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The clock a hold reports is read after its row locks (issue 10, "stale clock in hold").
--
-- bo_hold read clock_timestamp() once, before the statement that waits for the sale's own rows
-- (FOR UPDATE; another sale may lock them while it re-checks them, or a manager's transaction
-- for longer), and returned that reading as db_now with held_until = that reading + TTL. A hold
-- granted after a wait therefore reported a clock from before the wait: the pair still said
-- "TTL left", but the deadline itself was short by the wait, and the terminal's countdown
-- (held_until - db_now, DESIGN.md section 2 "Time") promised time the seats did not have.
--
-- Now the clock is read when the hold is granted, every row lock held: held_until is that
-- reading + TTL (a hold always gets its full TTL from its grant) and db_now is that reading; a
-- refusal reports the clock after its locks too. The deadlines of other sales' holds are
-- compared with the clock after the wait as well, so one that ran out meanwhile is taken over.
--
-- bo_begin_payment then updates or inserts the sale's pending booking, whose row lock it may
-- wait for; it returns the clock after that, with the deadline the seats and the booking really
-- have, so held_until - db_now is what is left (not a fresh TTL: that would be a second update of
-- the seats for a wait that only a concurrent request of the same sale causes).
--
-- Signatures are unchanged; the functions are replaced whole (plpgsql has no partial edit).

CREATE OR REPLACE FUNCTION bo_hold(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    r        record;
    v_count  integer;
    v_said   integer;
    v_until  timestamptz;
    v_now    timestamptz;
    v_ignore text;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_seats IS NULL OR cardinality(p_seats) = 0 THEN
        RAISE EXCEPTION 'no seats requested' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_seats, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;

    -- One statement reads the request, the showtime and the settings and locks the takeable
    -- rows in seat order: first the sale's own (waiting), then the others. A row another sale
    -- has locked right now is skipped, not waited for (fail fast: the loser of a race learns it
    -- at once instead of queueing behind the winner's commit).
    -- cfg.t_now is read before the wait for the sale's own rows; the other rows' deadlines are
    -- compared with the clock after it, so a hold that ran out meanwhile is taken over.
    WITH req AS (
        SELECT array_agg(DISTINCT s ORDER BY s) AS seats FROM unnest(p_seats) s),
    cfg AS (
        SELECT st.status = 'ON_SALE'
                   AND st.starts_at + make_interval(mins => se.late_sale_minutes) >= clock_timestamp() AS on_sale,
               se.max_seats_per_sale AS max_seats,
               coalesce(p_ttl_s, se.selection_ttl_s) AS ttl,
               clock_timestamp() AS t_now
          FROM showtime st CROSS JOIN settings se
         WHERE st.id = p_showtime),
    -- Seats this sale already holds (an extension) are waited for: another sale can lock them
    -- only for an instant, when it found them free in its snapshot and re-checked them.
    own AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats AND cfg.ttl BETWEEN 1 AND 3600
           AND ss.status = 'HELD' AND ss.held_by = p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss),
    locked AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats AND cfg.ttl BETWEEN 1 AND 3600
           AND (ss.status = 'FREE' OR (ss.status = 'HELD' AND ss.held_until < clock_timestamp()))
           AND ss.held_by IS DISTINCT FROM p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss SKIP LOCKED)
    SELECT (SELECT req.seats FROM req) AS seats, cfg.on_sale, cfg.max_seats, cfg.ttl, cfg.t_now,
           (SELECT array_agg(x.seat_id ORDER BY x.seat_id)
              FROM (SELECT o.seat_id FROM own o UNION ALL SELECT l.seat_id FROM locked l) x) AS locked
      INTO r
      FROM (SELECT 1) one LEFT JOIN cfg ON true;

    -- The checks, in the order callers learn about them.
    IF cardinality(r.seats) > coalesce(r.max_seats, (SELECT max_seats_per_sale FROM settings)) THEN
        RAISE EXCEPTION 'too many seats: % requested, at most % per sale', cardinality(r.seats),
            coalesce(r.max_seats, (SELECT max_seats_per_sale FROM settings)) USING ERRCODE = 'BO400';
    END IF;
    IF r.on_sale IS NULL THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    IF NOT r.on_sale THEN
        RAISE EXCEPTION 'showtime % is not on sale', p_showtime USING ERRCODE = 'BO403';
    END IF;
    IF r.ttl NOT BETWEEN 1 AND 3600 THEN
        RAISE EXCEPTION 'hold time % s is outside 1..3600', r.ttl USING ERRCODE = 'BO400';
    END IF;

    IF coalesce(cardinality(r.locked), 0) <> cardinality(r.seats) THEN
        PERFORM bo_check_seats_exist(p_showtime, r.seats);
        RETURN QUERY SELECT false, NULL::timestamptz, clock_timestamp(),
            ARRAY(SELECT x FROM unnest(r.seats) x WHERE NOT (x = ANY (coalesce(r.locked, '{}'))) ORDER BY x);
        RETURN;
    END IF;

    -- All rows are ours: update and announce them in one statement. The commit does not wait
    -- for the WAL flush (see the head of this file).
    v_ignore := set_config('synchronous_commit', 'off', true);
    v_ignore := set_config('bo.announced', 'on', true);
    -- Granted now, every row lock held: the TTL counts from this moment, and this is the clock
    -- returned (the UPDATE below waits for nothing, the rows are ours).
    v_now := clock_timestamp();
    v_until := v_now + make_interval(secs => r.ttl);
    -- (At most max_seats_per_sale <= 100 seats: one notification is far below 8000 bytes.)
    WITH held AS (
        UPDATE showtime_seat ss
           SET status = 'HELD', held_by = p_owner, held_until = v_until
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (r.locked)
        RETURNING ss.seat_id),
    said AS (
        SELECT pg_notify('bo_seats', p_showtime::text || '|' || string_agg('H' || h.seat_id::text, ','
                                                                          ORDER BY h.seat_id))
          FROM held h HAVING count(*) > 0)
    SELECT (SELECT count(*) FROM held), (SELECT count(*) FROM said) INTO v_count, v_said;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count <> cardinality(r.seats) THEN
        -- Cannot happen while we hold the row locks; raising undoes the whole statement.
        RAISE EXCEPTION 'hold changed % of % seats', v_count, cardinality(r.seats) USING ERRCODE = 'XX000';
    END IF;
    RETURN QUERY SELECT true, v_until, v_now, '{}'::integer[];
END $$;

CREATE OR REPLACE FUNCTION bo_begin_payment(p_showtime integer, p_seats integer[], p_owner uuid, p_terminal text,
                                            p_ttl_s integer DEFAULT NULL, p_terminal_id uuid DEFAULT NULL)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[],
               booking_id uuid, booking_code text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_ttl  integer;
    v_hold record;
    v_id   uuid;
    v_code text;
    v_sync text;
BEGIN
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'terminal name missing' USING ERRCODE = 'BO400';
    END IF;
    v_sync := current_setting('synchronous_commit');
    v_ttl := coalesce(p_ttl_s, (SELECT payment_ttl_s FROM settings));
    SELECT * INTO v_hold FROM bo_hold(p_showtime, p_seats, p_owner, v_ttl);
    PERFORM set_config('synchronous_commit', v_sync, true);
    IF NOT v_hold.granted THEN
        RETURN QUERY SELECT false, NULL::timestamptz, v_hold.db_now, v_hold.unavailable, NULL::uuid, NULL::text;
        RETURN;
    END IF;
    UPDATE booking b SET expires_at = v_hold.held_until
     WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING'
    RETURNING b.id, b.code INTO v_id, v_code;
    IF v_id IS NULL THEN
        LOOP
            v_code := bo_new_booking_code();
            EXIT WHEN NOT EXISTS (SELECT 1 FROM booking WHERE code = v_code);
        END LOOP;
        INSERT INTO booking (code, showtime_id, status, hold_token, currency, terminal, terminal_id, expires_at)
        VALUES (v_code, p_showtime, 'PENDING', p_owner, (SELECT currency FROM settings), p_terminal,
                p_terminal_id, v_hold.held_until)
        RETURNING id INTO v_id;
    END IF;
    -- The booking's row may have been locked (a concurrent request of the same sale): the clock
    -- after that wait, so that held_until - db_now is what is really left.
    RETURN QUERY SELECT true, v_hold.held_until, clock_timestamp(), '{}'::integer[], v_id, v_code;
END $$;
