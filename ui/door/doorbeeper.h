// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>

#include "model/door/doorcheck.h"

namespace bo {

/// The door's sound, played with every verdict its screen shows: one beep for an admit, three
/// short ones for a refusal, two for an undo (docs/DECISIONS.md, "The door's sound"). The
/// system's bell (QApplication::beep); tests put a recorder in its place.
class DoorBeeper : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoorBeeper)

public:
    explicit DoorBeeper(QObject* parent = nullptr);
    ~DoorBeeper() override;

    /// How many beeps a verdict gets.
    [[nodiscard]] static int beepsFor(DoorReason reason);
    /// Plays the verdict's pattern (returns at once; the beeps follow 150 ms apart).
    virtual void play(DoorReason reason);

protected:
    /// One beep of the pattern.
    virtual void beep();
};

} // namespace bo
