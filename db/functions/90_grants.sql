-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- Who may run which function and read which table: the one approved list. Applied last, after
-- every function file: first everything is taken back from PUBLIC and the application roles, then
-- given as listed here, so a grant that is not in this file does not survive a migrate, and a
-- function that is not listed is the owner's alone. tests/security/tst_grants.cpp compares every
-- application role's effective privileges with this file, line by line: keep one GRANT per
-- function (its whole signature) and one per table, as below.

DO $$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT p.oid::regprocedure AS name FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'bo\_%'
    LOOP
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, boxoffice_terminal, boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_service, boxoffice_web', r.name);
    END LOOP;
END $$;
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC, boxoffice_terminal, boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_service, boxoffice_web;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC, boxoffice_terminal, boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_service, boxoffice_web;
-- Each function with the kinds of terminal that may run it (docs/SECURITY.md): a kiosk sells to its
-- customers; a till also takes cash (bo_payment_create asks bo_terminal_kind()), runs its shift and
-- drawer, refunds and exchanges, and may admit (a small cinema's counter tears tickets too); a door
-- admits and does nothing else. boxoffice_terminal (the logins made before 0041)
-- holds nothing of its own: it is a member of boxoffice_till. The site's leads (the announcer's
-- publishing, the reconciler's and the sweep) are the payment service's alone (boxoffice-service runs
-- them): a lead a kiosk could take, it could sit on and freeze every seat map (docs/SECURITY.md,
-- finding 6). A manager may still sweep by hand (boxoffice-admin sweep), which frees only what has
-- lapsed. boxoffice_web, the online box office's one login for all its customers (migration 0049),
-- browses, holds, releases and extends its customers' holds and waits in the queue as a customer:
-- what a kiosk may before it takes money, and nothing else; it pays and confirms nothing yet.
GRANT EXECUTE ON FUNCTION bo_confirm(text, uuid, integer, uuid, integer[], text[], jsonb, uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_seat_map(integer, uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_sweep(integer) TO boxoffice_manager, boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_purge_keys(integer) TO boxoffice_manager, boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_hold(integer, integer[], uuid, integer, boolean) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_begin_payment(integer, integer[], uuid, text, integer, uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_extend_hold(integer, uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_release(integer, uuid, integer[], boolean) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_payment_create(uuid, uuid, integer, uuid, text, text, uuid, text, bigint, text, bigint, text) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_payment_advance(uuid, text, text, text, text, text) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_payment_note_unknown(uuid, text) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_payment_find(uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_service_pass(uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_payment_list(boolean, text, integer, integer) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_payment_try_lead() TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_payment_step_down() TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_ticket_keys() TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_list(text) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_checkin(integer, text, text, integer) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_checkin_undo(integer, text, integer) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_checkin_list(integer) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_checkin_expected(integer) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_publish_announcements() TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_announcer_try_lead() TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_announcer_step_down() TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_queue_join(integer, uuid, boolean) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_queue_heartbeat(uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_queue_leave(uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_queue_line(integer) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT EXECUTE ON FUNCTION bo_ticket_till_key_enrol(bytea, uuid, text) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_till_issue(text, smallint) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_till_sign(integer, text) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_help_call(text) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_help_answer(bigint, text) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_help_close(bigint) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_help_calls() TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_door_tickets(integer[]) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_door_checkin(uuid, integer, text, text, integer) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_door_sync(uuid, integer, text, text, integer, timestamp with time zone, text, timestamp with time zone) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_door_reports(integer) TO boxoffice_till, boxoffice_door, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_announcer_led() TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_payment_led() TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_staff_list() TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_staff_pin_attempt(integer, text, text, text, uuid) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_staff_pin_outcome(bigint) TO boxoffice_kiosk, boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_staff_unlock(integer, integer, text) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_till_lock(uuid) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_till_sign_out(uuid) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_till_staff(uuid) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_shift_open(uuid, text, bigint) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_drawer_move(uuid, text, bigint, text) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_shift_close(uuid, bigint, jsonb) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_shift_current(uuid) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_sales_lines(integer, timestamp with time zone, timestamp with time zone) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_refund_quote(text, text[], uuid) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_refund_begin(uuid, text, text[], text, text, uuid, integer, text) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_refund_finish(uuid, boolean, text, text, uuid) TO boxoffice_till, boxoffice_manager, boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_refund_list(text, text, boolean) TO boxoffice_till, boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_exchange(uuid, text, text[], integer, uuid, integer[], text[], text, text, uuid, integer) TO boxoffice_till, boxoffice_manager;

-- The payment service only (migration 0044): it redeems a terminal's pass and reads the card
-- refund it is asked to send; it records what the gateway answered through bo_payment_advance,
-- bo_payment_note_unknown and bo_refund_finish above, which let no other login write a card's
-- gateway states (bo_payment_may_write, and the card check in bo_refund_finish).
GRANT EXECUTE ON FUNCTION bo_service_pass_redeem(uuid, uuid) TO boxoffice_service;
GRANT EXECUTE ON FUNCTION bo_refund_find(uuid) TO boxoffice_service;

-- Managers only
GRANT EXECUTE ON FUNCTION bo_cancel_booking(text) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_key_add(bytea, bytea) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_key_retire(smallint) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_signing_key() TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_issue(text, boolean) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_sign(integer, smallint, text) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_queue_set_capacity(integer, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_key_list() TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_ticket_till_key_approve(smallint) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_hall_import(text, jsonb, boolean) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_add(text, text, text, timestamp with time zone, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_pattern(text, text, text, timestamp with time zone[], integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_cancel(integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_seat_block(integer, integer[], text) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_seat_unblock(integer, integer[]) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_film_add(text, text, integer, text, text, text, text, date, date, bytea, text) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_price_set(jsonb) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_prices_set(integer, jsonb) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_move(integer, text, timestamp with time zone) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_surcharges_set(integer, jsonb) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_film_update(integer, text, text, integer, text, text, text, date, date, bytea, text, boolean) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_sale_window(integer[], timestamp with time zone, timestamp with time zone, boolean, boolean) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_film_retire(integer, boolean) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_hall_seat_block(text, text[], text, boolean) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_hall_seat_unblock(text, text[]) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_relayout(integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_staff_add(text, text, text) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_staff_set_pin(integer, text) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_staff_disable(integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_audit_list(timestamp with time zone, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_audit_chain_rows(bigint, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_audit_head() TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_shifts(timestamp with time zone, timestamp with time zone) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_showtime_bookings(integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_report_sales(timestamp with time zone, timestamp with time zone, integer, integer, text) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_report_refunds(timestamp with time zone, timestamp with time zone, integer, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_report_occupancy(timestamp with time zone, timestamp with time zone, integer, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_report_drawer(timestamp with time zone, timestamp with time zone, integer, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_report_staff(timestamp with time zone, timestamp with time zone, integer, integer) TO boxoffice_manager;
GRANT EXECUTE ON FUNCTION bo_report_context() TO boxoffice_manager;

-- What the screens and the CLI read directly (kiosks and tills see bookings without their payment;
-- the website reads the kiosk's catalogue and, of the seats and the queue, the kiosk's columns)
GRANT SELECT ON auditorium TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON booking TO boxoffice_manager;
GRANT SELECT ON booking_seat TO boxoffice_manager;
GRANT SELECT ON hall_layout TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON hall_seat_block TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON movie TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON price_list TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON price_tier TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT (id, showtime_id, counter, state) ON queue_ticket TO boxoffice_kiosk, boxoffice_till, boxoffice_manager, boxoffice_web;
GRANT SELECT ON schema_migrations TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_service, boxoffice_web;
GRANT SELECT ON schema_functions TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_service, boxoffice_web;
GRANT SELECT ON seat TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON seat_block TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON settings TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_service, boxoffice_web;
GRANT SELECT ON showtime TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT ON showtime_price TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
GRANT SELECT (showtime_id, seat_id, status, held_until) ON showtime_seat TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_web;
GRANT SELECT ON showtime_seat TO boxoffice_manager;
GRANT SELECT ON showtime_surcharge TO boxoffice_kiosk, boxoffice_till, boxoffice_door, boxoffice_manager, boxoffice_web;
