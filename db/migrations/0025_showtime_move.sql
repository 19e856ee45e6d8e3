-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Moving a showtime (issue 15, part 3: the week planner; docs/DECISIONS.md "Week planner").
--
-- * A manager moves a showtime to another start in its hall while nothing of it is sold: no
--   booking pending or confirmed, no seat sold, no live hold (BO412 "refund its bookings first",
--   or "a sale is in progress"). Its end and cleaning buffer move along (0020's trigger).
-- * A move to another hall is refused (BO400): the showtime's seats belong to its hall's layout
--   version, which the other hall does not have; cancel it and add it there instead.
-- * The exclusion constraint of 0020 refuses an overlap, also when a concurrent move or add took
--   the slot first: BO412 "overlaps showtime N" naming the showtime in the way, as bo_showtime_add.
-- * Moving through bo_showtime_move only, a manager's (DESIGN.md section 7); a terminal login is
--   refused.

-- Moves showtime p_showtime to p_starts_at in hall p_hall (by name or number; NULL: its own).
-- BO404 when there is no such showtime; BO400 for another hall, a cancelled showtime or no start.
CREATE FUNCTION bo_showtime_move(p_showtime integer, p_hall text, p_starts_at timestamptz)
RETURNS TABLE (showtime_id integer, hall_id integer, starts_at timestamptz, ends_at timestamptz,
               clean_until timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_row      showtime%ROWTYPE;
    v_hall     integer;
    v_bookings integer;
    v_sold     integer;
    v_held     integer;
    v_other    integer;
BEGIN
    IF p_starts_at IS NULL OR NOT isfinite(p_starts_at) THEN
        RAISE EXCEPTION 'a showtime needs a start time' USING ERRCODE = 'BO400';
    END IF;
    -- Locked first, then its seats: a sale that holds a seat now waits for the move and sells
    -- the moved showtime; one that held before is counted below.
    SELECT * INTO v_row FROM showtime st WHERE st.id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    IF v_row.status = 'CANCELLED' THEN
        RAISE EXCEPTION 'showtime % is cancelled', p_showtime USING ERRCODE = 'BO400';
    END IF;
    v_hall := CASE WHEN p_hall IS NULL THEN v_row.auditorium_id ELSE bo_catalogue_id('hall', p_hall) END;
    IF v_hall <> v_row.auditorium_id THEN
        RAISE EXCEPTION 'showtime % stays in its hall: cancel it and add it in the other', p_showtime
            USING ERRCODE = 'BO400';
    END IF;
    PERFORM 1 FROM showtime_seat ss WHERE ss.showtime_id = p_showtime ORDER BY ss.seat_id FOR UPDATE;
    SELECT count(*) INTO v_bookings FROM booking b
     WHERE b.showtime_id = p_showtime AND b.status IN ('PENDING', 'CONFIRMED');
    SELECT count(*) FILTER (WHERE ss.status = 'RESERVED'),
           count(*) FILTER (WHERE ss.status = 'HELD' AND ss.held_until > now())
      INTO v_sold, v_held FROM showtime_seat ss WHERE ss.showtime_id = p_showtime;
    IF v_bookings > 0 OR v_sold > 0 THEN
        RAISE EXCEPTION 'showtime % has sold seats: refund its bookings first', p_showtime
            USING ERRCODE = 'BO412';
    END IF;
    IF v_held > 0 THEN
        RAISE EXCEPTION 'showtime % has % seat(s) held: a sale is in progress', p_showtime, v_held
            USING ERRCODE = 'BO412';
    END IF;
    IF p_starts_at = v_row.starts_at THEN
        RETURN QUERY SELECT v_row.id, v_row.auditorium_id, v_row.starts_at, v_row.ends_at, v_row.clean_until;
        RETURN;
    END IF;
    BEGIN
        UPDATE showtime st SET starts_at = p_starts_at WHERE st.id = p_showtime RETURNING * INTO v_row;
    EXCEPTION WHEN exclusion_violation THEN
        -- The one in the way has committed (the check waited for it): name the earliest.
        SELECT o.id INTO v_other FROM showtime o
         WHERE o.auditorium_id = v_hall AND o.id <> p_showtime AND o.status <> 'CANCELLED'
           AND tstzrange(o.starts_at, o.clean_until)
               && tstzrange(p_starts_at, p_starts_at + (v_row.clean_until - v_row.starts_at))
         ORDER BY o.starts_at LIMIT 1;
        RAISE EXCEPTION 'overlaps showtime %', coalesce(v_other::text, '?') USING ERRCODE = 'BO412';
    END;
    RETURN QUERY SELECT v_row.id, v_row.auditorium_id, v_row.starts_at, v_row.ends_at, v_row.clean_until;
END $$;

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it.
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND p.proname IN ('bo_showtime_move')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_showtime_move(integer, text, timestamptz) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call this.
GRANT EXECUTE ON FUNCTION bo_showtime_move(integer, text, timestamptz) TO boxoffice_manager;
