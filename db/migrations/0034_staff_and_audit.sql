-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Staff, the tills' sign-in, and the append-only audit log (issue 16, parts 1 and 4;
-- docs/DECISIONS.md, "Staff sign in with a number and a PIN" and "The audit log's hash chain").
--
-- Staff
-- * A member of staff has a number (the id, typed at the keypad or picked from the names), a
--   name, a role (cashier < supervisor < manager) and a PIN kept as libsodium's Argon2id string
--   (crypto_pwhash_str). The PIN never reaches the server: the application hashes it and checks
--   it, the server keeps the count of wrong PINs and the lockout, so that a till cannot forget
--   them. After settings.pin_max_failures wrong PINs in a row the member is locked until a
--   supervisor or a manager unlocks them (bo_staff_unlock).
-- * A till's sign-in is kept here (till_session, by the terminal's permanent id): who sells at it,
--   and whether it is locked. Bookings and payment intents are stamped with the member signed in
--   at their terminal (staff_id) when they are made and when a booking is confirmed, by triggers,
--   so that every sale function keeps its signature.
--
-- Audit log
-- * audit_log takes one row per event: who (the database login, the member of staff when known),
--   when, which terminal, what (action, subject) and the before/after as jsonb. Rows come only
--   from triggers and from these functions (owner's rights); no role an application uses can
--   write, change or delete a row, and a trigger refuses UPDATE, DELETE and TRUNCATE even to the
--   owner.
-- * A hash chain proves nothing was removed: at commit (a deferred constraint trigger, so the
--   chain's one lock is the last a transaction takes and is held only through its commit) every
--   new row gets the next position in audit_chain with
--       hash(pos) = sha256(hash(pos - 1) || bo_audit_line(row))
--   (32 zero bytes before the first), and audit_head keeps the last position and hash. A row
--   taken out, changed or put in afterwards breaks the chain from that point; `boxoffice-admin
--   audit verify` recomputes it on the manager's side, independently of these functions.
-- * What is logged: money (a payment captured, voided or refunded), a booking cancelled or
--   refunded, every change to the catalogue's tables (films, halls and layouts, showtimes,
--   prices, seat blocks, settings: one row per statement and table, the rows before and after),
--   and the staff's events (added, PIN changed, disabled, signed in and out, wrong PIN, locked,
--   unlocked, approvals, till locked).

ALTER TABLE settings
    ADD COLUMN pin_max_failures integer NOT NULL DEFAULT 5 CHECK (pin_max_failures BETWEEN 3 AND 20);

CREATE TABLE staff (
    id              integer GENERATED ALWAYS AS IDENTITY (START WITH 101) PRIMARY KEY,
    name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 80 AND name = btrim(name)),
    role            text NOT NULL CHECK (role IN ('cashier', 'supervisor', 'manager')),
    pin_hash        text NOT NULL CHECK (pin_hash LIKE '$argon2id$%' AND length(pin_hash) <= 256),
    failed_pins     integer NOT NULL DEFAULT 0 CHECK (failed_pins >= 0),
    locked_at       timestamptz,
    disabled_at     timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    created_by      text NOT NULL DEFAULT session_user,
    last_sign_in_at timestamptz,
    -- The member's last approval (a supervisor's PIN for someone else's action) and where: a
    -- function that needs an approval (0036's refunds) accepts one given moments ago at that till.
    approved_at       timestamptz,
    approved_terminal text
);
-- Two active members never share a name (the CLI names them; the sign-in screen lists them).
CREATE UNIQUE INDEX staff_active_name_idx ON staff (lower(name)) WHERE disabled_at IS NULL;

CREATE TABLE till_session (
    terminal_id  uuid PRIMARY KEY,
    terminal     text NOT NULL CHECK (length(terminal) BETWEEN 1 AND 100),
    staff_id     integer NOT NULL REFERENCES staff (id),
    signed_in_at timestamptz NOT NULL DEFAULT now(),
    locked_at    timestamptz
);

ALTER TABLE booking ADD COLUMN staff_id integer REFERENCES staff (id);
ALTER TABLE payment_intent ADD COLUMN staff_id integer REFERENCES staff (id);

CREATE TABLE audit_log (
    seq      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    login    text NOT NULL DEFAULT session_user,
    terminal text,
    staff_id integer,
    action   text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
    subject  text,
    before   jsonb,
    after    jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at);

CREATE TABLE audit_chain (
    pos  bigint PRIMARY KEY CHECK (pos >= 1),
    seq  bigint NOT NULL UNIQUE,
    hash bytea NOT NULL CHECK (length(hash) = 32)
);

CREATE TABLE audit_head (
    id   boolean PRIMARY KEY DEFAULT true CHECK (id),
    pos  bigint NOT NULL CHECK (pos >= 0),
    hash bytea NOT NULL CHECK (length(hash) = 32)
);
INSERT INTO audit_head (pos, hash) VALUES (0, '\x0000000000000000000000000000000000000000000000000000000000000000');

CREATE FUNCTION bo_audit_keep() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RAISE EXCEPTION '% is the audit log: % is refused', TG_TABLE_NAME, lower(TG_OP) USING ERRCODE = '42501';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION bo_audit_keep();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION bo_audit_keep();
CREATE TRIGGER audit_chain_append_only BEFORE UPDATE OR DELETE ON audit_chain
    FOR EACH ROW EXECUTE FUNCTION bo_audit_keep();
CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON audit_chain
    FOR EACH STATEMENT EXECUTE FUNCTION bo_audit_keep();
CREATE TRIGGER audit_head_kept BEFORE DELETE ON audit_head
    FOR EACH ROW EXECUTE FUNCTION bo_audit_keep();
CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head
    FOR EACH STATEMENT EXECUTE FUNCTION bo_audit_keep();

-- The bytes a row is hashed as: each field as "<bytes>:<UTF-8 text>;", a NULL as "~;", in the
-- order seq, at (microseconds since 1970 UTC), login, terminal, staff, action, subject, before,
-- after (jsonb as text). app/admin/auditcommands.cpp builds the same bytes to verify.
CREATE FUNCTION bo_audit_line(p_seq bigint, p_at timestamptz, p_login text, p_terminal text, p_staff integer,
                              p_action text, p_subject text, p_before jsonb, p_after jsonb) RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT convert_to(string_agg(CASE WHEN f IS NULL THEN '~;' ELSE octet_length(f) || ':' || f || ';' END, ''
                                 ORDER BY n), 'UTF8')
      FROM unnest(ARRAY[p_seq::text, ((extract(epoch FROM p_at) * 1000000)::bigint)::text, p_login, p_terminal,
                        p_staff::text, p_action, p_subject, p_before::text, p_after::text]) WITH ORDINALITY AS t (f, n)
$$;

-- At commit, each new row takes the next place in the chain.
CREATE FUNCTION bo_audit_chain_row() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;
CREATE CONSTRAINT TRIGGER audit_log_chain AFTER INSERT ON audit_log
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bo_audit_chain_row();

-- The member of staff acting: the one a manager's program named for its session (bo.staff), else
-- the one signed in at the terminal.
CREATE FUNCTION bo_staff_acting(p_terminal_id uuid) RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_named text := nullif(current_setting('bo.staff', true), '');
    v_staff integer;
BEGIN
    IF v_named IS NOT NULL AND v_named ~ '^[0-9]{1,9}$' THEN
        RETURN v_named::integer;
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        SELECT t.staff_id INTO v_staff FROM till_session t WHERE t.terminal_id = p_terminal_id;
    END IF;
    RETURN v_staff;
END $$;

-- A large value (a poster, a long layout) is logged as its SHA-256 and size.
CREATE FUNCTION bo_audit_slim(p_row jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT coalesce(jsonb_object_agg(e.key, CASE WHEN octet_length(e.value::text) > 2000
        THEN jsonb_build_object('sha256', encode(sha256(convert_to(e.value::text, 'UTF8')), 'hex'),
                                'bytes', octet_length(e.value::text))
        ELSE e.value END), '{}'::jsonb)
      FROM jsonb_each(p_row) e
$$;

-- Writes one audit row (the owner's; called by the triggers and functions below).
CREATE FUNCTION bo_audit_record(p_action text, p_subject text, p_before jsonb, p_after jsonb,
                                p_terminal text DEFAULT NULL, p_staff integer DEFAULT NULL)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_seq bigint;
BEGIN
    INSERT INTO audit_log (terminal, staff_id, action, subject, before, after)
    VALUES (coalesce(p_terminal, nullif(current_setting('bo.terminal', true), ''),
                     nullif(current_setting('application_name'), '')),
            coalesce(p_staff, bo_staff_acting(NULL)), p_action, p_subject, p_before, p_after)
    RETURNING seq INTO v_seq;
    RETURN v_seq;
END $$;

-- The catalogue's tables: one row per statement and table with the rows it changed.
CREATE FUNCTION bo_audit_table_change() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

DO $$
DECLARE
    v_table text;
BEGIN
    FOREACH v_table IN ARRAY ARRAY['movie', 'auditorium', 'hall_layout', 'showtime', 'price_list', 'price_tier',
                                   'showtime_price', 'showtime_surcharge', 'seat_block', 'hall_seat_block',
                                   'settings', 'ticket_key'] LOOP
        EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                       'FOR EACH STATEMENT EXECUTE FUNCTION bo_audit_table_change()', v_table || '_audit_insert', v_table);
        EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                       'FOR EACH STATEMENT EXECUTE FUNCTION bo_audit_table_change()', v_table || '_audit_update', v_table);
        EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                       'FOR EACH STATEMENT EXECUTE FUNCTION bo_audit_table_change()', v_table || '_audit_delete', v_table);
    END LOOP;
END $$;

-- Money: a payment captured, voided or refunded, with who took it.
CREATE FUNCTION bo_audit_payment_event() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;
CREATE TRIGGER payment_event_audit AFTER INSERT ON payment_event FOR EACH ROW
    WHEN (NEW.to_state IN ('CAPTURED', 'VOIDED', 'REFUNDED') AND NEW.from_state IS DISTINCT FROM NEW.to_state)
    EXECUTE FUNCTION bo_audit_payment_event();

-- A booking cancelled or refunded.
CREATE FUNCTION bo_audit_booking_closed() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM bo_audit_record('booking.' || lower(NEW.status), NEW.code,
        jsonb_build_object('status', OLD.status, 'total_minor', OLD.total_minor),
        jsonb_build_object('status', NEW.status, 'showtime', NEW.showtime_id, 'currency', NEW.currency),
        NULL, bo_staff_acting(NULL));
    RETURN NULL;
END $$;
CREATE TRIGGER booking_audit_closed AFTER UPDATE OF status ON booking FOR EACH ROW
    WHEN (NEW.status IN ('CANCELLED', 'REFUNDED') AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION bo_audit_booking_closed();

-- Who sold it: the member signed in at the booking's or the payment's terminal.
CREATE FUNCTION bo_stamp_staff() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF NEW.staff_id IS NULL THEN
        NEW.staff_id := bo_staff_acting(NEW.terminal_id);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER booking_stamp_staff BEFORE INSERT ON booking FOR EACH ROW EXECUTE FUNCTION bo_stamp_staff();
CREATE TRIGGER booking_stamp_staff_confirmed BEFORE UPDATE OF status ON booking FOR EACH ROW
    WHEN (NEW.status = 'CONFIRMED' AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION bo_stamp_staff();
CREATE TRIGGER payment_intent_stamp_staff BEFORE INSERT ON payment_intent FOR EACH ROW
    EXECUTE FUNCTION bo_stamp_staff();

-- ---------------------------------------------------------------------------------------------
-- Staff: the manager's functions.

CREATE FUNCTION bo_staff_check_hash(p_pin_hash text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_pin_hash IS NULL OR p_pin_hash NOT LIKE '$argon2id$%' OR length(p_pin_hash) > 256 THEN
        RAISE EXCEPTION 'a PIN is kept only as an Argon2id hash' USING ERRCODE = 'BO400';
    END IF;
END $$;

CREATE FUNCTION bo_staff_add(p_name text, p_role text, p_pin_hash text) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_id integer;
BEGIN
    IF p_name IS NULL OR btrim(p_name) = '' OR length(btrim(p_name)) > 80 THEN
        RAISE EXCEPTION 'a member of staff needs a name of 1 to 80 characters' USING ERRCODE = 'BO400';
    END IF;
    IF p_role IS NULL OR p_role NOT IN ('cashier', 'supervisor', 'manager') THEN
        RAISE EXCEPTION 'role % is not one of cashier, supervisor, manager', coalesce(p_role, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    PERFORM bo_staff_check_hash(p_pin_hash);
    BEGIN
        INSERT INTO staff (name, role, pin_hash) VALUES (btrim(p_name), p_role, p_pin_hash) RETURNING id INTO v_id;
    EXCEPTION WHEN unique_violation THEN
        RAISE EXCEPTION 'a member of staff is already called %', btrim(p_name) USING ERRCODE = 'BO412';
    END;
    PERFORM bo_audit_record('staff.add', v_id::text, NULL,
                            jsonb_build_object('id', v_id, 'name', btrim(p_name), 'role', p_role));
    RETURN v_id;
END $$;

-- A new PIN (also clears a lockout: the manager handed it over in person).
CREATE FUNCTION bo_staff_set_pin(p_staff integer, p_pin_hash text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM bo_staff_check_hash(p_pin_hash);
    UPDATE staff s SET pin_hash = p_pin_hash, failed_pins = 0, locked_at = NULL
     WHERE s.id = p_staff AND s.disabled_at IS NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no active member of staff %', p_staff USING ERRCODE = 'BO404';
    END IF;
    PERFORM bo_audit_record('staff.pin_changed', p_staff::text, NULL, NULL);
END $$;

-- Disables a member: they cannot sign in again and their tills are signed out. False when they
-- were disabled already.
CREATE FUNCTION bo_staff_disable(p_staff integer) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_disabled timestamptz;
BEGIN
    SELECT s.disabled_at INTO v_disabled FROM staff s WHERE s.id = p_staff FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no member of staff %', p_staff USING ERRCODE = 'BO404';
    END IF;
    IF v_disabled IS NOT NULL THEN
        RETURN false;
    END IF;
    UPDATE staff s SET disabled_at = now() WHERE s.id = p_staff;
    DELETE FROM till_session t WHERE t.staff_id = p_staff;
    PERFORM bo_audit_record('staff.disable', p_staff::text, NULL, NULL);
    RETURN true;
END $$;

-- Everyone, for the sign-in screen and the manager (never the hash).
CREATE FUNCTION bo_staff_list()
RETURNS TABLE (id integer, name text, role text, active boolean, locked boolean, failed_pins integer,
               created_at timestamptz, last_sign_in_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT s.id, s.name, s.role, s.disabled_at IS NULL, s.locked_at IS NOT NULL, s.failed_pins, s.created_at,
           s.last_sign_in_at
      FROM staff s ORDER BY s.disabled_at IS NOT NULL, lower(s.name), s.id
$$;

-- What a terminal needs to check a member's PIN itself.
CREATE FUNCTION bo_staff_pin(p_staff integer)
RETURNS TABLE (name text, role text, pin_hash text, locked boolean, active boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT s.name, s.role, s.pin_hash, s.locked_at IS NOT NULL, s.disabled_at IS NULL FROM staff s WHERE s.id = p_staff
$$;

-- The result of a PIN the terminal checked. p_purpose: 'sign_in' (the member sells at the till
-- p_terminal_id from now on), 'approve' (a supervisor's PIN for someone else's action), 'manager'
-- (the manager's pages). Outcomes: 'ok', 'wrong_pin' (failures_left more before the lockout),
-- 'locked' (now or already: a right PIN does not open a locked member), 'disabled', 'unknown'.
CREATE FUNCTION bo_staff_pin_result(p_staff integer, p_ok boolean, p_purpose text, p_terminal text,
                                    p_terminal_id uuid)
RETURNS TABLE (outcome text, role text, failures_left integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_staff staff%ROWTYPE;
    v_max   integer;
BEGIN
    IF p_purpose IS NULL OR p_purpose NOT IN ('sign_in', 'approve', 'manager') THEN
        RAISE EXCEPTION 'purpose % is not one of sign_in, approve, manager', coalesce(p_purpose, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    IF p_ok IS NULL OR p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a PIN result needs the outcome and the terminal' USING ERRCODE = 'BO400';
    END IF;
    IF p_purpose = 'sign_in' AND p_terminal_id IS NULL THEN
        RAISE EXCEPTION 'signing in at a till needs the till''s id' USING ERRCODE = 'BO400';
    END IF;
    SELECT * INTO v_staff FROM staff s WHERE s.id = p_staff FOR UPDATE;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'unknown'::text, NULL::text, NULL::integer;
        RETURN;
    END IF;
    IF v_staff.disabled_at IS NOT NULL THEN
        RETURN QUERY SELECT 'disabled'::text, v_staff.role, NULL::integer;
        RETURN;
    END IF;
    IF v_staff.locked_at IS NOT NULL THEN
        PERFORM bo_audit_record('staff.refused_locked', p_staff::text, NULL,
                                jsonb_build_object('purpose', p_purpose), p_terminal, p_staff);
        RETURN QUERY SELECT 'locked'::text, v_staff.role, 0;
        RETURN;
    END IF;
    IF NOT p_ok THEN
        SELECT st.pin_max_failures INTO v_max FROM settings st;
        UPDATE staff s SET failed_pins = s.failed_pins + 1,
                           locked_at = CASE WHEN s.failed_pins + 1 >= v_max THEN now() END
         WHERE s.id = p_staff RETURNING * INTO v_staff;
        PERFORM bo_audit_record('staff.pin_wrong', p_staff::text, NULL,
                                jsonb_build_object('purpose', p_purpose, 'failures', v_staff.failed_pins),
                                p_terminal, p_staff);
        IF v_staff.locked_at IS NOT NULL THEN
            PERFORM bo_audit_record('staff.lockout', p_staff::text, NULL,
                                    jsonb_build_object('failures', v_staff.failed_pins), p_terminal, p_staff);
            RETURN QUERY SELECT 'locked'::text, v_staff.role, 0;
            RETURN;
        END IF;
        RETURN QUERY SELECT 'wrong_pin'::text, v_staff.role, v_max - v_staff.failed_pins;
        RETURN;
    END IF;
    UPDATE staff s SET failed_pins = 0,
                       last_sign_in_at = CASE WHEN p_purpose = 'approve' THEN s.last_sign_in_at ELSE now() END,
                       approved_at = CASE WHEN p_purpose = 'approve' THEN clock_timestamp() ELSE s.approved_at END,
                       approved_terminal = CASE WHEN p_purpose = 'approve' THEN p_terminal ELSE s.approved_terminal END
     WHERE s.id = p_staff;
    IF p_purpose = 'sign_in' THEN
        INSERT INTO till_session AS t (terminal_id, terminal, staff_id)
        VALUES (p_terminal_id, p_terminal, p_staff)
        ON CONFLICT (terminal_id) DO UPDATE
            SET terminal = EXCLUDED.terminal, staff_id = EXCLUDED.staff_id, signed_in_at = now(), locked_at = NULL;
    END IF;
    PERFORM bo_audit_record(CASE p_purpose WHEN 'approve' THEN 'staff.approve' ELSE 'staff.' || p_purpose END,
                            p_staff::text, NULL, jsonb_build_object('role', v_staff.role), p_terminal, p_staff);
    RETURN QUERY SELECT 'ok'::text, v_staff.role, NULL::integer;
END $$;

-- Unlocks a locked member. p_by: the supervisor or manager whose PIN the terminal has just
-- checked (bo_staff_pin_result 'approve'); a manager's database login may unlock without one.
CREATE FUNCTION bo_staff_unlock(p_staff integer, p_by integer, p_terminal text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_by     staff%ROWTYPE;
    v_locked timestamptz;
BEGIN
    IF p_by IS NULL THEN
        IF NOT pg_has_role(session_user, 'boxoffice_manager', 'MEMBER') THEN
            RAISE EXCEPTION 'unlocking a member of staff needs a supervisor''s PIN' USING ERRCODE = '42501';
        END IF;
    ELSE
        SELECT * INTO v_by FROM staff s WHERE s.id = p_by;
        IF NOT FOUND OR v_by.disabled_at IS NOT NULL OR v_by.locked_at IS NOT NULL
           OR v_by.role NOT IN ('supervisor', 'manager') THEN
            RAISE EXCEPTION 'only an active supervisor or manager may unlock a member of staff'
                USING ERRCODE = 'BO412';
        END IF;
        IF p_by = p_staff THEN
            RAISE EXCEPTION 'nobody unlocks themselves' USING ERRCODE = 'BO412';
        END IF;
    END IF;
    SELECT s.locked_at INTO v_locked FROM staff s WHERE s.id = p_staff AND s.disabled_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no active member of staff %', p_staff USING ERRCODE = 'BO404';
    END IF;
    IF v_locked IS NULL THEN
        RETURN false;
    END IF;
    UPDATE staff s SET locked_at = NULL, failed_pins = 0 WHERE s.id = p_staff;
    PERFORM bo_audit_record('staff.unlock', p_staff::text, NULL, jsonb_build_object('by', p_by), p_terminal, p_by);
    RETURN true;
END $$;

-- The till's own: locked (the member steps away; their PIN or a supervisor's opens it) or
-- signed out (the session ends).
CREATE FUNCTION bo_till_lock(p_terminal_id uuid) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_session till_session%ROWTYPE;
BEGIN
    UPDATE till_session t SET locked_at = now() WHERE t.terminal_id = p_terminal_id AND t.locked_at IS NULL
    RETURNING * INTO v_session;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    PERFORM bo_audit_record('till.lock', v_session.staff_id::text, NULL, NULL, v_session.terminal, v_session.staff_id);
    RETURN true;
END $$;

CREATE FUNCTION bo_till_sign_out(p_terminal_id uuid) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_session till_session%ROWTYPE;
BEGIN
    DELETE FROM till_session t WHERE t.terminal_id = p_terminal_id RETURNING * INTO v_session;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    PERFORM bo_audit_record('till.sign_out', v_session.staff_id::text, NULL, NULL, v_session.terminal,
                            v_session.staff_id);
    RETURN true;
END $$;

-- Who the server has signed in at a till (after a restart the till asks for the PIN again).
CREATE FUNCTION bo_till_staff(p_terminal_id uuid)
RETURNS TABLE (staff_id integer, name text, role text, signed_in_at timestamptz, locked boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT t.staff_id, s.name, s.role, t.signed_in_at, t.locked_at IS NOT NULL
      FROM till_session t JOIN staff s ON s.id = t.staff_id WHERE t.terminal_id = p_terminal_id
$$;

-- The manager's reading of the log and of its chain (verified by the reader).
CREATE FUNCTION bo_audit_list(p_since timestamptz, p_limit integer)
RETURNS TABLE (seq bigint, at timestamptz, login text, terminal text, staff_id integer, staff_name text,
               action text, subject text, before jsonb, after jsonb)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT a.seq, a.at, a.login, a.terminal, a.staff_id, s.name, a.action, a.subject, a.before, a.after
      FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id
     WHERE a.at >= coalesce(p_since, '-infinity')
     ORDER BY a.seq LIMIT least(greatest(coalesce(p_limit, 1000), 1), 100000)
$$;

-- Every row with its place in the chain, in chain order; rows without a place (none, unless
-- written around the trigger) come last with pos NULL, and places whose row is gone with the
-- row's fields NULL.
CREATE FUNCTION bo_audit_chain_rows(p_from bigint, p_limit integer)
RETURNS TABLE (pos bigint, seq bigint, at_us bigint, login text, terminal text, staff_id integer, action text,
               subject text, before text, after text, hash bytea, row_present boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT c.pos, coalesce(c.seq, a.seq), (extract(epoch FROM a.at) * 1000000)::bigint, a.login, a.terminal,
           a.staff_id, a.action, a.subject, a.before::text, a.after::text, c.hash, a.seq IS NOT NULL
      FROM audit_chain c FULL JOIN audit_log a ON a.seq = c.seq
     WHERE coalesce(c.pos, 9223372036854775807) >= coalesce(p_from, 1)
     ORDER BY c.pos NULLS LAST, a.seq
     LIMIT least(greatest(coalesce(p_limit, 10000), 1), 100000)
$$;

CREATE FUNCTION bo_audit_head() RETURNS TABLE (pos bigint, hash bytea)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT h.pos, h.hash FROM audit_head h
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
               AND (p.proname LIKE 'bo\_staff%' OR p.proname LIKE 'bo\_till%' OR p.proname LIKE 'bo\_audit%'
                    OR p.proname = 'bo_stamp_staff')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON staff, till_session, audit_log, audit_chain, audit_head FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION bo_audit_keep(), bo_audit_line(bigint, timestamptz, text, text, integer, text, text, jsonb, jsonb),
    bo_audit_chain_row(), bo_staff_acting(uuid), bo_audit_slim(jsonb),
    bo_audit_record(text, text, jsonb, jsonb, text, integer), bo_audit_table_change(), bo_audit_payment_event(),
    bo_audit_booking_closed(), bo_stamp_staff(), bo_staff_check_hash(text), bo_staff_add(text, text, text),
    bo_staff_set_pin(integer, text), bo_staff_disable(integer), bo_staff_list(), bo_staff_pin(integer),
    bo_staff_pin_result(integer, boolean, text, text, uuid), bo_staff_unlock(integer, integer, text),
    bo_till_lock(uuid), bo_till_sign_out(uuid), bo_till_staff(uuid), bo_audit_list(timestamptz, integer),
    bo_audit_chain_rows(bigint, integer), bo_audit_head() FROM PUBLIC;
-- The tills: the sign-in, the lock, the lockout's unlock by a supervisor's PIN.
GRANT EXECUTE ON FUNCTION bo_staff_list(), bo_staff_pin(integer),
    bo_staff_pin_result(integer, boolean, text, text, uuid), bo_staff_unlock(integer, integer, text),
    bo_till_lock(uuid), bo_till_sign_out(uuid), bo_till_staff(uuid) TO boxoffice_terminal, boxoffice_manager;
-- The manager: the staff list's changes and the log.
GRANT EXECUTE ON FUNCTION bo_staff_add(text, text, text), bo_staff_set_pin(integer, text), bo_staff_disable(integer),
    bo_audit_list(timestamptz, integer), bo_audit_chain_rows(bigint, integer), bo_audit_head() TO boxoffice_manager;
