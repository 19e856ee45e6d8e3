// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/paymentconnections.h"

namespace bo {

PaymentConnections::PaymentConnections(PaymentIntentsFactory intents, SeatCommandsFactory seats,
                                       CardPaymentsFactory cards)
    : m_openIntents(std::move(intents))
    , m_openSeats(std::move(seats))
    , m_openCards(std::move(cards))
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
    if (!m_cards && m_openCards)
        m_cards = m_openCards(*m_intents); // takes its passes on the terminal's intents
    return success();
}

void PaymentConnections::dropConnections()
{
    m_cards.reset(); // it uses the intents' connection
    m_intents.reset();
    m_seats.reset();
}

void PaymentConnections::close()
{
    m_cards.reset();
    m_intents.reset();
    m_seats.reset();
}

} // namespace bo
