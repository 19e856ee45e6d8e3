-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The seat operations of DESIGN.md section 2 as server-side functions, so that a hold, a release,
-- a confirm and a sweep each cost one round trip and hold their row locks only for that statement
-- (the caller runs them in autocommit).
--
-- Errors raised here carry our own SQLSTATEs; db/sqlerrors.cpp maps them:
--   BO400 bad input, BO403 showtime not on sale, BO404 unknown showtime or seat,
--   BO409 seats unavailable (message "unavailable:<id>,<id>"), BO410 hold expired,
--   BO422 idempotency key reused with a different request.

CREATE FUNCTION bo_new_booking_code() RETURNS text LANGUAGE sql VOLATILE AS $$
    -- 8 symbols of a 32-letter alphabet without 0/O/1/I (40 random bits), as XXXX-XXXX.
    SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(r.b, i.n) % 32) + 1, 1)
                      || CASE WHEN i.ord = 4 THEN '-' ELSE '' END, '' ORDER BY i.ord)
      FROM (SELECT uuid_send(gen_random_uuid()) AS b) r,
           unnest(ARRAY[0, 1, 2, 3, 9, 10, 11, 12]) WITH ORDINALITY AS i(n, ord)
$$;

-- Checks a seat request and returns its ids de-duplicated and sorted.
CREATE FUNCTION bo_check_seat_request(p_showtime integer, p_seats integer[], p_owner uuid)
RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
    v_sorted integer[];
    v_max    integer;
    v_status text;
    v_start  timestamptz;
    v_late   integer;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_seats IS NULL OR cardinality(p_seats) = 0 THEN
        RAISE EXCEPTION 'no seats requested' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_seats, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;
    SELECT array_agg(DISTINCT s ORDER BY s) INTO v_sorted FROM unnest(p_seats) s;
    SELECT max_seats_per_sale, late_sale_minutes INTO v_max, v_late FROM settings;
    IF cardinality(v_sorted) > v_max THEN
        RAISE EXCEPTION 'too many seats: % requested, at most % per sale', cardinality(v_sorted), v_max
            USING ERRCODE = 'BO400';
    END IF;
    SELECT status, starts_at INTO v_status, v_start FROM showtime WHERE id = p_showtime;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    IF v_status <> 'ON_SALE' OR v_start + make_interval(mins => v_late) < clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % is not on sale', p_showtime USING ERRCODE = 'BO403';
    END IF;
    RETURN v_sorted;
END $$;

-- Raises BO404 naming the requested seats that do not belong to the showtime, if any.
CREATE FUNCTION bo_check_seats_exist(p_showtime integer, p_seats integer[]) RETURNS void
LANGUAGE plpgsql STABLE AS $$
DECLARE
    v_missing integer[];
BEGIN
    SELECT array_agg(x ORDER BY x) INTO v_missing
      FROM unnest(p_seats) x
     WHERE NOT EXISTS (SELECT 1 FROM showtime_seat ss WHERE ss.showtime_id = p_showtime AND ss.seat_id = x);
    IF v_missing IS NOT NULL THEN
        RAISE EXCEPTION 'seats not in showtime %: %', p_showtime, array_to_string(v_missing, ',')
            USING ERRCODE = 'BO404';
    END IF;
END $$;

-- Hold or extend: all or nothing. Rows that can be taken are locked in seat-id order; a row that
-- another sale has locked at this instant is skipped, not waited for, and reported unavailable
-- (fail fast: the loser of a race learns it at once instead of queueing behind the winner's
-- commit). Returns granted, the deadline, the database clock and the unavailable seat ids.
CREATE FUNCTION bo_hold(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_seats  integer[];
    v_locked integer[];
    v_ttl    integer;
    v_now    timestamptz;
    v_until  timestamptz;
    v_count  integer;
BEGIN
    v_seats := bo_check_seat_request(p_showtime, p_seats, p_owner);
    IF p_ttl_s IS NULL THEN
        SELECT selection_ttl_s INTO v_ttl FROM settings;
    ELSIF p_ttl_s BETWEEN 1 AND 3600 THEN
        v_ttl := p_ttl_s;
    ELSE
        RAISE EXCEPTION 'hold time % s is outside 1..3600', p_ttl_s USING ERRCODE = 'BO400';
    END IF;

    v_now := clock_timestamp();
    SELECT array_agg(l.seat_id ORDER BY l.seat_id) INTO v_locked
      FROM (SELECT ss.seat_id
              FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (v_seats)
               AND (ss.status = 'FREE'
                    OR (ss.status = 'HELD' AND ss.held_until < v_now)
                    OR (ss.status = 'HELD' AND ss.held_by = p_owner))
             ORDER BY ss.seat_id
               FOR UPDATE SKIP LOCKED) l;

    IF coalesce(cardinality(v_locked), 0) <> cardinality(v_seats) THEN
        PERFORM bo_check_seats_exist(p_showtime, v_seats);
        RETURN QUERY SELECT false, NULL::timestamptz, v_now,
            ARRAY(SELECT x FROM unnest(v_seats) x WHERE NOT (x = ANY (coalesce(v_locked, '{}'))) ORDER BY x);
        RETURN;
    END IF;

    v_until := v_now + make_interval(secs => v_ttl);
    UPDATE showtime_seat ss
       SET status = 'HELD', held_by = p_owner, held_until = v_until
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (v_locked)
       AND (ss.status = 'FREE'
            OR (ss.status = 'HELD' AND ss.held_until < v_now)
            OR (ss.status = 'HELD' AND ss.held_by = p_owner));
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> cardinality(v_seats) THEN
        -- Cannot happen while we hold the row locks; raising undoes the whole statement.
        RAISE EXCEPTION 'hold changed % of % seats', v_count, cardinality(v_seats) USING ERRCODE = 'XX000';
    END IF;
    RETURN QUERY SELECT true, v_until, v_now, '{}'::integer[];
END $$;

-- Release the owner's holds (all of them on the showtime, or only the listed seats). Releasing
-- everything also cancels the sale's pending booking. Returns the number of seats freed.
CREATE FUNCTION bo_release(p_showtime integer, p_owner uuid, p_seats integer[] DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_count integer;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    PERFORM 1 FROM showtime WHERE id = p_showtime;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    PERFORM 1 FROM showtime_seat ss
     WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner
       AND (p_seats IS NULL OR ss.seat_id = ANY (p_seats))
     ORDER BY ss.seat_id FOR UPDATE;
    UPDATE showtime_seat ss
       SET status = 'FREE', held_by = NULL, held_until = NULL
     WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner
       AND (p_seats IS NULL OR ss.seat_id = ANY (p_seats));
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF p_seats IS NULL THEN
        UPDATE booking SET status = 'CANCELLED', closed_at = clock_timestamp()
         WHERE hold_token = p_owner AND showtime_id = p_showtime AND status = 'PENDING';
    END IF;
    RETURN v_count;
END $$;

-- Moving to payment: extend the hold (same owner, payment TTL, all or nothing) and open or
-- refresh the sale's PENDING booking, which the releaser expires with the hold.
CREATE FUNCTION bo_begin_payment(p_showtime integer, p_seats integer[], p_owner uuid, p_terminal text,
                                 p_ttl_s integer DEFAULT NULL, p_terminal_id uuid DEFAULT NULL)
RETURNS TABLE (granted boolean, held_until timestamptz, db_now timestamptz, unavailable integer[],
               booking_id uuid, booking_code text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_ttl  integer;
    v_hold record;
    v_id   uuid;
    v_code text;
BEGIN
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'terminal name missing' USING ERRCODE = 'BO400';
    END IF;
    v_ttl := coalesce(p_ttl_s, (SELECT payment_ttl_s FROM settings));
    SELECT * INTO v_hold FROM bo_hold(p_showtime, p_seats, p_owner, v_ttl);
    IF NOT v_hold.granted THEN
        RETURN QUERY SELECT false, NULL::timestamptz, v_hold.db_now, v_hold.unavailable, NULL::uuid, NULL::text;
        RETURN;
    END IF;
    UPDATE booking b SET expires_at = v_hold.held_until
     WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING'
    RETURNING b.id, b.code INTO v_id, v_code;
    IF v_id IS NULL THEN
        LOOP
            v_code := bo_new_booking_code();
            EXIT WHEN NOT EXISTS (SELECT 1 FROM booking WHERE code = v_code);
        END LOOP;
        INSERT INTO booking (code, showtime_id, status, hold_token, currency, terminal, terminal_id, expires_at)
        VALUES (v_code, p_showtime, 'PENDING', p_owner, (SELECT currency FROM settings), p_terminal,
                p_terminal_id, v_hold.held_until)
        RETURNING id INTO v_id;
    END IF;
    RETURN QUERY SELECT true, v_hold.held_until, v_hold.db_now, '{}'::integer[], v_id, v_code;
END $$;

-- Idempotent confirm. The key is claimed through the primary key in the same transaction as the
-- work and the stored response; a concurrent duplicate waits for the first (bounded by the
-- caller's lock_timeout) and then returns the stored response. Any failure raises, so key and
-- booking roll back together and the key can be used again.
-- p_seats NULL confirms every seat the owner holds on the showtime; p_tiers (price tier codes)
-- runs parallel to p_seats, NULL meaning the price list's first tier for every seat.
CREATE FUNCTION bo_confirm(p_terminal text, p_key uuid, p_showtime integer, p_owner uuid,
                           p_seats integer[], p_tiers text[], p_payment jsonb, p_terminal_id uuid DEFAULT NULL)
RETURNS TABLE (response jsonb, replayed boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_fingerprint text;
    v_claimed     boolean;
    v_stored      record;
    v_seats       integer[];
    v_ok          integer[];
    v_missing     integer[];
    v_count       integer;
    v_price_list  integer;
    v_currency    text;
    v_id          uuid;
    v_code        text;
    v_total       bigint;
    v_currencies  integer;
    v_unknown_tier boolean;
    v_line_seats  integer[];
    v_line_tiers  text[];
    v_line_prices bigint[];
    v_response    jsonb;
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

    v_fingerprint := encode(sha256(convert_to(format('confirm|%s|%s|%s|%s',
        p_showtime, p_owner,
        coalesce((SELECT string_agg(u.s::text || ':' || coalesce(u.t, ''), ',' ORDER BY u.s, u.t)
                    FROM unnest(p_seats, p_tiers) AS u(s, t)), '*'),
        coalesce(p_payment::text, '')), 'UTF8')), 'hex');

    INSERT INTO idempotency_key (scope, key, operation, fingerprint)
    VALUES (p_terminal, p_key, 'confirm', v_fingerprint)
    ON CONFLICT DO NOTHING
    RETURNING true INTO v_claimed;

    IF v_claimed IS NULL THEN
        SELECT k.fingerprint, k.response, k.operation INTO v_stored
          FROM idempotency_key k WHERE k.scope = p_terminal AND k.key = p_key;
        IF v_stored.operation <> 'confirm' OR v_stored.fingerprint <> v_fingerprint THEN
            RAISE EXCEPTION 'idempotency key % was already used for a different request', p_key
                USING ERRCODE = 'BO422';
        END IF;
        RETURN QUERY SELECT v_stored.response, true;
        RETURN;
    END IF;

    IF p_seats IS NULL THEN
        SELECT array_agg(ss.seat_id ORDER BY ss.seat_id) INTO v_seats
          FROM showtime_seat ss
         WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner;
        IF v_seats IS NULL THEN
            PERFORM 1 FROM showtime WHERE id = p_showtime;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404';
            END IF;
            RAISE EXCEPTION 'no seats are held by this sale' USING ERRCODE = 'BO410';
        END IF;
    ELSE
        IF (SELECT count(DISTINCT s) FROM unnest(p_seats) s) <> cardinality(p_seats) THEN
            RAISE EXCEPTION 'the same seat is listed twice' USING ERRCODE = 'BO400';
        END IF;
        v_seats := bo_check_seat_request(p_showtime, p_seats, p_owner);
    END IF;

    -- Lock in seat order, waiting (bounded by lock_timeout) rather than skipping: these rows are
    -- ours, a competitor can only touch them for an instant.
    SELECT array_agg(l.seat_id ORDER BY l.seat_id) INTO v_ok
      FROM (SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (v_seats)
               AND ss.status = 'HELD' AND ss.held_by = p_owner AND ss.held_until >= clock_timestamp()
             ORDER BY ss.seat_id FOR UPDATE) l;

    IF coalesce(cardinality(v_ok), 0) <> cardinality(v_seats) THEN
        PERFORM bo_check_seats_exist(p_showtime, v_seats);
        v_missing := ARRAY(SELECT x FROM unnest(v_seats) x WHERE NOT (x = ANY (coalesce(v_ok, '{}'))) ORDER BY x);
        -- Seats merely expired (still ours, or freed by the releaser) mean the hold ran out;
        -- a seat someone else has now means it was taken.
        IF NOT EXISTS (SELECT 1 FROM showtime_seat ss
                        WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (v_missing)
                          AND (ss.status IN ('RESERVED', 'BLOCKED')
                               OR (ss.status = 'HELD' AND ss.held_by <> p_owner))) THEN
            RAISE EXCEPTION 'the hold expired before the sale was confirmed' USING ERRCODE = 'BO410';
        END IF;
        RAISE EXCEPTION 'unavailable:%', array_to_string(v_missing, ',') USING ERRCODE = 'BO409';
    END IF;

    SELECT st.price_list_id INTO v_price_list FROM showtime st WHERE st.id = p_showtime;

    -- One line per seat: the requested tier, or the price list's first tier.
    SELECT array_agg(u.s ORDER BY u.s), array_agg(pt.code ORDER BY u.s), array_agg(pt.amount_minor ORDER BY u.s),
           sum(pt.amount_minor), min(pt.currency), count(DISTINCT pt.currency), bool_or(pt.code IS NULL)
      INTO v_line_seats, v_line_tiers, v_line_prices, v_total, v_currency, v_currencies, v_unknown_tier
      FROM unnest(coalesce(p_seats, v_seats), p_tiers) AS u(s, t)
      LEFT JOIN LATERAL (
            SELECT p.code, p.amount_minor, p.currency FROM price_tier p
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

    UPDATE booking b
       SET status = 'CONFIRMED', confirmed_at = clock_timestamp(), expires_at = NULL,
           total_minor = v_total, currency = v_currency, payment = p_payment, terminal = p_terminal,
           terminal_id = coalesce(p_terminal_id, b.terminal_id)
     WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING'
    RETURNING b.id, b.code INTO v_id, v_code;
    IF v_id IS NULL THEN
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

    UPDATE idempotency_key SET response = v_response WHERE scope = p_terminal AND key = p_key;
    RETURN QUERY SELECT v_response, false;
END $$;

-- The releaser's batch: free up to p_batch expired holds (skipping rows another releaser or a
-- sale has locked right now), then expire pending bookings whose payment time ran out.
-- Rows with seat_id set are freed seats (with the hold token that lost them); rows with
-- booking_code set are bookings marked EXPIRED.
CREATE FUNCTION bo_sweep(p_batch integer DEFAULT 200)
RETURNS TABLE (showtime_id integer, seat_id integer, hold_token uuid, booking_code text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF p_batch IS NULL OR p_batch NOT BETWEEN 1 AND 10000 THEN
        RAISE EXCEPTION 'batch size % is outside 1..10000', p_batch USING ERRCODE = 'BO400';
    END IF;
    RETURN QUERY
    WITH victims AS (
        SELECT ss.showtime_id, ss.seat_id, ss.held_by
          FROM showtime_seat ss
         WHERE ss.status = 'HELD' AND ss.held_until < clock_timestamp()
         ORDER BY ss.showtime_id, ss.seat_id
         LIMIT p_batch
           FOR UPDATE SKIP LOCKED),
    freed AS (
        UPDATE showtime_seat ss
           SET status = 'FREE', held_by = NULL, held_until = NULL
          FROM victims v
         WHERE ss.showtime_id = v.showtime_id AND ss.seat_id = v.seat_id
           AND ss.status = 'HELD' AND ss.held_until < clock_timestamp()
        RETURNING ss.showtime_id, ss.seat_id, v.held_by)
    SELECT f.showtime_id, f.seat_id, f.held_by, NULL::text FROM freed f;

    RETURN QUERY
    WITH due AS (
        SELECT b.id FROM booking b
         WHERE b.status = 'PENDING' AND b.expires_at < clock_timestamp()
         ORDER BY b.expires_at
         LIMIT p_batch
           FOR UPDATE SKIP LOCKED)
    UPDATE booking b SET status = 'EXPIRED', closed_at = clock_timestamp()
      FROM due WHERE b.id = due.id
    RETURNING b.showtime_id, NULL::integer, b.hold_token, b.code;
END $$;

-- Forget idempotency keys older than the retention horizon (at most p_batch per call).
CREATE FUNCTION bo_purge_keys(p_batch integer DEFAULT 1000) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_count integer;
BEGIN
    DELETE FROM idempotency_key k
     WHERE (k.scope, k.key) IN (
           SELECT scope, key FROM idempotency_key
            WHERE created_at < clock_timestamp() - make_interval(hours => (SELECT key_retention_hours FROM settings))
            LIMIT p_batch FOR UPDATE SKIP LOCKED);
    GET DIAGNOSTICS v_count = ROW_COUNT;
    RETURN v_count;
END $$;
