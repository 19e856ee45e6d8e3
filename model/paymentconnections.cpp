// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/paymentconnections.h"

namespace bo {

PaymentConnections::PaymentConnections(PaymentIntentsFactory intents, SeatCommandsFactory seats,
                                       PaymentGatewayFactory gateway)
    : m_openIntents(std::move(intents))
    , m_openSeats(std::move(seats))
    , m_openGateway(std::move(gateway))
{}

PaymentConnections::~PaymentConnections() = default;

Status PaymentConnections::open()
{
    if (!m_intents) {
        auto intents = m_openIntents();
        if (!intents)
            return intents.error();
        m_intents = std::move(intents.value());
    }
    if (!m_seats) {
        auto seats = m_openSeats();
        if (!seats)
            return seats.error();
        m_seats = std::move(seats.value());
    }
    if (!m_gateway && m_openGateway)
        m_gateway = m_openGateway();
    return success();
}

void PaymentConnections::dropConnections()
{
    m_intents.reset();
    m_seats.reset();
}

void PaymentConnections::close()
{
    m_intents.reset();
    m_seats.reset();
    m_gateway.reset();
}

} // namespace bo
