// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/amountdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

namespace bo {

AmountDialog::AmountDialog(const QString& title, const QString& prompt, bool askReason, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(title);
    auto* form = new QFormLayout;
    m_amount = new QLineEdit(this);
    m_amount->setObjectName(QStringLiteral("amount"));
    m_amount->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,11}")), this));
    m_amount->setInputMethodHints(Qt::ImhDigitsOnly);
    form->addRow(prompt, m_amount);
    if (askReason) {
        m_reason = new QLineEdit(this);
        m_reason->setObjectName(QStringLiteral("reason"));
        m_reason->setMaxLength(200);
        form->addRow(tr("Reason:"), m_reason);
    }
    m_error = new QLabel(this);
    m_error->setStyleSheet(QStringLiteral("color: #b00020"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AmountDialog::check);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
}

qint64 AmountDialog::amountMinor() const
{
    return m_amount->text().toLongLong();
}

QString AmountDialog::reason() const
{
    return m_reason ? m_reason->text().trimmed() : QString();
}

void AmountDialog::check()
{
    if (m_amount->text().isEmpty()) {
        m_error->setText(tr("Enter the amount."));
        return;
    }
    if (m_reason && reason().isEmpty()) {
        m_error->setText(tr("Say why the cash moves."));
        return;
    }
    accept();
}

} // namespace bo
