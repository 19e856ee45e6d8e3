// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
// Not compiled: the architecture test checks this file as if it lay in model/seats/ and must
// refuse it: the seats sit below the sale, so a seat header that knew the sale flow would close a
// cycle (the sale includes the seats).
#pragma once

#include "model/sale/saleflow.h"
