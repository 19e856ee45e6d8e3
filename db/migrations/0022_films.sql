-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Films as a programming manager enters them (issue 15, part 3; docs/DECISIONS.md "Films").
--
-- * A film has its title as the cinema shows it (Korean at a Korean cinema) and, optionally, its
--   English title; its runtime; the Korean age rating (ALL 전체관람가, 12 12세이상관람가, 15
--   15세이상관람가, 18 청소년관람불가, R 제한상영가 — the codes 0001 already had); its format (2D,
--   3D, IMAX, ...); the language spoken and the subtitles (ISO 639-1 codes, or none); when it is
--   released and until when it plays; and a poster (PNG or JPEG, at most 2 MiB) for the board and
--   the kiosk. The application checks every value and names the wrong one; the constraints here
--   are the last line of defence.
-- * The same title in another format is another film ("Orbit of Seoul" in 2D and in IMAX are sold
--   as two); the same title and format twice is refused by bo_film_add (BO412), not by a unique
--   index: test fixtures and benchmarks insert their film again and again.
-- * Films are added only through bo_film_add, which a manager login may call and a terminal login
--   may not (DESIGN.md section 7). Every login may read the films (the poster included).

ALTER TABLE movie
    ADD COLUMN title_en    text CHECK (title_en IS NULL OR (length(title_en) BETWEEN 1 AND 200 AND title_en = btrim(title_en))),
    ADD COLUMN format      text NOT NULL DEFAULT '2D'
                           CHECK (format IN ('2D', '3D', 'IMAX', 'IMAX 3D', '4DX', 'ScreenX', 'Dolby')),
    ADD COLUMN language    text CHECK (language ~ '^[a-z]{2}$'),
    ADD COLUMN subtitles   text CHECK (subtitles ~ '^[a-z]{2}$'),
    ADD COLUMN release_on  date,
    ADD COLUMN plays_until date,
    ADD COLUMN poster      bytea CHECK (octet_length(poster) BETWEEN 1 AND 2097152),
    ADD COLUMN poster_type text CHECK (poster_type IN ('image/png', 'image/jpeg')),
    ADD COLUMN created_by  text NOT NULL DEFAULT session_user,
    ADD CONSTRAINT movie_plays_after_release CHECK (plays_until >= release_on),
    ADD CONSTRAINT movie_poster_typed CHECK ((poster IS NULL) = (poster_type IS NULL));

-- Adds a film; BO412 "film N has that title and format" when one has; BO400 for a value the
-- constraints refuse (the application names them before).
CREATE FUNCTION bo_film_add(p_title text, p_title_en text, p_runtime_min integer, p_rating text, p_format text,
                            p_language text, p_subtitles text, p_release_on date, p_plays_until date,
                            p_poster bytea, p_poster_type text)
RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_id    integer;
    v_title text := btrim(p_title);
BEGIN
    IF v_title IS NULL OR v_title = '' THEN
        RAISE EXCEPTION 'a film needs a title' USING ERRCODE = 'BO400';
    END IF;
    -- Two managers adding the same film at once: one adds it, the other is told.
    PERFORM pg_advisory_xact_lock(4778125971265110600);
    SELECT m.id INTO v_id FROM movie m
     WHERE lower(m.title) = lower(v_title) AND m.format = coalesce(p_format, '2D')
     ORDER BY m.id LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'film % has that title and format', v_id USING ERRCODE = 'BO412';
    END IF;
    BEGIN
        INSERT INTO movie (title, title_en, runtime_min, rating, format, language, subtitles, release_on,
                           plays_until, poster, poster_type)
        VALUES (v_title, nullif(btrim(p_title_en), ''), p_runtime_min, p_rating, coalesce(p_format, '2D'),
                p_language, p_subtitles, p_release_on, p_plays_until, p_poster, p_poster_type)
        RETURNING id INTO v_id;
    EXCEPTION WHEN check_violation OR not_null_violation THEN
        RAISE EXCEPTION 'film refused: %', SQLERRM USING ERRCODE = 'BO400';
    END;
    RETURN v_id;
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
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f' AND p.proname = 'bo_film_add'
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_film_add(text, text, integer, text, text, text, text, date, date, bytea, text)
    FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call this.
GRANT EXECUTE ON FUNCTION bo_film_add(text, text, integer, text, text, text, text, date, date, bytea, text)
    TO boxoffice_manager;
