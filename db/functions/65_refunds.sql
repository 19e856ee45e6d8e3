-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Refunds and exchanges.
-- Each function's current and only body (db/functions/README.md).

-- What was already given back on a booking and on the bookings it was exchanged from: every
-- refund not FAILED, whatever its method. The approval limit counts it (issue 36 finding 9), so
-- refunding a booking seat by seat needs the same approval as refunding it whole.
CREATE OR REPLACE FUNCTION public.bo_refunded_before(p_booking uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    WITH RECURSIVE chain(id) AS (
        SELECT p_booking
        UNION
        SELECT e.old_booking_id FROM exchange e JOIN chain c ON e.new_booking_id = c.id)
    SELECT coalesce(sum(r.amount_minor), 0)::bigint FROM refund r JOIN chain c ON r.booking_id = c.id
     WHERE r.state <> 'FAILED'
$function$;

-- A booking as a refund or an exchange sees it. At a till only with a member signed in there (the
-- quote names the booking's seats, amount and payment key: a copied till credential alone looks
-- nothing up); a manager's pages look up any (issue 36, finding 3).
CREATE OR REPLACE FUNCTION public.bo_refund_quote(p_code text, p_labels text[], p_terminal_id uuid DEFAULT NULL)
 RETURNS TABLE(booking_id uuid, booking_code text, showtime_id integer, starts_at timestamp with time zone, seat_ids integer[], seat_labels text[], amount_minor bigint, currency text, method text, payment_key uuid, needs_approval boolean, seats_left integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_booking  booking%ROWTYPE;
    v_starts   timestamptz;
    v_labels   text[];
    v_wanted   text[];
    v_missing  text;
    v_inactive text;
    v_payment  record;
    v_limit    bigint;
BEGIN
    IF coalesce(bo_terminal_kind(), '') NOT IN ('manager', 'owner') THEN
        PERFORM bo_till_member(p_terminal_id);
    END IF;
    IF p_code IS NULL OR upper(btrim(p_code)) !~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$' THEN
        RAISE EXCEPTION 'booking code % is not of the form XXXX-XXXX', coalesce(p_code, '(none)') USING ERRCODE = 'BO400';
    END IF;
    SELECT * INTO v_booking FROM booking b WHERE b.code = upper(btrim(p_code));
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no booking %', upper(btrim(p_code)) USING ERRCODE = 'BO404';
    END IF;
    IF v_booking.status <> 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: nothing to refund', v_booking.code, lower(v_booking.status)
            USING ERRCODE = 'BO412';
    END IF;
    SELECT st.starts_at INTO v_starts FROM showtime st WHERE st.id = v_booking.showtime_id;
    v_wanted := ARRAY(SELECT DISTINCT upper(btrim(l)) FROM unnest(coalesce(p_labels, '{}')) l WHERE btrim(l) <> '');
    IF cardinality(v_wanted) > 0 THEN
        SELECT string_agg(w, ', ' ORDER BY w) INTO v_missing FROM unnest(v_wanted) w
         WHERE NOT EXISTS (SELECT 1 FROM booking_seat bs JOIN seat se ON se.id = bs.seat_id
                            WHERE bs.booking_id = v_booking.id AND se.label = w);
        IF v_missing IS NOT NULL THEN
            RAISE EXCEPTION 'booking % has no seat %', v_booking.code, v_missing USING ERRCODE = 'BO400';
        END IF;
        SELECT string_agg(se.label, ', ' ORDER BY se.label) INTO v_inactive
          FROM booking_seat bs JOIN seat se ON se.id = bs.seat_id
         WHERE bs.booking_id = v_booking.id AND se.label = ANY (v_wanted) AND NOT bs.active;
        IF v_inactive IS NOT NULL THEN
            RAISE EXCEPTION 'seat % of booking % is refunded already', v_inactive, v_booking.code
                USING ERRCODE = 'BO412';
        END IF;
    END IF;
    SELECT p.key, p.method, p.state INTO v_payment FROM payment_intent p
     WHERE p.booking_id = v_booking.id AND p.state IN ('CAPTURED', 'CAPTURING')
     ORDER BY p.created_at DESC LIMIT 1;
    IF v_payment.state = 'CAPTURING' THEN
        RAISE EXCEPTION 'booking % is still being paid: wait for the capture''s result, then refund', v_booking.code
            USING ERRCODE = 'BO412';
    END IF;
    SELECT st.refund_approval_above_minor INTO v_limit FROM settings st;
    RETURN QUERY
    WITH chosen AS (
        SELECT bs.seat_id, se.label, bs.price_minor FROM booking_seat bs JOIN seat se ON se.id = bs.seat_id
         WHERE bs.booking_id = v_booking.id AND bs.active
           AND (cardinality(v_wanted) = 0 OR se.label = ANY (v_wanted)))
    SELECT v_booking.id, v_booking.code, v_booking.showtime_id, v_starts,
           ARRAY(SELECT c.seat_id FROM chosen c ORDER BY c.seat_id),
           ARRAY(SELECT c.label FROM chosen c ORDER BY c.seat_id),
           (SELECT coalesce(sum(c.price_minor), 0) FROM chosen c)::bigint, v_booking.currency::text,
           coalesce(v_payment.method, 'none'), v_payment.key,
           (SELECT coalesce(sum(c.price_minor), 0) FROM chosen c) + bo_refunded_before(v_booking.id) > v_limit
               OR v_starts <= now(),
           (SELECT count(*) FROM booking_seat bs WHERE bs.booking_id = v_booking.id AND bs.active)::integer
           - (SELECT count(*) FROM chosen)::integer;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_refund_begin(p_key uuid, p_code text, p_labels text[], p_reason text, p_terminal text, p_terminal_id uuid, p_approved_by integer, p_batch text)
 RETURNS TABLE(key uuid, booking_code text, showtime_id integer, seat_labels text[], amount_minor bigint, currency text, method text, payment_key uuid, state text, booking_status text, replay boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_reason      text := btrim(coalesce(p_reason, ''));
    v_fingerprint text;
    v_existing    refund%ROWTYPE;
    v_booking_id  uuid;
    v_quote       record;
    v_manager     boolean := pg_has_role(session_user, 'boxoffice_manager', 'MEMBER');
    v_staff       integer;
    v_approver    staff%ROWTYPE;
    v_shift       shift%ROWTYPE;
    v_state       text;
BEGIN
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'a refund needs its idempotency key' USING ERRCODE = 'BO400';
    END IF;
    IF v_reason = '' OR length(v_reason) > 200 OR v_reason ~ '[\r\n]' THEN
        RAISE EXCEPTION 'a refund needs a reason of one line, at most 200 characters' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a refund needs the terminal''s name' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        PERFORM bo_terminal_claim(p_terminal_id);
    END IF;
    IF p_batch IS NOT NULL AND (NOT v_manager OR length(p_batch) NOT BETWEEN 1 AND 100) THEN
        RAISE EXCEPTION 'a batch of refunds is a manager''s' USING ERRCODE = '42501';
    END IF;
    v_fingerprint := md5(concat_ws('|', upper(btrim(coalesce(p_code, ''))),
                                   (SELECT string_agg(DISTINCT upper(btrim(l)), ',' ORDER BY upper(btrim(l)))
                                      FROM unnest(coalesce(p_labels, '{}')) l WHERE btrim(l) <> ''),
                                   v_reason, p_batch));
    PERFORM set_config('synchronous_commit', 'on', true);
    PERFORM set_config('bo.announced', '', true);
    -- The booking first (lock order), then a repeat's answer.
    SELECT b.id INTO v_booking_id FROM booking b WHERE b.code = upper(btrim(coalesce(p_code, ''))) FOR UPDATE;
    SELECT * INTO v_existing FROM refund r WHERE r.key = p_key;
    IF FOUND THEN
        IF v_existing.fingerprint <> v_fingerprint THEN
            RAISE EXCEPTION 'refund key % was used for another refund', p_key USING ERRCODE = 'BO422';
        END IF;
        RETURN QUERY SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method,
                            s.payment_key, s.state, s.booking_status, true
                       FROM refund_status s WHERE s.key = p_key;
        RETURN;
    END IF;
    SELECT * INTO v_quote FROM bo_refund_quote(p_code, p_labels, p_terminal_id);
    PERFORM 1 FROM payment_intent p WHERE p.booking_id = v_quote.booking_id ORDER BY p.key FOR SHARE;
    IF v_manager THEN
        v_staff := bo_staff_acting(p_terminal_id);
    ELSE
        v_staff := bo_till_member(p_terminal_id);
    END IF;
    IF p_approved_by IS NOT NULL THEN
        SELECT * INTO v_approver FROM staff s WHERE s.id = p_approved_by;
        IF NOT FOUND OR v_approver.role NOT IN ('supervisor', 'manager') OR v_approver.disabled_at IS NOT NULL
           OR v_approver.locked_at IS NOT NULL THEN
            RAISE EXCEPTION 'staff % cannot approve a refund: only an active supervisor or manager',
                p_approved_by USING ERRCODE = 'BO412';
        END IF;
        IF v_approver.approved_at IS NULL OR v_approver.approved_at < clock_timestamp() - interval '2 minutes'
           OR v_approver.approved_terminal IS DISTINCT FROM p_terminal THEN
            RAISE EXCEPTION 'the approval of staff % is not from this till in the last two minutes: ask for the PIN again',
                p_approved_by USING ERRCODE = 'BO412';
        END IF;
    ELSIF v_quote.needs_approval AND NOT v_manager THEN
        RAISE EXCEPTION 'refunding % of booking % needs a supervisor''s approval', v_quote.amount_minor, v_quote.booking_code
            USING ERRCODE = 'BO412';
    END IF;
    IF v_quote.method = 'cash' AND p_batch IS NOT NULL THEN
        NULL; -- refund-all: the cash is owed until the customer comes to a till (bo_refund_finish)
    ELSIF v_quote.method = 'cash' THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'a cash refund comes out of this till''s drawer: open a shift first' USING ERRCODE = 'BO412';
        END IF;
        IF bo_shift_expected_cash(v_shift.id) < v_quote.amount_minor THEN
            RAISE EXCEPTION 'the drawer does not hold % for this refund', v_quote.amount_minor USING ERRCODE = 'BO412';
        END IF;
    ELSIF p_terminal_id IS NOT NULL THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL;
    END IF;
    v_state := CASE WHEN v_quote.amount_minor > 0 AND (v_quote.method = 'card'
                                                       OR (v_quote.method = 'cash' AND p_batch IS NOT NULL))
                    THEN 'REFUNDING' ELSE 'REFUNDED' END;
    INSERT INTO refund (key, booking_id, booking_code, showtime_id, payment_key, seat_ids, seat_labels, amount_minor,
                        currency, method, reason, state, staff_id, approved_by, terminal, terminal_id, shift_id, batch,
                        fingerprint, resolved_at)
    VALUES (p_key, v_quote.booking_id, v_quote.booking_code, v_quote.showtime_id, v_quote.payment_key, v_quote.seat_ids,
            v_quote.seat_labels, v_quote.amount_minor, v_quote.currency, v_quote.method, v_reason, v_state, v_staff,
            p_approved_by, p_terminal, p_terminal_id, v_shift.id, p_batch, v_fingerprint,
            CASE WHEN v_state = 'REFUNDED' THEN clock_timestamp() END);
    -- The seats go back on sale now.
    UPDATE booking_seat bs SET active = false WHERE bs.booking_id = v_quote.booking_id AND bs.seat_id = ANY (v_quote.seat_ids);
    PERFORM 1 FROM showtime_seat ss
     WHERE ss.showtime_id = v_quote.showtime_id AND ss.seat_id = ANY (v_quote.seat_ids)
     ORDER BY ss.seat_id FOR UPDATE;
    UPDATE showtime_seat ss SET status = 'FREE', booking_id = NULL
     WHERE ss.showtime_id = v_quote.showtime_id AND ss.seat_id = ANY (v_quote.seat_ids)
       AND ss.booking_id = v_quote.booking_id;
    IF v_quote.seats_left = 0 THEN
        UPDATE booking b SET status = 'REFUNDED', closed_at = clock_timestamp() WHERE b.id = v_quote.booking_id;
    END IF;
    PERFORM bo_audit_record(CASE v_state WHEN 'REFUNDED' THEN 'refund.refunded' ELSE 'refund.begin' END,
                            v_quote.booking_code, NULL,
                            jsonb_build_object('key', p_key, 'seats', v_quote.seat_labels, 'amount_minor',
                                               v_quote.amount_minor, 'currency', v_quote.currency, 'method',
                                               v_quote.method, 'reason', v_reason, 'approved_by', p_approved_by,
                                               'shift', v_shift.id, 'batch', p_batch),
                            p_terminal, v_staff);
    RETURN QUERY SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method,
                        s.payment_key, s.state, s.booking_status, false
                   FROM refund_status s WHERE s.key = p_key;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_refund_finish(p_key uuid, p_ok boolean, p_ref text, p_failure text, p_terminal_id uuid)
 RETURNS TABLE(key uuid, booking_code text, showtime_id integer, seat_labels text[], amount_minor bigint, currency text, method text, payment_key uuid, state text, booking_status text, replay boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_refund refund%ROWTYPE;
    v_shift  shift%ROWTYPE;
    v_to     text := CASE WHEN p_ok THEN 'REFUNDED' ELSE 'FAILED' END;
BEGIN
    IF p_key IS NULL OR p_ok IS NULL THEN
        RAISE EXCEPTION 'a refund''s result needs its key and whether it went through' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        PERFORM bo_terminal_claim(p_terminal_id);
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    SELECT * INTO v_refund FROM refund r WHERE r.key = p_key FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no refund %', p_key USING ERRCODE = 'BO404';
    END IF;
    -- A card refund's answer is the gateway's, which only the payment service calls (migration
    -- 0044): a till may no longer mark one done without it (issue 36 finding 4).
    IF v_refund.method = 'card' AND bo_terminal_kind() NOT IN ('service', 'owner') THEN
        RAISE EXCEPTION 'only the payment service records what the gateway answered to card refund %', p_key
            USING ERRCODE = '42501';
    END IF;
    IF v_refund.state <> 'REFUNDING' THEN
        IF v_refund.state <> v_to THEN
            RAISE EXCEPTION 'refund % is % already', p_key, lower(v_refund.state) USING ERRCODE = 'BO412';
        END IF;
        RETURN QUERY SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method,
                            s.payment_key, s.state, s.booking_status, true FROM refund_status s WHERE s.key = p_key;
        RETURN;
    END IF;
    IF v_refund.method = 'cash' AND p_ok THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'a cash refund comes out of this till''s drawer: open a shift first' USING ERRCODE = 'BO412';
        END IF;
        IF bo_shift_expected_cash(v_shift.id) < v_refund.amount_minor THEN
            RAISE EXCEPTION 'the drawer does not hold % for this refund', v_refund.amount_minor USING ERRCODE = 'BO412';
        END IF;
    END IF;
    UPDATE refund r SET state = v_to, resolved_at = clock_timestamp(), gateway_ref = nullif(left(p_ref, 200), ''),
                        failure = CASE WHEN p_ok THEN NULL ELSE left(coalesce(p_failure, 'refused'), 500) END,
                        shift_id = coalesce(v_shift.id, r.shift_id)
     WHERE r.key = p_key;
    PERFORM bo_audit_record('refund.' || lower(v_to), v_refund.booking_code, jsonb_build_object('state', 'REFUNDING'),
                            jsonb_build_object('key', p_key, 'amount_minor', v_refund.amount_minor, 'currency',
                                               v_refund.currency, 'method', v_refund.method, 'gateway_ref', p_ref,
                                               'failure', CASE WHEN p_ok THEN NULL ELSE p_failure END),
                            v_refund.terminal, v_refund.staff_id);
    RETURN QUERY SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method,
                        s.payment_key, s.state, s.booking_status, false FROM refund_status s WHERE s.key = p_key;
END $function$;

-- The refunds of one booking, of a manager's batch, or (the manager's pages) all of them. A till
-- lists one booking's, whose code it was given, or those made at its own tills (to send its open
-- card refunds again): every refund names its booking's code and payment key, which are
-- capabilities (issue 36, finding 3).
CREATE OR REPLACE FUNCTION public.bo_refund_list(p_code text, p_batch text, p_open boolean)
 RETURNS TABLE(key uuid, booking_code text, showtime_id integer, seat_labels text[], amount_minor bigint, currency text, method text, payment_key uuid, state text, booking_status text, reason text, failure text, terminal text, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_every boolean := bo_terminal_kind() IN ('manager', 'owner');
BEGIN
    RETURN QUERY
    SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method, s.payment_key,
           s.state, s.booking_status, s.reason, s.failure, s.terminal, s.created_at
      FROM refund_status s
     WHERE (p_code IS NULL OR s.booking_code = upper(btrim(p_code)))
       AND (v_every OR p_code IS NOT NULL
            OR EXISTS (SELECT 1 FROM refund r JOIN terminal_enrolment t ON t.terminal_id = r.terminal_id
                        WHERE r.key = s.key AND t.login = session_user))
       AND (p_batch IS NULL OR s.batch = p_batch)
       AND (NOT coalesce(p_open, false) OR s.state = 'REFUNDING')
     ORDER BY s.created_at, s.key
     LIMIT 10000;
END $function$;

-- One refund by its key, for the payment service, which sends a card refund to the gateway and
-- records its answer.
CREATE OR REPLACE FUNCTION public.bo_refund_find(p_key uuid)
 RETURNS TABLE(key uuid, booking_code text, showtime_id integer, seat_labels text[], amount_minor bigint, currency text, method text, payment_key uuid, state text, booking_status text, reason text, failure text, terminal text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method, s.payment_key,
           s.state, s.booking_status, s.reason, s.failure, s.terminal, s.created_at
      FROM refund_status s
     WHERE s.key = p_key
$function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_bookings(p_showtime integer)
 RETURNS TABLE(booking_id uuid, booking_code text, status text, seats integer, total_minor bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT b.id, b.code, b.status, (SELECT count(*)::integer FROM booking_seat bs WHERE bs.booking_id = b.id AND bs.active),
           b.total_minor
      FROM booking b WHERE b.showtime_id = p_showtime AND b.status IN ('CONFIRMED', 'REFUNDED')
     ORDER BY b.code
$function$;

CREATE OR REPLACE FUNCTION public.bo_approval_check(p_approved_by integer, p_terminal text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_approver staff%ROWTYPE;
BEGIN
    SELECT * INTO v_approver FROM staff s WHERE s.id = p_approved_by;
    IF NOT FOUND OR v_approver.role NOT IN ('supervisor', 'manager') OR v_approver.disabled_at IS NOT NULL
       OR v_approver.locked_at IS NOT NULL THEN
        RAISE EXCEPTION 'staff % cannot approve: only an active supervisor or manager', p_approved_by
            USING ERRCODE = 'BO412';
    END IF;
    IF v_approver.approved_at IS NULL OR v_approver.approved_at < clock_timestamp() - interval '2 minutes'
       OR v_approver.approved_terminal IS DISTINCT FROM p_terminal THEN
        RAISE EXCEPTION 'the approval of staff % is not from this till in the last two minutes: ask for the PIN again',
            p_approved_by USING ERRCODE = 'BO412';
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_exchange(p_key uuid, p_code text, p_labels text[], p_showtime integer, p_owner uuid, p_seats integer[], p_tiers text[], p_reason text, p_terminal text, p_terminal_id uuid, p_approved_by integer)
 RETURNS TABLE(response jsonb, replayed boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_reason      text := btrim(coalesce(p_reason, ''));
    v_fingerprint text;
    v_existing    exchange%ROWTYPE;
    v_quote       record;
    v_manager     boolean := pg_has_role(session_user, 'boxoffice_manager', 'MEMBER');
    v_staff       integer;
    v_confirmed   jsonb;
    v_new_id      uuid;
    v_new_code    text;
    v_new_total   bigint;
    v_diff        bigint;
    v_limit       bigint;
    v_shift       shift%ROWTYPE;
    v_payment     uuid;
    v_refund      uuid;
    v_refund_state text;
    v_response    jsonb;
BEGIN
    IF p_key IS NULL OR p_owner IS NULL OR p_showtime IS NULL THEN
        RAISE EXCEPTION 'an exchange needs its key, the new showtime and the hold of the new seats'
            USING ERRCODE = 'BO400';
    END IF;
    IF v_reason = '' OR length(v_reason) > 200 OR v_reason ~ '[\r\n]' THEN
        RAISE EXCEPTION 'an exchange needs a reason of one line, at most 200 characters' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'an exchange needs the terminal''s name' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        PERFORM bo_terminal_claim(p_terminal_id);
    END IF;
    v_fingerprint := md5(concat_ws('|', upper(btrim(coalesce(p_code, ''))),
                                   (SELECT string_agg(DISTINCT upper(btrim(l)), ',' ORDER BY upper(btrim(l)))
                                      FROM unnest(coalesce(p_labels, '{}')) l WHERE btrim(l) <> ''),
                                   p_showtime, p_owner, array_to_string(p_seats, ','),
                                   array_to_string(p_tiers, ','), v_reason));
    PERFORM set_config('synchronous_commit', 'on', true);
    PERFORM set_config('bo.announced', '', true);
    PERFORM 1 FROM booking b WHERE b.code = upper(btrim(coalesce(p_code, ''))) FOR UPDATE;
    SELECT * INTO v_existing FROM exchange e WHERE e.key = p_key;
    IF FOUND THEN
        IF v_existing.fingerprint <> v_fingerprint THEN
            RAISE EXCEPTION 'exchange key % was used for another exchange', p_key USING ERRCODE = 'BO422';
        END IF;
        RETURN QUERY SELECT v_existing.response, true;
        RETURN;
    END IF;
    SELECT * INTO v_quote FROM bo_refund_quote(p_code, p_labels, p_terminal_id);
    PERFORM 1 FROM payment_intent p WHERE p.booking_id = v_quote.booking_id ORDER BY p.key FOR SHARE;
    IF v_manager THEN
        v_staff := bo_staff_acting(p_terminal_id);
    ELSE
        v_staff := bo_till_member(p_terminal_id);
    END IF;

    -- The new booking, as any sale's confirm makes it (its seats held by p_owner).
    SELECT c.response INTO v_confirmed
      FROM bo_confirm_sale(p_terminal, md5(p_key::text || '/confirm')::uuid, p_showtime, p_owner, p_seats,
                           p_tiers, jsonb_build_object('method', 'exchange', 'exchange', p_key,
                                                       'exchange_of', v_quote.booking_code),
                           p_terminal_id, p_key) c;
    v_new_id := (v_confirmed ->> 'booking_id')::uuid;
    v_new_code := v_confirmed ->> 'code';
    v_new_total := (v_confirmed ->> 'total_minor')::bigint;
    IF (v_confirmed ->> 'currency') IS DISTINCT FROM v_quote.currency THEN
        RAISE EXCEPTION 'an exchange stays in one currency' USING ERRCODE = 'BO400';
    END IF;
    v_diff := v_new_total - v_quote.amount_minor;

    SELECT st.refund_approval_above_minor INTO v_limit FROM settings st;
    IF p_approved_by IS NOT NULL THEN
        PERFORM bo_approval_check(p_approved_by, p_terminal);
    ELSIF NOT v_manager AND (v_quote.starts_at <= now()
                             OR (v_diff < 0 AND -v_diff + bo_refunded_before(v_quote.booking_id) > v_limit)) THEN
        RAISE EXCEPTION 'exchanging booking % needs a supervisor''s approval', v_quote.booking_code
            USING ERRCODE = 'BO412';
    END IF;

    -- The difference.
    IF v_diff > 0 OR (v_diff < 0 AND v_quote.method = 'cash') THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'the difference of % is settled in cash at this till: open a shift first', abs(v_diff)
                USING ERRCODE = 'BO412';
        END IF;
    END IF;
    IF v_diff > 0 THEN
        v_payment := md5(p_key::text || '/difference')::uuid;
        INSERT INTO payment_intent (key, hold_token, showtime_id, booking_id, booking_code, terminal, terminal_id,
                                    method, amount_minor, currency, tendered_minor, change_minor, state,
                                    request_fingerprint, created_at, updated_at, resolved_at)
        VALUES (v_payment, p_owner, p_showtime, v_new_id, v_new_code, p_terminal, p_terminal_id, 'cash', v_diff,
                v_quote.currency, v_diff, 0, 'CAPTURED', v_fingerprint, clock_timestamp(), clock_timestamp(),
                clock_timestamp());
        INSERT INTO payment_event (key, seq, from_state, to_state, at, detail, terminal)
        VALUES (v_payment, 1, NULL, 'CAPTURED', clock_timestamp(),
                jsonb_build_object('exchange', p_key, 'exchange_of', v_quote.booking_code), session_user);
    ELSIF v_diff < 0 AND v_quote.method <> 'none' THEN
        IF v_quote.method = 'cash' AND bo_shift_expected_cash(v_shift.id) < -v_diff THEN
            RAISE EXCEPTION 'the drawer does not hold % for the difference', -v_diff USING ERRCODE = 'BO412';
        END IF;
        v_refund := md5(p_key::text || '/difference')::uuid;
        v_refund_state := CASE v_quote.method WHEN 'card' THEN 'REFUNDING' ELSE 'REFUNDED' END;
        INSERT INTO refund (key, booking_id, booking_code, showtime_id, payment_key, seat_ids, seat_labels,
                            amount_minor, currency, method, reason, state, staff_id, approved_by, terminal,
                            terminal_id, shift_id, fingerprint, resolved_at)
        VALUES (v_refund, v_quote.booking_id, v_quote.booking_code, v_quote.showtime_id, v_quote.payment_key,
                v_quote.seat_ids, v_quote.seat_labels, -v_diff, v_quote.currency, v_quote.method,
                'exchange to ' || v_new_code || ': ' || v_reason, v_refund_state, v_staff, p_approved_by, p_terminal,
                p_terminal_id, v_shift.id, v_fingerprint,
                CASE WHEN v_refund_state = 'REFUNDED' THEN clock_timestamp() END);
    END IF;

    -- The old seats go back on sale.
    UPDATE booking_seat bs SET active = false WHERE bs.booking_id = v_quote.booking_id AND bs.seat_id = ANY (v_quote.seat_ids);
    PERFORM 1 FROM showtime_seat ss
     WHERE ss.showtime_id = v_quote.showtime_id AND ss.seat_id = ANY (v_quote.seat_ids)
     ORDER BY ss.seat_id FOR UPDATE;
    UPDATE showtime_seat ss SET status = 'FREE', booking_id = NULL
     WHERE ss.showtime_id = v_quote.showtime_id AND ss.seat_id = ANY (v_quote.seat_ids)
       AND ss.booking_id = v_quote.booking_id;
    IF v_quote.seats_left = 0 THEN
        UPDATE booking b SET status = 'REFUNDED', closed_at = clock_timestamp() WHERE b.id = v_quote.booking_id;
    END IF;

    v_response := jsonb_build_object(
        'key', p_key, 'old_code', v_quote.booking_code, 'old_seats', to_jsonb(v_quote.seat_labels),
        'old_amount_minor', v_quote.amount_minor, 'new_code', v_new_code, 'new_booking', v_confirmed,
        'new_amount_minor', v_new_total, 'difference_minor', v_diff, 'currency', v_quote.currency,
        'payment_key', v_payment, 'refund_key', v_refund, 'refund_state', v_refund_state,
        'refund_method', CASE WHEN v_refund IS NOT NULL THEN v_quote.method END,
        'old_payment_key', v_quote.payment_key);
    INSERT INTO exchange (key, old_booking_id, old_code, old_seat_labels, old_amount_minor, new_booking_id, new_code,
                          new_amount_minor, difference_minor, currency, payment_key, refund_key, reason, staff_id,
                          approved_by, terminal, terminal_id, fingerprint, response)
    VALUES (p_key, v_quote.booking_id, v_quote.booking_code, v_quote.seat_labels, v_quote.amount_minor, v_new_id,
            v_new_code, v_new_total, v_diff, v_quote.currency, v_payment, v_refund, v_reason, v_staff, p_approved_by,
            p_terminal, p_terminal_id, v_fingerprint, v_response);
    PERFORM bo_audit_record('booking.exchange', v_quote.booking_code,
                            jsonb_build_object('code', v_quote.booking_code, 'seats', v_quote.seat_labels,
                                               'amount_minor', v_quote.amount_minor),
                            jsonb_build_object('code', v_new_code, 'showtime', p_showtime, 'amount_minor', v_new_total,
                                               'difference_minor', v_diff, 'reason', v_reason,
                                               'approved_by', p_approved_by),
                            p_terminal, v_staff);
    RETURN QUERY SELECT v_response, false;
END $function$;
