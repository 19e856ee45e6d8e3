// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/clusterbenchoptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace bo::bench {

int parseClusterOptions(const QCommandLineParser& parser, const QString& benchmark, SeatBenchOptions& seats,
                        ClusterBenchOptions& cluster, QTextStream& err)
{
    auto bad = [&err](const QString& option, const QString& value, const QString& expected) {
        err << "boxoffice-bench: --" << option << " '" << value << "' is not " << expected << '\n';
        return 2;
    };
    const bool wanted = parser.isSet(QStringLiteral("cluster"));
    for (const QString& option :
         {QStringLiteral("cluster-port"), QStringLiteral("rounds"), QStringLiteral("cluster-commit")}) {
        if (parser.isSet(option) && !wanted) {
            err << "boxoffice-bench: --" << option << " goes with seats --cluster\n";
            return 2;
        }
    }
    if (!wanted)
        return 0;
    if (benchmark != QLatin1String("seats")) {
        err << "boxoffice-bench: --cluster goes with seats, not " << benchmark << '\n';
        return 2;
    }
    bool ok = true;
    if (parser.isSet(QStringLiteral("cluster-port"))) {
        // Every port of the cluster (base .. base+201) at most 32000, below the kernel's
        // ephemeral ports (cluster.sh checks the machine's own range again).
        cluster.portBase = parser.value(QStringLiteral("cluster-port")).toInt(&ok);
        if (!ok || cluster.portBase < 20000 || cluster.portBase > 31799)
            return bad(QStringLiteral("cluster-port"), parser.value(QStringLiteral("cluster-port")),
                       QStringLiteral("a port base from 20000 to 31799"));
    }
    if (parser.isSet(QStringLiteral("rounds"))) {
        cluster.rounds = parser.value(QStringLiteral("rounds")).toInt(&ok);
        if (!ok || cluster.rounds < 1 || cluster.rounds > 10)
            return bad(QStringLiteral("rounds"), parser.value(QStringLiteral("rounds")),
                       QStringLiteral("a number of rounds from 1 to 10"));
    }
    if (parser.isSet(QStringLiteral("cluster-commit"))) {
        cluster.synchronousCommit = parser.value(QStringLiteral("cluster-commit"));
        if (!QStringList{QStringLiteral("on"), QStringLiteral("remote_write"), QStringLiteral("local"),
                         QStringLiteral("off")}
                 .contains(cluster.synchronousCommit))
            return bad(QStringLiteral("cluster-commit"), cluster.synchronousCommit,
                       QStringLiteral("on, remote_write, local or off"));
    }
    cluster.script =
        qEnvironmentVariable("BOXOFFICE_CLUSTER_SCRIPT", QStringLiteral(BOXOFFICE_CLUSTER_SCRIPT));
    if (!QFileInfo(cluster.script).isFile()) {
        err << "boxoffice-bench: no packaging/cluster.sh at " << cluster.script
            << " (name it with BOXOFFICE_CLUSTER_SCRIPT)\n";
        return 2;
    }
    const QString admin =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("boxoffice-admin"));
    if (QFileInfo(admin).isExecutable())
        cluster.admin = admin;
    if (!parser.isSet(QStringLiteral("clients")))
        seats.clients = {8, 32};
    if (!parser.isSet(QStringLiteral("k")))
        seats.seatsPerRequest = {1};
    if (!parser.isSet(QStringLiteral("choice")))
        seats.choices = {QStringLiteral("uniform")};
    return 0;
}

} // namespace bo::bench
