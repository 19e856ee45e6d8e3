// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <ZXing/ReadBarcode.h>

#include "app/adapters/tickets/ed25519.h"
#include "app/adapters/tickets/tillprinter.h"
#include "db/dbconnection.h"
#include "db/ticketstore.h"
#include "tests/support/checked.h"
#include "tests/support/countertill.h"

using namespace bo;
using namespace bo::test;

namespace {

/// The texts of every QR code ZXing finds in `image`, sorted.
QStringList decodeAllQr(const QImage& image)
{
    const QImage grey = image.convertToFormat(QImage::Format_Grayscale8);
    const ZXing::ImageView view(grey.constBits(), grey.width(), grey.height(), ZXing::ImageFormat::Lum,
                                int(grey.bytesPerLine()));
    ZXing::DecodeHints hints;
    hints.setFormats(ZXing::BarcodeFormat::QRCode);
    QStringList texts;
    for (const ZXing::Result& r : ZXing::ReadBarcodes(view, hints)) {
        if (r.isValid())
            texts << QString::fromStdString(r.text());
    }
    texts.sort();
    return texts;
}

/// The PDF files in `folder`.
QStringList pdfsIn(const QString& folder)
{
    return QDir(folder).entryList({QStringLiteral("*.pdf")}, QDir::Files);
}

} // namespace

/// Printing at the counter: a sale by keyboard on a till with its own key (a
/// terminal login), the print setting, the PDF read back with ZXing and admitted at the door, a
/// failed print that keeps the sale, and what a till may not issue.
class TstCounterPrint final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// The till's printing as app/counter/main.cpp makes it, its key approved by the manager login.
    static std::unique_ptr<TillTicketPrinter> makePrinting(const TestDatabase& db, const QString& keyFile,
                                                           const QString& folder, const QUuid& terminalId)
    {
        TillPrintSetup setup;
        setup.database = db.settings();
        setup.keyFile = keyFile;
        setup.terminalId = terminalId;
        setup.terminal = QStringLiteral("till-1");
        setup.output = {TicketOutput::Kind::Pdf, folder};
        setup.locale = QLocale(QLocale::English);
        setup.approve = [manager = db.managerSettings()](quint16 keyId) -> Status {
            auto c = DbConnection::open(manager, QStringLiteral("test-approve"));
            if (!c)
                return c.error();
            TicketStore store(*c.value());
            return store.approveTillKey(keyId);
        };
        return std::make_unique<TillTicketPrinter>(std::move(setup), nullptr);
    }

    /// Sells the best two seats of `showtime` for cash by keyboard; returns the booking code.
    static void sellTwo(CounterTill& c, int showtime, QString* code)
    {
        CHECKED(openShowtime(c, showtime));
        const auto press = [&](Qt::Key key) {
            QWidget* focus = QApplication::focusWidget();
            QTest::keyClick(focus ? focus : static_cast<QWidget*>(&c.window), key);
        };
        press(Qt::Key_2);
        QTRY_VERIFY_WITH_TIMEOUT(c.flow.selection().size() == 2 && !c.flow.isBusy(), dbTimeoutMs);
        press(Qt::Key_Return); // to payment
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Payment, dbTimeoutMs);
        press(Qt::Key_Return); // cash, the exact amount
        QTRY_VERIFY2_WITH_TIMEOUT(c.flow.state() == SaleFlow::State::Completed,
                                  qPrintable(c.label(QStringLiteral("saleMessage"))->text()), dbTimeoutMs);
        *code = c.flow.lastBooking().code;
    }

    /// With $BOXOFFICE_SNAPSHOT_DIR set, saves the window there (the README's screenshots).
    static void snapshot(QWidget& widget, const QString& name)
    {
        const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
    }

    /// Page 1 of `pdf` as an image (poppler's pdftoppm).
    QImage rasterise(const QString& pdf)
    {
        const QString prefix = m_dir.filePath(QStringLiteral("page"));
        QFile::remove(prefix + QStringLiteral(".png"));
        QProcess::execute(QStringLiteral("pdftoppm"),
                          {QStringLiteral("-r"), QStringLiteral("200"), QStringLiteral("-png"),
                           QStringLiteral("-singlefile"), QStringLiteral("-f"), QStringLiteral("1"), pdf,
                           prefix});
        return QImage(prefix + QStringLiteral(".png"));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("pdftoppm")).isEmpty(),
                 "pdftoppm (poppler-utils) is needed to read the PDF back");
    }

    /// Setting "always": the sale prints at once, a PDF whose QR codes verify with the till's own
    /// enrolled key, and the door admits each ticket once.
    void alwaysPrintsAPdfTheDoorAdmitsOnce()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QString folder = m_dir.filePath(QStringLiteral("always"));
        const QString keyFile = m_dir.filePath(QStringLiteral("always.key"));
        CounterTill c(db.settings(), QStringLiteral("till-1"));
        const QUuid terminalId = c.tillId;
        auto printing = makePrinting(db, keyFile, folder, terminalId);
        printing->setPrintOnConfirm(PrintOnConfirm::Always);
        c.window.setTicketPrinting(printing.get());
        CHECKED(start(c));
        QString code;
        CHECKED(sellTwo(c, showtime, &code));

        QLabel* status = c.label(QStringLiteral("printStatus"));
        QVERIFY(status);
        QTRY_VERIFY2_WITH_TIMEOUT(status->text().contains(QLatin1String(".pdf")), qPrintable(status->text()),
                                  dbTimeoutMs);
        QVERIFY(status->isVisible());
        QCOMPARE(pdfsIn(folder).size(), 1);
        const QString pdf = QDir(folder).filePath(pdfsIn(folder).first());
        QVERIFY2(status->text().contains(QDir::toNativeSeparators(pdf)), qPrintable(status->text()));
        QCOMPARE(c.button(QStringLiteral("printTickets"))->text(), QStringLiteral("Print again (P)"));
        CHECKED(snapshot(c.window, QStringLiteral("printed.png")));

        // The secret stays in the till's file, owner-only; the database has the public half only.
        QCOMPARE(QFileInfo(keyFile).size(), 64);
        QCOMPARE(QFile::permissions(keyFile) & ~(QFileDevice::ReadUser | QFileDevice::WriteUser |
                                                 QFileDevice::ReadOwner | QFileDevice::WriteOwner),
                 QFileDevice::Permissions());
        const QString keyId =
            db.scalar(QStringLiteral(
                          "SELECT id FROM ticket_key WHERE terminal_login = '%1' AND approved_at IS NOT NULL")
                          .arg(db.terminalLogin()));
        QVERIFY(!keyId.isEmpty());

        const QStringList texts = decodeAllQr(rasterise(pdf));
        QCOMPARE(texts.size(), 2);
        auto door = db.connect(QStringLiteral("door"));
        QVERIFY(door);
        TicketStore doorStore(*door);
        auto keys = doorStore.keys();
        QVERIFY(keys);
        const Ed25519KeyRing ring = Ed25519KeyRing::fromKeys(keys.value());
        for (const QString& text : texts) {
            const auto decoded = ticketcode::decode(text, ring);
            QVERIFY(std::holds_alternative<TicketPayload>(decoded));
            const TicketPayload payload = std::get<TicketPayload>(decoded);
            QCOMPARE(QString::number(payload.keyId), keyId);
            QCOMPARE(payload.bookingCode, code);
            QCOMPARE(payload.showtimeId, showtime);
            auto first = doorStore.checkin(payload, text, QStringLiteral("Main"), showtime);
            QVERIFY(first);
            QCOMPARE(first.value().verdict, CheckinVerdict::Admitted);
            auto second = doorStore.checkin(payload, text, QStringLiteral("Main"), showtime);
            QVERIFY(second);
            QCOMPARE(second.value().verdict, CheckinVerdict::AlreadyUsed);
        }
    }

    /// Setting "never": nothing is printed or issued until the clerk asks (P), then the PDF.
    void neverPrintsNothingUntilAsked()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QString folder = m_dir.filePath(QStringLiteral("never"));
        CounterTill c(db.settings(), QStringLiteral("till-1"));
        const QUuid terminalId = c.tillId;
        auto printing = makePrinting(db, m_dir.filePath(QStringLiteral("never.key")), folder, terminalId);
        printing->setPrintOnConfirm(PrintOnConfirm::Never);
        c.window.setTicketPrinting(printing.get());
        CHECKED(start(c));
        QString code;
        CHECKED(sellTwo(c, showtime, &code));
        QSignalSpy answers(printing.get(), &TicketPrinting::printed);
        QTest::qWait(500);
        QCOMPARE(answers.size(), 0);
        QVERIFY(pdfsIn(folder).isEmpty());
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM ticket")), QStringLiteral("0"));
        QVERIFY(!c.label(QStringLiteral("printStatus"))->isVisible());

        QWidget* focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : static_cast<QWidget*>(&c.window), Qt::Key_P);
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 1, dbTimeoutMs);
        QCOMPARE(pdfsIn(folder).size(), 1);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM ticket WHERE payload IS NOT NULL")),
                 QStringLiteral("2"));
    }

    /// A print that fails (the ticket folder cannot be made) leaves the booking confirmed and
    /// tells the clerk how to print again.
    void aFailedPrintKeepsTheSaleAndSaysHowToReprint()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        // A file where the folder should be: no folder can be made there, even as root.
        const QString blocker = m_dir.filePath(QStringLiteral("blocker"));
        {
            QFile file(blocker);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        CounterTill c(db.settings(), QStringLiteral("till-1"));
        const QUuid terminalId = c.tillId;
        auto printing = makePrinting(db, m_dir.filePath(QStringLiteral("failed.key")),
                                     blocker + QStringLiteral("/tickets"), terminalId);
        printing->setPrintOnConfirm(PrintOnConfirm::Always);
        c.window.setTicketPrinting(printing.get());
        CHECKED(start(c));
        QString code;
        CHECKED(sellTwo(c, showtime, &code));
        QLabel* status = c.label(QStringLiteral("printStatus"));
        QTRY_VERIFY2_WITH_TIMEOUT(status->text().contains(QLatin1String("not printed")),
                                  qPrintable(status->text()), dbTimeoutMs);
        QVERIFY2(status->text().contains(
                     QStringLiteral("The sale stands: booking %1 is paid and confirmed").arg(code)),
                 qPrintable(status->text()));
        QVERIFY2(status->text().contains(QLatin1String("Print again (P)")), qPrintable(status->text()));
        QCOMPARE(db.scalar(QStringLiteral("SELECT status FROM booking WHERE code = '%1'").arg(code)),
                 QStringLiteral("CONFIRMED"));
        QCOMPARE(c.button(QStringLiteral("printTickets"))->text(), QStringLiteral("Print again (P)"));
        QVERIFY(c.button(QStringLiteral("printTickets"))->isEnabled());
        QCOMPARE(c.flow.state(), SaleFlow::State::Completed);
        CHECKED(snapshot(c.window, QStringLiteral("print-failed.png")));
    }

    /// A till issues only its own sale's tickets, once; another till's login cannot, a key waiting
    /// for approval cannot, and a payload that does not describe its ticket is refused.
    void aTillIssuesOnlyItsOwnSaleOnce()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QString keyFile = m_dir.filePath(QStringLiteral("own.key"));
        CounterTill c(db.settings(), QStringLiteral("till-1"));
        const QUuid terminalId = c.tillId;
        auto printing = makePrinting(db, keyFile, m_dir.filePath(QStringLiteral("own")), terminalId);
        printing->setPrintOnConfirm(PrintOnConfirm::Never);
        c.window.setTicketPrinting(printing.get());
        CHECKED(start(c));
        QString sold;
        CHECKED(sellTwo(c, showtime, &sold));
        QWidget* focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : static_cast<QWidget*>(&c.window), Qt::Key_Escape); // next customer
        QTRY_VERIFY_WITH_TIMEOUT(c.window.isShowingBoard(), dbTimeoutMs);
        QString unprinted;
        CHECKED(sellTwo(c, showtime, &unprinted));
        QSignalSpy printed(printing.get(), &TicketPrinting::printed);
        printing->print(sold);
        QTRY_COMPARE_WITH_TIMEOUT(printed.size(), 1, dbTimeoutMs);

        // The same till, the same key, a second time: refused, the tickets stay as they were.
        auto pair = TillKeyFile::loadOrCreate(keyFile);
        QVERIFY(pair);
        auto own = db.connect(QStringLiteral("till-again"));
        QVERIFY(own);
        TicketStore ownStore(*own);
        auto key = ownStore.enrolTillKey(pair.value().publicKey, terminalId, QStringLiteral("till-1"));
        QVERIFY(key);
        QCOMPARE(key.value().state, TillKeyState::Approved);
        const Ed25519Signer signer(SigningKey{key.value().id, pair.value().secretKey});
        auto twice = ownStore.issueOwnSale(sold, signer);
        QVERIFY(!twice);
        QCOMPARE(twice.error().code, ErrorCode::Conflict);
        QVERIFY2(twice.error().message.contains(QLatin1String("issued already")),
                 qPrintable(twice.error().message));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM ticket")), QStringLiteral("2"));

        // A payload that does not describe its ticket (another seat), and one that is not base32.
        QVERIFY(own->begin());
        auto rows = own->exec(
            QStringLiteral("SELECT serial, showtime_id, seat_id FROM bo_ticket_till_issue(?, ?::smallint)"),
            {unprinted, int(key.value().id)});
        QVERIFY(rows);
        QVERIFY(rows.value().next());
        TicketPayload wrong;
        wrong.serial = rows.value().value(0).toUInt();
        wrong.showtimeId = rows.value().value(1).toInt();
        wrong.seatId = rows.value().value(2).toInt() + 1;
        wrong.bookingCode = unprinted;
        auto refused = own->exec(QStringLiteral("SELECT bo_ticket_till_sign(?, ?)"),
                                 {int(wrong.serial), ticketcode::encode(wrong, signer)});
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::BadInput);
        own->rollback();
        auto garbage = own->exec(QStringLiteral("SELECT bo_ticket_till_sign(1, 'not a payload')"));
        QVERIFY(!garbage);
        QCOMPARE(garbage.error().code, ErrorCode::BadInput);
        auto shortKey = ownStore.enrolTillKey(QByteArray(31, 'x'), terminalId, QStringLiteral("till-1"));
        QVERIFY(!shortKey);
        QCOMPARE(shortKey.error().code, ErrorCode::BadInput);

        // Another till's login, with a key of its own: pending, it cannot issue; approved, it
        // still cannot issue this till's sale.
        const QString other = db.name() + QStringLiteral("_term2");
        const QString password = QString::number(QRandomGenerator::global()->generate64(), 16);
        QVERIFY(db.run(QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD '%2' IN ROLE boxoffice_terminal")
                           .arg(other, password)));
        const auto dropOther =
            qScopeGuard([&] { (void)db.run(QStringLiteral("DROP ROLE IF EXISTS %1").arg(other)); });
        ConnectionSettings otherSettings = db.settings();
        otherSettings.setValue(QStringLiteral("user"), other);
        otherSettings.setValue(QStringLiteral("password"), password);
        {
            auto otherConnection = DbConnection::open(otherSettings, QStringLiteral("till-2"));
            QVERIFY(otherConnection);
            TicketStore otherStore(*otherConnection.value());
            auto otherPair = generateTicketKeyPair();
            QVERIFY(otherPair);
            // This till's id is this till's login's (migration 0043): the other login has its own.
            auto borrowed =
                otherStore.enrolTillKey(otherPair.value().publicKey, terminalId, QStringLiteral("till-2"));
            QVERIFY(!borrowed);
            QVERIFY2(borrowed.error().detail.contains(QLatin1String("belongs to another login")),
                     qPrintable(borrowed.error().detail));
            const QUuid otherTerminal = QUuid::createUuid();
            auto otherKey =
                otherStore.enrolTillKey(otherPair.value().publicKey, otherTerminal, QStringLiteral("till-2"));
            QVERIFY(otherKey);
            QCOMPARE(otherKey.value().state, TillKeyState::Pending);
            // A key waiting for approval is not among the keys doors verify with.
            auto doorKeys = otherStore.keys();
            QVERIFY(doorKeys);
            for (const TicketKey& k : doorKeys.value())
                QVERIFY(k.id != otherKey.value().id);
            const Ed25519Signer otherSigner(SigningKey{otherKey.value().id, otherPair.value().secretKey});
            auto pending = otherStore.issueOwnSale(unprinted, otherSigner);
            QVERIFY(!pending);
            QVERIFY2(pending.error().message.contains(QLatin1String("approval")),
                     qPrintable(pending.error().message));
            // Another login cannot take over this till's key either.
            auto stolen =
                otherStore.enrolTillKey(pair.value().publicKey, otherTerminal, QStringLiteral("till-2"));
            QVERIFY(!stolen);
            QCOMPARE(stolen.error().code, ErrorCode::Conflict);

            auto manager = db.connectAsManager();
            QVERIFY(manager);
            TicketStore managerStore(*manager);
            QVERIFY(managerStore.approveTillKey(otherKey.value().id));
            auto notTheirs = otherStore.issueOwnSale(unprinted, otherSigner);
            QVERIFY(!notTheirs);
            QCOMPARE(notTheirs.error().code, ErrorCode::Conflict);
            QVERIFY2(notTheirs.error().message.contains(QLatin1String("not sold at this till")),
                     qPrintable(notTheirs.error().message));
            // A terminal cannot approve keys.
            auto approveOwn = otherConnection.value()->exec(
                QStringLiteral("SELECT bo_ticket_till_key_approve(?::smallint)"), {int(otherKey.value().id)});
            QVERIFY(!approveOwn);
            QVERIFY2(approveOwn.error().detail.contains(QLatin1String("42501")),
                     qPrintable(approveOwn.error().detail));
        }
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM ticket")), QStringLiteral("2"));
    }
};

QTEST_MAIN(TstCounterPrint)
#include "tst_counterprint.moc"
