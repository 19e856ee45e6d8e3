-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Showtimes without overlaps (issue 15, part 2; docs/DECISIONS.md "Showtimes never overlap in a
-- hall").
--
-- * A showtime occupies its hall from starts_at (the advertised start, when the trailers begin)
--   to clean_until: ends_at (the film's end: trailers plus the film's runtime) plus the hall's
--   cleaning buffer (auditorium.cleaning_min, 15 minutes unless a manager sets another). Both
--   are stored on the showtime when it is made: changing a film's runtime or a hall's buffer
--   later does not move showtimes already planned (nor tell their customers a new end).
-- * The database refuses two showtimes of one hall whose [starts_at, clean_until) overlap, by an
--   exclusion constraint (btree_gist for the hall's equality inside a GiST index). Cancelled
--   showtimes free their slot. Back to back is allowed: one may start exactly when the hall is
--   clean again.
-- * Code that inserts showtimes without an end (the demo seed, tests, the benchmark) gets one
--   from the trigger below: the settings' trailer minutes (settings.trailer_min, 10) plus the
--   film's runtime, plus the hall's buffer. Moving a showtime's start moves its end with it.
-- * Showtimes that exist already get the same end; where that would run into the hall's next
--   showtime, their buffer (then their trailers) shrinks to the gap they had, so that only a real
--   overlap (the next one starting before this film is over) stops the migration, naming both.
-- * Showtimes are added and cancelled only through bo_showtime_add, bo_showtime_pattern (a week
--   pattern, all or nothing, listing every overlap) and bo_showtime_cancel, which a manager login
--   may call and a terminal login may not (DESIGN.md section 7). An overlap is
--   SQLSTATE BO412 naming the showtime in the way ("overlaps showtime N"); a cancel with sales is
--   BO412 too ("refund its bookings first").
--
-- btree_gist ships with PostgreSQL (postgresql-15 on Debian, contrib elsewhere) and is a trusted
-- extension: the migrating login (a superuser, or the database's owner) creates it, not the
-- boxoffice_owner role the rest of this runs as (which may not create in the database).

RESET ROLE;
CREATE EXTENSION IF NOT EXISTS btree_gist;
DO $$
BEGIN
    IF pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN
        SET LOCAL ROLE boxoffice_owner;
    END IF;
END $$;

ALTER TABLE settings ADD COLUMN trailer_min integer NOT NULL DEFAULT 10 CHECK (trailer_min BETWEEN 0 AND 60);
ALTER TABLE auditorium ADD COLUMN cleaning_min integer NOT NULL DEFAULT 15 CHECK (cleaning_min BETWEEN 0 AND 240);
ALTER TABLE showtime ADD COLUMN ends_at timestamptz, ADD COLUMN clean_until timestamptz;

-- Existing showtimes: trailers, runtime and buffer, each cut to the gap before the hall's next
-- showtime if it has to be, never below the runtime itself.
WITH planned AS (
    SELECT st.id, st.starts_at, st.starts_at + make_interval(mins => m.runtime_min) AS film_end,
           st.starts_at + make_interval(mins => se.trailer_min + m.runtime_min) AS full_end,
           make_interval(mins => a.cleaning_min) AS buffer,
           lead(st.starts_at) OVER (PARTITION BY st.auditorium_id ORDER BY st.starts_at, st.id) AS next_start
      FROM showtime st JOIN movie m ON m.id = st.movie_id JOIN auditorium a ON a.id = st.auditorium_id
     CROSS JOIN settings se
     WHERE st.status <> 'CANCELLED'
)
UPDATE showtime st
   SET ends_at = greatest(p.film_end, least(p.full_end, coalesce(p.next_start, p.full_end))),
       clean_until = greatest(p.film_end, least(p.full_end + p.buffer, coalesce(p.next_start, p.full_end + p.buffer)))
  FROM planned p WHERE p.id = st.id;
UPDATE showtime st
   SET ends_at = st.starts_at + make_interval(mins => se.trailer_min + m.runtime_min),
       clean_until = st.starts_at + make_interval(mins => se.trailer_min + m.runtime_min + a.cleaning_min)
  FROM movie m, auditorium a, settings se
 WHERE st.ends_at IS NULL AND m.id = st.movie_id AND a.id = st.auditorium_id;

DO $$
DECLARE
    v_pairs text;
BEGIN
    SELECT string_agg(format('%s and %s', x.id, y.id), ', ' ORDER BY x.id, y.id) INTO v_pairs
      FROM showtime x JOIN showtime y ON y.auditorium_id = x.auditorium_id AND y.id > x.id
     WHERE x.status <> 'CANCELLED' AND y.status <> 'CANCELLED'
       AND tstzrange(x.starts_at, x.clean_until) && tstzrange(y.starts_at, y.clean_until);
    IF v_pairs IS NOT NULL THEN
        RAISE EXCEPTION 'showtimes overlap in their hall: %', v_pairs
            USING HINT = 'Cancel or move one of each pair (UPDATE showtime SET status = ''CANCELLED''), then migrate again.';
    END IF;
END $$;

ALTER TABLE showtime ALTER COLUMN ends_at SET NOT NULL,
                     ALTER COLUMN clean_until SET NOT NULL,
                     ADD CONSTRAINT showtime_times_ordered CHECK (starts_at < ends_at AND ends_at <= clean_until),
                     ADD CONSTRAINT showtime_no_overlap
                         EXCLUDE USING gist (auditorium_id WITH =, tstzrange(starts_at, clean_until) WITH &&)
                         WHERE (status <> 'CANCELLED');

-- The end of a showtime inserted without one; a moved start moves the end and the buffer along.
CREATE FUNCTION bo_showtime_times() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF NEW.ends_at IS NULL THEN
            SELECT NEW.starts_at + make_interval(mins => se.trailer_min + m.runtime_min) INTO NEW.ends_at
              FROM movie m CROSS JOIN settings se WHERE m.id = NEW.movie_id;
        END IF;
        IF NEW.clean_until IS NULL THEN
            SELECT NEW.ends_at + make_interval(mins => a.cleaning_min) INTO NEW.clean_until
              FROM auditorium a WHERE a.id = NEW.auditorium_id;
        END IF;
        RETURN NEW;
    END IF;
    IF NEW.ends_at IS NOT DISTINCT FROM OLD.ends_at AND NEW.starts_at IS DISTINCT FROM OLD.starts_at THEN
        NEW.ends_at := OLD.ends_at + (NEW.starts_at - OLD.starts_at);
    END IF;
    IF NEW.ends_at IS NOT DISTINCT FROM OLD.ends_at AND NEW.movie_id IS DISTINCT FROM OLD.movie_id THEN
        SELECT NEW.ends_at + make_interval(mins => n.runtime_min - o.runtime_min) INTO NEW.ends_at
          FROM movie n, movie o WHERE n.id = NEW.movie_id AND o.id = OLD.movie_id;
    END IF;
    IF NEW.clean_until IS NOT DISTINCT FROM OLD.clean_until AND NEW.ends_at IS DISTINCT FROM OLD.ends_at THEN
        NEW.clean_until := NEW.ends_at + (OLD.clean_until - OLD.ends_at);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER showtime_times BEFORE INSERT OR UPDATE OF starts_at, movie_id, ends_at ON showtime
    FOR EACH ROW EXECUTE FUNCTION bo_showtime_times();

-- Resolves a hall, a film or a price list named by name (title) or number; BO404 when none is.
CREATE FUNCTION bo_catalogue_id(p_kind text, p_name text) RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_id integer;
    v_number integer;
BEGIN
    IF p_name IS NULL OR btrim(p_name) = '' THEN
        RAISE EXCEPTION 'no % named', p_kind USING ERRCODE = 'BO400';
    END IF;
    IF p_name ~ '^[0-9]{1,9}$' THEN
        v_number := p_name::integer;
    END IF;
    IF p_kind = 'hall' THEN
        SELECT a.id INTO v_id FROM auditorium a WHERE a.name = p_name OR a.id = v_number
         ORDER BY a.name = p_name DESC LIMIT 1;
    ELSIF p_kind = 'film' THEN
        SELECT m.id INTO v_id FROM movie m WHERE m.title = p_name OR m.id = v_number
         ORDER BY m.title = p_name DESC, m.id LIMIT 1;
    ELSE
        SELECT p.id INTO v_id FROM price_list p WHERE p.name = p_name OR p.id = v_number
         ORDER BY p.name = p_name DESC LIMIT 1;
    END IF;
    IF v_id IS NULL THEN
        RAISE EXCEPTION 'there is no % "%"', p_kind, p_name USING ERRCODE = 'BO404';
    END IF;
    RETURN v_id;
END $$;

-- Adds one showtime of film p_film in hall p_hall at p_starts_at with price list p_prices (all
-- by name or number; p_prices NULL: the only price list there is), p_trailer_min minutes of
-- trailers (NULL: the settings'). The film ends after the trailers and its runtime; the hall is
-- busy until its cleaning buffer is over too. An overlap with another showtime of the hall is
-- BO412 "overlaps showtime N", also when a concurrent add won the slot first (that one waits
-- for the winner's commit, then fails).
CREATE FUNCTION bo_showtime_add(p_hall text, p_film text, p_prices text, p_starts_at timestamptz,
                                p_trailer_min integer)
RETURNS TABLE (showtime_id integer, hall_id integer, starts_at timestamptz, ends_at timestamptz,
               clean_until timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_hall    integer := bo_catalogue_id('hall', p_hall);
    v_film    integer := bo_catalogue_id('film', p_film);
    v_prices  integer;
    v_trailer integer;
    v_runtime integer;
    v_row     showtime%ROWTYPE;
    v_other   integer;
BEGIN
    IF p_starts_at IS NULL OR p_starts_at = 'infinity' OR p_starts_at = '-infinity' THEN
        RAISE EXCEPTION 'a showtime needs a start time' USING ERRCODE = 'BO400';
    END IF;
    IF p_prices IS NULL THEN
        SELECT min(p.id) INTO v_prices FROM price_list p HAVING count(*) = 1;
        IF v_prices IS NULL THEN
            RAISE EXCEPTION 'name the showtime''s price list (there is not exactly one)' USING ERRCODE = 'BO400';
        END IF;
    ELSE
        v_prices := bo_catalogue_id('price list', p_prices);
    END IF;
    SELECT coalesce(p_trailer_min, se.trailer_min) INTO v_trailer FROM settings se;
    IF v_trailer NOT BETWEEN 0 AND 60 THEN
        RAISE EXCEPTION 'trailers last 0 to 60 minutes, not %', v_trailer USING ERRCODE = 'BO400';
    END IF;
    SELECT m.runtime_min INTO v_runtime FROM movie m WHERE m.id = v_film;

    BEGIN
        INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at, ends_at, clean_until)
        SELECT v_hall, v_film, v_prices, p_starts_at,
               p_starts_at + make_interval(mins => v_trailer + v_runtime),
               p_starts_at + make_interval(mins => v_trailer + v_runtime + a.cleaning_min)
          FROM auditorium a WHERE a.id = v_hall
        RETURNING * INTO v_row;
    EXCEPTION WHEN exclusion_violation THEN
        -- The one in the way has committed (the check waited for it): name the earliest.
        SELECT o.id INTO v_other FROM showtime o, auditorium a, movie m
         WHERE a.id = v_hall AND m.id = v_film AND o.auditorium_id = v_hall AND o.status <> 'CANCELLED'
           AND tstzrange(o.starts_at, o.clean_until)
               && tstzrange(p_starts_at, p_starts_at + make_interval(mins => v_trailer + v_runtime + a.cleaning_min))
         ORDER BY o.starts_at LIMIT 1;
        RAISE EXCEPTION 'overlaps showtime %', coalesce(v_other::text, '?') USING ERRCODE = 'BO412';
    END;
    RETURN QUERY SELECT v_row.id, v_hall, v_row.starts_at, v_row.ends_at, v_row.clean_until;
END $$;

-- The showtimes of hall p_hall in the way of the requested starts, each busy for p_busy: one row
-- per requested start and existing showtime it overlaps, and per requested start and other
-- requested start it overlaps (a pattern whose own times collide).
CREATE FUNCTION bo_showtime_overlaps(p_hall integer, p_starts timestamptz[], p_busy interval)
RETURNS TABLE (requested_start timestamptz, overlaps_showtime integer, overlaps_start timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    WITH req AS (SELECT u.s, u.n FROM unnest(p_starts) WITH ORDINALITY u(s, n))
    SELECT r.s, o.id, NULL::timestamptz
      FROM req r JOIN showtime o ON o.auditorium_id = p_hall AND o.status <> 'CANCELLED'
       AND tstzrange(o.starts_at, o.clean_until) && tstzrange(r.s, r.s + p_busy)
    UNION ALL
    SELECT r.s, NULL::integer, q.s
      FROM req r JOIN req q ON q.n <> r.n AND tstzrange(q.s, q.s + p_busy) && tstzrange(r.s, r.s + p_busy)
    ORDER BY 1, 2, 3
$$;

-- A week pattern: showtimes of one film in one hall at every start of p_starts, all or nothing.
-- Where any start is in the way of an existing showtime or of another start of the pattern,
-- nothing is added and the rows list every such overlap (showtime_id NULL); otherwise one row
-- per showtime added (overlaps_* NULL). A concurrent writer that takes a slot between the check
-- and the insert makes the insert fail as a whole: the overlaps are then listed as well.
CREATE FUNCTION bo_showtime_pattern(p_hall text, p_film text, p_prices text, p_starts timestamptz[],
                                    p_trailer_min integer)
RETURNS TABLE (requested_start timestamptz, showtime_id integer, overlaps_showtime integer,
               overlaps_start timestamptz)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_hall    integer := bo_catalogue_id('hall', p_hall);
    v_film    integer := bo_catalogue_id('film', p_film);
    v_prices  integer;
    v_trailer integer;
    v_film_len interval;
    v_busy    interval;
    v_ids     integer[];
    v_starts  timestamptz[];
BEGIN
    IF p_starts IS NULL OR cardinality(p_starts) = 0 OR cardinality(p_starts) > 1000 THEN
        RAISE EXCEPTION 'a pattern has 1 to 1000 showtimes' USING ERRCODE = 'BO400';
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(p_starts) s WHERE s IS NULL OR NOT isfinite(s)) THEN
        RAISE EXCEPTION 'every showtime of a pattern needs a start time' USING ERRCODE = 'BO400';
    END IF;
    IF p_prices IS NULL THEN
        SELECT min(p.id) INTO v_prices FROM price_list p HAVING count(*) = 1;
        IF v_prices IS NULL THEN
            RAISE EXCEPTION 'name the showtimes'' price list (there is not exactly one)' USING ERRCODE = 'BO400';
        END IF;
    ELSE
        v_prices := bo_catalogue_id('price list', p_prices);
    END IF;
    SELECT coalesce(p_trailer_min, se.trailer_min) INTO v_trailer FROM settings se;
    IF v_trailer NOT BETWEEN 0 AND 60 THEN
        RAISE EXCEPTION 'trailers last 0 to 60 minutes, not %', v_trailer USING ERRCODE = 'BO400';
    END IF;
    SELECT make_interval(mins => v_trailer + m.runtime_min) INTO v_film_len FROM movie m WHERE m.id = v_film;
    SELECT v_film_len + make_interval(mins => a.cleaning_min) INTO v_busy FROM auditorium a WHERE a.id = v_hall;

    RETURN QUERY SELECT o.requested_start, NULL::integer, o.overlaps_showtime, o.overlaps_start
                   FROM bo_showtime_overlaps(v_hall, p_starts, v_busy) o;
    IF FOUND THEN
        RETURN;
    END IF;
    BEGIN
        WITH ins AS (
            INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at, ends_at, clean_until)
            SELECT v_hall, v_film, v_prices, s, s + v_film_len, s + v_busy FROM unnest(p_starts) s ORDER BY s
            RETURNING id, starts_at)
        SELECT array_agg(ins.id ORDER BY ins.starts_at), array_agg(ins.starts_at ORDER BY ins.starts_at)
          INTO v_ids, v_starts FROM ins;
    EXCEPTION WHEN exclusion_violation THEN
        RETURN QUERY SELECT o.requested_start, NULL::integer, o.overlaps_showtime, o.overlaps_start
                       FROM bo_showtime_overlaps(v_hall, p_starts, v_busy) o;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'a showtime of the pattern overlaps one just added' USING ERRCODE = 'BO412';
        END IF;
        RETURN;
    END;
    RETURN QUERY SELECT u.s, u.id, NULL::integer, NULL::timestamptz FROM unnest(v_starts, v_ids) u(s, id);
END $$;

-- Cancels a showtime that has sold nothing: no booking pending or confirmed, no seat held or
-- sold (BO412 "refund its bookings first" otherwise). Returns false when it was cancelled
-- already; BO404 when there is no such showtime. Its slot in the hall is free again.
CREATE FUNCTION bo_showtime_cancel(p_showtime integer) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_status   text;
    v_bookings integer;
    v_held     integer;
BEGIN
    -- Locked first: a sale that starts now finds it cancelled, one that ran before is counted.
    SELECT st.status INTO v_status FROM showtime st WHERE st.id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404';
    END IF;
    IF v_status = 'CANCELLED' THEN
        RETURN false;
    END IF;
    SELECT count(*) INTO v_bookings FROM booking b
     WHERE b.showtime_id = p_showtime AND b.status IN ('PENDING', 'CONFIRMED');
    SELECT count(*) INTO v_held FROM showtime_seat ss
     WHERE ss.showtime_id = p_showtime AND ss.status IN ('HELD', 'RESERVED');
    IF v_bookings > 0 THEN
        RAISE EXCEPTION 'showtime % has % booking(s): refund its bookings first', p_showtime, v_bookings
            USING ERRCODE = 'BO412';
    END IF;
    IF v_held > 0 THEN
        RAISE EXCEPTION 'showtime % has % seat(s) held or sold: refund its bookings first', p_showtime, v_held
            USING ERRCODE = 'BO412';
    END IF;
    UPDATE showtime st SET status = 'CANCELLED' WHERE st.id = p_showtime;
    RETURN true;
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
               AND p.proname IN ('bo_showtime_times', 'bo_catalogue_id', 'bo_showtime_add', 'bo_showtime_cancel',
                                 'bo_showtime_overlaps', 'bo_showtime_pattern')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_showtime_times(), bo_catalogue_id(text, text),
    bo_showtime_add(text, text, text, timestamptz, integer), bo_showtime_cancel(integer),
    bo_showtime_overlaps(integer, timestamptz[], interval),
    bo_showtime_pattern(text, text, text, timestamptz[], integer) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call these.
GRANT EXECUTE ON FUNCTION bo_showtime_add(text, text, text, timestamptz, integer),
    bo_showtime_cancel(integer), bo_showtime_pattern(text, text, text, timestamptz[], integer)
    TO boxoffice_manager;
