-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Films, price lists and showtimes: the manager's schedule.
-- Each function's current and only body (db/functions/README.md).

CREATE OR REPLACE FUNCTION public.bo_showtime_times()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_catalogue_id(p_kind text, p_name text)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        -- A name is its current version; a number any version.
        SELECT p.id INTO v_id FROM price_list p
         WHERE (p.name = p_name AND p.retired_at IS NULL) OR p.id = v_number
         ORDER BY (p.name = p_name AND p.retired_at IS NULL) DESC LIMIT 1;
    END IF;
    IF v_id IS NULL THEN
        RAISE EXCEPTION 'there is no % "%"', p_kind, p_name USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array(CASE p_kind WHEN 'hall' THEN 'no-such-hall' WHEN 'film' THEN 'no-such-film' ELSE 'no-such-price-list' END, p_name);
    END IF;
    RETURN v_id;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_add(p_hall text, p_film text, p_prices text, p_starts_at timestamp with time zone, p_trailer_min integer)
 RETURNS TABLE(showtime_id integer, hall_id integer, starts_at timestamp with time zone, ends_at timestamp with time zone, clean_until timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        RAISE EXCEPTION 'overlaps showtime %', coalesce(v_other::text, '?') USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-overlaps', coalesce(v_other::text, '?'));
    END;
    RETURN QUERY SELECT v_row.id, v_hall, v_row.starts_at, v_row.ends_at, v_row.clean_until;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_overlaps(p_hall integer, p_starts timestamp with time zone[], p_busy interval)
 RETURNS TABLE(requested_start timestamp with time zone, overlaps_showtime integer, overlaps_start timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    WITH req AS (SELECT u.s, u.n FROM unnest(p_starts) WITH ORDINALITY u(s, n))
    SELECT r.s, o.id, NULL::timestamptz
      FROM req r JOIN showtime o ON o.auditorium_id = p_hall AND o.status <> 'CANCELLED'
       AND tstzrange(o.starts_at, o.clean_until) && tstzrange(r.s, r.s + p_busy)
    UNION ALL
    SELECT r.s, NULL::integer, q.s
      FROM req r JOIN req q ON q.n <> r.n AND tstzrange(q.s, q.s + p_busy) && tstzrange(r.s, r.s + p_busy)
    ORDER BY 1, 2, 3
$function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_pattern(p_hall text, p_film text, p_prices text, p_starts timestamp with time zone[], p_trailer_min integer)
 RETURNS TABLE(requested_start timestamp with time zone, showtime_id integer, overlaps_showtime integer, overlaps_start timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
            RAISE EXCEPTION 'a showtime of the pattern overlaps one just added' USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('pattern-overlaps');
        END IF;
        RETURN;
    END;
    RETURN QUERY SELECT u.s, u.id, NULL::integer, NULL::timestamptz FROM unnest(v_starts, v_ids) u(s, id);
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_cancel(p_showtime integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_status   text;
    v_bookings integer;
    v_held     integer;
BEGIN
    -- Locked first: a sale that starts now finds it cancelled, one that ran before is counted.
    SELECT st.status INTO v_status FROM showtime st WHERE st.id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-has-sales', p_showtime);
    END IF;
    IF v_held > 0 THEN
        RAISE EXCEPTION 'showtime % has % seat(s) held or sold: refund its bookings first', p_showtime, v_held
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-has-sales', p_showtime);
    END IF;
    UPDATE showtime st SET status = 'CANCELLED' WHERE st.id = p_showtime;
    RETURN true;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_film_add(p_title text, p_title_en text, p_runtime_min integer, p_rating text, p_format text, p_language text, p_subtitles text, p_release_on date, p_plays_until date, p_poster bytea, p_poster_type text)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        RAISE EXCEPTION 'film % has that title and format', v_id USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('film-title-taken', v_id);
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_price_set(p_card jsonb)
 RETURNS TABLE(price_list_id integer, version integer, created boolean, unchanged boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
DECLARE
    v_name     text := btrim(p_card ->> 'name');
    v_currency text := p_card ->> 'currency';
    v_old      record;
    v_id       integer;
    v_version  integer := 1;
BEGIN
    IF p_card IS NULL OR jsonb_typeof(p_card) <> 'object' OR v_name IS NULL OR v_name = ''
       OR length(v_name) > 80 THEN
        RAISE EXCEPTION 'a price list needs a name of 1 to 80 characters' USING ERRCODE = 'BO400';
    END IF;
    IF v_currency IS NULL OR v_currency !~ '^[A-Z]{3}$' THEN
        RAISE EXCEPTION 'a price list needs an ISO 4217 currency' USING ERRCODE = 'BO400';
    END IF;
    IF jsonb_typeof(p_card -> 'ticket_types') IS DISTINCT FROM 'array'
       OR jsonb_array_length(p_card -> 'ticket_types') = 0 THEN
        RAISE EXCEPTION 'a price list needs at least one ticket type' USING ERRCODE = 'BO400';
    END IF;
    -- Two managers setting lists at once: one after the other.
    PERFORM pg_advisory_xact_lock(4778125971265110601);
    SELECT p.id, p.version, p.card INTO v_old FROM price_list p
     WHERE p.name = v_name AND p.retired_at IS NULL FOR UPDATE;
    IF FOUND THEN
        IF v_old.card = p_card THEN
            RETURN QUERY SELECT v_old.id, v_old.version, false, true;
            RETURN;
        END IF;
        v_version := v_old.version + 1;
        UPDATE price_list p SET retired_at = now() WHERE p.id = v_old.id;
    END IF;
    BEGIN
        INSERT INTO price_list (name, version, card) VALUES (v_name, v_version, p_card) RETURNING id INTO v_id;
        INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency, sort_order)
        SELECT v_id, t.value ->> 'code', t.value ->> 'name', (t.value ->> 'amount_minor')::bigint, v_currency,
               t.ordinality::integer
          FROM jsonb_array_elements(p_card -> 'ticket_types') WITH ORDINALITY AS t;
    EXCEPTION WHEN check_violation OR not_null_violation OR unique_violation OR invalid_text_representation
                   OR numeric_value_out_of_range THEN
        RAISE EXCEPTION 'price list refused: %', SQLERRM USING ERRCODE = 'BO400';
    END;
    RETURN QUERY SELECT v_id, v_version, v_old.id IS NULL, false;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_prices_set(p_showtime integer, p_prices jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_list  integer;
    v_count integer;
BEGIN
    IF p_prices IS NULL OR jsonb_typeof(p_prices) <> 'array' THEN
        RAISE EXCEPTION 'a showtime''s prices are a list' USING ERRCODE = 'BO400';
    END IF;
    SELECT st.price_list_id INTO v_list FROM showtime st WHERE st.id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    IF EXISTS (SELECT 1 FROM booking b WHERE b.showtime_id = p_showtime)
       OR EXISTS (SELECT 1 FROM showtime_seat ss WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD'
                     AND ss.held_until >= clock_timestamp()) THEN
        RAISE EXCEPTION 'showtime % has sales: its prices stay', p_showtime USING ERRCODE = 'BO409',
            HINT = 'refusal: ' || json_build_array('showtime-prices-stay', p_showtime);
    END IF;
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_prices) e
                WHERE NOT EXISTS (SELECT 1 FROM price_tier p
                                   WHERE p.price_list_id = v_list AND p.code = e ->> 'tier')) THEN
        RAISE EXCEPTION 'a price names a ticket type the showtime''s list does not have' USING ERRCODE = 'BO400';
    END IF;
    DELETE FROM showtime_price sp WHERE sp.showtime_id = p_showtime;
    BEGIN
        INSERT INTO showtime_price (showtime_id, tier_code, amount_minor, daypart, day_type)
        SELECT p_showtime, e ->> 'tier', (e ->> 'amount_minor')::bigint, nullif(e ->> 'daypart', ''), e ->> 'day'
          FROM jsonb_array_elements(p_prices) e;
        GET DIAGNOSTICS v_count = ROW_COUNT;
    EXCEPTION WHEN check_violation OR not_null_violation OR unique_violation OR invalid_text_representation
                   OR numeric_value_out_of_range THEN
        RAISE EXCEPTION 'prices refused: %', SQLERRM USING ERRCODE = 'BO400';
    END;
    RETURN v_count;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_move(p_showtime integer, p_hall text, p_starts_at timestamp with time zone)
 RETURNS TABLE(showtime_id integer, hall_id integer, starts_at timestamp with time zone, ends_at timestamp with time zone, clean_until timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    IF v_row.status = 'CANCELLED' THEN
        RAISE EXCEPTION 'showtime % is cancelled', p_showtime USING ERRCODE = 'BO400',
            HINT = 'refusal: ' || json_build_array('showtime-cancelled', r.id);
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-has-sold-seats', p_showtime);
    END IF;
    IF v_held > 0 THEN
        RAISE EXCEPTION 'showtime % has % seat(s) held: a sale is in progress', p_showtime, v_held
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-has-held-seats', p_showtime);
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
        RAISE EXCEPTION 'overlaps showtime %', coalesce(v_other::text, '?') USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-overlaps', coalesce(v_other::text, '?'));
    END;
    RETURN QUERY SELECT v_row.id, v_row.auditorium_id, v_row.starts_at, v_row.ends_at, v_row.clean_until;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_surcharges_set(p_showtime integer, p_surcharges jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_count integer;
BEGIN
    IF p_surcharges IS NULL OR jsonb_typeof(p_surcharges) <> 'array' THEN
        RAISE EXCEPTION 'a showtime''s seat surcharges are a list' USING ERRCODE = 'BO400';
    END IF;
    PERFORM 1 FROM showtime st WHERE st.id = p_showtime FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    IF EXISTS (SELECT 1 FROM booking b WHERE b.showtime_id = p_showtime)
       OR EXISTS (SELECT 1 FROM showtime_seat ss WHERE ss.showtime_id = p_showtime AND ss.status = 'HELD'
                     AND ss.held_until >= clock_timestamp()) THEN
        RAISE EXCEPTION 'showtime % has sales: its prices stay', p_showtime USING ERRCODE = 'BO409',
            HINT = 'refusal: ' || json_build_array('showtime-prices-stay', p_showtime);
    END IF;
    DELETE FROM showtime_surcharge sk WHERE sk.showtime_id = p_showtime;
    BEGIN
        INSERT INTO showtime_surcharge (showtime_id, seat_kind, amount_minor)
        SELECT p_showtime, e ->> 'kind', (e ->> 'amount_minor')::bigint
          FROM jsonb_array_elements(p_surcharges) e;
        GET DIAGNOSTICS v_count = ROW_COUNT;
    EXCEPTION WHEN check_violation OR not_null_violation OR unique_violation OR invalid_text_representation
                   OR numeric_value_out_of_range THEN
        RAISE EXCEPTION 'seat surcharges refused: %', SQLERRM USING ERRCODE = 'BO400';
    END;
    RETURN v_count;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_film_update(p_id integer, p_title text, p_title_en text, p_runtime_min integer, p_rating text, p_language text, p_subtitles text, p_release_on date, p_plays_until date, p_poster bytea, p_poster_type text, p_keep_poster boolean)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        RAISE EXCEPTION 'unknown film %', p_id USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-film', p_id);
    END IF;
    SELECT m.id INTO v_other FROM movie m
     WHERE lower(m.title) = lower(v_title) AND m.format = v_format AND m.id <> p_id
     ORDER BY m.id LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'film % has that title and format', v_other USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('film-title-taken', v_other);
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_sale_window(p_showtimes integer[], p_opens timestamp with time zone, p_closes timestamp with time zone, p_keep_opens boolean DEFAULT false, p_keep_closes boolean DEFAULT false)
 RETURNS TABLE(showtime_id integer, starts_at timestamp with time zone, sale_opens_at timestamp with time zone, sale_closes_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    r       record;
    v_late  integer;
    v_missing integer;
    v_opens timestamptz;
    v_close timestamptz;
BEGIN
    IF p_showtimes IS NULL OR cardinality(p_showtimes) = 0 OR array_position(p_showtimes, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'name one showtime or more' USING ERRCODE = 'BO400';
    END IF;
    SELECT se.late_sale_minutes INTO v_late FROM settings se;
    SELECT min(x.id) INTO v_missing FROM unnest(p_showtimes) x(id)
     WHERE NOT EXISTS (SELECT 1 FROM showtime st WHERE st.id = x.id);
    IF v_missing IS NOT NULL THEN
        RAISE EXCEPTION 'there is no showtime %', v_missing USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', v_missing);
    END IF;
    -- Locked in id order, so two managers changing overlapping sets never deadlock.
    FOR r IN
        SELECT st.id, st.status, st.starts_at, st.ends_at, st.sale_opens_at, st.sale_closes_at
          FROM showtime st
         WHERE st.id = ANY (p_showtimes)
         ORDER BY st.id
           FOR UPDATE
    LOOP
        IF r.status = 'CANCELLED' THEN
            RAISE EXCEPTION 'showtime % is cancelled', r.id USING ERRCODE = 'BO412',
                HINT = 'refusal: ' || json_build_array('showtime-cancelled', r.id);
        END IF;
        v_opens := CASE WHEN coalesce(p_keep_opens, false) THEN r.sale_opens_at ELSE p_opens END;
        v_close := CASE WHEN coalesce(p_keep_closes, false) THEN r.sale_closes_at ELSE p_closes END;
        IF v_close > r.ends_at THEN
            RAISE EXCEPTION 'showtime %''s sale would close after its film ends (%)', r.id,
                to_char(r.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') USING ERRCODE = 'BO400';
        END IF;
        IF v_opens >= coalesce(v_close, r.starts_at + make_interval(mins => v_late)) THEN
            RAISE EXCEPTION 'showtime %''s sale would open at or after it closes (%)', r.id,
                to_char(coalesce(v_close, r.starts_at + make_interval(mins => v_late)) AT TIME ZONE 'UTC',
                        'YYYY-MM-DD"T"HH24:MI"Z"') USING ERRCODE = 'BO400';
        END IF;
        UPDATE showtime st SET sale_opens_at = v_opens, sale_closes_at = v_close WHERE st.id = r.id;
    END LOOP;
    RETURN QUERY SELECT st.id, st.starts_at, st.sale_opens_at, st.sale_closes_at FROM showtime st
                  WHERE st.id = ANY (p_showtimes) ORDER BY st.id;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_film_retire(p_id integer, p_retired boolean)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        RAISE EXCEPTION 'unknown film %', p_id USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-film', p_id);
    END IF;
    RETURN v_at;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_film_plays()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('film-retired', NEW.movie_id, v_title);
    END IF;
    RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_seats_fill(p_showtime integer)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.bo_showtime_relayout(p_showtime integer)
 RETURNS TABLE(showtime_id integer, old_version integer, version integer, seats integer, moved boolean, blocks_kept text[], blocks_dropped text[])
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
        RAISE EXCEPTION 'there is no showtime %', p_showtime USING ERRCODE = 'BO404',
            HINT = 'refusal: ' || json_build_array('no-such-showtime', p_showtime);
    END IF;
    IF v_row.status = 'CANCELLED' THEN
        RAISE EXCEPTION 'showtime % is cancelled', p_showtime USING ERRCODE = 'BO400',
            HINT = 'refusal: ' || json_build_array('showtime-cancelled', r.id);
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
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-keeps-sold-layout', p_showtime);
    END IF;
    SELECT count(*) INTO v_taken FROM showtime_seat ss
     WHERE ss.showtime_id = p_showtime AND ss.status IN ('HELD', 'RESERVED');
    IF v_taken > 0 THEN
        RAISE EXCEPTION 'showtime % has % seat(s) held: a sale is in progress', p_showtime, v_taken
            USING ERRCODE = 'BO412',
            HINT = 'refusal: ' || json_build_array('showtime-has-held-seats', p_showtime);
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
END $function$;
