// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QPointer>
#include <QUuid>

#include <functional>

#include "model/till/tilldesk.h"

class QAction;
class QLabel;
class QMainWindow;
class QMenu;

namespace bo {

/// The counter's Till menu: open the shift with its float, pay in and out, the X
/// report, close with the blind count (CashUpDialog), refunds (RefundDialog) and exchanges
/// (ExchangeDialog). The answers come
/// from the TillDesk; this class only opens the screens and tells the outcome.
class TillMenu final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TillMenu)

public:
    /// `currency`: the sale settings' currency when the till has no open shift to say it.
    TillMenu(QMainWindow* window, TillDesk* desk, QString terminal, QUuid terminalId,
             std::function<QString()> currency);

    void retranslate();
    [[nodiscard]] QMenu* menu() const { return m_menu; }
    [[nodiscard]] QAction* refundAction() const { return m_refund; }
    [[nodiscard]] QAction* exchangeAction() const { return m_exchange; }
    [[nodiscard]] QAction* closeAction() const { return m_close; }
    [[nodiscard]] QAction* openAction() const { return m_open; }
    /// Asks the server again whether this till's shift is open (after a sign-in); the status
    /// bar's shift label says it.
    void refreshShift();

    void openShift();
    void payIn();
    void payOut();
    void showXReport();
    void closeShift();
    void refund();
    void exchange();

private:
    void moveCash(DrawerMove kind);
    void tell(const QString& text, bool problem = false);
    void showShift();

    QMainWindow* m_window;
    TillDesk* m_desk;
    QString m_terminal;
    QUuid m_terminalId;
    std::function<QString()> m_currency;
    QMenu* m_menu = nullptr;
    QAction* m_open = nullptr;
    QAction* m_payIn = nullptr;
    QAction* m_payOut = nullptr;
    QAction* m_x = nullptr;
    QAction* m_close = nullptr;
    QAction* m_refund = nullptr;
    QAction* m_exchange = nullptr;
    /// In the status bar: whether cash can be taken here (a shift open) and which shift.
    QLabel* m_shiftLabel = nullptr;
    enum class Shift { Unknown, Open, Closed } m_shift = Shift::Unknown;
    int m_shiftId = 0;
};

} // namespace bo
