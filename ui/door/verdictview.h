// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QColor>
#include <QStringList>
#include <QWidget>

#include "model/door/doorcheck.h"

namespace bo {

/// The door's verdict, huge: a green ADMIT with the seat and ticket type, or a red STOP with the
/// reason; a dark "ready" screen between scans. Type sizes follow the widget's height so the
/// words read from two metres on the door's screen.
class VerdictView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VerdictView)

public:
    explicit VerdictView(QWidget* parent = nullptr);
    ~VerdictView() override;

    void showVerdict(const DoorVerdict& verdict);
    /// Back to the ready screen.
    void clear();
    [[nodiscard]] const std::optional<DoorVerdict>& verdict() const { return m_verdict; }
    [[nodiscard]] QColor background() const;
    /// The lines shown, top to bottom: the headline, the main line, the details.
    [[nodiscard]] QStringList lines() const;

    [[nodiscard]] static QColor admitColour();
    [[nodiscard]] static QColor refuseColour();
    [[nodiscard]] static QColor undoneColour();
    [[nodiscard]] static QColor readyColour();

signals:
    /// A verdict's screen has been painted (`number` is the verdict's).
    void painted(quint64 number);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateLines();
    [[nodiscard]] QString reasonLine(const DoorVerdict& v) const;
    [[nodiscard]] QString detailLine(const DoorVerdict& v) const;
    [[nodiscard]] QString showtimeText(const DoorShowtime& s) const;

    std::optional<DoorVerdict> m_verdict;
    QStringList m_lines;
};

} // namespace bo
