// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/seats/owedreleases.h"

#include <spdlog/spdlog.h>

#include "model/core/result.h"

namespace bo {

void OwedReleases::sent(int requestId, const Release& release)
{
    m_sent.insert(requestId, release);
}

bool OwedReleases::answered(int requestId)
{
    return m_sent.remove(requestId) > 0;
}

bool OwedReleases::failed(int requestId, const Error& error)
{
    const auto owed = m_sent.constFind(requestId);
    if (owed == m_sent.cend())
        return false;
    if (error.code == ErrorCode::Offline)
        m_unsent.append(*owed);
    else
        spdlog::warn("sale {}: release after the sale failed: {}",
                     owed->token.toString(QUuid::WithoutBraces).toStdString(), error.detail.toStdString());
    m_sent.erase(owed);
    return true;
}

QList<OwedReleases::Release> OwedReleases::takeUnsent()
{
    return std::exchange(m_unsent, {});
}

} // namespace bo
