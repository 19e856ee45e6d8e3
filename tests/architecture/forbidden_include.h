// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
// Not compiled: the architecture tests check this file as if it lay in model/ or in ui/common/
// and must refuse it.
#pragma once

#include <QWidget>

#include "db/dbconnection.h"
