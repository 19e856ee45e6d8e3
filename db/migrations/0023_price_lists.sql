-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Price lists as a manager sets them (issue 15, part 4; docs/DECISIONS.md "Prices", the file
-- format in docs/FORMATS.md "Price lists").
--
-- * A list is set from its card: the ticket types with their base prices, and the rules the model
--   resolves a seat's price by (model/pricecard.h, PriceResolver). The card is kept whole (card);
--   its ticket types become the list's price tiers, which the sale prices by (0011's bo_confirm).
-- * Setting a list that exists makes a new version of it: the old one is retired (retired_at) and
--   keeps its tiers, so a showtime on sale keeps the prices it was sold at and a sale in flight is
--   confirmed at the price its customer was shown and paid. New showtimes naming the list get the
--   current version. Setting the same card again stores nothing.
-- * Price lists are set only through bo_price_set, a manager's (DESIGN.md section 7); every login
--   may read them.

ALTER TABLE price_list
    ADD COLUMN version    integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    ADD COLUMN card       jsonb CHECK (card IS NULL OR jsonb_typeof(card) = 'object'),
    ADD COLUMN retired_at timestamptz,
    ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN created_by text NOT NULL DEFAULT session_user;
ALTER TABLE price_list DROP CONSTRAINT price_list_name_key;
ALTER TABLE price_list ADD CONSTRAINT price_list_name_version_key UNIQUE (name, version);
-- One current version of a name.
CREATE UNIQUE INDEX price_list_current_name_idx ON price_list (name) WHERE retired_at IS NULL;

CREATE OR REPLACE FUNCTION bo_catalogue_id(p_kind text, p_name text) RETURNS integer
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
        -- A name is its current version; a number any version.
        SELECT p.id INTO v_id FROM price_list p
         WHERE (p.name = p_name AND p.retired_at IS NULL) OR p.id = v_number
         ORDER BY (p.name = p_name AND p.retired_at IS NULL) DESC LIMIT 1;
    END IF;
    IF v_id IS NULL THEN
        RAISE EXCEPTION 'there is no % "%"', p_kind, p_name USING ERRCODE = 'BO404';
    END IF;
    RETURN v_id;
END $$;

-- Sets the list named in p_card (name, currency, ticket_types[code, name, amount_minor] and the
-- rules, which the application has checked): a new list, or a new version of the current one.
-- BO400 for a card the constraints refuse.
CREATE FUNCTION bo_price_set(p_card jsonb)
RETURNS TABLE (price_list_id integer, version integer, created boolean, unchanged boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

-- As 0006 does for every function: the announcement flag off on entry where this migration may
-- pin it (CREATE OR REPLACE dropped bo_catalogue_id's).
DO $$
DECLARE
    r record;
BEGIN
    IF has_parameter_privilege(current_user, 'bo.announced', 'SET')
       OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOR r IN
            SELECT p.oid::regprocedure AS name FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
               AND p.proname IN ('bo_price_set', 'bo_catalogue_id')
        LOOP
            EXECUTE format('ALTER FUNCTION %s SET bo.announced = %L', r.name, '');
        END LOOP;
    END IF;
END $$;

REVOKE EXECUTE ON FUNCTION bo_price_set(jsonb) FROM PUBLIC;
-- Catalogue writes are a manager's: a terminal login cannot call this.
GRANT EXECUTE ON FUNCTION bo_price_set(jsonb) TO boxoffice_manager;
