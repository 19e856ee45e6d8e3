-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A booking is looked up at a till only with a member signed in there (issue 36, finding 3): the
-- refund quote, which names a booking's seats, amount and payment key, gains the till's id, and
-- db/functions/65_refunds.sql checks its member as the refund and the exchange already do. The old
-- signature is dropped here; the function files create the new one.
DROP FUNCTION IF EXISTS bo_refund_quote(text, text[]);
