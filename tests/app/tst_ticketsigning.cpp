// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QTest>

#include "app/adapters/tickets/ed25519.h"
#include "app/adapters/tickets/qrcode.h"

using namespace bo;

namespace {

/// The text with one bit of its decoded bytes flipped, encoded again.
QString flipBit(const QString& text, int bit)
{
    bool ok = false;
    QByteArray bytes = ticketcode::fromBase32(text, &ok);
    bytes[bit / 8] = char(bytes.at(bit / 8) ^ (1 << (bit % 8)));
    return ticketcode::base32(bytes);
}

/// A QR finder pattern (7 x 7: dark ring, light ring, dark 3 x 3 core) with its corner at x, y.
bool finderAt(const QrCode& code, int x0, int y0)
{
    for (int y = 0; y < 7; ++y) {
        for (int x = 0; x < 7; ++x) {
            const bool ring = x == 0 || y == 0 || x == 6 || y == 6;
            const bool core = x >= 2 && x <= 4 && y >= 2 && y <= 4;
            if (code.dark(x0 + x, y0 + y) != (ring || core))
                return false;
        }
    }
    return true;
}

} // namespace

/// The ticket's signed payload and its QR symbol: Ed25519 through libsodium, the symbol through
/// libqrencode. No image is read back here (tst_ticketrenderer does that with ZXing, on Linux),
/// so this test runs on both systems and, under wine, checks the Windows build's two DLLs.
class TstTicketSigning final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Ed25519Signer> m_signer;
    Ed25519KeyRing m_ring;

    QString payload(quint32 serial)
    {
        return ticketcode::encode({0, serial, 42, 1234, QStringLiteral("K7QD-2MXA")}, *m_signer);
    }

private slots:
    void initTestCase()
    {
        auto pair = generateTicketKeyPair();
        QVERIFY(pair);
        m_signer = std::make_unique<Ed25519Signer>(SigningKey{7, pair.value().secretKey});
        m_ring.add(7, pair.value().publicKey);
    }

    /// RFC 8032 section 7.1, test 2: the same bytes as every other Ed25519, on either system.
    void signsTheRfc8032TestVector()
    {
        const QByteArray seed =
            QByteArray::fromHex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
        const QByteArray publicKey =
            QByteArray::fromHex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c");
        const QByteArray expected =
            QByteArray::fromHex("92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                                "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
        const QByteArray message = QByteArray::fromHex("72");
        // libsodium's secret key is the seed followed by the public key.
        const Ed25519Signer signer(SigningKey{3, seed + publicKey});
        QCOMPARE(signer.sign(message).toHex(), expected.toHex());
        Ed25519KeyRing ring;
        ring.add(3, publicKey);
        QVERIFY(ring.verify(3, message, expected));
        QVERIFY(!ring.verify(3, QByteArray::fromHex("73"), expected));
    }

    void payloadIsCompactAndVerifies()
    {
        const QString text = payload(123456);
        QCOMPARE(text.size(), 140);
        const auto decoded = ticketcode::decode(text, m_ring);
        QVERIFY(std::holds_alternative<TicketPayload>(decoded));
        const TicketPayload expected{7, 123456, 42, 1234, QStringLiteral("K7QD-2MXA")};
        QCOMPARE(std::get<TicketPayload>(decoded), expected);
        // A scanner that types lower case, with a trailing Enter's white space.
        QVERIFY(std::holds_alternative<TicketPayload>(
            ticketcode::decode(text.toLower() + QStringLiteral("\n"), m_ring)));
    }

    void everyFlippedBitFailsVerification()
    {
        const QString text = payload(99);
        const int bits = (ticketcode::bodySize + ticketcode::signatureSize) * 8;
        for (int bit = 0; bit < bits; ++bit) {
            const auto decoded = ticketcode::decode(flipBit(text, bit), m_ring);
            QVERIFY2(!std::holds_alternative<TicketPayload>(decoded), qPrintable(QString::number(bit)));
        }
        QCOMPARE(std::get<PayloadProblem>(ticketcode::decode(flipBit(text, 30), m_ring)),
                 PayloadProblem::Forged);
        QCOMPARE(std::get<PayloadProblem>(ticketcode::decode(QStringLiteral("HELLO-1"), m_ring)),
                 PayloadProblem::Unreadable);
        QCOMPARE(std::get<PayloadProblem>(ticketcode::decode(text.left(139), m_ring)),
                 PayloadProblem::Unreadable);
        Ed25519KeyRing other;
        QCOMPARE(std::get<PayloadProblem>(ticketcode::decode(text, other)), PayloadProblem::UnknownKey);
    }

    /// 140 characters of base32 in alphanumeric mode at level M: a version-6 symbol, 41 x 41
    /// modules (docs/DECISIONS.md, "Ticket payload").
    void payloadMakesAVersion6QrSymbol()
    {
        const auto code = makeQrCode(payload(5));
        QVERIFY(code);
        QCOMPARE(code.value().size, 41);
        QCOMPARE(code.value().modules.size(), 41 * 41);
        QVERIFY(finderAt(code.value(), 0, 0));
        QVERIFY(finderAt(code.value(), 41 - 7, 0));
        QVERIFY(finderAt(code.value(), 0, 41 - 7));
        QVERIFY(!finderAt(code.value(), 41 - 7, 41 - 7));
    }
};

QTEST_MAIN(TstTicketSigning)
#include "tst_ticketsigning.moc"
