-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Seat-change announcements and the announcer's lead.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_announce(p_channel text, p_payload text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF octet_length(p_payload) >= 8000 THEN
        RAISE EXCEPTION 'announcement on % too long (% bytes)', p_channel, octet_length(p_payload)
            USING ERRCODE = 'BO400';
    END IF;
    INSERT INTO public.announcement (channel, payload) VALUES (p_channel, p_payload);
END $function$;

CREATE OR REPLACE FUNCTION public.bo_publish_announcements()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_announcer_leads()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.pid = pg_backend_pid() AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265110561 >> 32)::oid
                      AND l.objid = (4778125971265110561 & 4294967295)::oid AND l.objsubid = 1)
$function$;

CREATE OR REPLACE FUNCTION public.bo_announcer_try_lead()
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    RETURN bo_announcer_leads() OR pg_try_advisory_lock(4778125971265110561);
END $function$;

CREATE OR REPLACE FUNCTION public.bo_announcer_step_down()
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_held boolean := false;
BEGIN
    FOR i IN 1..100 LOOP
        EXIT WHEN NOT bo_announcer_leads();
        v_held := pg_advisory_unlock(4778125971265110561) OR v_held;
    END LOOP;
    RETURN v_held;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_announcer_led()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265110561 >> 32)::oid
                      AND l.objid = (4778125971265110561 & 4294967295)::oid AND l.objsubid = 1)
$function$;
