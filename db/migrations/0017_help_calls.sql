-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Call for help from a self-service kiosk (issue 14, "Accessibility"; docs/DECISIONS.md "Help
-- calls"). A kiosk calls (bo_help_call), every counter till that shows the board hears of it at
-- once through the announcer (0013, channel 'bo_help'), one till answers "on my way"
-- (bo_help_answer: the first answer wins, a later one is told who was first) and the kiosk hears
-- the answer the same way. The kiosk closes its call when the customer is helped or leaves; a
-- till may close it too (bo_help_close). A till that starts or reconnects reads the calls not
-- closed (bo_help_calls).
--
-- * One call per kiosk at a time: calling again while a call of that kiosk is not closed returns
--   that call (announced again, so a till that missed it sees it), never a second one.
-- * The payload is the call as JSON (id, kiosk, state, called_at, answered_by, answered_at): a
--   till shows the kiosk's name without reading the table. Two identical payloads in one
--   announcer batch arrive once (0013), which is right: they say the same thing.
-- * Kiosk and till names are what the programs call themselves (their terminal names in the
--   settings); the logins that acted are stored beside them (session_user).
-- * Calls older than a day that nobody closed are closed by the next call of any kiosk, so a
--   kiosk that died with an open call does not ring on every till's board forever.

CREATE TABLE help_call (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kiosk          text NOT NULL CHECK (length(kiosk) BETWEEN 1 AND 100),
    kiosk_login    text NOT NULL DEFAULT session_user,
    called_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    state          text NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'ANSWERED', 'CLOSED')),
    answered_by    text CHECK (length(answered_by) BETWEEN 1 AND 100),
    answered_login text,
    answered_at    timestamptz,
    closed_at      timestamptz,
    closed_by      text,
    CHECK ((answered_at IS NULL) = (answered_by IS NULL)),
    CHECK (state <> 'ANSWERED' OR answered_at IS NOT NULL),
    CHECK ((state = 'CLOSED') = (closed_at IS NOT NULL))
);
CREATE UNIQUE INDEX help_call_one_per_kiosk_idx ON help_call (kiosk) WHERE state <> 'CLOSED';
REVOKE ALL ON help_call FROM PUBLIC;

-- The call as its announcement and the functions return it.
CREATE FUNCTION bo_help_payload(p_call help_call) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT json_build_object('id', p_call.id, 'kiosk', p_call.kiosk, 'state', p_call.state,
                             'called_at', p_call.called_at, 'answered_by', p_call.answered_by,
                             'answered_at', p_call.answered_at)::text
$$;

-- A kiosk calls for help; returns its call (the open one of this kiosk if there is one).
CREATE FUNCTION bo_help_call(p_kiosk text)
RETURNS TABLE (call_id bigint, kiosk text, state text, called_at timestamptz, answered_by text,
               answered_at timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

-- A till answers "on my way". answered: whether this answer is the one that counts (false: the
-- call was answered already, answered_by says by whom, or it was closed).
CREATE FUNCTION bo_help_answer(p_call bigint, p_till text)
RETURNS TABLE (answered boolean, call_id bigint, kiosk text, state text, called_at timestamptz,
               answered_by text, answered_at timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
        RAISE EXCEPTION 'help call % does not exist', p_call USING ERRCODE = 'BO404';
    END IF;
    RETURN QUERY SELECT false, v_call.id, v_call.kiosk, v_call.state, v_call.called_at,
                        v_call.answered_by, v_call.answered_at;
END $$;

-- The kiosk (customer helped or gone) or a till closes a call; closing a closed call is a no-op.
CREATE FUNCTION bo_help_close(p_call bigint)
RETURNS TABLE (call_id bigint, kiosk text, state text, called_at timestamptz, answered_by text,
               answered_at timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
            RAISE EXCEPTION 'help call % does not exist', p_call USING ERRCODE = 'BO404';
        END IF;
    END IF;
    RETURN QUERY SELECT v_call.id, v_call.kiosk, v_call.state, v_call.called_at, v_call.answered_by,
                        v_call.answered_at;
END $$;

-- The calls not closed, oldest first (a till's board at start and after a reconnect).
CREATE FUNCTION bo_help_calls()
RETURNS TABLE (call_id bigint, kiosk text, state text, called_at timestamptz, answered_by text,
               answered_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT h.id, h.kiosk, h.state, h.called_at, h.answered_by, h.answered_at FROM help_call h
     WHERE h.state <> 'CLOSED' AND h.called_at >= clock_timestamp() - interval '1 day'
     ORDER BY h.id
$$;

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it.
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND p.proname LIKE 'bo\_help\_%'
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_help_payload(help_call), bo_help_call(text), bo_help_answer(bigint, text),
    bo_help_close(bigint), bo_help_calls() FROM PUBLIC;
-- Kiosks call and close; tills answer, close and read the board: both are terminal logins.
GRANT EXECUTE ON FUNCTION bo_help_call(text), bo_help_answer(bigint, text), bo_help_close(bigint),
    bo_help_calls() TO boxoffice_terminal, boxoffice_manager;
