// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QAbstractButton>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTranslator>

#include "model/showtimelistmodel.h"
#include "ui/counter/showtimeboard.h"

using namespace bo;

namespace {

ShowtimeInfo showtime(int id, qint64 startsInSeconds, const QString& title)
{
    ShowtimeInfo s;
    s.id = id;
    s.startsAt = QDateTime::currentDateTimeUtc().addSecs(startsInSeconds);
    s.status = QStringLiteral("ON_SALE");
    s.movieTitle = title;
    s.runtimeMinutes = 120;
    s.rating = QStringLiteral("12");
    s.auditoriumName = QStringLiteral("Hall 1");
    s.seatsTotal = 100;
    s.seatsFree = 80;
    return s;
}

} // namespace

class TstShowtimeBoard final : public QObject
{
    Q_OBJECT

private slots:
    /// The day's list opens on the next showtime still on sale, not on one that started hours ago.
    void theBoardOpensOnTheNextShowtimeStillOnSale()
    {
        ShowtimeListModel model;
        model.setLateSaleMinutes(20);
        ShowtimeBoard board(&model);
        board.show();
        QVERIFY(QTest::qWaitForWindowExposed(&board));
        model.setShowtimes({showtime(1, -3LL * 3600, QStringLiteral("Morning")),
                            showtime(2, -2LL * 3600, QStringLiteral("Noon")),
                            showtime(3, 30LL * 60, QStringLiteral("Evening")),
                            showtime(4, 3LL * 3600, QStringLiteral("Night"))});
        QCOMPARE(board.selectedShowtime(), 3);
    }

    void aDayWithNothingLeftOnSaleOpensOnItsFirstShowtime()
    {
        ShowtimeListModel model;
        ShowtimeBoard board(&model);
        model.setShowtimes({showtime(5, -3LL * 3600, QStringLiteral("Morning")),
                            showtime(6, -2LL * 3600, QStringLiteral("Noon"))});
        QCOMPARE(board.selectedShowtime(), 5);
    }

    /// At 700 px wide nothing of the board's head is cut: every label and button shows its whole
    /// text, and every column title fits its column.
    void atSevenHundredPixelsNoHeaderTextIsClipped_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QStringLiteral("en");
        QTest::newRow("Korean") << QStringLiteral("ko");
    }

    void atSevenHundredPixelsNoHeaderTextIsClipped()
    {
        QFETCH(QString, language);
        QTranslator translator;
        if (language == QLatin1String("ko")) {
            QVERIFY(translator.load(QStringLiteral(":/i18n/boxoffice_ko")));
            QCoreApplication::installTranslator(&translator);
            QLocale::setDefault(QLocale(QLocale::Korean, QLocale::SouthKorea));
        }
        auto restore = qScopeGuard([&] {
            QCoreApplication::removeTranslator(&translator);
            QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        });
        ShowtimeListModel model;
        ShowtimeBoard board(&model);
        board.resize(700, 500);
        board.show();
        QVERIFY(QTest::qWaitForWindowExposed(&board));
        model.setShowtimes({showtime(7, 3600, QStringLiteral("A film with a rather long title, part two"))});
        QCoreApplication::processEvents();
        QVERIFY2(board.width() <= 700, qPrintable(QString::number(board.width())));
        auto* sellNext = board.findChild<QAbstractButton*>(QStringLiteral("sellNext"));
        QVERIFY(sellNext);
        QCOMPARE(sellNext->text().contains(QLatin1String("Sell")), language == QLatin1String("en"));
        for (QLabel* label : board.findChildren<QLabel*>()) {
            if (label->isVisible() && !label->wordWrap())
                QVERIFY2(label->width() >= label->sizeHint().width(),
                         qPrintable(QStringLiteral("'%1': %2 < %3")
                                        .arg(label->text())
                                        .arg(label->width())
                                        .arg(label->sizeHint().width())));
        }
        for (QAbstractButton* button : board.findChildren<QAbstractButton*>()) {
            if (button->isVisible())
                QVERIFY2(button->width() >= button->sizeHint().width(),
                         qPrintable(QStringLiteral("'%1': %2 < %3")
                                        .arg(button->text())
                                        .arg(button->width())
                                        .arg(button->sizeHint().width())));
        }
        auto* table = board.findChild<QTableView*>(QStringLiteral("showtimeTable"));
        QVERIFY(table);
        QHeaderView* header = table->horizontalHeader();
        for (int c = 0; c < header->count(); ++c) {
            const QString title = model.headerData(c, Qt::Horizontal).toString();
            const int needed = header->fontMetrics().horizontalAdvance(title);
            QVERIFY2(header->sectionSize(c) >= needed, qPrintable(QStringLiteral("column '%1': %2 < %3")
                                                                      .arg(title)
                                                                      .arg(header->sectionSize(c))
                                                                      .arg(needed)));
        }
    }
};

QTEST_MAIN(TstShowtimeBoard)
#include "tst_showtimeboard.moc"
