-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Shifts and the cash drawer (issue 16, part 2; docs/DECISIONS.md, "A shift is the till's, the
-- count is blind").
--
-- * A till opens a shift with a counted float, signed in by a member of staff (0034); one open
--   shift per till (by its permanent terminal id). Payment intents and bookings made at the till
--   while it is open carry the shift (stamped by 0034's trigger, extended here).
-- * Pay-ins and pay-outs with a reason move cash in and out of the drawer between sales; a
--   pay-out larger than the cash the drawer should hold is refused.
-- * Closing is a blind count: bo_shift_close takes the counted cash (and, if the till counted by
--   denomination, the counts) before it says what was expected; it stores both and the over/short
--   in the one transaction, so the count cannot be adjusted to the expectation afterwards.
-- * The drawer's expected cash = float + cash taken (cash payments captured in the shift) - cash
--   refunded from this drawer + pay-ins - pay-outs.
-- * Refunds (the table here, the functions in 0036): one row per refund, keyed by its idempotency
--   key, with its seats, amount, method (to the original payment's: card through the gateway,
--   cash out of the refunding till's drawer, none when the booking carried no payment), reason,
--   who made it and who approved it, and the till's shift.
-- * bo_shift_report gives the X (open shift) and Z (closed) report's lines: the cash, sales by
--   method and by ticket type, refunds, voids; bo_sales_report the same over a period and any
--   till (the day's Z).

CREATE TABLE shift (
    id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    terminal_id    uuid NOT NULL,
    terminal       text NOT NULL CHECK (length(terminal) BETWEEN 1 AND 100),
    opened_by      integer NOT NULL REFERENCES staff (id),
    opened_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    float_minor    bigint NOT NULL CHECK (float_minor BETWEEN 0 AND 100000000000),
    currency       char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    closed_by      integer REFERENCES staff (id),
    closed_at      timestamptz,
    counted_minor  bigint CHECK (counted_minor BETWEEN 0 AND 100000000000),
    expected_minor bigint,
    counted_detail jsonb CHECK (counted_detail IS NULL OR jsonb_typeof(counted_detail) = 'object'),
    CHECK ((closed_at IS NULL) = (closed_by IS NULL) AND (closed_at IS NULL) = (counted_minor IS NULL)
           AND (closed_at IS NULL) = (expected_minor IS NULL))
);
CREATE UNIQUE INDEX shift_one_open_per_till_idx ON shift (terminal_id) WHERE closed_at IS NULL;
CREATE INDEX shift_opened_idx ON shift (opened_at);

CREATE TABLE drawer_move (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    shift_id     integer NOT NULL REFERENCES shift (id),
    kind         text NOT NULL CHECK (kind IN ('pay_in', 'pay_out')),
    amount_minor bigint NOT NULL CHECK (amount_minor BETWEEN 1 AND 100000000000),
    reason       text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200 AND reason = btrim(reason)),
    staff_id     integer NOT NULL REFERENCES staff (id),
    at           timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX drawer_move_shift_idx ON drawer_move (shift_id);

ALTER TABLE settings
    ADD COLUMN refund_approval_above_minor bigint NOT NULL DEFAULT 30000 CHECK (refund_approval_above_minor >= 0);

CREATE TABLE refund (
    key          uuid PRIMARY KEY,
    booking_id   uuid NOT NULL REFERENCES booking (id),
    booking_code text NOT NULL,
    showtime_id  integer NOT NULL REFERENCES showtime (id),
    payment_key  uuid REFERENCES payment_intent (key),
    seat_ids     integer[] NOT NULL CHECK (cardinality(seat_ids) >= 1),
    seat_labels  text[] NOT NULL,
    amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
    currency     char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    method       text NOT NULL CHECK (method IN ('card', 'cash', 'none')),
    reason       text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
    state        text NOT NULL CHECK (state IN ('REFUNDING', 'REFUNDED', 'FAILED')),
    gateway_ref  text CHECK (length(gateway_ref) BETWEEN 1 AND 200),
    failure      text CHECK (length(failure) <= 500),
    staff_id     integer REFERENCES staff (id),
    approved_by  integer REFERENCES staff (id),
    login        text NOT NULL DEFAULT session_user,
    terminal     text NOT NULL CHECK (length(terminal) BETWEEN 1 AND 100),
    terminal_id  uuid,
    shift_id     integer,
    batch        text CHECK (length(batch) BETWEEN 1 AND 100),
    fingerprint  text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    resolved_at  timestamptz,
    CHECK ((resolved_at IS NULL) = (state = 'REFUNDING'))
);
CREATE INDEX refund_booking_idx ON refund (booking_id);
CREATE INDEX refund_open_idx ON refund (created_at) WHERE state = 'REFUNDING';
CREATE INDEX refund_created_idx ON refund (created_at);
CREATE INDEX refund_batch_idx ON refund (batch) WHERE batch IS NOT NULL;

ALTER TABLE payment_intent ADD COLUMN shift_id integer REFERENCES shift (id);
ALTER TABLE booking ADD COLUMN shift_id integer REFERENCES shift (id);
ALTER TABLE refund ADD CONSTRAINT refund_shift_fk FOREIGN KEY (shift_id) REFERENCES shift (id);
CREATE INDEX payment_intent_shift_idx ON payment_intent (shift_id) WHERE shift_id IS NOT NULL;

-- Drawer records are kept: no application role writes them directly, and nobody deletes them.
CREATE FUNCTION bo_shift_keep() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RAISE EXCEPTION '% is a cash record: % is refused', TG_TABLE_NAME, lower(TG_OP) USING ERRCODE = '42501';
END $$;
CREATE TRIGGER drawer_move_append_only BEFORE UPDATE OR DELETE ON drawer_move
    FOR EACH ROW EXECUTE FUNCTION bo_shift_keep();
CREATE TRIGGER shift_kept BEFORE DELETE ON shift FOR EACH ROW EXECUTE FUNCTION bo_shift_keep();
CREATE TRIGGER shift_no_truncate BEFORE TRUNCATE ON shift FOR EACH STATEMENT EXECUTE FUNCTION bo_shift_keep();
CREATE TRIGGER drawer_move_no_truncate BEFORE TRUNCATE ON drawer_move
    FOR EACH STATEMENT EXECUTE FUNCTION bo_shift_keep();
CREATE TRIGGER refund_kept BEFORE DELETE ON refund FOR EACH ROW EXECUTE FUNCTION bo_shift_keep();
CREATE TRIGGER refund_no_truncate BEFORE TRUNCATE ON refund FOR EACH STATEMENT EXECUTE FUNCTION bo_shift_keep();

-- The sale's member (0034) and now its shift: the till's open shift when the row is made.
CREATE OR REPLACE FUNCTION bo_stamp_staff() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF NEW.staff_id IS NULL THEN
        NEW.staff_id := bo_staff_acting(NEW.terminal_id);
    END IF;
    IF NEW.shift_id IS NULL AND NEW.terminal_id IS NOT NULL THEN
        SELECT s.id INTO NEW.shift_id FROM shift s WHERE s.terminal_id = NEW.terminal_id AND s.closed_at IS NULL;
    END IF;
    RETURN NEW;
END $$;

-- The member signed in (and not locked) at the till; BO412 otherwise.
CREATE FUNCTION bo_till_member(p_terminal_id uuid) RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_staff  integer;
    v_locked timestamptz;
BEGIN
    IF p_terminal_id IS NULL THEN
        RAISE EXCEPTION 'the till''s id is missing' USING ERRCODE = 'BO400';
    END IF;
    SELECT t.staff_id, t.locked_at INTO v_staff, v_locked FROM till_session t WHERE t.terminal_id = p_terminal_id;
    IF v_staff IS NULL THEN
        RAISE EXCEPTION 'nobody is signed in at this till' USING ERRCODE = 'BO412';
    END IF;
    IF v_locked IS NOT NULL THEN
        RAISE EXCEPTION 'the till is locked: sign in again first' USING ERRCODE = 'BO412';
    END IF;
    RETURN v_staff;
END $$;

-- The cash the drawer of shift p_shift should hold now.
CREATE FUNCTION bo_shift_expected_cash(p_shift integer) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT s.float_minor
           + coalesce((SELECT sum(p.amount_minor) FROM payment_intent p
                        WHERE p.shift_id = s.id AND p.method = 'cash' AND p.state IN ('CAPTURED', 'REFUNDED')), 0)
           + coalesce((SELECT sum(CASE m.kind WHEN 'pay_in' THEN m.amount_minor ELSE -m.amount_minor END)
                         FROM drawer_move m WHERE m.shift_id = s.id), 0)
           - coalesce((SELECT sum(r.amount_minor) FROM refund r
                        WHERE r.shift_id = s.id AND r.method = 'cash' AND r.state = 'REFUNDED'), 0)
      FROM shift s WHERE s.id = p_shift
$$;

CREATE FUNCTION bo_shift_open(p_terminal_id uuid, p_terminal text, p_float bigint) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_staff    integer;
    v_open     shift%ROWTYPE;
    v_currency char(3);
    v_id       integer;
BEGIN
    IF p_float IS NULL OR p_float < 0 OR p_float > 100000000000 THEN
        RAISE EXCEPTION 'the float is an amount of 0 or more' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a shift needs the till''s name' USING ERRCODE = 'BO400';
    END IF;
    v_staff := bo_till_member(p_terminal_id);
    -- One till opens one shift at a time: the till's row lock orders two opens.
    PERFORM 1 FROM till_session t WHERE t.terminal_id = p_terminal_id FOR UPDATE;
    SELECT * INTO v_open FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL;
    IF FOUND THEN
        RAISE EXCEPTION 'this till''s shift % is open since %: close it first', v_open.id,
            to_char(v_open.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') USING ERRCODE = 'BO412';
    END IF;
    SELECT st.currency INTO v_currency FROM settings st;
    INSERT INTO shift (terminal_id, terminal, opened_by, float_minor, currency)
    VALUES (p_terminal_id, p_terminal, v_staff, p_float, v_currency) RETURNING id INTO v_id;
    PERFORM bo_audit_record('shift.open', v_id::text, NULL,
                            jsonb_build_object('float_minor', p_float, 'currency', v_currency), p_terminal, v_staff);
    RETURN v_id;
END $$;

-- A pay-in or pay-out of the till's open shift. The drawer never goes below nothing.
CREATE FUNCTION bo_drawer_move(p_terminal_id uuid, p_kind text, p_amount bigint, p_reason text) RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_staff integer;
    v_shift shift%ROWTYPE;
    v_id    bigint;
BEGIN
    IF p_kind IS NULL OR p_kind NOT IN ('pay_in', 'pay_out') THEN
        RAISE EXCEPTION 'a drawer move is a pay_in or a pay_out' USING ERRCODE = 'BO400';
    END IF;
    IF p_amount IS NULL OR p_amount < 1 OR p_amount > 100000000000 THEN
        RAISE EXCEPTION 'a pay-in or pay-out is an amount above 0' USING ERRCODE = 'BO400';
    END IF;
    IF p_reason IS NULL OR btrim(p_reason) = '' OR length(btrim(p_reason)) > 200 OR p_reason ~ '[\r\n]' THEN
        RAISE EXCEPTION 'a pay-in or pay-out needs a reason of one line, at most 200 characters'
            USING ERRCODE = 'BO400';
    END IF;
    v_staff := bo_till_member(p_terminal_id);
    SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'this till has no open shift: open one first' USING ERRCODE = 'BO412';
    END IF;
    IF p_kind = 'pay_out' AND p_amount > bo_shift_expected_cash(v_shift.id) THEN
        RAISE EXCEPTION 'the drawer does not hold that much cash' USING ERRCODE = 'BO412';
    END IF;
    INSERT INTO drawer_move (shift_id, kind, amount_minor, reason, staff_id)
    VALUES (v_shift.id, p_kind, p_amount, btrim(p_reason), v_staff) RETURNING id INTO v_id;
    PERFORM bo_audit_record('drawer.' || p_kind, v_shift.id::text, NULL,
                            jsonb_build_object('amount_minor', p_amount, 'currency', v_shift.currency,
                                               'reason', btrim(p_reason)),
                            v_shift.terminal, v_staff);
    RETURN v_id;
END $$;

-- Closes the till's open shift with the blind count; returns what was expected and the over (+) or
-- short (-).
CREATE FUNCTION bo_shift_close(p_terminal_id uuid, p_counted bigint, p_detail jsonb)
RETURNS TABLE (shift_id integer, float_minor bigint, expected_minor bigint, counted_minor bigint,
               over_short_minor bigint, currency text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_staff    integer;
    v_shift    shift%ROWTYPE;
    v_expected bigint;
BEGIN
    IF p_counted IS NULL OR p_counted < 0 OR p_counted > 100000000000 THEN
        RAISE EXCEPTION 'the counted cash is an amount of 0 or more' USING ERRCODE = 'BO400';
    END IF;
    IF p_detail IS NOT NULL AND jsonb_typeof(p_detail) <> 'object' THEN
        RAISE EXCEPTION 'the count''s detail is an object of denominations' USING ERRCODE = 'BO400';
    END IF;
    v_staff := bo_till_member(p_terminal_id);
    SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'this till has no open shift' USING ERRCODE = 'BO412';
    END IF;
    -- Cash payments still on their way into this drawer would change the expectation after the count.
    IF EXISTS (SELECT 1 FROM payment_intent p WHERE p.shift_id = v_shift.id AND p.method = 'cash'
                  AND p.state = 'AUTHORISED') THEN
        RAISE EXCEPTION 'a cash sale of this shift is still being completed: finish it, then close'
            USING ERRCODE = 'BO412';
    END IF;
    v_expected := bo_shift_expected_cash(v_shift.id);
    UPDATE shift s SET closed_at = clock_timestamp(), closed_by = v_staff, counted_minor = p_counted,
                       expected_minor = v_expected, counted_detail = p_detail
     WHERE s.id = v_shift.id;
    PERFORM bo_audit_record('shift.close', v_shift.id::text, jsonb_build_object('expected_minor', v_expected),
                            jsonb_build_object('counted_minor', p_counted, 'over_short_minor', p_counted - v_expected,
                                               'currency', v_shift.currency, 'detail', p_detail),
                            v_shift.terminal, v_staff);
    RETURN QUERY SELECT v_shift.id, v_shift.float_minor, v_expected, p_counted, p_counted - v_expected,
                        v_shift.currency::text;
END $$;

-- The till's open shift, if any.
CREATE FUNCTION bo_shift_current(p_terminal_id uuid)
RETURNS TABLE (shift_id integer, opened_at timestamptz, opened_by integer, opened_by_name text, float_minor bigint,
               currency text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT s.id, s.opened_at, s.opened_by, st.name, s.float_minor, s.currency::text
      FROM shift s JOIN staff st ON st.id = s.opened_by
     WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL
$$;

-- The lines of a report over the payments of a set of shifts (p_shift), or of every till in
-- [p_from, p_to) by the payment's time (p_shift NULL). Sections and keys:
--   cash:    float, taken, refunded, pay_in, pay_out, expected, counted, over_short (shifts only;
--            counted and over_short once every shift of the set is closed)
--   method:  card | cash            count = payments, amount = taken
--   type:    <tier code>            count = seats, amount = their prices
--   refund:  card | cash | none     count = refunds, amount = refunded (resolved REFUNDED)
--   void:    card | cash            count = payments voided after authorisation, amount = theirs
--   net:     total                  count = payments, amount = taken - refunded
CREATE FUNCTION bo_sales_lines(p_shift integer, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (section text, key text, count bigint, amount_minor bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_shift IS NULL AND (p_from IS NULL OR p_to IS NULL OR p_to <= p_from) THEN
        RAISE EXCEPTION 'a report needs a shift or a period' USING ERRCODE = 'BO400';
    END IF;
    IF p_shift IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shift s WHERE s.id = p_shift) THEN
        RAISE EXCEPTION 'there is no shift %', p_shift USING ERRCODE = 'BO404';
    END IF;
    RETURN QUERY
    WITH pay AS (
        SELECT p.key, p.booking_id, p.method, p.amount_minor, p.state FROM payment_intent p
         WHERE CASE WHEN p_shift IS NOT NULL THEN p.shift_id = p_shift
                    ELSE p.created_at >= p_from AND p.created_at < p_to END
           AND p.state IN ('CAPTURED', 'REFUNDED', 'VOIDED')),
    taken AS (SELECT * FROM pay WHERE pay.state IN ('CAPTURED', 'REFUNDED')),
    back AS (
        SELECT r.method, r.amount_minor FROM refund r
         WHERE r.state = 'REFUNDED'
           AND CASE WHEN p_shift IS NOT NULL THEN r.shift_id = p_shift
                    ELSE r.created_at >= p_from AND r.created_at < p_to END)
    SELECT 'method'::text, t.method, count(*), sum(t.amount_minor)::bigint FROM taken t GROUP BY t.method
    UNION ALL
    SELECT 'void'::text, v.method, count(*), sum(v.amount_minor)::bigint FROM pay v WHERE v.state = 'VOIDED'
     GROUP BY v.method
    UNION ALL
    SELECT 'type'::text, bs.tier_code, count(*), sum(bs.price_minor)::bigint
      FROM taken t JOIN booking_seat bs ON bs.booking_id = t.booking_id GROUP BY bs.tier_code
    UNION ALL
    SELECT 'refund'::text, rf.method, count(*), sum(rf.amount_minor)::bigint FROM back rf GROUP BY rf.method
    UNION ALL
    SELECT 'net'::text, 'total'::text, (SELECT count(*) FROM taken),
           (coalesce((SELECT sum(t.amount_minor) FROM taken t), 0)
            - coalesce((SELECT sum(rf.amount_minor) FROM back rf WHERE rf.method <> 'none'), 0))::bigint
    UNION ALL
    SELECT 'cash'::text, l.key, NULL::bigint, l.amount
      FROM shift s,
           LATERAL (VALUES
               ('float', s.float_minor),
               ('taken', coalesce((SELECT sum(t.amount_minor) FROM taken t WHERE t.method = 'cash'), 0)::bigint),
               ('pay_in', coalesce((SELECT sum(m.amount_minor) FROM drawer_move m
                                     WHERE m.shift_id = s.id AND m.kind = 'pay_in'), 0)::bigint),
               ('pay_out', coalesce((SELECT sum(m.amount_minor) FROM drawer_move m
                                      WHERE m.shift_id = s.id AND m.kind = 'pay_out'), 0)::bigint),
               ('refunded', coalesce((SELECT sum(rf.amount_minor) FROM refund rf WHERE rf.shift_id = s.id
                                         AND rf.method = 'cash' AND rf.state = 'REFUNDED'), 0)::bigint),
               ('expected', coalesce(s.expected_minor, bo_shift_expected_cash(s.id))),
               ('counted', s.counted_minor),
               ('over_short', s.counted_minor - s.expected_minor)) AS l (key, amount)
     WHERE p_shift IS NOT NULL AND s.id = p_shift AND l.amount IS NOT NULL;
END $$;

-- The shifts of a period (the day's Z lists each till's).
CREATE FUNCTION bo_shifts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (shift_id integer, terminal text, opened_at timestamptz, opened_by_name text, closed_at timestamptz,
               closed_by_name text, float_minor bigint, expected_minor bigint, counted_minor bigint,
               over_short_minor bigint, currency text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT s.id, s.terminal, s.opened_at, o.name, s.closed_at, c.name, s.float_minor,
           coalesce(s.expected_minor, bo_shift_expected_cash(s.id)), s.counted_minor,
           s.counted_minor - s.expected_minor, s.currency::text
      FROM shift s JOIN staff o ON o.id = s.opened_by LEFT JOIN staff c ON c.id = s.closed_by
     WHERE s.opened_at < p_to AND coalesce(s.closed_at, 'infinity') >= p_from
     ORDER BY s.opened_at, s.id
$$;

DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND (p.proname LIKE 'bo\_shift%' OR p.proname IN ('bo_stamp_staff', 'bo_till_member', 'bo_drawer_move',
                                                                 'bo_sales_lines'))
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON shift, drawer_move, refund FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION bo_shift_keep(), bo_stamp_staff(), bo_till_member(uuid), bo_shift_expected_cash(integer),
    bo_shift_open(uuid, text, bigint), bo_drawer_move(uuid, text, bigint, text), bo_shift_close(uuid, bigint, jsonb),
    bo_shift_current(uuid), bo_sales_lines(integer, timestamptz, timestamptz), bo_shifts(timestamptz, timestamptz)
    FROM PUBLIC;
-- The till's own drawer: open, move, close, and its X report; the day's reports are a manager's.
GRANT EXECUTE ON FUNCTION bo_shift_open(uuid, text, bigint), bo_drawer_move(uuid, text, bigint, text),
    bo_shift_close(uuid, bigint, jsonb), bo_shift_current(uuid), bo_sales_lines(integer, timestamptz, timestamptz)
    TO boxoffice_terminal, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_shifts(timestamptz, timestamptz) TO boxoffice_manager;
