-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Holds and releases made lean, measured by `boxoffice-bench seats` (docs/BENCHMARKS.md):
--
-- * One locking statement per hold instead of up to nine (each with its own executor start-up).
-- * Asynchronous commit for holds and releases. A hold is a claim of minutes that nothing
--   irreversible depends on. If the server crashes within the last fraction of a second, those
--   holds are forgotten; every terminal has lost its connection and reloads its map, and a sale
--   whose hold vanished is refused at confirm (which re-checks the hold and is durable) before
--   any ticket exists. Moving to payment and confirming stay durable, so no customer pays on
--   the strength of a hold that could vanish.
-- * The announcement after the commit. PostgreSQL serialises every transaction that sends a
--   NOTIFY on one cluster-wide lock held until its commit ends; a hold that announced inside its
--   own transaction kept its seat rows locked while it queued for that lock, and a competing sale
--   found them locked and was refused. The procedures bo_hold_now and bo_release_now (what the
--   terminals call) commit the seat change first and announce it in a second, write-free
--   transaction in the same round trip, with the seats' state read again under a per-showtime
--   lock so that announcements cannot leave a map showing an older state. Only committed
--   changes are announced, as before; a backend that dies between the two transactions leaves
--   an unannounced change, which the next hold on those seats reports as a conflict and every
--   map corrects on its next reload.
-- * Functions bo_hold and bo_release keep their signatures and announce inside their own
--   transaction (bo_begin_payment and other SQL callers use them).

-- Seat changes made by the functions below are announced by bo_announce (same payload as the
-- trigger's); they tell the trigger to stay quiet through a transaction-local flag. Every other
-- change (confirms, sweeps, a manager's UPDATE) is still announced by the trigger.
CREATE OR REPLACE TRIGGER showtime_seat_notify AFTER UPDATE ON showtime_seat
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT
    WHEN (current_setting('bo.announced', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION bo_notify_seat_changes();

-- After a change has committed (bo_hold_now, bo_release_now): announces the seats' state as it
-- is now, one showtime's announcers one after another (a transaction-scoped advisory lock), so
-- that the last announcement of a seat carries its latest committed state even when two
-- announcements overtake each other on their way to the NOTIFY queue.
CREATE FUNCTION bo_announce_current(p_showtime integer, p_seats integer[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF cardinality(p_seats) > 0 THEN
        PERFORM pg_advisory_xact_lock(1651467379, p_showtime); -- 1651467379 = 'bo_s'
        PERFORM pg_notify('bo_seats', p_showtime::text || '|'
                                      || string_agg(left(c.status, 1) || c.seat_id::text, ',' ORDER BY c.seat_id))
           FROM (SELECT ss.seat_id, ss.status, (row_number() OVER (ORDER BY ss.seat_id) - 1) / 400 AS chunk
                   FROM showtime_seat ss
                  WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)) c
          GROUP BY c.chunk;
    END IF;
END $$;

-- Announces seats of one showtime in state p_state (F, H, R or B), 400 per notification.
CREATE FUNCTION bo_announce(p_showtime integer, p_state text, p_seats integer[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF cardinality(p_seats) > 0 THEN
        PERFORM pg_notify('bo_seats', p_showtime::text || '|' || string_agg(p_state || c.s::text, ',' ORDER BY c.s))
           FROM (SELECT u.s, (u.n - 1) / 400 AS chunk FROM unnest(p_seats) WITH ORDINALITY AS u(s, n)) c
          GROUP BY c.chunk;
    END IF;
END $$;

-- The hold itself (DESIGN.md section 2), unannounced: returns the sorted seat ids for the
-- announcement. Granted holds commit asynchronously unless the caller sets synchronous_commit
-- again before its commit.
CREATE FUNCTION bo_hold_rows(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[], seats integer[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    r        record;
    v_count  integer;
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
            ARRAY(SELECT x FROM unnest(r.seats) x WHERE NOT (x = ANY (coalesce(r.locked, '{}'))) ORDER BY x),
            r.seats;
        RETURN;
    END IF;

    -- All rows are ours: update them; the commit does not wait for the WAL flush.
    v_ignore := set_config('synchronous_commit', 'off', true);
    v_ignore := set_config('bo.announced', 'on', true);
    v_until := r.t_now + make_interval(secs => r.ttl);
    UPDATE showtime_seat ss
       SET status = 'HELD', held_by = p_owner, held_until = v_until
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (r.locked);
    GET DIAGNOSTICS v_count = ROW_COUNT;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count <> cardinality(r.seats) THEN
        -- Cannot happen while we hold the row locks; raising undoes the whole statement.
        RAISE EXCEPTION 'hold changed % of % seats', v_count, cardinality(r.seats) USING ERRCODE = 'XX000';
    END IF;
    RETURN QUERY SELECT true, v_until, r.t_now, '{}'::integer[], r.seats;
END $$;

-- Hold or extend, announced in the same transaction (for SQL callers such as bo_begin_payment).
CREATE OR REPLACE FUNCTION bo_hold(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    r record;
BEGIN
    SELECT * INTO r FROM bo_hold_rows(p_showtime, p_seats, p_owner, p_ttl_s);
    IF r.granted THEN
        PERFORM bo_announce(p_showtime, 'H', r.seats);
    END IF;
    RETURN QUERY SELECT r.granted, r.held_until, r.db_now, r.unavailable;
END $$;

-- What a terminal calls (CALL, in autocommit): hold, commit, then announce.
CREATE PROCEDURE bo_hold_now(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL,
                             INOUT granted boolean DEFAULT NULL, INOUT held_until timestamptz DEFAULT NULL,
                             INOUT db_now timestamptz DEFAULT NULL, INOUT unavailable integer[] DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    SELECT * INTO r FROM bo_hold_rows(p_showtime, p_seats, p_owner, p_ttl_s);
    COMMIT;
    IF r.granted THEN
        PERFORM bo_announce_current(p_showtime, r.seats);
    END IF;
    granted := r.granted;
    held_until := r.held_until;
    db_now := r.db_now;
    unavailable := r.unavailable;
END $$;

-- The release itself, unannounced: frees the owner's holds (the listed seats, or all of them on
-- the showtime, which also cancels the sale's pending booking), locked in seat order, with an
-- asynchronous commit as for holds (a release lost in a crash leaves the seats held until their
-- deadline). Returns the freed seat ids, sorted.
CREATE FUNCTION bo_release_rows(p_showtime integer, p_owner uuid, p_seats integer[] DEFAULT NULL)
RETURNS integer[] LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_freed  integer[];
    v_ignore text;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    v_ignore := set_config('synchronous_commit', 'off', true);
    v_ignore := set_config('bo.announced', 'on', true);
    IF p_seats IS NOT NULL THEN
        WITH mine AS (
            SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)
               AND ss.status = 'HELD' AND ss.held_by = p_owner
             ORDER BY ss.seat_id FOR UPDATE OF ss),
        freed AS (
            UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL
             WHERE ss.showtime_id = p_showtime AND ss.seat_id IN (SELECT m.seat_id FROM mine m)
            RETURNING ss.seat_id)
        SELECT coalesce(array_agg(f.seat_id ORDER BY f.seat_id), '{}') INTO v_freed FROM freed f;
    ELSE
        WITH mine AS (
            SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner
             ORDER BY ss.seat_id FOR UPDATE OF ss),
        freed AS (
            UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL
             WHERE ss.showtime_id = p_showtime AND ss.seat_id IN (SELECT m.seat_id FROM mine m)
            RETURNING ss.seat_id)
        SELECT coalesce(array_agg(f.seat_id ORDER BY f.seat_id), '{}') INTO v_freed FROM freed f;
        UPDATE booking b SET status = 'CANCELLED', closed_at = clock_timestamp()
         WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING';
    END IF;
    v_ignore := set_config('bo.announced', '', true);
    IF cardinality(v_freed) = 0 AND NOT EXISTS (SELECT 1 FROM showtime WHERE id = p_showtime) THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    RETURN v_freed;
END $$;

-- Release, announced in the same transaction. Returns the number of seats freed.
CREATE OR REPLACE FUNCTION bo_release(p_showtime integer, p_owner uuid, p_seats integer[] DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_freed integer[];
BEGIN
    v_freed := bo_release_rows(p_showtime, p_owner, p_seats);
    PERFORM bo_announce(p_showtime, 'F', v_freed);
    RETURN cardinality(v_freed);
END $$;

-- What a terminal calls (CALL, in autocommit): release, commit, then announce.
CREATE PROCEDURE bo_release_now(p_showtime integer, p_owner uuid, p_seats integer[] DEFAULT NULL,
                                INOUT freed integer DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
    v_freed integer[];
BEGIN
    v_freed := bo_release_rows(p_showtime, p_owner, p_seats);
    COMMIT;
    PERFORM bo_announce_current(p_showtime, v_freed);
    freed := cardinality(v_freed);
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
