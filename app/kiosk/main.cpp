// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QIcon>
#include <QImage>
#include <QMessageBox>
#include <QSettings>
#include <QTextStream>
#include <QTimer>

#include <spdlog/spdlog.h>

#include "app/adapters/tickets/qrcode.h"
#include "app/common/logging.h"
#include "app/common/queuethread.h"
#include "app/common/staffpin.h"
#include "app/common/terminalstack.h"
#ifdef Q_OS_LINUX
#include "app/adapters/voice/headphonejack.h"
#endif
#include "app/adapters/voice/systemvoice.h"
#include "boxoffice/version.h"
#include "db/pghelpdesk.h"
#include "db/pgstaffsession.h"
#include "db/pgterminalbackend.h"
#include "model/help/kioskhelp.h"
#include "model/sale/saleflow.h"
#include "ui/kiosk/kioskwindow.h"

namespace {

constexpr int minExtensionOfferMs = 20000;

/// The kiosk's settings (`kiosk/…`), the times in seconds.
bo::KioskSettings readKioskSettings(const QSettings& s)
{
    bo::KioskSettings k;
    const auto seconds = [&s](const char* key, int fallbackMs) {
        return s.value(QLatin1String("kiosk/") + QLatin1String(key), fallbackMs / 1000).toInt() * 1000;
    };
    k.selectionTtlSeconds = s.value(QStringLiteral("kiosk/hold-seconds"), k.selectionTtlSeconds).toInt();
    k.idleMs = seconds("idle-seconds", k.idleMs);
    k.idlePromptMs = seconds("idle-prompt-seconds", k.idlePromptMs);
    // WCAG 2.2.1: at least 20 s to answer the offer of more time, whatever the file says.
    k.extensionOfferMs =
        std::max(seconds("extension-offer-seconds", k.extensionOfferMs), minExtensionOfferMs);
    k.doneMs = seconds("done-seconds", k.doneMs);
    return k;
}

/// A QR code as an image, one pixel a module, with the quiet zone.
QImage qrImage(const QString& text)
{
    auto code = bo::makeQrCode(text);
    if (!code)
        return {};
    const int quiet = 4;
    const int side = code.value().size + 2 * quiet;
    QImage image(side, side, QImage::Format_Grayscale8);
    image.fill(Qt::white);
    for (int y = 0; y < code.value().size; ++y) {
        for (int x = 0; x < code.value().size; ++x) {
            if (code.value().dark(x, y))
                image.setPixel(x + quiet, y + quiet, qRgb(0, 0, 0));
        }
    }
    return image;
}

int runKiosk(int argc, char* argv[])
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    QApplication app(argc, argv);
    // The counter's organisation and application name: the kiosk shares the machine's settings
    // file and the demo's cluster; its own settings are under kiosk/.
    QApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QApplication::setApplicationName(QStringLiteral("boxoffice"));
    QApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION BOXOFFICE_BUILD_NOTE));
    QApplication::setApplicationDisplayName(QCoreApplication::translate("bo::KioskMain", "Box office kiosk"));
    QApplication::setDesktopFileName(QStringLiteral("org.boxoffice.Kiosk"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.boxoffice.Kiosk")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("bo::KioskMain", "Cinema box office: the self-service kiosk."));
    bo::addTerminalOptions(parser, "bo::KioskMain");
    parser.addOption(
        {QStringLiteral("windowed"),
         QCoreApplication::translate("bo::KioskMain", "A window instead of the full screen (set-up, "
                                                      "screenshots).")});
    parser.addOption(
        {QStringLiteral("set-staff-pin"),
         QCoreApplication::translate("bo::KioskMain", "Read the staff PIN (4 to 12 digits) from standard "
                                                      "input, store its Argon2id hash and exit.")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("set-staff-pin"))) {
        // Exit status as the ops CLI's (ARCHITECTURE §6): 0 done, 2 bad input, 1 other failure.
        QTextStream in(stdin);
        auto hashed = bo::StaffPin::hash(in.readLine().trimmed());
        if (!hashed) {
            std::fprintf(stderr, "%s\n", qPrintable(hashed.error().message));
            return hashed.error().code == bo::ErrorCode::BadInput ? 2 : 1;
        }
        QSettings settings;
        settings.setValue(QStringLiteral("kiosk/staff-pin-hash"), hashed.value());
        settings.sync();
        if (settings.status() != QSettings::NoError) {
            std::fprintf(stderr, "the settings file could not be written\n");
            return 1;
        }
        std::printf("staff PIN set\n");
        return 0;
    }
    bo::setupLogging(QStringLiteral("boxoffice-kiosk"), parser.isSet(QStringLiteral("verbose")), false);
    // Read before any worker thread starts: a bad value returns before there is one to stop.
    int quitAfter = -1;
    if (parser.isSet(QStringLiteral("quit-after"))) {
        bool ok = false;
        quitAfter = parser.value(QStringLiteral("quit-after")).toInt(&ok);
        if (!ok || quitAfter < 0) {
            spdlog::error("--quit-after '{}' is not a number of milliseconds",
                          parser.value(QStringLiteral("quit-after")).toStdString());
            return 2;
        }
    }

    QSettings preferences;
    bo::TerminalStack::Failure failure;
    // A kiosk waits its turn in the admission queue like any customer.
    auto stack = bo::TerminalStack::open(parser, preferences, {false, QStringLiteral("kiosk")}, &failure);
    if (!stack) {
        // A smoke test (--quit-after) has nobody to close a dialog: the log says why.
        if (!parser.isSet(QStringLiteral("quit-after")))
            QMessageBox::critical(nullptr, QCoreApplication::translate("bo::KioskMain", "Box office kiosk"),
                                  failure.error.message);
        return failure.exitCode;
    }
    bo::Error queueError;
    auto queue = bo::QueueThread::open(stack->database(), &stack->backend(), 5000, &queueError);
    if (!queue) {
        spdlog::error("cannot start: {} ({})", queueError.message.toStdString(),
                      queueError.detail.toStdString());
        QMessageBox::critical(nullptr, QCoreApplication::translate("bo::KioskMain", "Box office kiosk"),
                              queueError.message);
        return 1;
    }
    bo::KioskWindow window(&stack->backend(), &stack->flow(), readKioskSettings(preferences));
    window.setAdmissionWatch(queue->watch());
    window.setTicketPrinting(stack->ticketPrinting());
    window.setQrImage(qrImage);
    // Voice guidance (docs/KIOSK.md, "Voices"): Qt TextToSpeech, silent where it has no engine.
    auto voice = bo::createSystemVoice(preferences.value(QStringLiteral("kiosk/voice-engine")).toString());
    voice->setVolume(preferences.value(QStringLiteral("kiosk/voice-volume"), 0.8).toDouble());
    voice->setRate(preferences.value(QStringLiteral("kiosk/voice-rate"), 0.0).toDouble());
    spdlog::info("kiosk: voice guidance {}", voice->isAvailable() ? "on" : "silent (no speech engine)");
    // Headphones only (docs/KIOSK.md, "Voices"): the voice is heard only while the jack says
    // headphones are in; without a jack to read it stays silent, as the setting asks.
    voice->setHeadphonesOnly(
        preferences.value(QStringLiteral("kiosk/voice-headphones-only"), false).toBool());
#ifdef Q_OS_LINUX
    std::unique_ptr<bo::HeadphoneJack> jack;
    if (voice->settings().headphonesOnly) {
        jack = bo::HeadphoneJack::open(preferences.value(QStringLiteral("kiosk/headphone-jack")).toString());
        if (jack) {
            voice->setHeadphonesConnected(jack->isConnected());
            QObject::connect(jack.get(), &bo::HeadphoneJack::connectedChanged, voice.get(),
                             [v = voice.get()](bool in) {
                                 spdlog::info("kiosk: headphones {}", in ? "plugged in" : "pulled out");
                                 v->setHeadphonesConnected(in);
                             });
            spdlog::info("kiosk: voice only into headphones, jack {} ({})", jack->device().toStdString(),
                         jack->isConnected() ? "plugged in" : "empty");
        } else {
            spdlog::error(
                "kiosk: kiosk/voice-headphones-only is set but no headphone jack can be read ({}; "
                "the kiosk's user in the input group?): voice guidance stays silent",
                preferences.value(QStringLiteral("kiosk/headphone-jack"), QStringLiteral("/dev/input/event*"))
                    .toString()
                    .toStdString());
        }
    }
#else
    if (voice->settings().headphonesOnly)
        spdlog::error("kiosk: kiosk/voice-headphones-only is set but this system's headphone jack cannot be "
                      "read: voice guidance stays silent");
#endif
    window.setVoice(voice.get());
    // Calls for help reach every till's board (migration 0017); "on my way" comes back.
    bo::PgHelpDesk helpDesk(stack->database());
    bo::KioskHelp help(&helpDesk, stack->terminal());
    helpDesk.start();
    window.setHelp(&help);
    // The only way out: the staff chord or corner and the PIN (docs/KIOSK.md, "Staff exit").
    window.setStaffPinCheck([&preferences](const QString& pin) {
        return bo::StaffPin::verify(preferences.value(QStringLiteral("kiosk/staff-pin-hash")).toString(),
                                    pin);
    });
    // With staff in the database, a supervisor's or manager's number and PIN instead:
    // the same sign-in as the tills', its wrong PINs counted and locked out by the server.
    bo::PgStaffSession staffSession(stack->database(), stack->terminal(), stack->terminalId());
    window.setStaffSession(&staffSession);
    QObject::connect(&window, &bo::KioskWindow::staffExit, &app, [&app] {
        spdlog::info("kiosk: closed by the staff exit");
        app.quit();
    });
    QString language = parser.value(QStringLiteral("lang"));
    if (language.isEmpty())
        language = preferences.value(QStringLiteral("kiosk/language"), QStringLiteral("ko")).toString();
    window.setLanguage(language);

    // Start-to-attract: from the process's start to the attract screen with its films.
    QObject::connect(&stack->backend(), &bo::TerminalBackend::showtimesLoaded, &window,
                     [&sinceStart, reported = false](const QList<bo::ShowtimeInfo>&) mutable {
                         if (!std::exchange(reported, true))
                             spdlog::info("kiosk: attract screen with its films {} ms after start",
                                          sinceStart.elapsed());
                     });
    stack->start();
    if (parser.isSet(QStringLiteral("windowed"))) {
        window.resize(1080 / 2, 1920 / 2);
        window.show();
    } else {
        window.showFullScreen();
    }
    if (quitAfter >= 0) {
        QTimer::singleShot(quitAfter, &app, [&app, &stack, &window] {
            const bool loaded =
                stack->backend().isOnline() && window.screen() == bo::KioskWindow::Screen::Attract;
            spdlog::info("smoke test: online {}, attract {}", stack->backend().isOnline(), loaded);
            app.exit(loaded ? 0 : 1);
        });
    }
    const int rc = app.exec();
#ifdef Q_OS_WIN
    // Windows: the process ends here without ending its worker threads (the terminal stack's,
    // the admission queue's and the help desk's), as the counter's and the door's do
    // (app/counter/main.cpp; docs/DECISIONS.md, "The counter ends without joining its threads on
    // Windows"): each of them used a QRegularExpression through its database connection, and with
    // MinGW's emulated TLS the thread's teardown crashes in Qt Core's thread_local PCRE2 JIT-stack
    // destructor (pcre2_jit_stack_free_16); under wine the process then hangs with one thread left.
    // The server rolls back whatever their connections had open and drops the LISTEN, as after a
    // power cut; the kiosk's seat holds expire on their own.
    // The log is flushed, not shut down: the threads still run and Qt still reports through it
    // while the DLLs detach, and a dropped logger would take them into an access violation.
    spdlog::default_logger()->flush();
    std::fflush(nullptr);
    std::_Exit(rc);
#else
    helpDesk.stop();
    queue.reset();
    stack->stop();
    return rc;
#endif
}

} // namespace

int main(int argc, char* argv[])
{
    // A public machine: whatever escapes ends the process with a line in the journal, and the
    // unit starts the kiosk again.
    try {
        return runKiosk(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "boxoffice-kiosk: %s\n", e.what());
    } catch (...) {
        std::fputs("boxoffice-kiosk: unexpected exception\n", stderr);
    }
    return 1;
}
