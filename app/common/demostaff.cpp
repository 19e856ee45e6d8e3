// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/demostaff.h"

#include <QHash>

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
    QHash<QString, StaffMember> names;
    for (const StaffMember& m : existing.value())
        if (m.active)
            names.insert(m.name.toLower(), m);
    int added = 0;
    for (const DemoMember& m : members) {
        // A second demo start keeps the members (and whatever PIN they were given since); one whose
        // PIN the upgrade to server-checked PINs cleared (migration 0040) gets the README's again.
        if (auto known = names.constFind(m.name.toLower()); known != names.cend()) {
            if (!known->hasPin) {
                if (Status s = store.setPin(known->id, m.pin); !s)
                    return s.error();
            }
            continue;
        }
        auto id = store.addStaff(m.name, m.role, m.pin);
        if (!id)
            return id.error();
        ++added;
    }
    return added;
}

} // namespace bo
