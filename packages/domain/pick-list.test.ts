import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderStatuses } from './orders';
import { buildPickList, type PickListOrder, pickListCsv } from './pick-list';

const carrots = { productId: 'p-carrots', name: 'Carrots', unit: 'bunch' };
const eggs = { productId: 'p-eggs', name: 'Eggs', unit: 'dozen' };
const apples = { productId: 'p-apples', name: 'apples', unit: 'lb' };

const orders: PickListOrder[] = [
  {
    number: 'F-10012',
    customerName: 'Ana Ruiz',
    status: 'confirmed',
    method: 'pickup',
    time: '09:00',
    place: 'Farm stand',
    note: '',
    lines: [
      { ...carrots, quantity: 2 },
      { ...eggs, quantity: 1 },
    ],
  },
  {
    number: 'F-10003',
    customerName: 'Ben Okafor',
    status: 'placed',
    method: 'delivery',
    time: null,
    place: '12 Elm St, Salem',
    note: 'Leave by the door, please',
    lines: [{ ...carrots, quantity: 1 }],
  },
  {
    number: 'F-10009',
    customerName: '=cmd|"/c calc"!A1',
    status: 'ready',
    method: 'pickup',
    time: '09:00',
    place: 'Farm stand',
    note: '',
    lines: [{ ...apples, quantity: 3 }],
  },
  {
    number: 'F-10010',
    customerName: 'Cy Lund',
    status: 'cancelled',
    method: 'pickup',
    time: '09:00',
    place: 'Farm stand',
    note: '',
    lines: [{ ...eggs, quantity: 6 }],
  },
];

describe('buildPickList', () => {
  it('totals each product over the open orders, by name', () => {
    expect(buildPickList(orders).products).toEqual([
      { ...apples, quantity: 3, orderCount: 1 },
      { ...carrots, quantity: 3, orderCount: 2 },
      { ...eggs, quantity: 1, orderCount: 1 },
    ]);
  });

  it('lists the open orders by pickup time, deliveries last, then by number', () => {
    expect(buildPickList(orders).orders.map((order) => order.number)).toEqual([
      'F-10009',
      'F-10012',
      'F-10003',
    ]);
  });

  it('gathers exactly what the open orders hold, none awaiting a card payment', () => {
    const orderArb: fc.Arbitrary<PickListOrder> = fc.record({
      number: fc.integer({ min: 10001, max: 99999 }).map((n) => `F-${n}`),
      customerName: fc.string(),
      status: fc.constantFrom(...orderStatuses),
      method: fc.constantFrom('pickup' as const, 'delivery' as const),
      time: fc.constantFrom(null, '09:00', '15:30'),
      place: fc.string(),
      note: fc.string(),
      lines: fc.uniqueArray(
        fc.record({
          productId: fc.constantFrom('a', 'b', 'c'),
          name: fc.constantFrom('A'),
          unit: fc.constant('each'),
          quantity: fc.integer({ min: 1, max: 50 }),
        }),
        { selector: (line) => line.productId, minLength: 1, maxLength: 3 },
      ),
    });
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 20 }), (input) => {
        const list = buildPickList(input);
        const open = input.filter(
          (o) => !['completed', 'cancelled', 'awaiting_payment'].includes(o.status),
        );
        expect(list.orders).toHaveLength(open.length);
        const wanted = open.flatMap((o) => o.lines).reduce((n, line) => n + line.quantity, 0);
        expect(list.products.reduce((n, p) => n + p.quantity, 0)).toBe(wanted);
      }),
    );
  });
});

describe('pickListCsv', () => {
  it('writes the products, a blank row, then each order line, formulas neutralised', () => {
    expect(pickListCsv(buildPickList(orders)).split('\r\n')).toEqual([
      'Product,Unit,Quantity,Orders',
      'apples,lb,3,1',
      'Carrots,bunch,3,2',
      'Eggs,dozen,1,1',
      '',
      'Order,Customer,Status,Method,Time,Place,Product,Unit,Quantity,Note',
      'F-10009,"\'=cmd|""/c calc""!A1",Ready,Pickup,09:00,Farm stand,apples,lb,3,',
      'F-10012,Ana Ruiz,Confirmed,Pickup,09:00,Farm stand,Carrots,bunch,2,',
      'F-10012,Ana Ruiz,Confirmed,Pickup,09:00,Farm stand,Eggs,dozen,1,',
      'F-10003,Ben Okafor,Placed,Delivery,,"12 Elm St, Salem",Carrots,bunch,1,"Leave by the door, please"',
      '',
    ]);
  });
});
