// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A film as a manager enters it: FilmCatalog::check keeps what is right in one
// spelling and names the first wrong value; the Korean rating names.
#include <QtTest>

#include "model/showtimes/filmcatalog.h"

using namespace bo;

namespace {

Film goodFilm()
{
    Film f;
    f.title = QStringLiteral("서울의 궤도");
    f.titleEn = QStringLiteral("Orbit of Seoul");
    f.runtimeMinutes = 124;
    f.rating = QStringLiteral("12");
    f.format = QStringLiteral("IMAX");
    f.language = QStringLiteral("ko");
    f.subtitles = QStringLiteral("en");
    f.releaseOn = QDate(2026, 12, 16);
    f.playsUntil = QDate(2027, 1, 31);
    return f;
}

const QByteArray png = QByteArrayLiteral("\x89PNG\r\n\x1a\n") + QByteArray(64, 'p');

} // namespace

class TstFilmCheck final : public QObject
{
    Q_OBJECT

private slots:
    void aGoodFilmIsKeptInOneSpelling()
    {
        Film f = goodFilm();
        f.title = QStringLiteral("  서울의 궤도 ");
        f.rating = QStringLiteral("all");
        f.format = QStringLiteral("imax 3d");
        f.language = QStringLiteral(" KO");
        f.subtitles = QStringLiteral("none");
        f.poster = png;
        auto kept = FilmCatalog::check(f);
        QVERIFY2(kept.ok(), qPrintable(kept.ok() ? QString() : kept.error().message));
        QCOMPARE(kept.value().title, QStringLiteral("서울의 궤도"));
        QCOMPARE(kept.value().rating, QStringLiteral("ALL"));
        QCOMPARE(kept.value().format, QStringLiteral("IMAX 3D"));
        QCOMPARE(kept.value().language, QStringLiteral("ko"));
        QCOMPARE(kept.value().subtitles, QString());
        QCOMPARE(kept.value().posterType, QStringLiteral("image/png"));
        QCOMPARE(kept.value().posterBytes, qint64(png.size()));

        // No format said: 2D. A JPEG poster.
        f = goodFilm();
        f.format.clear();
        f.poster = QByteArrayLiteral("\xff\xd8\xff\xe0") + QByteArray(10, 'j');
        kept = FilmCatalog::check(f);
        QVERIFY(kept.ok());
        QCOMPARE(kept.value().format, QStringLiteral("2D"));
        QCOMPARE(kept.value().posterType, QStringLiteral("image/jpeg"));
    }

    void aWrongValueIsNamed_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("said");
        QTest::newRow("no title") << QStringLiteral("title") << QStringLiteral("   ")
                                  << QStringLiteral("needs a title");
        QTest::newRow("a title of 201 characters")
            << QStringLiteral("title") << QString(201, QLatin1Char('t')) << QStringLiteral("at most 200");
        QTest::newRow("a title of two lines")
            << QStringLiteral("title") << QStringLiteral("Orbit\nof Seoul") << QStringLiteral("one line");
        QTest::newRow("an English title of 201 characters")
            << QStringLiteral("titleEn") << QString(201, QLatin1Char('e')) << QStringLiteral("at most 200");
        QTest::newRow("no runtime") << QStringLiteral("runtime") << QStringLiteral("0")
                                    << QStringLiteral("1 to 600");
        QTest::newRow("a runtime of 601 minutes")
            << QStringLiteral("runtime") << QStringLiteral("601") << QStringLiteral("1 to 600");
        QTest::newRow("a rating of another country")
            << QStringLiteral("rating") << QStringLiteral("PG-13") << QStringLiteral("no age rating");
        QTest::newRow("no rating") << QStringLiteral("rating") << QStringLiteral("")
                                   << QStringLiteral("no age rating");
        QTest::newRow("an unknown format")
            << QStringLiteral("format") << QStringLiteral("VHS") << QStringLiteral("no format");
        QTest::newRow("a language of three letters")
            << QStringLiteral("language") << QStringLiteral("kor") << QStringLiteral("no language code");
        QTest::newRow("subtitles with a digit")
            << QStringLiteral("subtitles") << QStringLiteral("k1") << QStringLiteral("no language code");
        QTest::newRow("playing before the release") << QStringLiteral("until") << QStringLiteral("2026-12-15")
                                                    << QStringLiteral("before its release");
        QTest::newRow("a poster that is no image")
            << QStringLiteral("poster") << QStringLiteral("GIF89a") << QStringLiteral("PNG or JPEG");
        QTest::newRow("a poster over 2 MiB")
            << QStringLiteral("poster") << QStringLiteral("big") << QStringLiteral("at most 2097152 bytes");
    }

    void aWrongValueIsNamed()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, said);
        Film f = goodFilm();
        if (field == u"title")
            f.title = value;
        else if (field == u"titleEn")
            f.titleEn = value;
        else if (field == u"runtime")
            f.runtimeMinutes = value.toInt();
        else if (field == u"rating")
            f.rating = value;
        else if (field == u"format")
            f.format = value;
        else if (field == u"language")
            f.language = value;
        else if (field == u"subtitles")
            f.subtitles = value;
        else if (field == u"until")
            f.playsUntil = QDate::fromString(value, Qt::ISODate);
        else if (value == u"big")
            f.poster = png + QByteArray(int(FilmCatalog::maxPosterBytes), 'x');
        else
            f.poster = value.toLatin1();
        auto kept = FilmCatalog::check(f);
        QVERIFY(!kept.ok());
        QCOMPARE(kept.error().code, ErrorCode::BadInput);
        QVERIFY2(kept.error().message.contains(said), qPrintable(kept.error().message));
    }

    void theLimitsThemselvesAreAllowed()
    {
        Film f = goodFilm();
        f.title = QString(200, QLatin1Char('t'));
        f.runtimeMinutes = 600;
        f.playsUntil = f.releaseOn; // a one-day run
        f.poster = png + QByteArray(int(FilmCatalog::maxPosterBytes) - png.size(), 'x');
        QVERIFY(FilmCatalog::check(f).ok());
        f.runtimeMinutes = 1;
        QVERIFY(FilmCatalog::check(f).ok());
    }

    void theRatingsHaveTheirKoreanNames()
    {
        const QStringList names{QStringLiteral("전체관람가"), QStringLiteral("12세이상관람가"),
                                QStringLiteral("15세이상관람가"), QStringLiteral("청소년관람불가"),
                                QStringLiteral("제한상영가")};
        QCOMPARE(FilmCatalog::ratings().size(), names.size());
        for (qsizetype i = 0; i < names.size(); ++i)
            QCOMPARE(FilmCatalog::ratingName(FilmCatalog::ratings().at(i)), names.at(i));
        QCOMPARE(FilmCatalog::ratingName(QStringLiteral("PG")), QString());
    }
};

QTEST_GUILESS_MAIN(TstFilmCheck)
#include "tst_filmcheck.moc"
