// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDialog>
#include <QList>

#include "model/till/tilldesk.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace bo {

class SalesLinesView;

/// Closing the till's shift with a blind count: the cashier counts the drawer by denomination
/// (or types the total) and closes; only then does the till say what it expected, the over or
/// short, and show the Z report. Nothing on this screen tells the expectation before the count
/// is committed.
class CashUpDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CashUpDialog)

public:
    CashUpDialog(TillDesk* desk, QString currency, QWidget* parent = nullptr);

    /// The notes and coins of `currency`, in minor units, largest first (empty when not known:
    /// then only the total is typed).
    [[nodiscard]] static QList<qint64> denominations(const QString& currency);

    [[nodiscard]] qint64 countedMinor() const;
    [[nodiscard]] QSpinBox* countOf(qint64 denomination) const;
    [[nodiscard]] QLineEdit* otherField() const { return m_other; }
    [[nodiscard]] QPushButton* closeButton() const { return m_close; }
    [[nodiscard]] QLabel* verdictLabel() const { return m_verdict; }
    [[nodiscard]] SalesLinesView* report() const { return m_report; }

private:
    void updateTotal();
    void submit();
    void onClosed(const bo::ShiftCount& count, const QList<bo::SalesLine>& lines);
    void onFailed(const QString& what, const bo::Error& error);

    TillDesk* m_desk;
    QString m_currency;
    QList<std::pair<qint64, QSpinBox*>> m_counts;
    QLineEdit* m_other = nullptr;
    QLabel* m_total = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_close = nullptr;
    QStackedWidget* m_pages = nullptr;
    QLabel* m_verdict = nullptr;
    SalesLinesView* m_report = nullptr;
};

} // namespace bo
