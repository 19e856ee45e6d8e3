-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Exchanges (issue 16, part 3; docs/DECISIONS.md, "An exchange is one transaction").
--
-- bo_exchange moves a booking's seats (all, or some) to seats the till holds for it — another
-- showtime or other seats of the same one — in one transaction: the new booking is confirmed
-- (bo_confirm, with the exchange named as its payment), the old seats go back on sale (a booking
-- left without seats is REFUNDED), and the difference is settled: a dearer exchange is paid in
-- cash into the till's open drawer (a cash payment of the new booking, CAPTURED, so the reports
-- count it); a cheaper one gives the difference back to the old booking's payment (a refund row:
-- cash out of the drawer at once, a card's REFUNDING until the till has asked the gateway with the
-- refund's key, as 0036). Killed at any point, the database has either the old booking or the new
-- one, never both and never neither.
--
-- Keyed by the till's idempotency key: a repeat returns the stored answer, another request with
-- that key is BO422. An exchange of a showtime that has started, or one that gives back more than
-- settings.refund_approval_above_minor, needs a supervisor's approval, as a refund does.
--
-- Lock order: the old booking, its payment intents (FOR SHARE), then bo_confirm's (the new seats),
-- the till's shift, the old seats.

CREATE TABLE exchange (
    key              uuid PRIMARY KEY,
    old_booking_id   uuid NOT NULL REFERENCES booking (id),
    old_code         text NOT NULL,
    old_seat_labels  text[] NOT NULL,
    old_amount_minor bigint NOT NULL CHECK (old_amount_minor >= 0),
    new_booking_id   uuid NOT NULL REFERENCES booking (id),
    new_code         text NOT NULL,
    new_amount_minor bigint NOT NULL CHECK (new_amount_minor >= 0),
    difference_minor bigint NOT NULL,
    currency         char(3) NOT NULL,
    payment_key      uuid REFERENCES payment_intent (key),
    refund_key       uuid REFERENCES refund (key),
    reason           text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
    staff_id         integer REFERENCES staff (id),
    approved_by      integer REFERENCES staff (id),
    login            text NOT NULL DEFAULT session_user,
    terminal         text NOT NULL,
    terminal_id      uuid,
    fingerprint      text NOT NULL,
    response         jsonb NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    CHECK (new_amount_minor - old_amount_minor = difference_minor)
);
CREATE INDEX exchange_old_idx ON exchange (old_booking_id);
CREATE TRIGGER exchange_kept BEFORE DELETE ON exchange FOR EACH ROW EXECUTE FUNCTION bo_shift_keep();
CREATE TRIGGER exchange_no_truncate BEFORE TRUNCATE ON exchange FOR EACH STATEMENT EXECUTE FUNCTION bo_shift_keep();

-- The approval a refund or an exchange needs (0036's rule): a supervisor or manager, active and
-- unlocked, whose PIN this till checked in the last two minutes. BO412 otherwise.
CREATE FUNCTION bo_approval_check(p_approved_by integer, p_terminal text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

CREATE FUNCTION bo_exchange(p_key uuid, p_code text, p_labels text[], p_showtime integer, p_owner uuid,
                            p_seats integer[], p_tiers text[], p_reason text, p_terminal text, p_terminal_id uuid,
                            p_approved_by integer)
RETURNS TABLE (response jsonb, replayed boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
    SELECT * INTO v_quote FROM bo_refund_quote(p_code, p_labels);
    PERFORM 1 FROM payment_intent p WHERE p.booking_id = v_quote.booking_id ORDER BY p.key FOR SHARE;
    IF v_manager THEN
        v_staff := bo_staff_acting(p_terminal_id);
    ELSE
        v_staff := bo_till_member(p_terminal_id);
    END IF;

    -- The new booking, as any sale's confirm makes it (its seats held by p_owner).
    SELECT c.response INTO v_confirmed
      FROM bo_confirm(p_terminal, md5(p_key::text || '/confirm')::uuid, p_showtime, p_owner, p_seats, p_tiers,
                      jsonb_build_object('method', 'exchange', 'exchange', p_key, 'exchange_of', v_quote.booking_code),
                      p_terminal_id) c;
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
    ELSIF NOT v_manager AND (v_quote.starts_at <= now() OR -v_diff > v_limit) THEN
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
               AND p.proname IN ('bo_exchange', 'bo_approval_check')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON exchange FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION bo_approval_check(integer, text),
    bo_exchange(uuid, text, text[], integer, uuid, integer[], text[], text, text, uuid, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION bo_exchange(uuid, text, text[], integer, uuid, integer[], text[], text, text, uuid, integer)
    TO boxoffice_terminal, boxoffice_manager;
