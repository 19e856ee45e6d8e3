// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include "model/reports/reportprinter.h"

class QPainter;

namespace bo {

/// A report on A4 as a manager files it (QPdfWriter and QPainter): on every page a header with
/// the cinema's name, the report, its period, who printed it and when, and "page n of N" at the
/// foot; each section a table with its figures right-aligned and its totals in bold; at the end
/// the audit log's head (position and hash), so that a later rewrite of the log is caught
/// against the paper, and lines to sign.
class ReportPdfWriter final : public ReportPrinter
{
    Q_DECLARE_TR_FUNCTIONS(bo::ReportPdfWriter)

public:
    ReportPdfWriter() = default;

    [[nodiscard]] Status writePdf(const ReportDocument& doc, const QString& path) override;

    /// The PDF's bytes (for tests and for writing aside before the rename).
    [[nodiscard]] static Result<QByteArray> render(const ReportDocument& doc);
};

} // namespace bo
