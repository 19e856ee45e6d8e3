// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/voice/headphonejack.h"

#include <array>
#include <cerrno>

#include <fcntl.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QSocketNotifier>

namespace bo {
namespace {

constexpr int bitsPerLong = static_cast<int>(sizeof(unsigned long) * 8);

bool bitSet(const std::array<unsigned long, SW_CNT / bitsPerLong + 1>& bits, int bit)
{
    return (bits.at(static_cast<std::size_t>(bit / bitsPerLong)) >> (bit % bitsPerLong) & 1UL) != 0;
}

/// An evdev device with the headphone switch, opened non-blocking; -1 if `path` is not one.
int openJack(const QString& path, bool* connected)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return -1;
    std::array<unsigned long, SW_CNT / bitsPerLong + 1> capable{};
    std::array<unsigned long, SW_CNT / bitsPerLong + 1> state{};
    if (::ioctl(fd, EVIOCGBIT(EV_SW, sizeof(capable)), capable.data()) < 0 ||
        !bitSet(capable, SW_HEADPHONE_INSERT) || ::ioctl(fd, EVIOCGSW(sizeof(state)), state.data()) < 0) {
        ::close(fd);
        return -1;
    }
    *connected = bitSet(state, SW_HEADPHONE_INSERT);
    return fd;
}

} // namespace

std::unique_ptr<HeadphoneJack> HeadphoneJack::open(const QString& device, QObject* parent)
{
    QStringList candidates;
    if (!device.isEmpty()) {
        candidates << device;
    } else {
        const QDir input(QStringLiteral("/dev/input"));
        for (const QString& name : input.entryList({QStringLiteral("event*")}, QDir::System, QDir::Name))
            candidates << input.filePath(name);
    }
    for (const QString& path : std::as_const(candidates)) {
        bool connected = false;
        const int fd = openJack(path, &connected);
        if (fd >= 0)
            return std::make_unique<HeadphoneJack>(fd, connected, path, parent);
    }
    return nullptr;
}

HeadphoneJack::HeadphoneJack(int fd, bool connected, QString device, QObject* parent)
    : QObject(parent)
    , m_fd(fd)
    , m_notifier(new QSocketNotifier(fd, QSocketNotifier::Read, this))
    , m_connected(connected)
    , m_device(std::move(device))
{
    connect(m_notifier, &QSocketNotifier::activated, this, &HeadphoneJack::readEvents);
}

HeadphoneJack::~HeadphoneJack()
{
    m_notifier->setEnabled(false);
    ::close(m_fd);
}

void HeadphoneJack::readEvents()
{
    // The kernel writes whole events; a report ends with a SYN_REPORT. Bounded: at most a
    // buffer's worth per wake-up, the notifier calls again for the rest.
    std::array<input_event, 16> events{};
    const ssize_t n = ::read(m_fd, events.data(), sizeof(events));
    if (n <= 0) {
        if (n == 0 || (errno != EAGAIN && errno != EINTR))
            m_notifier->setEnabled(false); // the device went away: the last state stays
        return;
    }
    bool connected = m_connected;
    const auto count = static_cast<std::size_t>(n) / sizeof(input_event);
    for (std::size_t i = 0; i < count; ++i) {
        const input_event& e = events.at(i);
        if (e.type == EV_SW && e.code == SW_HEADPHONE_INSERT)
            connected = e.value != 0;
    }
    if (connected != m_connected) {
        m_connected = connected;
        emit connectedChanged(connected);
    }
}

} // namespace bo
