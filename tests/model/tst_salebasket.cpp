// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/sale/salebasket.h"

using namespace bo;

namespace {

const QString adult = QStringLiteral("adult");
const QString child = QStringLiteral("child");
const QString senior = QStringLiteral("senior");

PriceTier tier(const QString& code, qint64 amountMinor, const QString& currency = QStringLiteral("KRW"))
{
    return PriceTier{code, code.toUpper(), amountMinor, currency};
}

/// Adult 12000 (the default: first), child 8000.
QList<PriceTier> prices()
{
    return {tier(adult, 12000), tier(child, 8000)};
}

} // namespace

/// The bill of one sale: a ticket type per seat from the showtime's price list.
class TstSaleBasket final : public QObject
{
    Q_OBJECT

private slots:
    void aSeatWithoutAChoiceGetsTheFirstTierOfTheList()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QCOMPARE(basket.tierOf(1), adult);
        QCOMPARE(basket.totalMinor({1, 2}), qint64(24000));
        QCOMPARE(basket.tiersFor({2, 1}), (QStringList{adult, adult}));
    }

    void aChosenTierIsWhatTheSeatCosts()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QVERIFY(basket.setTier(2, child));
        QCOMPARE(basket.tierOf(2), child);
        QCOMPARE(basket.tierOf(1), adult);
        QCOMPARE(basket.totalMinor({1, 2, 3}), qint64(12000 + 8000 + 12000));
        // Only the seats asked about count.
        QCOMPARE(basket.totalMinor({2}), qint64(8000));
        QCOMPARE(basket.totalMinor({}), qint64(0));
    }

    void theTiersAreListedInTheOrderOfTheSeats()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QVERIFY(basket.setTier(5, child));
        QCOMPARE(basket.tiersFor({5, 3, 9}), (QStringList{child, adult, adult}));
        QCOMPARE(basket.tiersFor({3, 5}), (QStringList{adult, child}));
        QCOMPARE(basket.tiersFor({}), QStringList());
    }

    void anUnknownTicketTypeLeavesTheTotalAlone()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QVERIFY(basket.setTier(1, child));
        QVERIFY(!basket.hasTier(senior));
        QVERIFY(!basket.setTier(1, senior));
        QVERIFY(!basket.setTier(2, senior));
        QVERIFY(!basket.setTier(3, QString()));
        QCOMPARE(basket.tierOf(1), child);
        QCOMPARE(basket.tierOf(2), adult);
        QCOMPARE(basket.tierOf(3), adult);
        QCOMPARE(basket.totalMinor({1, 2, 3}), qint64(8000 + 12000 + 12000));
    }

    void anUnknownTicketTypeForSeveralSeatsChangesNoneOfThem()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QVERIFY(basket.setTier(2, child));
        QVERIFY(!basket.setTiers({1, 2, 3}, senior));
        QCOMPARE(basket.tiersFor({1, 2, 3}), (QStringList{adult, child, adult}));
        QVERIFY(basket.setTiers({1, 3}, child));
        QCOMPARE(basket.tiersFor({1, 2, 3}), (QStringList{child, child, child}));
        QCOMPARE(basket.totalMinor({1, 2, 3}), qint64(3 * 8000));
    }

    void aReloadedPriceListKeepsTheChoicesAndTakesItsOwnPrices()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QVERIFY(basket.setTier(2, child));
        basket.setPriceList({tier(adult, 13000), tier(child, 9000)});
        QCOMPARE(basket.tierOf(2), child);
        QCOMPARE(basket.totalMinor({1, 2}), qint64(13000 + 9000));
    }

    void aSettledSeatKeepsItsDefaultWhenTheListChanges()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QVERIFY(basket.setTier(3, child));
        basket.settle({1, 3});
        // The new list puts another tier first: only the seat that was not settled follows it.
        basket.setPriceList({tier(senior, 5000), tier(adult, 12000), tier(child, 8000)});
        QCOMPARE(basket.tierOf(1), adult);
        QCOMPARE(basket.tierOf(2), senior);
        QCOMPARE(basket.tierOf(3), child);
        QCOMPARE(basket.totalMinor({1, 2, 3}), qint64(12000 + 5000 + 8000));
    }

    void clearingTheChoicesGivesEverySeatTheDefaultAgain()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        QVERIFY(basket.setTiers({1, 2}, child));
        basket.settle({3});
        basket.clearChoices();
        QCOMPARE(basket.tiersFor({1, 2, 3}), (QStringList{adult, adult, adult}));
        // The list itself stays.
        QCOMPARE(basket.tiers().size(), 2);
        QVERIFY(basket.hasTier(child));
    }

    void anEmptyPriceListKnowsNoTierAndCostsNothing()
    {
        SaleBasket basket;
        QVERIFY(basket.tiers().isEmpty());
        QCOMPARE(basket.tierOf(1), QString());
        QVERIFY(!basket.setTier(1, adult));
        QCOMPARE(basket.totalMinor({1, 2}), qint64(0));
        QCOMPARE(basket.currency(QStringLiteral("EUR")), QStringLiteral("EUR"));
    }

    void aSeatsKindAddsItsSurchargeToWhicheverTypeItGets()
    {
        SaleBasket basket;
        basket.setPriceList(prices());
        auto seat = [](int id, SeatKind kind) {
            SeatState s;
            s.seatId = id;
            s.kind = kind;
            return s;
        };
        basket.setSurcharges({seat(1, SeatKind::Standard), seat(2, SeatKind::Premium),
                              seat(3, SeatKind::Couple), seat(4, SeatKind::Wheelchair)},
                             {{SeatKind::Premium, 2000}, {SeatKind::Couple, 3000}});
        QCOMPARE(basket.surchargeOf(1), qint64(0));
        QCOMPARE(basket.surchargeOf(2), qint64(2000));
        QCOMPARE(basket.surchargeOf(4), qint64(0));
        QCOMPARE(basket.priceOf(2), qint64(14000));
        QVERIFY(basket.setTier(3, child));
        QCOMPARE(basket.priceOf(3), qint64(11000));
        QCOMPARE(basket.totalMinor({1, 2, 3, 4}), qint64(12000 + 14000 + 11000 + 12000));
        // The next showtime's seats without surcharges: none is left over.
        basket.setSurcharges({seat(2, SeatKind::Premium)}, {});
        QCOMPARE(basket.totalMinor({2, 3}), qint64(12000 + 8000));
    }

    void theCurrencyIsThePriceListsOwn()
    {
        SaleBasket basket;
        basket.setPriceList({tier(adult, 1250, QStringLiteral("EUR"))});
        QCOMPARE(basket.currency(QStringLiteral("KRW")), QStringLiteral("EUR"));
    }
};

QTEST_GUILESS_MAIN(TstSaleBasket)
#include "tst_salebasket.moc"
