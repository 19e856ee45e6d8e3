// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QList>
#include <QUuid>

namespace bo {

struct Error;

/// The releases of ended sales, owed until the database answers them: one that fails offline is
/// kept and sent again after the reconnect, so no sale's holds outlive it by more than their
/// deadline.
class OwedReleases final
{
public:
    struct Release
    {
        int showtimeId = 0;
        QUuid token;
    };

    /// `requestId` carries `release`.
    void sent(int requestId, const Release& release);
    /// True when `requestId` was an owed release: answered, it is owed no more.
    bool answered(int requestId);
    /// True when `requestId` was an owed release. Offline, it is kept to be sent again.
    bool failed(int requestId, const Error& error);
    /// The releases to send again (after a reconnect), forgotten here.
    [[nodiscard]] QList<Release> takeUnsent();
    [[nodiscard]] int count() const { return int(m_sent.size() + m_unsent.size()); }

private:
    QHash<int, Release> m_sent;
    QList<Release> m_unsent;
};

} // namespace bo
