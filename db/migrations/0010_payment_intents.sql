-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Durable payment intents (issue 11, item 2; model/paymentintents.h is the port).
--
-- One row per payment attempt, card or cash, keyed by the payment's idempotency key, which the
-- terminal makes and records here before the first call to a payment service. Every such call is
-- preceded by a committed "about to call" state (AUTHORISING, CAPTURING, VOIDING, REFUNDING) and
-- followed by a committed result, so a crash at any point leaves a row saying exactly what may
-- have happened. payment_event keeps every change, append-only.
--
-- State changes only through these functions (SECURITY DEFINER, pinned search_path and
-- bo.announced as 0006 set for every bo_% function); terminals and managers get EXECUTE on them
-- and nothing on the tables: even the reads go through bo_payment_find / bo_payment_list.
--
-- Transitions (anything else is refused with BO400):
--   card: NEW -> AUTHORISING | ABANDONED (nothing was ever sent)
--         AUTHORISING -> AUTHORISED | DECLINED | ABANDONED (a look-up says the service never saw it)
--         AUTHORISED -> CAPTURING | VOIDING
--         CAPTURING -> CAPTURED,  VOIDING -> VOIDED
--         CAPTURED -> REFUNDING,  REFUNDING -> REFUNDED
--   cash: created AUTHORISED (tendered and change recorded); AUTHORISED -> CAPTURED | VOIDED;
--         CAPTURED -> REFUNDED (handed back from the drawer: no service to call)
-- Resolved (resolved_at set): DECLINED, CAPTURED, VOIDED, REFUNDED, ABANDONED.
--
-- Money and bookings agree: CAPTURING and CAPTURED need the booking CONFIRMED; VOIDING, VOIDED,
-- REFUNDING and REFUNDED are refused while it is CONFIRMED (card and cash alike). A new intent
-- needs the sale's PENDING booking and no other unresolved intent of that booking.
--
-- SQLSTATEs: BO400 bad request or illegal transition, BO404 unknown key or booking, BO410 the
-- booking expired, BO412 precondition failed (the intent is no longer in `from`, is resolved, or
-- the booking's state forbids the change: read again), BO422 the key was used for another
-- request.
--
-- Lock order (docs/DECISIONS.md, "One lock order"): the booking before its payment intent. The
-- functions that check the booking lock it FOR SHARE (a confirm or cancel waits for them, they
-- never wait for a seat), then the intent FOR UPDATE. No function locks seats and an intent.
--
-- Reconciler leadership: a session advisory lock on the fixed key 4778125971265045827
-- ('BOPAYREC' as a big-endian bigint; the migrator's is 'BoxOffil'), taken by
-- bo_payment_try_lead and given back by bo_payment_step_down or the end of the session.
--
-- Retention: intents and their events are financial records. They are never purged with the
-- idempotency keys (bo_purge_keys does not touch them) and no role the applications use can
-- delete them; triggers refuse UPDATE/DELETE of events and DELETE of intents even to the owner.

CREATE TABLE payment_intent (
    key                 uuid PRIMARY KEY,
    hold_token          uuid NOT NULL,
    showtime_id         integer NOT NULL,
    booking_id          uuid NOT NULL REFERENCES booking (id),
    booking_code        text NOT NULL,
    terminal            text NOT NULL CHECK (length(terminal) BETWEEN 1 AND 100),
    terminal_id         uuid,
    method              text NOT NULL CHECK (method IN ('card', 'cash')),
    amount_minor        bigint NOT NULL CHECK (amount_minor > 0),
    currency            char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    tendered_minor      bigint,
    change_minor        bigint,
    state               text NOT NULL CHECK (state IN ('NEW', 'AUTHORISING', 'AUTHORISED', 'DECLINED', 'CAPTURING',
                                                       'CAPTURED', 'VOIDING', 'VOIDED', 'REFUNDING', 'REFUNDED',
                                                       'ABANDONED')),
    gateway             text CHECK (length(gateway) BETWEEN 1 AND 100),
    gateway_ref         text CHECK (length(gateway_ref) BETWEEN 1 AND 200),
    masked_card         text CHECK (length(masked_card) BETWEEN 1 AND 100),
    reason              text CHECK (length(reason) <= 500),
    attempts            integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    request_fingerprint text NOT NULL,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL,
    resolved_at         timestamptz,
    CONSTRAINT payment_intent_resolved CHECK (
        (resolved_at IS NOT NULL) = (state IN ('DECLINED', 'CAPTURED', 'VOIDED', 'REFUNDED', 'ABANDONED'))),
    CONSTRAINT payment_intent_cash CHECK (
        CASE method
            WHEN 'cash' THEN tendered_minor >= amount_minor AND change_minor = tendered_minor - amount_minor
                             AND state IN ('AUTHORISED', 'CAPTURED', 'VOIDED', 'REFUNDED')
            ELSE tendered_minor IS NULL AND change_minor IS NULL AND gateway IS NOT NULL
        END)
);
-- The reconciler's and the manager's view: what is not resolved, by how long it has been silent.
CREATE INDEX payment_intent_unresolved_idx ON payment_intent (updated_at) WHERE resolved_at IS NULL;
CREATE INDEX payment_intent_booking_idx ON payment_intent (booking_id);
-- One live attempt per booking (the functions say so first, with a clearer message).
CREATE UNIQUE INDEX payment_intent_one_live_per_booking_idx ON payment_intent (booking_id) WHERE resolved_at IS NULL;
CREATE INDEX payment_intent_created_idx ON payment_intent (created_at);

-- Every change of an intent, in order: seq counts from 1 per key, from_state is the previous
-- event's to_state (NULL for the creation). A call whose outcome stayed unknown is an event
-- with from_state = to_state. terminal is the database login that made the change.
CREATE TABLE payment_event (
    key        uuid NOT NULL REFERENCES payment_intent (key),
    seq        integer NOT NULL CHECK (seq >= 1),
    from_state text,
    to_state   text NOT NULL,
    at         timestamptz NOT NULL,
    detail     jsonb NOT NULL DEFAULT '{}',
    terminal   text NOT NULL,
    PRIMARY KEY (key, seq)
);

CREATE FUNCTION bo_payment_keep_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is a financial record: % is refused', TG_TABLE_NAME, lower(TG_OP)
        USING ERRCODE = '42501';
END $$;
CREATE TRIGGER payment_event_append_only BEFORE UPDATE OR DELETE ON payment_event
    FOR EACH ROW EXECUTE FUNCTION bo_payment_keep_records();
CREATE TRIGGER payment_event_no_truncate BEFORE TRUNCATE ON payment_event
    FOR EACH STATEMENT EXECUTE FUNCTION bo_payment_keep_records();
CREATE TRIGGER payment_intent_kept BEFORE DELETE ON payment_intent
    FOR EACH ROW EXECUTE FUNCTION bo_payment_keep_records();
CREATE TRIGGER payment_intent_no_truncate BEFORE TRUNCATE ON payment_intent
    FOR EACH STATEMENT EXECUTE FUNCTION bo_payment_keep_records();

-- What every function returns: the intent with its booking's status and payment deadline.
CREATE VIEW payment_intent_status AS
SELECT p.key, p.hold_token, p.showtime_id, p.booking_id, p.booking_code, p.terminal, p.terminal_id, p.method,
       p.amount_minor, p.currency::text AS currency, p.tendered_minor, p.change_minor, p.gateway, p.state,
       p.gateway_ref, p.masked_card, p.reason, p.attempts, p.created_at, p.updated_at, p.resolved_at,
       b.status AS booking_status,
       CASE WHEN b.status = 'PENDING' THEN b.expires_at END AS booking_deadline
  FROM payment_intent p
  LEFT JOIN booking b ON b.id = p.booking_id;

-- Whether `to` may follow `from` for a payment of `method` (the table in the head comment).
CREATE FUNCTION bo_payment_may_move(p_method text, p_from text, p_to text) RETURNS boolean
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
$$;

-- Appends one event of an intent whose row the caller has locked (or just inserted).
CREATE FUNCTION bo_payment_record(p_key uuid, p_from text, p_to text, p_at timestamptz, p_detail jsonb)
RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    INSERT INTO payment_event (key, seq, from_state, to_state, at, detail, terminal)
    SELECT p_key, coalesce(max(e.seq), 0) + 1, p_from, p_to, p_at,
           jsonb_strip_nulls(coalesce(p_detail, '{}') || jsonb_build_object(
               'app', nullif(current_setting('application_name', true), ''))),
           session_user
      FROM payment_event e WHERE e.key = p_key
$$;

-- Records a new payment attempt (the port's create). Idempotent by key: the same key with the same
-- request returns the stored intent in its present state; with another request BO422. Card starts
-- NEW; cash starts AUTHORISED with change = tendered - amount. Lock order: booking, intent. Durable.
CREATE FUNCTION bo_payment_create(p_key uuid, p_hold_token uuid, p_showtime integer, p_booking uuid,
                                  p_booking_code text, p_terminal text, p_terminal_id uuid, p_method text,
                                  p_amount_minor bigint, p_currency text, p_tendered_minor bigint,
                                  p_gateway text)
RETURNS SETOF payment_intent_status
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
        -- Booking before intent (the lock order); FOR SHARE keeps its status while we decide.
        SELECT b.id, b.code, b.status, b.hold_token, b.showtime_id, b.currency::text AS currency
          INTO v_booking FROM booking b WHERE b.id = p_booking FOR SHARE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'unknown booking %', p_booking USING ERRCODE = 'BO404';
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
                USING ERRCODE = 'BO412';
        END IF;
        -- One live attempt per booking: a second payment while one may still take money is the
        -- guess an unknown outcome must never be resolved by.
        SELECT p.key, p.state INTO v_other FROM payment_intent p
         WHERE p.booking_id = p_booking AND p.resolved_at IS NULL AND p.key <> p_key LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION 'booking % has an unresolved payment % (%)', v_booking.code, v_other.key,
                v_other.state USING ERRCODE = 'BO412';
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
            RETURN QUERY SELECT * FROM payment_intent_status s WHERE s.key = p_key;
            RETURN;
        END IF;
        -- Another request with this key committed first.
        SELECT p.request_fingerprint INTO v_stored FROM payment_intent p WHERE p.key = p_key;
    END IF;
    IF v_stored <> v_fingerprint THEN
        RAISE EXCEPTION 'payment key % was already used for a different request', p_key USING ERRCODE = 'BO422';
    END IF;
    RETURN QUERY SELECT * FROM payment_intent_status s WHERE s.key = p_key;
END $$;

-- Moves an intent from p_from to p_to (compare and set; the port's advance). p_ref, p_masked and
-- p_reason are kept when given: the first gateway reference stays the payment's (a later, different
-- one, e.g. a refund's, is in the event); the reason is the last one given. Lock order: booking
-- (when its state decides), intent. Durable.
CREATE FUNCTION bo_payment_advance(p_key uuid, p_from text, p_to text, p_ref text DEFAULT NULL,
                                   p_masked text DEFAULT NULL, p_reason text DEFAULT NULL)
RETURNS SETOF payment_intent_status
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_intent  record;
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
        RAISE EXCEPTION 'unknown payment %', p_key USING ERRCODE = 'BO404';
    END IF;
    IF NOT coalesce(bo_payment_may_move(v_intent.method, p_from, p_to), false) THEN
        RAISE EXCEPTION 'a % payment cannot go from % to %', v_intent.method, coalesce(p_from, '(none)'),
            coalesce(p_to, '(none)') USING ERRCODE = 'BO400';
    END IF;

    IF p_to IN ('CAPTURING', 'CAPTURED', 'VOIDING', 'VOIDED', 'REFUNDING', 'REFUNDED') THEN
        SELECT b.status INTO v_booking FROM booking b WHERE b.id = v_intent.booking_id FOR SHARE;
    END IF;
    SELECT p.state, p.gateway_ref, p.booking_code INTO v_intent FROM payment_intent p WHERE p.key = p_key FOR UPDATE;
    IF v_intent.state <> p_from THEN
        RAISE EXCEPTION 'payment % is %, not %', p_key, v_intent.state, p_from USING ERRCODE = 'BO412';
    END IF;
    IF p_to IN ('CAPTURING', 'CAPTURED') AND v_booking IS DISTINCT FROM 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is %: its payment is not taken', v_intent.booking_code, lower(v_booking)
            USING ERRCODE = 'BO412';
    END IF;
    IF p_to IN ('VOIDING', 'VOIDED', 'REFUNDING', 'REFUNDED') AND v_booking = 'CONFIRMED' THEN
        RAISE EXCEPTION 'booking % is confirmed: its payment is not given back', v_intent.booking_code
            USING ERRCODE = 'BO412';
    END IF;

    v_now := clock_timestamp();
    UPDATE payment_intent p
       SET state = p_to, gateway_ref = coalesce(p.gateway_ref, v_ref), masked_card = coalesce(v_masked, p.masked_card),
           reason = coalesce(left(v_reason, 500), p.reason), updated_at = v_now,
           resolved_at = CASE WHEN p_to IN ('DECLINED', 'CAPTURED', 'VOIDED', 'REFUNDED', 'ABANDONED') THEN v_now END
     WHERE p.key = p_key;
    PERFORM bo_payment_record(p_key, p_from, p_to, v_now,
                              jsonb_build_object('ref', v_ref, 'masked', v_masked, 'reason', left(v_reason, 500)));
    RETURN QUERY SELECT * FROM payment_intent_status s WHERE s.key = p_key;
END $$;

-- A call about an unresolved intent ended with an unknown outcome: one more attempt, its reason
-- kept, the state unchanged (the port's noteUnknown). Durable.
CREATE FUNCTION bo_payment_note_unknown(p_key uuid, p_reason text)
RETURNS SETOF payment_intent_status
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_intent record;
    v_now    timestamptz;
    v_reason text := left(coalesce(nullif(p_reason, ''), 'outcome unknown'), 500);
BEGIN
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'payment key missing' USING ERRCODE = 'BO400';
    END IF;
    PERFORM set_config('synchronous_commit', 'on', true);
    SELECT p.state, p.resolved_at INTO v_intent FROM payment_intent p WHERE p.key = p_key FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown payment %', p_key USING ERRCODE = 'BO404';
    END IF;
    IF v_intent.resolved_at IS NOT NULL THEN
        RAISE EXCEPTION 'payment % is already %', p_key, v_intent.state USING ERRCODE = 'BO412';
    END IF;
    v_now := clock_timestamp();
    UPDATE payment_intent p SET attempts = p.attempts + 1, reason = v_reason, updated_at = v_now
     WHERE p.key = p_key;
    PERFORM bo_payment_record(p_key, v_intent.state, v_intent.state, v_now,
                              jsonb_build_object('unknown', v_reason));
    RETURN QUERY SELECT * FROM payment_intent_status s WHERE s.key = p_key;
END $$;

CREATE FUNCTION bo_payment_find(p_key uuid)
RETURNS SETOF payment_intent_status
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RETURN QUERY SELECT * FROM payment_intent_status s WHERE s.key = p_key;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown payment %', p_key USING ERRCODE = 'BO404';
    END IF;
END $$;

-- Newest first. p_unresolved: only intents not yet resolved; p_terminal: only that terminal's
-- (NULL or '': all); p_silent_s: only those unchanged for at least that many seconds.
CREATE FUNCTION bo_payment_list(p_unresolved boolean, p_terminal text, p_silent_s integer, p_limit integer)
RETURNS SETOF payment_intent_status
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 10000 THEN
        RAISE EXCEPTION 'limit % is outside 1..10000', p_limit USING ERRCODE = 'BO400';
    END IF;
    IF p_silent_s IS NOT NULL AND p_silent_s < 0 THEN
        RAISE EXCEPTION 'silent time % s is negative', p_silent_s USING ERRCODE = 'BO400';
    END IF;
    RETURN QUERY
    SELECT * FROM payment_intent_status s
     WHERE (NOT coalesce(p_unresolved, false) OR s.resolved_at IS NULL)
       AND (coalesce(p_terminal, '') = '' OR s.terminal = p_terminal)
       AND (coalesce(p_silent_s, 0) = 0 OR s.updated_at <= clock_timestamp() - make_interval(secs => p_silent_s))
     ORDER BY s.created_at DESC, s.key
     LIMIT p_limit;
END $$;

-- Reconciler leadership: one session of the database at a time holds the advisory lock
-- 4778125971265045827 ('BOPAYREC'). Taking it again in the session that holds it keeps one hold
-- (advisory locks count), so step_down always gives it up.
CREATE FUNCTION bo_payment_leads() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.pid = pg_backend_pid() AND l.granted
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.classid = (4778125971265045827 >> 32)::oid
                      AND l.objid = (4778125971265045827 & 4294967295)::oid AND l.objsubid = 1)
$$;

CREATE FUNCTION bo_payment_try_lead() RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RETURN bo_payment_leads() OR pg_try_advisory_lock(4778125971265045827);
END $$;

CREATE FUNCTION bo_payment_step_down() RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_held boolean := false;
BEGIN
    -- Bounded: each unlock gives back one of this session's holds of the key.
    FOR i IN 1..100 LOOP
        EXIT WHEN NOT bo_payment_leads();
        v_held := pg_advisory_unlock(4778125971265045827) OR v_held;
    END LOOP;
    RETURN v_held;
END $$;

-- As migration 0006 does for every function: the announcement flag off on entry, where this
-- migration may pin it; the trigger function runs as the owner too.
ALTER FUNCTION bo_payment_keep_records() SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'bo\_payment\_%' AND p.prokind = 'f'
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON payment_intent, payment_event, payment_intent_status FROM PUBLIC;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
-- Terminals sell and reconcile; managers list and reconcile too. No table is granted: the reads
-- go through bo_payment_find and bo_payment_list.
GRANT EXECUTE ON FUNCTION
    bo_payment_create(uuid, uuid, integer, uuid, text, text, uuid, text, bigint, text, bigint, text),
    bo_payment_advance(uuid, text, text, text, text, text),
    bo_payment_note_unknown(uuid, text),
    bo_payment_find(uuid),
    bo_payment_list(boolean, text, integer, integer),
    bo_payment_try_lead(),
    bo_payment_step_down()
   TO boxoffice_terminal, boxoffice_manager;
