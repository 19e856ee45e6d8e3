// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "app/common/staffpin.h"

using namespace bo;

/// The kiosk's staff PIN: an Argon2id string, never the PIN; only the PIN verifies.
class TstStaffPin final : public QObject
{
    Q_OBJECT

private slots:
    void theHashVerifiesOnlyItsPin()
    {
        auto hashed = StaffPin::hash(QStringLiteral("482916"));
        QVERIFY(hashed);
        QVERIFY2(hashed.value().startsWith(QLatin1String("$argon2id$")), qPrintable(hashed.value()));
        QVERIFY(!hashed.value().contains(QLatin1String("482916")));
        QVERIFY(StaffPin::verify(hashed.value(), QStringLiteral("482916")));
        QVERIFY(!StaffPin::verify(hashed.value(), QStringLiteral("482917")));
        QVERIFY(!StaffPin::verify(hashed.value(), QString()));
        QVERIFY(!StaffPin::verify(QString(), QStringLiteral("482916")));
        QVERIFY(!StaffPin::verify(QStringLiteral("not a hash"), QStringLiteral("482916")));
        // A fresh salt every time.
        QVERIFY(StaffPin::hash(QStringLiteral("482916")).value() != hashed.value());
    }

    void aPinIsFourToTwelveDigits()
    {
        for (const QString& bad : {QStringLiteral("123"), QStringLiteral("12a4"), QStringLiteral(""),
                                   QStringLiteral("1234567890123")}) {
            auto refused = StaffPin::hash(bad);
            QVERIFY2(!refused, qPrintable(bad));
            QCOMPARE(refused.error().code, ErrorCode::BadInput);
        }
    }
};

QTEST_GUILESS_MAIN(TstStaffPin)
#include "tst_staffpin.moc"
