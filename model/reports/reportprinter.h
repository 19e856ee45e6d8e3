// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "model/core/result.h"
#include "model/reports/reportdocument.h"

namespace bo {

/// Writes a report as a printable PDF (an adapter with Qt Gui implements it: app/adapters/reports). The
/// file appears whole or not at all: written aside and renamed when complete.
class ReportPrinter
{
public:
    ReportPrinter() = default;
    virtual ~ReportPrinter() = default;
    ReportPrinter(const ReportPrinter&) = delete;
    ReportPrinter& operator=(const ReportPrinter&) = delete;

    /// BadInput when the file cannot be written there.
    [[nodiscard]] virtual Status writePdf(const ReportDocument& doc, const QString& path) = 0;
};

} // namespace bo
