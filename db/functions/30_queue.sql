-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The admission queue (waiting line) as a counter (migration 0048; docs/DECISIONS.md, "The
-- admission queue as a counter"). A waiter's number in its line is given once, at the join
-- (queue_line.issued); queue_line.admitted_up_to says how far the turns have come, so a waiter's
-- position is its number less that counter, and a heartbeat reads its ticket and its line's row by
-- key. The line moves (bo_queue_pass) under its row's lock. A join and a capacity change wait
-- their turn at that lock (a crowd must queue there, not fail with the session's 3 s lock_timeout
-- meant for the sales' row locks), for at most 10 s; a leave and a heartbeat that finds the line
-- due to move take it only when it is free. Whoever holds it never waits for a ticket someone is
-- deciding on (SKIP LOCKED), and nobody who holds a ticket waits for it, so the sales' lock order
-- (seats, then the sale's own ticket) and the line's (the line, then tickets) meet in no cycle.
-- Each function's current and only body (db/functions/README.md).

-- One ticket's place in its line, for the functions below to return: its own row and its line's
-- row, read by key. The position is the waiters numbered before it whose turn has not come, at
-- most the line's length (those ahead who left are passed when their turn comes). The estimated
-- wait: the places freed since the line's window began (bo_queue_pass), as a rate over at least
-- 30 s, so one sale ending a moment ago does not promise a wait of seconds.
CREATE OR REPLACE FUNCTION public.bo_queue_status_of(p_ticket bigint)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone, line_no bigint)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    RETURN QUERY
    SELECT a.id, a.showtime_id, a.state, a.counter, a.place::integer, a.waiting, a.capacity,
           CASE WHEN a.place IS NOT NULL AND a.freed > 0
                THEN ceil(a.place * greatest(extract(epoch FROM a.now - a.first_freed), 30) / a.freed)::integer END,
           a.admitted_until, a.reason, a.now, a.line_no
      FROM (SELECT t.id, t.showtime_id, t.state, t.counter, t.reason, t.line_no, l.freed, l.first_freed,
                   CASE WHEN t.state = 'ADMITTED' THEN t.admitted_until END AS admitted_until,
                   coalesce(l.waiting, 0) AS waiting,
                   CASE WHEN t.state = 'WAITING'
                        THEN greatest(least(t.line_no - coalesce(l.admitted_up_to, 0), coalesce(l.waiting, 0)), 1) END
                       AS place,
                   coalesce(st.queue_capacity, se.queue_capacity) AS capacity,
                   clock_timestamp() AS now
              FROM queue_ticket t
              JOIN showtime st ON st.id = t.showtime_id
              CROSS JOIN settings se
              LEFT JOIN queue_line l ON l.showtime_id = t.showtime_id
             WHERE t.id = p_ticket) a;
END $function$;

-- The line's row of a showtime, made when it has none, locked for the caller's transaction.
CREATE OR REPLACE FUNCTION public.bo_queue_line_lock(p_showtime integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    PERFORM 1 FROM queue_line l WHERE l.showtime_id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        IF NOT EXISTS (SELECT 1 FROM showtime st WHERE st.id = p_showtime) THEN
            RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
                HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
        END IF;
        INSERT INTO queue_line (showtime_id) VALUES (p_showtime) ON CONFLICT (showtime_id) DO NOTHING;
        PERFORM 1 FROM queue_line l WHERE l.showtime_id = p_showtime FOR UPDATE;
    END IF;
END $function$;

-- Moves the line of one showtime, under its row's lock (taken here; the callers may hold it
-- already): ends the occupied tickets whose time has come, counts every ticket that ended since
-- the last pass (a place back, or a waiter fewer), then moves admitted_up_to over the next
-- waiters while places are free, skipping a waiter silent for longer than queue_heartbeat_s. Its
-- cost is the tickets it changes, each found through an index of its own; a ticket someone else
-- is changing this instant is left to the next pass (SKIP LOCKED). Announces when the line
-- changed or when `p_changed` says the caller changed it (a join, a leave, a new capacity).
CREATE OR REPLACE FUNCTION public.bo_queue_pass(p_showtime integer, p_changed boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_now      timestamptz := clock_timestamp();
    v_start    timestamptz := pg_postmaster_start_time();
    c          record;
    l          queue_line%ROWTYPE;
    r          record;
    v_sale_end timestamptz;
    v_last     text;
    v_freed    integer;
    v_gone     integer;
    v_free     bigint;
    v_turns    integer := 0;
    v_head     refcursor;
    v_batch    integer;
    v_in       bigint[] := '{}';
    v_out      bigint[] := '{}';
BEGIN
    SELECT coalesce(st.queue_capacity, se.queue_capacity) AS capacity, se.queue_admission_s AS admit_s,
           se.queue_heartbeat_s AS silent_s, se.queue_retention_h AS keep_h
      INTO c FROM showtime st CROSS JOIN settings se WHERE st.id = p_showtime;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    SELECT * INTO l FROM queue_line ql WHERE ql.showtime_id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM bo_queue_line_lock(p_showtime);
        SELECT * INTO l FROM queue_line ql WHERE ql.showtime_id = p_showtime;
    END IF;

    -- Occupied tickets whose time has come: an admission unused, a sale past its deadline. A
    -- sale that still runs keeps its place until its (new) deadline.
    FOR r IN
        SELECT t.id, t.owner, t.state FROM queue_ticket t
         WHERE t.showtime_id = p_showtime AND t.state IN ('ADMITTED', 'ACTIVE') AND t.frees_at < v_now
         ORDER BY t.frees_at
         LIMIT 100
           FOR UPDATE SKIP LOCKED
    LOOP
        SELECT coalesce(s.payment_deadline, s.selection_deadline) INTO v_sale_end
          FROM sale s WHERE s.hold_token = r.owner AND s.showtime_id = p_showtime;
        IF FOUND AND v_sale_end >= v_now THEN
            UPDATE queue_ticket t SET state = 'ACTIVE', frees_at = v_sale_end WHERE t.id = r.id;
        ELSIF NOT FOUND AND r.state = 'ADMITTED' AND v_start + make_interval(secs => c.admit_s) >= v_now THEN
            -- While the server was down nobody could use an admission: it runs from the start.
            UPDATE queue_ticket t SET frees_at = v_start + make_interval(secs => c.admit_s) WHERE t.id = r.id;
        ELSIF NOT FOUND AND r.state = 'ADMITTED' THEN
            UPDATE queue_ticket t SET state = 'EXPIRED', ended_at = v_now, reason = 'unused', frees_at = NULL,
                                      settled = false
             WHERE t.id = r.id;
        ELSE
            SELECT b.status INTO v_last FROM booking b
             WHERE b.hold_token = r.owner AND b.showtime_id = p_showtime
             ORDER BY b.created_at DESC LIMIT 1;
            UPDATE queue_ticket t
               SET state = 'DONE', ended_at = v_now, frees_at = NULL, settled = false,
                   reason = CASE v_last WHEN 'CONFIRMED' THEN 'sold' WHEN 'CANCELLED' THEN 'cancelled'
                                        WHEN 'REFUNDED' THEN 'cancelled' ELSE 'expired' END
             WHERE t.id = r.id;
        END IF;
    END LOOP;

    -- Every ticket that ended since the last pass (here, by its terminal's leave, where its sale
    -- ended) is counted: one that was admitted gives its place back, a waiter leaves the line.
    -- The only statement that lowers the counts but for the turns below.
    WITH ended AS (
        UPDATE queue_ticket t SET settled = true
         WHERE t.id IN (SELECT u.id FROM queue_ticket u WHERE u.showtime_id = p_showtime AND NOT u.settled
                          FOR UPDATE SKIP LOCKED)
        RETURNING t.admitted_at IS NOT NULL AS had_place)
    SELECT count(*) FILTER (WHERE e.had_place), count(*) FILTER (WHERE NOT e.had_place)
      INTO v_freed, v_gone FROM ended e;
    l.occupied := l.occupied - v_freed;
    l.waiting := l.waiting - v_gone;
    IF v_freed > 0 THEN
        -- The estimated wait's window: the places freed since its first, restarted after five
        -- minutes.
        IF l.first_freed IS NULL OR l.first_freed < v_now - interval '5 minutes' THEN
            l.first_freed := v_now;
            l.freed := v_freed;
        ELSE
            l.freed := l.freed + v_freed;
        END IF;
    END IF;

    -- Turns, strictly by number, while places are free (no capacity: everyone). A waiter silent
    -- for longer than the heartbeat limit has left: its turn passes to the next. The waiters are
    -- read from the head through the index by number, one row at a time (at most a hundred per
    -- cursor), so only those whose turn comes are read and locked, never the line behind them.
    v_free := CASE WHEN c.capacity IS NULL THEN NULL ELSE c.capacity - l.occupied END;
    IF l.waiting > 0 AND (v_free IS NULL OR v_free > 0) THEN
        LOOP
            v_batch := 0;
            OPEN v_head FOR
                SELECT t.id, t.line_no, t.seen_at FROM queue_ticket t
                 WHERE t.showtime_id = p_showtime AND t.state = 'WAITING' AND t.line_no > l.admitted_up_to
                 ORDER BY t.line_no
                 LIMIT 100
                   FOR UPDATE;
            LOOP
                FETCH v_head INTO r;
                EXIT WHEN NOT FOUND;
                v_batch := v_batch + 1;
                IF greatest(r.seen_at, v_start) < v_now - make_interval(secs => c.silent_s) THEN
                    v_out := v_out || r.id;
                ELSE
                    v_in := v_in || r.id;
                    v_free := v_free - 1;
                END IF;
                v_turns := v_turns + 1;
                l.admitted_up_to := r.line_no;
                EXIT WHEN v_free = 0;
            END LOOP;
            CLOSE v_head;
            EXIT WHEN v_batch < 100 OR v_free = 0;
        END LOOP;
        IF v_turns > 0 THEN
            UPDATE queue_ticket t
               SET state = 'ADMITTED', admitted_at = v_now,
                   admitted_until = v_now + make_interval(secs => c.admit_s),
                   frees_at = v_now + make_interval(secs => c.admit_s)
             WHERE t.id = ANY (v_in);
            UPDATE queue_ticket t SET state = 'LEFT', ended_at = v_now, reason = 'silent' WHERE t.id = ANY (v_out);
            l.occupied := l.occupied + cardinality(v_in);
            l.waiting := l.waiting - v_turns;
        END IF;
    END IF;

    IF v_freed > 0 OR v_gone > 0 OR v_turns > 0 THEN
        UPDATE queue_line ql
           SET waiting = l.waiting, occupied = l.occupied, admitted_up_to = l.admitted_up_to, freed = l.freed,
               first_freed = l.first_freed
         WHERE ql.showtime_id = p_showtime;
    END IF;

    IF v_freed > 0 OR v_turns > 0 THEN
        -- Tickets that ended long ago go, any showtime's, a few each time the line moves: nothing
        -- reads an ended and counted ticket but its own token.
        DELETE FROM queue_ticket q
         WHERE q.id IN (SELECT t.id FROM queue_ticket t
                         WHERE t.ended_at IS NOT NULL AND t.ended_at < v_now - make_interval(hours => c.keep_h)
                           AND t.settled
                         ORDER BY t.ended_at LIMIT 100
                           FOR UPDATE SKIP LOCKED);
    END IF;

    IF p_changed OR v_freed > 0 OR v_gone > 0 OR v_turns > 0 THEN
        PERFORM bo_announce('bo_queue', p_showtime::text || '|' || nextval('queue_announcement_seq')::text || '|'
                                      || l.waiting::text || '|' || l.admitted_up_to::text);
    END IF;
END $function$;

-- Joins the line of a showtime (or, for a token already in it, says where it stands and counts as
-- a heartbeat). A waiter gets the line's next number, under the line's lock, so numbers follow the
-- order of arrival at it; below capacity, and for a counter till, the ticket is admitted in this
-- call. Otherwise the join moves nothing: it numbers, counts and announces.
CREATE OR REPLACE FUNCTION public.bo_queue_join(p_showtime integer, p_owner uuid, p_counter boolean DEFAULT false)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone, line_no bigint)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET lock_timeout TO '10s'
AS $function$
-- (The unique index's predicate below names the column `state`, as the result does.)
#variable_conflict use_column
DECLARE
    v_fresh    boolean := pg_current_xact_id_if_assigned() IS NULL;
    v_other    integer;
    v_ticket   bigint;
    v_now      timestamptz;
    c          record;
    l          record;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    -- "A counter" is the caller's role, not its word: a kiosk or the website that says so still
    -- waits its turn.
    p_counter := coalesce(p_counter, false) AND coalesce(bo_terminal_kind(), '') IN ('till', 'manager', 'owner');
    SELECT st.status, st.sale_opens_at AS opens,
           coalesce(st.sale_closes_at, st.starts_at + make_interval(mins => se.late_sale_minutes)) AS cutoff,
           coalesce(st.queue_capacity, se.queue_capacity) AS capacity, se.queue_admission_s AS admit_s
      INTO c FROM showtime st CROSS JOIN settings se WHERE st.id = p_showtime;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    IF c.opens > clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % goes on sale at %', p_showtime,
            to_char(c.opens AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') USING ERRCODE = 'BO403',
            HINT = 'refusal: ' || json_build_array('not-on-sale-yet', p_showtime,
                                                   to_char(c.opens AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'));
    END IF;
    IF c.status <> 'ON_SALE' OR c.cutoff < clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % is not on sale', p_showtime USING ERRCODE = 'BO403',
            HINT = 'refusal: ' || json_build_array('not-on-sale', p_showtime);
    END IF;
    SELECT s.showtime_id INTO v_other FROM sale s WHERE s.hold_token = p_owner AND s.showtime_id <> p_showtime LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'this token belongs to a sale of showtime %', v_other USING ERRCODE = 'BO400';
    END IF;
    SELECT t.showtime_id INTO v_other FROM queue_ticket t
     WHERE t.owner = p_owner AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
    IF FOUND AND v_other <> p_showtime THEN
        RAISE EXCEPTION 'this token stands in the line of showtime %', v_other USING ERRCODE = 'BO400';
    END IF;
    IF FOUND THEN
        -- Already in this line: answered as a heartbeat is, without the line's lock.
        RETURN QUERY SELECT * FROM bo_queue_heartbeat(p_owner);
        RETURN;
    END IF;

    IF v_fresh THEN
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    v_now := clock_timestamp();
    -- The line's next number and the count, under the line's lock, which this statement takes.
    UPDATE queue_line ql
       SET issued = ql.issued + CASE WHEN p_counter THEN 0 ELSE 1 END,
           waiting = ql.waiting + CASE WHEN p_counter THEN 0 ELSE 1 END,
           occupied = ql.occupied + CASE WHEN p_counter THEN 1 ELSE 0 END
     WHERE ql.showtime_id = p_showtime
    RETURNING ql.issued, ql.occupied INTO l;
    IF NOT FOUND THEN
        PERFORM bo_queue_line_lock(p_showtime);
        UPDATE queue_line ql
           SET issued = ql.issued + CASE WHEN p_counter THEN 0 ELSE 1 END,
               waiting = ql.waiting + CASE WHEN p_counter THEN 0 ELSE 1 END,
               occupied = ql.occupied + CASE WHEN p_counter THEN 1 ELSE 0 END
         WHERE ql.showtime_id = p_showtime
        RETURNING ql.issued, ql.occupied INTO l;
    END IF;
    IF p_counter THEN
        -- A till is never in the line: admitted at once, it takes a place beside the others.
        INSERT INTO queue_ticket (showtime_id, owner, counter, state, joined_at, seen_at, admitted_at,
                                  admitted_until, frees_at)
        VALUES (p_showtime, p_owner, true, 'ADMITTED', v_now, v_now, v_now,
                v_now + make_interval(secs => c.admit_s), v_now + make_interval(secs => c.admit_s))
        ON CONFLICT (owner) WHERE state IN ('WAITING', 'ADMITTED', 'ACTIVE') DO NOTHING
        RETURNING id INTO v_ticket;
    ELSE
        INSERT INTO queue_ticket (showtime_id, owner, counter, state, joined_at, seen_at, line_no)
        VALUES (p_showtime, p_owner, false, 'WAITING', v_now, v_now, l.issued)
        ON CONFLICT (owner) WHERE state IN ('WAITING', 'ADMITTED', 'ACTIVE') DO NOTHING
        RETURNING id INTO v_ticket;
    END IF;
    IF v_ticket IS NULL THEN
        -- The same token joined on another session while this one waited for the lock: its
        -- number stays unused (the turns pass over it), the count is taken back.
        UPDATE queue_line ql
           SET waiting = ql.waiting - CASE WHEN p_counter THEN 0 ELSE 1 END,
               occupied = ql.occupied - CASE WHEN p_counter THEN 1 ELSE 0 END
         WHERE ql.showtime_id = p_showtime;
        SELECT t.showtime_id INTO v_other FROM queue_ticket t
         WHERE t.owner = p_owner AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
        IF v_other <> p_showtime THEN
            RAISE EXCEPTION 'this token stands in the line of showtime %', v_other USING ERRCODE = 'BO400';
        END IF;
        RETURN QUERY SELECT * FROM bo_queue_heartbeat(p_owner);
        RETURN;
    END IF;
    -- A place free now, or the line due to move (see bo_queue_heartbeat): the line moves in this
    -- call, so a join below capacity comes back admitted. Otherwise only the count changed.
    IF NOT p_counter
       AND (c.capacity IS NULL OR l.occupied < c.capacity
            OR EXISTS (SELECT 1 FROM queue_ticket q WHERE q.showtime_id = p_showtime AND NOT q.settled)
            OR EXISTS (SELECT 1 FROM queue_ticket q
                        WHERE q.showtime_id = p_showtime AND q.state IN ('ADMITTED', 'ACTIVE') AND q.frees_at < v_now)) THEN
        PERFORM bo_queue_pass(p_showtime, true);
    ELSE
        SELECT ql.waiting, ql.admitted_up_to INTO l FROM queue_line ql WHERE ql.showtime_id = p_showtime;
        PERFORM bo_announce('bo_queue', p_showtime::text || '|' || nextval('queue_announcement_seq')::text || '|'
                                      || l.waiting::text || '|' || l.admitted_up_to::text);
    END IF;
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $function$;

-- The token's ticket as it stands (the live one, else the latest); BO404 when the token never
-- joined a line. One statement reads the ticket, its line's row and two index probes: whether
-- the stamp is older than half the silence limit (a terminal's 5-s heartbeat keeps every stamp
-- younger than 15 s of 20), and whether the line is due to move — an ended ticket the line has
-- not counted, an occupied ticket whose time has come, a free place while someone waits. Only
-- then does it write: its own stamp, and a move of the line when nobody else holds the line's
-- row (SKIP LOCKED: that session is moving it now). Otherwise a heartbeat takes no lock, writes
-- nothing and reads nobody else's ticket. Like a join and a leave, a heartbeat that is its
-- transaction's first write commits without waiting for the WAL flush (migration 0016: the queue's
-- state is what the line looked like; a lost stamp or move is made again by the next call).
CREATE OR REPLACE FUNCTION public.bo_queue_heartbeat(p_owner uuid)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone, line_no bigint)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_fresh boolean := pg_current_xact_id_if_assigned() IS NULL;
    v_now   timestamptz := clock_timestamp();
    r       record;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    SELECT t.id, t.showtime_id, t.live,
           t.live AND t.seen_at < v_now - make_interval(secs => se.queue_heartbeat_s) / 2 AS mark,
           t.live AND ((l.waiting > 0 AND (coalesce(st.queue_capacity, se.queue_capacity) IS NULL
                                           OR l.occupied < coalesce(st.queue_capacity, se.queue_capacity)))
                       OR EXISTS (SELECT 1 FROM queue_ticket q WHERE q.showtime_id = t.showtime_id AND NOT q.settled)
                       OR EXISTS (SELECT 1 FROM queue_ticket q
                                   WHERE q.showtime_id = t.showtime_id AND q.state IN ('ADMITTED', 'ACTIVE')
                                     AND q.frees_at < v_now)) AS due
      INTO r
      FROM (SELECT q.id, q.showtime_id, q.seen_at, q.state IN ('WAITING', 'ADMITTED', 'ACTIVE') AS live
              FROM queue_ticket q WHERE q.owner = p_owner ORDER BY q.id DESC LIMIT 1) t
      JOIN showtime st ON st.id = t.showtime_id
      CROSS JOIN settings se
      LEFT JOIN queue_line l ON l.showtime_id = t.showtime_id;
    IF r.id IS NULL THEN
        RAISE EXCEPTION 'no queue ticket for this token' USING ERRCODE = 'BO404';
    END IF;
    IF r.live AND v_fresh THEN
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    IF r.mark THEN
        UPDATE queue_ticket t SET seen_at = v_now
         WHERE t.id = r.id AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
    END IF;
    IF r.due THEN
        PERFORM 1 FROM queue_line l WHERE l.showtime_id = r.showtime_id FOR UPDATE SKIP LOCKED;
        IF FOUND THEN
            PERFORM bo_queue_pass(r.showtime_id, false);
        END IF;
    END IF;
    RETURN QUERY SELECT * FROM bo_queue_status_of(r.id);
END $function$;

-- Leaves the line, or ends the sale's place (its terminal is done with it). Leaving again answers
-- as the first time; BO404 when the token never joined a line. The ticket is ended on its own
-- row; the line counts it and hands the place on in the same call when nobody else is moving the
-- line this instant, and otherwise that session's next pass or the next due heartbeat does.
CREATE OR REPLACE FUNCTION public.bo_queue_leave(p_owner uuid)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone, line_no bigint)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_fresh    boolean := pg_current_xact_id_if_assigned() IS NULL;
    v_ticket   bigint;
    v_showtime integer;
    v_pending  boolean;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    SELECT t.id, t.showtime_id, t.state IN ('WAITING', 'ADMITTED', 'ACTIVE') OR NOT t.settled
      INTO v_ticket, v_showtime, v_pending
      FROM queue_ticket t WHERE t.owner = p_owner ORDER BY t.id DESC LIMIT 1;
    IF v_ticket IS NULL THEN
        RAISE EXCEPTION 'no queue ticket for this token' USING ERRCODE = 'BO404';
    END IF;
    -- A live ticket, or one that ended (its sale, its time) and that the line has not counted yet.
    IF v_pending THEN
        IF v_fresh THEN
            PERFORM set_config('synchronous_commit', 'off', true);
        END IF;
        UPDATE queue_ticket t
           SET state = CASE WHEN t.state = 'ACTIVE' THEN 'DONE' ELSE 'LEFT' END,
               ended_at = clock_timestamp(), reason = 'left', frees_at = NULL, settled = false
         WHERE t.id = v_ticket AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
        PERFORM 1 FROM queue_line l WHERE l.showtime_id = v_showtime FOR UPDATE SKIP LOCKED;
        IF FOUND THEN
            PERFORM bo_queue_pass(v_showtime, true);
        END IF;
    END IF;
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $function$;

-- A manager sets a showtime's capacity (NULL: the setting's); the line moves at once.
CREATE OR REPLACE FUNCTION public.bo_queue_set_capacity(p_showtime integer, p_capacity integer)
 RETURNS TABLE(showtime_id integer, override integer, capacity integer, waiting integer, occupied integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET lock_timeout TO '10s'
AS $function$
BEGIN
    IF p_capacity IS NOT NULL AND p_capacity NOT BETWEEN 0 AND 100000 THEN
        RAISE EXCEPTION 'capacity % is outside 0..100000', p_capacity USING ERRCODE = 'BO400';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM showtime st WHERE st.id = p_showtime) THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    PERFORM bo_queue_line_lock(p_showtime);
    UPDATE showtime st SET queue_capacity = p_capacity WHERE st.id = p_showtime;
    PERFORM bo_queue_pass(p_showtime, true);
    RETURN QUERY
    SELECT st.id, st.queue_capacity, coalesce(st.queue_capacity, se.queue_capacity), l.waiting, l.occupied
      FROM showtime st CROSS JOIN settings se JOIN queue_line l ON l.showtime_id = st.id
     WHERE st.id = p_showtime;
END $function$;

-- The live tickets of a showtime's line in order (no tokens: a token is a sale's authority). An
-- operator's view: the waiters' positions are counted exactly here.
CREATE OR REPLACE FUNCTION public.bo_queue_line(p_showtime integer)
 RETURNS TABLE(ticket bigint, state text, counter boolean, "position" integer, joined_at timestamp with time zone, seen_at timestamp with time zone, admitted_until timestamp with time zone, capacity integer, db_now timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_capacity integer;
BEGIN
    SELECT coalesce(st.queue_capacity, se.queue_capacity) INTO v_capacity
      FROM showtime st CROSS JOIN settings se WHERE st.id = p_showtime;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    RETURN QUERY
    SELECT t.id, t.state, t.counter,
           CASE WHEN t.state = 'WAITING'
                THEN (count(*) FILTER (WHERE t.state = 'WAITING') OVER (ORDER BY t.id))::integer END,
           t.joined_at, t.seen_at, CASE WHEN t.state = 'ADMITTED' THEN t.admitted_until END, v_capacity,
           clock_timestamp()
      FROM queue_ticket t
     WHERE t.showtime_id = p_showtime AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE')
     ORDER BY t.id;
END $function$;

-- A sale's row (migration 0048, trigger sale_queue_ticket): its first granted hold makes it, and
-- its ticket, if it has one in this showtime's line, is ACTIVE from then on and can end by time
-- at the sale's deadline, which follows the sale's (an extension, the move to payment). The first
-- hold has its ticket locked already (bo_sale_gate); a later change of the deadline does not
-- wait for a ticket someone else is changing (the line's pass, which looks at the sale itself).
-- Only the sale's own ticket is written, never the line's row.
CREATE OR REPLACE FUNCTION public.bo_queue_sale_moved()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE queue_ticket t SET state = 'ACTIVE', frees_at = coalesce(NEW.payment_deadline, NEW.selection_deadline)
         WHERE t.owner = NEW.hold_token AND t.showtime_id = NEW.showtime_id AND t.state IN ('ADMITTED', 'ACTIVE');
    ELSE
        UPDATE queue_ticket t SET state = 'ACTIVE', frees_at = coalesce(NEW.payment_deadline, NEW.selection_deadline)
         WHERE t.id = (SELECT q.id FROM queue_ticket q
                        WHERE q.owner = NEW.hold_token AND q.showtime_id = NEW.showtime_id
                          AND q.state IN ('ADMITTED', 'ACTIVE')
                          FOR UPDATE SKIP LOCKED);
    END IF;
    RETURN NULL;
END $function$;

-- A booking that closes (migration 0048, trigger booking_queue_ticket: confirmed, cancelled,
-- expired, refunded) ends its sale's ticket where the sale ends: in the confirm, the release, the
-- sweep. The line's next pass counts it and gives the place back (the terminal's leave, the next
-- due heartbeat or join), so the sale's commit waits for no line.
CREATE OR REPLACE FUNCTION public.bo_queue_sale_ended()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    UPDATE queue_ticket t
       SET state = 'DONE', ended_at = clock_timestamp(), frees_at = NULL, settled = false,
           reason = CASE NEW.status WHEN 'CONFIRMED' THEN 'sold' WHEN 'EXPIRED' THEN 'expired' ELSE 'cancelled' END
     WHERE t.owner = NEW.hold_token AND t.showtime_id = NEW.showtime_id AND t.state IN ('ADMITTED', 'ACTIVE');
    RETURN NULL;
END $function$;
