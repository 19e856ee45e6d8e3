-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- The demo cinema: three auditoriums, five films, two price lists. Showtimes are added by
-- CatalogStore::seedDemo for the terminal's local days. Does nothing when the cinema exists.
DO $$
DECLARE
    h1 integer;
    h2 integer;
    h3 integer;
    pl integer;
BEGIN
    IF EXISTS (SELECT 1 FROM auditorium WHERE name = 'Hall 1') THEN
        RETURN;
    END IF;

    -- Hall 1: 15 rows of 22 with two aisles and a cross aisle after row E, wheelchair spaces and
    -- companion seats in row A, premium block in rows G-J, ten couple seats in row P (350 seats).
    INSERT INTO auditorium (name) VALUES ('Hall 1') RETURNING id INTO h1;
    INSERT INTO seat (auditorium_id, row_label, number, kind, x, y)
    SELECT h1, chr(64 + r), n,
           CASE WHEN r = 1 AND n IN (1, 2, 21, 22) THEN 'wheelchair'
                WHEN r = 1 AND n IN (3, 4, 19, 20) THEN 'companion'
                WHEN r BETWEEN 7 AND 10 AND n BETWEEN 5 AND 18 THEN 'premium'
                ELSE 'standard' END,
           (n - 1) + CASE WHEN n > 4 THEN 1 ELSE 0 END + CASE WHEN n > 18 THEN 1 ELSE 0 END,
           (r - 1) * 1.2 + CASE WHEN r > 5 THEN 1 ELSE 0 END
      FROM generate_series(1, 15) r, generate_series(1, 22) n;
    INSERT INTO seat (auditorium_id, row_label, number, kind, x, y)
    SELECT h1, 'P', n, 'couple', 0.6 + (n - 1) + ((n - 1) / 2) * 0.3, 15 * 1.2 + 1.4
      FROM generate_series(1, 20) n;

    -- Hall 2: 10 rows of 16 with a centre aisle; a wheelchair space and companion seat in row A;
    -- one broken seat out of service (160 seats).
    INSERT INTO auditorium (name) VALUES ('Hall 2') RETURNING id INTO h2;
    INSERT INTO seat (auditorium_id, row_label, number, kind, x, y, out_of_service)
    SELECT h2, chr(64 + r), n,
           CASE WHEN r = 1 AND n = 1 THEN 'wheelchair' WHEN r = 1 AND n = 2 THEN 'companion' ELSE 'standard' END,
           (n - 1) + CASE WHEN n > 8 THEN 1.5 ELSE 0 END,
           (r - 1) * 1.2,
           r = 10 AND n = 8
      FROM generate_series(1, 10) r, generate_series(1, 16) n;

    -- Hall 3: a premium room of 5 rows of 10 and five couple seats at the back (60 seats).
    INSERT INTO auditorium (name) VALUES ('Hall 3 Premium') RETURNING id INTO h3;
    INSERT INTO seat (auditorium_id, row_label, number, kind, x, y)
    SELECT h3, chr(64 + r), n, 'premium', (n - 1) * 1.3 + CASE WHEN n > 5 THEN 1 ELSE 0 END, (r - 1) * 1.5
      FROM generate_series(1, 5) r, generate_series(1, 10) n;
    INSERT INTO seat (auditorium_id, row_label, number, kind, x, y)
    SELECT h3, 'F', n, 'couple', 0.4 + (n - 1) * 1.3 + ((n - 1) / 2) * 0.3, 5 * 1.5 + 0.5
      FROM generate_series(1, 10) n;

    INSERT INTO movie (title, runtime_min, rating) VALUES
        ('The Last Lighthouse', 118, '12'),
        ('Paper Tigers', 95, 'ALL'),
        ('Midnight Ferry', 132, '15'),
        ('Orbit of Seoul', 124, '12'),
        ('Little Fox Adventures', 88, 'ALL');

    INSERT INTO price_list (name) VALUES ('Standard') RETURNING id INTO pl;
    INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency, sort_order) VALUES
        (pl, 'adult', 'Adult', 14000, 'KRW', 1),
        (pl, 'teen', 'Teen', 11000, 'KRW', 2),
        (pl, 'child', 'Child', 9000, 'KRW', 3),
        (pl, 'senior', 'Senior', 7000, 'KRW', 4);
    INSERT INTO price_list (name) VALUES ('Premium') RETURNING id INTO pl;
    INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency, sort_order) VALUES
        (pl, 'adult', 'Adult', 22000, 'KRW', 1),
        (pl, 'teen', 'Teen', 19000, 'KRW', 2),
        (pl, 'child', 'Child', 16000, 'KRW', 3),
        (pl, 'senior', 'Senior', 15000, 'KRW', 4);
END $$;
