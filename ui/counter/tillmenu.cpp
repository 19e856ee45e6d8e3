// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/tillmenu.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "ui/counter/amountdialog.h"
#include "ui/counter/cashupdialog.h"
#include "ui/counter/exchangedialog.h"
#include "ui/counter/refunddialog.h"
#include "ui/counter/saleslinesview.h"

namespace bo {

TillMenu::TillMenu(QMainWindow* window, TillDesk* desk, QString terminal, QUuid terminalId,
                   std::function<QString()> currency)
    : QObject(window)
    , m_window(window)
    , m_desk(desk)
    , m_terminal(std::move(terminal))
    , m_terminalId(terminalId)
    , m_currency(std::move(currency))
{
    m_menu = window->menuBar()->addMenu(QString());
    m_menu->setObjectName(QStringLiteral("tillMenu"));
    m_open = m_menu->addAction(QString(), this, &TillMenu::openShift);
    m_payIn = m_menu->addAction(QString(), this, &TillMenu::payIn);
    m_payOut = m_menu->addAction(QString(), this, &TillMenu::payOut);
    m_menu->addSeparator();
    m_x = m_menu->addAction(QString(), this, &TillMenu::showXReport);
    m_close = m_menu->addAction(QString(), this, &TillMenu::closeShift);
    m_menu->addSeparator();
    m_refund = m_menu->addAction(QString(), this, &TillMenu::refund);
    m_refund->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_exchange = m_menu->addAction(QString(), this, &TillMenu::exchange);
    m_exchange->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    // Cash goes only into an open shift's drawer (the server refuses it otherwise): the status bar
    // says whether this till has one, so the clerk opens it before the first cash sale.
    m_shiftLabel = new QLabel(window);
    m_shiftLabel->setObjectName(QStringLiteral("shiftLabel"));
    window->statusBar()->addPermanentWidget(m_shiftLabel);
    connect(m_desk, &TillDesk::shiftLoaded, this, [this](bool open, const OpenShift& shift) {
        m_shift = open ? Shift::Open : Shift::Closed;
        m_shiftId = open ? shift.id : 0;
        showShift();
    });
    connect(m_desk, &TillDesk::shiftClosed, this, [this] {
        m_shift = Shift::Closed;
        m_shiftId = 0;
        showShift();
    });
    connect(m_desk, &TillDesk::shiftOpened, this, [this](int id) {
        m_shift = Shift::Open;
        m_shiftId = id;
        showShift();
        tell(tr("Shift %1 is open.").arg(id));
    });
    connect(m_desk, &TillDesk::cashMoved, this, [this] { tell(tr("The drawer move is recorded.")); });
    connect(m_desk, &TillDesk::failed, this, [this](const QString& what, const Error& e) {
        if (what == QLatin1String("open") || what == QLatin1String("move") || what == QLatin1String("report"))
            tell(e.message.isEmpty() ? e.detail : e.message, true);
    });
    retranslate();
}

void TillMenu::retranslate()
{
    m_menu->setTitle(tr("&Till"));
    m_open->setText(tr("&Open shift…"));
    m_payIn->setText(tr("Pay &in…"));
    m_payOut->setText(tr("Pay &out…"));
    m_x->setText(tr("&X report"));
    m_close->setText(tr("&Close shift (count the drawer)…"));
    m_refund->setText(tr("&Refund…"));
    m_exchange->setText(tr("&Exchange…"));
    showShift();
}

void TillMenu::refreshShift()
{
    m_desk->loadShift();
}

void TillMenu::showShift()
{
    switch (m_shift) {
    case Shift::Unknown:
        m_shiftLabel->clear();
        break;
    case Shift::Open:
        m_shiftLabel->setText(tr("Shift %1 open").arg(m_shiftId));
        break;
    case Shift::Closed:
        m_shiftLabel->setText(tr("No shift open: cash needs one (Till > Open shift)"));
        break;
    }
}

void TillMenu::tell(const QString& text, bool problem)
{
    if (problem)
        QMessageBox::warning(m_window, tr("Till"), text);
    else
        QMessageBox::information(m_window, tr("Till"), text);
}

void TillMenu::openShift()
{
    AmountDialog dialog(tr("Open the shift"), tr("Float counted into the drawer (%1):").arg(m_currency()),
                        false, m_window);
    if (dialog.exec() == QDialog::Accepted)
        m_desk->openShift(dialog.amountMinor());
}

void TillMenu::payIn()
{
    moveCash(DrawerMove::PayIn);
}

void TillMenu::payOut()
{
    moveCash(DrawerMove::PayOut);
}

void TillMenu::moveCash(DrawerMove kind)
{
    AmountDialog dialog(kind == DrawerMove::PayIn ? tr("Pay in") : tr("Pay out"),
                        tr("Amount (%1):").arg(m_currency()), true, m_window);
    if (dialog.exec() == QDialog::Accepted)
        m_desk->moveCash(kind, dialog.amountMinor(), dialog.reason());
}

void TillMenu::showXReport()
{
    auto* dialog = new QDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("X report: the shift so far"));
    auto* view = new SalesLinesView(dialog);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(view);
    layout->addWidget(buttons);
    connect(m_desk, &TillDesk::reportLoaded, view,
            [this, view](const QList<SalesLine>& lines) { view->setLines(lines, m_currency()); });
    connect(m_desk, &TillDesk::failed, dialog, [dialog](const QString& what, const Error&) {
        if (what == QLatin1String("report"))
            dialog->close();
    });
    dialog->resize(480, 560);
    dialog->show();
    m_desk->loadReport();
}

void TillMenu::closeShift()
{
    CashUpDialog dialog(m_desk, m_currency(), m_window);
    dialog.exec();
}

void TillMenu::exchange()
{
    ExchangeDialog dialog(m_desk, m_terminal, m_terminalId, m_window);
    dialog.exec();
}

void TillMenu::refund()
{
    RefundDialog dialog(m_desk, m_terminal, m_terminalId, m_window);
    dialog.exec();
}

} // namespace bo
