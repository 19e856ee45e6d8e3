-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Moving a showtime to its hall's current layout (issue 15, "a showtime keeps the version it was
-- created with, or is explicitly migrated when it has no sales"; docs/DECISIONS.md, "Moving a
-- showtime to the hall's new layout").
--
-- * bo_showtime_relayout (a manager's) gives a showtime the seats of its hall's current layout
--   version, while nothing of it was ever booked: no booking in any state (a lapsed one still
--   points to its seats) and no seat held, also past its deadline. Otherwise BO412 and nothing
--   changes.
-- * The showtime's own blocks (bo_seat_block) follow their labels to the new seats; a label the
--   new layout does not have is reported. The hall's blocks (0032) and out-of-service seats are
--   applied as for a new showtime (bo_showtime_seats_fill).
-- * A showtime on the current version already is left as it is (the answer says so).

CREATE FUNCTION bo_showtime_relayout(p_showtime integer)
RETURNS TABLE (showtime_id integer, old_version integer, version integer, seats integer, moved boolean,
               blocks_kept text[], blocks_dropped text[])
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_row      showtime%ROWTYPE;
    v_current  integer;
    v_old      integer;
    v_new      integer;
    v_bookings integer;
    v_taken    integer;
    v_seats    integer;
    v_blocks   jsonb;
    v_kept     text[];
    v_dropped  text[];
BEGIN
    -- Locked first, then its seats: a hold meanwhile skips the locked seats and is refused, and one
    -- after the commit names seat ids that are gone (BO404 "seats not in showtime").
    SELECT * INTO v_row FROM showtime st WHERE st.id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    IF v_row.status = 'CANCELLED' THEN
        RAISE EXCEPTION 'showtime % is cancelled', p_showtime USING ERRCODE = 'BO400';
    END IF;
    v_current := bo_hall_layout_for(v_row.auditorium_id);
    SELECT l.version INTO v_old FROM hall_layout l WHERE l.id = v_row.layout_id;
    SELECT l.version INTO v_new FROM hall_layout l WHERE l.id = v_current;
    IF v_row.layout_id = v_current THEN
        RETURN QUERY SELECT p_showtime, v_old, v_new,
                            (SELECT count(*)::integer FROM showtime_seat ss WHERE ss.showtime_id = p_showtime),
                            false, '{}'::text[], '{}'::text[];
        RETURN;
    END IF;

    PERFORM 1 FROM showtime_seat ss WHERE ss.showtime_id = p_showtime ORDER BY ss.seat_id FOR UPDATE;
    SELECT count(*) INTO v_bookings FROM booking b WHERE b.showtime_id = p_showtime;
    IF v_bookings > 0 THEN
        RAISE EXCEPTION 'showtime % has % booking(s): it keeps its layout', p_showtime, v_bookings
            USING ERRCODE = 'BO412';
    END IF;
    SELECT count(*) INTO v_taken FROM showtime_seat ss
     WHERE ss.showtime_id = p_showtime AND ss.status IN ('HELD', 'RESERVED');
    IF v_taken > 0 THEN
        RAISE EXCEPTION 'showtime % has % seat(s) held: a sale is in progress', p_showtime, v_taken
            USING ERRCODE = 'BO412';
    END IF;

    SELECT coalesce(jsonb_agg(jsonb_build_object('label', s.label, 'reason', sb.reason, 'by', sb.blocked_by,
                                                 'at', sb.blocked_at)), '[]')
      INTO v_blocks
      FROM seat_block sb JOIN seat s ON s.id = sb.seat_id
     WHERE sb.showtime_id = p_showtime AND NOT sb.from_hall;
    DELETE FROM showtime_seat ss WHERE ss.showtime_id = p_showtime;
    UPDATE showtime st SET layout_id = v_current WHERE st.id = p_showtime;
    v_seats := bo_showtime_seats_fill(p_showtime);

    WITH own AS (
        SELECT b ->> 'label' AS label, b ->> 'reason' AS reason, b ->> 'by' AS blocked_by,
               (b ->> 'at')::timestamptz AS blocked_at
          FROM jsonb_array_elements(v_blocks) b),
    target AS (
        SELECT o.*, s.id AS seat_id FROM own o JOIN seat s ON s.layout_id = v_current AND s.label = o.label),
    blocked AS (
        UPDATE showtime_seat ss SET status = 'BLOCKED' FROM target t
         WHERE ss.showtime_id = p_showtime AND ss.seat_id = t.seat_id AND ss.status = 'FREE'
        RETURNING ss.seat_id),
    kept AS (
        INSERT INTO seat_block AS sb (showtime_id, seat_id, reason, blocked_by, blocked_at, from_hall)
        SELECT p_showtime, t.seat_id, t.reason, t.blocked_by, t.blocked_at, false FROM target t
            ON CONFLICT ON CONSTRAINT seat_block_pkey DO UPDATE
           SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by, blocked_at = EXCLUDED.blocked_at,
               from_hall = false
        RETURNING sb.seat_id)
    SELECT ARRAY(SELECT t.label FROM target t ORDER BY t.label),
           ARRAY(SELECT o.label FROM own o WHERE NOT EXISTS (SELECT 1 FROM target t WHERE t.label = o.label)
                  ORDER BY o.label)
      INTO v_kept, v_dropped
      FROM (SELECT count(*) FROM blocked) b, (SELECT count(*) FROM kept) k;
    RETURN QUERY SELECT p_showtime, v_old, v_new, v_seats, true, v_kept, v_dropped;
END $$;

-- As 0006 does for every function: the announcement flag off on entry.
DO $$
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION bo_showtime_relayout(integer) SET bo.announced = '';
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_showtime_relayout(integer) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call this.
GRANT EXECUTE ON FUNCTION bo_showtime_relayout(integer) TO boxoffice_manager;
