-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A kiosk holds one sale's seats at a time (docs/SECURITY.md, finding 10): a kiosk's credential is public,
-- and with it a script held seats under one token after another, taking each seat again the
-- instant its hold lapsed, so the seats were never on sale. Each sale now records the login
-- that started it; db/functions/05_seats.sql (bo_kiosk_hold_cap) refuses a kiosk's hold that
-- would have it hold, over all its sales, more seats than one sale may have.
ALTER TABLE sale ADD COLUMN login name NOT NULL DEFAULT session_user;
CREATE INDEX sale_login_idx ON sale (login);
