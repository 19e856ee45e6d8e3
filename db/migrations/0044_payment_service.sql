-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Who vouches for a card payment (docs/SECURITY.md, issue 36 finding 1; DECISIONS "who vouches
-- for a card payment"): until now any terminal could walk its own card intent NEW -> AUTHORISING
-- -> AUTHORISED -> CAPTURING -> CAPTURED with any reference and never call a gateway, and the
-- database then said "paid". From here only the payment service writes what a gateway answered:
--
--   boxoffice_service  the payment service (boxoffice-service): the only login that holds the
--                      gateway's secret, so the only one that may record a card payment as
--                      authorised, declined, captured or voided
--
-- A terminal asks the service to charge, capture or void a payment it created; it proves which
-- login it is with a one-time pass it takes from the database (service_pass), which the service
-- redeems: the pass names the login and the payment, and lives two minutes.
--
-- The role is made as in 0041 (cluster-wide, only when missing, a concurrent creator is fine).
DO $$
BEGIN
    SET LOCAL ROLE NONE;
    IF to_regrole('boxoffice_service') IS NULL THEN
        BEGIN
            CREATE ROLE boxoffice_service NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;
        END;
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO boxoffice_service', current_database());
    IF pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN
        SET LOCAL ROLE boxoffice_owner;
    END IF;
END $$;

CREATE TABLE service_pass (
    pass        uuid PRIMARY KEY,
    login       text NOT NULL CHECK (length(login) BETWEEN 1 AND 63),
    payment_key uuid NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX service_pass_expires_idx ON service_pass (expires_at);
