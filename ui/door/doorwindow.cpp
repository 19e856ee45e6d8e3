// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/door/doorwindow.h"

#include <utility>

#include <QApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPalette>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/common/scaledfont.h"
#include "ui/door/doorbeeper.h"
#include "ui/door/verdictview.h"

namespace bo {
namespace {

/// A scan longer than this is no ticket of ours (140 characters) however it ends.
constexpr int maxScanLength = 1024;

} // namespace

DoorWindow::DoorWindow(DoorCheck* check, DoorBeeper* beeper, QWidget* parent)
    : DoorWindow(check, beeper, Options{}, parent)
{}

DoorWindow::DoorWindow(DoorCheck* check, DoorBeeper* beeper, Options options, QWidget* parent)
    : QWidget(parent)
    , m_check(check)
    , m_beeper(beeper)
    , m_options(options)
{
    setObjectName(QStringLiteral("doorWindow"));
    setFocusPolicy(Qt::StrongFocus);
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, QColor(0x10, 0x14, 0x18));
    pal.setColor(QPalette::WindowText, Qt::white);
    setPalette(pal);

    m_scope = new QLabel(this);
    m_scope->setObjectName(QStringLiteral("scopeLabel"));
    m_scope->setFont(scaledFont(font(), 1.8, true));
    m_scope->setWordWrap(true);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("countLabel"));
    m_count->setFont(scaledFont(font(), 2.6, true));
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("statusLabel"));
    m_status->setFont(scaledFont(font(), 1.4, true));
    auto* top = new QHBoxLayout;
    top->addWidget(m_scope, 1);
    top->addWidget(m_status);
    top->addSpacing(24);
    top->addWidget(m_count);

    m_offlineBanner = new QLabel(this);
    m_offlineBanner->setObjectName(QStringLiteral("offlineBanner"));
    m_offlineBanner->setFont(scaledFont(font(), 1.6, true));
    m_offlineBanner->setWordWrap(true);
    m_offlineBanner->setAlignment(Qt::AlignCenter);
    m_offlineBanner->setMargin(10);
    m_offlineBanner->setAutoFillBackground(true);
    QPalette offlinePal = m_offlineBanner->palette();
    offlinePal.setColor(QPalette::Window, QColor(0xd5, 0x00, 0x00));
    offlinePal.setColor(QPalette::WindowText, Qt::white);
    m_offlineBanner->setPalette(offlinePal);
    m_offlineBanner->hide();
    m_reportBanner = new QLabel(this);
    m_reportBanner->setObjectName(QStringLiteral("reportBanner"));
    m_reportBanner->setFont(scaledFont(font(), 1.3, true));
    m_reportBanner->setWordWrap(true);
    m_reportBanner->setMargin(8);
    m_reportBanner->setAutoFillBackground(true);
    QPalette reportPal = m_reportBanner->palette();
    reportPal.setColor(QPalette::Window, QColor(0xff, 0xc1, 0x07));
    reportPal.setColor(QPalette::WindowText, Qt::black);
    m_reportBanner->setPalette(reportPal);
    m_reportBanner->hide();

    m_view = new VerdictView(this);

    m_undo = new QPushButton(this);
    m_undo->setObjectName(QStringLiteral("undoButton"));
    m_undo->setFocusPolicy(Qt::NoFocus); // every key stays the window's
    m_undo->setFont(scaledFont(font(), 1.6, true));
    m_undo->setMinimumHeight(64);
    m_undo->setEnabled(false);
    connect(m_undo, &QPushButton::clicked, m_check, &DoorCheck::undoLast);
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("hintLabel"));
    m_hint->setFont(scaledFont(font(), 1.2));
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_hint, 1);
    bottom->addWidget(m_undo);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->addLayout(top);
    layout->addWidget(m_offlineBanner);
    layout->addWidget(m_reportBanner);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);

    m_clear.setSingleShot(true);
    connect(&m_clear, &QTimer::timeout, m_view, &VerdictView::clear);
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &DoorWindow::updateUndo);
    connect(&m_tick, &QTimer::timeout, this, &DoorWindow::updateHeader); // the served showtimes move on
    m_tick.start();

    connect(m_check, &DoorCheck::verdictReached, this, &DoorWindow::onVerdict);
    connect(m_check, &DoorCheck::countsChanged, this, &DoorWindow::updateHeader);
    connect(m_check, &DoorCheck::onlineChanged, this, &DoorWindow::updateHeader);
    connect(m_check, &DoorCheck::undoAvailableChanged, this, &DoorWindow::updateUndo);
    connect(m_check, &DoorCheck::syncChanged, this, &DoorWindow::updateHeader);
    connect(m_check, &DoorCheck::reportAdded, this, &DoorWindow::updateBanners);

    // The scanner types into whatever has the focus: the window takes every key meant for it.
    qApp->installEventFilter(this);
    retranslate();
}

DoorWindow::~DoorWindow()
{
    qApp->removeEventFilter(this);
}

void DoorWindow::setLanguage(const QString& code)
{
    setLocale(m_language.apply(code));
}

void DoorWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DoorWindow::retranslate()
{
    setWindowTitle(tr("Door: %1").arg(m_check->options().door));
    m_hint->setText(tr("Scan a ticket · Esc clears the screen"));
    updateHeader();
    updateUndo();
}

bool DoorWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return QWidget::eventFilter(watched, event);
    // Only keys meant for this window (another top-level window has its own).
    const auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != this)
        return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        event->accept(); // no shortcut steals a scanned character
        return false;
    }
    return takeKey(static_cast<QKeyEvent*>(event));
}

bool DoorWindow::takeKey(const QKeyEvent* key)
{
    if (m_lastKey.isValid() && m_lastKey.elapsed() > m_options.keyGapMs)
        m_buffer.clear(); // the rest of a scan that never ended
    m_lastKey.start();
    switch (key->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter: {
        const QString text = std::exchange(m_buffer, {});
        if (!text.trimmed().isEmpty())
            m_check->scan(text);
        return true;
    }
    case Qt::Key_Escape:
        m_buffer.clear();
        m_clear.stop();
        m_view->clear();
        return true;
    case Qt::Key_Backspace:
        if (m_buffer.isEmpty())
            m_check->undoLast();
        else
            m_buffer.chop(1);
        return true;
    case Qt::Key_Z:
        if (key->modifiers().testFlag(Qt::ControlModifier)) {
            m_check->undoLast();
            return true;
        }
        break;
    default:
        break;
    }
    const QString text = key->text();
    if (text.isEmpty() || !text.at(0).isPrint())
        return false;
    if (m_buffer.size() < maxScanLength)
        m_buffer += text;
    return true;
}

void DoorWindow::onVerdict(const DoorVerdict& verdict)
{
    m_view->showVerdict(verdict);
    if (m_beeper)
        m_beeper->play(verdict.reason);
    m_clear.start(verdict.admitted() ? m_options.admitShownMs : m_options.refuseShownMs);
    updateUndo();
}

void DoorWindow::updateHeader()
{
    const DoorOptions& o = m_check->options();
    const QList<DoorShowtime> served = m_check->servedShowtimes();
    QString scope;
    if (o.showtimeId > 0 && served.size() == 1) {
        const DoorShowtime& s = served.first();
        scope = tr("%1 · %2 · %3 %4")
                    .arg(o.door, s.hall,
                         locale().toString(s.startsAt.toLocalTime().time(), QStringLiteral("HH:mm")), s.film);
    } else if (o.showtimeId > 0) {
        scope = tr("%1 · showtime %2").arg(o.door).arg(o.showtimeId);
    } else {
        const QString where = o.hall.isEmpty() ? tr("all halls") : o.hall;
        scope = tr("%1 · %2 · %3 showtimes starting within %4 min")
                    .arg(o.door, where)
                    .arg(served.size())
                    .arg(o.nextMinutes);
    }
    m_scope->setText(scope);
    m_count->setText(tr("Admitted %1 / %2").arg(m_check->admitted()).arg(m_check->expected()));
    const int unsynced = m_check->unsyncedScans();
    if (!m_check->isOnline())
        m_status->setText(tr("OFFLINE"));
    else if (unsynced > 0)
        m_status->setText(tr("Online · sending %n scan(s)", nullptr, unsynced));
    else
        m_status->setText(tr("Online"));
    QPalette pal = m_status->palette();
    pal.setColor(QPalette::WindowText,
                 m_check->isOnline() ? QColor(0x9c, 0xcc, 0x65) : QColor(0xff, 0x52, 0x52));
    m_status->setPalette(pal);
    updateBanners();
}

void DoorWindow::updateBanners()
{
    if (m_check->isOnline()) {
        m_offlineBanner->hide();
    } else {
        QString text;
        if (m_check->canDecideOffline())
            text =
                tr("OFFLINE — checking by signature and the ticket list of %1 (%2 tickets). "
                   "Every scan is kept and sent when the connection is back.")
                    .arg(locale().toString(m_check->listedAt().toLocalTime().time(), QStringLiteral("HH:mm")))
                    .arg(m_check->listedTickets());
        else
            text = tr("OFFLINE — no ticket list on this door: tickets cannot be checked.");
        const int unsynced = m_check->unsyncedScans();
        if (unsynced > 0)
            text += QLatin1Char(' ') + tr("%n scan(s) to send.", nullptr, unsynced);
        m_offlineBanner->setText(text);
        m_offlineBanner->show();
    }
    const QList<DoorScan>& reports = m_check->reports();
    if (reports.isEmpty()) {
        m_reportBanner->hide();
        return;
    }
    const DoorScan& last = reports.last();
    const QString at = locale().toString(last.scannedAt.toLocalTime().time(), QStringLiteral("HH:mm:ss"));
    QString text;
    if (last.syncResult == QLatin1String("USED_TWICE"))
        text = tr("Used twice: seat %1 (ticket %2) was admitted here offline at %3 and at %4 at %5.")
                   .arg(last.seatLabel)
                   .arg(last.serial)
                   .arg(at, last.firstDoor,
                        locale().toString(last.firstAt.toLocalTime().time(), QStringLiteral("HH:mm:ss")));
    else
        text = tr("Admitted offline at %1 but not valid (%2): seat %3 (ticket %4).")
                   .arg(at, last.syncResult, last.seatLabel)
                   .arg(last.serial);
    if (reports.size() > 1)
        text += QLatin1Char(' ') +
                tr("%n report(s) in all: boxoffice-admin checkins lists them.", nullptr, int(reports.size()));
    m_reportBanner->setText(text);
    m_reportBanner->show();
}

void DoorWindow::updateUndo()
{
    const int left = m_check->undoSecondsLeft();
    m_undo->setEnabled(left > 0);
    m_undo->setText(left > 0 ? tr("Undo last admit (Backspace) · %1 s").arg(left) : tr("Undo last admit"));
}

} // namespace bo
