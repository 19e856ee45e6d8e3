-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Till shifts and the cash drawer.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_shift_keep()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    RAISE EXCEPTION '% is a cash record: % is refused', TG_TABLE_NAME, lower(TG_OP) USING ERRCODE = '42501';
END $function$;

-- What the drawer of a shift should hold: the float, the cash taken and kept (CAPTURED; a cash
-- payment given back whole for a cancelled booking, REFUNDED, left the drawer that took it, see
-- bo_payment_advance), pay-ins less pay-outs, less the cash refunds paid out of it (docs/SECURITY.md,
-- finding 8: a REFUNDED cash payment was counted as cash still there).
CREATE OR REPLACE FUNCTION public.bo_shift_expected_cash(p_shift integer)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT s.float_minor
           + coalesce((SELECT sum(p.amount_minor) FROM payment_intent p
                        WHERE p.shift_id = s.id AND p.method = 'cash' AND p.state = 'CAPTURED'), 0)
           + coalesce((SELECT sum(CASE m.kind WHEN 'pay_in' THEN m.amount_minor ELSE -m.amount_minor END)
                         FROM drawer_move m WHERE m.shift_id = s.id), 0)
           - coalesce((SELECT sum(r.amount_minor) FROM refund r
                        WHERE r.shift_id = s.id AND r.method = 'cash' AND r.state = 'REFUNDED'), 0)
      FROM shift s WHERE s.id = p_shift
$function$;

CREATE OR REPLACE FUNCTION public.bo_shift_open(p_terminal_id uuid, p_terminal text, p_float bigint)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
    -- Money and admissions are durable whatever the session says (docs/SECURITY.md, finding 10).
    PERFORM set_config('synchronous_commit', 'on', true);
    v_staff := bo_till_member(p_terminal_id);
    -- One till opens one shift at a time: the till's row lock orders two opens.
    PERFORM 1 FROM till_session t WHERE t.terminal_id = p_terminal_id FOR UPDATE;
    SELECT * INTO v_open FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL;
    IF FOUND THEN
        RAISE EXCEPTION 'this till''s shift % is open since %: close it first', v_open.id,
            to_char(v_open.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('shift-already-open', v_open.id, to_char(v_open.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'));
    END IF;
    SELECT st.currency INTO v_currency FROM settings st;
    INSERT INTO shift (terminal_id, terminal, opened_by, float_minor, currency)
    VALUES (p_terminal_id, p_terminal, v_staff, p_float, v_currency) RETURNING id INTO v_id;
    PERFORM bo_audit_record('shift.open', v_id::text, NULL,
                            jsonb_build_object('float_minor', p_float, 'currency', v_currency), p_terminal, v_staff);
    RETURN v_id;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_drawer_move(p_terminal_id uuid, p_kind text, p_amount bigint, p_reason text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
    -- Money and admissions are durable whatever the session says (docs/SECURITY.md, finding 10).
    PERFORM set_config('synchronous_commit', 'on', true);
    v_staff := bo_till_member(p_terminal_id);
    SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'this till has no open shift: open one first' USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('no-open-shift');
    END IF;
    IF p_kind = 'pay_out' AND p_amount > bo_shift_expected_cash(v_shift.id) THEN
        RAISE EXCEPTION 'the drawer does not hold that much cash' USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('drawer-short');
    END IF;
    INSERT INTO drawer_move (shift_id, kind, amount_minor, reason, staff_id)
    VALUES (v_shift.id, p_kind, p_amount, btrim(p_reason), v_staff) RETURNING id INTO v_id;
    PERFORM bo_audit_record('drawer.' || p_kind, v_shift.id::text, NULL,
                            jsonb_build_object('amount_minor', p_amount, 'currency', v_shift.currency,
                                               'reason', btrim(p_reason)),
                            v_shift.terminal, v_staff);
    RETURN v_id;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_shift_close(p_terminal_id uuid, p_counted bigint, p_detail jsonb)
 RETURNS TABLE(shift_id integer, float_minor bigint, expected_minor bigint, counted_minor bigint, over_short_minor bigint, currency text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
    -- Money and admissions are durable whatever the session says (docs/SECURITY.md, finding 10).
    PERFORM set_config('synchronous_commit', 'on', true);
    v_staff := bo_till_member(p_terminal_id);
    SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'this till has no open shift' USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('no-open-shift');
    END IF;
    -- Cash payments still on their way into this drawer would change the expectation after the count.
    IF EXISTS (SELECT 1 FROM payment_intent p WHERE p.shift_id = v_shift.id AND p.method = 'cash'
                  AND p.state = 'AUTHORISED') THEN
        RAISE EXCEPTION 'a cash sale of this shift is still being completed: finish it, then close'
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('cash-sale-in-progress');
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_shift_current(p_terminal_id uuid)
 RETURNS TABLE(shift_id integer, opened_at timestamp with time zone, opened_by integer, opened_by_name text, float_minor bigint, currency text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT s.id, s.opened_at, s.opened_by, st.name, s.float_minor, s.currency::text
      FROM shift s JOIN staff st ON st.id = s.opened_by
     WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL AND bo_terminal_mine(p_terminal_id)
$function$;

CREATE OR REPLACE FUNCTION public.bo_sales_lines(p_shift integer, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(section text, key text, count bigint, amount_minor bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_shift IS NULL AND (p_from IS NULL OR p_to IS NULL OR p_to <= p_from) THEN
        RAISE EXCEPTION 'a report needs a shift or a period' USING ERRCODE = 'BO400';
    END IF;
    IF p_shift IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shift s WHERE s.id = p_shift) THEN
        RAISE EXCEPTION 'there is no shift %', p_shift USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-shift', p_shift);
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_shifts(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(shift_id integer, terminal text, opened_at timestamp with time zone, opened_by_name text, closed_at timestamp with time zone, closed_by_name text, float_minor bigint, expected_minor bigint, counted_minor bigint, over_short_minor bigint, currency text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT s.id, s.terminal, s.opened_at, o.name, s.closed_at, c.name, s.float_minor,
           coalesce(s.expected_minor, bo_shift_expected_cash(s.id)), s.counted_minor,
           s.counted_minor - s.expected_minor, s.currency::text
      FROM shift s JOIN staff o ON o.id = s.opened_by LEFT JOIN staff c ON c.id = s.closed_by
     WHERE s.opened_at < p_to AND coalesce(s.closed_at, 'infinity') >= p_from
     ORDER BY s.opened_at, s.id
$function$;
