// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/tickets/ed25519.h"

#include <QCoreApplication>

#include <sodium.h>

namespace bo {
namespace {

bool sodiumReady()
{
    static const bool ready = sodium_init() >= 0;
    return ready;
}

const unsigned char* bytes(const QByteArray& b)
{
    return reinterpret_cast<const unsigned char*>(b.constData());
}

} // namespace

Result<KeyPair> generateTicketKeyPair()
{
    if (!sodiumReady())
        return makeError(
            ErrorCode::Internal,
            QCoreApplication::translate("bo::Ed25519", "The cryptography library did not start."),
            QStringLiteral("sodium_init failed"));
    KeyPair pair;
    pair.publicKey.resize(crypto_sign_PUBLICKEYBYTES);
    pair.secretKey.resize(crypto_sign_SECRETKEYBYTES);
    crypto_sign_keypair(reinterpret_cast<unsigned char*>(pair.publicKey.data()),
                        reinterpret_cast<unsigned char*>(pair.secretKey.data()));
    return pair;
}

Ed25519Signer::Ed25519Signer(SigningKey key)
    : m_key(std::move(key))
{}

Ed25519Signer::~Ed25519Signer()
{
    if (!m_key.secretKey.isEmpty())
        sodium_memzero(m_key.secretKey.data(), size_t(m_key.secretKey.size()));
}

QByteArray Ed25519Signer::sign(const QByteArray& message) const
{
    if (!sodiumReady() || m_key.secretKey.size() != crypto_sign_SECRETKEYBYTES)
        return {};
    QByteArray signature(crypto_sign_BYTES, '\0');
    crypto_sign_detached(reinterpret_cast<unsigned char*>(signature.data()), nullptr, bytes(message),
                         size_t(message.size()), bytes(m_key.secretKey));
    return signature;
}

Ed25519KeyRing Ed25519KeyRing::fromKeys(const QList<TicketKey>& keys)
{
    Ed25519KeyRing ring;
    for (const TicketKey& k : keys) {
        if (k.retiredAt.isNull())
            ring.add(k.id, k.publicKey);
    }
    return ring;
}

void Ed25519KeyRing::add(quint16 id, const QByteArray& publicKey)
{
    if (publicKey.size() == crypto_sign_PUBLICKEYBYTES)
        m_keys.insert(id, publicKey);
}

bool Ed25519KeyRing::knowsKey(quint16 keyId) const
{
    return m_keys.contains(keyId);
}

bool Ed25519KeyRing::verify(quint16 keyId, const QByteArray& message, const QByteArray& signature) const
{
    const auto key = m_keys.constFind(keyId);
    if (key == m_keys.cend() || signature.size() != crypto_sign_BYTES || !sodiumReady())
        return false;
    return crypto_sign_verify_detached(bytes(signature), bytes(message), size_t(message.size()),
                                       bytes(*key)) == 0;
}

} // namespace bo
