-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Staff, PINs, till sign-in and the audit log.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_audit_keep()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    RAISE EXCEPTION '% is the audit log: % is refused', TG_TABLE_NAME, lower(TG_OP) USING ERRCODE = '42501';
END $function$;

CREATE OR REPLACE FUNCTION public.bo_audit_line(p_seq bigint, p_at timestamp with time zone, p_login text, p_terminal text, p_staff integer, p_action text, p_subject text, p_before jsonb, p_after jsonb)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT convert_to(string_agg(CASE WHEN f IS NULL THEN '~;' ELSE octet_length(f) || ':' || f || ';' END, ''
                                 ORDER BY n), 'UTF8')
      FROM unnest(ARRAY[p_seq::text, ((extract(epoch FROM p_at) * 1000000)::bigint)::text, p_login, p_terminal,
                        p_staff::text, p_action, p_subject, p_before::text, p_after::text]) WITH ORDINALITY AS t (f, n)
$function$;

CREATE OR REPLACE FUNCTION public.bo_audit_chain_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_pos  bigint;
    v_prev bytea;
    v_hash bytea;
BEGIN
    -- The one row every chaining transaction updates: waiting here orders the chain.
    UPDATE audit_head h SET pos = h.pos + 1 WHERE h.id RETURNING h.pos, h.hash INTO v_pos, v_prev;
    v_hash := sha256(v_prev || bo_audit_line(NEW.seq, NEW.at, NEW.login, NEW.terminal, NEW.staff_id, NEW.action,
                                             NEW.subject, NEW.before, NEW.after));
    UPDATE audit_head h SET hash = v_hash WHERE h.id;
    INSERT INTO audit_chain (pos, seq, hash) VALUES (v_pos, NEW.seq, v_hash);
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_staff_acting(p_terminal_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_named text := nullif(current_setting('bo.staff', true), '');
    v_staff integer;
BEGIN
    -- bo.staff names who acts only for a manager's login (its pages name the member whose
    -- manager's PIN opened them; that login may set any member's PIN anyway). Any other login can
    -- set the setting too: a terminal's work is attributed to the member signed in at its own
    -- till, never to whom it names (docs/SECURITY.md, finding 2).
    IF v_named IS NOT NULL AND v_named ~ '^[0-9]{1,9}$' AND bo_terminal_kind() IN ('manager', 'owner') THEN
        SELECT s.id INTO v_staff FROM staff s WHERE s.id = v_named::integer AND s.disabled_at IS NULL;
        RETURN v_staff;
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        SELECT t.staff_id INTO v_staff FROM till_session t WHERE t.terminal_id = p_terminal_id;
    END IF;
    RETURN v_staff;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_audit_slim(p_row jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT coalesce(jsonb_object_agg(e.key, CASE WHEN octet_length(e.value::text) > 2000
        THEN jsonb_build_object('sha256', encode(sha256(convert_to(e.value::text, 'UTF8')), 'hex'),
                                'bytes', octet_length(e.value::text))
        ELSE e.value END), '{}'::jsonb)
      FROM jsonb_each(p_row) e
$function$;

CREATE OR REPLACE FUNCTION public.bo_audit_record(p_action text, p_subject text, p_before jsonb, p_after jsonb, p_terminal text DEFAULT NULL::text, p_staff integer DEFAULT NULL::integer)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_seq bigint;
BEGIN
    INSERT INTO audit_log (terminal, staff_id, action, subject, before, after)
    VALUES (coalesce(p_terminal, nullif(current_setting('bo.terminal', true), ''),
                     nullif(current_setting('application_name'), '')),
            coalesce(p_staff, bo_staff_acting(NULL)), p_action, p_subject, p_before, p_after)
    RETURNING seq INTO v_seq;
    RETURN v_seq;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_audit_table_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_before jsonb;
    v_after  jsonb;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        SELECT jsonb_agg(bo_audit_slim(to_jsonb(o))) INTO v_before FROM old_rows o;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        SELECT jsonb_agg(bo_audit_slim(to_jsonb(n))) INTO v_after FROM new_rows n;
    END IF;
    IF v_before IS NULL AND v_after IS NULL THEN
        RETURN NULL; -- the statement changed no row
    END IF;
    IF TG_OP = 'UPDATE' AND v_before = v_after THEN
        RETURN NULL; -- nothing changed but the lock
    END IF;
    PERFORM bo_audit_record(TG_TABLE_NAME || '.' || lower(TG_OP),
                            CASE WHEN jsonb_array_length(coalesce(v_after, v_before)) = 1
                                 THEN coalesce(v_after, v_before) -> 0 ->> 'id' END,
                            v_before, v_after);
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_audit_payment_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_intent payment_intent%ROWTYPE;
BEGIN
    SELECT * INTO v_intent FROM payment_intent p WHERE p.key = NEW.key;
    PERFORM bo_audit_record('payment.' || lower(NEW.to_state), v_intent.booking_code,
        jsonb_build_object('state', NEW.from_state),
        jsonb_build_object('state', NEW.to_state, 'key', NEW.key, 'method', v_intent.method,
                           'amount_minor', v_intent.amount_minor, 'currency', v_intent.currency,
                           'tendered_minor', v_intent.tendered_minor, 'change_minor', v_intent.change_minor,
                           'gateway_ref', v_intent.gateway_ref, 'showtime', v_intent.showtime_id),
        v_intent.terminal, coalesce(v_intent.staff_id, bo_staff_acting(v_intent.terminal_id)));
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_audit_booking_closed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    PERFORM bo_audit_record('booking.' || lower(NEW.status), NEW.code,
        jsonb_build_object('status', OLD.status, 'total_minor', OLD.total_minor),
        jsonb_build_object('status', NEW.status, 'showtime', NEW.showtime_id, 'currency', NEW.currency),
        NULL, bo_staff_acting(NULL));
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_stamp_staff()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF NEW.staff_id IS NULL THEN
        NEW.staff_id := bo_staff_acting(NEW.terminal_id);
    END IF;
    IF NEW.shift_id IS NULL AND NEW.terminal_id IS NOT NULL THEN
        SELECT s.id INTO NEW.shift_id FROM shift s WHERE s.terminal_id = NEW.terminal_id AND s.closed_at IS NULL;
    END IF;
    RETURN NEW;
END $function$;

-- PINs (docs/SECURITY.md). A PIN is 4 to 12 digits, kept as a bcrypt hash (pgcrypto's crypt(),
-- cost 10) that only the owner reads. The hash is made here, from the PIN the manager's client
-- sends, so no client ever holds one.
CREATE OR REPLACE FUNCTION public.bo_staff_pin_hash(p_pin text)
 RETURNS text
 LANGUAGE plpgsql
 VOLATILE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_pin IS NULL OR p_pin !~ '^[0-9]{4,12}$' THEN
        RAISE EXCEPTION 'a PIN is 4 to 12 digits' USING ERRCODE = 'BO400';
    END IF;
    RETURN ext.crypt(p_pin, ext.gen_salt('bf', 10));
END $function$;

CREATE OR REPLACE FUNCTION public.bo_staff_add(p_name text, p_role text, p_pin text)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_id   integer;
    v_hash text;
BEGIN
    IF p_name IS NULL OR btrim(p_name) = '' OR length(btrim(p_name)) > 80 THEN
        RAISE EXCEPTION 'a member of staff needs a name of 1 to 80 characters' USING ERRCODE = 'BO400';
    END IF;
    IF p_role IS NULL OR p_role NOT IN ('cashier', 'supervisor', 'manager') THEN
        RAISE EXCEPTION 'role % is not one of cashier, supervisor, manager', coalesce(p_role, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    v_hash := bo_staff_pin_hash(p_pin);
    BEGIN
        INSERT INTO staff (name, role, pin_hash) VALUES (btrim(p_name), p_role, v_hash) RETURNING id INTO v_id;
    EXCEPTION WHEN unique_violation THEN
        RAISE EXCEPTION 'a member of staff is already called %', btrim(p_name) USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('staff-name-taken', btrim(p_name));
    END;
    PERFORM bo_audit_record('staff.add', v_id::text, NULL,
                            jsonb_build_object('id', v_id, 'name', btrim(p_name), 'role', p_role));
    RETURN v_id;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_staff_set_pin(p_staff integer, p_pin text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_hash text := bo_staff_pin_hash(p_pin);
BEGIN
    UPDATE staff s SET pin_hash = v_hash, failed_pins = 0, locked_at = NULL
     WHERE s.id = p_staff AND s.disabled_at IS NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no active member of staff %', p_staff USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-active-staff', p_staff);
    END IF;
    PERFORM bo_audit_record('staff.pin_changed', p_staff::text, NULL, NULL);
END $function$;

-- A PIN typed at a terminal, checked here; step one of two. The attempt counts as a wrong PIN
-- the moment it is made, right or wrong, and it reveals nothing: whatever a caller can read
-- afterwards in the same transaction (the count, the lock, the till's member) is the same for a
-- right PIN as for a wrong one, so a caller who rolls the attempt back learns nothing either.
-- Its outcome is read with bo_staff_pin_outcome in a later transaction, once this one committed
-- the count; only then does a right PIN undo the count and sign in or approve. Every path costs
-- one bcrypt check, so the time taken does not tell an unknown member from a wrong PIN.
CREATE OR REPLACE FUNCTION public.bo_staff_pin_attempt(p_staff integer, p_pin text, p_purpose text, p_terminal text,
                                                       p_terminal_id uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_staff   staff%ROWTYPE;
    v_max     integer;
    v_outcome text;
    v_locked  boolean := false;
    v_id      bigint;
BEGIN
    IF p_purpose IS NULL OR p_purpose NOT IN ('sign_in', 'approve', 'manager') THEN
        RAISE EXCEPTION 'purpose % is not one of sign_in, approve, manager', coalesce(p_purpose, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a PIN attempt needs the terminal' USING ERRCODE = 'BO400';
    END IF;
    IF p_purpose = 'sign_in' AND p_terminal_id IS NULL THEN
        RAISE EXCEPTION 'signing in at a till needs the till''s id' USING ERRCODE = 'BO400';
    END IF;
    IF p_pin IS NULL OR p_pin !~ '^[0-9]{4,12}$' THEN
        RAISE EXCEPTION 'a PIN is 4 to 12 digits' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        PERFORM bo_terminal_claim(p_terminal_id);
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    -- A login tries at most 20 PINs in ten minutes, right ones whose outcome
    -- it read not counted: a stolen credential guesses slowly, and locks members out slowly. An
    -- attempt not yet read counts whatever its outcome, so a second attempt in the same
    -- transaction tells nothing about the first.
    IF (SELECT count(*) FROM staff_pin_attempt a
         WHERE a.login = session_user AND a.at > clock_timestamp() - interval '10 minutes'
           AND NOT (a.outcome = 'ok' AND a.read_at IS NOT NULL)) >= 20 THEN
        RAISE EXCEPTION 'too many PINs were tried at this terminal: wait ten minutes' USING ERRCODE = 'BO420';
    END IF;
    SELECT * INTO v_staff FROM staff s WHERE s.id = p_staff FOR UPDATE;
    v_outcome := CASE WHEN NOT FOUND THEN 'unknown' WHEN v_staff.disabled_at IS NOT NULL THEN 'disabled'
                      WHEN v_staff.locked_at IS NOT NULL THEN 'locked' WHEN v_staff.pin_hash IS NULL THEN 'no_pin' END;
    IF v_outcome IS NOT NULL THEN
        PERFORM ext.crypt(p_pin, ext.gen_salt('bf', 10));
    ELSE
        v_outcome := CASE WHEN ext.crypt(p_pin, v_staff.pin_hash) = v_staff.pin_hash THEN 'ok' ELSE 'wrong_pin' END;
        SELECT st.pin_max_failures INTO v_max FROM settings st;
        v_locked := v_staff.failed_pins + 1 >= v_max;
        UPDATE staff s SET failed_pins = s.failed_pins + 1, locked_at = CASE WHEN v_locked THEN now() END
         WHERE s.id = p_staff;
    END IF;
    INSERT INTO staff_pin_attempt (staff_id, purpose, outcome, locked_now, terminal, terminal_id)
    VALUES (p_staff, p_purpose, v_outcome, v_locked, p_terminal, p_terminal_id)
    RETURNING id INTO v_id;
    -- Attempts are answered within 30 seconds; the audit log keeps their outcomes.
    DELETE FROM staff_pin_attempt a WHERE a.at < clock_timestamp() - interval '1 day';
    RETURN v_id;
END $function$;

-- Step two: the outcome of an attempt this login made, read once, in a later transaction than
-- the attempt's, within 30 seconds. A right PIN then undoes the attempt's count (and the lock it
-- may have set), and signs the member in at the till, records the approval or the manager's
-- sign-in; a wrong one stays counted. Every outcome is in the audit log.
CREATE OR REPLACE FUNCTION public.bo_staff_pin_outcome(p_attempt bigint)
 RETURNS TABLE(outcome text, name text, role text, failures_left integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_try   staff_pin_attempt%ROWTYPE;
    v_staff staff%ROWTYPE;
    v_max   integer;
BEGIN
    SELECT * INTO v_try FROM staff_pin_attempt a WHERE a.id = p_attempt AND a.login = session_user FOR UPDATE;
    IF NOT FOUND OR v_try.read_at IS NOT NULL OR v_try.at < clock_timestamp() - interval '30 seconds' THEN
        RAISE EXCEPTION 'there is no PIN attempt % of this terminal to answer: type the PIN again', p_attempt
            USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-pin-attempt');
    END IF;
    IF v_try.made_in = pg_current_xact_id_if_assigned() THEN
        RAISE EXCEPTION 'a PIN''s outcome is read after its attempt was committed' USING ERRCODE = 'BO412';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    UPDATE staff_pin_attempt a SET read_at = clock_timestamp() WHERE a.id = p_attempt;
    SELECT * INTO v_staff FROM staff s WHERE s.id = v_try.staff_id FOR UPDATE;
    SELECT st.pin_max_failures INTO v_max FROM settings st;
    outcome := v_try.outcome;
    name := v_staff.name;
    role := v_staff.role;
    IF v_try.outcome = 'ok' THEN
        IF v_staff.disabled_at IS NOT NULL THEN
            outcome := 'disabled';
        ELSE
            UPDATE staff s SET failed_pins = 0,
                               locked_at = CASE WHEN v_try.locked_now THEN NULL ELSE s.locked_at END,
                               last_sign_in_at = CASE WHEN v_try.purpose = 'approve' THEN s.last_sign_in_at ELSE now() END,
                               approved_at = CASE WHEN v_try.purpose = 'approve' THEN clock_timestamp() ELSE s.approved_at END,
                               approved_terminal = CASE WHEN v_try.purpose = 'approve' THEN v_try.terminal
                                                        ELSE s.approved_terminal END
             WHERE s.id = v_try.staff_id;
            IF v_try.purpose = 'sign_in' THEN
                INSERT INTO till_session AS t (terminal_id, terminal, staff_id)
                VALUES (v_try.terminal_id, v_try.terminal, v_try.staff_id)
                ON CONFLICT (terminal_id) DO UPDATE
                    SET terminal = EXCLUDED.terminal, staff_id = EXCLUDED.staff_id, signed_in_at = now(),
                        locked_at = NULL;
            END IF;
            PERFORM bo_audit_record(CASE v_try.purpose WHEN 'approve' THEN 'staff.approve' ELSE 'staff.' || v_try.purpose END,
                                    v_try.staff_id::text, NULL, jsonb_build_object('role', v_staff.role),
                                    v_try.terminal, v_try.staff_id);
        END IF;
    ELSIF v_try.outcome = 'wrong_pin' THEN
        PERFORM bo_audit_record('staff.pin_wrong', v_try.staff_id::text, NULL,
                                jsonb_build_object('purpose', v_try.purpose, 'failures', v_staff.failed_pins),
                                v_try.terminal, v_try.staff_id);
        IF v_try.locked_now THEN
            PERFORM bo_audit_record('staff.lockout', v_try.staff_id::text, NULL,
                                    jsonb_build_object('failures', v_staff.failed_pins), v_try.terminal, v_try.staff_id);
            outcome := 'locked';
        END IF;
    ELSIF v_try.outcome = 'locked' THEN
        PERFORM bo_audit_record('staff.refused_locked', v_try.staff_id::text, NULL,
                                jsonb_build_object('purpose', v_try.purpose), v_try.terminal, v_try.staff_id);
    END IF;
    failures_left := CASE WHEN outcome = 'wrong_pin' THEN greatest(v_max - v_staff.failed_pins, 0) END;
    IF outcome IN ('unknown') THEN
        name := NULL;
        role := NULL;
    END IF;
    RETURN NEXT;
END $function$;

-- Unlocks a locked member. `p_by` is a supervisor or manager whose PIN the server verified for
-- an approval at this till in the last two minutes (bo_approval_check); without one, only a
-- manager's own database login may unlock.
CREATE OR REPLACE FUNCTION public.bo_staff_unlock(p_staff integer, p_by integer, p_terminal text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_locked timestamptz;
BEGIN
    IF p_by IS NULL THEN
        IF NOT pg_has_role(session_user, 'boxoffice_manager', 'MEMBER') THEN
            RAISE EXCEPTION 'unlocking a member of staff needs a supervisor''s PIN' USING ERRCODE = '42501',
                HINT = 'refusal: ' || json_build_array('unlock-needs-supervisor');
        END IF;
    ELSE
        IF p_by = p_staff THEN
            RAISE EXCEPTION 'nobody unlocks themselves' USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('no-self-unlock');
        END IF;
        PERFORM bo_approval_check(p_by, p_terminal);
    END IF;
    SELECT s.locked_at INTO v_locked FROM staff s WHERE s.id = p_staff AND s.disabled_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no active member of staff %', p_staff USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-active-staff', p_staff);
    END IF;
    IF v_locked IS NULL THEN
        RETURN false;
    END IF;
    UPDATE staff s SET locked_at = NULL, failed_pins = 0 WHERE s.id = p_staff;
    PERFORM bo_audit_record('staff.unlock', p_staff::text, NULL, jsonb_build_object('by', p_by), p_terminal, p_by);
    RETURN true;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_staff_disable(p_staff integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_disabled timestamptz;
BEGIN
    SELECT s.disabled_at INTO v_disabled FROM staff s WHERE s.id = p_staff FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no member of staff %', p_staff USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-staff', p_staff);
    END IF;
    IF v_disabled IS NOT NULL THEN
        RETURN false;
    END IF;
    UPDATE staff s SET disabled_at = now() WHERE s.id = p_staff;
    DELETE FROM till_session t WHERE t.staff_id = p_staff;
    PERFORM bo_audit_record('staff.disable', p_staff::text, NULL, NULL);
    RETURN true;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_staff_list()
 RETURNS TABLE(id integer, name text, role text, active boolean, locked boolean, failed_pins integer, created_at timestamp with time zone, last_sign_in_at timestamp with time zone, has_pin boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT s.id, s.name, s.role, s.disabled_at IS NULL, s.locked_at IS NOT NULL, s.failed_pins, s.created_at,
           s.last_sign_in_at, s.pin_hash IS NOT NULL
      FROM staff s ORDER BY s.disabled_at IS NOT NULL, lower(s.name), s.id
$function$;

CREATE OR REPLACE FUNCTION public.bo_till_lock(p_terminal_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_session till_session%ROWTYPE;
BEGIN
    IF NOT bo_terminal_mine(p_terminal_id) THEN
        RETURN false;
    END IF;
    UPDATE till_session t SET locked_at = now() WHERE t.terminal_id = p_terminal_id AND t.locked_at IS NULL
    RETURNING * INTO v_session;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    PERFORM bo_audit_record('till.lock', v_session.staff_id::text, NULL, NULL, v_session.terminal, v_session.staff_id);
    RETURN true;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_till_sign_out(p_terminal_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_session till_session%ROWTYPE;
BEGIN
    IF NOT bo_terminal_mine(p_terminal_id) THEN
        RETURN false;
    END IF;
    DELETE FROM till_session t WHERE t.terminal_id = p_terminal_id RETURNING * INTO v_session;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    PERFORM bo_audit_record('till.sign_out', v_session.staff_id::text, NULL, NULL, v_session.terminal,
                            v_session.staff_id);
    RETURN true;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_till_staff(p_terminal_id uuid)
 RETURNS TABLE(staff_id integer, name text, role text, signed_in_at timestamp with time zone, locked boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT t.staff_id, s.name, s.role, t.signed_in_at, t.locked_at IS NOT NULL
      FROM till_session t JOIN staff s ON s.id = t.staff_id
     WHERE t.terminal_id = p_terminal_id AND bo_terminal_mine(p_terminal_id)
$function$;

CREATE OR REPLACE FUNCTION public.bo_audit_list(p_since timestamp with time zone, p_limit integer)
 RETURNS TABLE(seq bigint, at timestamp with time zone, login text, terminal text, staff_id integer, staff_name text, action text, subject text, before jsonb, after jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT a.seq, a.at, a.login, a.terminal, a.staff_id, s.name, a.action, a.subject, a.before, a.after
      FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id
     WHERE a.at >= coalesce(p_since, '-infinity')
     ORDER BY a.seq LIMIT least(greatest(coalesce(p_limit, 1000), 1), 100000)
$function$;

CREATE OR REPLACE FUNCTION public.bo_audit_chain_rows(p_from bigint, p_limit integer)
 RETURNS TABLE(pos bigint, seq bigint, at_us bigint, login text, terminal text, staff_id integer, action text, subject text, before text, after text, hash bytea, row_present boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT c.pos, coalesce(c.seq, a.seq), (extract(epoch FROM a.at) * 1000000)::bigint, a.login, a.terminal,
           a.staff_id, a.action, a.subject, a.before::text, a.after::text, c.hash, a.seq IS NOT NULL
      FROM audit_chain c FULL JOIN audit_log a ON a.seq = c.seq
     WHERE coalesce(c.pos, 9223372036854775807) >= coalesce(p_from, 1)
     ORDER BY c.pos NULLS LAST, a.seq
     LIMIT least(greatest(coalesce(p_limit, 10000), 1), 100000)
$function$;

CREATE OR REPLACE FUNCTION public.bo_audit_head()
 RETURNS TABLE(pos bigint, hash bytea)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT h.pos, h.hash FROM audit_head h
$function$;

CREATE OR REPLACE FUNCTION public.bo_till_member(p_terminal_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_staff  integer;
    v_locked timestamptz;
BEGIN
    IF p_terminal_id IS NULL THEN
        RAISE EXCEPTION 'the till''s id is missing' USING ERRCODE = 'BO400';
    END IF;
    SELECT t.staff_id, t.locked_at INTO v_staff, v_locked FROM till_session t
     WHERE t.terminal_id = p_terminal_id AND bo_terminal_mine(p_terminal_id);
    IF v_staff IS NULL THEN
        RAISE EXCEPTION 'nobody is signed in at this till' USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('nobody-signed-in');
    END IF;
    IF v_locked IS NOT NULL THEN
        RAISE EXCEPTION 'the till is locked: sign in again first' USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('till-locked');
    END IF;
    RETURN v_staff;
END $function$;
