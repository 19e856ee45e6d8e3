// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <tuple>

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include "model/core/refusal.h"
#include "model/core/result.h"

#ifndef BOXOFFICE_SOURCE_DIR
#error "BOXOFFICE_SOURCE_DIR must name the source tree"
#endif

using namespace bo;

namespace {

/// Every name as first written. Programs read them (the CLI's JSON, the web API's problem
/// documents), so a name here never changes; a new refusal adds its line.
const QList<std::pair<Refusal, const char*>>& writtenNames()
{
    static const QList<std::pair<Refusal, const char*>> names = {
        {Refusal::Unreachable, "database-unreachable"},
        {Refusal::NotConnected, "not-connected"},
        {Refusal::CannotConnect, "cannot-connect"},
        {Refusal::LoginRefused, "login-refused"},
        {Refusal::NoPostgresDriver, "no-postgres-driver"},
        {Refusal::ConnectionStringInvalid, "connection-string-invalid"},
        {Refusal::ConnectionStringSemicolon, "connection-string-semicolon"},
        {Refusal::TimedOut, "database-timeout"},
        {Refusal::OutcomeUnknown, "outcome-unknown"},
        {Refusal::RolledBack, "transaction-rolled-back"},
        {Refusal::UnexpectedServerError, "unexpected-database-error"},
        {Refusal::ValueNotSendable, "value-not-sendable"},
        {Refusal::PasswordNotEncrypted, "password-not-encrypted"},
        {Refusal::NoAnswer, "no-answer"},
        {Refusal::UnexpectedAnswer, "unexpected-answer"},
        {Refusal::SeatsTaken, "seats-taken"},
        {Refusal::HoldExpired, "hold-expired"},
        {Refusal::NotAdmitted, "not-admitted"},
        {Refusal::RequestInProgress, "request-in-progress"},
        {Refusal::LostRace, "lost-race"},
        {Refusal::NothingOnSale, "nothing-on-sale"},
        {Refusal::NoSeatsNamed, "no-seats-named"},
        {Refusal::SeatNameEmpty, "seat-name-empty"},
        {Refusal::SeatListedTwice, "seat-listed-twice"},
        {Refusal::SeatInOtherHall, "seat-in-other-hall"},
        {Refusal::NoSuchSeat, "no-such-seat"},
        {Refusal::NoOpenShift, "no-open-shift"},
        {Refusal::TooManyPins, "too-many-pins"},
        {Refusal::ExchangeSeatTaken, "exchange-seat-taken"},
        {Refusal::NoSuchShowtime, "no-such-showtime"},
        {Refusal::HallBusy, "hall-busy"},
        {Refusal::ShowtimeStartInvalid, "showtime-start-invalid"},
        {Refusal::PatternStartInvalid, "pattern-start-invalid"},
        {Refusal::WeekInvalid, "week-invalid"},
        {Refusal::ShowtimeHasSales, "showtime-has-sales"},
        {Refusal::ShowtimeHasSoldSeats, "showtime-has-sold-seats"},
        {Refusal::ShowtimeHasHeldSeats, "showtime-has-held-seats"},
        {Refusal::ShowtimeKeepsSoldLayout, "showtime-keeps-sold-layout"},
        {Refusal::ShowtimeStaysInHall, "showtime-stays-in-hall"},
        {Refusal::PriceListUnreadable, "price-list-unreadable"},
        {Refusal::NoShowtimesNamed, "no-showtimes-named"},
        {Refusal::SaleWindowUnchanged, "sale-window-unchanged"},
        {Refusal::SettingsMissing, "settings-missing"},
        {Refusal::DemoDataMissing, "demo-data-missing"},
        {Refusal::NoSuchFilm, "no-such-film"},
        {Refusal::FilmExists, "film-exists"},
        {Refusal::NoSuchHall, "no-such-hall"},
        {Refusal::NoSuchHallSeat, "no-such-hall-seat"},
        {Refusal::LoginNameInvalid, "login-name-invalid"},
        {Refusal::PasswordEmpty, "password-empty"},
        {Refusal::RoleExists, "role-exists"},
        {Refusal::NoSuchLogin, "no-such-login"},
        {Refusal::ForeignLogin, "foreign-login"},
        {Refusal::DatabaseNameInvalid, "database-name-invalid"},
        {Refusal::NoSuchDatabase, "no-such-database"},
        {Refusal::SchemaTooNew, "schema-too-new"},
        {Refusal::SchemaTooOld, "schema-too-old"},
        {Refusal::SchemaGap, "schema-gap"},
        {Refusal::FunctionsMismatch, "functions-mismatch"},
        {Refusal::MigrationsMissing, "migrations-missing"},
        {Refusal::MigrationFailed, "migration-failed"},
        {Refusal::FunctionsMissing, "functions-missing"},
        {Refusal::FunctionsFailed, "functions-failed"},
        {Refusal::PostgresAsRoot, "postgres-as-root"},
        {Refusal::PostgresNotFound, "postgres-not-found"},
        {Refusal::FolderNotHandedOver, "folder-not-handed-over"},
        {Refusal::FolderClosedToPostgres, "folder-closed-to-postgres"},
        {Refusal::FolderNotCreated, "folder-not-created"},
        {Refusal::FileNotWritten, "file-not-written"},
        {Refusal::DatabaseStarting, "database-starting"},
        {Refusal::InitdbFailed, "initdb-failed"},
        {Refusal::NoFreePort, "no-free-port"},
        {Refusal::FolderHasQuote, "folder-has-quote"},
        {Refusal::PrivateServerNotStarted, "private-server-not-started"},
        {Refusal::PrivateServerNotStopped, "private-server-not-stopped"},
        {Refusal::JournalNoDriver, "journal-no-driver"},
        {Refusal::JournalNotAFile, "journal-not-a-file"},
        {Refusal::JournalFolderNotMade, "journal-folder-not-made"},
        {Refusal::JournalNotOpened, "journal-not-opened"},
        {Refusal::JournalNotWritten, "journal-not-written"},
        {Refusal::JournalNotRead, "journal-not-read"},
        {Refusal::JournalNoSuchScan, "journal-no-such-scan"},
        {Refusal::NotOnSaleYet, "not-on-sale-yet"},
        {Refusal::NotOnSale, "not-on-sale"},
        {Refusal::KioskHoldsAnotherSale, "kiosk-holds-another-sale"},
        {Refusal::SeatsNotInShowtime, "seats-not-in-showtime"},
        {Refusal::NoSuchSale, "no-such-sale"},
        {Refusal::NoSuchRequestKey, "no-such-request-key"},
        {Refusal::KeyReused, "key-reused"},
        {Refusal::NoSuchBooking, "no-such-booking"},
        {Refusal::BookingClosedAlready, "booking-closed-already"},
        {Refusal::CancelWhileCapturing, "cancel-while-capturing"},
        {Refusal::PaymentMissing, "payment-missing"},
        {Refusal::PaymentOfAnotherBooking, "payment-of-another-booking"},
        {Refusal::PaymentNotTaken, "payment-not-taken"},
        {Refusal::PaymentBeingVoided, "payment-being-voided"},
        {Refusal::PaymentNotMoneyTaken, "payment-not-money-taken"},
        {Refusal::PaymentAmountDiffers, "payment-amount-differs"},
        {Refusal::KioskPaysByCard, "kiosk-pays-by-card"},
        {Refusal::PayFirst, "pay-first"},
        {Refusal::CashOnlyAtTill, "cash-only-at-till"},
        {Refusal::BookingNotPending, "booking-not-pending"},
        {Refusal::UnresolvedPayment, "unresolved-payment"},
        {Refusal::NoSuchPayment, "no-such-payment"},
        {Refusal::PaymentStateMoved, "payment-state-moved"},
        {Refusal::BookingPaymentNotTaken, "booking-payment-not-taken"},
        {Refusal::ConfirmedPaymentStays, "confirmed-payment-stays"},
        {Refusal::MoneyBackByRefund, "money-back-by-refund"},
        {Refusal::PaymentBacksExchange, "payment-backs-exchange"},
        {Refusal::PaymentShiftClosed, "payment-shift-closed"},
        {Refusal::OnlyServiceRecordsCard, "only-service-records-card"},
        {Refusal::ServiceTakesNoCash, "service-takes-no-cash"},
        {Refusal::PaymentAlready, "payment-already"},
        {Refusal::NoSuchTicketKey, "no-such-ticket-key"},
        {Refusal::BookingHasNoTickets, "booking-has-no-tickets"},
        {Refusal::TicketNotAwaitingSignature, "ticket-not-awaiting-signature"},
        {Refusal::TicketKeyOfAnotherTill, "ticket-key-of-another-till"},
        {Refusal::TillHasTicketKey, "till-has-ticket-key"},
        {Refusal::NoWaitingTillKey, "no-waiting-till-key"},
        {Refusal::TicketKeyNotLive, "ticket-key-not-live"},
        {Refusal::TicketKeyAwaitsApproval, "ticket-key-awaits-approval"},
        {Refusal::BookingOfAnotherTill, "booking-of-another-till"},
        {Refusal::TicketsIssuedAlready, "tickets-issued-already"},
        {Refusal::TicketNotAwaitingThisTill, "ticket-not-awaiting-this-till"},
        {Refusal::NoSuchHelpCall, "no-such-help-call"},
        {Refusal::HallExists, "hall-exists"},
        {Refusal::NoSuchPriceList, "no-such-price-list"},
        {Refusal::ShowtimeOverlaps, "showtime-overlaps"},
        {Refusal::PatternOverlaps, "pattern-overlaps"},
        {Refusal::FilmTitleTaken, "film-title-taken"},
        {Refusal::ShowtimePricesStay, "showtime-prices-stay"},
        {Refusal::ShowtimeCancelled, "showtime-cancelled"},
        {Refusal::FilmRetired, "film-retired"},
        {Refusal::StaffNameTaken, "staff-name-taken"},
        {Refusal::NoActiveStaff, "no-active-staff"},
        {Refusal::NoPinAttempt, "no-pin-attempt"},
        {Refusal::UnlockNeedsSupervisor, "unlock-needs-supervisor"},
        {Refusal::NoSelfUnlock, "no-self-unlock"},
        {Refusal::NoSuchStaff, "no-such-staff"},
        {Refusal::NobodySignedIn, "nobody-signed-in"},
        {Refusal::TillLocked, "till-locked"},
        {Refusal::ShiftAlreadyOpen, "shift-already-open"},
        {Refusal::DrawerShort, "drawer-short"},
        {Refusal::CashSaleInProgress, "cash-sale-in-progress"},
        {Refusal::NoSuchShift, "no-such-shift"},
        {Refusal::BookingStillBeingPaid, "booking-still-being-paid"},
        {Refusal::DrawerShortForRefund, "drawer-short-for-refund"},
        {Refusal::NothingToRefund, "nothing-to-refund"},
        {Refusal::SeatRefundedAlready, "seat-refunded-already"},
        {Refusal::BatchRefundIsManagers, "batch-refund-is-managers"},
        {Refusal::CannotApprove, "cannot-approve"},
        {Refusal::ApprovalStale, "approval-stale"},
        {Refusal::RefundNeedsApproval, "refund-needs-approval"},
        {Refusal::NoSuchRefund, "no-such-refund"},
        {Refusal::OnlyServiceRecordsCardRefund, "only-service-records-card-refund"},
        {Refusal::RefundAlready, "refund-already"},
        {Refusal::ExchangeNeedsApproval, "exchange-needs-approval"},
        {Refusal::DifferenceNeedsShift, "difference-needs-shift"},
        {Refusal::TerminalOfAnotherLogin, "terminal-of-another-login"},
    };
    return names;
}

/// The highest %N in `text` (0 when none), and whether 1 .. N all appear.
std::pair<int, bool> placeholders(const QString& text)
{
    static const QRegularExpression number(QStringLiteral("%(\\d{1,2})"));
    QSet<int> seen;
    for (const QRegularExpressionMatch& m : number.globalMatch(text))
        seen.insert(m.captured(1).toInt());
    int highest = 0;
    for (int n : seen)
        highest = std::max(highest, n);
    return {highest, seen.size() == highest};
}

/// The values of a SQL call's argument list (`text` starts after its opening parenthesis), split
/// at the commas outside quotes and parentheses, up to the closing parenthesis.
QStringList sqlArguments(const QString& text)
{
    QStringList out;
    QString current;
    int depth = 0;
    bool quoted = false;
    for (const QChar c : text) {
        if (c == QLatin1Char('\''))
            quoted = !quoted;
        if (!quoted) {
            if (c == QLatin1Char('(') || c == QLatin1Char('['))
                ++depth;
            if ((c == QLatin1Char(')') || c == QLatin1Char(']')) && depth-- == 0)
                break;
            if (c == QLatin1Char(',') && depth == 0) {
                out << current.trimmed();
                current.clear();
                continue;
            }
        }
        current += c;
    }
    out << current.trimmed();
    return out;
}

/// Every refusal the database's functions name in a hint, with the number of values each passes:
/// `HINT = 'refusal: ' || json_build_array('name', values...)`, or a CASE choosing the name.
QList<std::tuple<QString, int, QString>> namedByTheServer()
{
    static const QRegularExpression hint(QStringLiteral("HINT = 'refusal: ' \\|\\| json_build_array\\("));
    static const QRegularExpression literal(QStringLiteral("^'([a-z-]+)'$"));
    static const QRegularExpression branch(QStringLiteral("(?:THEN|ELSE) '([a-z-]+)'"));
    QList<std::tuple<QString, int, QString>> out;
    const QDir dir(QStringLiteral(BOXOFFICE_SOURCE_DIR "/db/functions"));
    for (const QString& name : dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        const QString text = QString::fromUtf8(file.readAll());
        for (const QRegularExpressionMatch& m : hint.globalMatch(text)) {
            const QStringList args = sqlArguments(text.mid(m.capturedEnd()));
            const QString first = args.value(0);
            const QString place = name + QLatin1Char(':') +
                                  QString::number(text.left(m.capturedStart()).count(QLatin1Char('\n')) + 1);
            // A CASE names one refusal per branch, each with the same values after it.
            const bool chooses = first.startsWith(QLatin1String("CASE"));
            for (const QRegularExpressionMatch& n : (chooses ? branch : literal).globalMatch(first)) {
                out.append({n.captured(1), int(args.size()) - 1, place});
                if (!chooses)
                    break;
            }
        }
    }
    return out;
}

} // namespace

/// The refusals' catalogue: a name for programs and a sentence for people, for each, filled from
/// what an adapter passes; and refuse(), which words an Error by them.
class TstRefusals final : public QObject
{
    Q_OBJECT

private slots:
    void everyRefusalHasAUniqueNameAndASentence()
    {
        static const QRegularExpression shape(QStringLiteral("^[a-z]+(-[a-z]+)*$"));
        const QList<Refusal> all = allRefusals();
        QVERIFY(all.size() > 50);
        QVERIFY(!all.contains(Refusal::None));
        QSet<QString> names;
        for (Refusal why : all) {
            const char* raw = refusalName(why);
            QVERIFY2(raw && *raw, qPrintable(QStringLiteral("refusal %1 has no name").arg(int(why))));
            const QString name = QString::fromLatin1(raw);
            QVERIFY2(shape.match(name).hasMatch(), qPrintable(name));
            QVERIFY2(!names.contains(name), qPrintable(QStringLiteral("%1 names two refusals").arg(name)));
            names.insert(name);
            QCOMPARE(refusalFromName(name), why);
            QVERIFY2(!refusalSentence(why).trimmed().isEmpty(), qPrintable(name));
        }
    }

    void namesOnceWrittenStayTheSame()
    {
        QCOMPARE(allRefusals().size(), writtenNames().size());
        for (const auto& [why, name] : writtenNames())
            QCOMPARE(refusalName(why), name);
    }

    /// A sentence names its arguments %1 .. %N without a gap, and with N arguments keeps none
    /// of them unfilled.
    void everySentenceTakesItsArgumentsInOrder()
    {
        for (Refusal why : allRefusals()) {
            const QString name = QString::fromLatin1(refusalName(why));
            const auto [count, consecutive] = placeholders(refusalSentence(why));
            QVERIFY2(consecutive, qPrintable(name));
            QStringList args;
            for (int i = 1; i <= count; ++i)
                args << QStringLiteral("<arg%1>").arg(i);
            const QString filled = refusalSentence(why, args);
            QVERIFY2(placeholders(filled).first == 0, qPrintable(filled));
            for (const QString& arg : args)
                QVERIFY2(filled.contains(arg), qPrintable(filled));
        }
    }

    void sentencesReadWithTheirArguments_data()
    {
        QTest::addColumn<Refusal>("why");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("a showtime") << Refusal::NoSuchShowtime << QStringList{QStringLiteral("42")}
                                    << QStringLiteral("There is no showtime 42.");
        QTest::newRow("sold seats stop a cancel")
            << Refusal::ShowtimeHasSales << QStringList{QStringLiteral("7")}
            << QStringLiteral("Showtime 7 has sold seats or a sale in progress: refund its bookings first.");
        QTest::newRow("four, in order")
            << Refusal::SeatInOtherHall
            << QStringList{QStringLiteral("C4"), QStringLiteral("Hall 2"), QStringLiteral("Hall 1"),
                           QStringLiteral("12")}
            << QStringLiteral("Seat C4 is in Hall 2, not in Hall 1 where showtime 12 plays.");
        QTest::newRow("an argument's own %1 stays")
            << Refusal::FolderNotCreated << QStringList{QStringLiteral("/tmp/a%1b")}
            << QStringLiteral("Cannot create the folder /tmp/a%1b.");
        QTest::newRow("a login")
            << Refusal::LoginRefused << QStringList{QStringLiteral("manager_kim")}
            << QStringLiteral("The database refused the login manager_kim: wrong login or password.");
        QTest::newRow("no argument: the placeholder shows")
            << Refusal::NoSuchFilm << QStringList{} << QStringLiteral("There is no film %1.");
        QTest::newRow("a gap below")
            << Refusal::SchemaGap << QStringList{QStringLiteral("0003"), QStringLiteral("0005"), QString()}
            << QStringLiteral(
                   "The database schema has a gap: migration 0003 is not applied although 0005 is. "
                   "Migrations are never applied out of order; restore the database or install "
                   "the release that migrated it.");
        QTest::newRow("a gap both ways")
            << Refusal::SchemaGap
            << QStringList{QStringLiteral("0003"), QStringLiteral("0005"), QStringLiteral("0004")}
            << QStringLiteral(
                   "The database schema has a gap: migration 0003 is not applied although 0005 is; "
                   "migration 0004 is applied but not shipped with this program. Migrations are "
                   "never applied out of order; restore the database or install the release that "
                   "migrated it.");
    }

    void sentencesReadWithTheirArguments()
    {
        QFETCH(Refusal, why);
        QFETCH(QStringList, args);
        QFETCH(QString, sentence);
        QCOMPARE(refusalSentence(why, args), sentence);
    }

    /// The database's functions name their refusals by the names here (db/sqlerror.h reads
    /// them from the error's hint): each name is in the catalogue, and passes exactly the values
    /// its sentence fills. A misspelt name would leave the server's English on screen.
    void everyRefusalTheServerNamesIsHereWithItsValues()
    {
        const QList<std::tuple<QString, int, QString>> named = namedByTheServer();
        QVERIFY2(named.size() > 100, qPrintable(QString::number(named.size())));
        QSet<QString> distinct;
        for (const auto& [name, values, place] : named) {
            const Refusal why = refusalFromName(name);
            QVERIFY2(why != Refusal::None,
                     qPrintable(place + QStringLiteral(": ") + name + QStringLiteral(" is not a refusal")));
            QVERIFY2(placeholders(refusalSentence(why)).first == values,
                     qPrintable(place + QStringLiteral(": ") + name +
                                QStringLiteral(" passes %1 values, its "
                                               "sentence fills %2")
                                    .arg(values)
                                    .arg(placeholders(refusalSentence(why)).first)));
            distinct.insert(name);
        }
        QVERIFY(distinct.contains(QStringLiteral("no-such-hall")));
        QVERIFY(distinct.contains(QStringLiteral("no-such-price-list")));
    }

    void noneHasNoSentence()
    {
        QCOMPARE(refusalName(Refusal::None), "none");
        QVERIFY(refusalSentence(Refusal::None).isEmpty());
        QCOMPARE(refusalFromName(QStringLiteral("no-such-thing")), Refusal::None);
        QCOMPARE(Error().refusal, Refusal::None);
    }

    void refuseFillsTheMessage()
    {
        const Error e = refuse(ErrorCode::Conflict, Refusal::ShowtimeHasHeldSeats, {QStringLiteral("9")},
                               QStringLiteral("SQLSTATE BO409: busy"));
        QCOMPARE(e.code, ErrorCode::Conflict);
        QCOMPARE(e.refusal, Refusal::ShowtimeHasHeldSeats);
        QCOMPARE(e.args, QStringList{QStringLiteral("9")});
        QCOMPARE(e.detail, QStringLiteral("SQLSTATE BO409: busy"));
        QCOMPARE(e.message, refusalSentence(Refusal::ShowtimeHasHeldSeats, {QStringLiteral("9")}));
        QVERIFY(e.message.startsWith(QLatin1String("Showtime 9 ")));
    }

    void refusingAnErrorKeepsWhatTheServerSaid()
    {
        Error server =
            makeError(ErrorCode::Conflict, QStringLiteral("unavailable"), QStringLiteral("SQLSTATE BO409"));
        server.seats = {3, 4};
        const Error e = refuse(server, Refusal::SeatsTaken);
        QCOMPARE(e.code, ErrorCode::Conflict);
        QCOMPARE(e.detail, QStringLiteral("SQLSTATE BO409"));
        QCOMPARE(e.seats, (QList<int>{3, 4}));
        QCOMPARE(e.message, QStringLiteral("Some seats are no longer available."));
        QCOMPARE(e.refusal, Refusal::SeatsTaken);
    }
};

QTEST_GUILESS_MAIN(TstRefusals)
#include "tst_refusals.moc"
