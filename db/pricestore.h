// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/pricing/pricecard.h"

namespace bo {

class DbConnection;

/// The price lists on PostgreSQL (migration 0023): set through bo_price_set, a manager's; read
/// from price_list and price_tier by any login.
class PriceStore final : public PriceCatalog
{
public:
    explicit PriceStore(DbConnection& connection);

    [[nodiscard]] Result<QList<PriceListSummary>> lists() override;
    [[nodiscard]] Result<PriceSetResult> store(const PriceCard& card) override;

private:
    DbConnection& m_connection;
};

} // namespace bo
