// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/reportcommands.h"

#include <tuple>
#include <utility>

#include <QJsonObject>
#include <QSaveFile>

#include "app/adapters/reports/reportpdfwriter.h"
#include "db/reportstore.h"
#include "model/reports/reportbuilder.h"
#include "model/reports/reportformat.h"

namespace bo {

ReportCommands::ReportCommands(CliSession& session)
    : m_session(session)
{}

ExitCode ReportCommands::report(const QStringList& positional)
{
    const QString usage = tr("report takes day [--date YYYY-MM-DD], shift N or showtime N.");
    const QString kind = positional.value(1);
    ReportRequest request;
    if (kind == QLatin1String("day")) {
        if (positional.size() != 2)
            return m_session.usageError(usage);
        request.kind = ReportRequest::Kind::Day;
        request.day = QDate::currentDate();
        if (m_session.isSet(QStringLiteral("date"))) {
            request.day = QDate::fromString(m_session.value(QStringLiteral("date")).trimmed(), Qt::ISODate);
            if (!request.day.isValid())
                return m_session.usageError(tr("--date is a day like 2026-12-24, not '%1'.")
                                                .arg(m_session.value(QStringLiteral("date"))));
        }
    } else if (kind == QLatin1String("shift") || kind == QLatin1String("showtime")) {
        bool ok = false;
        const int id = positional.value(2).toInt(&ok);
        if (positional.size() != 3 || !ok || id <= 0)
            return m_session.usageError(tr("report %1 takes one %1 number.").arg(kind));
        request.kind =
            kind == QLatin1String("shift") ? ReportRequest::Kind::Shift : ReportRequest::Kind::Showtime;
        (request.kind == ReportRequest::Kind::Shift ? request.shiftId : request.showtimeId) = id;
    } else {
        return m_session.usageError(usage);
    }
    const QString csvPath = m_session.value(QStringLiteral("csv"));
    const QString pdfPath = m_session.value(QStringLiteral("pdf"));
    if ((m_session.isSet(QStringLiteral("csv")) && csvPath.isEmpty()) ||
        (m_session.isSet(QStringLiteral("pdf")) && pdfPath.isEmpty()))
        return m_session.usageError(tr("--csv and --pdf name a file."));

    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    ReportStore store(m_session.connection());
    ReportBuilder builder(store);
    auto built = builder.build(request);
    if (!built) {
        if (CliSession::permissionDenied(built.error()))
            return m_session.fail(
                makeError(ErrorCode::Internal, tr("A report needs a manager login."), built.error().detail));
        return m_session.failLookup(built.error());
    }
    const ReportDocument& doc = built.value();

    // Both files are made in full aside and renamed only when both are complete: a bad second
    // path leaves no first file either.
    QByteArray pdfBytes;
    if (!pdfPath.isEmpty()) {
        auto rendered = ReportPdfWriter::render(doc);
        if (!rendered)
            return m_session.fail(rendered.error());
        pdfBytes = rendered.value();
    }
    QSaveFile csvFile(csvPath);
    QSaveFile pdfFile(pdfPath);
    for (auto [file, bytes, path] :
         {std::tuple{&csvFile, ReportFormat::csv(doc), csvPath}, std::tuple{&pdfFile, pdfBytes, pdfPath}}) {
        if (path.isEmpty())
            continue;
        if (!file->open(QIODevice::WriteOnly) || file->write(bytes) != bytes.size())
            return m_session.fail(
                makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file->errorString())));
    }
    for (auto [file, path] : {std::pair{&csvFile, csvPath}, std::pair{&pdfFile, pdfPath}}) {
        if (!path.isEmpty() && !file->commit())
            return m_session.fail(
                makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file->errorString())));
    }

    QJsonObject json = ReportFormat::json(doc);
    QString text;
    if (csvPath.isEmpty() && pdfPath.isEmpty())
        text = ReportFormat::text(doc);
    if (!csvPath.isEmpty()) {
        json.insert(QStringLiteral("csv"), csvPath);
        text += tr("Wrote %1 (CSV).\n").arg(csvPath);
    }
    if (!pdfPath.isEmpty()) {
        json.insert(QStringLiteral("pdf"), pdfPath);
        text += tr("Wrote %1 (PDF).\n").arg(pdfPath);
    }
    m_session.print(json, text);
    return ExitCode::Ok;
}

QList<QCommandLineOption> ReportCommands::options()
{
    return {
        {QStringLiteral("csv"), tr("Write the report to this CSV file."), tr("file")},
    };
}

} // namespace bo
