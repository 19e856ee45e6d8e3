// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/halls/hallcatalog.h"

namespace bo {

class DbConnection;

/// The halls and their layout versions on PostgreSQL (migration 0019): reads are any login's,
/// imports go through bo_hall_import, a manager's.
class HallStore final : public HallCatalog
{
public:
    explicit HallStore(DbConnection& connection);

    [[nodiscard]] Result<QList<HallSummary>> halls() override;
    [[nodiscard]] Result<HallLayout> layout(const QString& hall) override;
    [[nodiscard]] Result<HallImport> store(const HallLayout& layout, bool replace) override;

private:
    DbConnection& m_connection;
};

} // namespace bo
