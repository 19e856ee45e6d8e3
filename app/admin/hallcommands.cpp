// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/hallcommands.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QSaveFile>

#include "db/hallstore.h"

namespace bo {
HallCommands::HallCommands(CliSession& session)
    : m_session(session)
{}

ExitCode HallCommands::halls()
{
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    HallStore store(m_session.connection());
    auto list = store.halls();
    if (!list)
        return m_session.fail(list.error());
    QJsonArray json;
    QString text;
    for (const HallSummary& h : list.value()) {
        json.append(QJsonObject{{QStringLiteral("id"), h.id},
                                {QStringLiteral("name"), h.name},
                                {QStringLiteral("version"), h.version},
                                {QStringLiteral("versions"), h.versions},
                                {QStringLiteral("seats"), h.seats},
                                {QStringLiteral("showtimes_on_older_versions"), h.showtimesOlder}});
        text += tr("%1  %2  version %3  %4 seats%5\n")
                    .arg(h.id, 4)
                    .arg(h.name.leftJustified(20))
                    .arg(h.version)
                    .arg(h.seats, 5)
                    .arg(h.showtimesOlder > 0
                             ? tr("  (%n showtime(s) keep an older version)", nullptr, h.showtimesOlder)
                             : QString());
    }
    if (list.value().isEmpty())
        text = tr("No halls.\n");
    m_session.print(QJsonObject{{QStringLiteral("halls"), json}}, text);
    return ExitCode::Ok;
}

ExitCode HallCommands::importHall(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("hall-import takes one file (CSV or JSON)."));
    const QString& path = positional.at(1);
    QString format = m_session.value(QStringLiteral("format")).toLower();
    if (format.isEmpty()) {
        const QString suffix = QFileInfo(path).suffix().toLower();
        format = suffix == QLatin1String("json") ? QStringLiteral("json") : QStringLiteral("csv");
    }
    if (format != QLatin1String("csv") && format != QLatin1String("json"))
        return m_session.usageError(tr("--format is csv or json, not '%1'.").arg(format));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return m_session.fail(
            makeError(ErrorCode::BadInput, tr("Cannot read %1: %2").arg(path, file.errorString())));
    const QByteArray data = file.readAll();

    // The file is read and checked whole before anything reaches the database.
    auto layout =
        format == QLatin1String("json") ? HallLayoutFormat::readJson(data) : HallLayoutFormat::readCsv(data);
    if (!layout)
        return m_session.fail(makeError(ErrorCode::BadInput, tr("%1: %2").arg(path, layout.error().message)));
    if (m_session.isSet(QStringLiteral("name")))
        layout.value().name = m_session.value(QStringLiteral("name"));
    else if (layout.value().name.isEmpty())
        layout.value().name = QFileInfo(path).completeBaseName();

    // The demo's own owner imports (a one-person machine); --db is used as given, so elsewhere
    // importing needs a manager login.
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    HallStore store(m_session.connection());
    auto done = HallImporter::import(store, layout.value(), m_session.isSet(QStringLiteral("replace")));
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(
                ErrorCode::Internal, tr("Importing a hall needs a manager login."), done.error().detail));
        return m_session.fail(done.error());
    }
    const HallImport& d = done.value();
    m_session.print(QJsonObject{{QStringLiteral("hall"), layout.value().name},
                                {QStringLiteral("hall_id"), d.hallId},
                                {QStringLiteral("version"), d.version},
                                {QStringLiteral("seats"), d.seats},
                                {QStringLiteral("created"), d.created}},
                    d.created
                        ? tr("Hall '%1' created with %n seat(s) (layout version %2).\n", nullptr, d.seats)
                              .arg(layout.value().name)
                              .arg(d.version)
                        : tr("Hall '%1' now has layout version %2 with %n seat(s); showtimes made "
                             "before keep their version.\n",
                             nullptr, d.seats)
                              .arg(layout.value().name)
                              .arg(d.version));
    return ExitCode::Ok;
}

ExitCode HallCommands::exportHall(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("hall-export takes one hall, by name or number (see 'halls')."));
    const QString format = m_session.isSet(QStringLiteral("format"))
                               ? m_session.value(QStringLiteral("format")).toLower()
                               : QStringLiteral("json");
    if (format != QLatin1String("csv") && format != QLatin1String("json"))
        return m_session.usageError(tr("--format is csv or json, not '%1'.").arg(format));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    HallStore store(m_session.connection());
    auto layout = store.layout(positional.at(1));
    if (!layout)
        return m_session.failLookup(layout.error());
    const QByteArray data = format == QLatin1String("json") ? HallLayoutFormat::writeJson(layout.value())
                                                            : HallLayoutFormat::writeCsv(layout.value());
    QJsonObject json{{QStringLiteral("hall"), layout.value().name},
                     {QStringLiteral("format"), format},
                     {QStringLiteral("seats"), int(layout.value().seats.size())}};
    if (m_session.isSet(QStringLiteral("output"))) {
        const QString path = m_session.value(QStringLiteral("output"));
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
            return m_session.fail(
                makeError(ErrorCode::Internal, tr("Cannot write %1: %2").arg(path, file.errorString())));
        json.insert(QStringLiteral("file"), path);
        m_session.print(
            json, tr("Hall '%1' written to %2 (%n seat(s)).\n", nullptr, int(layout.value().seats.size()))
                      .arg(layout.value().name, path));
        return ExitCode::Ok;
    }
    json.insert(QStringLiteral("content"), QString::fromUtf8(data));
    m_session.print(json, QString::fromUtf8(data));
    return ExitCode::Ok;
}

QList<QCommandLineOption> HallCommands::options()
{
    return {
        {QStringLiteral("replace"), tr("'hall-import' of an existing hall: its layout's next version.")},
        {QStringLiteral("output"), tr("Write 'hall-export' to this file."), tr("file")},
    };
}

} // namespace bo
