// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QAbstractButton>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTranslator>

#include "model/sale/showtimelistmodel.h"
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

    /// A showtime selling through a queue says how many wait; one without a queue, or with nobody
    /// waiting, shows its seats alone. Announcements move one showtime's count; an older one than
    /// the last applied changes nothing.
    void aQueuedShowtimeShowsHowManyWait()
    {
        ShowtimeListModel model;
        ShowtimeBoard board(&model);
        QList<ShowtimeInfo> day{showtime(1, 20LL * 60, QStringLiteral("Premiere")),
                                showtime(2, 90LL * 60, QStringLiteral("Matinee")),
                                showtime(3, 3LL * 3600, QStringLiteral("Late show"))};
        day[0].seatsTotal = 352;
        day[0].seatsFree = 214;
        model.setShowtimes(day);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setQueueWaiting({{1, 137}, {2, 0}});
        const auto seats = [&model](int row) {
            return model.index(row, ShowtimeListModel::SeatsColumn).data().toString();
        };
        QCOMPARE(seats(0), QStringLiteral("214 / 352, 137 waiting"));
        QCOMPARE(seats(1), QStringLiteral("80 / 100"));
        QCOMPARE(seats(2), QStringLiteral("80 / 100"));
        QCOMPARE(model.index(0, 0).data(ShowtimeListModel::QueueWaitingRole).toInt(), 137);
        QCOMPARE(model.index(1, 0).data(ShowtimeListModel::QueueWaitingRole).toInt(), 0);
        QVERIFY(!model.index(2, 0).data(ShowtimeListModel::QueueWaitingRole).isValid());

        changed.clear();
        model.applyQueueChange(QueueChange{1, 10, 136, {}});
        QCOMPARE(seats(0), QStringLiteral("214 / 352, 136 waiting"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 0);
        model.applyQueueChange(QueueChange{1, 9, 140, {}}); // older: dropped
        QCOMPARE(seats(0), QStringLiteral("214 / 352, 136 waiting"));
        // A showtime without a queue: an announcement that nobody waits names nothing.
        model.applyQueueChange(QueueChange{3, 11, 0, {}});
        QVERIFY(!model.index(2, 0).data(ShowtimeListModel::QueueWaitingRole).isValid());
        model.applyQueueChange(QueueChange{3, 12, 4, {}}); // its queue was switched on since
        QCOMPARE(seats(2), QStringLiteral("80 / 100, 4 waiting"));
        QCOMPARE(changed.count(), 2);

        // The line empties: the count goes.
        model.setQueueWaiting({{1, 0}});
        QCOMPARE(seats(0), QStringLiteral("214 / 352"));
        QCOMPARE(seats(2), QStringLiteral("80 / 100"));
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
