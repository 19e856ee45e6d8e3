// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskkeypad.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>

#include "ui/common/seatblocklistview.h"
#include "ui/common/seatmapwidget.h"
#include "ui/kiosk/kioskvoiceguide.h"

namespace bo {
namespace {

/// The staff corner: a press this long in the top-left square opens the staff exit.
constexpr int staffCornerPx = 96;
constexpr int staffPressMs = 3000;

} // namespace

KioskKeypad::KioskKeypad(QWidget* window)
    : m_window(window)
{
    m_cornerPress.setSingleShot(true);
    m_cornerPress.setInterval(staffPressMs);
    connect(&m_cornerPress, &QTimer::timeout, this, &KioskKeypad::staffAsked);
    qApp->installEventFilter(this);
}

KioskKeypad::~KioskKeypad()
{
    qApp->removeEventFilter(this);
}

bool KioskKeypad::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::ContextMenu:
        return true; // no menus on a public machine
    case QEvent::MouseButtonPress:
    case QEvent::TouchBegin:
        emit touched();
        if (event->type() == QEvent::MouseButtonPress) {
            const QPoint at =
                m_window->mapFromGlobal(static_cast<QMouseEvent*>(event)->globalPosition().toPoint());
            if (at.x() >= 0 && at.y() >= 0 && at.x() < staffCornerPx && at.y() < staffCornerPx)
                m_cornerPress.start();
        }
        break;
    case QEvent::MouseButtonRelease:
    case QEvent::TouchEnd:
        m_cornerPress.stop();
        break;
    case QEvent::KeyPress: {
        emit keyPressed();
        const auto* key = static_cast<QKeyEvent*>(event);
        if (readKey(watched, key->key(), key->modifiers()))
            return true;
        break;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

bool KioskKeypad::readKey(QObject* watched, int key, Qt::KeyboardModifiers modifiers)
{
    if (!m_window->isAncestorOf(qobject_cast<QWidget*>(watched)) && watched != m_window)
        return false;
    // The staff chord, on a service keyboard only (a keypad has no Ctrl or Alt).
    if (key == Qt::Key_F12 && modifiers == (Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier)) {
        emit staffAsked();
        return true;
    }
    QWidget* focus = QApplication::focusWidget();
    if (key == Qt::Key_Backspace && qobject_cast<QLineEdit*>(focus))
        return false; // the PIN field's own
    switch (key) {
    case Qt::Key_Up:
    case Qt::Key_Left:
    case Qt::Key_Down:
    case Qt::Key_Right: {
        if (qobject_cast<SeatMapWidget*>(focus) && m_window->isAncestorOf(focus))
            return false;
        const bool forward = key == Qt::Key_Down || key == Qt::Key_Right;
        auto* list = qobject_cast<SeatBlockListView*>(focus);
        if (list && m_window->isAncestorOf(list) && list->model()) {
            // Inside the seat list the arrows move through it; past its ends, on.
            const int row = list->currentIndex().row();
            const int rows = list->model()->rowCount();
            if (rows > 0 && (forward ? row < rows - 1 : row > 0))
                return false;
        }
        emit focusMoveAsked(forward);
        return true;
    }
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (auto* button = qobject_cast<QPushButton*>(focus)) {
            if (button->isEnabled() && button->isVisible())
                button->click();
            return true;
        }
        return false;
    case Qt::Key_Escape:
    case Qt::Key_Backspace:
        emit backPressed();
        return true;
    case Qt::Key_F1:
    case Qt::Key_Help:
        emit helpPressed();
        return true;
    case Qt::Key_F2:
        emit largeTextPressed();
        return true;
    case Qt::Key_F3:
        emit highContrastPressed();
        return true;
    case Qt::Key_F4:
        emit lowReachPressed();
        return true;
    case Qt::Key_VolumeDown:
    case Qt::Key_F7:
        emit voiceAdjustAsked(-KioskVoiceGuide::volumeStep, 0);
        return true;
    case Qt::Key_VolumeUp:
    case Qt::Key_F8:
        emit voiceAdjustAsked(KioskVoiceGuide::volumeStep, 0);
        return true;
    case Qt::Key_F9:
        emit voiceAdjustAsked(0, -KioskVoiceGuide::rateStep);
        return true;
    case Qt::Key_F10:
        emit voiceAdjustAsked(0, KioskVoiceGuide::rateStep);
        return true;
    default:
        return false;
    }
}

} // namespace bo
