// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <cstdio>

#include <QCoreApplication>
#include <QTextStream>

#include "app/admin/admincli.h"
#include "app/common/logging.h"
#include "boxoffice/version.h"

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION BOXOFFICE_BUILD_NOTE));
    const QStringList args = QCoreApplication::arguments();
    bo::setupLogging(QStringLiteral("boxoffice-admin"), args.contains(QStringLiteral("--verbose")), true);
    QTextStream out(stdout);
    QTextStream err(stderr);
    return int(bo::runAdminCli(args, out, err));
}
