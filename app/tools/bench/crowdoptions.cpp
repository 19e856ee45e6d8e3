// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdoptions.h"

namespace bo::bench {

QString arrivalCurveName(ArrivalCurve curve)
{
    switch (curve) {
    case ArrivalCurve::Uniform:
        return QStringLiteral("uniform");
    case ArrivalCurve::Front:
        return QStringLiteral("front");
    case ArrivalCurve::Burst:
        return QStringLiteral("burst");
    }
    return {};
}

bool parseArrivalCurve(const QString& text, ArrivalCurve* curve)
{
    for (ArrivalCurve c : {ArrivalCurve::Uniform, ArrivalCurve::Front, ArrivalCurve::Burst}) {
        if (text == arrivalCurveName(c)) {
            *curve = c;
            return true;
        }
    }
    return false;
}

} // namespace bo::bench
