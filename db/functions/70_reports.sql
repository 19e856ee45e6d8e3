-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Manager's reports.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_report_check(p_from timestamp with time zone, p_to timestamp with time zone, p_shift integer, p_showtime integer)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_shift IS NULL AND p_showtime IS NULL AND (p_from IS NULL OR p_to IS NULL) THEN
        RAISE EXCEPTION 'a report needs a shift, a showtime or a period' USING ERRCODE = 'BO400';
    END IF;
    IF p_from IS NOT NULL AND p_to IS NOT NULL AND p_to <= p_from THEN
        RAISE EXCEPTION 'a report''s period ends after it starts' USING ERRCODE = 'BO400';
    END IF;
    IF p_shift IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shift s WHERE s.id = p_shift) THEN
        RAISE EXCEPTION 'there is no shift %', p_shift USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-shift', p_shift);
    END IF;
    IF p_showtime IS NOT NULL AND NOT EXISTS (SELECT 1 FROM showtime st WHERE st.id = p_showtime) THEN
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_report_sales(p_from timestamp with time zone, p_to timestamp with time zone, p_shift integer, p_showtime integer, p_by text)
 RETURNS TABLE(key text, label text, at timestamp with time zone, sales bigint, seats bigint, amount_minor bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
BEGIN
    PERFORM bo_report_check(p_from, p_to, p_shift, p_showtime);
    IF p_by IS NULL OR p_by NOT IN ('hour', 'showtime', 'film', 'hall', 'type', 'method', 'staff', 'terminal') THEN
        RAISE EXCEPTION 'sales are grouped by hour, showtime, film, hall, type, method, staff or terminal, not %',
            coalesce(p_by, '(nothing)') USING ERRCODE = 'BO400';
    END IF;
    IF p_by = 'type' THEN
        RETURN QUERY
        SELECT bs.tier_code, coalesce(max(pt.name), bs.tier_code), NULL::timestamptz, count(DISTINCT p.booking_id),
               count(*), sum(bs.price_minor)::bigint
          FROM payment_intent p
          JOIN booking_seat bs ON bs.booking_id = p.booking_id
          JOIN showtime st ON st.id = p.showtime_id
          LEFT JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = bs.tier_code
         WHERE p.state IN ('CAPTURED', 'REFUNDED')
           AND (p_shift IS NULL OR p.shift_id = p_shift) AND (p_showtime IS NULL OR p.showtime_id = p_showtime)
           AND (p_from IS NULL OR p.created_at >= p_from) AND (p_to IS NULL OR p.created_at < p_to)
         GROUP BY bs.tier_code
         ORDER BY sum(bs.price_minor) DESC, bs.tier_code;
        RETURN;
    END IF;
    RETURN QUERY
    WITH taken AS (
        SELECT p.booking_id, p.showtime_id, p.method, p.amount_minor, p.staff_id, p.terminal, p.created_at
          FROM payment_intent p
         WHERE p.state IN ('CAPTURED', 'REFUNDED')
           AND (p_shift IS NULL OR p.shift_id = p_shift) AND (p_showtime IS NULL OR p.showtime_id = p_showtime)
           AND (p_from IS NULL OR p.created_at >= p_from) AND (p_to IS NULL OR p.created_at < p_to)),
    seat_count AS (
        SELECT bs.booking_id, count(*) AS n FROM booking_seat bs
         WHERE bs.booking_id IN (SELECT t.booking_id FROM taken t) GROUP BY bs.booking_id),
    sale AS (
        SELECT t.*, coalesce(sc.n, 0) AS n, st.starts_at, m.id AS film_id, m.title, a.id AS hall_id,
               a.name AS hall, sf.name AS staff_name,
               date_trunc('hour', t.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour
          FROM taken t
          LEFT JOIN seat_count sc ON sc.booking_id = t.booking_id
          JOIN showtime st ON st.id = t.showtime_id
          JOIN movie m ON m.id = st.movie_id
          JOIN auditorium a ON a.id = st.auditorium_id
          LEFT JOIN staff sf ON sf.id = t.staff_id)
    SELECT g.k, g.l, g.a, count(*), sum(g.n)::bigint, sum(g.amount_minor)::bigint
      FROM (SELECT CASE p_by WHEN 'hour' THEN to_char(s.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":00:00Z"')
                             WHEN 'showtime' THEN s.showtime_id::text
                             WHEN 'film' THEN s.film_id::text
                             WHEN 'hall' THEN s.hall_id::text
                             WHEN 'method' THEN s.method
                             WHEN 'staff' THEN coalesce(s.staff_id::text, 'none')
                             ELSE s.terminal END AS k,
                   CASE p_by WHEN 'hour' THEN to_char(s.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":00:00Z"')
                             WHEN 'showtime' THEN s.title || ' · ' || s.hall
                             WHEN 'film' THEN s.title
                             WHEN 'hall' THEN s.hall
                             WHEN 'method' THEN s.method
                             WHEN 'staff' THEN coalesce(s.staff_name, 'none')
                             ELSE s.terminal END AS l,
                   CASE p_by WHEN 'hour' THEN s.hour WHEN 'showtime' THEN s.starts_at END AS a,
                   s.n, s.amount_minor
              FROM sale s) g
     GROUP BY g.k, g.l, g.a
     ORDER BY CASE WHEN p_by IN ('hour', 'showtime') THEN g.a END, sum(g.amount_minor) DESC, g.k;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_report_refunds(p_from timestamp with time zone, p_to timestamp with time zone, p_shift integer, p_showtime integer)
 RETURNS TABLE(kind text, method text, count bigint, amount_minor bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
BEGIN
    PERFORM bo_report_check(p_from, p_to, p_shift, p_showtime);
    RETURN QUERY
    SELECT 'refund'::text, r.method, count(*), sum(r.amount_minor)::bigint
      FROM refund r
     WHERE r.state = 'REFUNDED'
       AND (p_shift IS NULL OR r.shift_id = p_shift) AND (p_showtime IS NULL OR r.showtime_id = p_showtime)
       AND (p_from IS NULL OR r.created_at >= p_from) AND (p_to IS NULL OR r.created_at < p_to)
     GROUP BY r.method
    UNION ALL
    SELECT 'void'::text, p.method, count(*), sum(p.amount_minor)::bigint
      FROM payment_intent p
     WHERE p.state = 'VOIDED'
       AND (p_shift IS NULL OR p.shift_id = p_shift) AND (p_showtime IS NULL OR p.showtime_id = p_showtime)
       AND (p_from IS NULL OR p.created_at >= p_from) AND (p_to IS NULL OR p.created_at < p_to)
     GROUP BY p.method
     ORDER BY 1, 2;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_report_occupancy(p_from timestamp with time zone, p_to timestamp with time zone, p_shift integer, p_showtime integer)
 RETURNS TABLE(showtime_id integer, starts_at timestamp with time zone, film text, hall_id integer, hall text, seats bigint, blocked bigint, sold bigint, booked bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
BEGIN
    PERFORM bo_report_check(p_from, p_to, p_shift, p_showtime);
    RETURN QUERY
    SELECT st.id, st.starts_at, m.title, a.id, a.name,
           (SELECT count(*) FROM showtime_seat ss WHERE ss.showtime_id = st.id),
           (SELECT count(*) FROM showtime_seat ss WHERE ss.showtime_id = st.id AND ss.status = 'BLOCKED'),
           (SELECT count(*) FROM showtime_seat ss WHERE ss.showtime_id = st.id AND ss.status = 'RESERVED'),
           (SELECT count(*) FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id
             WHERE bs.showtime_id = st.id AND bs.active AND b.status = 'CONFIRMED')
      FROM showtime st
      JOIN movie m ON m.id = st.movie_id
      JOIN auditorium a ON a.id = st.auditorium_id
     WHERE st.status <> 'CANCELLED'
       AND CASE WHEN p_showtime IS NOT NULL THEN st.id = p_showtime
                WHEN p_shift IS NOT NULL THEN st.id IN (SELECT p.showtime_id FROM payment_intent p
                                                         WHERE p.shift_id = p_shift)
                ELSE st.starts_at >= p_from AND st.starts_at < p_to END
     ORDER BY st.starts_at, a.name, st.id;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_report_drawer(p_from timestamp with time zone, p_to timestamp with time zone, p_shift integer, p_showtime integer)
 RETURNS TABLE(shift_id integer, terminal text, opened_at timestamp with time zone, opened_by text, closed_at timestamp with time zone, closed_by text, float_minor bigint, cash_taken bigint, cash_refunded bigint, pay_in bigint, pay_out bigint, expected_minor bigint, counted_minor bigint, over_short_minor bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
BEGIN
    PERFORM bo_report_check(p_from, p_to, p_shift, p_showtime);
    IF p_showtime IS NOT NULL AND p_shift IS NULL THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT s.id, s.terminal, s.opened_at, o.name, s.closed_at, c.name, s.float_minor,
           coalesce((SELECT sum(p.amount_minor) FROM payment_intent p
                      WHERE p.shift_id = s.id AND p.method = 'cash' AND p.state IN ('CAPTURED', 'REFUNDED')), 0)::bigint,
           coalesce((SELECT sum(r.amount_minor) FROM refund r
                      WHERE r.shift_id = s.id AND r.method = 'cash' AND r.state = 'REFUNDED'), 0)::bigint,
           coalesce((SELECT sum(m.amount_minor) FROM drawer_move m WHERE m.shift_id = s.id AND m.kind = 'pay_in'),
                    0)::bigint,
           coalesce((SELECT sum(m.amount_minor) FROM drawer_move m WHERE m.shift_id = s.id AND m.kind = 'pay_out'),
                    0)::bigint,
           coalesce(s.expected_minor, bo_shift_expected_cash(s.id)), s.counted_minor,
           s.counted_minor - s.expected_minor
      FROM shift s JOIN staff o ON o.id = s.opened_by LEFT JOIN staff c ON c.id = s.closed_by
     WHERE CASE WHEN p_shift IS NOT NULL THEN s.id = p_shift
                ELSE s.opened_at < p_to AND coalesce(s.closed_at, 'infinity') >= p_from END
     ORDER BY s.opened_at, s.id;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_report_staff(p_from timestamp with time zone, p_to timestamp with time zone, p_shift integer, p_showtime integer)
 RETURNS TABLE(staff_id integer, name text, role text, sales bigint, sales_minor bigint, refunds bigint, refunds_minor bigint, approvals bigint, sign_ins bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
DECLARE
    v_shift shift%ROWTYPE;
BEGIN
    PERFORM bo_report_check(p_from, p_to, p_shift, p_showtime);
    IF p_shift IS NOT NULL THEN
        SELECT * INTO v_shift FROM shift s WHERE s.id = p_shift;
    END IF;
    RETURN QUERY
    WITH sold AS (
        SELECT p.staff_id AS who, count(*) AS n, sum(p.amount_minor)::bigint AS minor FROM payment_intent p
         WHERE p.state IN ('CAPTURED', 'REFUNDED') AND p.staff_id IS NOT NULL
           AND (p_shift IS NULL OR p.shift_id = p_shift) AND (p_showtime IS NULL OR p.showtime_id = p_showtime)
           AND (p_from IS NULL OR p.created_at >= p_from) AND (p_to IS NULL OR p.created_at < p_to)
         GROUP BY p.staff_id),
    back AS (
        -- A refund split over a card and cash (migration 0046) is one refund made, in parts.
        SELECT r.staff_id AS who, r.approved_by, r.amount_minor, coalesce(r.part_of, r.key) AS refund FROM refund r
         WHERE r.state = 'REFUNDED'
           AND (p_shift IS NULL OR r.shift_id = p_shift) AND (p_showtime IS NULL OR r.showtime_id = p_showtime)
           AND (p_from IS NULL OR r.created_at >= p_from) AND (p_to IS NULL OR r.created_at < p_to)),
    made AS (SELECT b.who, count(DISTINCT b.refund) AS n, sum(b.amount_minor)::bigint AS minor FROM back b
              WHERE b.who IS NOT NULL GROUP BY b.who),
    approved AS (SELECT b.approved_by AS who, count(DISTINCT b.refund) AS n FROM back b
                  WHERE b.approved_by IS NOT NULL GROUP BY b.approved_by),
    signed AS (
        SELECT a.staff_id AS who, count(*) AS n FROM audit_log a
         WHERE a.action = 'staff.sign_in' AND a.staff_id IS NOT NULL AND p_showtime IS NULL
           AND CASE WHEN p_shift IS NOT NULL
                    THEN a.terminal = v_shift.terminal
                         AND a.at >= coalesce((SELECT max(s2.closed_at) FROM shift s2
                                                WHERE s2.terminal_id = v_shift.terminal_id
                                                  AND s2.closed_at <= v_shift.opened_at), '-infinity')
                         AND a.at < coalesce(v_shift.closed_at, 'infinity')
                    ELSE true END
           AND (p_from IS NULL OR a.at >= p_from) AND (p_to IS NULL OR a.at < p_to)
         GROUP BY a.staff_id),
    who AS (SELECT sold.who FROM sold UNION SELECT made.who FROM made UNION SELECT approved.who FROM approved
            UNION SELECT signed.who FROM signed)
    SELECT sf.id, sf.name, sf.role, coalesce(sold.n, 0), coalesce(sold.minor, 0)::bigint, coalesce(made.n, 0),
           coalesce(made.minor, 0)::bigint, coalesce(approved.n, 0), coalesce(signed.n, 0)
      FROM who
      JOIN staff sf ON sf.id = who.who
      LEFT JOIN sold ON sold.who = who.who
      LEFT JOIN made ON made.who = who.who
      LEFT JOIN approved ON approved.who = who.who
      LEFT JOIN signed ON signed.who = who.who
     ORDER BY coalesce(sold.minor, 0) DESC, sf.name;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_report_context()
 RETURNS TABLE(cinema_name text, currency text, printed_at timestamp with time zone, login text, audit_pos bigint, audit_hash text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT s.cinema_name, s.currency::text, clock_timestamp(), session_user::text, h.pos, encode(h.hash, 'hex')
      FROM settings s CROSS JOIN audit_head h
$function$;
