// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/supervisorapproval.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>

namespace bo {

SupervisorApproval::SupervisorApproval(const QString& heading, QWidget* parent)
    : QWidget(parent)
{
    m_supervisor = new QSpinBox(this);
    m_supervisor->setObjectName(QStringLiteral("supervisor"));
    m_supervisor->setRange(1, 99999999);
    m_supervisor->setValue(1);
    m_pin = new QLineEdit(this);
    m_pin->setObjectName(QStringLiteral("supervisorPin"));
    m_pin->setEchoMode(QLineEdit::Password);
    m_pin->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,12}")), this));
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(new QLabel(heading, this));
    form->addRow(tr("Supervisor's number:"), m_supervisor);
    form->addRow(tr("Supervisor's PIN:"), m_pin);
}

int SupervisorApproval::supervisor() const
{
    return m_supervisor->value();
}

bool SupervisorApproval::hasPin() const
{
    return !m_pin->text().isEmpty();
}

QString SupervisorApproval::takePin()
{
    QString pin = m_pin->text();
    m_pin->clear();
    return pin;
}

BookingCodeRow::BookingCodeRow(QWidget* parent)
    : QWidget(parent)
{
    m_code = new QLineEdit(this);
    m_code->setObjectName(QStringLiteral("bookingCode"));
    m_code->setPlaceholderText(QStringLiteral("XXXX-XXXX"));
    m_find = new QPushButton(tr("Find"), this);
    m_find->setObjectName(QStringLiteral("find"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_code);
    row->addWidget(m_find);
    connect(m_find, &QPushButton::clicked, this, [this] { emit findRequested(code()); });
    connect(m_code, &QLineEdit::returnPressed, this, [this] { emit findRequested(code()); });
}

QString BookingCodeRow::code() const
{
    return m_code->text().trimmed().toUpper();
}

} // namespace bo
