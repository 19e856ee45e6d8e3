-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- A hall's blocked seats (issue 15, part 5 "per showtime or per hall"; docs/DECISIONS.md,
-- "Blocking a hall's seat").
--
-- * A manager blocks seats of a hall by label ("F7: broken") for every showtime of the hall that
--   has not ended, and for every showtime made later: hall_seat_block keeps the label and the
--   reason, the showtime's seats are BLOCKED and seat_block keeps the reason (from_hall), and
--   terminals see the seats change through the seat-change trigger, as for any block.
-- * Labels, not seat ids: a hall imported again (a new layout version, 0019) keeps its blocks,
--   and a showtime on an older version has its seat of that label blocked too. A label must be a
--   seat of the hall's current layout (a typo is refused, naming it).
-- * A held or sold seat is never blocked silently: when any of the hall's coming showtimes has
--   one of the seats HELD (also past its deadline) or RESERVED, nothing changes and one row per
--   such showtime and seat names it. With p_skip_taken the block goes ahead everywhere else, and
--   the rows still name the seats it left to their sale (the manager moves those customers).
-- * Unblocking gives back what the hall's block made: the showtimes' seats it BLOCKED become FREE;
--   a block set on one showtime of its own (bo_seat_block) stays, and so does a seat the hall's
--   layout has out of service.
-- * Both are a manager's (DESIGN.md section 7). Anyone may read hall_seat_block.

CREATE TABLE hall_seat_block (
    auditorium_id integer NOT NULL REFERENCES auditorium (id),
    label         text NOT NULL,
    reason        text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200 AND reason = btrim(reason)),
    blocked_by    text NOT NULL DEFAULT session_user,
    blocked_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (auditorium_id, label)
);

-- Which blocks of a showtime a hall's block made: the hall's unblock gives back only those.
ALTER TABLE seat_block ADD COLUMN from_hall boolean NOT NULL DEFAULT false;

-- Makes the seats of showtime p_showtime from its layout version (0019): the hall's out-of-service
-- seats and its blocked labels start BLOCKED, the latter with their reason. The number of seats.
-- (The trigger below for a new showtime; bo_showtime_relayout for one moved to another version.)
CREATE FUNCTION bo_showtime_seats_fill(p_showtime integer) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_hall   integer;
    v_layout integer;
    v_count  integer;
BEGIN
    SELECT st.auditorium_id, st.layout_id INTO v_hall, v_layout FROM showtime st WHERE st.id = p_showtime;
    INSERT INTO showtime_seat (showtime_id, seat_id, status)
    SELECT p_showtime, s.id,
           CASE WHEN s.out_of_service OR hb.label IS NOT NULL THEN 'BLOCKED' ELSE 'FREE' END
      FROM seat s
      LEFT JOIN hall_seat_block hb ON hb.auditorium_id = v_hall AND hb.label = s.label
     WHERE s.layout_id = v_layout;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    INSERT INTO seat_block (showtime_id, seat_id, reason, blocked_by, blocked_at, from_hall)
    SELECT p_showtime, s.id, hb.reason, hb.blocked_by, hb.blocked_at, true
      FROM seat s JOIN hall_seat_block hb ON hb.auditorium_id = v_hall AND hb.label = s.label
     WHERE s.layout_id = v_layout;
    RETURN v_count;
END $$;

CREATE OR REPLACE FUNCTION bo_showtime_seats_create() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM bo_showtime_seats_fill(NEW.id);
    RETURN NEW;
END $$;

-- The checks both functions make: a hall that exists and a reasonable list of distinct labels of
-- its current layout (BO404 naming those it does not have). Returns the hall's id and the
-- labels, upper-cased and trimmed.
CREATE FUNCTION bo_hall_seat_request(p_hall text, p_labels text[], OUT hall_id integer, OUT labels text[])
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_missing text[];
BEGIN
    IF p_labels IS NULL OR cardinality(p_labels) = 0 THEN
        RAISE EXCEPTION 'no seats named' USING ERRCODE = 'BO400';
    END IF;
    IF cardinality(p_labels) > 1000 THEN
        RAISE EXCEPTION 'at most 1000 seats at once' USING ERRCODE = 'BO400';
    END IF;
    IF array_position(p_labels, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seat list contains an empty entry' USING ERRCODE = 'BO400';
    END IF;
    labels := ARRAY(SELECT upper(btrim(l)) FROM unnest(p_labels) l);
    IF (SELECT count(DISTINCT l) FROM unnest(labels) l) <> cardinality(labels) THEN
        RAISE EXCEPTION 'the same seat is listed twice' USING ERRCODE = 'BO400';
    END IF;
    hall_id := bo_catalogue_id('hall', p_hall);
    -- The hall row locked: two blocks of one hall take their turns, and a showtime being added to
    -- the hall (its foreign key shares the row) either commits first, and is among the showtimes
    -- blocked below, or waits, and its seats trigger then reads the block.
    PERFORM 1 FROM auditorium a WHERE a.id = hall_id FOR UPDATE;
    v_missing := ARRAY(SELECT l FROM unnest(labels) l
                        WHERE NOT EXISTS (SELECT 1 FROM seat s JOIN auditorium a ON a.layout_id = s.layout_id
                                           WHERE a.id = hall_id AND s.label = l)
                        ORDER BY l);
    IF cardinality(v_missing) > 0 THEN
        RAISE EXCEPTION 'seats not in hall "%": %', p_hall, array_to_string(v_missing, ',')
            USING ERRCODE = 'BO404';
    END IF;
END $$;

-- Blocks the seats labelled p_labels of hall p_hall for p_reason in every showtime of the hall
-- that has not ended and in those made later. One row per showtime and seat: blocked true (was
-- FREE, or BLOCKED already), or blocked false with HELD or RESERVED and the hold's deadline. Any
-- such seat stops the whole block unless p_skip_taken.
CREATE FUNCTION bo_hall_seat_block(p_hall text, p_labels text[], p_reason text, p_skip_taken boolean DEFAULT false)
RETURNS TABLE (showtime_id integer, starts_at timestamptz, label text, was text, held_until timestamptz,
               blocked boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_reason text := btrim(p_reason);
    v_req    record;
BEGIN
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'a block needs a reason' USING ERRCODE = 'BO400';
    END IF;
    IF length(v_reason) > 200 THEN
        RAISE EXCEPTION 'a reason has at most 200 characters' USING ERRCODE = 'BO400';
    END IF;
    SELECT * INTO v_req FROM bo_hall_seat_request(p_hall, p_labels);

    -- The coming showtimes shared (a cancel waits, as for a showtime's block), then their seats of
    -- those labels locked in (showtime, seat) order, waiting for a sale in flight.
    CREATE TEMP TABLE IF NOT EXISTS bo_hall_block_seats (showtime_id integer, starts_at timestamptz,
        seat_id integer, label text, status text, held_until timestamptz) ON COMMIT DROP;
    TRUNCATE bo_hall_block_seats;
    PERFORM 1 FROM showtime st
     WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
     ORDER BY st.id FOR SHARE;
    INSERT INTO bo_hall_block_seats
    SELECT l.showtime_id, l.starts_at, l.seat_id, l.label, l.status, l.held_until
      FROM (SELECT ss.showtime_id, st.starts_at, ss.seat_id, s.label, ss.status, ss.held_until
              FROM showtime st
              JOIN showtime_seat ss ON ss.showtime_id = st.id
              JOIN seat s ON s.id = ss.seat_id
             WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
               AND s.label = ANY (v_req.labels)
             ORDER BY ss.showtime_id, ss.seat_id
               FOR UPDATE OF ss) l;

    IF NOT coalesce(p_skip_taken, false)
       AND EXISTS (SELECT 1 FROM bo_hall_block_seats b WHERE b.status IN ('HELD', 'RESERVED')) THEN
        RETURN QUERY SELECT b.showtime_id, b.starts_at, b.label, b.status, b.held_until, false
                       FROM bo_hall_block_seats b WHERE b.status IN ('HELD', 'RESERVED')
                      ORDER BY b.starts_at, b.showtime_id, b.label;
        RETURN;
    END IF;

    UPDATE showtime_seat ss SET status = 'BLOCKED'
      FROM bo_hall_block_seats b
     WHERE ss.showtime_id = b.showtime_id AND ss.seat_id = b.seat_id AND b.status = 'FREE';
    -- A showtime's own block of the seat keeps its reason (and outlives the hall's unblock).
    INSERT INTO seat_block AS sb (showtime_id, seat_id, reason, from_hall)
    SELECT b.showtime_id, b.seat_id, v_reason, true FROM bo_hall_block_seats b
     WHERE b.status IN ('FREE', 'BLOCKED')
        ON CONFLICT ON CONSTRAINT seat_block_pkey DO UPDATE
       SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by, blocked_at = EXCLUDED.blocked_at
     WHERE sb.from_hall;
    INSERT INTO hall_seat_block AS hb (auditorium_id, label, reason)
    SELECT v_req.hall_id, l, v_reason FROM unnest(v_req.labels) l
        ON CONFLICT ON CONSTRAINT hall_seat_block_pkey DO UPDATE
       SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by, blocked_at = EXCLUDED.blocked_at;
    RETURN QUERY SELECT b.showtime_id, b.starts_at, b.label, b.status, b.held_until,
                        b.status IN ('FREE', 'BLOCKED')
                   FROM bo_hall_block_seats b ORDER BY b.starts_at, b.showtime_id, b.label;
END $$;

-- Gives back the seats labelled p_labels of hall p_hall: the hall's block of each is removed,
-- and every coming showtime's seat that block made BLOCKED becomes FREE. One row per label:
-- whether the hall had it blocked, and how many showtimes' seats were given back for sale.
CREATE FUNCTION bo_hall_seat_unblock(p_hall text, p_labels text[])
RETURNS TABLE (label text, hall_blocked boolean, showtimes integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_req   record;
    v_freed jsonb;
    v_was   text[];
BEGIN
    SELECT * INTO v_req FROM bo_hall_seat_request(p_hall, p_labels);
    WITH gone AS (
        DELETE FROM hall_seat_block hb WHERE hb.auditorium_id = v_req.hall_id AND hb.label = ANY (v_req.labels)
        RETURNING hb.label)
    SELECT coalesce(array_agg(g.label), '{}') INTO v_was FROM gone g;
    PERFORM 1 FROM showtime st
     WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
     ORDER BY st.id FOR SHARE;
    WITH mine AS (
        SELECT ss.showtime_id, ss.seat_id, s.label
          FROM showtime st
          JOIN seat_block sb ON sb.showtime_id = st.id AND sb.from_hall
          JOIN showtime_seat ss ON ss.showtime_id = sb.showtime_id AND ss.seat_id = sb.seat_id
          JOIN seat s ON s.id = ss.seat_id
         WHERE st.auditorium_id = v_req.hall_id AND st.status <> 'CANCELLED' AND st.ends_at > now()
           AND s.label = ANY (v_req.labels)
         ORDER BY ss.showtime_id, ss.seat_id
           FOR UPDATE OF ss),
    unblocked AS (
        DELETE FROM seat_block sb USING mine m
         WHERE sb.showtime_id = m.showtime_id AND sb.seat_id = m.seat_id
        RETURNING sb.showtime_id, sb.seat_id),
    freed AS (
        UPDATE showtime_seat ss SET status = 'FREE'
          FROM unblocked u, seat s
         WHERE ss.showtime_id = u.showtime_id AND ss.seat_id = u.seat_id AND ss.status = 'BLOCKED'
           AND s.id = ss.seat_id AND NOT s.out_of_service
        RETURNING ss.showtime_id, ss.seat_id)
    SELECT coalesce(jsonb_object_agg(x.label, x.n), '{}') INTO v_freed
      FROM (SELECT m.label, count(*) AS n FROM mine m
              JOIN freed f ON f.showtime_id = m.showtime_id AND f.seat_id = m.seat_id
             GROUP BY m.label) x;
    RETURN QUERY SELECT l, l = ANY (v_was), coalesce((v_freed ->> l)::integer, 0)
                   FROM unnest(v_req.labels) l ORDER BY l;
END $$;

-- As 0006 does for every function: the announcement flag off on entry, so that the seat-change
-- trigger announces what these change (CREATE OR REPLACE dropped the seats trigger's).
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND p.proname IN ('bo_showtime_seats_create', 'bo_showtime_seats_fill', 'bo_hall_seat_request',
                                 'bo_hall_seat_block',
                                 'bo_hall_seat_unblock')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON hall_seat_block FROM PUBLIC;
GRANT SELECT ON hall_seat_block TO boxoffice_terminal, boxoffice_manager;
REVOKE EXECUTE ON FUNCTION bo_showtime_seats_fill(integer), bo_hall_seat_request(text, text[]), bo_hall_seat_block(text, text[], text, boolean),
    bo_hall_seat_unblock(text, text[]) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call these.
GRANT EXECUTE ON FUNCTION bo_hall_seat_block(text, text[], text, boolean), bo_hall_seat_unblock(text, text[])
    TO boxoffice_manager;
