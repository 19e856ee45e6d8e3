-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The admission queue of 0014 made cheap under a crowd (issue 12, part 3; docs/DECISIONS.md
-- "The queue under a crowd", docs/BENCHMARKS.md "A premiere goes on sale").
--
-- Measured with 0014: every heartbeat of every waiter took the showtime's line lock and ran the
-- whole bo_queue_pass (five scans of every live ticket), then counted the line again for the
-- answer, and committed a write (seen_at) with a WAL flush. A thousand waiters asking four
-- times a second queued at the one lock: 256 customers at capacity 8 sold out in 17 s against
-- 11 s behind the bench's in-process queue, at 13 times its PostgreSQL CPU, and 1,024 customers
-- did not sell out within 60 s at any capacity.
--
-- What changes (FIFO, the states and every answer are 0014's):
--   * queue_line: per showtime what the last pass left behind (waiting, occupied, the earliest
--     seen_at of a waiter, the earliest admitted_until of an unused admission, the waiters
--     admitted so far) and the line numbers given. Written only by bo_queue_pass and
--     bo_queue_join, under the line lock, so it is exact about everything that only a pass,
--     join or leave changes (the waiting count, the occupied places) and a lower bound of the
--     times (stamps and joins only move them later).
--   * bo_queue_heartbeat moves the line only when it could move: a place free while someone
--     waits, an admission or a waiter out of time, or an occupied ticket whose sale started or
--     ended (its sale and latest booking, at most `capacity` of them, looked up by key). Then
--     it tries the lock (pg_try_advisory_xact_lock) and does not wait: a session holding it is
--     moving the line right now. Otherwise it takes no lock and changes nothing.
--   * A heartbeat stamps seen_at only when the stamp is older than a quarter of the silence
--     limit (queue_heartbeat_s).
--   * Join, heartbeat and leave commit without waiting for the WAL flush when they are their
--     transaction's first write (bo_queue_commit_soon): the line lock is held to the commit, and
--     the flush was most of a join's time at the lock.
--   * The pass scans the waiters for silence only when the earliest of them could be silent,
--     and the occupied and waiting tickets through partial indexes of their own.
--   * The answer's line length and the estimated wait's inputs (places freed in the last five
--     minutes) come from queue_line. The position is the waiter's line number (given at the join)
--     less the waiters admitted so far (all of them were ahead: FIFO) and less those ahead who
--     left before their turn (an index of its own; few): no count of the line per answer.
--   * Ended tickets (DONE, LEFT, EXPIRED) older than settings.queue_retention_h (24 h) are
--     purged by the pass, any showtime's, at most 500 a pass.

ALTER TABLE settings
    ADD COLUMN queue_retention_h integer NOT NULL DEFAULT 24 CHECK (queue_retention_h BETWEEN 1 AND 8760);

CREATE TABLE queue_line (
    showtime_id integer PRIMARY KEY REFERENCES showtime (id) ON DELETE CASCADE,
    waiting     integer NOT NULL,
    occupied    integer NOT NULL,
    min_seen    timestamptz,
    min_until   timestamptz,
    freed       integer NOT NULL,
    first_freed timestamptz,
    passed_at   timestamptz NOT NULL,
    numbered    bigint NOT NULL DEFAULT 0,
    admitted    bigint NOT NULL DEFAULT 0
);
REVOKE ALL ON queue_line FROM PUBLIC;

-- A waiter's number in its showtime's line (1, 2, ...; given at the join under the line lock;
-- NULL for a counter till's ticket, never in the line). The waiters of 0014 are numbered here.
ALTER TABLE queue_ticket ADD COLUMN line_no bigint;
UPDATE queue_ticket t SET line_no = n.rn
  FROM (SELECT q.id, row_number() OVER (PARTITION BY q.showtime_id ORDER BY q.id) AS rn
          FROM queue_ticket q WHERE q.state = 'WAITING') n
 WHERE t.id = n.id;
-- Waiters who left the line before their turn: the only numbers below a waiter's that are
-- neither waiting nor admitted.
CREATE INDEX queue_ticket_gone_idx ON queue_ticket (showtime_id, line_no) WHERE state = 'LEFT' AND admitted_at IS NULL;
CREATE INDEX queue_ticket_waiting_idx ON queue_ticket (showtime_id, id) WHERE state = 'WAITING';
CREATE INDEX queue_ticket_occupied_idx ON queue_ticket (showtime_id, id) WHERE state IN ('ADMITTED', 'ACTIVE');
CREATE INDEX queue_ticket_ended_idx ON queue_ticket (ended_at) WHERE ended_at IS NOT NULL;

-- One ticket's place in its line (0014's answer); the line length, the places freed and the
-- waiters admitted from queue_line when the line has passed since 0016, the position from the
-- ticket's line number (a count of the waiters ahead for a ticket without one).
CREATE OR REPLACE FUNCTION bo_queue_status_of(p_ticket bigint)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    q       queue_ticket%ROWTYPE;
    v_now   timestamptz := clock_timestamp();
    v_freed integer;
    v_first timestamptz;
    v_admitted bigint;
BEGIN
    SELECT * INTO q FROM queue_ticket t WHERE t.id = p_ticket;
    ticket := q.id;
    showtime_id := q.showtime_id;
    state := q.state;
    counter := q.counter;
    reason := q.reason;
    db_now := v_now;
    admitted_until := CASE WHEN q.state = 'ADMITTED' THEN q.admitted_until END;
    SELECT coalesce(st.queue_capacity, se.queue_capacity), l.waiting, l.freed, l.first_freed, l.admitted
      INTO capacity, waiting, v_freed, v_first, v_admitted
      FROM showtime st CROSS JOIN settings se LEFT JOIN queue_line l ON l.showtime_id = st.id
     WHERE st.id = q.showtime_id;
    IF waiting IS NULL THEN
        SELECT count(*) INTO waiting FROM queue_ticket t WHERE t.showtime_id = q.showtime_id AND t.state = 'WAITING';
    END IF;
    IF q.state <> 'WAITING' THEN
        "position" := NULL;
    ELSE
        IF q.line_no IS NULL OR v_admitted IS NULL THEN
            SELECT count(*) INTO "position" FROM queue_ticket t
             WHERE t.showtime_id = q.showtime_id AND t.state = 'WAITING' AND t.id <= q.id;
        ELSE
            SELECT greatest(q.line_no - v_admitted - count(*), 1) INTO "position" FROM queue_ticket t
             WHERE t.showtime_id = q.showtime_id AND t.state = 'LEFT' AND t.admitted_at IS NULL
               AND t.line_no < q.line_no;
        END IF;
        -- (The two counts are read a moment apart; the line is never shorter than the place.)
        waiting := greatest(waiting, "position");
        -- The places freed in the last five minutes (as the last pass counted them), as a rate
        -- since the first of them (at least 30 s, so one sale ending a moment ago does not
        -- promise a wait of seconds).
        IF v_freed IS NULL THEN
            SELECT count(*), min(t.ended_at) INTO v_freed, v_first
              FROM queue_ticket t
             WHERE t.showtime_id = q.showtime_id AND t.admitted_at IS NOT NULL
               AND t.ended_at >= v_now - interval '5 minutes';
        END IF;
        IF v_freed > 0 THEN
            eta_s := ceil("position" * greatest(extract(epoch FROM v_now - v_first), 30) / v_freed);
        END IF;
    END IF;
    RETURN NEXT;
END $$;

-- Moves the line of one showtime (0014's steps); the caller holds the line's lock. Leaves
-- queue_line as the pass found the line and purges long-ended tickets.
CREATE OR REPLACE FUNCTION bo_queue_pass(p_showtime integer, p_changed boolean)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_now      timestamptz := clock_timestamp();
    v_start    timestamptz := pg_postmaster_start_time();
    v_capacity integer;
    v_admit_s  integer;
    v_silent_s integer;
    v_keep_h   integer;
    v_moved    integer := 0;
    v_n        integer;
    v_admitted bigint[];
    v_waiting  integer;
    v_min_seen timestamptz;
    v_until    timestamptz;
    v_freed    integer;
    v_first    timestamptz;
    v_seq      bigint;
    v_from     integer;
    v_line     queue_line%ROWTYPE;
    v_numbered bigint;
BEGIN
    SELECT coalesce(st.queue_capacity, se.queue_capacity), se.queue_admission_s, se.queue_heartbeat_s,
           se.queue_retention_h
      INTO v_capacity, v_admit_s, v_silent_s, v_keep_h
      FROM showtime st CROSS JOIN settings se WHERE st.id = p_showtime;
    SELECT * INTO v_line FROM queue_line l WHERE l.showtime_id = p_showtime;

    -- A sale that started under its admission occupies the place from now on.
    UPDATE queue_ticket q SET state = 'ACTIVE'
     WHERE q.showtime_id = p_showtime AND q.state = 'ADMITTED'
       AND EXISTS (SELECT 1 FROM sale s WHERE s.hold_token = q.owner AND s.showtime_id = p_showtime);

    -- A sale that ended frees its place: sold, its booking closed, or its time up.
    WITH ended AS (
        SELECT q.id,
               CASE b.status WHEN 'CONFIRMED' THEN 'sold' WHEN 'CANCELLED' THEN 'cancelled'
                             WHEN 'REFUNDED' THEN 'cancelled' ELSE 'expired' END AS why
          FROM queue_ticket q
          JOIN sale s ON s.hold_token = q.owner AND s.showtime_id = p_showtime
          LEFT JOIN LATERAL (
                SELECT b.status FROM booking b
                 WHERE b.hold_token = q.owner AND b.showtime_id = p_showtime
                 ORDER BY b.created_at DESC LIMIT 1) b ON true
         WHERE q.showtime_id = p_showtime AND q.state = 'ACTIVE'
           AND (b.status IN ('CONFIRMED', 'CANCELLED', 'EXPIRED', 'REFUNDED')
                OR coalesce(s.payment_deadline, s.selection_deadline) < v_now))
    UPDATE queue_ticket q SET state = 'DONE', ended_at = v_now, reason = e.why
      FROM ended e WHERE q.id = e.id;
    GET DIAGNOSTICS v_n = ROW_COUNT;
    v_moved := v_moved + v_n;

    -- An admission nobody used expires. A hold deciding on it this instant has it locked (SKIP
    -- LOCKED): its sale starts, and the next pass sees it ACTIVE.
    UPDATE queue_ticket q SET state = 'EXPIRED', ended_at = v_now, reason = 'unused'
     WHERE q.id IN (SELECT t.id FROM queue_ticket t
                     WHERE t.showtime_id = p_showtime AND t.state = 'ADMITTED'
                       AND greatest(t.admitted_until, v_start + make_interval(secs => v_admit_s)) < v_now
                       FOR UPDATE SKIP LOCKED);
    GET DIAGNOSTICS v_n = ROW_COUNT;
    v_moved := v_moved + v_n;

    -- A waiter silent for longer than the heartbeat limit has left. The waiters are read only
    -- when the earliest of them (as the last pass left it) could be silent by now.
    IF v_line.showtime_id IS NULL OR v_line.min_seen IS NULL
       OR greatest(v_line.min_seen, v_start) < v_now - make_interval(secs => v_silent_s) THEN
        UPDATE queue_ticket q SET state = 'LEFT', ended_at = v_now, reason = 'silent'
         WHERE q.showtime_id = p_showtime AND q.state = 'WAITING'
           AND greatest(q.seen_at, v_start) < v_now - make_interval(secs => v_silent_s);
        GET DIAGNOSTICS v_n = ROW_COUNT;
        v_moved := v_moved + v_n;
        SELECT min(q.seen_at) INTO v_min_seen FROM queue_ticket q
         WHERE q.showtime_id = p_showtime AND q.state = 'WAITING';
    ELSE
        -- Still a lower bound: stamps and joins only move seen_at later.
        v_min_seen := v_line.min_seen;
    END IF;

    -- Admit from the head while places are free (no capacity: everyone).
    SELECT count(*) INTO v_n FROM queue_ticket q
     WHERE q.showtime_id = p_showtime AND q.state IN ('ADMITTED', 'ACTIVE');
    WITH head AS (
        SELECT q.id FROM queue_ticket q
         WHERE q.showtime_id = p_showtime AND q.state = 'WAITING'
         ORDER BY q.id
         LIMIT CASE WHEN v_capacity IS NULL THEN NULL ELSE greatest(v_capacity - v_n, 0) END),
    admitted AS (
        UPDATE queue_ticket q
           SET state = 'ADMITTED', admitted_at = v_now, admitted_until = v_now + make_interval(secs => v_admit_s)
          FROM head WHERE q.id = head.id
        RETURNING q.id)
    SELECT array_agg(a.id ORDER BY a.id) INTO v_admitted FROM admitted a;

    SELECT count(*) INTO v_waiting FROM queue_ticket q WHERE q.showtime_id = p_showtime AND q.state = 'WAITING';
    IF v_waiting = 0 THEN
        v_min_seen := NULL;
    ELSIF v_min_seen IS NULL THEN
        -- Waiters who joined since a pass that found none: none was seen later than now.
        v_min_seen := v_now;
    END IF;
    SELECT min(q.admitted_until) INTO v_until FROM queue_ticket q
     WHERE q.showtime_id = p_showtime AND q.state = 'ADMITTED';
    -- The estimated wait's inputs (bo_queue_status_of): places freed in the last five minutes.
    SELECT count(*), min(t.ended_at) INTO v_freed, v_first
      FROM queue_ticket t
     WHERE t.showtime_id = p_showtime AND t.admitted_at IS NOT NULL AND t.ended_at >= v_now - interval '5 minutes';
    -- The first pass of a line since 0016: the numbers given so far (0016 numbered the waiters).
    IF v_line.showtime_id IS NULL THEN
        SELECT coalesce(max(q.line_no), 0) INTO v_numbered FROM queue_ticket q WHERE q.showtime_id = p_showtime;
    END IF;
    INSERT INTO queue_line AS l (showtime_id, waiting, occupied, min_seen, min_until, freed, first_freed, passed_at,
                                 numbered, admitted)
    VALUES (p_showtime, v_waiting, v_n + coalesce(cardinality(v_admitted), 0), v_min_seen, v_until, v_freed, v_first,
            v_now, coalesce(v_numbered, 0), coalesce(cardinality(v_admitted), 0))
    ON CONFLICT (showtime_id) DO UPDATE
       SET waiting = excluded.waiting, occupied = excluded.occupied, min_seen = excluded.min_seen,
           min_until = excluded.min_until, freed = excluded.freed, first_freed = excluded.first_freed,
           passed_at = excluded.passed_at, admitted = l.admitted + excluded.admitted;

    -- Tickets that ended long ago go, any showtime's (nothing moves an ended ticket any more),
    -- except where someone still waits: a waiter's position counts who left before it.
    DELETE FROM queue_ticket q
     WHERE q.id IN (SELECT t.id FROM queue_ticket t
                     WHERE t.ended_at IS NOT NULL AND t.ended_at < v_now - make_interval(hours => v_keep_h)
                       AND NOT EXISTS (SELECT 1 FROM queue_ticket w
                                        WHERE w.showtime_id = t.showtime_id AND w.state = 'WAITING')
                     ORDER BY t.ended_at LIMIT 500
                       FOR UPDATE OF t SKIP LOCKED);

    IF NOT (p_changed OR v_moved > 0 OR v_admitted IS NOT NULL) THEN
        RETURN;
    END IF;
    v_from := 1;
    LOOP
        v_seq := nextval('queue_announcement_seq');
        PERFORM bo_announce('bo_queue', p_showtime::text || '|' || v_seq::text || '|' || v_waiting::text || '|'
                                      || coalesce(array_to_string(v_admitted[v_from:v_from + 399], ','), ''));
        v_from := v_from + 400;
        EXIT WHEN v_from > coalesce(cardinality(v_admitted), 0);
    END LOOP;
END $$;

-- The line lock is held until the transaction ends, and with synchronous_commit that includes
-- the WAL flush: measured on the development machine, the flush made a join hold the lock for
-- about 10 ms, and 85 joins a second queued for 86 ms each. A call that is its transaction's
-- first write (`p_fresh`: no transaction id before it) commits without waiting for the flush;
-- a crash loses at most the last wal_writer_delay x 3 (0.6 s) of queue changes (DECISIONS).
CREATE FUNCTION bo_queue_commit_soon(p_fresh boolean)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_fresh THEN
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
END $$;

-- Joins as in 0014, committing without waiting for the flush (bo_queue_commit_soon).
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
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM showtime st WHERE st.id = p_showtime) THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM showtime st CROSS JOIN settings se
                    WHERE st.id = p_showtime AND st.status = 'ON_SALE'
                      AND st.starts_at + make_interval(mins => se.late_sale_minutes) >= clock_timestamp()) THEN
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


-- Leaves as in 0014, committing without waiting for the flush (bo_queue_commit_soon).
CREATE OR REPLACE FUNCTION bo_queue_leave(p_owner uuid)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_fresh    boolean := pg_current_xact_id_if_assigned() IS NULL;
    v_ticket   bigint;
    v_showtime integer;
    v_live     boolean;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    SELECT t.id, t.showtime_id, t.state IN ('WAITING', 'ADMITTED', 'ACTIVE') INTO v_ticket, v_showtime, v_live
      FROM queue_ticket t WHERE t.owner = p_owner ORDER BY t.id DESC LIMIT 1;
    IF v_ticket IS NULL THEN
        RAISE EXCEPTION 'no queue ticket for this token' USING ERRCODE = 'BO404';
    END IF;
    IF v_live THEN
        PERFORM pg_advisory_xact_lock(1112494421, v_showtime);
        PERFORM bo_queue_commit_soon(v_fresh);
        UPDATE queue_ticket t
           SET state = CASE WHEN t.state = 'ACTIVE' THEN 'DONE' ELSE 'LEFT' END,
               ended_at = clock_timestamp(), reason = 'left'
         WHERE t.id = v_ticket AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
        PERFORM bo_queue_pass(v_showtime, true);
    END IF;
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $$;


-- The token's ticket as it stands (the live one, else the latest). A live one is marked seen
-- (when the last mark is older than a quarter of the silence limit) and the line is moved only
-- when it could move, by whoever gets the line lock without waiting for it.
CREATE OR REPLACE FUNCTION bo_queue_heartbeat(p_owner uuid)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_fresh    boolean := pg_current_xact_id_if_assigned() IS NULL;
    v_ticket   bigint;
    v_showtime integer;
    v_live     boolean;
    v_seen     timestamptz;
    v_now      timestamptz;
    v_move     boolean;
    v_mark     boolean;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    SELECT t.id, t.showtime_id, t.state IN ('WAITING', 'ADMITTED', 'ACTIVE'), t.seen_at
      INTO v_ticket, v_showtime, v_live, v_seen
      FROM queue_ticket t WHERE t.owner = p_owner ORDER BY t.id DESC LIMIT 1;
    IF v_ticket IS NULL THEN
        RAISE EXCEPTION 'no queue ticket for this token' USING ERRCODE = 'BO404';
    END IF;
    IF v_live THEN
        v_now := clock_timestamp();
        -- Could anything move the line? Places free while someone waits; an unused admission or
        -- a waiter out of time; an occupied ticket whose sale started or ended.
        SELECT l.showtime_id IS NULL
               OR (l.waiting > 0 AND (cfg.capacity IS NULL OR l.occupied < cfg.capacity))
               OR greatest(l.min_seen, cfg.since) < v_now - make_interval(secs => cfg.silent_s)
               OR greatest(l.min_until, cfg.since + make_interval(secs => cfg.admit_s)) < v_now
               OR EXISTS (
                    SELECT 1 FROM queue_ticket q
                      JOIN sale s ON s.hold_token = q.owner AND s.showtime_id = v_showtime
                      LEFT JOIN LATERAL (
                            SELECT b.status FROM booking b
                             WHERE b.hold_token = q.owner AND b.showtime_id = v_showtime
                             ORDER BY b.created_at DESC LIMIT 1) b ON true
                     WHERE q.showtime_id = v_showtime AND q.state IN ('ADMITTED', 'ACTIVE')
                       AND (q.state = 'ADMITTED'
                            OR b.status IN ('CONFIRMED', 'CANCELLED', 'EXPIRED', 'REFUNDED')
                            OR coalesce(s.payment_deadline, s.selection_deadline) < v_now)),
               v_seen < v_now - make_interval(secs => cfg.silent_s) / 4
          INTO v_move, v_mark
          FROM (SELECT coalesce(st.queue_capacity, se.queue_capacity) AS capacity, se.queue_heartbeat_s AS silent_s,
                       se.queue_admission_s AS admit_s, pg_postmaster_start_time() AS since
                  FROM showtime st CROSS JOIN settings se WHERE st.id = v_showtime) cfg
          LEFT JOIN queue_line l ON l.showtime_id = v_showtime;
        IF v_mark THEN
            UPDATE queue_ticket t SET seen_at = v_now
             WHERE t.id = v_ticket AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
        END IF;
        IF v_move AND pg_try_advisory_xact_lock(1112494421, v_showtime) THEN
            PERFORM bo_queue_pass(v_showtime, false);
        END IF;
        PERFORM bo_queue_commit_soon(v_fresh);
    END IF;
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $$;

-- CREATE OR REPLACE keeps owner and grants but takes the settings of its own SET clauses: put
-- back 0014's (the announcement flag off on entry, no lock_timeout at the line lock).
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'bo\_queue\_%' AND p.prokind = 'f'
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;
ALTER FUNCTION bo_queue_join(integer, uuid, boolean) SET lock_timeout = 0;
ALTER FUNCTION bo_queue_heartbeat(uuid) SET lock_timeout = 0;
ALTER FUNCTION bo_queue_leave(uuid) SET lock_timeout = 0;
-- A helper of the functions above (owner's, like bo_queue_pass).
REVOKE EXECUTE ON FUNCTION bo_queue_commit_soon(boolean) FROM PUBLIC;
