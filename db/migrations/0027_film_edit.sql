-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Editing a film (issue 15, part 2; docs/DECISIONS.md "Editing a film").
--
-- * A manager corrects a film's titles, runtime, rating, languages, dates and poster. Its format
--   is not edited: the same title in another format is another film, sold and priced as one
--   (0022, 0024), so a new format is film-add.
-- * Showtimes already made keep their slot: a runtime edited afterwards applies to showtimes
--   made from then on (a longer film in a slot already sold is the manager's to move).
-- * Only through bo_film_update, a manager's; the title stays unique per format (BO412), checked
--   under the same lock as bo_film_add so two managers cannot make a duplicate between them.

CREATE FUNCTION bo_film_update(p_id integer, p_title text, p_title_en text, p_runtime_min integer, p_rating text,
                               p_language text, p_subtitles text, p_release_on date, p_plays_until date,
                               p_poster bytea, p_poster_type text, p_keep_poster boolean)
RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_format text;
    v_other  integer;
    v_title  text := btrim(p_title);
BEGIN
    IF v_title IS NULL OR v_title = '' THEN
        RAISE EXCEPTION 'a film needs a title' USING ERRCODE = 'BO400';
    END IF;
    PERFORM pg_advisory_xact_lock(4778125971265110600);
    SELECT m.format INTO v_format FROM movie m WHERE m.id = p_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown film %', p_id USING ERRCODE = 'BO404';
    END IF;
    SELECT m.id INTO v_other FROM movie m
     WHERE lower(m.title) = lower(v_title) AND m.format = v_format AND m.id <> p_id
     ORDER BY m.id LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'film % has that title and format', v_other USING ERRCODE = 'BO412';
    END IF;
    BEGIN
        UPDATE movie m
           SET title = v_title, title_en = nullif(btrim(p_title_en), ''), runtime_min = p_runtime_min,
               rating = p_rating, language = p_language, subtitles = p_subtitles, release_on = p_release_on,
               plays_until = p_plays_until,
               poster = CASE WHEN p_keep_poster THEN m.poster ELSE p_poster END,
               poster_type = CASE WHEN p_keep_poster THEN m.poster_type ELSE p_poster_type END
         WHERE m.id = p_id;
    EXCEPTION WHEN check_violation OR not_null_violation THEN
        RAISE EXCEPTION 'film refused: %', SQLERRM USING ERRCODE = 'BO400';
    END;
    RETURN p_id;
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
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f' AND p.proname = 'bo_film_update'
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_film_update(integer, text, text, integer, text, text, text, date, date, bytea, text,
                                          boolean) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call this.
GRANT EXECUTE ON FUNCTION bo_film_update(integer, text, text, integer, text, text, text, date, date, bytea, text,
                                         boolean) TO boxoffice_manager;
