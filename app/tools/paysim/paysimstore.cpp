// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/paysim/paysimstore.h"

#include <fcntl.h>
#include <unistd.h>

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

namespace bo {

QJsonObject PaysimPayment::toJson() const
{
    QJsonObject json{
        {QStringLiteral("key"), key},
        {QStringLiteral("reference"), reference},
        {QStringLiteral("state"), state},
        {QStringLiteral("amount_minor"), amountMinor},
        {QStringLiteral("captured_minor"), capturedMinor},
        {QStringLiteral("refunded_minor"), refundedMinor},
        {QStringLiteral("currency"), currency},
        {QStringLiteral("merchant_reference"), merchantReference},
        {QStringLiteral("terminal_id"), terminalId},
        {QStringLiteral("masked_card"), maskedCard},
        {QStringLiteral("created_at"), createdAt},
        {QStringLiteral("updated_at"), updatedAt},
    };
    if (!declineReason.isEmpty())
        json.insert(QStringLiteral("decline_reason"), declineReason);
    return json;
}

PaysimPayment PaysimPayment::fromJson(const QJsonObject& json)
{
    PaysimPayment p;
    p.key = json.value(QLatin1String("key")).toString();
    p.reference = json.value(QLatin1String("reference")).toString();
    p.state = json.value(QLatin1String("state")).toString();
    p.declineReason = json.value(QLatin1String("decline_reason")).toString();
    p.amountMinor = json.value(QLatin1String("amount_minor")).toInteger();
    p.capturedMinor = json.value(QLatin1String("captured_minor")).toInteger();
    p.refundedMinor = json.value(QLatin1String("refunded_minor")).toInteger();
    p.currency = json.value(QLatin1String("currency")).toString();
    p.merchantReference = json.value(QLatin1String("merchant_reference")).toString();
    p.terminalId = json.value(QLatin1String("terminal_id")).toString();
    p.maskedCard = json.value(QLatin1String("masked_card")).toString();
    p.createdAt = json.value(QLatin1String("created_at")).toString();
    p.updatedAt = json.value(QLatin1String("updated_at")).toString();
    return p;
}

PaysimStore::PaysimStore(QString path)
    : m_path(std::move(path))
{}

PaysimStore::~PaysimStore() = default;

bool PaysimStore::open(QString* error)
{
    m_file.setFileName(m_path);
    if (!m_file.open(QIODevice::ReadWrite | QIODevice::Append)) {
        *error = QStringLiteral("cannot open the journal %1: %2").arg(m_path, m_file.errorString());
        return false;
    }
    m_file.seek(0);
    const QList<QByteArray> lines = m_file.readAll().split('\n');
    bool torn = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        QJsonParseError parseError{};
        const QJsonObject record = QJsonDocument::fromJson(lines[i], &parseError).object();
        if (parseError.error != QJsonParseError::NoError || !record.contains(QLatin1String("payment"))) {
            if (i == lines.size() - 1) { // no newline after it: the write was cut short
                torn = true;
                break;
            }
            *error = QStringLiteral("the journal %1 is damaged at line %2").arg(m_path).arg(i + 1);
            return false;
        }
        StoredAnswer answer{record.value(QLatin1String("fingerprint")).toString().toLatin1(),
                            record.value(QLatin1String("status")).toInt(),
                            record.value(QLatin1String("answer")).toObject()};
        apply(record.value(QLatin1String("idempotency_key")).toString(), answer,
              PaysimPayment::fromJson(record.value(QLatin1String("payment")).toObject()));
    }
    // A torn last line was never answered: cut it off. A whole one that lost only its newline
    // counts, and gets the newline, so the next record starts on a line of its own.
    const bool repaired = torn ? m_file.resize(m_file.size() - lines.last().size())
                               : (lines.last().isEmpty() || m_file.write("\n") == 1);
    if (!repaired || !m_file.flush() || ::fsync(m_file.handle()) != 0) {
        *error = QStringLiteral("cannot repair the journal %1: %2").arg(m_path, m_file.errorString());
        return false;
    }
    // The journal's directory entry must be durable too, or a new file can vanish with a crash.
    const int dir = ::open(QFile::encodeName(QFileInfo(m_path).absolutePath()).constData(), O_RDONLY);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    m_file.seek(m_file.size());
    return true;
}

const StoredAnswer* PaysimStore::answer(const QString& idempotencyKey) const
{
    const auto it = m_answers.constFind(idempotencyKey);
    return it == m_answers.cend() ? nullptr : &it.value();
}

std::optional<PaysimPayment> PaysimStore::payment(const QString& key) const
{
    const auto it = m_payments.constFind(key);
    if (it == m_payments.cend())
        return std::nullopt;
    return it.value();
}

QString PaysimStore::nextReference() const
{
    return QStringLiteral("psim_%1").arg(m_sequence + 1, 6, 10, QLatin1Char('0'));
}

bool PaysimStore::commit(const QString& idempotencyKey, const StoredAnswer& answer,
                         const PaysimPayment& payment, QString* error)
{
    const QJsonObject record{
        {QStringLiteral("idempotency_key"), idempotencyKey},
        {QStringLiteral("fingerprint"), QString::fromLatin1(answer.fingerprint)},
        {QStringLiteral("status"), answer.status},
        {QStringLiteral("answer"), answer.body},
        {QStringLiteral("payment"), payment.toJson()},
    };
    const QByteArray line = QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
    if (m_file.write(line) != line.size() || !m_file.flush() || ::fsync(m_file.handle()) != 0) {
        *error = QStringLiteral("cannot write the journal %1: %2").arg(m_path, m_file.errorString());
        return false;
    }
    apply(idempotencyKey, answer, payment);
    return true;
}

void PaysimStore::apply(const QString& idempotencyKey, const StoredAnswer& answer,
                        const PaysimPayment& payment)
{
    m_answers.insert(idempotencyKey, answer);
    if (!m_payments.contains(payment.key))
        ++m_sequence;
    m_payments.insert(payment.key, payment);
}

} // namespace bo
