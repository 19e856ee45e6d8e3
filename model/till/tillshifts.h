// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUuid>

#include <optional>

#include "model/core/result.h"

namespace bo {

/// A till's shift while it is open.
struct OpenShift
{
    int id = 0;
    QDateTime openedAt; ///< UTC
    int openedBy = 0;
    QString openedByName;
    qint64 floatMinor = 0;
    QString currency;
};

/// What the blind count found when the shift closed.
struct ShiftCount
{
    int shiftId = 0;
    qint64 floatMinor = 0;
    qint64 expectedMinor = 0;
    qint64 countedMinor = 0;
    qint64 overShortMinor = 0; ///< counted - expected: above 0 over, below 0 short
    QString currency;
};

/// One shift of a period (the day's Z report lists them).
struct ShiftRecord
{
    int id = 0;
    QString terminal;
    QDateTime openedAt; ///< UTC
    QString openedByName;
    QDateTime closedAt; ///< UTC; invalid while open
    QString closedByName;
    qint64 floatMinor = 0;
    qint64 expectedMinor = 0;
    std::optional<qint64> countedMinor;
    std::optional<qint64> overShortMinor;
    QString currency;
};

/// One line of a sales report (migration 0035, bo_sales_lines): `section` cash, method, type,
/// refund, void or net; `key` what is counted (a method, a ticket type, "expected", ...).
struct SalesLine
{
    QString section;
    QString key;
    std::optional<qint64> count;
    qint64 amountMinor = 0;
};

enum class DrawerMove { PayIn, PayOut };

/// A till's shift and its cash drawer, kept by the database (migration 0035). The member signed
/// in at the till (StaffDirectory) is the one who opens, moves cash and closes.
class TillShifts
{
public:
    virtual ~TillShifts() = default;

    [[nodiscard]] virtual Result<int> openShift(const QUuid& terminalId, const QString& terminal,
                                                qint64 floatMinor) = 0;
    [[nodiscard]] virtual Result<qint64> moveCash(const QUuid& terminalId, DrawerMove kind,
                                                  qint64 amountMinor, const QString& reason) = 0;
    /// The blind count: `countedMinor` goes to the server before anything says what was expected.
    /// `detail`: the count by denomination when the till counted so ({"50000": 3, ...}), or empty.
    [[nodiscard]] virtual Result<ShiftCount> closeShift(const QUuid& terminalId, qint64 countedMinor,
                                                        const QJsonObject& detail) = 0;
    [[nodiscard]] virtual Result<std::optional<OpenShift>> currentShift(const QUuid& terminalId) = 0;
    /// A shift's lines (X while open, Z once closed), or every till's over [from, to).
    [[nodiscard]] virtual Result<QList<SalesLine>> salesLines(std::optional<int> shiftId,
                                                              const QDateTime& from, const QDateTime& to) = 0;
    [[nodiscard]] virtual Result<QList<ShiftRecord>> shifts(const QDateTime& from, const QDateTime& to) = 0;
};

} // namespace bo
