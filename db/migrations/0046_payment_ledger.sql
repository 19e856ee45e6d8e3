-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The payment ledger (docs/SECURITY.md, finding 8): which payments back which booking, and how much of
-- each is still there to give back.
--
-- A booking is backed by the money taken for it (its own payment intents in AUTHORISED, CAPTURING
-- or CAPTURED) plus what exchanges carried to it from the bookings it replaced, less what
-- exchanges carried away from it and what its refunds drew on each payment. payment_carry records
-- each carry; a refund row draws on exactly one payment (payment_key), so a refund that spans a
-- card payment and cash is written as parts: the first keyed by the caller's key, the others with
-- part_of naming it. db/functions/65_refunds.sql (bo_booking_backing, bo_refund_split) reads and
-- writes the ledger; before this, a refund went back the way of the booking's own newest payment
-- only, so after an exchange the old booking's card capture was never given back.
ALTER TABLE refund ADD COLUMN part_of uuid REFERENCES refund (key);
CREATE INDEX refund_part_of_idx ON refund (part_of) WHERE part_of IS NOT NULL;

CREATE TABLE payment_carry (
    exchange_key uuid NOT NULL REFERENCES exchange (key),
    payment_key  uuid NOT NULL REFERENCES payment_intent (key),
    from_booking uuid NOT NULL REFERENCES booking (id),
    to_booking   uuid NOT NULL REFERENCES booking (id),
    amount_minor bigint NOT NULL CHECK (amount_minor > 0),
    created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (exchange_key, payment_key),
    CHECK (from_booking <> to_booking)
);
CREATE INDEX payment_carry_to_idx ON payment_carry (to_booking);
CREATE INDEX payment_carry_from_idx ON payment_carry (from_booking);
CREATE TRIGGER payment_carry_kept BEFORE UPDATE OR DELETE ON payment_carry
    FOR EACH ROW EXECUTE FUNCTION bo_shift_keep();

CREATE OR REPLACE VIEW refund_status AS
SELECT r.key, r.booking_code, r.showtime_id, r.seat_labels, r.amount_minor, r.currency::text AS currency, r.method,
       r.payment_key, r.state, r.gateway_ref, r.failure, r.reason, r.staff_id, r.approved_by, r.login, r.terminal,
       r.shift_id, r.batch, r.created_at, r.resolved_at, b.status AS booking_status, r.part_of
  FROM refund r JOIN booking b ON b.id = r.booking_id;

-- The quote shows how a refund splits over the booking's payments (card_minor, cash_minor).
DROP FUNCTION IF EXISTS bo_refund_quote(text, text[], uuid);

-- Exchanges made before this migration carried nothing: carry now, in the order they were made,
-- what each new booking took over (the old seats' value, at most the new price) from the old
-- booking's payments, card first, as db/functions/65_refunds.sql carries from now on.
DO $$
DECLARE
    v_exchange record;
    v_payment  record;
    v_left     bigint;
    v_take     bigint;
BEGIN
    FOR v_exchange IN SELECT * FROM exchange e ORDER BY e.created_at, e.key LOOP
        v_left := least(v_exchange.old_amount_minor, v_exchange.new_amount_minor);
        FOR v_payment IN
            SELECT p.key, p.method, p.created_at,
                   (CASE WHEN p.booking_id = v_exchange.old_booking_id THEN p.amount_minor ELSE 0 END)
                   + coalesce((SELECT sum(c.amount_minor) FROM payment_carry c
                                WHERE c.to_booking = v_exchange.old_booking_id AND c.payment_key = p.key), 0)
                   - coalesce((SELECT sum(c.amount_minor) FROM payment_carry c
                                WHERE c.from_booking = v_exchange.old_booking_id AND c.payment_key = p.key), 0)
                   - coalesce((SELECT sum(r.amount_minor) FROM refund r
                                WHERE r.booking_id = v_exchange.old_booking_id AND r.payment_key = p.key
                                  AND r.state <> 'FAILED'), 0) AS backing
              FROM payment_intent p
             WHERE p.state IN ('AUTHORISED', 'CAPTURING', 'CAPTURED')
               AND (p.booking_id = v_exchange.old_booking_id
                    OR p.key IN (SELECT c.payment_key FROM payment_carry c WHERE c.to_booking = v_exchange.old_booking_id))
             ORDER BY (p.method = 'card') DESC, p.created_at DESC, p.key
        LOOP
            EXIT WHEN v_left <= 0;
            CONTINUE WHEN v_payment.backing <= 0;
            v_take := least(v_left, v_payment.backing);
            INSERT INTO payment_carry (exchange_key, payment_key, from_booking, to_booking, amount_minor, created_at)
            VALUES (v_exchange.key, v_payment.key, v_exchange.old_booking_id, v_exchange.new_booking_id, v_take,
                    v_exchange.created_at);
            v_left := v_left - v_take;
        END LOOP;
    END LOOP;
END $$;
