// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
// Posters on the board and the kiosk on a real database: a film with a poster shows it
// beside its title on the counter's board and large on the kiosk's film tile; a film without one
// shows the placeholder (its initials on a tinted tile) in both places.
#include <QtTest>

#include <QBuffer>
#include <QTemporaryDir>
#include <QTimeZone>

#include "db/catalogstore.h"
#include "tests/support/kioskrig.h"
#include "ui/common/posterart.h"
#include "ui/counter/showtimeboard.h"
#include "ui/kiosk/filmtile.h"

using namespace bo;
using namespace bo::test;

namespace {

const QColor posterColour(210, 40, 170);
const QString placeholderTitle = QStringLiteral("Night Owl");

QByteArray posterPng()
{
    QImage image(20, 30, QImage::Format_RGB32);
    image.fill(posterColour);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QColor centre(const QPixmap& pixmap)
{
    const QImage image = pixmap.toImage();
    return image.pixelColor(image.width() / 2, image.height() / 2);
}

} // namespace

class TstPosterArt final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_withPoster = 0; ///< film ids
    int m_without = 0;

    static void snapshot(QWidget& widget, const QString& name)
    {
        const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
    }

    /// Two films on sale today: "Test film" with a poster, "Night Owl" without.
    void addFilms(TestDatabase& db)
    {
        const int first = addTodaysShowtime(db);
        QVERIFY(first > 0);
        const int second = addTodaysShowtime(db, QStringLiteral("Hall two"));
        QVERIFY(second > 0);
        m_withPoster =
            db.scalar(QStringLiteral("SELECT movie_id FROM showtime WHERE id = %1").arg(first)).toInt();
        QVERIFY(db.run(QStringLiteral("UPDATE movie SET poster = '\\x%1'::bytea, poster_type = 'image/png' "
                                      "WHERE id = %2")
                           .arg(QString::fromLatin1(posterPng().toHex()))
                           .arg(m_withPoster)));
        m_without =
            db.scalar(QStringLiteral("INSERT INTO movie (title, runtime_min) VALUES ('%1', 95) RETURNING id")
                          .arg(placeholderTitle))
                .toInt();
        QVERIFY(m_without > 0);
        QVERIFY(db.run(
            QStringLiteral("UPDATE showtime SET movie_id = %1 WHERE id = %2").arg(m_without).arg(second)));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// The board's film column carries each film's thumbnail: the poster's own pixels for the film
    /// that has one, the placeholder for the other.
    void theBoardShowsThePosterOrThePlaceholder()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        CHECKED(addFilms(db));
        CounterTill c(db.settings(), QStringLiteral("till-1"));
        CHECKED(start(c));
        QTRY_COMPARE_WITH_TIMEOUT(c.table()->model()->rowCount(), 2, dbTimeoutMs);
        const QAbstractItemModel* model = c.table()->model();
        const auto thumbnail = [model](int filmTitleRow) {
            return model->index(filmTitleRow, ShowtimeListModel::MovieColumn)
                .data(Qt::DecorationRole)
                .value<QPixmap>();
        };
        const auto rowOf = [model](const QString& title) {
            for (int row = 0; row < model->rowCount(); ++row) {
                if (model->index(row, ShowtimeListModel::MovieColumn).data().toString().startsWith(title))
                    return row;
            }
            return -1;
        };
        const int withPoster = rowOf(QStringLiteral("Test film"));
        const int without = rowOf(placeholderTitle);
        QVERIFY(withPoster >= 0 && without >= 0);
        QTRY_COMPARE_WITH_TIMEOUT(centre(thumbnail(withPoster)), posterColour, dbTimeoutMs);
        QCOMPARE(thumbnail(withPoster).size(), ShowtimeBoard::thumbnailSize());
        const QPixmap placeholder = thumbnail(without);
        QCOMPARE(placeholder.size(), ShowtimeBoard::thumbnailSize());
        QCOMPARE(placeholder.toImage(),
                 PosterArt::placeholder(placeholderTitle, ShowtimeBoard::thumbnailSize()).toImage());
        QVERIFY(centre(placeholder) != posterColour);
        snapshot(c.window, QStringLiteral("board-posters.png"));
    }

    /// The kiosk's film screen: a tile per film, the poster large on one, the placeholder on the
    /// other, painted on the tile itself (its grab shows them).
    void theKioskTilesShowThePosterOrThePlaceholder()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        CHECKED(addFilms(db));
        KioskRig k(db, m_dir.path(), m_dir.filePath(QStringLiteral("kiosk.key")), testSettings());
        CHECKED(startKiosk(k));
        CHECKED(click(k, QStringLiteral("start")));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Films, dbTimeoutMs);
        auto* poster = k.window.findChild<FilmTile*>(QStringLiteral("film-%1").arg(m_withPoster));
        auto* plain = k.window.findChild<FilmTile*>(QStringLiteral("film-%1").arg(m_without));
        QVERIFY(poster && plain);
        QTRY_VERIFY_WITH_TIMEOUT(poster->showsPoster(), dbTimeoutMs);
        QCOMPARE(poster->picture().size(), FilmTile::posterSize);
        QCOMPARE(centre(poster->picture()), posterColour);
        QVERIFY(!plain->showsPoster());
        QCOMPARE(plain->picture().toImage(),
                 PosterArt::placeholder(placeholderTitle, FilmTile::posterSize).toImage());
        // What the customer sees: the poster's middle, a third down the tile.
        const auto shown = [](FilmTile* tile) {
            return tile->grab().toImage().pixelColor(tile->width() / 2,
                                                     12 + FilmTile::posterSize.height() / 2);
        };
        QTRY_COMPARE_WITH_TIMEOUT(shown(poster), posterColour, dbTimeoutMs);
        QVERIFY(shown(plain) != posterColour);
    }

    /// The demo cinema (seedDemo) gives every film its self-made poster: each tile on the demo
    /// kiosk's film screen shows a poster, none a placeholder.
    void theDemoFilmsHavePosters()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        auto owner = db.connectAsOwner();
        QVERIFY(owner);
        auto seeded = CatalogStore(*owner).seedDemo(QDate::currentDate(), QTimeZone::systemTimeZone());
        QVERIFY2(seeded, qPrintable(seeded ? QString() : seeded.error().detail));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FILTER (WHERE poster IS NULL) || '/' || count(*) "
                                          "FROM movie")),
                 QStringLiteral("0/5"));
        // The kiosk sells today's showtimes until midnight, and late in the evening the demo's day
        // has none left: every film also plays, in a hall of its own, from a minute ago (still on
        // sale for the late-sale minutes), so the board shows all five whatever the hour. The halls
        // need seats: a showtime without any is none of the board's (CatalogStore lists showtimes
        // with their seat counts), which made this test fail from the demo's last sale to midnight.
        const QStringList films =
            db.scalar(QStringLiteral("SELECT string_agg(id::text, ',' ORDER BY id) FROM movie"))
                .split(QLatin1Char(','));
        QCOMPARE(films.size(), 5);
        for (qsizetype i = 0; i < films.size(); ++i) {
            const int late = db.addShowtime(1, 4, QStringLiteral("Poster hall %1").arg(i + 1));
            QVERIFY(late > 0);
            QVERIFY(db.run(
                QStringLiteral("UPDATE showtime SET movie_id = %1, starts_at = now() - interval '1 minute' "
                               "WHERE id = %2")
                    .arg(films.at(i))
                    .arg(late)));
        }
        KioskRig k(db, m_dir.path(), m_dir.filePath(QStringLiteral("demo.key")), testSettings());
        CHECKED(startKiosk(k));
        CHECKED(click(k, QStringLiteral("start")));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Films, dbTimeoutMs);
        const QList<FilmTile*> tiles = k.window.findChildren<FilmTile*>();
        QVERIFY(!tiles.isEmpty());
        for (FilmTile* tile : tiles)
            QTRY_VERIFY2_WITH_TIMEOUT(tile->showsPoster(), qPrintable(tile->text()), dbTimeoutMs);
        snapshot(k.window, QStringLiteral("kiosk-films.png"));
    }
};

QTEST_MAIN(TstPosterArt)
#include "tst_posterart.moc"
