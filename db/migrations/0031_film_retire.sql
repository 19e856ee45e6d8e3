-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Retiring a film (issue 15; docs/DECISIONS.md "Retiring a film").
--
-- * A film that stops playing is retired, not deleted: its showtimes, bookings and tickets keep
--   pointing to it. movie.retired_at says since when (NULL: it plays), retired_by who did it.
-- * A retired film gets no new showtime: a trigger on showtime refuses to insert one for it (or
--   to point a showtime at it), with BO412 "film N (title) is retired: ...". One place for
--   bo_showtime_add, bo_showtime_pattern and anything else that inserts showtimes, so neither
--   function is copied here. The film's row is read FOR SHARE, so a retire that commits while a
--   showtime is being added waits for it (or the add waits for the retire and is refused).
-- * Its showtimes already made keep selling and may still be moved or cancelled.
-- * Un-retiring gives the film back to the planner. Retiring twice keeps the first day.
-- * Only through bo_film_retire, a manager's; a terminal login cannot call it.

ALTER TABLE movie
    ADD COLUMN retired_at timestamptz,
    ADD COLUMN retired_by text,
    ADD CONSTRAINT movie_retired_by_someone CHECK ((retired_at IS NULL) = (retired_by IS NULL));

-- Retires film p_id (p_retired true) or gives it back (false). Returns retired_at afterwards
-- (NULL when it plays); BO404 for no such film.
CREATE FUNCTION bo_film_retire(p_id integer, p_retired boolean)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_at timestamptz;
BEGIN
    IF p_retired IS NULL THEN
        RAISE EXCEPTION 'retire or un-retire?' USING ERRCODE = 'BO400';
    END IF;
    UPDATE movie m
       SET retired_at = CASE WHEN p_retired THEN coalesce(m.retired_at, clock_timestamp()) END,
           retired_by = CASE WHEN p_retired THEN coalesce(m.retired_by, session_user::text) END
     WHERE m.id = p_id
    RETURNING m.retired_at INTO v_at;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown film %', p_id USING ERRCODE = 'BO404';
    END IF;
    RETURN v_at;
END $$;

-- No showtime is made for a retired film (inserted, or pointed at it).
CREATE FUNCTION bo_showtime_film_plays() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_title   text;
    v_retired timestamptz;
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.movie_id IS NOT DISTINCT FROM OLD.movie_id THEN
        RETURN NEW;
    END IF;
    SELECT m.title, m.retired_at INTO v_title, v_retired FROM movie m WHERE m.id = NEW.movie_id FOR SHARE;
    IF v_retired IS NOT NULL THEN
        RAISE EXCEPTION 'film % (%) is retired: un-retire it before giving it showtimes', NEW.movie_id, v_title
            USING ERRCODE = 'BO412';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER showtime_film_plays BEFORE INSERT OR UPDATE OF movie_id ON showtime
    FOR EACH ROW EXECUTE FUNCTION bo_showtime_film_plays();

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
               AND p.proname IN ('bo_film_retire', 'bo_showtime_film_plays')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_film_retire(integer, boolean), bo_showtime_film_plays() FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call this.
GRANT EXECUTE ON FUNCTION bo_film_retire(integer, boolean) TO boxoffice_manager;
