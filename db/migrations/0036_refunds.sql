-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Refunds (issue 16, part 3; docs/DECISIONS.md, "A refund frees the seats first, then pays back").
--
-- * bo_refund_quote says what a refund of a booking, or of some of its seats, would be: the seats,
--   the amount (what those seats cost), the method (the captured payment's; 'none' when the
--   booking carried none) and whether it needs a supervisor's approval: above
--   settings.refund_approval_above_minor, or once the showtime has started.
-- * bo_refund_begin makes it, keyed by the till's idempotency key (a repeat with the same key and
--   request returns the refund as it stands; another request with that key is BO422). In one
--   transaction: the seats' booking rows go inactive and the seats FREE (a booking with no seat left
--   is REFUNDED), the refund row is written, and the money: cash leaves the refunding till's open
--   drawer (REFUNDED at once; refund-all's cash is owed, REFUNDING, until a till hands it back), a
--   card refund is REFUNDING until the terminal has asked the gateway
--   (with the refund's key, so that asking again is safe) and said so with bo_refund_finish.
--   Freeing the seats first means a failure after it leaves a refund to finish, never a customer
--   paid back who still holds the seats.
-- * Approval: a terminal's refund that needs one names a supervisor or manager whose PIN the till
--   checked within the last two minutes (bo_staff_pin_result 'approve', 0034). A manager's database
--   login is the approval itself. The member signed in at the till makes it.
-- * refund-all: a manager's batch over a cancelled showtime's bookings uses keys derived from the
--   showtime and booking (the program's), so a run killed half way is resumed by running it again.
-- * The door refuses a refunded seat's ticket ('REFUNDED'), online and offline (bo_checkin,
--   bo_door_sync and bo_door_tickets below read the seat's booking row, not only the booking).
--
-- Lock order: the booking, its payment intents (FOR SHARE), the till's shift, the seats — as
-- bo_cancel_booking (0011).

-- What a refund of booking p_code's seats p_labels (all its seats when empty) would be.
CREATE FUNCTION bo_refund_quote(p_code text, p_labels text[])
RETURNS TABLE (booking_id uuid, booking_code text, showtime_id integer, starts_at timestamptz, seat_ids integer[],
               seat_labels text[], amount_minor bigint, currency text, method text, payment_key uuid,
               needs_approval boolean, seats_left integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
           (SELECT coalesce(sum(c.price_minor), 0) FROM chosen c) > v_limit OR v_starts <= now(),
           (SELECT count(*) FROM booking_seat bs WHERE bs.booking_id = v_booking.id AND bs.active)::integer
           - (SELECT count(*) FROM chosen)::integer;
END $$;

-- One refund as the functions return it.
CREATE VIEW refund_status AS
SELECT r.key, r.booking_code, r.showtime_id, r.seat_labels, r.amount_minor, r.currency::text AS currency, r.method,
       r.payment_key, r.state, r.gateway_ref, r.failure, r.reason, r.staff_id, r.approved_by, r.login, r.terminal,
       r.shift_id, r.batch, r.created_at, r.resolved_at, b.status AS booking_status
  FROM refund r JOIN booking b ON b.id = r.booking_id;

CREATE FUNCTION bo_refund_begin(p_key uuid, p_code text, p_labels text[], p_reason text, p_terminal text,
                                p_terminal_id uuid, p_approved_by integer, p_batch text)
RETURNS TABLE (key uuid, booking_code text, showtime_id integer, seat_labels text[], amount_minor bigint,
               currency text, method text, payment_key uuid, state text, booking_status text, replay boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
    SELECT * INTO v_quote FROM bo_refund_quote(p_code, p_labels);
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
END $$;

-- The gateway's answer to a card refund: REFUNDING -> REFUNDED (p_ok) or FAILED (the card could
-- not take it back: staff settle it another way, the reason kept). A cash refund owed by refund-all
-- is finished by the till that hands the cash back (p_terminal_id: out of its open drawer). A
-- repeat of the same answer returns the refund; another answer to a resolved refund is BO412.
CREATE FUNCTION bo_refund_finish(p_key uuid, p_ok boolean, p_ref text, p_failure text, p_terminal_id uuid)
RETURNS TABLE (key uuid, booking_code text, showtime_id integer, seat_labels text[], amount_minor bigint,
               currency text, method text, payment_key uuid, state text, booking_status text, replay boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_refund refund%ROWTYPE;
    v_shift  shift%ROWTYPE;
    v_to     text := CASE WHEN p_ok THEN 'REFUNDED' ELSE 'FAILED' END;
BEGIN
    IF p_key IS NULL OR p_ok IS NULL THEN
        RAISE EXCEPTION 'a refund''s result needs its key and whether it went through' USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    SELECT * INTO v_refund FROM refund r WHERE r.key = p_key FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no refund %', p_key USING ERRCODE = 'BO404';
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
END $$;

-- Refunds of a booking, of a batch, or all still REFUNDING (p_open).
CREATE FUNCTION bo_refund_list(p_code text, p_batch text, p_open boolean)
RETURNS TABLE (key uuid, booking_code text, showtime_id integer, seat_labels text[], amount_minor bigint,
               currency text, method text, payment_key uuid, state text, booking_status text, reason text,
               failure text, terminal text, created_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT s.key, s.booking_code, s.showtime_id, s.seat_labels, s.amount_minor, s.currency, s.method, s.payment_key,
           s.state, s.booking_status, s.reason, s.failure, s.terminal, s.created_at
      FROM refund_status s
     WHERE (p_code IS NULL OR s.booking_code = upper(btrim(p_code)))
       AND (p_batch IS NULL OR s.batch = p_batch)
       AND (NOT coalesce(p_open, false) OR s.state = 'REFUNDING')
     ORDER BY s.created_at, s.key
     LIMIT 10000
$$;

-- The confirmed bookings of a showtime (refund-all's work list), in code order.
CREATE FUNCTION bo_showtime_bookings(p_showtime integer)
RETURNS TABLE (booking_id uuid, booking_code text, status text, seats integer, total_minor bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT b.id, b.code, b.status, (SELECT count(*)::integer FROM booking_seat bs WHERE bs.booking_id = b.id AND bs.active),
           b.total_minor
      FROM booking b WHERE b.showtime_id = p_showtime AND b.status IN ('CONFIRMED', 'REFUNDED')
     ORDER BY b.code
$$;

-- ---------------------------------------------------------------------------------------------
-- The door: a seat refunded out of a booking that keeps others is refused as REFUNDED. The three
-- functions as 0012 and 0018 made them, with the seat's booking row read beside its booking.

CREATE OR REPLACE FUNCTION bo_checkin(p_serial integer, p_payload text, p_door text, p_showtime integer)
RETURNS TABLE (verdict text, showtime_id integer, seat_label text, tier_name text, admitted_at timestamptz,
               door text, admitted integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_ticket  record;
    v_status  text;
    v_prior   record;
    v_count   integer;
BEGIN
    IF p_door IS NULL OR length(p_door) NOT BETWEEN 1 AND 80 THEN
        RAISE EXCEPTION 'a door is named by 1 to 80 characters' USING ERRCODE = 'BO400';
    END IF;
    -- The ticket's row lock orders every door scanning this serial: the second waits for the
    -- first's commit, then sees its admit (each statement reads a new snapshot).
    SELECT t.serial, t.booking_id, t.showtime_id, t.seat_id, t.payload, t.voided_at INTO v_ticket
      FROM ticket t WHERE t.serial = p_serial FOR UPDATE;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'UNKNOWN'::text, NULL::integer, NULL::text, NULL::text, NULL::timestamptz,
                            NULL::text, NULL::integer;
        RETURN;
    END IF;
    showtime_id := v_ticket.showtime_id;
    SELECT se.label, coalesce(pt.name, bs.tier_code) INTO seat_label, tier_name
      FROM booking_seat bs JOIN seat se ON se.id = bs.seat_id
      JOIN showtime st ON st.id = bs.showtime_id
      LEFT JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = bs.tier_code
     WHERE bs.booking_id = v_ticket.booking_id AND bs.seat_id = v_ticket.seat_id;
    IF v_ticket.payload IS DISTINCT FROM p_payload THEN
        verdict := 'FORGED';
    ELSIF v_ticket.voided_at IS NOT NULL THEN
        verdict := 'REPRINTED';
    ELSIF p_showtime IS NOT NULL AND p_showtime <> v_ticket.showtime_id THEN
        verdict := 'WRONG_SHOWTIME';
    ELSE
        SELECT CASE WHEN b.status = 'CONFIRMED' AND NOT bs.active THEN 'REFUNDED' ELSE b.status END INTO v_status
              FROM booking b JOIN ticket tt ON tt.serial = p_serial
              JOIN booking_seat bs ON bs.booking_id = tt.booking_id AND bs.seat_id = tt.seat_id
             WHERE b.id = v_ticket.booking_id FOR SHARE OF b;
        IF v_status = 'CANCELLED' THEN
            verdict := 'CANCELLED';
        ELSIF v_status = 'REFUNDED' THEN
            verdict := 'REFUNDED';
        ELSIF v_status <> 'CONFIRMED' THEN
            verdict := 'NOT_VALID';
        ELSE
            SELECT c.admitted_at, c.door INTO v_prior FROM checkin c
             WHERE c.ticket_serial = p_serial AND c.undone_at IS NULL;
            IF FOUND THEN
                verdict := 'ALREADY_USED';
                admitted_at := v_prior.admitted_at;
                door := v_prior.door;
            ELSE
                INSERT INTO checkin (ticket_serial, showtime_id, door)
                VALUES (p_serial, v_ticket.showtime_id, p_door)
                RETURNING checkin.admitted_at, checkin.door INTO admitted_at, door;
                verdict := 'ADMITTED';
            END IF;
        END IF;
    END IF;
    SELECT count(*)::integer INTO v_count FROM checkin c
     WHERE c.showtime_id = v_ticket.showtime_id AND c.undone_at IS NULL;
    admitted := v_count;
    IF verdict = 'ADMITTED' THEN
        PERFORM pg_notify('bo_checkins', v_ticket.showtime_id::text || '|' || v_count::text);
    END IF;
    RETURN NEXT;
END $$;

CREATE OR REPLACE FUNCTION bo_door_sync(p_scan uuid, p_serial integer, p_payload text, p_door text, p_showtime integer,
                             p_scanned_at timestamptz, p_door_verdict text, p_undone_at timestamptz)
RETURNS TABLE (result text, first_door text, first_admitted_at timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_done    record;
    v_ticket  record;
    v_status  text;
    v_prior   record;
    v_checkin bigint;
    v_count   integer;
BEGIN
    IF p_scan IS NULL OR p_scanned_at IS NULL OR p_door IS NULL OR length(p_door) NOT BETWEEN 1 AND 80
       OR p_door_verdict IS NULL OR p_door_verdict !~ '^[A-Z_]{1,20}$' THEN
        RAISE EXCEPTION 'a synced scan has an id, a time, a door (1 to 80 characters) and a verdict'
            USING ERRCODE = 'BO400';
    END IF;
    -- Once per scan: a sync repeated after a lost answer returns what the first one stored. The
    -- advisory lock orders two syncs of the same scan (two door processes on one journal).
    PERFORM pg_advisory_xact_lock(hashtext(p_scan::text));
    SELECT d.result, d.first_door, d.first_admitted_at INTO v_done FROM door_scan d WHERE d.scan_id = p_scan;
    IF FOUND THEN
        RETURN QUERY SELECT v_done.result, v_done.first_door, v_done.first_admitted_at;
        RETURN;
    END IF;
    SELECT c.id INTO v_checkin FROM checkin c WHERE c.scan_id = p_scan;
    IF FOUND THEN
        result := 'ADMITTED'; -- admitted online; the door never heard the answer
    ELSIF p_door_verdict = 'PENDING' THEN
        result := 'NOT_ADMITTED';
    ELSIF p_door_verdict <> 'ADMITTED' THEN
        result := 'REFUSED';
    ELSE
        SELECT t.serial, t.showtime_id, t.payload, t.voided_at, t.booking_id INTO v_ticket
          FROM ticket t WHERE t.serial = p_serial FOR UPDATE;
        IF NOT FOUND THEN
            result := 'UNKNOWN';
        ELSIF v_ticket.payload IS DISTINCT FROM p_payload THEN
            result := 'FORGED';
        ELSIF v_ticket.voided_at IS NOT NULL THEN
            result := 'REPRINTED';
        ELSIF p_showtime IS NOT NULL AND p_showtime <> v_ticket.showtime_id THEN
            result := 'WRONG_SHOWTIME';
        ELSE
            SELECT CASE WHEN b.status = 'CONFIRMED' AND NOT bs.active THEN 'REFUNDED' ELSE b.status END INTO v_status
              FROM booking b JOIN ticket tt ON tt.serial = p_serial
              JOIN booking_seat bs ON bs.booking_id = tt.booking_id AND bs.seat_id = tt.seat_id
             WHERE b.id = v_ticket.booking_id FOR SHARE OF b;
            SELECT c.admitted_at, c.door INTO v_prior FROM checkin c
             WHERE c.ticket_serial = p_serial AND c.undone_at IS NULL;
            IF v_status = 'CANCELLED' THEN
                result := 'CANCELLED';
            ELSIF v_status = 'REFUNDED' THEN
                result := 'REFUNDED';
            ELSIF v_status <> 'CONFIRMED' THEN
                result := 'NOT_VALID';
            ELSIF v_prior IS NOT NULL AND v_prior.door IS NOT NULL AND p_undone_at IS NULL THEN
                result := 'USED_TWICE';
                first_door := v_prior.door;
                first_admitted_at := v_prior.admitted_at;
            ELSIF v_prior IS NOT NULL AND v_prior.door IS NOT NULL THEN
                result := 'UNDONE'; -- taken back at the door: nobody is in the seat twice
            ELSE
                INSERT INTO checkin (ticket_serial, showtime_id, door, admitted_at, offline, scan_id,
                                     undone_at, undone_by)
                VALUES (p_serial, v_ticket.showtime_id, p_door, p_scanned_at, true, p_scan, p_undone_at,
                        CASE WHEN p_undone_at IS NOT NULL THEN session_user END)
                RETURNING id INTO v_checkin;
                result := CASE WHEN p_undone_at IS NULL THEN 'ADMITTED' ELSE 'UNDONE' END;
                IF p_undone_at IS NULL THEN
                    SELECT count(*)::integer INTO v_count FROM checkin c
                     WHERE c.showtime_id = v_ticket.showtime_id AND c.undone_at IS NULL;
                    PERFORM bo_announce('bo_checkins', v_ticket.showtime_id::text || '|' || v_count::text);
                END IF;
            END IF;
        END IF;
    END IF;
    INSERT INTO door_scan (scan_id, door, scanned_at, ticket_serial, showtime_id, door_verdict, undone_at,
                           result, checkin_id, first_door, first_admitted_at)
    VALUES (p_scan, p_door, p_scanned_at, p_serial, p_showtime, p_door_verdict, p_undone_at, result,
            v_checkin, first_door, first_admitted_at);
    RETURN NEXT;
END $$;

CREATE OR REPLACE FUNCTION bo_door_tickets(p_showtimes integer[])
RETURNS TABLE (serial integer, showtime_id integer, seat_id integer, booking_code text, seat_label text,
               tier_name text, booking_status text, voided boolean, used_at timestamptz, used_door text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_showtimes IS NULL OR cardinality(p_showtimes) > 64 THEN
        RAISE EXCEPTION 'a door lists the tickets of 0 to 64 showtimes' USING ERRCODE = 'BO400';
    END IF;
    RETURN QUERY
    SELECT t.serial, t.showtime_id, t.seat_id, b.code, se.label, coalesce(pt.name, bs.tier_code),
           CASE WHEN b.status = 'CONFIRMED' AND NOT bs.active THEN 'REFUNDED' ELSE b.status END,
           t.voided_at IS NOT NULL, c.admitted_at, c.door
      FROM ticket t
      JOIN booking b ON b.id = t.booking_id
      JOIN booking_seat bs ON bs.booking_id = t.booking_id AND bs.seat_id = t.seat_id
      JOIN showtime st ON st.id = t.showtime_id
      JOIN seat se ON se.id = t.seat_id
      LEFT JOIN price_tier pt ON pt.price_list_id = st.price_list_id AND pt.code = bs.tier_code
      LEFT JOIN checkin c ON c.ticket_serial = t.serial AND c.undone_at IS NULL
     WHERE t.showtime_id = ANY (p_showtimes) AND t.payload IS NOT NULL
     ORDER BY t.serial;
END $$;

DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND (p.proname LIKE 'bo\_refund%' OR p.proname IN ('bo_showtime_bookings', 'bo_checkin', 'bo_door_sync',
                                                                  'bo_door_tickets'))
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON refund_status FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION bo_refund_quote(text, text[]),
    bo_refund_begin(uuid, text, text[], text, text, uuid, integer, text), bo_refund_finish(uuid, boolean, text, text, uuid),
    bo_refund_list(text, text, boolean), bo_showtime_bookings(integer) FROM PUBLIC;
-- A till refunds (its member signed in, a supervisor's approval where needed); refund-all and the
-- showtime's list are a manager's.
GRANT EXECUTE ON FUNCTION bo_refund_quote(text, text[]),
    bo_refund_begin(uuid, text, text[], text, text, uuid, integer, text), bo_refund_finish(uuid, boolean, text, text, uuid),
    bo_refund_list(text, text, boolean) TO boxoffice_terminal, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_bookings(integer) TO boxoffice_manager;
