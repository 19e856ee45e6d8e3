// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <ZXing/ReadBarcode.h>

#include "app/adapters/tickets/ed25519.h"
#include "app/adapters/tickets/qrcode.h"
#include "app/adapters/tickets/ticketlayout.h"
#include "app/adapters/tickets/ticketrenderer.h"

using namespace bo;

namespace {

/// The text of the QR code ZXing finds in `image`, "" when none.
QString decodeQr(const QImage& image)
{
    const QImage grey = image.convertToFormat(QImage::Format_Grayscale8);
    const ZXing::ImageView view(grey.constBits(), grey.width(), grey.height(), ZXing::ImageFormat::Lum,
                                int(grey.bytesPerLine()));
    ZXing::DecodeHints hints;
    hints.setFormats(ZXing::BarcodeFormat::QRCode);
    const ZXing::Result result = ZXing::ReadBarcode(view, hints);
    return result.isValid() ? QString::fromStdString(result.text()) : QString();
}

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

/// Dark pixels (below half grey) outside `inside`.
int inkOutside(const QImage& image, const QRect& inside)
{
    const QImage grey = image.convertToFormat(QImage::Format_Grayscale8);
    int dark = 0;
    for (int y = 0; y < grey.height(); ++y) {
        const uchar* line = grey.constScanLine(y);
        for (int x = 0; x < grey.width(); ++x) {
            if (line[x] < 128 && !inside.contains(x, y))
                ++dark;
        }
    }
    return dark;
}

/// The text with one bit of its decoded bytes flipped, encoded again.
QString flipBit(const QString& text, int bit)
{
    bool ok = false;
    QByteArray bytes = ticketcode::fromBase32(text, &ok);
    bytes[bit / 8] = char(bytes.at(bit / 8) ^ (1 << (bit % 8)));
    return ticketcode::base32(bytes);
}

} // namespace

/// The one ticket layout on the 80 mm roll and on A4/letter PDF pages, read back from what was
/// drawn: the QR code decodes (ZXing) to a payload whose signature verifies, everything lies
/// within the paper. The payload's own tests are in tst_ticketsigning (both systems).
class TstTicketRenderer final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Ed25519Signer> m_signer;
    Ed25519KeyRing m_ring;
    QTemporaryDir m_dir;

    Ticket ticket(quint32 serial, bool reprint, const QString& film = QStringLiteral("The Long Projection"))
    {
        Ticket t;
        t.serial = serial;
        t.bookingCode = QStringLiteral("K7QD-2MXA");
        t.showtimeId = 42;
        t.seatId = 1234;
        t.cinema = QStringLiteral("Cinema Paradiso");
        t.hall = QStringLiteral("Hall 1");
        t.film = film;
        t.rating = QStringLiteral("12");
        t.startsAt = QDateTime(QDate(2026, 12, 24), QTime(19, 30), Qt::UTC);
        t.seatLabel = QStringLiteral("F7");
        t.seatKind = QStringLiteral("premium");
        t.tierName = QStringLiteral("Adult");
        t.priceMinor = 14000;
        t.currency = QStringLiteral("KRW");
        t.soldAt = QDateTime(QDate(2026, 12, 20), QTime(10, 5), Qt::UTC);
        t.terminal = QStringLiteral("till-1");
        t.reprint = reprint;
        t.payload = ticketcode::encode({0, serial, t.showtimeId, t.seatId, t.bookingCode}, *m_signer);
        t.keyId = m_signer->keyId();
        return t;
    }

    /// Page 1 of `pdf` as an image at `dpi` (poppler's pdftoppm).
    QImage rasterise(const QString& pdf, int dpi)
    {
        const QString prefix = m_dir.filePath(QStringLiteral("page"));
        QProcess::execute(QStringLiteral("pdftoppm"),
                          {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-png"),
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
        auto pair = generateTicketKeyPair();
        QVERIFY(pair);
        m_signer = std::make_unique<Ed25519Signer>(SigningKey{7, pair.value().secretKey});
        m_ring.add(7, pair.value().publicKey);
    }

    void thermalTicketFits80mmAndItsQrVerifies()
    {
        const Ticket t =
            ticket(5, true, QStringLiteral("A Film Whose Title Goes On And On Far Beyond Any Roll"));
        const TicketLayout layout = TicketLayoutBuilder::build(t, QLocale(QLocale::English));
        auto raster = TicketRenderer::thermal(layout);
        QVERIFY(raster);
        QCOMPARE(raster.value().width(), TicketRenderer::thermalDots);
        QVERIFY(raster.value().height() > 600);
        QCOMPARE(decodeQr(raster.value()), t.payload);
        QVERIFY(std::holds_alternative<TicketPayload>(ticketcode::decode(decodeQr(raster.value()), m_ring)));

        // The same routine on a wider sheet, the roll's width in its middle: nothing spills over.
        const int pad = 64;
        const double dotsPerDmm = TicketRenderer::thermalDpi / 254.0;
        QImage sheet(TicketRenderer::thermalDots + 2 * pad, raster.value().height(),
                     QImage::Format_Grayscale8);
        sheet.fill(Qt::white);
        {
            QPainter p(&sheet);
            p.translate(pad, 0);
            p.scale(dotsPerDmm, dotsPerDmm);
            QVERIFY(
                TicketRenderer::paint(p, layout, TicketRenderer::thermalDots / dotsPerDmm, dotsPerDmm, true));
        }
        QCOMPARE(inkOutside(sheet, QRect(pad, 0, TicketRenderer::thermalDots, sheet.height())), 0);
        QVERIFY(inkOutside(sheet, QRect(pad + 8, 0, TicketRenderer::thermalDots - 16, sheet.height())) == 0);
    }

    void escPosRasterCarriesEveryRow()
    {
        const TicketLayout layout = TicketLayoutBuilder::build(ticket(6, false), QLocale(QLocale::English));
        const QImage raster = TicketRenderer::thermal(layout).value();
        const QByteArray bytes = escPosRaster(raster);
        QVERIFY(bytes.startsWith(QByteArray("\x1b\x40\x1d\x76\x30\x00", 6)));
        QCOMPARE(quint8(bytes.at(6)), quint8(72)); // 576 dots = 72 bytes a row
        const int bands = (raster.height() + 255) / 256;
        QCOMPARE(bytes.size(), 2 + bands * 8 + 72 * raster.height() + 3 + 3);
    }

    void pdfTicketsFitTheirPageAndTheirQrVerifies_data()
    {
        QTest::addColumn<int>("pageSize");
        QTest::addColumn<double>("widthMm");
        QTest::addColumn<double>("heightMm");
        QTest::newRow("A4") << int(QPageSize::A4) << 210.0 << 297.0;
        QTest::newRow("letter") << int(QPageSize::Letter) << 215.9 << 279.4;
    }

    void pdfTicketsFitTheirPageAndTheirQrVerifies()
    {
        QFETCH(int, pageSize);
        QFETCH(double, widthMm);
        QFETCH(double, heightMm);
        const Ticket first = ticket(11, false);
        const Ticket second = ticket(12, true, QString(300, QLatin1Char('W')));
        const QLocale locale(QLocale::English);
        const QString pdf = m_dir.filePath(QStringLiteral("tickets-%1.pdf").arg(pageSize));
        QVERIFY(TicketRenderer::writePdf(
            {TicketLayoutBuilder::build(first, locale), TicketLayoutBuilder::build(second, locale)}, pdf,
            QPageSize::PageSizeId(pageSize), QStringLiteral("Tickets")));
        constexpr int dpi = 200;
        const QImage page = rasterise(pdf, dpi);
        QVERIFY(!page.isNull());
        // pdftoppm rounds the page's size down or up by a pixel.
        QVERIFY(qAbs(page.width() - qRound(widthMm / 25.4 * dpi)) <= 1);
        QVERIFY(qAbs(page.height() - qRound(heightMm / 25.4 * dpi)) <= 1);
        // Everything within the 12 mm margins (a hair less for rounding).
        const int margin = qRound(11.5 / 25.4 * dpi);
        QCOMPARE(
            inkOutside(page, QRect(margin, margin, page.width() - 2 * margin, page.height() - 2 * margin)),
            0);
        // Each section's QR code decodes and verifies; a flipped bit of it does not.
        const QStringList texts = decodeAllQr(page);
        QStringList expected{first.payload, second.payload};
        expected.sort();
        QCOMPARE(texts, expected);
        for (const QString& text : texts) {
            QVERIFY(std::holds_alternative<TicketPayload>(ticketcode::decode(text, m_ring)));
            QVERIFY(!std::holds_alternative<TicketPayload>(ticketcode::decode(flipBit(text, 200), m_ring)));
        }
    }
};

QTEST_MAIN(TstTicketRenderer)
#include "tst_ticketrenderer.moc"
