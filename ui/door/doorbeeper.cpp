// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/door/doorbeeper.h"

#include <QApplication>
#include <QTimer>

namespace bo {
namespace {

constexpr int beepGapMs = 150;

} // namespace

DoorBeeper::DoorBeeper(QObject* parent)
    : QObject(parent)
{}

DoorBeeper::~DoorBeeper() = default;

int DoorBeeper::beepsFor(DoorReason reason)
{
    switch (reason) {
    case DoorReason::Admitted:
        return 1;
    case DoorReason::Undone:
        return 2;
    default:
        return 3;
    }
}

void DoorBeeper::play(DoorReason reason)
{
    const int n = beepsFor(reason);
    beep();
    for (int i = 1; i < n; ++i)
        QTimer::singleShot(i * beepGapMs, this, &DoorBeeper::beep);
}

void DoorBeeper::beep()
{
    QApplication::beep();
}

} // namespace bo
