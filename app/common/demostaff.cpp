// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/demostaff.h"

#include <QSet>

#include "app/common/staffpin.h"
#include "db/staffstore.h"

namespace bo {

Result<int> seedDemoStaff(DbConnection& connection)
{
    struct DemoMember
    {
        QString name;
        StaffRole role;
        QString pin;
    };
    const QList<DemoMember> members = {
        {QStringLiteral("Demo Cashier"), StaffRole::Cashier, QStringLiteral("1111")},
        {QStringLiteral("Demo Supervisor"), StaffRole::Supervisor, QStringLiteral("2222")},
        {QStringLiteral("Demo Manager"), StaffRole::Manager, QStringLiteral("3333")},
    };
    StaffStore store(connection);
    auto existing = store.staff();
    if (!existing)
        return existing.error();
    QSet<QString> names;
    for (const StaffMember& m : existing.value())
        if (m.active)
            names.insert(m.name.toLower());
    const Argon2PinHasher hasher;
    int added = 0;
    for (const DemoMember& m : members) {
        // A second demo start keeps the members (and whatever PIN they were given since).
        if (names.contains(m.name.toLower()))
            continue;
        auto hashed = hasher.hash(m.pin);
        if (!hashed)
            return hashed.error();
        auto id = store.addStaff(m.name, m.role, hashed.value());
        if (!id)
            return id.error();
        ++added;
    }
    return added;
}

} // namespace bo
