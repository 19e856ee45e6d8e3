-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A terminal's identity belongs to its login (docs/SECURITY.md, issue 36 finding 4). Until now
-- the till functions (shift, drawer, lock, sign-out, refunds) acted on whatever till id the caller
-- named: one till's login could close another till's shift with a blind count of 0, pay out of
-- its drawer or sign its member out. From here a till id is enrolled to the first login that
-- uses it (its first sign-in, sale or key enrolment: the id is a random UUID the terminal makes
-- on its first start, so nobody else can know it before) and every function refuses an id
-- enrolled to another login (bo_terminal_claim, bo_terminal_mine in db/functions/01_terminals.sql).
--
-- Existing ids are enrolled here to the login that last used them, as far as the database knows
-- it: a till's ticket-signing key, its PIN attempts, the payments it created. An id none of those
-- names is enrolled by its next use.
CREATE TABLE terminal_enrolment (
    terminal_id uuid PRIMARY KEY,
    login       text NOT NULL CHECK (length(login) BETWEEN 1 AND 63),
    enrolled_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX terminal_enrolment_login_idx ON terminal_enrolment (login);

INSERT INTO terminal_enrolment (terminal_id, login, enrolled_at)
SELECT DISTINCT ON (u.terminal_id) u.terminal_id, u.login, u.at
  FROM (SELECT k.terminal_id, k.terminal_login AS login, k.created_at AS at
          FROM ticket_key k WHERE k.terminal_id IS NOT NULL AND k.terminal_login IS NOT NULL
        UNION ALL
        SELECT a.terminal_id, a.login, a.at FROM staff_pin_attempt a WHERE a.terminal_id IS NOT NULL
        UNION ALL
        SELECT p.terminal_id, e.terminal, e.at
          FROM payment_intent p JOIN payment_event e ON e.key = p.key AND e.seq = 1
         WHERE p.terminal_id IS NOT NULL AND length(e.terminal) BETWEEN 1 AND 63) u
 ORDER BY u.terminal_id, u.at DESC;
