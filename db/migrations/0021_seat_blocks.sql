-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- House and blocked seats of a showtime (issue 15, part 5; docs/DECISIONS.md "Blocking a seat").
--
-- * A manager blocks seats of one showtime with a reason (a broken seat, the press, a wheelchair
--   space kept free): FREE becomes BLOCKED, the reason, the login and the time are kept in
--   seat_block, and every terminal sees the seats change through the seat-change trigger, as for
--   a hold. A blocked seat is not sold: bo_hold and bo_confirm refuse it already (0005, 0011).
-- * A held or sold seat is never blocked silently: when any seat asked for is HELD (even past its
--   deadline, until the releaser has freed it) or RESERVED, nothing changes and the answer lists
--   those seats with their state and the hold's deadline. A sale in flight on a seat is waited
--   for (its row lock), so the check sees its outcome.
-- * Unblocking gives BLOCKED seats back as FREE (also those a hall's out-of-service seats made
--   BLOCKED when the showtime was created); seats that were not blocked are reported, unchanged.
-- * Both are a manager's (DESIGN.md section 7): a terminal login cannot call them. Anyone may
--   read the reasons (the board and the counter show why a seat cannot be sold).

CREATE TABLE seat_block (
    showtime_id integer NOT NULL,
    seat_id     integer NOT NULL,
    reason      text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200 AND reason = btrim(reason)),
    blocked_by  text NOT NULL DEFAULT session_user,
    blocked_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (showtime_id, seat_id),
    FOREIGN KEY (showtime_id, seat_id) REFERENCES showtime_seat (showtime_id, seat_id) ON DELETE CASCADE
);

-- The checks both functions make of a request: a reasonable list of distinct seats of a showtime
-- that exists. Returns the showtime's status.
CREATE FUNCTION bo_seat_block_request(p_showtime integer, p_seats integer[]) RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_status text;
BEGIN
    IF p_seats IS NULL OR cardinality(p_seats) = 0 THEN
        RAISE EXCEPTION 'no seats named' USING ERRCODE = 'BO400';
    END IF;
    IF cardinality(p_seats) > 1000 THEN
        RAISE EXCEPTION 'at most 1000 seats at once' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_seats, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;
    IF (SELECT count(DISTINCT s) FROM unnest(p_seats) s) <> cardinality(p_seats) THEN
        RAISE EXCEPTION 'the same seat is listed twice' USING ERRCODE = 'BO400';
    END IF;
    -- Shared: a cancel (which locks the showtime for update) waits, and so does this for it.
    SELECT st.status INTO v_status FROM showtime st WHERE st.id = p_showtime FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    RETURN v_status;
END $$;

-- Locks the seats of p_seats in seat order, waiting for a sale in flight; BO404 naming the seats
-- the showtime does not have.
CREATE FUNCTION bo_seat_block_lock(p_showtime integer, p_seats integer[]) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_found integer[];
BEGIN
    SELECT array_agg(l.seat_id) INTO v_found
      FROM (SELECT ss.seat_id FROM showtime_seat ss
             WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)
             ORDER BY ss.seat_id FOR UPDATE) l;
    IF coalesce(cardinality(v_found), 0) <> cardinality(p_seats) THEN
        RAISE EXCEPTION 'seats not in showtime %: %', p_showtime,
            array_to_string(ARRAY(SELECT s FROM unnest(p_seats) s
                                   WHERE NOT (s = ANY (coalesce(v_found, '{}'))) ORDER BY s), ',')
            USING ERRCODE = 'BO404';
    END IF;
END $$;

-- Blocks the seats p_seats of showtime p_showtime for p_reason, all or nothing. When one of them is
-- held or sold, nothing changes and one row per such seat says so (blocked false, was HELD or
-- RESERVED, the hold's deadline). Otherwise one row per seat asked for (blocked true, was FREE,
-- or BLOCKED when it was blocked already: its reason is then replaced by this one).
CREATE FUNCTION bo_seat_block(p_showtime integer, p_seats integer[], p_reason text)
RETURNS TABLE (seat_id integer, was text, held_until timestamptz, blocked boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_reason text := btrim(p_reason);
    v_free   integer[];
BEGIN
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'a block needs a reason' USING ERRCODE = 'BO400';
    END IF;
    IF length(v_reason) > 200 THEN
        RAISE EXCEPTION 'a reason has at most 200 characters' USING ERRCODE = 'BO400';
    END IF;
    IF bo_seat_block_request(p_showtime, p_seats) = 'CANCELLED' THEN
        RAISE EXCEPTION 'showtime % is cancelled', p_showtime USING ERRCODE = 'BO403';
    END IF;
    PERFORM bo_seat_block_lock(p_showtime, p_seats);

    RETURN QUERY SELECT ss.seat_id, ss.status, ss.held_until, false
                   FROM showtime_seat ss
                  WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats)
                    AND ss.status IN ('HELD', 'RESERVED')
                  ORDER BY ss.seat_id;
    IF FOUND THEN
        RETURN;
    END IF;

    SELECT array_agg(ss.seat_id ORDER BY ss.seat_id) INTO v_free FROM showtime_seat ss
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats) AND ss.status = 'FREE';
    UPDATE showtime_seat ss SET status = 'BLOCKED'
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (coalesce(v_free, '{}'));
    INSERT INTO seat_block AS b (showtime_id, seat_id, reason)
    SELECT p_showtime, s, v_reason FROM unnest(p_seats) s
        ON CONFLICT ON CONSTRAINT seat_block_pkey
        DO UPDATE SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by, blocked_at = EXCLUDED.blocked_at;
    RETURN QUERY SELECT s, CASE WHEN s = ANY (coalesce(v_free, '{}')) THEN 'FREE' ELSE 'BLOCKED' END,
                        NULL::timestamptz, true
                   FROM unnest(p_seats) s ORDER BY s;
END $$;

-- Gives the blocked seats of p_seats back for sale. One row per seat asked for: unblocked true
-- (was BLOCKED), or false with the state it has (FREE, HELD, RESERVED), unchanged.
CREATE FUNCTION bo_seat_unblock(p_showtime integer, p_seats integer[])
RETURNS TABLE (seat_id integer, was text, unblocked boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_blocked integer[];
    v_states  jsonb;
BEGIN
    PERFORM bo_seat_block_request(p_showtime, p_seats);
    PERFORM bo_seat_block_lock(p_showtime, p_seats);
    SELECT array_agg(ss.seat_id ORDER BY ss.seat_id) FILTER (WHERE ss.status = 'BLOCKED'),
           jsonb_object_agg(ss.seat_id::text, ss.status)
      INTO v_blocked, v_states
      FROM showtime_seat ss WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (p_seats);
    UPDATE showtime_seat ss SET status = 'FREE'
     WHERE ss.showtime_id = p_showtime AND ss.seat_id = ANY (coalesce(v_blocked, '{}'));
    DELETE FROM seat_block b WHERE b.showtime_id = p_showtime AND b.seat_id = ANY (p_seats);
    RETURN QUERY SELECT s, v_states ->> s::text, s = ANY (coalesce(v_blocked, '{}'))
                   FROM unnest(p_seats) s ORDER BY s;
END $$;

-- As 0006 does for every function: the announcement flag off on entry, so that the seat-change
-- trigger announces what these change.
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND p.proname IN ('bo_seat_block_request', 'bo_seat_block_lock', 'bo_seat_block', 'bo_seat_unblock')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON seat_block FROM PUBLIC;
GRANT SELECT ON seat_block TO boxoffice_terminal, boxoffice_manager;
REVOKE EXECUTE ON FUNCTION bo_seat_block_request(integer, integer[]), bo_seat_block_lock(integer, integer[]),
    bo_seat_block(integer, integer[], text), bo_seat_unblock(integer, integer[]) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call these.
GRANT EXECUTE ON FUNCTION bo_seat_block(integer, integer[], text), bo_seat_unblock(integer, integer[])
    TO boxoffice_manager;
