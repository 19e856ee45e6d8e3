// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The manager's film screen: on a real PostgreSQL as the manager login, a film is
// added through the form (poster chosen from a file), edited, retired and given back, and the
// database read after each step; a bad value (a runtime of 0, a language of three letters) is
// named next to the form, Save is disabled and nothing is written even when Save is forced.
#include <QtTest>

#include <memory>

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>

#include "db/filmstore.h"
#include "tests/support/testdatabase.h"
#include "ui/manager/filmform.h"
#include "ui/manager/filmscreen.h"

using namespace bo;
using namespace bo::test;

namespace {

/// With $BOXOFFICE_SNAPSHOT_DIR set, saves the widget there (the README's screenshot: run under
/// Xvfb with QT_QPA_PLATFORM=xcb).
void snapshot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
}

template <typename T> T* child(QWidget& parent, const char* name)
{
    auto* w = parent.findChild<T*>(QLatin1String(name));
    if (!w)
        qWarning("no widget %s", name);
    return w;
}

/// A poster: a small PNG drawn here.
QString writePoster(const QTemporaryDir& dir, const QString& name, const QColor& color)
{
    QImage image(200, 290, QImage::Format_RGB32);
    image.fill(color);
    for (int y = 0; y < image.height(); y += 20)
        for (int x = 0; x < image.width(); ++x)
            image.setPixelColor(x, y, Qt::white);
    const QString path = dir.filePath(name);
    return image.save(path, "PNG") ? path : QString();
}

} // namespace

class TstFilmScreen final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_manager;
    std::unique_ptr<FilmStore> m_store;
    QTemporaryDir m_files;

    QString moviesTable() const
    {
        return m_db->scalar(QStringLiteral(
            "SELECT count(*) || ' ' || md5(coalesce(string_agg(concat_ws(',', id, title, title_en, "
            "runtime_min, "
            "rating, format, language, subtitles, release_on, plays_until, md5(poster), poster_type, "
            "retired_at), ';' ORDER BY id), '')) FROM movie"));
    }

    QString film(const QString& title, const QString& columns) const
    {
        return m_db->scalar(
            QStringLiteral("SELECT concat_ws('|', %1) FROM movie WHERE title = '%2'").arg(columns, title));
    }

private slots:
    void initTestCase() { QVERIFY(m_files.isValid()); }
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        QVERIFY(m_db->addShowtime(2, 5) > 0); // "Test film", with a showtime
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
        m_store = std::make_unique<FilmStore>(*m_manager);
    }
    void cleanup()
    {
        m_store.reset();
        m_manager.reset();
        m_db.reset();
    }

    void aFilmIsAddedEditedRetiredAndGivenBackThroughTheForm()
    {
        const QString poster = writePoster(m_files, QStringLiteral("orbit.png"), QColor(30, 60, 140));
        const QString poster2 = writePoster(m_files, QStringLiteral("orbit2.png"), QColor(140, 40, 30));
        QVERIFY(!poster.isEmpty() && !poster2.isEmpty());
        // Another film with its poster, added through the port.
        Film tigers;
        tigers.title = QStringLiteral("종이 호랑이");
        tigers.titleEn = QStringLiteral("Paper Tigers");
        tigers.runtimeMinutes = 95;
        tigers.rating = QStringLiteral("ALL");
        tigers.format = QStringLiteral("3D");
        tigers.releaseOn = QDate(2026, 11, 20);
        QFile tigersPoster(writePoster(m_files, QStringLiteral("tigers.png"), QColor(200, 140, 20)));
        QVERIFY(tigersPoster.open(QIODevice::ReadOnly));
        tigers.poster = tigersPoster.readAll();
        QVERIFY(m_store->add(tigers).ok());
        FilmScreen screen(*m_store);
        screen.show();
        QVERIFY(QTest::qWaitForWindowExposed(&screen));
        QCOMPARE(screen.table()->rowCount(), 2);

        // A new film, typed in.
        QTest::mouseClick(child<QPushButton>(screen, "newFilm"), Qt::LeftButton);
        auto* save = child<QPushButton>(screen, "saveFilm");
        QVERIFY(!save->isEnabled()); // no title yet
        // Korean as an input method commits it (QTest types ASCII only).
        child<QLineEdit>(screen, "filmTitle")->insert(QStringLiteral("서울의 궤도"));
        QTest::keyClicks(child<QLineEdit>(screen, "filmTitleEn"), QStringLiteral("Orbit of Seoul"));
        auto* runtime = child<QSpinBox>(screen, "filmRuntime");
        runtime->selectAll();
        QTest::keyClicks(runtime, QStringLiteral("124"));
        QCOMPARE(runtime->value(), 124);
        auto* rating = child<QComboBox>(screen, "filmRating");
        rating->setCurrentIndex(rating->findData(QStringLiteral("12")));
        auto* format = child<QComboBox>(screen, "filmFormat");
        format->setCurrentIndex(format->findText(QStringLiteral("IMAX")));
        QTest::keyClicks(child<QLineEdit>(screen, "filmLanguage"), QStringLiteral("ko"));
        QTest::keyClicks(child<QLineEdit>(screen, "filmSubtitles"), QStringLiteral("en"));
        child<QCheckBox>(screen, "filmHasRelease")->click();
        child<QDateEdit>(screen, "filmRelease")->setDate(QDate(2026, 12, 16));
        child<QCheckBox>(screen, "filmHasUntil")->click();
        child<QDateEdit>(screen, "filmUntil")->setDate(QDate(2027, 1, 31));
        QVERIFY(screen.form()->loadPosterFile(poster));
        QVERIFY(!child<QLabel>(screen, "filmPosterPreview")->pixmap().isNull());
        QVERIFY2(screen.form()->problem().isEmpty(), qPrintable(screen.form()->problem()));
        QVERIFY(save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY2(screen.statusText().contains(QLatin1String("added")), qPrintable(screen.statusText()));
        QCOMPARE(
            film(QStringLiteral("서울의 궤도"),
                 QStringLiteral("title_en, runtime_min, rating, format, language, subtitles, release_on, "
                                "plays_until, poster_type, retired_at IS NULL")),
            QStringLiteral("Orbit of Seoul|124|12|IMAX|ko|en|2026-12-16|2027-01-31|image/png|t"));
        QFile file(poster);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(
            film(QStringLiteral("서울의 궤도"), QStringLiteral("md5(poster)")),
            QString::fromLatin1(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Md5).toHex()));
        const int id = film(QStringLiteral("서울의 궤도"), QStringLiteral("id")).toInt();
        QCOMPARE(screen.table()->rowCount(), 3);
        const int row = screen.rowOf(id);
        QVERIFY(row >= 0);
        QVERIFY(screen.table()->item(row, 1)->isSelected()); // the new film stays in the form
        QVERIFY(!format->isEnabled());                       // its format is not edited

        // Edited: a longer runtime, no end day; the poster kept since no other was chosen.
        screen.reload();
        QTest::mouseClick(screen.table()->viewport(), Qt::LeftButton, Qt::NoModifier,
                          screen.table()->visualItemRect(screen.table()->item(screen.rowOf(id), 1)).center());
        QCOMPARE(child<QLineEdit>(screen, "filmTitleEn")->text(), QStringLiteral("Orbit of Seoul"));
        runtime->selectAll();
        QTest::keyClicks(runtime, QStringLiteral("131"));
        child<QCheckBox>(screen, "filmHasUntil")->click();
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY2(screen.statusText().contains(QLatin1String("saved")), qPrintable(screen.statusText()));
        QCOMPARE(film(QStringLiteral("서울의 궤도"),
                      QStringLiteral("runtime_min, coalesce(plays_until::text, 'open'), poster_type")),
                 QStringLiteral("131|open|image/png"));
        // Another poster.
        QVERIFY(screen.form()->loadPosterFile(poster2));
        QTest::mouseClick(save, Qt::LeftButton);
        QFile file2(poster2);
        QVERIFY(file2.open(QIODevice::ReadOnly));
        QCOMPARE(
            film(QStringLiteral("서울의 궤도"), QStringLiteral("md5(poster)")),
            QString::fromLatin1(QCryptographicHash::hash(file2.readAll(), QCryptographicHash::Md5).toHex()));
        // Retired: marked in the table and the database; then given back.
        auto* retire = child<QPushButton>(screen, "retireFilm");
        QVERIFY(retire->isEnabled());
        QTest::mouseClick(retire, Qt::LeftButton);
        QCOMPARE(film(QStringLiteral("서울의 궤도"), QStringLiteral("retired_at IS NOT NULL, retired_by")),
                 QStringLiteral("t|%1").arg(m_manager->settings().value(QStringLiteral("user"))));
        QVERIFY(screen.table()->item(screen.rowOf(id), 8)->text().startsWith(QLatin1String("retired")));
        QVERIFY(retire->text().contains(QLatin1String("Un-ret")));
        snapshot(screen, QStringLiteral("film-screen.png"));
        QTest::mouseClick(retire, Qt::LeftButton);
        QCOMPARE(
            film(QStringLiteral("서울의 궤도"), QStringLiteral("retired_at IS NULL, retired_by IS NULL")),
            QStringLiteral("t|t"));
        QVERIFY(screen.table()->item(screen.rowOf(id), 8)->text().isEmpty());

        // And no poster at all.
        QTest::mouseClick(child<QPushButton>(screen, "filmNoPoster"), Qt::LeftButton);
        QTest::mouseClick(save, Qt::LeftButton);
        QCOMPARE(film(QStringLiteral("서울의 궤도"), QStringLiteral("poster IS NULL, poster_type IS NULL")),
                 QStringLiteral("t|t"));
    }

    void aBadValueIsNamedNextToTheFormAndNothingIsWritten()
    {
        FilmScreen screen(*m_store);
        screen.show();
        QVERIFY(QTest::qWaitForWindowExposed(&screen));
        const QString before = moviesTable();
        auto* save = child<QPushButton>(screen, "saveFilm");
        auto* message = child<QLabel>(screen, "filmMessage");

        // A new film with a runtime of 0.
        QTest::mouseClick(child<QPushButton>(screen, "newFilm"), Qt::LeftButton);
        QTest::keyClicks(child<QLineEdit>(screen, "filmTitle"), QStringLiteral("Zero"));
        QVERIFY2(message->text().contains(QLatin1String("runtime")), qPrintable(message->text()));
        QVERIFY(!save->isEnabled());
        QVERIFY(!screen.saveFilm()); // forced: still refused
        QCOMPARE(moviesTable(), before);

        // The film there, edited to a runtime of 0 and a language of three letters.
        screen.table()->selectRow(0);
        QCOMPARE(child<QLineEdit>(screen, "filmTitle")->text(), QStringLiteral("Test film"));
        QVERIFY(save->isEnabled());
        auto* runtime = child<QSpinBox>(screen, "filmRuntime");
        runtime->selectAll();
        QTest::keyClicks(runtime, QStringLiteral("0"));
        QCOMPARE(runtime->value(), 0);
        QVERIFY2(message->text().contains(QLatin1String("runtime")), qPrintable(message->text()));
        QVERIFY(!save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY(!screen.saveFilm());
        QCOMPARE(moviesTable(), before);
        runtime->selectAll();
        QTest::keyClicks(runtime, QStringLiteral("100"));
        QVERIFY(save->isEnabled());
        QTest::keyClicks(child<QLineEdit>(screen, "filmLanguage"), QStringLiteral("kor"));
        QVERIFY2(message->text().contains(QLatin1String("kor")), qPrintable(message->text()));
        QVERIFY(!screen.saveFilm());
        QCOMPARE(moviesTable(), before);

        // A file that is no image is not taken as the poster.
        const QString text = m_files.filePath(QStringLiteral("notes.txt"));
        QFile notes(text);
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not an image");
        notes.close();
        QVERIFY(!screen.form()->loadPosterFile(text));
        QVERIFY2(message->text().contains(QLatin1String("no PNG or JPEG")), qPrintable(message->text()));

        // The database's refusal is shown too: another film's title in the same format.
        Film tigers;
        tigers.title = QStringLiteral("Paper Tigers");
        tigers.runtimeMinutes = 95;
        tigers.rating = QStringLiteral("ALL");
        QVERIFY(m_store->add(tigers).ok());
        const QString withTigers = moviesTable();
        screen.reload();
        screen.table()->selectRow(screen.rowOf(m_db->scalar(QStringLiteral("SELECT id FROM movie WHERE "
                                                                           "title = 'Test film'"))
                                                   .toInt()));
        auto* title = child<QLineEdit>(screen, "filmTitle");
        title->selectAll();
        QTest::keyClicks(title, QStringLiteral("Paper Tigers"));
        QVERIFY(save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY2(message->text().contains(QLatin1String("already")), qPrintable(message->text()));
        QCOMPARE(moviesTable(), withTigers);
    }
};

QTEST_MAIN(TstFilmScreen)
#include "tst_filmscreen.moc"
