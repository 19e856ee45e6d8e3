// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace bo::bench {

/// When the customers of a crowd arrive within the arrival window.
enum class ArrivalCurve {
    Uniform, ///< evenly spread over the window
    Front,   ///< most at the start, thinning out (arrival = window × u²)
    Burst,   ///< all within the first tenth of the window
};

[[nodiscard]] QString arrivalCurveName(ArrivalCurve curve);
/// "uniform", "front" or "burst"; false for anything else.
[[nodiscard]] bool parseArrivalCurve(const QString& text, ArrivalCurve* curve);

/// What `boxoffice-bench crowd` runs: every chosen strategy (the queued ones once per capacity)
/// against every crowd size, one showtime of the demo's largest hall going on sale each time.
struct CrowdOptions
{
    QStringList strategies; ///< empty: every crowd strategy of this build
    QList<int> crowds{64, 256, 1024};
    QList<int> capacities{8, 16, 32}; ///< admission-queue capacities of the queued strategies
    ArrivalCurve arrival = ArrivalCurve::Uniform;
    double arrivalSeconds = 3;
    /// Real think times (choosing again 1.5–3 s, deciding 15–45 s, paying 5–15 s) times this.
    double thinkScale = 0.01;
    int pool = 16;       ///< threads, each with its own connection(s), that drive all customers
    int tries = 3;       ///< holds a customer tries (the best block, then the next best) before giving up
    int maxSeconds = 60; ///< a run's bound: customers still busy then release and leave
    /// How often a waiting customer asks the queue (its heartbeat). Not scaled: a terminal's
    /// question costs the database the same however fast the customers think.
    int pollMs = 250;
    quint32 seed = 1;
};

} // namespace bo::bench
