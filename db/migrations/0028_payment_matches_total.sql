-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A booking is made only with the payment it costs (docs/DECISIONS.md, "The payment must match
-- the seats' price").
--
-- bo_confirm refuses (BO412) a confirm whose carried payment intent (p_payment ->> 'intent') is
-- for another amount or currency than the total it computes for the seats: before, a till whose
-- bill was short (its surcharges wrong, or prices changed between the bill and the confirm)
-- booked the seats on a smaller card payment than the server's own total. The till's payment
-- process treats the refusal like any other: the card is voided, cash is handed back.
--
-- Everything else is 0026's bo_confirm; SECURITY DEFINER, the pinned search_path and bo.announced
-- (0006) are repeated below, as CREATE OR REPLACE resets them.

CREATE OR REPLACE FUNCTION bo_confirm(p_terminal text, p_key uuid, p_showtime integer, p_owner uuid,
                                      p_seats integer[], p_tiers text[], p_payment jsonb,
                                      p_terminal_id uuid DEFAULT NULL)
RETURNS TABLE (response jsonb, replayed boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_fingerprint  text;
    v_claimed      boolean;
    v_pending      record;
    v_last         text;
    v_held         integer[];
    v_seats        integer[];
    v_ok           integer[];
    v_missing      integer[];
    v_count        integer;
    v_price_list   integer;
    v_currency     text;
    v_id           uuid;
    v_code         text;
    v_total        bigint;
    v_currencies   integer;
    v_unknown_tier boolean;
    v_line_seats   integer[];
    v_line_tiers   text[];
    v_line_prices  bigint[];
    v_response     jsonb;
    v_carried      uuid;
    v_intent       record;
    v_paid         record;
BEGIN
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'terminal name missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'idempotency key missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_tiers IS NOT NULL AND (p_seats IS NULL OR cardinality(p_tiers) <> cardinality(p_seats)) THEN
        RAISE EXCEPTION 'one price tier per seat is needed' USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    PERFORM set_config('bo.announced', '', true);

    -- The request's identity: what is booked and paid, not which terminal sends it (1).
    v_fingerprint := encode(sha256(convert_to(format('confirm|%s|%s|%s|%s',
        p_showtime, p_owner,
        coalesce((SELECT string_agg(u.s::text || ':' || coalesce(u.t, ''), ',' ORDER BY u.s, u.t)
                    FROM unnest(p_seats, p_tiers) AS u(s, t)), '*'),
        coalesce(p_payment::text, '')), 'UTF8')), 'hex');

    INSERT INTO idempotency_key (scope, key, operation, fingerprint)
    VALUES (p_terminal, p_key, 'confirm', v_fingerprint)
    ON CONFLICT (key) DO NOTHING
    RETURNING true INTO v_claimed;
    IF v_claimed IS NULL THEN
        RETURN QUERY SELECT bo_confirm_replay(p_key, v_fingerprint), true;
        RETURN;
    END IF;

    -- The sale's pending booking, before its seats (3). A booking a sweep expired while this
    -- waited no longer matches and is not found.
    SELECT b.id, b.code INTO v_pending FROM booking b
     WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING' FOR UPDATE;
    IF v_pending.id IS NULL THEN
        SELECT b.status INTO v_last FROM booking b
         WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime
         ORDER BY b.created_at DESC, b.id DESC LIMIT 1;
        IF v_last = 'EXPIRED' THEN
            RAISE EXCEPTION 'the hold expired before the sale was confirmed' USING ERRCODE = 'BO410';
        END IF;
    END IF;

    -- The payment (0011), after the booking and before the seats (level 3a): the booking's intents
    -- and the one this confirm carries, FOR SHARE in key order, so no step of theirs commits
    -- under the decision (the steps that read the booking wait for its lock anyway). A void on
    -- its way, or a payment already given up, books nothing: booked without payment otherwise.
    IF jsonb_typeof(p_payment) = 'object'
       AND (p_payment ->> 'intent') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
        v_carried := (p_payment ->> 'intent')::uuid;
    END IF;
    IF v_pending.id IS NOT NULL OR v_carried IS NOT NULL THEN
        FOR v_intent IN
            SELECT p.key, p.state, p.booking_id, p.booking_code FROM payment_intent p
             WHERE p.booking_id = v_pending.id OR p.key = v_carried
             ORDER BY p.key FOR SHARE
        LOOP
            IF v_intent.state = 'VOIDING' AND v_intent.booking_id = v_pending.id THEN
                RAISE EXCEPTION 'booking % cannot be confirmed: its payment % is being voided; wait for the '
                                'void''s result, then pay again', v_pending.code, v_intent.key
                    USING ERRCODE = 'BO412';
            END IF;
            IF v_intent.key = v_carried
               AND v_intent.state IN ('VOIDING', 'VOIDED', 'DECLINED', 'ABANDONED', 'REFUNDING',
                                      'REFUNDED') THEN
                RAISE EXCEPTION 'booking % cannot be confirmed: the payment % it carries is %, not money '
                                'taken; pay again', v_intent.booking_code, v_intent.key, lower(v_intent.state)
                    USING ERRCODE = 'BO412';
            END IF;
        END LOOP;
    END IF;

    -- Every path makes every check (9).
    IF p_seats IS NULL THEN
        SELECT array_agg(ss.seat_id ORDER BY ss.seat_id) INTO v_held
          FROM showtime_seat ss
         WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner;
        IF v_held IS NULL THEN
            PERFORM 1 FROM showtime WHERE id = p_showtime;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
            END IF;
            RAISE EXCEPTION 'no seats are held by this sale' USING ERRCODE = 'BO410';
        END IF;
    ELSIF (SELECT count(DISTINCT s) FROM unnest(p_seats) s) <> cardinality(p_seats) THEN
        RAISE EXCEPTION 'the same seat is listed twice' USING ERRCODE = 'BO400';
    END IF;
    v_seats := bo_check_seat_request(p_showtime, coalesce(p_seats, v_held), p_owner);

    -- Lock in seat order, waiting (bounded by lock_timeout): these rows are ours.
    SELECT array_agg(l.seat_id ORDER BY l.seat_id) INTO v_ok
      FROM (SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (v_seats)
               AND ss.status = 'HELD' AND ss.held_by = p_owner AND ss.held_until >= clock_timestamp()
             ORDER BY ss.seat_id FOR UPDATE) l;

    IF coalesce(cardinality(v_ok), 0) <> cardinality(v_seats) THEN
        PERFORM bo_check_seats_exist(p_showtime, v_seats);
        v_missing := ARRAY(SELECT x FROM unnest(v_seats) x WHERE NOT (x = ANY (coalesce(v_ok, '{}'))) ORDER BY x);
        IF NOT EXISTS (SELECT 1 FROM showtime_seat ss
                        WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (v_missing)
                          AND (ss.status IN ('RESERVED', 'BLOCKED')
                               OR (ss.status = 'HELD' AND ss.held_by <> p_owner))) THEN
            RAISE EXCEPTION 'the hold expired before the sale was confirmed' USING ERRCODE = 'BO410';
        END IF;
        RAISE EXCEPTION 'unavailable:%', array_to_string(v_missing, ',') USING ERRCODE = 'BO409';
    END IF;

    SELECT st.price_list_id INTO v_price_list FROM showtime st WHERE st.id = p_showtime;

    SELECT array_agg(u.s ORDER BY u.s), array_agg(pt.code ORDER BY u.s), array_agg(pt.amount_minor ORDER BY u.s),
           sum(pt.amount_minor), min(pt.currency), count(DISTINCT pt.currency), bool_or(pt.code IS NULL)
      INTO v_line_seats, v_line_tiers, v_line_prices, v_total, v_currency, v_currencies, v_unknown_tier
      FROM unnest(coalesce(p_seats, v_seats), p_tiers) AS u(s, t)
      LEFT JOIN LATERAL (
            -- The showtime's own price of the type when it has one (0024), else the list's, plus
            -- what the seat's kind adds at this showtime (0026).
            SELECT p.code,
                   coalesce(sp.amount_minor, p.amount_minor)
                   + coalesce((SELECT sk.amount_minor FROM showtime_surcharge sk JOIN seat s ON s.kind = sk.seat_kind
                                WHERE sk.showtime_id = p_showtime AND s.id = u.s), 0) AS amount_minor,
                   p.currency
              FROM price_tier p
              LEFT JOIN showtime_price sp ON sp.showtime_id = p_showtime AND sp.tier_code = p.code
             WHERE p.price_list_id = v_price_list AND (u.t IS NULL OR p.code = u.t)
             ORDER BY p.sort_order, p.id LIMIT 1) pt ON true;
    IF v_unknown_tier THEN
        RAISE EXCEPTION 'unknown price tier: %',
            (SELECT string_agg(DISTINCT t, ', ') FROM unnest(p_tiers) t
              WHERE NOT EXISTS (SELECT 1 FROM price_tier p WHERE p.price_list_id = v_price_list AND p.code = t))
            USING ERRCODE = 'BO400';
    END IF;
    IF v_currencies > 1 THEN
        RAISE EXCEPTION 'price list mixes currencies' USING ERRCODE = 'BO400';
    END IF;

    -- The payment it carries must be for what the seats cost now (0028): a till whose bill was
    -- wrong, or prices changed between the bill and the confirm, books nothing; the till voids
    -- the payment (or gives the cash back) and the clerk takes the right amount.
    IF v_carried IS NOT NULL THEN
        SELECT p.amount_minor, p.currency::text AS currency INTO v_paid
          FROM payment_intent p WHERE p.key = v_carried;
        IF FOUND AND (v_paid.amount_minor <> v_total OR v_paid.currency <> v_currency) THEN
            RAISE EXCEPTION 'the payment % is for % %, but the seats cost % %; take the payment again',
                            v_carried, v_paid.amount_minor, v_paid.currency, v_total, v_currency
                USING ERRCODE = 'BO412';
        END IF;
    END IF;

    IF v_pending.id IS NOT NULL THEN
        UPDATE booking b
           SET status = 'CONFIRMED', confirmed_at = clock_timestamp(), expires_at = NULL,
               total_minor = v_total, currency = v_currency, payment = p_payment, terminal = p_terminal,
               terminal_id = coalesce(p_terminal_id, b.terminal_id)
         WHERE b.id = v_pending.id
        RETURNING b.id, b.code INTO v_id, v_code;
    ELSE
        LOOP
            v_code := bo_new_booking_code();
            EXIT WHEN NOT EXISTS (SELECT 1 FROM booking WHERE code = v_code);
        END LOOP;
        INSERT INTO booking (code, showtime_id, status, hold_token, total_minor, currency, terminal,
                             terminal_id, payment, confirmed_at)
        VALUES (v_code, p_showtime, 'CONFIRMED', p_owner, v_total, v_currency, p_terminal,
                p_terminal_id, p_payment, clock_timestamp())
        RETURNING id INTO v_id;
    END IF;

    UPDATE showtime_seat ss
       SET status = 'RESERVED', booking_id = v_id, held_by = NULL, held_until = NULL
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (v_ok)
       AND ss.status = 'HELD' AND ss.held_by = p_owner AND ss.held_until >= clock_timestamp();
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> cardinality(v_ok) THEN
        RAISE EXCEPTION 'the hold expired before the sale was confirmed' USING ERRCODE = 'BO410';
    END IF;

    INSERT INTO booking_seat (booking_id, showtime_id, seat_id, tier_code, price_minor)
    SELECT v_id, p_showtime, l.seat_id, l.tier_code, l.price_minor
      FROM unnest(v_line_seats, v_line_tiers, v_line_prices) AS l(seat_id, tier_code, price_minor);

    SELECT jsonb_build_object(
               'booking_id', v_id, 'code', v_code, 'status', 'CONFIRMED', 'showtime_id', p_showtime,
               'total_minor', v_total, 'currency', v_currency,
               'confirmed_at', to_char(b.confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
               'seats', (SELECT jsonb_agg(jsonb_build_object('seat_id', l.seat_id, 'label', s.label,
                                                             'tier', l.tier_code, 'price_minor', l.price_minor)
                                          ORDER BY l.seat_id)
                           FROM unnest(v_line_seats, v_line_tiers, v_line_prices) AS l(seat_id, tier_code, price_minor)
                           JOIN seat s ON s.id = l.seat_id))
      INTO v_response
      FROM booking b WHERE b.id = v_id;

    UPDATE idempotency_key SET response = v_response WHERE key = p_key;
    RETURN QUERY SELECT v_response, false;
END $$;

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it (CREATE OR REPLACE dropped bo_confirm's).
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f' AND p.proname = 'bo_confirm'
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;
