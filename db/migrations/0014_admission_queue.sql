-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The admission queue in front of seat selection (DESIGN §3, first bullet; issue 12, part 1;
-- model/admissionqueue.h is the port, docs/DECISIONS.md "Admission queue" the reasons).
--
-- Per showtime a FIFO line of tickets, one per sale (its hold token). A capacity says how many
-- sales may select seats at once: `settings.queue_capacity` with a per-showtime override
-- `showtime.queue_capacity`; NULL in both means the showtime has no queue (every join is admitted
-- at once and bo_hold checks nothing). 0 is a closed door: everyone waits (before an opening).
--
-- Ticket states: WAITING (in line) -> ADMITTED (a place is the sale's; `admitted_until` =
-- admission + settings.queue_admission_s) -> ACTIVE (the sale started: its first hold made its
-- `sale` row) -> DONE (sold, cancelled, expired, or ended by its terminal). WAITING -> LEFT (left,
-- or silent for longer than settings.queue_heartbeat_s); ADMITTED -> EXPIRED (not used in time).
-- ADMITTED and ACTIVE tickets occupy the places. A counter till's ticket (p_counter) is admitted
-- at once, capacity or not, and occupies a place like any other (DECISIONS: counter tills).
--
-- The line moves in one function, bo_queue_pass, run under a per-showtime transaction advisory
-- lock (class 1112494421, 'BOQU'; key = showtime id) by every join, heartbeat, leave and capacity
-- change: it marks started, ended, unused and silent tickets, then admits from the head (lowest
-- id first) while places are free, and announces the change on channel 'bo_queue'. Nothing of the
-- sale functions moves the line: an ended sale is seen by the next pass (waiting terminals
-- heartbeat every few seconds; a terminal whose sale ends leaves at once). A join takes the lock
-- before it inserts, so ticket ids are in the order the lock granted and FIFO is by id.
--
-- After a restart of the server nobody could heartbeat or use an admission: silence and unused
-- admissions are counted from pg_postmaster_start_time() at the earliest, so the line survives.
--
-- bo_hold: when the showtime has a queue and the sale has not started yet (no `sale` row), the
-- token needs an ADMITTED or ACTIVE ticket of that showtime, locked FOR SHARE so that a pass cannot
-- expire it under the hold; otherwise BO429 ("not admitted", CLI exit 3). A sale that started
-- goes on without a ticket (one begun before the queue was switched on is not cut off). The rest
-- of bo_hold is 0009's; the queue costs it one column of its first statement and one test of it.
--
-- Lock order (DECISIONS "One lock order"): the line lock, then tickets; bo_hold takes its seats,
-- then its own ticket (FOR SHARE); the pass locks no seat and waits on no seat, so no cycle.
--
-- Announcement on 'bo_queue': "<showtime>|<seq>|<waiting>|<ticket ids admitted now, comma-separated>"
-- (seq from queue_announcement_seq, so no two payloads are equal and a terminal can drop older
-- ones; at most 400 ids per notification).
-- Announced through bo_announce (0013): a row for the elected announcer, NOTIFY off the commit
-- path, as every seat change.

ALTER TABLE settings
    ADD COLUMN queue_capacity    integer CHECK (queue_capacity BETWEEN 0 AND 100000),
    ADD COLUMN queue_admission_s integer NOT NULL DEFAULT 60 CHECK (queue_admission_s BETWEEN 1 AND 3600),
    ADD COLUMN queue_heartbeat_s integer NOT NULL DEFAULT 20 CHECK (queue_heartbeat_s BETWEEN 1 AND 600);
ALTER TABLE showtime ADD COLUMN queue_capacity integer CHECK (queue_capacity BETWEEN 0 AND 100000);

CREATE TABLE queue_ticket (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    showtime_id    integer NOT NULL REFERENCES showtime (id) ON DELETE CASCADE,
    owner          uuid NOT NULL,
    counter        boolean NOT NULL DEFAULT false,
    state          text NOT NULL CHECK (state IN ('WAITING', 'ADMITTED', 'ACTIVE', 'DONE', 'LEFT', 'EXPIRED')),
    joined_at      timestamptz NOT NULL,
    seen_at        timestamptz NOT NULL,
    admitted_at    timestamptz,
    admitted_until timestamptz,
    ended_at       timestamptz,
    reason         text,
    CHECK ((admitted_at IS NULL) = (admitted_until IS NULL)),
    CHECK (state NOT IN ('ADMITTED', 'ACTIVE', 'EXPIRED') OR admitted_at IS NOT NULL),
    CHECK ((ended_at IS NULL) = (state IN ('WAITING', 'ADMITTED', 'ACTIVE')))
);
-- A token stands in one line at a time.
CREATE UNIQUE INDEX queue_ticket_live_owner_idx ON queue_ticket (owner) WHERE state IN ('WAITING', 'ADMITTED', 'ACTIVE');
CREATE INDEX queue_ticket_live_idx ON queue_ticket (showtime_id, id) WHERE state IN ('WAITING', 'ADMITTED', 'ACTIVE');
CREATE INDEX queue_ticket_owner_idx ON queue_ticket (owner, id);
-- The recent rate of places freed (the estimated wait).
CREATE INDEX queue_ticket_freed_idx ON queue_ticket (showtime_id, ended_at) WHERE admitted_at IS NOT NULL;

CREATE SEQUENCE queue_announcement_seq;

-- One ticket's place in its line, for the functions below to return.
CREATE FUNCTION bo_queue_status_of(p_ticket bigint)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    q       queue_ticket%ROWTYPE;
    v_now   timestamptz := clock_timestamp();
    v_freed integer;
    v_first timestamptz;
BEGIN
    SELECT * INTO q FROM queue_ticket t WHERE t.id = p_ticket;
    ticket := q.id;
    showtime_id := q.showtime_id;
    state := q.state;
    counter := q.counter;
    reason := q.reason;
    db_now := v_now;
    admitted_until := CASE WHEN q.state = 'ADMITTED' THEN q.admitted_until END;
    SELECT coalesce(st.queue_capacity, se.queue_capacity) INTO capacity
      FROM showtime st CROSS JOIN settings se WHERE st.id = q.showtime_id;
    SELECT count(*) FILTER (WHERE t.state = 'WAITING'),
           count(*) FILTER (WHERE t.state = 'WAITING' AND t.id <= q.id)
      INTO waiting, "position"
      FROM queue_ticket t
     WHERE t.showtime_id = q.showtime_id AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
    IF q.state <> 'WAITING' THEN
        "position" := NULL;
    ELSE
        -- The places freed in the last five minutes, as a rate since the first of them (at least
        -- 30 s, so one sale ending a moment ago does not promise a wait of seconds).
        SELECT count(*), min(t.ended_at) INTO v_freed, v_first
          FROM queue_ticket t
         WHERE t.showtime_id = q.showtime_id AND t.admitted_at IS NOT NULL
           AND t.ended_at >= v_now - interval '5 minutes';
        IF v_freed > 0 THEN
            eta_s := ceil("position" * greatest(extract(epoch FROM v_now - v_first), 30) / v_freed);
        END IF;
    END IF;
    RETURN NEXT;
END $$;

-- Moves the line of one showtime; the caller holds the line's lock. Announces when anything
-- changed or when `p_changed` says the caller changed it (a join, a leave, a new capacity).
CREATE FUNCTION bo_queue_pass(p_showtime integer, p_changed boolean)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_now      timestamptz := clock_timestamp();
    v_start    timestamptz := pg_postmaster_start_time();
    v_capacity integer;
    v_admit_s  integer;
    v_silent_s integer;
    v_moved    integer := 0;
    v_n        integer;
    v_admitted bigint[];
    v_waiting  integer;
    v_seq      bigint;
    v_from     integer;
BEGIN
    SELECT coalesce(st.queue_capacity, se.queue_capacity), se.queue_admission_s, se.queue_heartbeat_s
      INTO v_capacity, v_admit_s, v_silent_s
      FROM showtime st CROSS JOIN settings se WHERE st.id = p_showtime;

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

    -- A waiter silent for longer than the heartbeat limit has left.
    UPDATE queue_ticket q SET state = 'LEFT', ended_at = v_now, reason = 'silent'
     WHERE q.showtime_id = p_showtime AND q.state = 'WAITING'
       AND greatest(q.seen_at, v_start) < v_now - make_interval(secs => v_silent_s);
    GET DIAGNOSTICS v_n = ROW_COUNT;
    v_moved := v_moved + v_n;

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

    IF NOT (p_changed OR v_moved > 0 OR v_admitted IS NOT NULL) THEN
        RETURN;
    END IF;
    SELECT count(*) INTO v_waiting FROM queue_ticket q WHERE q.showtime_id = p_showtime AND q.state = 'WAITING';
    v_from := 1;
    LOOP
        v_seq := nextval('queue_announcement_seq');
        PERFORM bo_announce('bo_queue', p_showtime::text || '|' || v_seq::text || '|' || v_waiting::text || '|'
                                      || coalesce(array_to_string(v_admitted[v_from:v_from + 399], ','), ''));
        v_from := v_from + 400;
        EXIT WHEN v_from > coalesce(cardinality(v_admitted), 0);
    END LOOP;
END $$;

-- Joins the line of a showtime (or, for a token already in it, says where it stands and counts as
-- a heartbeat). Below capacity, and for a counter till, the ticket is admitted in this call.
CREATE FUNCTION bo_queue_join(p_showtime integer, p_owner uuid, p_counter boolean DEFAULT false)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
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
    v_now := clock_timestamp();
    UPDATE queue_ticket t SET seen_at = v_now
     WHERE t.owner = p_owner AND t.showtime_id = p_showtime AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE')
    RETURNING t.id INTO v_ticket;
    IF v_ticket IS NULL THEN
        INSERT INTO queue_ticket (showtime_id, owner, counter, state, joined_at, seen_at, admitted_at, admitted_until)
        SELECT p_showtime, p_owner, coalesce(p_counter, false),
               CASE WHEN p_counter THEN 'ADMITTED' ELSE 'WAITING' END, v_now, v_now,
               CASE WHEN p_counter THEN v_now END,
               CASE WHEN p_counter THEN v_now + make_interval(secs => se.queue_admission_s) END
          FROM settings se
        RETURNING id INTO v_ticket;
    END IF;
    PERFORM bo_queue_pass(p_showtime, true);
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $$;

-- The token's ticket as it stands (the live one, else the latest); a live one is marked seen and
-- the line moved first. BO404 when the token never joined a line.
CREATE FUNCTION bo_queue_heartbeat(p_owner uuid)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
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
        UPDATE queue_ticket t SET seen_at = clock_timestamp()
         WHERE t.id = v_ticket AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
        PERFORM bo_queue_pass(v_showtime, false);
    END IF;
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $$;

-- Leaves the line, or ends the sale's place (its terminal is done with it). Leaving again answers
-- as the first time; BO404 when the token never joined a line.
CREATE FUNCTION bo_queue_leave(p_owner uuid)
RETURNS TABLE (ticket bigint, showtime_id integer, state text, counter boolean, "position" integer,
               waiting integer, capacity integer, eta_s integer, admitted_until timestamptz, reason text,
               db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
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
        UPDATE queue_ticket t
           SET state = CASE WHEN t.state = 'ACTIVE' THEN 'DONE' ELSE 'LEFT' END,
               ended_at = clock_timestamp(), reason = 'left'
         WHERE t.id = v_ticket AND t.state IN ('WAITING', 'ADMITTED', 'ACTIVE');
        PERFORM bo_queue_pass(v_showtime, true);
    END IF;
    RETURN QUERY SELECT * FROM bo_queue_status_of(v_ticket);
END $$;

-- A manager sets a showtime's capacity (NULL: the setting's); the line moves at once.
CREATE FUNCTION bo_queue_set_capacity(p_showtime integer, p_capacity integer)
RETURNS TABLE (showtime_id integer, override integer, capacity integer, waiting integer, occupied integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

-- The live tickets of a showtime's line in order (no tokens: a token is a sale's authority).
CREATE FUNCTION bo_queue_line(p_showtime integer)
RETURNS TABLE (ticket bigint, state text, counter boolean, "position" integer, joined_at timestamptz,
               seen_at timestamptz, admitted_until timestamptz, capacity integer, db_now timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

-- bo_hold as 0009 wrote it and 0013 made it announce (bo_announce), with the admission check (see the head of this file).
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
    SELECT (SELECT req.seats FROM req) AS seats, cfg.on_sale, cfg.cutoff, cfg.max_seats, cfg.ttl, cfg.selection_ttl,
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

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it (bo_hold keeps 0008's exception: it sets and clears the flag itself).
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

-- A call waits its turn at the line lock for as long as its statement may run: the lock is held
-- only for one short call, never across a customer's think time, and a burst of joins (the
-- crowd the queue is for) must queue there, not fail with the session's 3 s lock_timeout that
-- is meant for row locks of sales. statement_timeout still bounds every wait.
ALTER FUNCTION bo_queue_join(integer, uuid, boolean) SET lock_timeout = 0;
ALTER FUNCTION bo_queue_heartbeat(uuid) SET lock_timeout = 0;
ALTER FUNCTION bo_queue_leave(uuid) SET lock_timeout = 0;
ALTER FUNCTION bo_queue_set_capacity(integer, integer) SET lock_timeout = 0;

REVOKE ALL ON queue_ticket FROM PUBLIC;
REVOKE ALL ON SEQUENCE queue_announcement_seq FROM PUBLIC;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
-- Waiting terminals and tills join, heartbeat and leave; the board counts the waiting (no tokens).
GRANT EXECUTE ON FUNCTION bo_queue_join(integer, uuid, boolean), bo_queue_heartbeat(uuid), bo_queue_leave(uuid),
    bo_queue_line(integer)
   TO boxoffice_terminal, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_queue_set_capacity(integer, integer) TO boxoffice_manager;
GRANT SELECT (id, showtime_id, state, counter) ON queue_ticket TO boxoffice_terminal, boxoffice_manager;
