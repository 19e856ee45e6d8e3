// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <cstdio>
#include <memory>

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTextStream>

#include "app/admin/admincli.h"
#include "app/common/logging.h"
#include "boxoffice/version.h"

int main(int argc, char* argv[])
{
    // Drawing tickets (fonts, QPainter, QPdfWriter) needs Qt Gui; on a Linux server without a
    // display it draws offscreen. Windows' own platform plugin, the one the installer ships, needs
    // no display (there the offscreen plugin is not shipped: asking for it ended in Qt's "no
    // platform plugin" message box). A report drawn as a PDF needs the same. Every other command
    // stays a plain console program.
    bool drawsTickets = false;
    bool report = false;
    bool pdf = false;
    for (int i = 1; i < argc; ++i) {
        drawsTickets = drawsTickets || qstrcmp(argv[i], "ticket") == 0;
        report = report || qstrcmp(argv[i], "report") == 0;
        pdf = pdf || qstrcmp(argv[i], "--pdf") == 0 || qstrncmp(argv[i], "--pdf=", 6) == 0;
    }
    drawsTickets = drawsTickets || (report && pdf);
#ifndef Q_OS_WIN
    if (drawsTickets && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
#endif
    const std::unique_ptr<QCoreApplication> app = drawsTickets
                                                      ? std::make_unique<QGuiApplication>(argc, argv)
                                                      : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION BOXOFFICE_BUILD_NOTE));
    const QStringList args = QCoreApplication::arguments();
    bo::setupLogging(QStringLiteral("boxoffice-admin"), args.contains(QStringLiteral("--verbose")), true);
    QTextStream out(stdout);
    QTextStream err(stderr);
    return int(bo::runAdminCli(args, out, err));
}
