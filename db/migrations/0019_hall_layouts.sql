-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Halls and their seat layouts, in versions (issue 15; docs/FORMATS.md, docs/DECISIONS.md
-- "Hall layouts in versions").
--
-- * A hall (auditorium) has layout versions 1, 2, ...; auditorium.layout_id is the current one.
--   Every seat belongs to one version (seat.layout_id) and every showtime keeps the version it
--   was created with (showtime.layout_id): replacing a hall's layout adds a version and makes it
--   current, and the showtimes already on sale keep their seats untouched.
-- * Seat labels (row + number, as printed) are unique within a version, whatever the section.
-- * A version carries what a seat row cannot: where the screen is, the aisles (rectangles in
--   layout units) and the price zones (code and name); a seat names its zone by code.
-- * Code written before versions (the demo seed, tests, the benchmark) inserts auditoriums,
--   seats and showtimes without naming a version: a new auditorium gets an empty version 1, and
--   a seat or showtime without one gets its auditorium's current version (triggers below).
-- * Halls are imported or replaced only through bo_hall_import, which a manager login may call
--   and a terminal login may not (DESIGN.md section 7). The layout arrives as the JSON of
--   docs/FORMATS.md; the application validated it already (naming the lines of the file), the
--   constraints here are the last line of defence.

CREATE TABLE hall_layout (
    id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    auditorium_id integer NOT NULL REFERENCES auditorium (id) ON DELETE CASCADE,
    version       integer NOT NULL CHECK (version >= 1),
    screen_side   text NOT NULL DEFAULT 'top' CHECK (screen_side IN ('top', 'bottom')),
    -- The screen's left edge and width in layout units; NULL: centred over the seats, as wide.
    screen_x      real,
    screen_width  real CHECK (screen_width > 0),
    aisles        jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(aisles) = 'array'),
    zones         jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(zones) = 'array'),
    created_at    timestamptz NOT NULL DEFAULT now(),
    created_by    text NOT NULL DEFAULT session_user,
    CHECK ((screen_x IS NULL) = (screen_width IS NULL)),
    UNIQUE (auditorium_id, version),
    UNIQUE (id, auditorium_id)
);

ALTER TABLE auditorium ADD COLUMN layout_id integer;
ALTER TABLE seat ADD COLUMN layout_id integer,
                 ADD COLUMN section text NOT NULL DEFAULT '' CHECK (length(section) <= 40),
                 ADD COLUMN zone text CHECK (zone ~ '^[A-Za-z0-9_-]{1,32}$');
ALTER TABLE showtime ADD COLUMN layout_id integer;

-- Every hall that exists gets its seats as version 1.
INSERT INTO hall_layout (auditorium_id, version, screen_side, created_by)
SELECT a.id, 1, a.screen_side, 'migration 0019' FROM auditorium a;
UPDATE auditorium a SET layout_id = l.id FROM hall_layout l WHERE l.auditorium_id = a.id;
UPDATE seat s SET layout_id = a.layout_id FROM auditorium a WHERE a.id = s.auditorium_id;
UPDATE showtime st SET layout_id = a.layout_id FROM auditorium a WHERE a.id = st.auditorium_id;

ALTER TABLE seat ALTER COLUMN layout_id SET NOT NULL;
ALTER TABLE showtime ALTER COLUMN layout_id SET NOT NULL;
-- A seat's and a showtime's version is one of their own hall's.
ALTER TABLE seat ADD FOREIGN KEY (layout_id, auditorium_id) REFERENCES hall_layout (id, auditorium_id);
ALTER TABLE showtime ADD FOREIGN KEY (layout_id, auditorium_id) REFERENCES hall_layout (id, auditorium_id);
ALTER TABLE auditorium ADD FOREIGN KEY (layout_id, id) REFERENCES hall_layout (id, auditorium_id)
    DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE seat DROP CONSTRAINT seat_auditorium_id_row_label_number_key;
ALTER TABLE seat ADD UNIQUE (layout_id, row_label, number);
CREATE INDEX seat_layout_idx ON seat (layout_id);
CREATE INDEX showtime_layout_idx ON showtime (layout_id);

-- The version a seat or showtime without one belongs to: its hall's current one, else its newest,
-- else a new empty version 1. Its hall may have been inserted by the same statement (a CTE: the
-- auditorium's own trigger below has not run yet), so this may make version 1 itself; the rows
-- a statement inserted before are visible here, the next seat finds it.
CREATE FUNCTION bo_hall_layout_for(p_hall integer) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_layout integer;
BEGIN
    SELECT a.layout_id INTO v_layout FROM auditorium a WHERE a.id = p_hall;
    IF v_layout IS NULL THEN
        SELECT l.id INTO v_layout FROM hall_layout l WHERE l.auditorium_id = p_hall
         ORDER BY l.version DESC LIMIT 1;
    END IF;
    IF v_layout IS NULL THEN
        INSERT INTO hall_layout (auditorium_id, version) VALUES (p_hall, 1)
        ON CONFLICT (auditorium_id, version) DO NOTHING RETURNING id INTO v_layout;
        IF v_layout IS NULL THEN
            SELECT l.id INTO v_layout FROM hall_layout l WHERE l.auditorium_id = p_hall AND l.version = 1;
        END IF;
    END IF;
    RETURN v_layout;
END $$;

-- A new auditorium gets an empty version 1 (bo_hall_import fills it; older code adds seats).
CREATE FUNCTION bo_hall_first_layout() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF NEW.layout_id IS NULL THEN
        UPDATE auditorium a SET layout_id = bo_hall_layout_for(NEW.id)
         WHERE a.id = NEW.id AND a.layout_id IS NULL;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER auditorium_first_layout AFTER INSERT ON auditorium
    FOR EACH ROW EXECUTE FUNCTION bo_hall_first_layout();

-- A seat or showtime inserted without a version gets its hall's current one.
CREATE FUNCTION bo_hall_current_layout() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF NEW.layout_id IS NULL THEN
        NEW.layout_id := bo_hall_layout_for(NEW.auditorium_id);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER seat_current_layout BEFORE INSERT ON seat
    FOR EACH ROW EXECUTE FUNCTION bo_hall_current_layout();
CREATE TRIGGER showtime_current_layout BEFORE INSERT ON showtime
    FOR EACH ROW EXECUTE FUNCTION bo_hall_current_layout();

-- A showtime's seats are those of its version, not every seat its hall ever had (0001 took all).
CREATE OR REPLACE FUNCTION bo_showtime_seats_create() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    INSERT INTO showtime_seat (showtime_id, seat_id, status)
    SELECT NEW.id, s.id, CASE WHEN s.out_of_service THEN 'BLOCKED' ELSE 'FREE' END
      FROM seat s WHERE s.layout_id = NEW.layout_id;
    RETURN NEW;
END $$;

-- Imports a hall's layout (the JSON of docs/FORMATS.md): a new hall named p_name with it as
-- version 1, or, with p_replace, a new version of the existing hall that becomes current
-- (showtimes keep theirs). Without p_replace an existing name is a conflict (BO412); with it a
-- missing one is created. All or nothing: one statement in one transaction.
CREATE FUNCTION bo_hall_import(p_name text, p_layout jsonb, p_replace boolean)
RETURNS TABLE (hall_id integer, layout_id integer, version integer, seats integer, created boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_hall    integer;
    v_layout  integer;
    v_version integer;
    v_created boolean := false;
    v_seats   integer;
    v_screen  jsonb := coalesce(p_layout -> 'screen', '{}');
BEGIN
    IF p_name IS NULL OR length(btrim(p_name)) NOT BETWEEN 1 AND 80 OR p_name <> btrim(p_name) THEN
        RAISE EXCEPTION 'a hall''s name is 1 to 80 characters without spaces around it' USING ERRCODE = 'BO400';
    END IF;
    IF p_layout IS NULL OR jsonb_typeof(p_layout -> 'seats') IS DISTINCT FROM 'array'
       OR jsonb_array_length(p_layout -> 'seats') = 0 THEN
        RAISE EXCEPTION 'a hall''s layout needs at least one seat' USING ERRCODE = 'BO400';
    END IF;
    IF jsonb_typeof(coalesce(p_layout -> 'aisles', '[]')) <> 'array'
       OR jsonb_typeof(coalesce(p_layout -> 'zones', '[]')) <> 'array' THEN
        RAISE EXCEPTION 'a layout''s aisles and zones are arrays' USING ERRCODE = 'BO400';
    END IF;

    -- Two imports of one hall at once: the second waits here, then adds the next version.
    SELECT a.id INTO v_hall FROM auditorium a WHERE a.name = p_name FOR UPDATE;
    IF FOUND AND NOT p_replace THEN
        RAISE EXCEPTION 'hall "%" exists already (replace its layout to change it)', p_name USING ERRCODE = 'BO412';
    END IF;
    IF NOT FOUND THEN
        -- A concurrent creator of the same name makes this a unique violation (a conflict).
        INSERT INTO auditorium (name, screen_side)
        VALUES (p_name, coalesce(v_screen ->> 'side', 'top')) RETURNING id INTO v_hall;
        SELECT a.layout_id INTO v_layout FROM auditorium a WHERE a.id = v_hall;
        v_version := 1;
        v_created := true;
        UPDATE hall_layout l
           SET screen_side = coalesce(v_screen ->> 'side', 'top'),
               screen_x = (v_screen ->> 'x')::real, screen_width = (v_screen ->> 'width')::real,
               aisles = coalesce(p_layout -> 'aisles', '[]'), zones = coalesce(p_layout -> 'zones', '[]')
         WHERE l.id = v_layout;
    ELSE
        SELECT max(l.version) + 1 INTO v_version FROM hall_layout l WHERE l.auditorium_id = v_hall;
        INSERT INTO hall_layout (auditorium_id, version, screen_side, screen_x, screen_width, aisles, zones)
        VALUES (v_hall, v_version, coalesce(v_screen ->> 'side', 'top'), (v_screen ->> 'x')::real,
                (v_screen ->> 'width')::real, coalesce(p_layout -> 'aisles', '[]'),
                coalesce(p_layout -> 'zones', '[]'))
        RETURNING id INTO v_layout;
        UPDATE auditorium a SET layout_id = v_layout, screen_side = coalesce(v_screen ->> 'side', 'top')
         WHERE a.id = v_hall;
    END IF;

    INSERT INTO seat (auditorium_id, layout_id, section, row_label, number, kind, x, y, zone, out_of_service)
    SELECT v_hall, v_layout, coalesce(e ->> 'section', ''), e ->> 'row', (e ->> 'seat')::integer,
           coalesce(e ->> 'kind', 'standard'), (e ->> 'x')::real, (e ->> 'y')::real, e ->> 'zone',
           coalesce((e ->> 'out_of_service')::boolean, false)
      FROM jsonb_array_elements(p_layout -> 'seats') e;
    GET DIAGNOSTICS v_seats = ROW_COUNT;

    -- A seat's zone is one the layout declares.
    IF EXISTS (SELECT 1 FROM seat s WHERE s.layout_id = v_layout AND s.zone IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(p_layout -> 'zones', '[]')) z
                                   WHERE z ->> 'code' = s.zone)) THEN
        RAISE EXCEPTION 'a seat names a zone the layout does not declare' USING ERRCODE = 'BO400';
    END IF;

    RETURN QUERY SELECT v_hall, v_layout, v_version, v_seats, v_created;
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
               AND p.proname IN ('bo_hall_layout_for', 'bo_hall_first_layout', 'bo_hall_current_layout',
                                 'bo_showtime_seats_create', 'bo_hall_import')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE ALL ON hall_layout FROM PUBLIC;
GRANT SELECT ON hall_layout TO boxoffice_terminal, boxoffice_manager;
REVOKE EXECUTE ON FUNCTION bo_hall_layout_for(integer), bo_hall_first_layout(), bo_hall_current_layout(), bo_showtime_seats_create(),
    bo_hall_import(text, jsonb, boolean) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call this.
GRANT EXECUTE ON FUNCTION bo_hall_import(text, jsonb, boolean) TO boxoffice_manager;
