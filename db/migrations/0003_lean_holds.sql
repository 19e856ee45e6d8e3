-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Holds and releases made lean, measured by `boxoffice-bench seats` (docs/BENCHMARKS.md):
--
-- * One locking statement and one updating statement per hold instead of up to nine statements
--   (each with its own executor start-up); the announcement is made by the updating statement
--   itself instead of a trigger call.
-- * Asynchronous commit for holds and releases. A hold is a claim of minutes that nothing
--   irreversible depends on. If the server crashes within the last fraction of a second, those
--   holds are forgotten; every terminal has lost its connection and reloads its map, and a sale
--   whose hold vanished is refused at confirm (which re-checks the hold and is durable) before
--   any ticket exists. Moving to payment and confirming stay durable, so no customer pays on
--   the strength of a hold that could vanish. It also shortens the time each commit holds
--   PostgreSQL's cluster-wide NOTIFY lock, through which every announcing commit passes in turn.

-- Seat changes made by the functions below announce themselves in the statement that makes
-- them (one pg_notify, same payload as the trigger's) and tell the trigger to stay quiet through
-- a transaction-local flag; every other change (confirms, sweeps, a manager's UPDATE) is still
-- announced by the trigger.
CREATE OR REPLACE TRIGGER showtime_seat_notify AFTER UPDATE ON showtime_seat
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT
    WHEN (current_setting('bo.announced', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION bo_notify_seat_changes();

CREATE OR REPLACE FUNCTION bo_hold(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    r        record;
    v_count  integer;
    v_said   integer;
    v_until  timestamptz;
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
           AND (ss.status = 'FREE' OR (ss.status = 'HELD' AND ss.held_until < cfg.t_now))
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
        RETURN QUERY SELECT false, NULL::timestamptz, r.t_now,
            ARRAY(SELECT x FROM unnest(r.seats) x WHERE NOT (x = ANY (coalesce(r.locked, '{}'))) ORDER BY x);
        RETURN;
    END IF;

    -- All rows are ours: update and announce them in one statement. The commit does not wait
    -- for the WAL flush (see the head of this file).
    v_ignore := set_config('synchronous_commit', 'off', true);
    v_ignore := set_config('bo.announced', 'on', true);
    v_until := r.t_now + make_interval(secs => r.ttl);
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
    RETURN QUERY SELECT true, v_until, r.t_now, '{}'::integer[];
END $$;

-- Release the owner's holds (the listed seats, or all of them on the showtime, which also
-- cancels the sale's pending booking), locked in seat order, freed and announced in one
-- statement; asynchronous commit as for holds (a release lost in a crash leaves the seats held
-- until their deadline). Returns the number of seats freed.
CREATE OR REPLACE FUNCTION bo_release(p_showtime integer, p_owner uuid, p_seats integer[] DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_count  integer;
    v_said   integer;
    v_ignore text;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    v_ignore := set_config('synchronous_commit', 'off', true);
    v_ignore := set_config('bo.announced', 'on', true);
    -- Two statements rather than one with "p_seats IS NULL OR ...": each keeps an index
    -- condition on the seat ids in its generic plan.
    IF p_seats IS NOT NULL THEN
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
        UPDATE booking b SET status = 'CANCELLED', closed_at = clock_timestamp()
         WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING';
    END IF;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count = 0 AND NOT EXISTS (SELECT 1 FROM showtime WHERE id = p_showtime) THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    RETURN v_count;
END $$;

-- Moving to payment stays durable: the customer is about to be charged on the strength of it.
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
    RETURN QUERY SELECT true, v_hold.held_until, v_hold.db_now, '{}'::integer[], v_id, v_code;
END $$;
