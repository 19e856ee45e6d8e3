-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Refunds and exchanges.
-- Each function's current and only body (db/functions/README.md).

-- What was already given back on a booking and on the bookings it was exchanged from: every
-- refund not FAILED, whatever its method. The approval limit counts it (docs/SECURITY.md, finding 9), so
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

-- What backs a booking (migration 0046; docs/SECURITY.md, finding 8): each payment that holds money for it,
-- with how much of that payment is still there to give back: the booking's own money taken
-- (AUTHORISED, CAPTURING, CAPTURED), plus what exchanges carried to it from the bookings it
-- replaced, less what exchanges carried on from it and what its refunds drew on that payment
-- (every refund not FAILED: a failed card refund is still owed, not held).
CREATE OR REPLACE FUNCTION public.bo_booking_backing(p_booking uuid)
 RETURNS TABLE(payment_key uuid, method text, state text, backing_minor bigint, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT p.key, p.method, p.state,
           greatest(0, (CASE WHEN p.booking_id = p_booking THEN p.amount_minor ELSE 0 END)
                       + coalesce((SELECT sum(c.amount_minor) FROM payment_carry c
                                    WHERE c.to_booking = p_booking AND c.payment_key = p.key), 0)
                       - coalesce((SELECT sum(c.amount_minor) FROM payment_carry c
                                    WHERE c.from_booking = p_booking AND c.payment_key = p.key), 0)
                       - coalesce((SELECT sum(r.amount_minor) FROM refund r
                                    WHERE r.booking_id = p_booking AND r.payment_key = p.key
                                      AND r.state <> 'FAILED'), 0))::bigint,
           p.created_at
      FROM payment_intent p
     WHERE p.state IN ('AUTHORISED', 'CAPTURING', 'CAPTURED')
       AND (p.booking_id = p_booking
            OR p.key IN (SELECT c.payment_key FROM payment_carry c WHERE c.to_booking = p_booking))
$function$;

-- How giving back p_amount of a booking splits over what backs it: the card first (the customer
-- gets back the card payment before any cash the till holds), then cash, newest payment first;
-- what no payment backs (a booking the owner made without one, or seats that cost nothing) is a
-- part of method 'none'. One part per payment, numbered in that order.
CREATE OR REPLACE FUNCTION public.bo_refund_split(p_booking uuid, p_amount bigint)
 RETURNS TABLE(part integer, payment_key uuid, method text, state text, amount_minor bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_left    bigint := greatest(coalesce(p_amount, 0), 0);
    v_backing record;
BEGIN
    part := 0;
    FOR v_backing IN
        SELECT b.payment_key, b.method, b.state, b.backing_minor FROM bo_booking_backing(p_booking) b
         WHERE b.backing_minor > 0
         ORDER BY (b.method = 'card') DESC, b.created_at DESC, b.payment_key
    LOOP
        EXIT WHEN v_left <= 0;
        part := part + 1;
        payment_key := v_backing.payment_key;
        method := v_backing.method;
        state := v_backing.state;
        amount_minor := least(v_left, v_backing.backing_minor);
        v_left := v_left - amount_minor;
        RETURN NEXT;
    END LOOP;
    IF v_left > 0 OR part = 0 THEN
        part := part + 1;
        payment_key := NULL;
        method := 'none';
        state := NULL;
        amount_minor := v_left;
        RETURN NEXT;
    END IF;
END $function$;

-- Writes a refund of p_amount as its parts (bo_refund_split), the first under p_key and the
-- others under keys made from it with part_of naming it. A card part waits for the gateway
-- (REFUNDING); a cash part comes out of this till's open drawer now (REFUNDED), or is owed until
-- the customer comes to a till (p_owed_cash, refund-all's); a 'none' part gives nothing back.
-- The till's shift must be open and its drawer hold the cash parts. Returns the parts written.
CREATE OR REPLACE FUNCTION public.bo_refund_write(p_key uuid, p_booking uuid, p_code text, p_showtime integer, p_seat_ids integer[], p_seat_labels text[], p_amount bigint, p_currency text, p_reason text, p_owed_cash boolean, p_staff integer, p_approved_by integer, p_terminal text, p_terminal_id uuid, p_batch text, p_fingerprint text)
 RETURNS TABLE(key uuid, method text, amount_minor bigint, state text, shift_id integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_parts record;
    v_cash  bigint;
    v_shift shift%ROWTYPE;
    v_part  record;
    v_key   uuid;
    v_state text;
BEGIN
    SELECT coalesce(sum(s.amount_minor) FILTER (WHERE s.method = 'cash'), 0) AS cash,
           bool_or(s.method = 'card' AND s.state <> 'CAPTURED') AS card_in_flight
      INTO v_parts FROM bo_refund_split(p_booking, p_amount) s;
    IF v_parts.card_in_flight THEN
        RAISE EXCEPTION 'booking % is still being paid: wait for the capture''s result, then refund', p_code
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('booking-still-being-paid', p_code);
    END IF;
    v_cash := v_parts.cash;
    IF v_cash > 0 AND NOT p_owed_cash THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'a cash refund comes out of this till''s drawer: open a shift first' USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('no-open-shift');
        END IF;
        IF bo_shift_expected_cash(v_shift.id) < v_cash THEN
            RAISE EXCEPTION 'the drawer does not hold % for this refund', v_cash USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('drawer-short-for-refund', v_cash);
        END IF;
    ELSIF p_terminal_id IS NOT NULL THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL;
    END IF;
    FOR v_part IN SELECT * FROM bo_refund_split(p_booking, p_amount) s ORDER BY s.part LOOP
        v_key := CASE WHEN v_part.part = 1 THEN p_key ELSE md5(p_key::text || '/part/' || v_part.part)::uuid END;
        v_state := CASE WHEN v_part.amount_minor > 0 AND (v_part.method = 'card'
                                                           OR (v_part.method = 'cash' AND p_owed_cash))
                        THEN 'REFUNDING' ELSE 'REFUNDED' END;
        INSERT INTO refund (key, booking_id, booking_code, showtime_id, payment_key, seat_ids, seat_labels,
                            amount_minor, currency, method, reason, state, staff_id, approved_by, terminal,
                            terminal_id, shift_id, batch, fingerprint, resolved_at, part_of)
        VALUES (v_key, p_booking, p_code, p_showtime, v_part.payment_key, p_seat_ids, p_seat_labels,
                v_part.amount_minor, p_currency, v_part.method, p_reason, v_state, p_staff, p_approved_by, p_terminal,
                p_terminal_id, v_shift.id, p_batch, p_fingerprint,
                CASE WHEN v_state = 'REFUNDED' THEN clock_timestamp() END,
                CASE WHEN v_part.part > 1 THEN p_key END);
        key := v_key;
        method := v_part.method;
        amount_minor := v_part.amount_minor;
        state := v_state;
        shift_id := v_shift.id;
        RETURN NEXT;
    END LOOP;
END $function$;

-- A booking as a refund or an exchange sees it. At a till only with a member signed in there (the
-- quote names the booking's seats, amount and payment key: a copied till credential alone looks
-- nothing up); a manager's pages look up any (docs/SECURITY.md, finding 3).
CREATE OR REPLACE FUNCTION public.bo_refund_quote(p_code text, p_labels text[], p_terminal_id uuid DEFAULT NULL)
 RETURNS TABLE(booking_id uuid, booking_code text, showtime_id integer, starts_at timestamp with time zone, seat_ids integer[], seat_labels text[], amount_minor bigint, currency text, method text, payment_key uuid, needs_approval boolean, seats_left integer, card_minor bigint, cash_minor bigint)
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
    v_amount   bigint;
BEGIN
    -- Anyone but a manager needs a member signed in at its till; the website (not granted this)
    -- has no till and no member, so it would be refused here too.
    IF coalesce(bo_terminal_kind(), '') NOT IN ('manager', 'owner') THEN
        PERFORM bo_till_member(p_terminal_id);
    END IF;
    IF p_code IS NULL OR upper(btrim(p_code)) !~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$' THEN
        RAISE EXCEPTION 'booking code % is not of the form XXXX-XXXX', coalesce(p_code, '(none)') USING ERRCODE = 'BO400';
    END IF;
    SELECT * INTO v_booking FROM booking b WHERE b.code = upper(btrim(p_code));
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no booking %', upper(btrim(p_code)) USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-booking', upper(btrim(p_code)));
    END IF;
    IF v_booking.status <> 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: nothing to refund', v_booking.code, lower(v_booking.status)
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('nothing-to-refund', v_booking.code, lower(v_booking.status));
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
                USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('seat-refunded-already', v_inactive, v_booking.code);
        END IF;
    END IF;
    SELECT coalesce(sum(bs.price_minor), 0)::bigint INTO v_amount
      FROM booking_seat bs JOIN seat se ON se.id = bs.seat_id
     WHERE bs.booking_id = v_booking.id AND bs.active AND (cardinality(v_wanted) = 0 OR se.label = ANY (v_wanted));
    -- How it goes back, from the ledger of what backs the booking (migration 0046): after an
    -- exchange that is the old booking's card payment as well as any cash the exchange added.
    SELECT (array_agg(s.method ORDER BY s.part))[1] AS method, (array_agg(s.payment_key ORDER BY s.part))[1] AS key,
           coalesce(sum(s.amount_minor) FILTER (WHERE s.method = 'card'), 0)::bigint AS card,
           coalesce(sum(s.amount_minor) FILTER (WHERE s.method = 'cash'), 0)::bigint AS cash,
           coalesce(bool_or(s.method = 'card' AND s.state <> 'CAPTURED'), false) AS card_in_flight
      INTO v_payment FROM bo_refund_split(v_booking.id, v_amount) s;
    IF v_payment.card_in_flight THEN
        RAISE EXCEPTION 'booking % is still being paid: wait for the capture''s result, then refund', v_booking.code
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('booking-still-being-paid', v_booking.code);
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
           v_amount, v_booking.currency::text,
           v_payment.method, v_payment.key,
           v_amount + bo_refunded_before(v_booking.id) > v_limit OR v_starts <= now(),
           (SELECT count(*) FROM booking_seat bs WHERE bs.booking_id = v_booking.id AND bs.active)::integer
           - (SELECT count(*) FROM chosen)::integer,
           v_payment.card, v_payment.cash;
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
    v_shift_id    integer;
    v_state       text;
    v_parts       jsonb;
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
        RAISE EXCEPTION 'a batch of refunds is a manager''s' USING ERRCODE = '42501',
            HINT = 'refusal: ' || json_build_array('batch-refund-is-managers');
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
            RAISE EXCEPTION 'refund key % was used for another refund', p_key USING ERRCODE = 'BO422',
                HINT = 'refusal: ' || json_build_array('key-reused', p_key);
        END IF;
        RETURN QUERY SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method,
                            s.payment_key, s.state, s.booking_status, true
                       FROM refund_status s WHERE s.key = p_key OR s.part_of = p_key
                      ORDER BY s.part_of IS NOT NULL, s.created_at, s.key;
        RETURN;
    END IF;
    SELECT * INTO v_quote FROM bo_refund_quote(p_code, p_labels, p_terminal_id);
    PERFORM 1 FROM payment_intent p
     WHERE p.booking_id = v_quote.booking_id
        OR p.key IN (SELECT c.payment_key FROM payment_carry c WHERE c.to_booking = v_quote.booking_id)
     ORDER BY p.key FOR SHARE;
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
                p_approved_by USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('cannot-approve', p_approved_by);
        END IF;
        IF v_approver.approved_at IS NULL OR v_approver.approved_at < clock_timestamp() - interval '2 minutes'
           OR v_approver.approved_terminal IS DISTINCT FROM p_terminal THEN
            RAISE EXCEPTION 'the approval of staff % is not from this till in the last two minutes: ask for the PIN again',
                p_approved_by USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('approval-stale', p_approved_by);
        END IF;
    ELSIF v_quote.needs_approval AND NOT v_manager THEN
        RAISE EXCEPTION 'refunding % of booking % needs a supervisor''s approval', v_quote.amount_minor, v_quote.booking_code
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('refund-needs-approval', v_quote.amount_minor, v_quote.booking_code);
    END IF;
    -- The money back, part by part over what backs the booking (bo_refund_write).
    SELECT coalesce(jsonb_agg(jsonb_build_object('key', w.key, 'method', w.method, 'amount_minor', w.amount_minor,
                                                 'state', w.state)), '[]'), max(w.shift_id),
           (array_agg(w.state))[1]
      INTO v_parts, v_shift_id, v_state
      FROM bo_refund_write(p_key, v_quote.booking_id, v_quote.booking_code, v_quote.showtime_id, v_quote.seat_ids,
                           v_quote.seat_labels, v_quote.amount_minor, v_quote.currency, v_reason, p_batch IS NOT NULL,
                           v_staff, p_approved_by, p_terminal, p_terminal_id, p_batch, v_fingerprint) w;
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
                                               v_quote.method, 'parts', v_parts, 'reason', v_reason,
                                               'approved_by', p_approved_by, 'shift', v_shift_id, 'batch', p_batch),
                            p_terminal, v_staff);
    -- The refund's first part, then its others (a card part first, then cash).
    RETURN QUERY SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method,
                        s.payment_key, s.state, s.booking_status, false
                   FROM refund_status s WHERE s.key = p_key OR s.part_of = p_key
                  ORDER BY s.part_of IS NOT NULL, s.created_at, s.key;
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
        RAISE EXCEPTION 'there is no refund %', p_key USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-refund', p_key);
    END IF;
    -- A card refund's answer is the gateway's, which only the payment service calls (migration
    -- 0044): a till may no longer mark one done without it (docs/SECURITY.md, finding 4).
    IF v_refund.method = 'card' AND bo_terminal_kind() NOT IN ('service', 'owner') THEN
        RAISE EXCEPTION 'only the payment service records what the gateway answered to card refund %', p_key
            USING ERRCODE = '42501',
            HINT = 'refusal: ' || json_build_array('only-service-records-card-refund', p_key);
    END IF;
    IF v_refund.state <> 'REFUNDING' THEN
        IF v_refund.state <> v_to THEN
            RAISE EXCEPTION 'refund % is % already', p_key, lower(v_refund.state) USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('refund-already', p_key, lower(v_refund.state));
        END IF;
        RETURN QUERY SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method,
                            s.payment_key, s.state, s.booking_status, true FROM refund_status s WHERE s.key = p_key;
        RETURN;
    END IF;
    IF v_refund.method = 'cash' AND p_ok THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'a cash refund comes out of this till''s drawer: open a shift first' USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('no-open-shift');
        END IF;
        IF bo_shift_expected_cash(v_shift.id) < v_refund.amount_minor THEN
            RAISE EXCEPTION 'the drawer does not hold % for this refund', v_refund.amount_minor USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('drawer-short-for-refund', v_refund.amount_minor);
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
-- capabilities (docs/SECURITY.md, finding 3).
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('cannot-approve', p_approved_by);
    END IF;
    IF v_approver.approved_at IS NULL OR v_approver.approved_at < clock_timestamp() - interval '2 minutes'
       OR v_approver.approved_terminal IS DISTINCT FROM p_terminal THEN
        RAISE EXCEPTION 'the approval of staff % is not from this till in the last two minutes: ask for the PIN again',
            p_approved_by USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('approval-stale', p_approved_by);
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
    v_refund_method text;
    v_parts       jsonb;
    v_carry       bigint;
    v_backing     record;
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
            RAISE EXCEPTION 'exchange key % was used for another exchange', p_key USING ERRCODE = 'BO422',
                HINT = 'refusal: ' || json_build_array('key-reused', p_key);
        END IF;
        RETURN QUERY SELECT v_existing.response, true;
        RETURN;
    END IF;
    SELECT * INTO v_quote FROM bo_refund_quote(p_code, p_labels, p_terminal_id);
    PERFORM 1 FROM payment_intent p
     WHERE p.booking_id = v_quote.booking_id
        OR p.key IN (SELECT c.payment_key FROM payment_carry c WHERE c.to_booking = v_quote.booking_id)
     ORDER BY p.key FOR SHARE;
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('exchange-needs-approval', v_quote.booking_code);
    END IF;

    -- The difference: a dearer exchange takes it in cash at this till; a cheaper one gives it back
    -- over what backs the old booking (bo_refund_write: the card first, then cash from the drawer).
    IF v_diff > 0 THEN
        SELECT * INTO v_shift FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'the difference of % is settled in cash at this till: open a shift first', v_diff
                USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('difference-needs-shift', v_diff);
        END IF;
        v_payment := md5(p_key::text || '/difference')::uuid;
        INSERT INTO payment_intent (key, hold_token, showtime_id, booking_id, booking_code, terminal, terminal_id,
                                    method, amount_minor, currency, tendered_minor, change_minor, state,
                                    request_fingerprint, created_at, updated_at, resolved_at, shift_id)
        VALUES (v_payment, p_owner, p_showtime, v_new_id, v_new_code, p_terminal, p_terminal_id, 'cash', v_diff,
                v_quote.currency, v_diff, 0, 'CAPTURED', v_fingerprint, clock_timestamp(), clock_timestamp(),
                clock_timestamp(), v_shift.id);
        INSERT INTO payment_event (key, seq, from_state, to_state, at, detail, terminal)
        VALUES (v_payment, 1, NULL, 'CAPTURED', clock_timestamp(),
                jsonb_build_object('exchange', p_key, 'exchange_of', v_quote.booking_code), session_user);
    ELSIF v_diff < 0 AND EXISTS (SELECT 1 FROM bo_refund_split(v_quote.booking_id, -v_diff) s WHERE s.method <> 'none') THEN
        v_refund := md5(p_key::text || '/difference')::uuid;
        SELECT coalesce(jsonb_agg(jsonb_build_object('key', w.key, 'method', w.method, 'amount_minor', w.amount_minor,
                                                     'state', w.state)), '[]'),
               (array_agg(w.state))[1], (array_agg(w.method))[1]
          INTO v_parts, v_refund_state, v_refund_method
          FROM bo_refund_write(v_refund, v_quote.booking_id, v_quote.booking_code, v_quote.showtime_id,
                               v_quote.seat_ids, v_quote.seat_labels, -v_diff, v_quote.currency,
                               'exchange to ' || v_new_code || ': ' || v_reason, false, v_staff, p_approved_by,
                               p_terminal, p_terminal_id, NULL, v_fingerprint) w;
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
        'refund_method', v_refund_method, 'refund_parts', v_parts,
        'old_payment_key', v_quote.payment_key);
    INSERT INTO exchange (key, old_booking_id, old_code, old_seat_labels, old_amount_minor, new_booking_id, new_code,
                          new_amount_minor, difference_minor, currency, payment_key, refund_key, reason, staff_id,
                          approved_by, terminal, terminal_id, fingerprint, response)
    VALUES (p_key, v_quote.booking_id, v_quote.booking_code, v_quote.seat_labels, v_quote.amount_minor, v_new_id,
            v_new_code, v_new_total, v_diff, v_quote.currency, v_payment, v_refund, v_reason, v_staff, p_approved_by,
            p_terminal, p_terminal_id, v_fingerprint, v_response);
    -- The new booking takes over what paid for the old seats (at most its own price; the rest went
    -- back above), card first, so its refund later goes back to that card (migration 0046).
    v_carry := least(v_quote.amount_minor, v_new_total);
    FOR v_backing IN
        SELECT b.payment_key, b.backing_minor FROM bo_booking_backing(v_quote.booking_id) b
         WHERE b.backing_minor > 0
         ORDER BY (b.method = 'card') DESC, b.created_at DESC, b.payment_key
    LOOP
        EXIT WHEN v_carry <= 0;
        INSERT INTO payment_carry (exchange_key, payment_key, from_booking, to_booking, amount_minor)
        VALUES (p_key, v_backing.payment_key, v_quote.booking_id, v_new_id, least(v_carry, v_backing.backing_minor));
        v_carry := v_carry - least(v_carry, v_backing.backing_minor);
    END LOOP;
    PERFORM bo_audit_record('booking.exchange', v_quote.booking_code,
                            jsonb_build_object('code', v_quote.booking_code, 'seats', v_quote.seat_labels,
                                               'amount_minor', v_quote.amount_minor),
                            jsonb_build_object('code', v_new_code, 'showtime', p_showtime, 'amount_minor', v_new_total,
                                               'difference_minor', v_diff, 'reason', v_reason,
                                               'approved_by', p_approved_by),
                            p_terminal, v_staff);
    RETURN QUERY SELECT v_response, false;
END $function$;
