-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Announcements off the commit path (issue 12, part 2; measured in docs/BENCHMARKS.md,
-- "Announcements off the commit path").
--
-- Until now every seat change called pg_notify in its own transaction. PostgreSQL serialises the
-- commits of all notifying transactions of the cluster on one lock (the NOTIFY queue's), and at 32
-- busy clients most of a hold's wall time was spent queueing for it (pg_stat_activity:
-- Lock:object in about 90 % of samples). Now a change is written as a row of the unlogged table
-- `announcement` in the changing transaction, and one elected announcer (DESIGN §3) moves the
-- rows to NOTIFY every few milliseconds, in one transaction per batch: one commit through the
-- NOTIFY lock per batch instead of one per hold.
--
-- * `bo_announce(channel, payload)` has pg_notify's signature and takes its place in every
--   function (rewritten below from the installed definitions, every other word unchanged) and in
--   the seat-change trigger. Other features announce through it too (queue, check-ins).
-- * `announcement` is UNLOGGED: no WAL for an announcement. After a crash of the server it is
--   empty, as NOTIFY's own queue would be; every terminal has lost its connection then and reloads
--   what it shows. A standby never reads it (the announcer runs on the primary).
-- * Order: rows are numbered as they are written. Two transactions that change one seat are
--   serialised by the seat's row lock, and the second writes its row after it got the lock, that
--   is after the first committed: its number is higher and no batch holds it without the first.
--   The publisher sends a showtime's seat changes of one batch in that order, as one payload
--   (chunked below NOTIFY's 8000 bytes), so a terminal applies them in the order they happened.
-- * NOTIFY drops a payload identical to one sent earlier in the same transaction. When a
--   showtime's batch needs several chunks, each ends with a token "#<first row>.<chunk>" that
--   parsers skip (not a seat status letter), so no two of them are equal. For other channels identical payloads of one batch arrive once: their
--   payloads must say "this changed, read again", which they do.
-- * Leadership: the announcer that holds the session advisory lock 4778125971265110561
--   ('BOANNOUN') publishes; the others try again every second. The publishing function itself
--   takes a transaction lock (…562) so that two publishers at once (a leader whose session was
--   re-opened while a new one took over) never wait on each other.

CREATE UNLOGGED TABLE announcement (
    id      bigint GENERATED ALWAYS AS IDENTITY,
    channel text NOT NULL,
    payload text NOT NULL
) WITH (autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_scale_factor = 0,
        autovacuum_vacuum_insert_threshold = 2000, autovacuum_vacuum_insert_scale_factor = 0);
REVOKE ALL ON announcement FROM PUBLIC;

-- Called inside SECURITY DEFINER functions and the trigger (both run as the owner); nobody else
-- may write announcements. plpgsql keeps the insert's plan for the session.
CREATE FUNCTION bo_announce(p_channel text, p_payload text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF octet_length(p_payload) >= 8000 THEN
        RAISE EXCEPTION 'announcement on % too long (% bytes)', p_channel, octet_length(p_payload)
            USING ERRCODE = 'BO400';
    END IF;
    INSERT INTO public.announcement (channel, payload) VALUES (p_channel, p_payload);
END $$;
REVOKE EXECUTE ON FUNCTION bo_announce(text, text) FROM PUBLIC;

-- Every function that announced with pg_notify now announces with bo_announce: the installed
-- definition (with its SECURITY DEFINER, SET clauses and body) re-created with that one change.
DO $$
DECLARE
    r     record;
    v_def text;
BEGIN
    FOR r IN
        SELECT p.oid FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
           AND p.prosrc LIKE '%pg\_notify(%'
    LOOP
        v_def := replace(pg_get_functiondef(r.oid), 'pg_notify(', 'bo_announce(');
        EXECUTE v_def;
    END LOOP;
END $$;
-- The trigger function runs as whoever changed a seat (a manager's UPDATE): as the owner now.
ALTER FUNCTION bo_notify_seat_changes() SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;

-- Moves every committed announcement to NOTIFY, oldest first, in one transaction. Returns how many
-- notifications it sent, or -1 when another publisher is at work (then it did nothing).
CREATE FUNCTION bo_publish_announcements() RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    r       record;
    v_body  text;
    v_cut   integer;
    v_part  integer;
    v_sent  integer := 0;
    v_ignore text;
BEGIN
    IF NOT pg_try_advisory_xact_lock(4778125971265110562) THEN
        RETURN -1;
    END IF;
    -- The rows are unlogged, so waiting for this commit's WAL flush protects nothing: when the
    -- call is a transaction of its own (the announcer's), it commits asynchronously, as a hold
    -- does (0005, defect 10: never inside a transaction someone else opened).
    IF pg_current_xact_id_if_assigned() IS NULL THEN
        v_ignore := set_config('synchronous_commit', 'off', true);
    END IF;
    FOR r IN
        WITH gone AS (DELETE FROM announcement RETURNING id, channel, payload)
        SELECT g.channel,
               min(g.id) AS first_id,
               CASE WHEN g.channel = 'bo_seats' THEN split_part(min(g.payload), '|', 1) END AS showtime,
               CASE WHEN g.channel = 'bo_seats'
                    THEN string_agg(substr(g.payload, strpos(g.payload, '|') + 1), ',' ORDER BY g.id)
                    ELSE min(g.payload) END AS body
          FROM gone g
         GROUP BY g.channel,
                  CASE WHEN g.channel = 'bo_seats' THEN split_part(g.payload, '|', 1) ELSE g.id::text END
         ORDER BY min(g.id)
    LOOP
        IF r.channel <> 'bo_seats' THEN
            PERFORM pg_notify(r.channel, r.body);
            v_sent := v_sent + 1;
            CONTINUE;
        END IF;
        IF octet_length(r.body) <= 7600 THEN
            PERFORM pg_notify('bo_seats', r.showtime || '|' || r.body);
            v_sent := v_sent + 1;
            CONTINUE;
        END IF;
        v_body := r.body;
        v_part := 0;
        LOOP
            IF octet_length(v_body) <= 7600 THEN
                PERFORM pg_notify('bo_seats', r.showtime || '|' || v_body || ',#' || r.first_id || '.' || v_part);
                v_sent := v_sent + 1;
                EXIT;
            END IF;
            -- Cut at the last comma of the first 7600 bytes (seat entries are ASCII, a few bytes).
            v_cut := 7600 - position(',' IN reverse(left(v_body, 7600)));
            PERFORM pg_notify('bo_seats', r.showtime || '|' || left(v_body, v_cut) || ',#' || r.first_id || '.' || v_part);
            v_sent := v_sent + 1;
            v_body := substr(v_body, v_cut + 2);
            v_part := v_part + 1;
        END LOOP;
    END LOOP;
    RETURN v_sent;
END $$;

-- Announcer leadership, as the payment reconciler's (0010): taking the lock again in the session
-- that holds it keeps one hold, so step_down always gives it up.
CREATE FUNCTION bo_announcer_leads() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.pid = pg_backend_pid() AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265110561 >> 32)::oid
                      AND l.objid = (4778125971265110561 & 4294967295)::oid AND l.objsubid = 1)
$$;

CREATE FUNCTION bo_announcer_try_lead() RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RETURN bo_announcer_leads() OR pg_try_advisory_lock(4778125971265110561);
END $$;

CREATE FUNCTION bo_announcer_step_down() RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_held boolean := false;
BEGIN
    FOR i IN 1..100 LOOP
        EXIT WHEN NOT bo_announcer_leads();
        v_held := pg_advisory_unlock(4778125971265110561) OR v_held;
    END LOOP;
    RETURN v_held;
END $$;

-- As migration 0006 does for every function: the announcement flag off on entry where this
-- migration may pin it.
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND (p.proname LIKE 'bo\_announcer\_%' OR p.proname = 'bo_publish_announcements')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

-- Nothing may announce past the queue any more.
DO $$
DECLARE
    v_left text;
BEGIN
    SELECT string_agg(p.proname, ', ') INTO v_left FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
       AND p.prosrc LIKE '%pg\_notify(%' AND p.proname <> 'bo_publish_announcements';
    IF v_left IS NOT NULL THEN
        RAISE EXCEPTION 'functions still calling pg_notify: %', v_left;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_publish_announcements(), bo_announcer_leads(), bo_announcer_try_lead(),
    bo_announcer_step_down() FROM PUBLIC;
-- Every terminal and manager program may be the announcer.
GRANT EXECUTE ON FUNCTION bo_publish_announcements(), bo_announcer_try_lead(), bo_announcer_step_down()
   TO boxoffice_terminal, boxoffice_manager;
