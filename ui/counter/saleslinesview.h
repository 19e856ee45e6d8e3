// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QTableWidget>

#include "model/till/tillshifts.h"

namespace bo {

/// The X or Z report's lines as a table: a title row per section (sales by method, by ticket
/// type, refunds, voids, net, the drawer), then its lines with counts and amounts.
class SalesLinesView final : public QTableWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SalesLinesView)

public:
    explicit SalesLinesView(QWidget* parent = nullptr);

    void setLines(const QList<SalesLine>& lines, const QString& currency);
    /// The amount shown for section.key (tests); empty when there is none.
    [[nodiscard]] QString amountOf(const QString& section, const QString& key) const;
};

} // namespace bo
