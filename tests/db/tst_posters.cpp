// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
// Posters on the board and the kiosk: a terminal login reads the posters of the films on
// its board (FilmStore::posters), its backend reads each film's bytes once however often it is
// asked, and a PosterShelf asks once per film however often the board is refreshed.
#include <QtTest>

#include <QBuffer>
#include <QImage>

#include "db/dbconnection.h"
#include "db/filmstore.h"
#include "db/pgterminalbackend.h"
#include "model/sale/postershelf.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

constexpr int timeoutMs = 10000;

QByteArray png(const QColor& colour)
{
    QImage image(20, 30, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

} // namespace

class TstPosters final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        const int showtime = m_db->addShowtime(2, 5);
        QVERIFY(showtime > 0);
        m_withPoster =
            m_db->scalar(QStringLiteral("SELECT movie_id FROM showtime WHERE id = %1").arg(showtime)).toInt();
        m_poster = png(QColor(200, 30, 160));
        QVERIFY(
            m_db->run(QStringLiteral("UPDATE movie SET poster = '\\x%1'::bytea, poster_type = 'image/png' "
                                     "WHERE id = %2")
                          .arg(QString::fromLatin1(m_poster.toHex()))
                          .arg(m_withPoster)));
        m_without =
            m_db->scalar(QStringLiteral("INSERT INTO movie (title, runtime_min) VALUES ('Night owl', 95) "
                                        "RETURNING id"))
                .toInt();
        QVERIFY(m_without > 0);
    }

    void cleanup() { m_db.reset(); }

    /// The terminal's login reads the bytes and type of a film's poster; a film without one, and
    /// an id that is no film, answer with nothing, each id once and in the order asked.
    void aTerminalLoginReadsThePosters()
    {
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        auto who = terminal->exec(QStringLiteral("SELECT current_user"));
        QVERIFY(who && who.value().next());
        QCOMPARE(who.value().value(0).toString(), m_db->terminalLogin());
        auto read = FilmStore(*terminal).posters({m_withPoster, m_without, 999999, m_withPoster});
        QVERIFY2(read, qPrintable(read ? QString() : read.error().detail));
        const QList<FilmPoster>& posters = read.value();
        QCOMPARE(posters.size(), qsizetype(3));
        QCOMPARE(posters.at(0).filmId, m_withPoster);
        QCOMPARE(posters.at(0).bytes, m_poster);
        QCOMPARE(posters.at(0).type, QStringLiteral("image/png"));
        QCOMPARE(posters.at(1).filmId, m_without);
        QVERIFY(posters.at(1).bytes.isEmpty());
        QVERIFY(posters.at(1).type.isEmpty());
        QCOMPARE(posters.at(2).filmId, 999999);
        QVERIFY(posters.at(2).bytes.isEmpty());
    }

    /// Asked again (a refresh, another screen), the backend answers from what it read: each film's
    /// bytes come from the database once.
    void theBackendReadsEachPosterOnce()
    {
        PgTerminalBackend backend(m_db->settings());
        QSignalSpy loaded(&backend, &TerminalBackend::postersLoaded);
        backend.start();
        QTRY_VERIFY_WITH_TIMEOUT(backend.isOnline(), timeoutMs);
        backend.loadPosters({m_withPoster});
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), qsizetype(1), timeoutMs);
        QCOMPARE(backend.postersRead(), 1);
        backend.loadPosters({m_withPoster, m_without});
        backend.loadPosters({m_without, m_withPoster});
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), qsizetype(3), timeoutMs);
        QCOMPARE(backend.postersRead(), 2);
        const auto last = loaded.at(2).at(0).value<QList<FilmPoster>>();
        QCOMPARE(last.size(), qsizetype(2));
        QCOMPARE(last.at(0).filmId, m_without);
        QVERIFY(last.at(0).bytes.isEmpty());
        QCOMPARE(last.at(1).bytes, m_poster);
        backend.stop();
    }

    /// The board refreshed again and again: its shelf asks for the posters once, with the first
    /// list; the next lists name no film it has not asked for.
    void boardRefreshesAskForPostersOnce()
    {
        PgTerminalBackend backend(m_db->settings());
        PosterShelf shelf(&backend);
        QSignalSpy arrived(&shelf, &PosterShelf::postersArrived);
        QSignalSpy showtimes(&backend, &TerminalBackend::showtimesLoaded);
        const int second = m_db->addShowtime(2, 5, QStringLiteral("Hall two"));
        QVERIFY(second > 0);
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET movie_id = %1 WHERE id = %2").arg(m_without).arg(second)));
        backend.start();
        QTRY_VERIFY_WITH_TIMEOUT(backend.isOnline(), timeoutMs);
        const QDateTime from = QDateTime::currentDateTimeUtc().addDays(-1);
        const QDateTime to = from.addDays(4);
        for (int refresh = 0; refresh < 4; ++refresh)
            backend.loadShowtimes(from, to);
        QTRY_COMPARE_WITH_TIMEOUT(showtimes.size(), qsizetype(4), timeoutMs);
        QCOMPARE(showtimes.at(0).at(0).value<QList<ShowtimeInfo>>().size(), qsizetype(2));
        QTRY_VERIFY_WITH_TIMEOUT(shelf.poster(m_withPoster) && shelf.poster(m_without), timeoutMs);
        QCOMPARE(shelf.requests(), 1);
        QCOMPARE(arrived.size(), qsizetype(1));
        QCOMPARE(backend.postersRead(), 2);
        QCOMPARE(shelf.poster(m_withPoster)->bytes, m_poster);
        QVERIFY(shelf.poster(m_without)->bytes.isEmpty());
        backend.stop();
    }

private:
    std::unique_ptr<TestDatabase> m_db;
    int m_withPoster = 0;
    int m_without = 0;
    QByteArray m_poster;
};

QTEST_GUILESS_MAIN(TstPosters)
#include "tst_posters.moc"
