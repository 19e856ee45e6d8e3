-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The seat engine: hold, begin payment, confirm, release, sweep and the seat-change trigger.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_showtime_seats_create()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    PERFORM bo_showtime_seats_fill(NEW.id);
    RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_notify_seat_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT c.showtime_id,
               string_agg(left(c.status, 1) || c.seat_id::text, ',' ORDER BY c.seat_id) AS seats
          FROM (SELECT n.showtime_id, n.seat_id, n.status,
                       (row_number() OVER (PARTITION BY n.showtime_id ORDER BY n.seat_id) - 1) / 400 AS chunk
                  FROM changed n) c
         GROUP BY c.showtime_id, c.chunk
    LOOP
        PERFORM bo_announce('bo_seats', r.showtime_id::text || '|' || r.seats);
    END LOOP;
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_new_booking_code()
 RETURNS text
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    -- 8 symbols of a 32-letter alphabet without 0/O/1/I (40 random bits), as XXXX-XXXX.
    SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(r.b, i.n) % 32) + 1, 1)
                      || CASE WHEN i.ord = 4 THEN '-' ELSE '' END, '' ORDER BY i.ord)
      FROM (SELECT uuid_send(gen_random_uuid()) AS b) r,
           unnest(ARRAY[0, 1, 2, 3, 9, 10, 11, 12]) WITH ORDINALITY AS i(n, ord)
$function$;

CREATE OR REPLACE FUNCTION public.bo_check_seat_request(p_showtime integer, p_seats integer[], p_owner uuid)
 RETURNS integer[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_sorted integer[];
    v_max    integer;
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
    SELECT max_seats_per_sale INTO v_max FROM settings;
    -- The size cap before the sort: a request of a million entries costs no more than one of ten.
    IF cardinality(p_seats) > v_max THEN
        RAISE EXCEPTION 'too many seats: % requested, at most % per sale', cardinality(p_seats), v_max
            USING ERRCODE = 'BO400';
    END IF;
    SELECT array_agg(DISTINCT s ORDER BY s) INTO v_sorted FROM unnest(p_seats) s;
    IF cardinality(v_sorted) > v_max THEN
        RAISE EXCEPTION 'too many seats: % requested, at most % per sale', cardinality(v_sorted), v_max
            USING ERRCODE = 'BO400';
    END IF;
    PERFORM 1 FROM showtime WHERE id = p_showtime;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    -- Whether the showtime sells is the gate's, after the seat locks (bo_sale_gate).
    RETURN v_sorted;
END $function$;

-- The sale rules, judged in one place for every path that takes a seat or confirms (bo_hold,
-- bo_begin_payment through bo_take_seats, bo_confirm and with it bo_exchange), by the clock after
-- the caller's seat locks: the showtime exists and is ON_SALE, its window is open (sale_opens_at,
-- and the cut-off: sale_closes_at, else the start plus late_sale_minutes), the request is within
-- the seats a sale may have, and a showtime that sells through its queue is sold only to a sale
-- its queue admitted. A sale the database already knows (its row in `sale`, made by its first
-- granted hold) was admitted then; its queue ticket is locked FOR SHARE otherwise, so that no
-- pass expires it before the caller commits. Nothing here is the caller's word: "counter" is the
-- login's role, which bo_queue_join reads (a till is admitted on joining).
CREATE OR REPLACE FUNCTION public.bo_sale_gate(p_showtime integer, p_owner uuid, p_seats integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    r record;
BEGIN
    SELECT st.status, st.sale_opens_at AS opens,
           coalesce(st.sale_closes_at, st.starts_at + make_interval(mins => se.late_sale_minutes)) AS cutoff,
           se.max_seats_per_sale AS max_seats,
           coalesce(st.queue_capacity, se.queue_capacity) IS NOT NULL AS queued
      INTO r FROM showtime st CROSS JOIN settings se WHERE st.id = p_showtime;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    IF p_seats > r.max_seats THEN
        RAISE EXCEPTION 'too many seats: % requested, at most % per sale', p_seats, r.max_seats
            USING ERRCODE = 'BO400';
    END IF;
    IF r.opens > clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % goes on sale at %', p_showtime,
            to_char(r.opens AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') USING ERRCODE = 'BO403',
            HINT = 'refusal: ' || json_build_array('not-on-sale-yet', p_showtime, to_char(r.opens AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'));
    END IF;
    IF r.status <> 'ON_SALE' OR r.cutoff < clock_timestamp() THEN
        RAISE EXCEPTION 'showtime % is not on sale', p_showtime USING ERRCODE = 'BO403',
            HINT = 'refusal: ' || json_build_array('not-on-sale', p_showtime);
    END IF;
    IF r.queued AND NOT EXISTS (SELECT 1 FROM sale s WHERE s.hold_token = p_owner AND s.showtime_id = p_showtime) THEN
        PERFORM 1 FROM queue_ticket t
         WHERE t.owner = p_owner AND t.showtime_id = p_showtime AND t.state IN ('ADMITTED', 'ACTIVE')
           FOR SHARE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'not admitted: showtime % sells through its queue; join it and wait for your turn',
                p_showtime USING ERRCODE = 'BO429';
        END IF;
    END IF;
END $function$;

-- A kiosk holds one sale's seats at a time (migration 0047; docs/SECURITY.md, finding 10): the seats its
-- login holds now under its other sales, in any showtime, and the p_seats this hold asks for make
-- at most one sale's limit. A kiosk's credential is public; without this a script held seats under
-- one new token after another, taking each again the instant its hold lapsed. A kiosk serves one
-- customer at a time, and one whose program restarted can still start a sale beside its lapsing
-- one. Tills, staffed, are not capped. Nor is the website's login ('web'): it holds for all its
-- customers at once, so a cap on it would be a cap on the whole site; its sales are capped one by
-- one (bo_web_hold_cap below).
CREATE OR REPLACE FUNCTION public.bo_kiosk_hold_cap(p_owner uuid, p_seats integer)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_max  integer;
    v_held bigint;
BEGIN
    IF bo_terminal_kind() IS DISTINCT FROM 'kiosk' THEN
        RETURN;
    END IF;
    SELECT se.max_seats_per_sale INTO v_max FROM settings se;
    SELECT count(*) INTO v_held
      FROM sale s JOIN showtime_seat ss ON ss.held_by = s.hold_token AND ss.showtime_id = s.showtime_id
     WHERE s.login = session_user AND s.hold_token <> p_owner
       AND coalesce(s.payment_deadline, s.selection_deadline) >= clock_timestamp()
       AND ss.status = 'HELD' AND ss.held_until >= clock_timestamp();
    IF v_held + p_seats > v_max THEN
        RAISE EXCEPTION 'this kiosk still holds % seats for another sale: a kiosk holds at most % at a time',
            v_held, v_max USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('kiosk-holds-another-sale', v_held, v_max);
    END IF;
END $function$;

-- One website sale holds at most one sale's limit (migration 0049): the seats its token holds in
-- the showtime, outside this request, and the seats it asks for. The request alone is capped for
-- everyone (bo_sale_gate); a kiosk or a till may ask for its whole new wish before releasing what
-- it no longer wants, so only the website, whose many customers share one login and are told
-- apart only by their tokens, is held to the sale's total, and it releases before it swaps.
-- Another token is another customer to the database; how many a client gets is the web server's.
CREATE OR REPLACE FUNCTION public.bo_web_hold_cap(p_showtime integer, p_owner uuid, p_seats integer[])
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_max  integer;
    v_held bigint;
BEGIN
    IF bo_terminal_kind() IS DISTINCT FROM 'web' THEN
        RETURN;
    END IF;
    SELECT se.max_seats_per_sale INTO v_max FROM settings se;
    SELECT count(*) INTO v_held
      FROM showtime_seat ss
     WHERE ss.showtime_id = p_showtime AND ss.held_by = p_owner
       AND ss.status = 'HELD' AND ss.held_until >= clock_timestamp()
       AND NOT (ss.seat_id = ANY (p_seats));
    IF v_held + cardinality(p_seats) > v_max THEN
        RAISE EXCEPTION 'too many seats: the sale holds % and asks for %, at most % per sale',
            v_held, cardinality(p_seats), v_max USING ERRCODE = 'BO400';
    END IF;
END $function$;

-- A showtime's seats as a terminal's screen sees them: the state (a lapsed hold reads FREE), until
-- when a seat is held, and whether the caller's own sale holds it (`p_owner`, the sale's token,
-- which the caller has). Nobody else's hold token leaves the database: a token releases, pays
-- for and confirms the seats it holds (docs/SECURITY.md, finding 3), so the terminals read no held_by.
CREATE OR REPLACE FUNCTION public.bo_seat_map(p_showtime integer, p_owner uuid)
 RETURNS TABLE(seat_id integer, status text, held_until timestamp with time zone, mine boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT ss.seat_id,
           CASE WHEN ss.status = 'HELD' AND ss.held_until < clock_timestamp() THEN 'FREE' ELSE ss.status END,
           CASE WHEN ss.held_until >= clock_timestamp() THEN ss.held_until END,
           ss.status = 'HELD' AND ss.held_until >= clock_timestamp() AND ss.held_by = p_owner
      FROM showtime_seat ss WHERE ss.showtime_id = p_showtime
$function$;

CREATE OR REPLACE FUNCTION public.bo_check_seats_exist(p_showtime integer, p_seats integer[])
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_missing integer[];
BEGIN
    SELECT array_agg(x ORDER BY x) INTO v_missing
      FROM unnest(p_seats) x
     WHERE NOT EXISTS (SELECT 1 FROM showtime_seat ss WHERE ss.showtime_id = p_showtime AND ss.seat_id = x);
    IF v_missing IS NOT NULL THEN
        RAISE EXCEPTION 'seats not in showtime %: %', p_showtime, array_to_string(v_missing, ',')
            USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('seats-not-in-showtime', p_showtime, array_to_string(v_missing, ', '));
    END IF;
END $function$;

-- A terminal's confirm: the sale paid for by the payment it carries (below).
CREATE OR REPLACE FUNCTION public.bo_confirm(p_terminal text, p_key uuid, p_showtime integer, p_owner uuid, p_seats integer[], p_tiers text[], p_payment jsonb, p_terminal_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(response jsonb, replayed boolean)
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT c.response, c.replayed
      FROM bo_confirm_sale(p_terminal, p_key, p_showtime, p_owner, p_seats, p_tiers, p_payment, p_terminal_id, NULL) c
$function$;

-- The confirm itself. `p_exchange` names the exchange whose old booking pays for this one
-- (bo_exchange, which settles the difference itself); it is granted to nobody, so a terminal's
-- confirm always goes through bo_confirm and carries its own payment.
CREATE OR REPLACE FUNCTION public.bo_confirm_sale(p_terminal text, p_key uuid, p_showtime integer, p_owner uuid, p_seats integer[], p_tiers text[], p_payment jsonb, p_terminal_id uuid, p_exchange uuid)
 RETURNS TABLE(response jsonb, replayed boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
    IF p_terminal_id IS NOT NULL THEN
        PERFORM bo_terminal_claim(p_terminal_id);
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
    -- A payment it carries is one of this booking's, and money the gateway or the drawer took
    -- (AUTHORISED or CAPTURED): not an intent never sent (NEW), still in flight (AUTHORISING), of
    -- another booking, or one that does not exist (docs/SECURITY.md, finding 1).
    IF v_carried IS NOT NULL THEN
        SELECT p.booking_id, p.state INTO v_intent FROM payment_intent p WHERE p.key = v_carried;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'there is no payment %: pay again', v_carried USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('payment-missing', v_carried);
        END IF;
        IF v_intent.booking_id IS DISTINCT FROM v_pending.id THEN
            RAISE EXCEPTION 'the payment % is not this booking''s: pay again', v_carried USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('payment-of-another-booking', v_carried);
        END IF;
        IF v_intent.state IN ('NEW', 'AUTHORISING') THEN
            RAISE EXCEPTION 'the payment % is %: no money is taken yet', v_carried, lower(v_intent.state)
                USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('payment-not-taken', v_carried, lower(v_intent.state));
        END IF;
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
                    USING ERRCODE = 'BO412',
                    HINT = 'refusal: ' || json_build_array('payment-being-voided', v_pending.code, v_intent.key);
            END IF;
            IF v_intent.key = v_carried
               AND v_intent.state IN ('VOIDING', 'VOIDED', 'DECLINED', 'ABANDONED', 'REFUNDING',
                                      'REFUNDED') THEN
                RAISE EXCEPTION 'booking % cannot be confirmed: the payment % it carries is %, not money '
                                'taken; pay again', v_intent.booking_code, v_intent.key, lower(v_intent.state)
                    USING ERRCODE = 'BO412',
                    HINT = 'refusal: ' || json_build_array('payment-not-money-taken', v_intent.booking_code, v_intent.key, lower(v_intent.state));
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
                RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
                    HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
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
    PERFORM bo_sale_gate(p_showtime, p_owner, cardinality(v_seats));

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
        IF v_paid.amount_minor <> v_total OR v_paid.currency <> v_currency THEN
            RAISE EXCEPTION 'the payment % is for % %, but the seats cost % %; take the payment again',
                            v_carried, v_paid.amount_minor, v_paid.currency, v_total, v_currency
                USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('payment-amount-differs', v_carried, v_paid.amount_minor, v_paid.currency, v_total, v_currency);
        END IF;
    END IF;
    -- A sale is confirmed on money taken, carried as above, never on none: a card payment the
    -- payment service recorded, or cash a staffed till with an open shift took into its drawer
    -- (bo_payment_create). A kiosk's credential is public (docs/SECURITY.md) and a till's can be
    -- copied; neither may book seats that cost something on its word alone. Only a sale that
    -- costs nothing (a ticket type priced 0) needs no payment, and an exchange's new booking is
    -- paid by the old one and the difference bo_exchange takes. Judged last, after the sale's own
    -- rules, so a closed sale or a lost seat says so first.
    -- The website, public like a kiosk, meets the general refusal: it takes no cash either
    -- (bo_payment_create), and the kiosk's sentence speaks of a kiosk.
    IF v_carried IS NULL AND v_total > 0 AND p_exchange IS NULL AND coalesce(bo_terminal_kind(), '') <> 'owner' THEN
        IF bo_terminal_kind() = 'kiosk' THEN
            RAISE EXCEPTION 'a kiosk confirms a sale only on its card payment, with money taken: pay first'
                USING ERRCODE = '42501',
                HINT = 'refusal: ' || json_build_array('kiosk-pays-by-card');
        END IF;
        RAISE EXCEPTION 'a sale of % % is confirmed only on its payment, with money taken: pay first',
                        v_total, v_currency
            USING ERRCODE = '42501',
            HINT = 'refusal: ' || json_build_array('pay-first', v_total, v_currency);
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_sweep(p_batch integer DEFAULT 200)
 RETURNS TABLE(showtime_id integer, seat_id integer, hold_token uuid, booking_code text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    -- Whose holds lapsed is a capability (a hold token releases, pays for and confirms its seats;
    -- a code refunds): a terminal that sweeps learns which seats were freed, not whose they were.
    v_owner boolean := bo_terminal_kind() = 'owner';
BEGIN
    IF p_batch IS NULL OR p_batch NOT BETWEEN 1 AND 10000 THEN
        RAISE EXCEPTION 'batch size % is outside 1..10000', p_batch USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('bo.announced', '', true);
    -- Bookings first (the lock order), then seats.
    RETURN QUERY
    WITH due AS (
        SELECT b.id FROM booking b
         WHERE b.status = 'PENDING' AND b.expires_at < clock_timestamp()
         ORDER BY b.expires_at
         LIMIT p_batch
           FOR UPDATE SKIP LOCKED)
    UPDATE booking b SET status = 'EXPIRED', closed_at = clock_timestamp()
      FROM due WHERE b.id = due.id AND b.status = 'PENDING'
    RETURNING b.showtime_id, NULL::integer, CASE WHEN v_owner THEN b.hold_token END,
              CASE WHEN v_owner THEN b.code END;

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
    SELECT f.showtime_id, f.seat_id, CASE WHEN v_owner THEN f.held_by END, NULL::text FROM freed f;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_purge_keys(p_batch integer DEFAULT 1000)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_count   integer;
    v_horizon timestamptz;
BEGIN
    IF p_batch IS NULL OR p_batch NOT BETWEEN 1 AND 100000 THEN
        RAISE EXCEPTION 'batch size % is outside 1..100000', p_batch USING ERRCODE = 'BO400';
    END IF;
    v_horizon := clock_timestamp() - make_interval(hours => (SELECT key_retention_hours FROM settings));
    DELETE FROM idempotency_key k
     WHERE k.key IN (SELECT key FROM idempotency_key WHERE created_at < v_horizon
                      LIMIT p_batch FOR UPDATE SKIP LOCKED);
    GET DIAGNOSTICS v_count = ROW_COUNT;
    DELETE FROM sale s
     WHERE (s.hold_token, s.showtime_id) IN (
           SELECT hold_token, showtime_id FROM sale
            WHERE coalesce(payment_deadline, selection_deadline) < v_horizon
            LIMIT p_batch FOR UPDATE SKIP LOCKED);
    RETURN v_count;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_booking_seats_follow_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF NEW.status NOT IN ('PENDING', 'CONFIRMED') THEN
        UPDATE booking_seat SET active = false WHERE booking_id = NEW.id AND active;
    END IF;
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_booking_seat_check_active()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF NEW.active AND NOT EXISTS (SELECT 1 FROM booking b
                                   WHERE b.id = NEW.booking_id AND b.status IN ('PENDING', 'CONFIRMED')) THEN
        RAISE EXCEPTION 'booking seat % of booking % is active but its booking is closed', NEW.seat_id, NEW.booking_id
            USING ERRCODE = '23514';
    END IF;
    RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_may_commit_async(p_async boolean)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT coalesce(p_async, false) AND pg_current_xact_id_if_assigned() IS NULL
$function$;

CREATE OR REPLACE FUNCTION public.bo_refusals(p_showtime integer, p_seats integer[], p_taken integer[], p_owner uuid)
 RETURNS TABLE(unavailable integer[], refused text[])
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT coalesce(array_agg(x.s ORDER BY x.s), '{}'),
           coalesce(array_agg(CASE
                WHEN ss.status = 'RESERVED' THEN 'reserved'
                WHEN ss.status = 'BLOCKED' THEN 'blocked'
                WHEN ss.status = 'HELD' AND ss.held_by IS DISTINCT FROM p_owner
                     AND ss.held_until >= clock_timestamp() THEN 'held'
                ELSE 'locked' END ORDER BY x.s), '{}')
      FROM unnest(p_seats) x(s)
      LEFT JOIN showtime_seat ss ON ss.showtime_id = p_showtime AND ss.seat_id = x.s
     WHERE NOT (x.s = ANY (coalesce(p_taken, '{}')))
$function$;

CREATE OR REPLACE FUNCTION public.bo_take_seats(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer, p_deadline timestamp with time zone, p_new_deadline_s integer, p_async boolean)
 RETURNS TABLE(granted boolean, held_until timestamp with time zone, db_now timestamp with time zone, unavailable integer[], refused text[])
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    r        record;
    v_count  integer;
    v_said   integer;
    v_until  timestamptz;
    v_now    timestamptz;
    v_ignore text;
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
    IF p_ttl_s IS NOT NULL AND p_ttl_s NOT BETWEEN 1 AND 3600 THEN
        RAISE EXCEPTION 'hold time % s is outside 1..3600', p_ttl_s USING ERRCODE = 'BO400';
    END IF;
    IF p_deadline IS NOT NULL AND p_deadline <= clock_timestamp() THEN
        RAISE EXCEPTION 'the sale''s time is up' USING ERRCODE = 'BO410';
    END IF;

    -- One statement reads the request, the showtime and the settings and locks the takeable rows
    -- in seat order: first the sale's own (waiting), then the others (SKIP LOCKED).
    WITH req AS (
        SELECT array_agg(DISTINCT s ORDER BY s) AS seats FROM unnest(p_seats) s),
    cfg AS (
        SELECT st.status = 'ON_SALE'
                   AND st.starts_at + make_interval(mins => se.late_sale_minutes) >= clock_timestamp() AS on_sale,
               se.max_seats_per_sale AS max_seats,
               least(coalesce(p_ttl_s, se.selection_ttl_s), 3600) AS ttl,
               se.selection_ttl_s AS selection_ttl
          FROM showtime st CROSS JOIN settings se
         WHERE st.id = p_showtime),
    own AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats
           AND ss.status = 'HELD' AND ss.held_by = p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss),
    locked AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats
           AND (ss.status = 'FREE' OR (ss.status = 'HELD' AND ss.held_until < clock_timestamp()))
           AND ss.held_by IS DISTINCT FROM p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss SKIP LOCKED)
    SELECT (SELECT req.seats FROM req) AS seats, cfg.on_sale, cfg.max_seats, cfg.ttl, cfg.selection_ttl,
           (SELECT array_agg(x.seat_id ORDER BY x.seat_id)
              FROM (SELECT o.seat_id FROM own o UNION ALL SELECT l.seat_id FROM locked l) x) AS locked
      INTO r
      FROM (SELECT 1) one LEFT JOIN cfg ON true;

    PERFORM bo_sale_gate(p_showtime, p_owner, cardinality(r.seats));
    PERFORM bo_kiosk_hold_cap(p_owner, cardinality(r.seats));
    PERFORM bo_web_hold_cap(p_showtime, p_owner, r.seats);

    IF coalesce(cardinality(r.locked), 0) <> cardinality(r.seats) THEN
        PERFORM bo_check_seats_exist(p_showtime, r.seats);
        RETURN QUERY SELECT false, NULL::timestamptz, clock_timestamp(), f.unavailable, f.refused
                       FROM bo_refusals(p_showtime, r.seats, r.locked, p_owner) f;
        RETURN;
    END IF;

    IF p_async THEN
        v_ignore := set_config('synchronous_commit', 'off', true);
    END IF;
    v_ignore := set_config('bo.announced', 'on', true);
    -- Granted now, every row lock held: the TTL counts from this moment, capped by the sale.
    v_now := clock_timestamp();
    v_until := least(v_now + make_interval(secs => r.ttl),
                     coalesce(p_deadline, v_now + make_interval(secs => coalesce(p_new_deadline_s, r.selection_ttl))));
    WITH held AS (
        UPDATE showtime_seat ss
           SET status = 'HELD', held_by = p_owner, held_until = v_until
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (r.locked)
        RETURNING ss.seat_id),
    said AS (
        SELECT bo_announce('bo_seats', p_showtime::text || '|' || string_agg('H' || h.seat_id::text, ','
                                                                          ORDER BY h.seat_id))
          FROM held h HAVING count(*) > 0)
    SELECT (SELECT count(*) FROM held), (SELECT count(*) FROM said) INTO v_count, v_said;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count <> cardinality(r.seats) THEN
        RAISE EXCEPTION 'hold changed % of % seats', v_count, cardinality(r.seats) USING ERRCODE = 'XX000';
    END IF;
    RETURN QUERY SELECT true, v_until, v_now, '{}'::integer[], '{}'::text[];
END $function$;

CREATE OR REPLACE FUNCTION public.bo_hold(p_showtime integer, p_seats integer[], p_owner uuid, p_ttl_s integer DEFAULT NULL::integer, p_async boolean DEFAULT false)
 RETURNS TABLE(granted boolean, held_until timestamp with time zone, db_now timestamp with time zone, unavailable integer[], refused text[])
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    r        record;
    v_async  boolean;
    v_count  integer;
    v_said   integer;
    v_until  timestamptz;
    v_now    timestamptz;
    v_ignore text;
    v_missing integer[];
BEGIN
    -- Asked on entry, before this function's row locks give the transaction an id (0005, 10).
    v_async := coalesce(p_async, false) AND pg_current_xact_id_if_assigned() IS NULL;
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_seats IS NULL OR cardinality(p_seats) = 0 THEN
        RAISE EXCEPTION 'no seats requested' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_seats, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;
    IF p_ttl_s IS NOT NULL AND p_ttl_s NOT BETWEEN 1 AND 3600 THEN
        RAISE EXCEPTION 'hold time % s is outside 1..3600', p_ttl_s USING ERRCODE = 'BO400';
    END IF;

    -- One statement reads the request, the showtime, the settings and the sale's deadline, and
    -- locks the takeable rows in seat order: the sale's own (waiting), then the others (SKIP LOCKED).
    WITH req AS (
        SELECT array_agg(DISTINCT s ORDER BY s) AS seats FROM unnest(p_seats) s),
    cfg AS (
        SELECT st.status = 'ON_SALE'
                   AND coalesce(st.sale_closes_at, st.starts_at + make_interval(mins => se.late_sale_minutes))
                       >= clock_timestamp()
                   AND (st.sale_opens_at IS NULL OR st.sale_opens_at <= clock_timestamp()) AS on_sale,
               se.max_seats_per_sale AS max_seats,
               least(coalesce(p_ttl_s, se.selection_ttl_s), 3600) AS ttl,
               se.selection_ttl_s AS selection_ttl,
               sa.deadline, sa.deadline IS NOT NULL AS known
          FROM showtime st CROSS JOIN settings se
          LEFT JOIN LATERAL (
                SELECT coalesce(s.payment_deadline, s.selection_deadline) AS deadline FROM sale s
                 WHERE s.hold_token = p_owner AND s.showtime_id = p_showtime) sa ON true
         WHERE st.id = p_showtime),
    own AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats
           AND (cfg.deadline IS NULL OR cfg.deadline > clock_timestamp())
           AND ss.status = 'HELD' AND ss.held_by = p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss),
    locked AS (
        SELECT ss.seat_id
          FROM showtime_seat ss, req, cfg
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (req.seats)
           AND cfg.on_sale AND cardinality(req.seats) <= cfg.max_seats
           AND (cfg.deadline IS NULL OR cfg.deadline > clock_timestamp())
           AND (ss.status = 'FREE' OR (ss.status = 'HELD' AND ss.held_until < clock_timestamp()))
           AND ss.held_by IS DISTINCT FROM p_owner
         ORDER BY ss.seat_id
           FOR UPDATE OF ss SKIP LOCKED)
    SELECT (SELECT req.seats FROM req) AS seats, cfg.on_sale, cfg.max_seats, cfg.ttl, cfg.selection_ttl,
           cfg.deadline, cfg.known,
           (SELECT array_agg(x.seat_id ORDER BY x.seat_id)
              FROM (SELECT o.seat_id FROM own o UNION ALL SELECT l.seat_id FROM locked l) x) AS locked
      INTO r
      FROM (SELECT 1) one LEFT JOIN cfg ON true;

    -- Judged by the clock after the locks: a hold that waited past the cut-off is refused. The
    -- seats locked above go with a refusal.
    PERFORM bo_sale_gate(p_showtime, p_owner, cardinality(r.seats));
    PERFORM bo_kiosk_hold_cap(p_owner, cardinality(r.seats));
    PERFORM bo_web_hold_cap(p_showtime, p_owner, r.seats);
    IF r.deadline <= clock_timestamp() THEN
        RAISE EXCEPTION 'the sale''s time is up' USING ERRCODE = 'BO410';
    END IF;

    IF coalesce(cardinality(r.locked), 0) <> cardinality(r.seats) THEN
        -- Refused: one statement finds the seats the showtime does not have and says why each
        -- other seat was not taken (the words and their order are bo_refusals', 0005). The
        -- seats it locked exist; their locks go with the transaction.
        SELECT coalesce(array_agg(x.s ORDER BY x.s) FILTER (WHERE ss.seat_id IS NOT NULL), '{}'),
               coalesce(array_agg(CASE
                    WHEN ss.status = 'RESERVED' THEN 'reserved'
                    WHEN ss.status = 'BLOCKED' THEN 'blocked'
                    WHEN ss.status = 'HELD' AND ss.held_by IS DISTINCT FROM p_owner
                         AND ss.held_until >= clock_timestamp() THEN 'held'
                    ELSE 'locked' END ORDER BY x.s) FILTER (WHERE ss.seat_id IS NOT NULL), '{}'),
               array_agg(x.s ORDER BY x.s) FILTER (WHERE ss.seat_id IS NULL)
          INTO unavailable, refused, v_missing
          FROM unnest(r.seats) x(s)
          LEFT JOIN showtime_seat ss ON ss.showtime_id = p_showtime AND ss.seat_id = x.s
         WHERE NOT (x.s = ANY (coalesce(r.locked, '{}')));
        IF v_missing IS NOT NULL THEN
            RAISE EXCEPTION 'seats not in showtime %: %', p_showtime, array_to_string(v_missing, ',')
                USING ERRCODE = 'BO404',
                HINT = 'refusal: ' || json_build_array('seats-not-in-showtime', p_showtime, array_to_string(v_missing, ', '));
        END IF;
        granted := false;
        held_until := NULL;
        db_now := clock_timestamp();
        RETURN NEXT;
        RETURN;
    END IF;

    IF v_async THEN
        v_ignore := set_config('synchronous_commit', 'off', true);
    END IF;
    v_ignore := set_config('bo.announced', 'on', true);
    -- Granted now, every row lock held: the TTL counts from this moment, capped by the sale.
    -- The sale's clock starts with its first granted hold (its row is made here).
    v_now := clock_timestamp();
    v_until := least(v_now + make_interval(secs => r.ttl),
                     coalesce(r.deadline, v_now + make_interval(secs => r.selection_ttl)));
    WITH held AS (
        UPDATE showtime_seat ss
           SET status = 'HELD', held_by = p_owner, held_until = v_until
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY ((SELECT r.locked)::integer[])
        RETURNING ss.seat_id),
    said AS (
        SELECT bo_announce('bo_seats', p_showtime::text || '|' || string_agg('H' || h.seat_id::text, ','
                                                                          ORDER BY h.seat_id))
          FROM held h HAVING count(*) > 0),
    started AS (
        INSERT INTO sale (hold_token, showtime_id, started_at, selection_deadline)
        SELECT p_owner, p_showtime, v_now, v_now + make_interval(secs => r.selection_ttl)
         WHERE NOT r.known
        ON CONFLICT DO NOTHING
        RETURNING 1)
    -- (A data-modifying WITH runs to completion whether or not the query reads it. The seat list
    -- as a sub-select keeps one plan for the session: see 2 above.)
    SELECT (SELECT count(*) FROM held), (SELECT count(*) FROM said) INTO v_count, v_said;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count <> cardinality(r.seats) THEN
        RAISE EXCEPTION 'hold changed % of % seats', v_count, cardinality(r.seats) USING ERRCODE = 'XX000';
    END IF;
    RETURN QUERY SELECT true, v_until, v_now, '{}'::integer[], '{}'::text[];
END $function$;

CREATE OR REPLACE FUNCTION public.bo_begin_payment(p_showtime integer, p_seats integer[], p_owner uuid, p_terminal text, p_ttl_s integer DEFAULT NULL::integer, p_terminal_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(granted boolean, held_until timestamp with time zone, db_now timestamp with time zone, unavailable integer[], refused text[], booking_id uuid, booking_code text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_sale     record;
    v_deadline timestamptz;
    v_payment  integer;
    v_take     record;
    v_id       uuid;
    v_code     text;
BEGIN
    IF p_terminal IS NULL OR length(p_terminal) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'terminal name missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_terminal_id IS NOT NULL THEN
        PERFORM bo_terminal_claim(p_terminal_id);
    END IF;
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    IF p_ttl_s IS NOT NULL AND p_ttl_s NOT BETWEEN 1 AND 3600 THEN
        RAISE EXCEPTION 'hold time % s is outside 1..3600', p_ttl_s USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    -- The payment time: the setting, or less if the caller asks for less.
    SELECT least(coalesce(p_ttl_s, payment_ttl_s), payment_ttl_s) INTO v_payment FROM settings;

    -- Lock order: sale, booking, seats.
    SELECT * INTO v_sale FROM sale s WHERE s.hold_token = p_owner AND s.showtime_id = p_showtime FOR UPDATE;
    IF FOUND THEN
        IF v_sale.payment_deadline IS NULL AND v_sale.selection_deadline <= clock_timestamp() THEN
            RAISE EXCEPTION 'the sale''s time is up' USING ERRCODE = 'BO410';
        END IF;
    END IF;
    SELECT b.id, b.code INTO v_id, v_code FROM booking b
     WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING' FOR UPDATE;

    SELECT * INTO v_take
      FROM bo_take_seats(p_showtime, p_seats, p_owner, v_payment, v_sale.payment_deadline, v_payment, false);
    IF NOT v_take.granted THEN
        RETURN QUERY SELECT false, NULL::timestamptz, v_take.db_now, v_take.unavailable, v_take.refused,
                            NULL::uuid, NULL::text;
        RETURN;
    END IF;
    -- A first begin-payment's time counts from its grant, after any wait for the seats.
    v_deadline := coalesce(v_sale.payment_deadline, v_take.held_until);

    IF v_sale.hold_token IS NULL THEN
        INSERT INTO sale (hold_token, showtime_id, started_at, selection_deadline, payment_started_at,
                          payment_deadline)
        VALUES (p_owner, p_showtime, v_take.db_now, v_take.db_now, v_take.db_now, v_deadline)
        ON CONFLICT (hold_token, showtime_id) DO UPDATE
           SET payment_started_at = coalesce(sale.payment_started_at, EXCLUDED.payment_started_at),
               payment_deadline = coalesce(sale.payment_deadline, EXCLUDED.payment_deadline);
    ELSIF v_sale.payment_deadline IS NULL THEN
        UPDATE sale s SET payment_started_at = v_take.db_now, payment_deadline = v_deadline
         WHERE s.hold_token = p_owner AND s.showtime_id = p_showtime;
    END IF;

    -- The booking lasts the sale's payment time, which covers every hold of its seats (they
    -- cannot outlast it), so a sweep never expires a booking whose seats are still held (3).
    IF v_id IS NOT NULL THEN
        UPDATE booking b SET expires_at = v_deadline WHERE b.id = v_id;
    ELSE
        LOOP
            v_code := bo_new_booking_code();
            EXIT WHEN NOT EXISTS (SELECT 1 FROM booking WHERE code = v_code);
        END LOOP;
        INSERT INTO booking (code, showtime_id, status, hold_token, currency, terminal, terminal_id, expires_at)
        VALUES (v_code, p_showtime, 'PENDING', p_owner, (SELECT currency FROM settings), p_terminal,
                p_terminal_id, v_deadline)
        RETURNING id INTO v_id;
    END IF;
    RETURN QUERY SELECT true, v_take.held_until, clock_timestamp(), '{}'::integer[], '{}'::text[], v_id, v_code;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_extend_hold(p_showtime integer, p_owner uuid)
 RETURNS TABLE(granted boolean, held_until timestamp with time zone, db_now timestamp with time zone, extensions_left integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_sale   record;
    v_cfg    record;
    v_new    timestamptz;
    v_seats  integer;
    v_ignore text;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    SELECT hold_extension_s, max_hold_extensions INTO v_cfg FROM settings;
    SELECT * INTO v_sale FROM sale s WHERE s.hold_token = p_owner AND s.showtime_id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no sale of this hold token on showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-sale', p_showtime);
    END IF;
    IF coalesce(v_sale.payment_deadline, v_sale.selection_deadline) <= clock_timestamp() THEN
        RAISE EXCEPTION 'the sale''s time is up' USING ERRCODE = 'BO410';
    END IF;
    IF v_sale.extensions_used >= v_cfg.max_hold_extensions THEN
        RETURN QUERY SELECT false, coalesce(v_sale.payment_deadline, v_sale.selection_deadline),
                            clock_timestamp(), 0;
        RETURN;
    END IF;
    v_new := coalesce(v_sale.payment_deadline, v_sale.selection_deadline)
             + make_interval(secs => v_cfg.hold_extension_s);
    UPDATE sale s
       SET extensions_used = s.extensions_used + 1,
           payment_deadline = CASE WHEN s.payment_deadline IS NOT NULL THEN v_new END,
           selection_deadline = CASE WHEN s.payment_deadline IS NULL THEN v_new ELSE s.selection_deadline END
     WHERE s.hold_token = p_owner AND s.showtime_id = p_showtime;
    PERFORM 1 FROM booking b
     WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING' FOR UPDATE;
    UPDATE booking b SET expires_at = v_new
     WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING';
    -- The seats' state does not change: nobody else needs to hear of it.
    v_ignore := set_config('bo.announced', 'on', true);
    WITH mine AS (
        SELECT ss.seat_id FROM showtime_seat ss
         WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner
           AND ss.held_until >= clock_timestamp()
         ORDER BY ss.seat_id FOR UPDATE OF ss),
    moved AS (
        UPDATE showtime_seat ss SET held_until = v_new
          FROM mine m
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = m.seat_id
        RETURNING 1)
    SELECT count(*) INTO v_seats FROM moved;
    v_ignore := set_config('bo.announced', '', true);
    RETURN QUERY SELECT true, v_new, clock_timestamp(), v_cfg.max_hold_extensions - v_sale.extensions_used - 1;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_release(p_showtime integer, p_owner uuid, p_seats integer[] DEFAULT NULL::integer[], p_async boolean DEFAULT false)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_count  integer;
    v_said   integer;
    v_ignore text;
BEGIN
    IF p_owner IS NULL THEN
        RAISE EXCEPTION 'owner token missing' USING ERRCODE = 'BO400';
    END IF;
    -- Asked on entry, before this function's row locks give the transaction an id (0005, 10).
    IF coalesce(p_async, false) AND pg_current_xact_id_if_assigned() IS NULL THEN
        v_ignore := set_config('synchronous_commit', 'off', true);
    END IF;
    IF p_seats IS NOT NULL THEN
        v_ignore := set_config('bo.announced', 'on', true);
        WITH mine AS (
            SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)
               AND ss.status = 'HELD' AND ss.held_by = p_owner
             ORDER BY ss.seat_id FOR UPDATE OF ss),
        freed AS (
            UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL
             WHERE ss.showtime_id = p_showtime AND ss.seat_id IN (SELECT m.seat_id FROM mine m)
            RETURNING ss.seat_id),
        said AS (
            SELECT bo_announce('bo_seats', p_showtime::text || '|' || string_agg('F' || c.seat_id::text, ','
                                                                              ORDER BY c.seat_id))
              FROM (SELECT f.seat_id, (row_number() OVER (ORDER BY f.seat_id) - 1) / 400 AS chunk
                      FROM freed f) c
             GROUP BY c.chunk)
        SELECT (SELECT count(*) FROM freed), (SELECT count(*) FROM said) INTO v_count, v_said;
    ELSE
        -- Booking before seats (the lock order). The booking's triggers change booking_seat
        -- only, which announces nothing; the flag is set before the seats change.
        UPDATE booking b SET status = 'CANCELLED', closed_at = clock_timestamp()
         WHERE b.hold_token = p_owner AND b.showtime_id = p_showtime AND b.status = 'PENDING';
        v_ignore := set_config('bo.announced', 'on', true);
        WITH mine AS (
            SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD' AND ss.held_by = p_owner
             ORDER BY ss.seat_id FOR UPDATE OF ss),
        freed AS (
            UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL
             WHERE ss.showtime_id = p_showtime AND ss.seat_id IN (SELECT m.seat_id FROM mine m)
            RETURNING ss.seat_id),
        said AS (
            SELECT bo_announce('bo_seats', p_showtime::text || '|' || string_agg('F' || c.seat_id::text, ','
                                                                              ORDER BY c.seat_id))
              FROM (SELECT f.seat_id, (row_number() OVER (ORDER BY f.seat_id) - 1) / 400 AS chunk
                      FROM freed f) c
             GROUP BY c.chunk)
        SELECT (SELECT count(*) FROM freed), (SELECT count(*) FROM said) INTO v_count, v_said;
    END IF;
    v_ignore := set_config('bo.announced', '', true);
    IF v_count = 0 AND NOT EXISTS (SELECT 1 FROM showtime WHERE id = p_showtime) THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    RETURN v_count;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_confirm_replay(p_key uuid, p_fingerprint text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_stored record;
    v_status text;
BEGIN
    SELECT k.fingerprint, k.response, k.operation INTO v_stored FROM idempotency_key k WHERE k.key = p_key;
    IF NOT FOUND OR v_stored.response IS NULL THEN
        RAISE EXCEPTION 'unknown idempotency key %', p_key USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-request-key', p_key);
    END IF;
    IF v_stored.operation <> 'confirm' OR v_stored.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key % was already used for a different request', p_key
            USING ERRCODE = 'BO422',
            HINT = 'refusal: ' || json_build_array('key-reused', p_key);
    END IF;
    SELECT b.status INTO v_status FROM booking b WHERE b.id = (v_stored.response ->> 'booking_id')::uuid;
    IF v_status IS NULL OR v_status = v_stored.response ->> 'status' THEN
        RETURN v_stored.response;
    END IF;
    RETURN jsonb_set(v_stored.response, '{status}', to_jsonb(v_status));
END $function$;

CREATE OR REPLACE FUNCTION public.bo_cancel_booking(p_code text)
 RETURNS TABLE(booking_id uuid, status text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_booking record;
    v_intent  record;
BEGIN
    IF p_code IS NULL OR p_code !~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$' THEN
        RAISE EXCEPTION 'booking code % is not of the form XXXX-XXXX', coalesce(p_code, '(none)')
            USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    PERFORM set_config('bo.announced', '', true);
    SELECT b.id, b.status, b.showtime_id, b.hold_token INTO v_booking FROM booking b WHERE b.code = p_code FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown booking %', p_code USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-booking', p_code);
    END IF;
    IF v_booking.status NOT IN ('PENDING', 'CONFIRMED') THEN
        RAISE EXCEPTION 'booking % is already %', p_code, lower(v_booking.status) USING ERRCODE = 'BO409',
            HINT = 'refusal: ' || json_build_array('booking-closed-already', p_code, lower(v_booking.status));
    END IF;
    -- Its payment intents next (level 3a), FOR SHARE in key order. A capture on its way may take
    -- the money whatever happens here: cancelling now would leave it taken for no booking, its
    -- CAPTURED refused (0010) and nobody to refund it. The caller waits for the capture's result
    -- (the terminal, or the reconciler), then cancels and refunds.
    FOR v_intent IN
        SELECT p.key, p.state FROM payment_intent p WHERE p.booking_id = v_booking.id ORDER BY p.key FOR SHARE
    LOOP
        IF v_intent.state = 'CAPTURING' THEN
            RAISE EXCEPTION 'booking % cannot be cancelled while its payment % is being captured: wait '
                            'for the capture''s result (or run boxoffice-admin reconcile), then cancel '
                            'and refund', p_code, v_intent.key USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('cancel-while-capturing', p_code, v_intent.key);
        END IF;
    END LOOP;
    UPDATE booking b SET status = 'CANCELLED', closed_at = clock_timestamp(), expires_at = NULL
     WHERE b.id = v_booking.id;
    PERFORM 1 FROM showtime_seat ss
     WHERE ss.showtime_id = v_booking.showtime_id AND ss.booking_id = v_booking.id
     ORDER BY ss.seat_id FOR UPDATE;
    UPDATE showtime_seat ss SET status = 'FREE', booking_id = NULL
     WHERE ss.showtime_id = v_booking.showtime_id AND ss.booking_id = v_booking.id;
    IF v_booking.status = 'PENDING' THEN
        PERFORM 1 FROM showtime_seat ss
         WHERE ss.showtime_id = v_booking.showtime_id AND ss.status = 'HELD' AND ss.held_by = v_booking.hold_token
         ORDER BY ss.seat_id FOR UPDATE;
        UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL
         WHERE ss.showtime_id = v_booking.showtime_id AND ss.status = 'HELD'
           AND ss.held_by = v_booking.hold_token;
    END IF;
    RETURN QUERY SELECT v_booking.id, 'CANCELLED'::text;
END $function$;
