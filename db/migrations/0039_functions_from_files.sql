-- SPDX-License-Identifier: GPL-3.0-or-later
-- SPDX-FileCopyrightText: Box office developers
--
-- From this version on the migrations hold the schema only: every function's one current body
-- is in db/functions/ (a file per area) and who may run it in db/functions/90_grants.sql. The
-- migrator applies those files after the migrations, in one transaction, whenever they differ
-- from what the database has; this table remembers which set that is (the checksum of the files,
-- db/migrator.cpp). Before this, bo_hold was written out whole nine times across the migrations
-- and a re-creation could silently undo a rule of an earlier one.
CREATE TABLE schema_functions (
    one        boolean PRIMARY KEY DEFAULT true CHECK (one),
    checksum   text NOT NULL CHECK (checksum ~ '^[0-9a-f]{64}$'),
    applied_at timestamptz NOT NULL DEFAULT now()
);
