-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Who is calling: the kind of terminal, read from the login's role (migration 0041), never from
-- a parameter the caller could fill in (docs/SECURITY.md). 'owner' is the cluster's superuser or
-- the owner role (migrations, set-up, the tests' own inspection); a login of none of our roles
-- gets NULL, which no check accepts. 'web' is the online box office's one login for all its
-- customers (migration 0049), asked before the other kinds: a login that is also in some other
-- role is still treated as the website, whose every check is the narrowest.
CREATE OR REPLACE FUNCTION public.bo_terminal_kind()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT CASE WHEN (SELECT r.rolsuper FROM pg_roles r WHERE r.rolname = session_user) THEN 'owner'
                WHEN pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN 'owner'
                WHEN pg_has_role(session_user, 'boxoffice_web', 'MEMBER') THEN 'web'
                WHEN pg_has_role(session_user, 'boxoffice_manager', 'MEMBER') THEN 'manager'
                WHEN pg_has_role(session_user, 'boxoffice_service', 'MEMBER') THEN 'service'
                WHEN pg_has_role(session_user, 'boxoffice_till', 'MEMBER') THEN 'till'
                WHEN pg_has_role(session_user, 'boxoffice_kiosk', 'MEMBER') THEN 'kiosk'
                WHEN pg_has_role(session_user, 'boxoffice_door', 'MEMBER') THEN 'door' END
$function$;

-- Which terminal is calling: a till's id belongs to the login that first used it (migration
-- 0043). bo_terminal_claim enrols an id not seen before to the caller's login and refuses one
-- enrolled to another login; every function that acts for a till (a sale's record of where it was
-- made, a sign-in, a shift, the drawer, a refund) claims the id it is given. bo_terminal_mine
-- answers, for reads, whether the id is the caller's (false when nobody has enrolled it) and
-- refuses one of another login. Neither is granted to any application role.
CREATE OR REPLACE FUNCTION public.bo_terminal_mine(p_terminal_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
DECLARE
    v_login text;
BEGIN
    IF p_terminal_id IS NULL THEN
        RAISE EXCEPTION 'the terminal''s id is missing' USING ERRCODE = 'BO400';
    END IF;
    SELECT e.login INTO v_login FROM terminal_enrolment e WHERE e.terminal_id = p_terminal_id;
    IF v_login IS NULL THEN
        RETURN false;
    END IF;
    IF v_login <> session_user THEN
        RAISE EXCEPTION 'terminal % belongs to another login: a terminal acts only for itself', p_terminal_id
            USING ERRCODE = '42501',
            HINT = 'refusal: ' || json_build_array('terminal-of-another-login', p_terminal_id);
    END IF;
    RETURN true;
END $function$;

CREATE OR REPLACE FUNCTION public.bo_terminal_claim(p_terminal_id uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
BEGIN
    IF p_terminal_id IS NULL THEN
        RAISE EXCEPTION 'the terminal''s id is missing' USING ERRCODE = 'BO400';
    END IF;
    INSERT INTO terminal_enrolment (terminal_id, login) VALUES (p_terminal_id, session_user)
    ON CONFLICT (terminal_id) DO NOTHING;
    PERFORM bo_terminal_mine(p_terminal_id);
    RETURN p_terminal_id;
END $function$;
