-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The admission queue (waiting line). The join, heartbeat, leave and capacity calls wait their turn
-- at the line's lock (a crowd must queue there, not fail with the session's 3 s lock_timeout meant
-- for the sales' row locks), for at most 10 s: only these functions take that lock, each for one
-- short call, since no application role may run the advisory-lock functions (migration 0042).
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_queue_status_of(p_ticket bigint)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_queue_pass(p_showtime integer, p_changed boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_queue_join(p_showtime integer, p_owner uuid, p_counter boolean DEFAULT false)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET lock_timeout TO '10s'
AS $function$
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
    -- "A counter" is the caller's role, not its word: a kiosk that says so still waits its turn.
    p_counter := coalesce(p_counter, false) AND coalesce(bo_terminal_kind(), '') IN ('till', 'manager', 'owner');
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_queue_heartbeat(p_owner uuid)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET lock_timeout TO '10s'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_queue_leave(p_owner uuid)
 RETURNS TABLE(ticket bigint, showtime_id integer, state text, counter boolean, "position" integer, waiting integer, capacity integer, eta_s integer, admitted_until timestamp with time zone, reason text, db_now timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET lock_timeout TO '10s'
AS $function$
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
END $function$;

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
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    PERFORM pg_advisory_xact_lock(1112494421, p_showtime);
    UPDATE showtime st SET queue_capacity = p_capacity WHERE st.id = p_showtime;
    PERFORM bo_queue_pass(p_showtime, true);
    RETURN QUERY
    SELECT st.id, st.queue_capacity, coalesce(st.queue_capacity, se.queue_capacity),
           (SELECT count(*)::integer FROM queue_ticket t WHERE t.showtime_id = st.id AND t.state = 'WAITING'),
           (SELECT count(*)::integer FROM queue_ticket t
             WHERE t.showtime_id = st.id AND t.state IN ('ADMITTED', 'ACTIVE'))
      FROM showtime st CROSS JOIN settings se WHERE st.id = p_showtime;
END $function$;

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
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
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

CREATE OR REPLACE FUNCTION public.bo_queue_commit_soon(p_fresh boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_fresh THEN
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
END $function$;
