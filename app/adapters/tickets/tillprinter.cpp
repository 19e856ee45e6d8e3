// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/tickets/tillprinter.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QPrinter>
#include <QSettings>
#include <QStandardPaths>

#include <spdlog/spdlog.h>

#include "app/adapters/tickets/ticketlayout.h"
#include "app/adapters/tickets/ticketrenderer.h"
#include "db/dbconnection.h"
#include "db/ticketstore.h"

namespace bo {
namespace {

constexpr int secretKeySize = 64;
const QString onConfirmKey = QStringLiteral("printing/on-confirm");

Result<KeyPair> writeNewKey(const QString& path)
{
    auto pair = generateTicketKeyPair();
    if (!pair)
        return pair.error();
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return makeError(ErrorCode::Internal,
                         TillKeyFile::tr("The folder of the till's ticket key %1 cannot be made.")
                             .arg(info.absolutePath()),
                         QStringLiteral("mkpath failed"));
    QFile file(path);
    // Owner-only before a byte of the secret is in it.
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
        !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner) ||
        file.write(pair.value().secretKey) != secretKeySize || !file.flush())
        return makeError(ErrorCode::Internal,
                         TillKeyFile::tr("The till's ticket key %1 cannot be written.").arg(path),
                         file.errorString());
    file.close();
    return pair;
}

} // namespace

Result<KeyPair> TillKeyFile::loadOrCreate(const QString& path)
{
    QFile file(path);
    if (!file.exists())
        return writeNewKey(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Internal, tr("The till's ticket key %1 cannot be read.").arg(path),
                         file.errorString());
    KeyPair pair;
    pair.secretKey = file.read(secretKeySize + 1);
    if (pair.secretKey.size() != secretKeySize)
        return makeError(ErrorCode::Internal,
                         tr("The till's ticket key %1 is damaged; move it away and start again.").arg(path),
                         QStringLiteral("size %1").arg(pair.secretKey.size()));
    // libsodium's Ed25519 secret key ends in its public key.
    pair.publicKey = pair.secretKey.right(32);
    const auto others =
        QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ReadOther | QFileDevice::WriteOther;
    if (file.permissions() & others) {
        spdlog::warn("ticket key file {} was readable by others; now owner-only", path.toStdString());
        (void)file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    return pair;
}

Result<KeyPair> TillKeyFile::replace(const QString& path)
{
    const QString retired = path + QStringLiteral(".retired");
    QFile::remove(retired);
    if (QFile::exists(path) && !QFile::rename(path, retired))
        return makeError(ErrorCode::Internal,
                         tr("The till's retired ticket key %1 cannot be moved away.").arg(path),
                         QStringLiteral("rename failed"));
    return writeNewKey(path);
}

Result<TicketOutput> TicketOutput::read(const QSettings& settings, bool demo)
{
    TicketOutput out;
    const QString kind = settings.value(QStringLiteral("printing/output"), QStringLiteral("pdf")).toString();
    out.target = settings.value(QStringLiteral("printing/target")).toString();
    if (demo || kind == QLatin1String("pdf")) {
        out.kind = Kind::Pdf;
        if (demo || out.target.isEmpty())
            out.target = defaultPdfFolder();
    } else if (kind == QLatin1String("printer")) {
        out.kind = Kind::Printer;
    } else if (kind == QLatin1String("escpos")) {
        out.kind = Kind::EscPos;
        if (out.target.isEmpty())
            return makeError(ErrorCode::BadInput,
                             QCoreApplication::translate(
                                 "bo::TicketOutput", "The setting printing/target names no ESC/POS device."));
    } else {
        return makeError(
            ErrorCode::BadInput,
            QCoreApplication::translate("bo::TicketOutput",
                                        "The setting printing/output is '%1', not pdf, printer or escpos.")
                .arg(kind));
    }
    return out;
}

QString TicketOutput::defaultPdfFolder()
{
    QString fromEnv = qEnvironmentVariable("BOXOFFICE_TICKET_DIR");
    if (!fromEnv.isEmpty())
        return fromEnv;
    QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (documents.isEmpty())
        documents = QDir::homePath();
    return QDir(documents).filePath(QStringLiteral("boxoffice-tickets"));
}

/// Everything that touches the database, the key and the printer, on the printer's thread.
class TillTicketPrinter::Worker final
{
    Q_DECLARE_TR_FUNCTIONS(bo::TillTicketPrinter)

public:
    explicit Worker(TillPrintSetup setup)
        : m_setup(std::move(setup))
    {}

    /// Nothing before the first print: it opens the connection.
    void begin() {}
    /// The connection was opened on this thread and is closed here.
    void finish() { m_connection.reset(); }

    Result<PrintedTickets> run(const QString& code)
    {
        if (!m_connection) {
            auto opened = DbConnection::open(m_setup.database, QStringLiteral("tickets"));
            if (!opened)
                return opened.error();
            m_connection = std::move(opened.value());
        }
        TicketStore store(*m_connection);
        auto tickets = store.tickets(code);
        if (!tickets && tickets.error().code == ErrorCode::Offline)
            m_connection.reset(); // a new connection next time
        if (!tickets)
            return tickets.error();
        if (tickets.value().isEmpty()) {
            auto signer = tillSigner(store);
            if (!signer)
                return signer.error();
            tickets = store.issueOwnSale(code, *signer.value());
            if (!tickets)
                return tickets.error();
            spdlog::info("tickets of {} issued with till key {}", code.toStdString(),
                         signer.value()->keyId());
        }
        if (tickets.value().isEmpty())
            return makeError(ErrorCode::NotFound, tr("Booking %1 has no tickets to print.").arg(code));
        // What leaves the till verifies with the keys every door has.
        auto keys = store.keys();
        if (!keys)
            return keys.error();
        const Ed25519KeyRing ring = Ed25519KeyRing::fromKeys(keys.value());
        QList<TicketLayout> layouts;
        for (const Ticket& t : tickets.value()) {
            if (!std::holds_alternative<TicketPayload>(ticketcode::decode(t.payload, ring)))
                return makeError(ErrorCode::Internal,
                                 tr("Ticket %1 does not verify with the cinema's keys.").arg(t.serial),
                                 t.payload);
            layouts.append(TicketLayoutBuilder::build(t, m_setup.locale));
        }
        return output(code, layouts);
    }

private:
    /// The till's approved key as a signer: made and enrolled on first use.
    Result<std::shared_ptr<Ed25519Signer>> tillSigner(TicketStore& store)
    {
        if (m_signer)
            return m_signer;
        auto pair = TillKeyFile::loadOrCreate(m_setup.keyFile);
        if (!pair)
            return pair.error();
        auto key = store.enrolTillKey(pair.value().publicKey, m_setup.terminalId, m_setup.terminal);
        if (key && key.value().state == TillKeyState::Retired) {
            spdlog::warn("till ticket key {} was retired; making a new one", key.value().id);
            pair = TillKeyFile::replace(m_setup.keyFile);
            if (!pair)
                return pair.error();
            key = store.enrolTillKey(pair.value().publicKey, m_setup.terminalId, m_setup.terminal);
        }
        if (!key)
            return key.error();
        if (key.value().state == TillKeyState::Pending && m_setup.approve) {
            if (Status s = m_setup.approve(key.value().id); !s)
                return s.error();
            key.value().state = TillKeyState::Approved;
            spdlog::info("till ticket key {} approved (demo)", key.value().id);
        }
        if (key.value().state != TillKeyState::Approved)
            return makeError(ErrorCode::Conflict,
                             tr("This till's ticket key %1 waits for a manager's approval "
                                "(boxoffice-admin ticket-keys --approve %1).")
                                 .arg(key.value().id),
                             QStringLiteral("till key pending"));
        m_signer = std::make_shared<Ed25519Signer>(SigningKey{key.value().id, pair.value().secretKey});
        return m_signer;
    }

    Result<PrintedTickets> output(const QString& code, const QList<TicketLayout>& layouts)
    {
        PrintedTickets done;
        done.bookingCode = code;
        done.tickets = int(layouts.size());
        const TicketOutput& out = m_setup.output;
        switch (out.kind) {
        case TicketOutput::Kind::Pdf: {
            if (!QDir().mkpath(out.target))
                return makeError(ErrorCode::Internal,
                                 tr("The ticket folder %1 cannot be made.").arg(out.target),
                                 QStringLiteral("mkpath failed"));
            done.where = QDir(out.target)
                             .absoluteFilePath(QStringLiteral("%1-%2.pdf")
                                                   .arg(code, QDateTime::currentDateTime().toString(
                                                                  QStringLiteral("yyyyMMdd-HHmmss"))));
            done.isFile = true;
            if (Status s =
                    TicketRenderer::writePdf(layouts, done.where, QPageSize::A4, tr("Tickets %1").arg(code));
                !s)
                return s.error();
            break;
        }
        case TicketOutput::Kind::Printer: {
            QPrinter printer(QPrinter::HighResolution);
            if (!out.target.isEmpty())
                printer.setPrinterName(out.target);
            if (!printer.isValid())
                return makeError(ErrorCode::Internal,
                                 tr("The printer %1 is not there.")
                                     .arg(out.target.isEmpty() ? tr("(default)") : out.target));
            printer.setDocName(tr("Tickets %1").arg(code));
            done.where = printer.printerName();
            QPainter p;
            if (!p.begin(&printer))
                return makeError(ErrorCode::Internal,
                                 tr("The printer %1 refused the tickets.").arg(done.where));
            const double dotsPerDmm = printer.resolution() / 254.0;
            const double width = printer.pageLayout().paintRect(QPageLayout::Millimeter).width() * 10;
            for (qsizetype i = 0; i < layouts.size(); ++i) {
                if (i > 0)
                    printer.newPage();
                p.resetTransform();
                p.scale(dotsPerDmm, dotsPerDmm);
                if (auto drawn = TicketRenderer::paint(p, layouts.at(i), width, dotsPerDmm, true); !drawn) {
                    p.end();
                    return drawn.error();
                }
            }
            if (!p.end())
                return makeError(ErrorCode::Internal,
                                 tr("The printer %1 refused the tickets.").arg(done.where));
            break;
        }
        case TicketOutput::Kind::EscPos: {
            QByteArray bytes;
            for (const TicketLayout& layout : layouts) {
                auto raster = TicketRenderer::thermal(layout);
                if (!raster)
                    return raster.error();
                bytes += escPosRaster(raster.value());
            }
            QFile device(out.target);
            if (!device.open(QIODevice::WriteOnly | QIODevice::Append) ||
                device.write(bytes) != bytes.size() || !device.flush())
                return makeError(ErrorCode::Internal,
                                 tr("The ticket printer %1 cannot be written to.").arg(out.target),
                                 device.errorString());
            done.where = out.target;
            break;
        }
        }
        return done;
    }

    TillPrintSetup m_setup;
    std::unique_ptr<DbConnection> m_connection;
    std::shared_ptr<Ed25519Signer> m_signer;
};

TillTicketPrinter::TillTicketPrinter(TillPrintSetup setup, QSettings* settings, QObject* parent)
    : TicketPrinting(parent)
    , m_settings(settings)
    , m_output(setup.output)
{
    qRegisterMetaType<PrintedTickets>();
    qRegisterMetaType<Error>();
    if (m_settings) {
        if (auto mode = printOnConfirmFromName(m_settings->value(onConfirmKey).toString()))
            m_mode = *mode;
    }
    m_worker.start(QStringLiteral("tickets"),
                   [setup = std::move(setup)] { return std::make_unique<Worker>(setup); });
}

TillTicketPrinter::~TillTicketPrinter()
{
    // The prints posted before finish first; their answers are posted to this printer, so here
    // and not with the members (they are dropped with it).
    m_worker.stop();
}

void TillTicketPrinter::setPrintOnConfirm(PrintOnConfirm mode)
{
    m_mode = mode;
    if (m_settings)
        m_settings->setValue(onConfirmKey, printOnConfirmName(mode));
}

QString TillTicketPrinter::describeOutput() const
{
    switch (m_output.kind) {
    case TicketOutput::Kind::Pdf:
        return tr("PDF files in %1").arg(QDir::toNativeSeparators(m_output.target));
    case TicketOutput::Kind::Printer:
        return m_output.target.isEmpty() ? tr("the default printer") : tr("printer %1").arg(m_output.target);
    case TicketOutput::Kind::EscPos:
        return tr("ticket printer %1").arg(m_output.target);
    }
    return {};
}

void TillTicketPrinter::print(const QString& code)
{
    m_worker.post([this, code](Worker& worker) {
        auto result = worker.run(code);
        if (!result)
            spdlog::warn("tickets of {} not printed: {} ({})", code.toStdString(),
                         result.error().message.toStdString(), result.error().detail.toStdString());
        // Answered on the printer's own thread, where the screens that asked live.
        QMetaObject::invokeMethod(
            this,
            [this, code, result] {
                if (result)
                    emit printed(result.value());
                else
                    emit printFailed(code, result.error());
            },
            Qt::QueuedConnection);
    });
}

} // namespace bo
