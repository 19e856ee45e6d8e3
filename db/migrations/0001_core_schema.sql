-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Schema v1: catalogue (auditoriums, seats, movies, prices, showtimes), the seat state of every
-- showtime, bookings, idempotency keys, and the seat-change notification trigger.
-- Applied in one transaction by the Migrator; see DESIGN.md section 2 for the seat contract.

-- One row of typed settings, shared by every terminal.
CREATE TABLE settings (
    id                     boolean PRIMARY KEY DEFAULT true CHECK (id),
    selection_ttl_s        integer NOT NULL DEFAULT 300 CHECK (selection_ttl_s BETWEEN 1 AND 3600),
    payment_ttl_s          integer NOT NULL DEFAULT 300 CHECK (payment_ttl_s BETWEEN 1 AND 3600),
    max_seats_per_sale     integer NOT NULL DEFAULT 10 CHECK (max_seats_per_sale BETWEEN 1 AND 100),
    late_sale_minutes      integer NOT NULL DEFAULT 20 CHECK (late_sale_minutes BETWEEN 0 AND 600),
    key_retention_hours    integer NOT NULL DEFAULT 72 CHECK (key_retention_hours >= 24),
    currency               char(3) NOT NULL DEFAULT 'KRW' CHECK (currency ~ '^[A-Z]{3}$'),
    updated_at             timestamptz NOT NULL DEFAULT now()
);
INSERT INTO settings DEFAULT VALUES;

CREATE TABLE auditorium (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
    screen_side text NOT NULL DEFAULT 'top' CHECK (screen_side IN ('top', 'bottom')),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A physical seat. x/y are layout units (one standard seat is 1.0 wide); the map scales them.
CREATE TABLE seat (
    id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    auditorium_id  integer NOT NULL REFERENCES auditorium (id) ON DELETE CASCADE,
    row_label      text NOT NULL CHECK (row_label ~ '^[A-Z]{1,3}$'),
    number         integer NOT NULL CHECK (number BETWEEN 1 AND 999),
    label          text NOT NULL GENERATED ALWAYS AS (row_label || number::text) STORED,
    kind           text NOT NULL DEFAULT 'standard'
                   CHECK (kind IN ('standard', 'premium', 'couple', 'wheelchair', 'companion')),
    x              real NOT NULL,
    y              real NOT NULL,
    width          real NOT NULL DEFAULT 1 CHECK (width > 0),
    out_of_service boolean NOT NULL DEFAULT false,
    UNIQUE (auditorium_id, row_label, number)
);
CREATE INDEX seat_auditorium_idx ON seat (auditorium_id);

CREATE TABLE movie (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    runtime_min integer NOT NULL CHECK (runtime_min BETWEEN 1 AND 600),
    rating      text NOT NULL DEFAULT 'ALL' CHECK (rating IN ('ALL', '12', '15', '18', 'R')),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE price_list (
    id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL UNIQUE
);

-- Money is integer minor units plus an ISO 4217 currency (KRW has no minor digits).
CREATE TABLE price_tier (
    id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    price_list_id integer NOT NULL REFERENCES price_list (id) ON DELETE CASCADE,
    code          text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,31}$'),
    name          text NOT NULL,
    amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
    currency      char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    sort_order    integer NOT NULL DEFAULT 0,
    UNIQUE (price_list_id, code)
);

CREATE TABLE showtime (
    id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    auditorium_id integer NOT NULL REFERENCES auditorium (id),
    movie_id      integer NOT NULL REFERENCES movie (id),
    price_list_id integer NOT NULL REFERENCES price_list (id),
    starts_at     timestamptz NOT NULL,
    status        text NOT NULL DEFAULT 'ON_SALE' CHECK (status IN ('ON_SALE', 'CLOSED', 'CANCELLED')),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX showtime_starts_idx ON showtime (starts_at);

-- The seat state of one showtime: the contract of DESIGN.md section 2.
CREATE TABLE showtime_seat (
    showtime_id integer NOT NULL REFERENCES showtime (id) ON DELETE CASCADE,
    seat_id     integer NOT NULL REFERENCES seat (id),
    status      text NOT NULL DEFAULT 'FREE' CHECK (status IN ('FREE', 'HELD', 'RESERVED', 'BLOCKED')),
    held_by     uuid,
    held_until  timestamptz,
    booking_id  uuid,
    PRIMARY KEY (showtime_id, seat_id),
    CONSTRAINT showtime_seat_hold_consistent CHECK (
        (status = 'HELD') = (held_by IS NOT NULL AND held_until IS NOT NULL)
        AND (status = 'RESERVED') = (booking_id IS NOT NULL))
);
-- The releaser scans only live holds.
CREATE INDEX showtime_seat_held_until_idx ON showtime_seat (held_until) WHERE status = 'HELD';
CREATE INDEX showtime_seat_held_by_idx ON showtime_seat (held_by) WHERE status = 'HELD';

CREATE TABLE booking (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code         text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$'),
    showtime_id  integer NOT NULL REFERENCES showtime (id),
    status       text NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'CANCELLED', 'EXPIRED', 'REFUNDED')),
    hold_token   uuid NOT NULL,
    total_minor  bigint NOT NULL DEFAULT 0 CHECK (total_minor >= 0),
    currency     char(3) NOT NULL,
    terminal     text NOT NULL,
    terminal_id  uuid,
    payment      jsonb,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz,
    confirmed_at timestamptz,
    closed_at    timestamptz,
    CHECK (status <> 'CONFIRMED' OR confirmed_at IS NOT NULL)
);
CREATE INDEX booking_hold_token_idx ON booking (hold_token);
CREATE INDEX booking_pending_expiry_idx ON booking (expires_at) WHERE status = 'PENDING';
CREATE INDEX booking_showtime_idx ON booking (showtime_id);

CREATE TABLE booking_seat (
    booking_id   uuid NOT NULL REFERENCES booking (id) ON DELETE CASCADE,
    showtime_id  integer NOT NULL,
    seat_id      integer NOT NULL,
    tier_code    text NOT NULL,
    price_minor  bigint NOT NULL CHECK (price_minor >= 0),
    active       boolean NOT NULL DEFAULT true,
    PRIMARY KEY (booking_id, seat_id),
    FOREIGN KEY (showtime_id, seat_id) REFERENCES showtime_seat (showtime_id, seat_id)
);
-- Last line of defence: one seat of a showtime belongs to at most one active booking.
CREATE UNIQUE INDEX booking_seat_one_active_idx ON booking_seat (showtime_id, seat_id) WHERE active;

CREATE TABLE idempotency_key (
    scope       text NOT NULL CHECK (length(scope) BETWEEN 1 AND 100),
    key         uuid NOT NULL,
    operation   text NOT NULL,
    fingerprint text NOT NULL,
    response    jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_key_created_idx ON idempotency_key (created_at);

-- Every showtime gets one seat row per seat of its auditorium.
CREATE FUNCTION bo_showtime_seats_create() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO showtime_seat (showtime_id, seat_id, status)
    SELECT NEW.id, s.id, CASE WHEN s.out_of_service THEN 'BLOCKED' ELSE 'FREE' END
      FROM seat s WHERE s.auditorium_id = NEW.auditorium_id;
    RETURN NEW;
END $$;
CREATE TRIGGER showtime_seats_create AFTER INSERT ON showtime
    FOR EACH ROW EXECUTE FUNCTION bo_showtime_seats_create();

-- Committed seat changes are announced on channel 'bo_seats', one notification per showtime and
-- statement (chunks of 400 seats keep the payload far below 8000 bytes).
-- Payload: "<showtime_id>|<S><seat_id>,<S><seat_id>..." where S is F, H, R or B.
CREATE FUNCTION bo_notify_seat_changes() RETURNS trigger LANGUAGE plpgsql AS $$
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
        PERFORM pg_notify('bo_seats', r.showtime_id::text || '|' || r.seats);
    END LOOP;
    RETURN NULL;
END $$;
CREATE TRIGGER showtime_seat_notify AFTER UPDATE ON showtime_seat
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION bo_notify_seat_changes();
