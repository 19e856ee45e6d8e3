// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/pinpad.h"

#include <QGridLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

namespace bo {
namespace {

/// A finger's size on a counter's touch screen (STYLE §7 asks 48 px of a kiosk).
constexpr int keySize = 64;

} // namespace

PinPad::PinPad(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("pinPad"));
    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("pinField"));
    m_field->setEchoMode(QLineEdit::Password);
    m_field->setMaxLength(12);
    m_field->setAlignment(Qt::AlignCenter);
    m_field->setMinimumHeight(keySize);
    m_field->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,12}")), m_field));
    QFont big = m_field->font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    m_field->setFont(big);
    connect(m_field, &QLineEdit::returnPressed, this, &PinPad::submit);

    auto* keys = new QGridLayout;
    keys->setSpacing(6);
    auto makeKey = [this, &big](const QString& name) {
        auto* key = new QPushButton(this);
        key->setObjectName(name);
        key->setMinimumSize(keySize, keySize);
        key->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
        key->setFont(big);
        // The keyboard stays in the PIN field while the keys are tapped.
        key->setFocusPolicy(Qt::NoFocus);
        key->setAutoDefault(false);
        return key;
    };
    for (int digit = 0; digit <= 9; ++digit) {
        QPushButton* key = makeKey(QStringLiteral("pinKey%1").arg(digit));
        key->setText(QString::number(digit));
        connect(key, &QPushButton::clicked, this, [this, digit] { press(digit); });
        m_digits << key;
        if (digit > 0)
            keys->addWidget(key, (digit - 1) / 3, (digit - 1) % 3);
    }
    m_clear = makeKey(QStringLiteral("pinClear"));
    m_back = makeKey(QStringLiteral("pinBack"));
    m_ok = makeKey(QStringLiteral("pinOk"));
    keys->addWidget(m_clear, 3, 0);
    keys->addWidget(m_digits.at(0), 3, 1);
    keys->addWidget(m_back, 3, 2);
    keys->addWidget(m_ok, 4, 0, 1, 3);
    connect(m_clear, &QPushButton::clicked, this, &PinPad::clear);
    connect(m_back, &QPushButton::clicked, this, &PinPad::backspace);
    connect(m_ok, &QPushButton::clicked, this, &PinPad::submit);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_field);
    layout->addLayout(keys, 1);
    setFocusProxy(m_field);
    retranslate();
}

void PinPad::retranslate()
{
    m_field->setPlaceholderText(tr("PIN"));
    m_clear->setText(tr("Clear"));
    m_back->setText(QStringLiteral("⌫"));
    m_back->setToolTip(tr("Delete the last digit"));
    m_back->setAccessibleName(tr("Back"));
    m_ok->setText(tr("OK"));
}

void PinPad::clear()
{
    m_field->clear();
    m_field->setFocus();
}

void PinPad::setBusy(bool busy)
{
    m_field->setReadOnly(busy);
    for (QPushButton* key : std::as_const(m_digits))
        key->setEnabled(!busy);
    for (QPushButton* key : {m_clear, m_back, m_ok})
        key->setEnabled(!busy);
}

void PinPad::submit()
{
    if (m_field->isReadOnly())
        return;
    const QString pin = m_field->text();
    m_field->clear();
    emit pinEntered(pin);
}

void PinPad::press(int digit)
{
    if (m_field->text().size() < m_field->maxLength())
        m_field->insert(QString::number(digit));
    m_field->setFocus();
}

void PinPad::backspace()
{
    m_field->backspace();
    m_field->setFocus();
}

} // namespace bo
