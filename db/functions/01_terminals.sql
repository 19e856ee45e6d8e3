-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Who is calling: the kind of terminal, read from the login's role (migration 0041), never from
-- a parameter the caller could fill in (docs/SECURITY.md). 'owner' is the cluster's superuser or
-- the owner role (migrations, set-up, the tests' own inspection); a login of none of our roles
-- gets NULL, which no check accepts.
CREATE OR REPLACE FUNCTION public.bo_terminal_kind()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    SELECT CASE WHEN (SELECT r.rolsuper FROM pg_roles r WHERE r.rolname = session_user) THEN 'owner'
                WHEN pg_has_role(session_user, 'boxoffice_owner', 'MEMBER') THEN 'owner'
                WHEN pg_has_role(session_user, 'boxoffice_manager', 'MEMBER') THEN 'manager'
                WHEN pg_has_role(session_user, 'boxoffice_till', 'MEMBER') THEN 'till'
                WHEN pg_has_role(session_user, 'boxoffice_kiosk', 'MEMBER') THEN 'kiosk'
                WHEN pg_has_role(session_user, 'boxoffice_door', 'MEMBER') THEN 'door' END
$function$;
