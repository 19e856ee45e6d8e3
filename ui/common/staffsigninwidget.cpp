// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/staffsigninwidget.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "ui/common/pinpad.h"

namespace bo {
namespace {

constexpr int nameColumns = 3;
constexpr int nameButtonHeight = 72;

} // namespace

StaffSignInWidget::StaffSignInWidget(StaffSession* session, PinPurpose purpose, StaffRole needed,
                                     QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_purpose(purpose)
    , m_needed(needed)
{
    setObjectName(QStringLiteral("staffSignIn"));
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("signInHeading"));
    m_heading->setWordWrap(true);
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.6);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);

    m_names = new QWidget(this);
    // The member picked stands out from across the counter.
    m_names->setStyleSheet(QStringLiteral("QPushButton:checked { background: #0b57d0; color: white; "
                                          "border: 1px solid #0842a0; border-radius: 4px; }"));
    m_namesLayout = new QGridLayout(m_names);
    m_namesLayout->setSpacing(8);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_names);
    m_namesArea = scroll;

    m_numberLabel = new QLabel(this);
    m_number = new QLineEdit(this);
    m_number->setObjectName(QStringLiteral("staffNumber"));
    m_number->setValidator(new QIntValidator(1, 999999999, m_number));
    m_number->setMinimumHeight(48);
    m_numberLabel->setBuddy(m_number);
    // Enter after the number moves on to the PIN, as a keyboard user expects.
    connect(m_number, &QLineEdit::returnPressed, this, [this] { m_pad->clear(); });
    connect(m_number, &QLineEdit::textEdited, this, [this](const QString& text) {
        for (auto it = m_buttons.cbegin(); it != m_buttons.cend(); ++it)
            it.value()->setChecked(QString::number(it.key()) == text);
    });

    m_pad = new PinPad(this);
    connect(m_pad, &PinPad::pinEntered, this, &StaffSignInWidget::onPinEntered);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("signInMessage"));
    m_message->setWordWrap(true);
    m_message->setMinimumHeight(48);
    m_message->hide();

    m_unlock = new QPushButton(this);
    m_unlock->setObjectName(QStringLiteral("unlockButton"));
    m_unlock->setMinimumHeight(48);
    m_unlock->hide();
    connect(m_unlock, &QPushButton::clicked, this, &StaffSignInWidget::onUnlockClicked);
    m_cancelUnlock = new QPushButton(this);
    m_cancelUnlock->setObjectName(QStringLiteral("cancelUnlockButton"));
    m_cancelUnlock->setMinimumHeight(48);
    m_cancelUnlock->hide();
    connect(m_cancelUnlock, &QPushButton::clicked, this, [this] {
        const int locked = m_unlockingId;
        reset();
        select(locked);
    });

    auto* left = new QVBoxLayout;
    left->addWidget(m_heading);
    left->addWidget(scroll, 1);
    auto* numberRow = new QHBoxLayout;
    numberRow->addWidget(m_numberLabel);
    numberRow->addWidget(m_number, 1);
    left->addLayout(numberRow);

    auto* right = new QVBoxLayout;
    right->addWidget(m_pad, 1);
    right->addWidget(m_message);
    right->addWidget(m_unlock);
    right->addWidget(m_cancelUnlock);

    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 3);
    layout->addSpacing(24);
    layout->addLayout(right, 2);

    connect(m_session, &StaffSession::staffLoaded, this, &StaffSignInWidget::onStaffLoaded);
    connect(m_session, &StaffSession::pinChecked, this, &StaffSignInWidget::onPinChecked);
    connect(m_session, &StaffSession::failed, this, &StaffSignInWidget::onFailed);
    retranslate();
}

void StaffSignInWidget::setTitle(const QString& title)
{
    m_title = title;
    updateTitle();
}

void StaffSignInWidget::setShowNames(bool show)
{
    m_namesArea->setVisible(show);
}

void StaffSignInWidget::reload()
{
    m_loadRequest = m_session->loadStaff();
}

void StaffSignInWidget::select(int staffId)
{
    m_number->setText(staffId > 0 ? QString::number(staffId) : QString());
    for (auto it = m_buttons.cbegin(); it != m_buttons.cend(); ++it)
        it.value()->setChecked(it.key() == staffId);
    m_pad->clear();
}

void StaffSignInWidget::reset()
{
    m_unlockingId = 0;
    m_lockedId = 0;
    m_lockedName.clear();
    m_pending = 0;
    setBusy(false);
    m_message->hide();
    m_unlock->hide();
    m_cancelUnlock->hide();
    select(0);
    updateTitle();
}

int StaffSignInWidget::selectedStaff() const
{
    bool ok = false;
    const int id = m_number->text().toInt(&ok);
    return ok ? id : 0;
}

QString StaffSignInWidget::messageText() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void StaffSignInWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void StaffSignInWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // Straight to the keyboard: a member who knows their number types it, else the PIN field.
    if (selectedStaff() > 0)
        m_pad->clear();
    else
        m_number->setFocus();
}

void StaffSignInWidget::onStaffLoaded(int requestId, const QList<StaffMember>& staff)
{
    if (requestId != m_loadRequest)
        return;
    m_staff = staff;
    const int selected = selectedStaff();
    qDeleteAll(m_buttons);
    m_buttons.clear();
    int index = 0;
    for (const StaffMember& member : staff) {
        auto* button = new QPushButton(m_names);
        button->setObjectName(QStringLiteral("staffButton%1").arg(member.id));
        button->setText(QStringLiteral("%1\n%2").arg(member.name).arg(member.id));
        button->setCheckable(true);
        button->setChecked(member.id == selected);
        button->setMinimumHeight(nameButtonHeight);
        QFont nameFont = button->font();
        nameFont.setPointSizeF(nameFont.pointSizeF() * 1.3);
        button->setFont(nameFont);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        button->setFocusPolicy(Qt::NoFocus);
        button->setAutoDefault(false);
        connect(button, &QPushButton::clicked, this, [this, id = member.id] { select(id); });
        m_namesLayout->addWidget(button, index / nameColumns, index % nameColumns);
        m_buttons.insert(member.id, button);
        ++index;
    }
    m_namesLayout->setRowStretch(m_namesLayout->rowCount(), 1);
    emit staffListed(int(staff.size()));
}

void StaffSignInWidget::onPinEntered(const QString& pin)
{
    if (m_pending != 0)
        return;
    const int id = selectedStaff();
    if (id <= 0) {
        showMessage(tr("Pick your name or type your staff number first."), true);
        m_number->setFocus();
        return;
    }
    if (!StaffSignIn::looksLikePin(pin)) {
        showMessage(tr("A PIN is 4 to 12 digits."), true);
        m_pad->clear();
        return;
    }
    setBusy(true);
    showMessage(tr("Checking…"), false);
    m_pending = m_unlockingId != 0 ? m_session->unlock(m_unlockingId, id, pin)
                                   : m_session->checkPin(id, pin, m_purpose, m_needed);
}

void StaffSignInWidget::onPinChecked(int requestId, const PinCheck& check)
{
    if (requestId != m_pending || m_pending == 0)
        return;
    m_pending = 0;
    setBusy(false);
    if (m_unlockingId != 0) {
        if (!check.ok()) {
            showMessage(check.message, true);
            m_pad->clear();
            return;
        }
        const int unlocked = m_unlockingId;
        const QString name = m_lockedName;
        reset();
        select(unlocked);
        showMessage(tr("%1 is unlocked: type your PIN.").arg(name), false);
        return;
    }
    if (check.ok()) {
        reset();
        emit signedIn(check);
        return;
    }
    showMessage(check.message, true);
    if (check.outcome == PinOutcome::Locked) {
        m_lockedId = check.staffId;
        m_lockedName = check.name;
        m_unlock->show();
    }
    m_pad->clear();
}

void StaffSignInWidget::onFailed(int requestId, const Error& error)
{
    if (requestId == m_loadRequest) {
        showMessage(tr("The staff list cannot be read: %1").arg(error.message), true);
        emit staffListed(-1);
        return;
    }
    if (requestId != m_pending || m_pending == 0)
        return;
    m_pending = 0;
    setBusy(false);
    showMessage(tr("The PIN could not be checked: %1").arg(error.message), true);
    m_pad->clear();
}

void StaffSignInWidget::onUnlockClicked()
{
    if (m_lockedId == 0)
        return;
    m_unlockingId = m_lockedId;
    m_unlock->hide();
    m_cancelUnlock->show();
    m_message->hide();
    m_number->clear();
    for (QPushButton* b : std::as_const(m_buttons))
        b->setChecked(false);
    updateTitle();
    m_number->setFocus();
}

void StaffSignInWidget::retranslate()
{
    m_numberLabel->setText(tr("Staff &number:"));
    m_unlock->setText(tr("Unlock with a supervisor"));
    m_cancelUnlock->setText(tr("Cancel the unlock"));
    m_pad->retranslate();
    updateTitle();
}

void StaffSignInWidget::updateTitle()
{
    if (m_unlockingId != 0) {
        m_heading->setText(
            tr("Unlocking %1: a supervisor picks their name and types their PIN.").arg(m_lockedName));
        return;
    }
    if (!m_title.isEmpty()) {
        m_heading->setText(m_title);
        return;
    }
    switch (m_purpose) {
    case PinPurpose::SignIn:
        m_heading->setText(tr("Sign in: pick your name and type your PIN."));
        break;
    case PinPurpose::Approve:
        m_heading->setText(tr("A supervisor's number and PIN, please."));
        break;
    case PinPurpose::Manager:
        m_heading->setText(tr("A manager's number and PIN, please."));
        break;
    }
}

void StaffSignInWidget::showMessage(const QString& text, bool alert)
{
    m_message->setText(text);
    m_message->setStyleSheet(
        alert ? QStringLiteral(
                    "QLabel { background: #fff4ce; color: #3b2f00; padding: 8px; font-weight: bold; }")
              : QStringLiteral("QLabel { background: #e8f0fe; color: #0b2a5b; padding: 8px; }"));
    m_message->show();
}

void StaffSignInWidget::setBusy(bool busy)
{
    m_pad->setBusy(busy);
    m_number->setReadOnly(busy);
    m_names->setEnabled(!busy);
}

} // namespace bo
