// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace bo {

/// One payment as paysim keeps it, named by the idempotency key of its authorise.
struct PaysimPayment
{
    QString key;
    QString reference; ///< paysim's id, "psim_000001"
    QString state;     ///< authorised, declined, captured, voided, refunded
    QString declineReason;
    qint64 amountMinor = 0;
    qint64 capturedMinor = 0;
    qint64 refundedMinor = 0;
    QString currency;
    QString merchantReference;
    QString terminalId;
    QString maskedCard;
    QString createdAt;
    QString updatedAt;

    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] static PaysimPayment fromJson(const QJsonObject& json);
};

/// The answer stored for an idempotency key: what the request looked like and what was answered.
struct StoredAnswer
{
    QByteArray fingerprint;
    int status = 200;
    QJsonObject body;
};

/// paysim's durable store: an append-only journal of JSON lines, one per committed request (its
/// key, fingerprint, answer and the payment after it), written and fsync'ed before the answer is
/// sent; replayed at start. A torn last line (a crash while writing) is skipped; a damaged line
/// before it stops the start.
class PaysimStore final
{
public:
    explicit PaysimStore(QString path);
    ~PaysimStore();
    PaysimStore(const PaysimStore&) = delete;
    PaysimStore& operator=(const PaysimStore&) = delete;

    [[nodiscard]] bool open(QString* error);
    [[nodiscard]] const QString& path() const { return m_path; }

    [[nodiscard]] const StoredAnswer* answer(const QString& idempotencyKey) const;
    [[nodiscard]] std::optional<PaysimPayment> payment(const QString& key) const;
    [[nodiscard]] qsizetype paymentCount() const { return m_payments.size(); }
    /// The reference the next new payment gets.
    [[nodiscard]] QString nextReference() const;

    /// Appends and fsyncs the record, then applies it; false (nothing applied) when the disk
    /// refused.
    [[nodiscard]] bool commit(const QString& idempotencyKey, const StoredAnswer& answer,
                              const PaysimPayment& payment, QString* error);

private:
    void apply(const QString& idempotencyKey, const StoredAnswer& answer, const PaysimPayment& payment);

    QString m_path;
    QFile m_file;
    QHash<QString, StoredAnswer> m_answers;
    QHash<QString, PaysimPayment> m_payments;
    int m_sequence = 0;
};

} // namespace bo
