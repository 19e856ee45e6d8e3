-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Payment intents: create, advance, record, list, and the reconciler's lead.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_payment_keep_records()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    RAISE EXCEPTION '% is a financial record: % is refused', TG_TABLE_NAME, lower(TG_OP)
        USING ERRCODE = '42501';
END $function$;

CREATE OR REPLACE FUNCTION public.bo_payment_may_move(p_method text, p_from text, p_to text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT CASE p_method
        WHEN 'card' THEN (p_from, p_to) IN (('NEW', 'AUTHORISING'), ('NEW', 'ABANDONED'),
                                            ('AUTHORISING', 'AUTHORISED'), ('AUTHORISING', 'DECLINED'),
                                            ('AUTHORISING', 'ABANDONED'),
                                            ('AUTHORISED', 'CAPTURING'), ('AUTHORISED', 'VOIDING'),
                                            ('CAPTURING', 'CAPTURED'), ('VOIDING', 'VOIDED'),
                                            ('CAPTURED', 'REFUNDING'), ('REFUNDING', 'REFUNDED'))
        WHEN 'cash' THEN (p_from, p_to) IN (('AUTHORISED', 'CAPTURED'), ('AUTHORISED', 'VOIDED'),
                                            ('CAPTURED', 'REFUNDED'))
        ELSE false
    END
$function$;

CREATE OR REPLACE FUNCTION public.bo_payment_record(p_key uuid, p_from text, p_to text, p_at timestamp with time zone, p_detail jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    INSERT INTO payment_event (key, seq, from_state, to_state, at, detail, terminal)
    SELECT p_key, coalesce(max(e.seq), 0) + 1, p_from, p_to, p_at,
           jsonb_strip_nulls(coalesce(p_detail, '{}') || jsonb_build_object(
               'app', nullif(current_setting('application_name', true), ''))),
           session_user
      FROM payment_event e WHERE e.key = p_key
$function$;

CREATE OR REPLACE FUNCTION public.bo_payment_create(p_key uuid, p_hold_token uuid, p_showtime integer, p_booking uuid, p_booking_code text, p_terminal text, p_terminal_id uuid, p_method text, p_amount_minor bigint, p_currency text, p_tendered_minor bigint, p_gateway text)
 RETURNS SETOF payment_intent_status
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_fingerprint text;
    v_stored      text;
    v_booking     record;
    v_other       record;
    v_state       text;
    v_tendered    bigint;
    v_now         timestamptz;
    v_claimed     boolean;
BEGIN
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'payment key missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_hold_token IS NULL OR p_booking IS NULL THEN
        RAISE EXCEPTION 'hold token or booking missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'terminal name missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        PERFORM bo_terminal_claim(p_terminal_id);
    END IF;
    IF p_method IS NULL OR p_method NOT IN ('card', 'cash') THEN
        RAISE EXCEPTION 'payment method % is neither card nor cash', coalesce(p_method, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    IF p_amount_minor IS NULL OR p_amount_minor <= 0 THEN
        RAISE EXCEPTION 'amount % is not positive', coalesce(p_amount_minor::text, '(none)') USING ERRCODE = 'BO400';
    END IF;
    IF p_currency IS NULL OR p_currency !~ '^[A-Z]{3}$' THEN
        RAISE EXCEPTION 'currency % is not an ISO 4217 code', coalesce(p_currency, '(none)') USING ERRCODE = 'BO400';
    END IF;
    IF p_method = 'cash' THEN
        -- Cash exists only where a staffed till takes it (docs/SECURITY.md): a kiosk's credential
        -- is public, and a "cash" payment from it would confirm a booking nobody paid for. The
        -- website's ('web') is public too, and no customer hands it cash.
        IF coalesce(bo_terminal_kind(), '') NOT IN ('till', 'manager', 'owner') THEN
            RAISE EXCEPTION 'cash is taken only at a staffed till' USING ERRCODE = '42501',
                HINT = 'refusal: ' || json_build_array('cash-only-at-till');
        END IF;
        -- At a till, cash goes into a drawer someone answers for: the member the server signed in
        -- there (their PIN, not the credential, vouches for them) and the shift whose blind count
        -- will expect it. A copied till credential alone takes no "cash" that books seats. A
        -- manager's login takes cash the same way, at a till of its own with its shift open: cash
        -- taken outside any shift would be in no blind count.
        IF bo_terminal_kind() IN ('till', 'manager') THEN
            IF p_terminal_id IS NULL THEN
                RAISE EXCEPTION 'cash is taken at a till: the till''s id is missing' USING ERRCODE = 'BO400';
            END IF;
            PERFORM bo_till_member(p_terminal_id);
            IF NOT EXISTS (SELECT 1 FROM shift s WHERE s.terminal_id = p_terminal_id AND s.closed_at IS NULL) THEN
                RAISE EXCEPTION 'cash goes into a drawer: open a shift at this till first' USING ERRCODE = 'BO412',
                    HINT = 'refusal: ' || json_build_array('no-open-shift');
            END IF;
        END IF;
        IF p_tendered_minor IS NULL OR p_tendered_minor < p_amount_minor THEN
            RAISE EXCEPTION 'too little cash: % tendered for % due', coalesce(p_tendered_minor, 0), p_amount_minor
                USING ERRCODE = 'BO400';
        END IF;
        v_tendered := p_tendered_minor;
        v_state := 'AUTHORISED';
    ELSE
        IF coalesce(p_tendered_minor, 0) <> 0 THEN
            RAISE EXCEPTION 'a card payment has nothing tendered' USING ERRCODE = 'BO400';
        END IF;
        IF p_gateway IS NULL OR length(p_gateway) NOT BETWEEN 1 AND 100 THEN
            RAISE EXCEPTION 'a card payment needs the gateway''s name' USING ERRCODE = 'BO400';
        END IF;
        v_state := 'NEW';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);

    -- The request's identity: what is paid, for which sale, how; not which terminal name sends it.
    v_fingerprint := encode(sha256(convert_to(format('payment|%s|%s|%s|%s|%s|%s|%s|%s',
        p_hold_token, p_showtime, p_booking, p_method, p_amount_minor, p_currency,
        coalesce(v_tendered::text, ''), coalesce(p_gateway, '')), 'UTF8')), 'hex');

    -- A repeat is answered from the row, whatever became of the booking since.
    SELECT p.request_fingerprint INTO v_stored FROM payment_intent p WHERE p.key = p_key;
    IF NOT FOUND THEN
        -- Booking before intent (the lock order). FOR NO KEY UPDATE keeps its status while we
        -- decide and puts two requests for one booking in a line: the second sees the first's
        -- intent and gets the clear refusal below, not the one-live-intent index's raw 23505.
        SELECT b.id, b.code, b.status, b.hold_token, b.showtime_id, b.currency::text AS currency
          INTO v_booking FROM booking b WHERE b.id = p_booking FOR NO KEY UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'unknown booking %', p_booking USING ERRCODE = 'BO404',
                HINT = 'refusal: ' || json_build_array('no-such-booking', p_booking);
        END IF;
        IF v_booking.hold_token <> p_hold_token OR v_booking.showtime_id IS DISTINCT FROM p_showtime THEN
            RAISE EXCEPTION 'booking % is not this sale''s', v_booking.code USING ERRCODE = 'BO400';
        END IF;
        IF p_booking_code IS NOT NULL AND p_booking_code <> v_booking.code THEN
            RAISE EXCEPTION 'booking % is not %', v_booking.code, p_booking_code USING ERRCODE = 'BO400';
        END IF;
        IF p_currency <> v_booking.currency THEN
            RAISE EXCEPTION 'currency % is not the booking''s (%)', p_currency, v_booking.currency
                USING ERRCODE = 'BO400';
        END IF;
        IF v_booking.status = 'EXPIRED' THEN
            RAISE EXCEPTION 'booking % expired before it was paid', v_booking.code USING ERRCODE = 'BO410';
        END IF;
        IF v_booking.status <> 'PENDING' THEN
            RAISE EXCEPTION 'booking % is %, not pending payment', v_booking.code, lower(v_booking.status)
                USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('booking-not-pending', v_booking.code, lower(v_booking.status));
        END IF;
        -- One live attempt per booking: a second payment while one may still take money is the
        -- guess an unknown outcome must never be resolved by.
        SELECT p.key, p.state INTO v_other FROM payment_intent p
         WHERE p.booking_id = p_booking AND p.resolved_at IS NULL AND p.key <> p_key LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION 'booking % has an unresolved payment % (%)', v_booking.code, v_other.key,
                v_other.state USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('unresolved-payment', v_booking.code, v_other.key, lower(v_other.state));
        END IF;

        v_now := clock_timestamp();
        INSERT INTO payment_intent (key, hold_token, showtime_id, booking_id, booking_code, terminal, terminal_id,
                                    method, amount_minor, currency, tendered_minor, change_minor, state, gateway,
                                    request_fingerprint, created_at, updated_at)
        VALUES (p_key, p_hold_token, p_showtime, p_booking, v_booking.code, p_terminal, p_terminal_id, p_method,
                p_amount_minor, p_currency, v_tendered, v_tendered - p_amount_minor, v_state, p_gateway,
                v_fingerprint, v_now, v_now)
        ON CONFLICT (key) DO NOTHING
        RETURNING true INTO v_claimed;
        IF v_claimed THEN
            PERFORM bo_payment_record(p_key, NULL, v_state, v_now,
                                      jsonb_build_object('created', p_method, 'terminal_name', p_terminal));
            RETURN QUERY SELECT * FROM bo_payment_seen(ARRAY[p_key]);
            RETURN;
        END IF;
        -- Another request with this key committed first.
        SELECT p.request_fingerprint INTO v_stored FROM payment_intent p WHERE p.key = p_key;
    END IF;
    IF v_stored <> v_fingerprint THEN
        RAISE EXCEPTION 'payment key % was already used for a different request', p_key USING ERRCODE = 'BO422',
            HINT = 'refusal: ' || json_build_array('key-reused', p_key);
    END IF;
    RETURN QUERY SELECT * FROM bo_payment_seen(ARRAY[p_key]);
END $function$;

CREATE OR REPLACE FUNCTION public.bo_payment_advance(p_key uuid, p_from text, p_to text, p_ref text DEFAULT NULL::text, p_masked text DEFAULT NULL::text, p_reason text DEFAULT NULL::text)
 RETURNS SETOF payment_intent_status
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_intent  record;
    v_method  text;
    v_booking text;
    v_now     timestamptz;
    v_ref     text := nullif(p_ref, '');
    v_masked  text := nullif(p_masked, '');
    v_reason  text := nullif(p_reason, '');
BEGIN
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'payment key missing' USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    SELECT p.method, p.booking_id INTO v_intent FROM payment_intent p WHERE p.key = p_key;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown payment %', p_key USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-payment', p_key);
    END IF;
    v_method := v_intent.method;
    IF NOT coalesce(bo_payment_may_move(v_intent.method, p_from, p_to), false) THEN
        RAISE EXCEPTION 'a % payment cannot go from % to %', v_intent.method, coalesce(p_from, '(none)'),
            coalesce(p_to, '(none)') USING ERRCODE = 'BO400';
    END IF;
    -- What a gateway answered is written only by the payment service, which alone calls it
    -- (migration 0044; docs/SECURITY.md, finding 1): a terminal may give up a card payment it never sent
    -- (NEW -> ABANDONED), and only its own; every other card move is the service's.
    PERFORM bo_payment_may_write(p_key, v_intent.method, p_from, p_to);

    IF p_to IN ('CAPTURING', 'CAPTURED', 'VOIDING', 'VOIDED', 'REFUNDING', 'REFUNDED') THEN
        SELECT b.status INTO v_booking FROM booking b WHERE b.id = v_intent.booking_id FOR SHARE;
    END IF;
    SELECT p.state, p.gateway_ref, p.booking_code INTO v_intent FROM payment_intent p WHERE p.key = p_key FOR UPDATE;
    IF v_intent.state <> p_from THEN
        RAISE EXCEPTION 'payment % is %, not %', p_key, v_intent.state, p_from USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('payment-state-moved', p_key, lower(v_intent.state), lower(p_from));
    END IF;
    IF p_to IN ('CAPTURING', 'CAPTURED') AND v_booking IS DISTINCT FROM 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: its payment is not taken', v_intent.booking_code, lower(v_booking)
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('booking-payment-not-taken', v_intent.booking_code, lower(v_booking));
    END IF;
    IF p_to IN ('VOIDING', 'VOIDED', 'REFUNDING', 'REFUNDED') AND v_booking = 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is confirmed: its payment is not given back', v_intent.booking_code
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('confirmed-payment-stays', v_intent.booking_code);
    END IF;
    -- Money taken goes back by moving its intent only for a booking a manager cancelled; a refunded
    -- or exchanged booking's money went back through its refunds (the refund table), and moving the
    -- intent too would pay it back twice (docs/SECURITY.md, finding 8).
    IF p_to IN ('REFUNDING', 'REFUNDED') AND v_booking IS DISTINCT FROM 'CANCELLED' THEN
        RAISE EXCEPTION 'booking % is %: its money goes back through a refund of the booking', v_intent.booking_code,
            coalesce(lower(v_booking), 'unknown') USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('money-back-by-refund', v_intent.booking_code, coalesce(lower(v_booking), 'unknown'));
    END IF;
    -- A payment an exchange carried to another booking, or a refund already drew on, backs more
    -- than this booking: it goes back only through refunds of the bookings it backs (migration
    -- 0046); moving it whole would give back money another booking still holds.
    IF p_to IN ('REFUNDING', 'REFUNDED')
       AND (EXISTS (SELECT 1 FROM payment_carry c WHERE c.payment_key = p_key)
            OR EXISTS (SELECT 1 FROM refund r WHERE r.payment_key = p_key AND r.state <> 'FAILED')) THEN
        RAISE EXCEPTION 'payment % backs an exchange or a refund: its money goes back through refunds of the bookings it backs',
            p_key USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('payment-backs-exchange', p_key);
    END IF;
    -- Cash given back whole (a cancelled booking's) leaves the drawer that took it: only while that
    -- shift is open, so its count expects it (bo_shift_expected_cash).
    IF p_to = 'REFUNDED' AND v_method = 'cash'
       AND NOT EXISTS (SELECT 1 FROM payment_intent p JOIN shift s ON s.id = p.shift_id
                        WHERE p.key = p_key AND s.closed_at IS NULL) THEN
        RAISE EXCEPTION 'payment % was taken in a shift that is closed: give the cash back as a refund at a till',
            p_key USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('payment-shift-closed', p_key);
    END IF;

    v_now := clock_timestamp();
    UPDATE payment_intent p
       SET state = p_to, gateway_ref = coalesce(p.gateway_ref, v_ref), masked_card = coalesce(v_masked, p.masked_card),
           reason = coalesce(left(v_reason, 500), p.reason), updated_at = v_now,
           resolved_at = CASE WHEN p_to IN ('DECLINED', 'CAPTURED', 'VOIDED', 'REFUNDED', 'ABANDONED') THEN v_now END
     WHERE p.key = p_key;
    PERFORM bo_payment_record(p_key, p_from, p_to, v_now,
                              jsonb_build_object('ref', v_ref, 'masked', v_masked, 'reason', left(v_reason, 500)));
    RETURN QUERY SELECT * FROM bo_payment_seen(ARRAY[p_key]);
END $function$;

-- Who may write a move of a payment (docs/SECURITY.md, finding 1): a card's gateway states only the
-- payment service (or the owner); a card never sent may be given up (NEW -> ABANDONED) by the login
-- that created it or a manager too. Cash moves are the till's (bo_payment_create admits cash only
-- from a till); the service, which holds no drawer, writes none. Not granted to anyone.
CREATE OR REPLACE FUNCTION public.bo_payment_may_write(p_key uuid, p_method text, p_from text, p_to text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_kind text := bo_terminal_kind();
BEGIN
    IF v_kind = 'owner' THEN
        RETURN;
    END IF;
    IF p_method = 'card' THEN
        IF v_kind = 'service' THEN
            RETURN;
        END IF;
        IF p_from = 'NEW' AND p_to = 'ABANDONED'
           AND (v_kind = 'manager' OR bo_payment_made_by(p_key) = session_user) THEN
            RETURN;
        END IF;
        RAISE EXCEPTION 'only the payment service records what the card''s gateway answered (% to %)',
            lower(p_from), lower(p_to) USING ERRCODE = '42501',
            HINT = 'refusal: ' || json_build_array('only-service-records-card', lower(p_from), lower(p_to));
    END IF;
    IF v_kind = 'service' THEN
        RAISE EXCEPTION 'the payment service takes no cash' USING ERRCODE = '42501',
            HINT = 'refusal: ' || json_build_array('service-takes-no-cash');
    END IF;
END $function$;

-- The login that created a payment: its first event's.
CREATE OR REPLACE FUNCTION public.bo_payment_made_by(p_key uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT e.terminal FROM payment_event e WHERE e.key = p_key AND e.seq = 1
$function$;

-- A terminal's one-time pass to the payment service about one payment (migration 0044): the
-- service redeems it to learn which login asks, and whether that login made the payment (only it,
-- or a manager, may give up a sale still pending). Any payment: a terminal's reconciler asks about
-- other terminals' payments, which the service resolves by the facts alone. Two minutes.
CREATE OR REPLACE FUNCTION public.bo_service_pass(p_key uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_pass uuid := gen_random_uuid();
BEGIN
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'payment key missing' USING ERRCODE = 'BO400';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM payment_intent p WHERE p.key = p_key) THEN
        RAISE EXCEPTION 'unknown payment %', p_key USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-payment', p_key);
    END IF;
    DELETE FROM service_pass s WHERE s.expires_at < clock_timestamp() - interval '1 minute';
    INSERT INTO service_pass (pass, login, payment_key, expires_at)
    VALUES (v_pass, session_user, p_key, clock_timestamp() + interval '2 minutes');
    RETURN v_pass;
END $function$;

-- The service's side: a pass for this payment, not expired, is spent (once: a second redeem finds
-- nothing) and answers the login that took it, its kind, and whether it made the payment; any
-- other pass answers no row and changes nothing (no error, so the spending is never rolled back).
CREATE OR REPLACE FUNCTION public.bo_service_pass_redeem(p_pass uuid, p_key uuid)
 RETURNS TABLE(login text, kind text, made_it boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_pass record;
BEGIN
    DELETE FROM service_pass s
     WHERE s.pass = p_pass AND s.payment_key = p_key AND s.expires_at >= clock_timestamp()
    RETURNING s.login INTO v_pass;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    login := v_pass.login;
    made_it := bo_payment_made_by(p_key) IS NOT DISTINCT FROM v_pass.login;
    kind := CASE WHEN (SELECT r.rolsuper FROM pg_roles r WHERE r.rolname = v_pass.login) THEN 'owner'
                 WHEN pg_has_role(v_pass.login, 'boxoffice_owner', 'MEMBER') THEN 'owner'
                 WHEN pg_has_role(v_pass.login, 'boxoffice_web', 'MEMBER') THEN 'web'
                 WHEN pg_has_role(v_pass.login, 'boxoffice_manager', 'MEMBER') THEN 'manager'
                 WHEN pg_has_role(v_pass.login, 'boxoffice_till', 'MEMBER') THEN 'till'
                 WHEN pg_has_role(v_pass.login, 'boxoffice_kiosk', 'MEMBER') THEN 'kiosk' END;
    RETURN NEXT;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_payment_note_unknown(p_key uuid, p_reason text)
 RETURNS SETOF payment_intent_status
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_intent record;
    v_now    timestamptz;
    v_reason text := left(coalesce(nullif(p_reason, ''), 'outcome unknown'), 500);
BEGIN
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'payment key missing' USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    SELECT p.state, p.resolved_at, p.method INTO v_intent FROM payment_intent p WHERE p.key = p_key FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown payment %', p_key USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-payment', p_key);
    END IF;
    -- An unknown outcome is a gateway's: the service's to note for a card.
    PERFORM bo_payment_may_write(p_key, v_intent.method, v_intent.state, v_intent.state);
    IF v_intent.resolved_at IS NOT NULL THEN
        RAISE EXCEPTION 'payment % is already %', p_key, v_intent.state USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('payment-already', p_key, lower(v_intent.state));
    END IF;
    v_now := clock_timestamp();
    UPDATE payment_intent p SET attempts = p.attempts + 1, reason = v_reason, updated_at = v_now
     WHERE p.key = p_key;
    PERFORM bo_payment_record(p_key, v_intent.state, v_intent.state, v_now,
                              jsonb_build_object('unknown', v_reason));
    RETURN QUERY SELECT * FROM bo_payment_seen(ARRAY[p_key]);
END $function$;

CREATE OR REPLACE FUNCTION public.bo_payment_find(p_key uuid)
 RETURNS SETOF payment_intent_status
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    RETURN QUERY SELECT * FROM bo_payment_seen(ARRAY[p_key]);
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown payment %', p_key USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-payment', p_key);
    END IF;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_payment_list(p_unresolved boolean, p_terminal text, p_silent_s integer, p_limit integer)
 RETURNS SETOF payment_intent_status
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 10000 THEN
        RAISE EXCEPTION 'limit % is outside 1..10000', p_limit USING ERRCODE = 'BO400';
    END IF;
    IF p_silent_s IS NOT NULL AND p_silent_s < 0 THEN
        RAISE EXCEPTION 'silent time % s is negative', p_silent_s USING ERRCODE = 'BO400';
    END IF;
    RETURN QUERY
    SELECT v.* FROM bo_payment_seen(ARRAY(
        SELECT s.key FROM payment_intent_status s
         WHERE (NOT coalesce(p_unresolved, false) OR s.resolved_at IS NULL)
           AND (coalesce(p_terminal, '') = '' OR s.terminal = p_terminal)
           -- A kiosk or a till lists the payments its own login made; the site's payments in doubt
           -- are the payment service's reconciler's, and the manager's pages see them all. A row
           -- names its booking's code and leads to its key, which are capabilities (finding 3).
           -- The website's login made every customer's payment, so its own would be all of them:
           -- this is not granted to it.
           AND (bo_terminal_kind() IN ('manager', 'owner', 'service')
                OR EXISTS (SELECT 1 FROM payment_event e WHERE e.key = s.key AND e.seq = 1
                              AND e.terminal = session_user))
           AND (coalesce(p_silent_s, 0) = 0 OR s.updated_at <= clock_timestamp() - make_interval(secs => p_silent_s))
         ORDER BY s.created_at DESC, s.key
         LIMIT p_limit)) v
     ORDER BY v.created_at DESC, v.key;
END $function$;

-- Payment rows as the caller may see them: a payment another login made keeps its state, amount,
-- booking and gateway reference (a reconciler resolves any terminal's), but not its sale's hold
-- token (which releases, pays for and confirms that sale's seats) nor the customer's masked card
-- (docs/SECURITY.md, finding 3). The manager's pages and the owner see everything. Who made a payment is
-- the login of its first event.
CREATE OR REPLACE FUNCTION public.bo_payment_seen(p_keys uuid[])
 RETURNS SETOF payment_intent_status
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT v.*
      FROM payment_intent_status s
     CROSS JOIN LATERAL jsonb_populate_record(s,
               CASE WHEN bo_terminal_kind() IN ('manager', 'owner')
                         OR EXISTS (SELECT 1 FROM payment_event e WHERE e.key = s.key AND e.seq = 1
                                       AND e.terminal = session_user)
                    THEN '{}'::jsonb ELSE '{"hold_token": null, "masked_card": null}'::jsonb END) v
     WHERE s.key = ANY (p_keys)
$function$;

CREATE OR REPLACE FUNCTION public.bo_payment_leads()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.pid = pg_backend_pid() AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265045827 >> 32)::oid
                      AND l.objid = (4778125971265045827 & 4294967295)::oid AND l.objsubid = 1)
$function$;

CREATE OR REPLACE FUNCTION public.bo_payment_try_lead()
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    RETURN bo_payment_leads() OR pg_try_advisory_lock(4778125971265045827);
END $function$;

CREATE OR REPLACE FUNCTION public.bo_payment_step_down()
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_held boolean := false;
BEGIN
    -- Bounded: each unlock gives back one of this session's holds of the key.
    FOR i IN 1..100 LOOP
        EXIT WHEN NOT bo_payment_leads();
        v_held := pg_advisory_unlock(4778125971265045827) OR v_held;
    END LOOP;
    RETURN v_held;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_payment_led()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265045827 >> 32)::oid
                      AND l.objid = (4778125971265045827 & 4294967295)::oid AND l.objsubid = 1)
$function$;
