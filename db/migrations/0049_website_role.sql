-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The online box office's role (docs/SECURITY.md): the website serves thousands of customers
-- through one database login, kept on the web server, and that login must be assumed stolen one
-- day. It gets what a public website needs to show the programme and hold seats, and nothing
-- more:
--
--   boxoffice_web  the website: the catalogue a kiosk reads (with the kiosk's columns of
--                  showtime_seat, so no hold token), the seat map, holding, releasing and
--                  extending its customers' holds, and the admission queue as a customer
--
-- What it may run is db/functions/90_grants.sql. It takes no money and confirms nothing in this
-- release: no payment, confirm, ticket, help-call, staff, door or refund function is granted.
-- bo_terminal_kind() answers 'web' for it and every check of the kind puts 'web' on the narrow
-- side: the queue never counts it as a counter, it takes no cash, refunds nothing.
--
-- The kiosk's cap per login (bo_kiosk_hold_cap, 0047) cannot apply: one login holds for every
-- customer of the site at once, so a cap on the login would be a cap on the whole website. The
-- cap that stays is the sale's: bo_hold refuses a request of more than settings.max_seats_per_sale
-- seats, and for the website bo_web_hold_cap also counts the seats the same token already holds in
-- the showtime, so one customer's sale never holds more than that however many calls it makes (a
-- kiosk or a till holds the new wish before it releases what it no longer wants; the website
-- releases first). What is left to a stolen login is a customer's: any number of new tokens, each
-- holding one sale's seats for the selection time (five minutes by default). Which customer gets
-- a token, and how often, is the web server's (its limits per client); the database cannot tell
-- the site's customers apart.
--
-- The role is made as in 0041 (cluster-wide, only when missing, a concurrent creator is fine).
DO $$
BEGIN
    SET LOCAL ROLE NONE;
    IF to_regrole('boxoffice_web') IS NULL THEN
        BEGIN
            CREATE ROLE boxoffice_web NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;
        END;
    END IF;
    -- Where setup-server has restricted this database to our roles, the website may connect too.
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO boxoffice_web', current_database());
    IF pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN
        SET LOCAL ROLE boxoffice_owner;
    END IF;
END $$;
