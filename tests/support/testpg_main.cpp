// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The CTest fixture: `boxoffice-testpg start POINTER_FILE` creates a private PostgreSQL in a new
// temporary folder and writes that folder's path to POINTER_FILE; `stop POINTER_FILE` stops the
// server and removes the folder.
#include <cstdio>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "db/privatepostgres.h"

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 3 || (args.at(1) != QLatin1String("start") && args.at(1) != QLatin1String("stop"))) {
        std::fprintf(stderr, "usage: boxoffice-testpg start|stop POINTER_FILE\n");
        return 2;
    }
    const QString& pointer = args.at(2);
    if (args.at(1) == QLatin1String("start")) {
        QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/boxoffice-testpg-XXXXXX"));
        dir.setAutoRemove(false);
        if (!dir.isValid()) {
            std::fprintf(stderr, "cannot create a temporary folder\n");
            return 1;
        }
        bo::ClusterOptions options;
        options.durable = false;
        options.maxConnections = 200;
        auto server = bo::PrivatePostgres::ensureRunning(dir.path(), options);
        if (!server) {
            std::fprintf(stderr, "the test PostgreSQL did not start: %s\n%s\n",
                         qPrintable(server.error().message), qPrintable(server.error().detail));
            QDir(dir.path()).removeRecursively();
            return 1;
        }
        QFile f(pointer);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(pointer));
            return 1;
        }
        f.write(dir.path().toUtf8());
        std::printf("test PostgreSQL running: %s (%s)\n", qPrintable(server.value().describe()),
                    qPrintable(dir.path()));
        return 0;
    }
    QFile f(pointer);
    if (!f.open(QIODevice::ReadOnly)) {
        std::printf("no test PostgreSQL to stop\n");
        return 0;
    }
    const QString folder = QString::fromUtf8(f.readAll()).trimmed();
    f.close();
    QFile::remove(pointer);
    const bo::Status stopped = bo::PrivatePostgres::stop(folder);
    QDir(folder).removeRecursively();
    if (!stopped) {
        std::fprintf(stderr, "%s\n%s\n", qPrintable(stopped.error().message),
                     qPrintable(stopped.error().detail));
        return 1;
    }
    std::printf("test PostgreSQL stopped and removed\n");
    return 0;
}
