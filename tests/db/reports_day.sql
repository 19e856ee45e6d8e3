-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A generated day of sales for tst_reports, run as the owner on a database whose showtimes (one
-- per hall, tiers adult 10000 and child 7000 KRW) are made by the test: %1 sales from 09:00 to
-- 23:00 after local midnight %2 (a timestamptz), one or two seats each, 40 % by card, one in ten
-- a kiosk's (no member, no shift), the rest at three tills whose shifts open at 08:00 and close
-- at 23:30 with a count 500 over, right and 500 short; one sale in 25 voided, one in 40 refunded
-- whole and some two-seat sales refunded one seat (half an hour later, at the same till), a
-- pay-in or pay-out per till, and a sign-in per member. Straight into the tables, as the
-- functions would leave them, so that 5,000 sales take seconds.
CREATE TEMP TABLE gen_day AS SELECT %2::timestamptz AS day_start, %1::integer AS n;
INSERT INTO movie (title, runtime_min) SELECT 'Generated film ' || f, 90 + f * 10 FROM generate_series(1, 3) f;
-- Every showtime takes a film in turn.
UPDATE showtime st SET movie_id = m.id
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM showtime) s,
       (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn FROM movie) m
 WHERE st.id = s.id AND m.rn = s.rn % (SELECT count(*) FROM movie);
INSERT INTO staff (name, role, pin_hash)
SELECT 'Generated ' || k, CASE WHEN k = 1 THEN 'supervisor' ELSE 'cashier' END,
       NULL FROM generate_series(1, 4) k;
CREATE TEMP TABLE gen_staff AS
SELECT id, row_number() OVER (ORDER BY id) AS k FROM staff WHERE name LIKE 'Generated %';
INSERT INTO shift (terminal_id, terminal, opened_by, opened_at, float_minor, currency)
SELECT gen_random_uuid(), 'Till ' || t, (SELECT id FROM gen_staff WHERE k = t + 1),
       (SELECT day_start FROM gen_day) + interval '8 hours', 100000 * t, 'KRW'
  FROM generate_series(1, 3) t;
CREATE TEMP TABLE gen_shift AS SELECT id, terminal_id, terminal, opened_by,
       row_number() OVER (ORDER BY id) - 1 AS k FROM shift WHERE terminal LIKE 'Till %';
CREATE TEMP TABLE gen_showtime AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM showtime;
-- The showtimes play that day, one in each hall, an hour and a half apart.
UPDATE showtime st SET starts_at = (SELECT day_start FROM gen_day) + interval '10 hours' + g.k * interval '90 minutes'
  FROM gen_showtime g WHERE g.id = st.id;
-- One sale in ten is a kiosk's (no member, no shift); 40 % are paid by card.
CREATE TEMP TABLE gen_sale AS
SELECT i, (SELECT s.id FROM gen_showtime s WHERE s.k = i % (SELECT count(*) FROM gen_showtime)) AS showtime_id,
       CASE WHEN (i / 8) % 4 = 0 THEN 2 ELSE 1 END AS nseats,
       CASE WHEN i % 5 IN (0, 1) THEN 'card' ELSE 'cash' END AS method,
       CASE WHEN i % 10 = 9 THEN NULL ELSE i % 3 END AS till,
       (SELECT day_start + interval '9 hours' + (i - 1) * (interval '14 hours' / n) FROM gen_day) AS at,
       CASE WHEN i % 50 IN (6, 7) THEN 'void' WHEN i % 40 = 3 THEN 'refund' WHEN (i / 8) % 4 = 0 AND i % 9 = 4 THEN 'part'
            ELSE 'sale' END AS fate,
       gen_random_uuid() AS booking_id, gen_random_uuid() AS pay_key,
       upper(lpad(to_hex(i), 8, '0')) AS hex
  FROM generate_series(1, (SELECT n FROM gen_day)) i;
CREATE TEMP TABLE gen_seat AS
WITH s AS (SELECT g.*, sum(nseats) OVER (PARTITION BY showtime_id ORDER BY i) - nseats AS before FROM gen_sale g),
free AS (SELECT showtime_id, seat_id, row_number() OVER (PARTITION BY showtime_id ORDER BY seat_id) AS rn
           FROM showtime_seat WHERE status = 'FREE')
SELECT s.i, s.booking_id, s.showtime_id, f.seat_id, k,
       CASE WHEN (s.i + k) % 3 = 0 THEN 'child' ELSE 'adult' END AS tier,
       CASE WHEN (s.i + k) % 3 = 0 THEN 7000 ELSE 10000 END AS price
  FROM s CROSS JOIN LATERAL generate_series(1, s.nseats) k
  JOIN free f ON f.showtime_id = s.showtime_id AND f.rn = s.before + k;
INSERT INTO booking (id, code, showtime_id, status, hold_token, total_minor, currency, terminal, terminal_id,
                     created_at, confirmed_at, closed_at, staff_id, shift_id)
SELECT g.booking_id, substr(g.hex, 1, 4) || '-' || substr(g.hex, 5, 4), g.showtime_id,
       CASE g.fate WHEN 'void' THEN 'CANCELLED' WHEN 'refund' THEN 'REFUNDED' ELSE 'CONFIRMED' END,
       gen_random_uuid(), (SELECT sum(price) FROM gen_seat s WHERE s.i = g.i), 'KRW',
       coalesce(sh.terminal, 'Kiosk 1'), sh.terminal_id, g.at,
       CASE WHEN g.fate <> 'void' THEN g.at END, CASE WHEN g.fate IN ('void', 'refund') THEN g.at END,
       sh.opened_by, sh.id
  FROM gen_sale g LEFT JOIN gen_shift sh ON sh.k = g.till;
INSERT INTO booking_seat (booking_id, showtime_id, seat_id, tier_code, price_minor, active)
SELECT s.booking_id, s.showtime_id, s.seat_id, s.tier, s.price,
       g.fate = 'sale' OR (g.fate = 'part' AND s.k = 1)
  FROM gen_seat s JOIN gen_sale g ON g.i = s.i;
UPDATE showtime_seat ss SET status = 'RESERVED', booking_id = s.booking_id
  FROM gen_seat s JOIN gen_sale g ON g.i = s.i
 WHERE ss.showtime_id = s.showtime_id AND ss.seat_id = s.seat_id
   AND (g.fate = 'sale' OR (g.fate = 'part' AND s.k = 1));
INSERT INTO payment_intent (key, hold_token, showtime_id, booking_id, booking_code, terminal, terminal_id, method,
                            amount_minor, currency, tendered_minor, change_minor, state, gateway,
                            request_fingerprint, created_at, updated_at, resolved_at, staff_id, shift_id)
SELECT g.pay_key, b.hold_token, g.showtime_id, g.booking_id, b.code, b.terminal, b.terminal_id, g.method,
       b.total_minor, 'KRW', CASE WHEN g.method = 'cash' THEN b.total_minor END,
       CASE WHEN g.method = 'cash' THEN 0 END,
       -- A refunded booking's payment stays CAPTURED: its money went back through the refund rows
       -- below (the payment ledger, migration 0046), as bo_refund_begin leaves it.
       CASE g.fate WHEN 'void' THEN 'VOIDED' ELSE 'CAPTURED' END,
       CASE WHEN g.method = 'card' THEN 'generated' END, 'generated', g.at, g.at, g.at, b.staff_id, b.shift_id
  FROM gen_sale g JOIN booking b ON b.id = g.booking_id;
-- Refunds half an hour later at the same till (a whole booking, or one seat of two; a kiosk's by
-- the supervisor); some approved by the supervisor.
INSERT INTO refund (key, booking_id, booking_code, showtime_id, payment_key, seat_ids, seat_labels, amount_minor,
                    currency, method, reason, state, staff_id, approved_by, terminal, terminal_id, shift_id,
                    fingerprint, created_at, resolved_at)
SELECT gen_random_uuid(), g.booking_id, b.code, g.showtime_id, g.pay_key,
       array_agg(s.seat_id ORDER BY s.k), array_agg(s.seat_id::text ORDER BY s.k), sum(s.price), 'KRW',
       g.method, 'generated', 'REFUNDED', coalesce(b.staff_id, (SELECT id FROM gen_staff WHERE k = 1)),
       CASE WHEN g.i % 80 = 3 THEN (SELECT id FROM gen_staff WHERE k = 1) END, b.terminal, b.terminal_id,
       b.shift_id, 'generated', g.at + interval '30 minutes', g.at + interval '30 minutes'
  FROM gen_sale g JOIN booking b ON b.id = g.booking_id
  JOIN gen_seat s ON s.i = g.i AND (g.fate = 'refund' OR s.k = 2)
 WHERE g.fate IN ('refund', 'part')
 GROUP BY g.i, g.booking_id, b.code, g.showtime_id, g.pay_key, g.method, b.staff_id, b.terminal, b.terminal_id,
          b.shift_id, g.at;
INSERT INTO drawer_move (shift_id, kind, amount_minor, reason, staff_id, at)
SELECT sh.id, CASE WHEN sh.k = 1 THEN 'pay_out' ELSE 'pay_in' END, 20000 + 1000 * sh.k, 'generated', sh.opened_by,
       (SELECT day_start FROM gen_day) + interval '12 hours'
  FROM gen_shift sh;
-- The tills close with a count a little over, right, and a little short.
SELECT bo_audit_record('staff.sign_in', sh.opened_by::text, NULL, NULL, sh.terminal, sh.opened_by) FROM gen_shift sh;
UPDATE shift s SET closed_at = (SELECT day_start FROM gen_day) + interval '23 hours 30 minutes',
                   closed_by = s.opened_by, expected_minor = bo_shift_expected_cash(s.id),
                   counted_minor = bo_shift_expected_cash(s.id) + (1 - g.k) * 500
  FROM gen_shift g WHERE g.id = s.id;
