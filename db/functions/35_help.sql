-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Help calls from kiosks to staff.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_help_payload(p_call help_call)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT json_build_object('id', p_call.id, 'kiosk', p_call.kiosk, 'state', p_call.state,
                             'called_at', p_call.called_at, 'answered_by', p_call.answered_by,
                             'answered_at', p_call.answered_at)::text
$function$;

CREATE OR REPLACE FUNCTION public.bo_help_call(p_kiosk text)
 RETURNS TABLE(call_id bigint, kiosk text, state text, called_at timestamp with time zone, answered_by text, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_call help_call;
BEGIN
    IF p_kiosk IS NULL OR length(btrim(p_kiosk)) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a help call needs the kiosk''s name (1 to 100 characters)' USING ERRCODE = 'BO400';
    END IF;
    UPDATE help_call h SET state = 'CLOSED', closed_at = clock_timestamp(), closed_by = 'stale'
     WHERE h.state <> 'CLOSED' AND h.called_at < clock_timestamp() - interval '1 day';
    SELECT * INTO v_call FROM help_call h WHERE h.kiosk = p_kiosk AND h.state <> 'CLOSED';
    IF NOT FOUND THEN
        BEGIN
            INSERT INTO help_call (kiosk) VALUES (p_kiosk) RETURNING * INTO v_call;
        EXCEPTION WHEN unique_violation THEN
            -- The same kiosk called twice at the same instant: the other call stands.
            SELECT * INTO v_call FROM help_call h WHERE h.kiosk = p_kiosk AND h.state <> 'CLOSED';
        END;
    END IF;
    PERFORM bo_announce('bo_help', bo_help_payload(v_call));
    RETURN QUERY SELECT v_call.id, v_call.kiosk, v_call.state, v_call.called_at, v_call.answered_by,
                        v_call.answered_at;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_help_answer(p_call bigint, p_till text)
 RETURNS TABLE(answered boolean, call_id bigint, kiosk text, state text, called_at timestamp with time zone, answered_by text, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_call help_call;
BEGIN
    IF p_till IS NULL OR length(btrim(p_till)) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'an answer needs the till''s name (1 to 100 characters)' USING ERRCODE = 'BO400';
    END IF;
    -- Two tills at once: the second waits for the first's row lock, then finds the call answered.
    UPDATE help_call h SET state = 'ANSWERED', answered_by = p_till, answered_login = session_user,
                           answered_at = clock_timestamp()
     WHERE h.id = p_call AND h.state = 'OPEN'
    RETURNING * INTO v_call;
    IF FOUND THEN
        PERFORM bo_announce('bo_help', bo_help_payload(v_call));
        RETURN QUERY SELECT true, v_call.id, v_call.kiosk, v_call.state, v_call.called_at,
                            v_call.answered_by, v_call.answered_at;
        RETURN;
    END IF;
    SELECT * INTO v_call FROM help_call h WHERE h.id = p_call;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'help call % does not exist', p_call USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-help-call', p_call);
    END IF;
    RETURN QUERY SELECT false, v_call.id, v_call.kiosk, v_call.state, v_call.called_at,
                        v_call.answered_by, v_call.answered_at;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_help_close(p_call bigint)
 RETURNS TABLE(call_id bigint, kiosk text, state text, called_at timestamp with time zone, answered_by text, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_call help_call;
BEGIN
    UPDATE help_call h SET state = 'CLOSED', closed_at = clock_timestamp(), closed_by = session_user
     WHERE h.id = p_call AND h.state <> 'CLOSED'
    RETURNING * INTO v_call;
    IF FOUND THEN
        PERFORM bo_announce('bo_help', bo_help_payload(v_call));
    ELSE
        SELECT * INTO v_call FROM help_call h WHERE h.id = p_call;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'help call % does not exist', p_call USING ERRCODE = 'BO404',
                HINT = 'refusal: ' || json_build_array('no-such-help-call', p_call);
        END IF;
    END IF;
    RETURN QUERY SELECT v_call.id, v_call.kiosk, v_call.state, v_call.called_at, v_call.answered_by,
                        v_call.answered_at;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_help_calls()
 RETURNS TABLE(call_id bigint, kiosk text, state text, called_at timestamp with time zone, answered_by text, answered_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT h.id, h.kiosk, h.state, h.called_at, h.answered_by, h.answered_at FROM help_call h
     WHERE h.state <> 'CLOSED' AND h.called_at >= clock_timestamp() - interval '1 day'
     ORDER BY h.id
$function$;
