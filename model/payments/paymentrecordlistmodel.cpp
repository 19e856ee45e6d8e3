// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/paymentrecordlistmodel.h"

#include "model/core/money.h"

namespace bo {

PaymentRecordListModel::PaymentRecordListModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void PaymentRecordListModel::setRecords(const QList<PaymentRecord>& records, const QDateTime& now)
{
    beginResetModel();
    m_rows = records;
    m_now = now;
    endResetModel();
}

void PaymentRecordListModel::setLocale(const QLocale& locale)
{
    m_locale = locale;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int PaymentRecordListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PaymentRecordListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PaymentRecordListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PaymentRecord& r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case Qt::ToolTipRole:
        if (index.column() == SinceColumn)
            return tr("Started %1, last change %2")
                .arg(m_locale.toString(r.intent.createdAt.toLocalTime(), QLocale::ShortFormat),
                     m_locale.toString(r.intent.updatedAt.toLocalTime(), QLocale::ShortFormat));
        if (index.column() == BookingColumn && !r.intent.bookingStatus.isEmpty())
            return tr("Booking %1").arg(r.intent.bookingStatus);
        if (index.column() == ProblemColumn || index.column() == ReferenceColumn)
            return display(r, index.column());
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == AmountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case KeyRole:
        return r.intent.request.key;
    case StateRole:
        return QString::fromLatin1(intentStateName(r.intent.state));
    case ActionRole:
        return QString::fromLatin1(reconcileActionName(r.action));
    case DueRole:
        return r.due;
    default:
        return {};
    }
}

QVariant PaymentRecordListModel::display(const PaymentRecord& r, int column) const
{
    const PaymentIntent& p = r.intent;
    switch (column) {
    case SinceColumn: {
        const QString time = m_locale.toString(p.createdAt.toLocalTime().time(), QLocale::ShortFormat);
        const qint64 age = p.createdAt.isValid() && m_now.isValid() ? p.createdAt.secsTo(m_now) : 0;
        return tr("%1 (%2)").arg(time, ageText(age));
    }
    case TerminalColumn:
        return p.request.terminal;
    case MethodColumn:
        if (p.request.method == PaymentMethod::Cash)
            return tr("Cash");
        return p.maskedCard.isEmpty() ? tr("Card") : tr("Card %1").arg(p.maskedCard);
    case AmountColumn:
        return formatMoney(p.request.amountMinor, p.request.currency, m_locale);
    case StateColumn:
        return stateText(p.state);
    case BookingColumn:
        return p.request.bookingCode;
    case ReferenceColumn:
        return p.gatewayReference;
    case ProblemColumn:
        if (p.attempts > 0 && !p.reason.isEmpty())
            return tr("%1 (calls unanswered: %2)").arg(p.reason).arg(p.attempts);
        return p.reason;
    case ReconcilerColumn:
        return actionText(r);
    default:
        return {};
    }
}

QVariant PaymentRecordListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SinceColumn:
        return tr("Since");
    case TerminalColumn:
        return tr("Terminal");
    case MethodColumn:
        return tr("Method");
    case AmountColumn:
        return tr("Amount");
    case StateColumn:
        return tr("State");
    case BookingColumn:
        return tr("Booking");
    case ReferenceColumn:
        return tr("Service reference");
    case ProblemColumn:
        return tr("Last problem");
    case ReconcilerColumn:
        return tr("Reconciler");
    default:
        return {};
    }
}

QString PaymentRecordListModel::stateText(IntentState state)
{
    switch (state) {
    case IntentState::New:
        return tr("Recorded, not sent");
    case IntentState::Authorising:
        return tr("Authorising (outcome unknown)");
    case IntentState::Authorised:
        return tr("Authorised");
    case IntentState::Declined:
        return tr("Declined");
    case IntentState::Capturing:
        return tr("Capturing");
    case IntentState::Captured:
        return tr("Captured");
    case IntentState::Voiding:
        return tr("Voiding");
    case IntentState::Voided:
        return tr("Voided");
    case IntentState::Refunding:
        return tr("Refunding");
    case IntentState::Refunded:
        return tr("Refunded");
    case IntentState::Abandoned:
        return tr("Abandoned");
    }
    return {};
}

QString PaymentRecordListModel::actionText(const PaymentRecord& record)
{
    const bool cash = record.intent.request.method == PaymentMethod::Cash;
    QString what;
    switch (record.action) {
    case ReconcileAction::Abandon:
        what = tr("Mark never charged");
        break;
    case ReconcileAction::LookUp:
        what = tr("Ask the payment service");
        break;
    case ReconcileAction::Capture:
        what = cash ? tr("Keep the cash") : tr("Capture");
        break;
    case ReconcileAction::Void:
        what = cash ? tr("Hand the cash back") : tr("Void");
        break;
    case ReconcileAction::Release:
        what = tr("Give up the sale, then void");
        break;
    case ReconcileAction::Wait:
        if (record.intent.state == IntentState::Refunding)
            return tr("None: a refund is for staff");
        return tr("None while the sale may still finish");
    }
    return record.due ? tr("%1 (next pass)").arg(what) : tr("%1, once its terminal is silent").arg(what);
}

QString PaymentRecordListModel::ageText(qint64 seconds)
{
    if (seconds < 60)
        return tr("under a minute");
    const qint64 minutes = seconds / 60;
    if (minutes < 60)
        return tr("%1 min").arg(minutes);
    constexpr qint64 minutesPerDay = qint64(24) * 60;
    if (minutes < minutesPerDay)
        return tr("%1 h %2 min").arg(minutes / 60).arg(minutes % 60);
    return tr("%1 d %2 h").arg(minutes / minutesPerDay).arg(minutes % minutesPerDay / 60);
}

} // namespace bo
