// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/clustercpu.h"

#include <QDir>
#include <QFile>

#ifdef Q_OS_LINUX
#include <unistd.h>
#endif

namespace bo::bench {
namespace {

/// The fields of /proc/PID/stat after the command name: [0] state, [1] ppid, ... [11] utime,
/// [12] stime, [13] cutime, [14] cstime (proc(5), fields 3 onwards).
QList<QByteArray> statFields(const QString& pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return {};
    return line.mid(close + 2).simplified().split(' ');
}

} // namespace

std::optional<double> clusterCpuSeconds(const QString& dataDir)
{
#ifdef Q_OS_LINUX
    QFile pidFile(QDir(dataDir).filePath(QStringLiteral("postmaster.pid")));
    if (!pidFile.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QString postmaster = QString::fromLatin1(pidFile.readLine().trimmed());
    const QList<QByteArray> own = statFields(postmaster);
    if (own.size() < 15)
        return std::nullopt;
    const double ticks = double(sysconf(_SC_CLK_TCK));
    double total = 0;
    for (int i = 11; i <= 14; ++i)
        total += own.at(i).toDouble();
    const QStringList processes = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& pid : processes) {
        if (pid.isEmpty() || !pid.at(0).isDigit())
            continue;
        const QList<QByteArray> f = statFields(pid);
        if (f.size() >= 13 && QString::fromLatin1(f.at(1)) == postmaster)
            total += f.at(11).toDouble() + f.at(12).toDouble();
    }
    return total / ticks;
#else
    Q_UNUSED(dataDir);
    return std::nullopt;
#endif
}

} // namespace bo::bench
