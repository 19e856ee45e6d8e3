// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>

#include "model/core/result.h"
#include "model/tickets/ticket.h"
#include "model/tickets/ticketbook.h"

namespace bo {

/// A new Ed25519 key pair (libsodium): 32-byte public key, 64-byte secret key.
struct KeyPair
{
    QByteArray publicKey;
    QByteArray secretKey;
};
[[nodiscard]] Result<KeyPair> generateTicketKeyPair();

/// Signs with one private key; the key's bytes are wiped when it goes.
class Ed25519Signer final : public TicketSigner
{
public:
    explicit Ed25519Signer(SigningKey key);
    ~Ed25519Signer() override;
    Ed25519Signer(const Ed25519Signer&) = delete;
    Ed25519Signer& operator=(const Ed25519Signer&) = delete;

    [[nodiscard]] quint16 keyId() const override { return m_key.id; }
    [[nodiscard]] QByteArray sign(const QByteArray& message) const override;

private:
    SigningKey m_key;
};

/// The public keys a terminal or door verifies with, by id.
class Ed25519KeyRing final : public TicketVerifier
{
public:
    /// The keys not retired.
    [[nodiscard]] static Ed25519KeyRing fromKeys(const QList<TicketKey>& keys);
    void add(quint16 id, const QByteArray& publicKey);

    [[nodiscard]] bool knowsKey(quint16 keyId) const override;
    [[nodiscard]] bool verify(quint16 keyId, const QByteArray& message,
                              const QByteArray& signature) const override;

private:
    QHash<quint16, QByteArray> m_keys;
};

} // namespace bo
