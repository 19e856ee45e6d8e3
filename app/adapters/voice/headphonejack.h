// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QObject>
#include <QString>

class QSocketNotifier;

namespace bo {

/// Whether headphones are plugged into the kiosk, as the Linux kernel reports it: the sound
/// card's jack is an input device with the switch SW_HEADPHONE_INSERT ("HDA Intel PCH
/// Headphone", /dev/input/event*; the kiosk's user reads it as a member of the `input` group).
/// The kiosk tells its Voice (Voice::setHeadphonesConnected) for the headphones-only setting.
/// Linux only: elsewhere open() finds nothing. Main thread (a QSocketNotifier).
class HeadphoneJack final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeadphoneJack)

public:
    /// The jack of `device` (an evdev path), or of the first /dev/input/event* that has the
    /// headphone switch when `device` is empty; null when there is none (or it cannot be read).
    [[nodiscard]] static std::unique_ptr<HeadphoneJack> open(const QString& device = {},
                                                             QObject* parent = nullptr);
    /// Reads the kernel's input events from `fd` (owned from now on), starting as `connected`.
    /// open() uses it; tests hand it one end of a pipe.
    HeadphoneJack(int fd, bool connected, QString device, QObject* parent = nullptr);
    ~HeadphoneJack() override;

    [[nodiscard]] bool isConnected() const { return m_connected; }
    /// The device read, e.g. "/dev/input/event7".
    [[nodiscard]] QString device() const { return m_device; }

signals:
    void connectedChanged(bool connected);

private:
    void readEvents();

    int m_fd;
    QSocketNotifier* m_notifier;
    bool m_connected;
    QString m_device;
};

} // namespace bo
