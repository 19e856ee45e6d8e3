-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The admission queue as a counter (docs/DECISIONS.md, "The admission queue as a counter";
-- docs/BENCHMARKS.md, "The queue as a counter"). Measured with 0016: 1,024 customers sold a
-- 350-seat hall in 6–10 s behind the product's queue against about 1.3 s without one, at 8–27
-- PostgreSQL CPU seconds against about 1, because every join and every heartbeat that could move
-- the line read each occupied place's sale and latest booking under the line lock.
--
-- What changes (the states, the tills, the gate of bo_sale_gate and every client's call stay):
--   * A waiter's number in its line (`line_no`, given once at the join from queue_line.issued)
--     and one counter per line, queue_line.admitted_up_to: every waiter numbered up to it has had
--     its turn. A waiter's position is line_no - admitted_up_to (at most the line's length): a
--     heartbeat reads its own ticket and its line's row by key and takes no lock.
--   * queue_line.occupied and .waiting are maintained counts, changed only under the line row's
--     lock (which replaces the advisory lock of 0014). A ticket that ends — its terminal's leave,
--     its sale's end, its time up — is marked on its own row as not yet counted (`settled`
--     false); the line's next pass counts it (a place back, a waiter fewer). Admission moves
--     admitted_up_to over the next waiters while capacity - occupied places are free, strictly
--     by line number.
--   * A sale's start and end are written on its ticket where they happen, by triggers: the
--     sale's row (its first granted hold) marks the ticket ACTIVE and keeps `frees_at` at the
--     sale's deadline; a booking that closes (confirmed, cancelled, expired, refunded) ends the
--     ticket. The triggers write the sale's own ticket only, never the line's row, so a sale's
--     commit waits on no queue lock; the next pass of the line gives the place back.
--   * `frees_at`: when an occupied ticket can end by time (an admission's end while ADMITTED, the
--     sale's deadline while ACTIVE). The line looks at a ticket only when its time has come
--     (an index of its own), so an unused admission, or a sale abandoned without a word, frees
--     its place; a waiter who went silent is skipped when its turn comes.
--   * The announcement on 'bo_queue' carries the new admitted_up_to where it carried the ids of
--     the tickets admitted: "<showtime>|<seq>|<waiting>|<admitted_up_to>".
--
-- Lock order: a sale's seats, then (bo_sale_gate, the triggers) its own ticket; a line's row,
-- then tickets. Whoever holds a line's row never waits for an occupied ticket (SKIP LOCKED) and
-- no holder of an occupied ticket waits for a line's row, so the two orders meet in no cycle.

-- The line's row: what was issued, how far the turns have come, the maintained counts.
ALTER TABLE queue_line RENAME COLUMN numbered TO issued;
ALTER TABLE queue_line
    DROP COLUMN min_seen,
    DROP COLUMN min_until,
    DROP COLUMN passed_at,
    DROP COLUMN admitted,
    ADD COLUMN admitted_up_to bigint NOT NULL DEFAULT 0,
    ALTER COLUMN waiting SET DEFAULT 0,
    ALTER COLUMN occupied SET DEFAULT 0,
    ALTER COLUMN freed SET DEFAULT 0,
    ADD CONSTRAINT queue_line_counts CHECK (waiting >= 0 AND occupied >= 0 AND freed >= 0
                                            AND admitted_up_to BETWEEN 0 AND issued);

ALTER TABLE queue_ticket
    ADD COLUMN frees_at timestamptz,
    ADD COLUMN settled boolean NOT NULL DEFAULT true;

-- Sales that ended while nobody's pass looked (0016 saw them at its next pass): ended as that
-- pass would have ended them.
WITH ended AS (
    SELECT t.id,
           CASE b.status WHEN 'CONFIRMED' THEN 'sold' WHEN 'EXPIRED' THEN 'expired' ELSE 'cancelled' END AS why
      FROM queue_ticket t
      JOIN LATERAL (SELECT bk.status FROM booking bk
                     WHERE bk.hold_token = t.owner AND bk.showtime_id = t.showtime_id
                     ORDER BY bk.created_at DESC LIMIT 1) b ON true
     WHERE t.state IN ('ADMITTED', 'ACTIVE') AND b.status IN ('CONFIRMED', 'CANCELLED', 'EXPIRED', 'REFUNDED'))
UPDATE queue_ticket t SET state = 'DONE', ended_at = clock_timestamp(), reason = e.why
  FROM ended e WHERE t.id = e.id;
UPDATE queue_ticket t SET state = 'ACTIVE'
 WHERE t.state = 'ADMITTED'
   AND EXISTS (SELECT 1 FROM sale s WHERE s.hold_token = t.owner AND s.showtime_id = t.showtime_id);
UPDATE queue_ticket t
   SET frees_at = CASE WHEN t.state = 'ADMITTED' THEN t.admitted_until
                       ELSE coalesce((SELECT coalesce(s.payment_deadline, s.selection_deadline) FROM sale s
                                       WHERE s.hold_token = t.owner AND s.showtime_id = t.showtime_id),
                                     clock_timestamp()) END
 WHERE t.state IN ('ADMITTED', 'ACTIVE');

ALTER TABLE queue_ticket
    ADD CONSTRAINT queue_ticket_frees_at CHECK ((frees_at IS NOT NULL) = (state IN ('ADMITTED', 'ACTIVE'))),
    ADD CONSTRAINT queue_ticket_settled CHECK (settled OR ended_at IS NOT NULL),
    ADD CONSTRAINT queue_ticket_line_no CHECK (state <> 'WAITING' OR line_no IS NOT NULL);

-- Every line's row as its tickets say: the numbers issued, the turns come up to the first
-- waiter, the waiting and the places taken.
INSERT INTO queue_line AS l (showtime_id, waiting, occupied, freed, first_freed, issued, admitted_up_to)
SELECT t.showtime_id,
       count(*) FILTER (WHERE t.state = 'WAITING'),
       count(*) FILTER (WHERE t.state IN ('ADMITTED', 'ACTIVE')),
       0, NULL,
       coalesce(max(t.line_no), 0),
       coalesce(min(t.line_no) FILTER (WHERE t.state = 'WAITING') - 1, max(t.line_no), 0)
  FROM queue_ticket t
 GROUP BY t.showtime_id
ON CONFLICT (showtime_id) DO UPDATE
   SET waiting = excluded.waiting, occupied = excluded.occupied,
       issued = greatest(l.issued, excluded.issued), admitted_up_to = excluded.admitted_up_to;

-- The indexes the counter reads: the waiters by number (the next turns), the occupied tickets by
-- the time they can end, the ended tickets the line has not counted yet.
DROP INDEX queue_ticket_gone_idx;
DROP INDEX queue_ticket_waiting_idx;
DROP INDEX queue_ticket_occupied_idx;
DROP INDEX queue_ticket_freed_idx;
CREATE INDEX queue_ticket_turn_idx ON queue_ticket (showtime_id, line_no) WHERE state = 'WAITING';
CREATE INDEX queue_ticket_due_idx ON queue_ticket (showtime_id, frees_at) WHERE state IN ('ADMITTED', 'ACTIVE');
CREATE INDEX queue_ticket_unsettled_idx ON queue_ticket (showtime_id) WHERE NOT settled;

-- The callers' functions return the ticket's number beside what they returned: a new row type,
-- so the old ones go and db/functions/30_queue.sql makes them again (same arguments, same grants).
DROP FUNCTION bo_queue_join(integer, uuid, boolean);
DROP FUNCTION bo_queue_heartbeat(uuid);
DROP FUNCTION bo_queue_leave(uuid);
DROP FUNCTION bo_queue_status_of(bigint);
-- Each call sets its asynchronous commit itself now.
DROP FUNCTION bo_queue_commit_soon(boolean);

-- The triggers' functions are in db/functions/30_queue.sql, applied after the migrations; a
-- stub lets the triggers be made here (CREATE OR REPLACE keeps them bound).
CREATE FUNCTION bo_queue_sale_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE FUNCTION bo_queue_sale_ended() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE TRIGGER sale_queue_ticket AFTER INSERT OR UPDATE OF selection_deadline, payment_deadline ON sale
    FOR EACH ROW EXECUTE FUNCTION bo_queue_sale_moved();
CREATE TRIGGER booking_queue_ticket AFTER INSERT OR UPDATE OF status ON booking
    FOR EACH ROW WHEN (NEW.status IN ('CONFIRMED', 'CANCELLED', 'EXPIRED', 'REFUNDED'))
    EXECUTE FUNCTION bo_queue_sale_ended();
