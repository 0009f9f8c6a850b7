import type { PreOrder } from '@furrow/domain/api/preorders';
import { describe, expect, it } from 'vitest';
import { initialPreordersState, preordersReducer } from './preorders-state';

function aPreorder(id: string, quantity = 1): PreOrder {
  return {
    id,
    status: 'pending',
    quantity,
    product: {
      id: '7d2a1f0e-3b8c-4a51-9d6e-2f4b8c1a9e01',
      name: 'Sweet corn',
      unit: 'dozen',
      price: 8,
      availableFrom: '2026-12-05',
      farm: { id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c', name: 'Green Acres' },
    },
    customer: { id: '3f5e7a9c-1b2d-4e6f-8a0b-c2d4e6f8a0b2', name: 'Casey Morgan' },
    order: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    filledAt: null,
  };
}

describe('preordersReducer', () => {
  it('loads: loading, then the list with loading and error cleared', () => {
    const loading = preordersReducer(initialPreordersState, { type: 'setLoading', loading: true });
    expect(loading).toEqual({ preOrders: [], loading: true, error: null });
    const loaded = preordersReducer(loading, { type: 'setList', preOrders: [aPreorder('a')] });
    expect(loaded).toEqual({ preOrders: [aPreorder('a')], loading: false, error: null });
  });

  it('keeps an error until the next list, and stops loading', () => {
    const failed = preordersReducer(
      { ...initialPreordersState, loading: true },
      { type: 'setError', error: 'Offline' },
    );
    expect(failed).toEqual({ preOrders: [], loading: false, error: 'Offline' });
    expect(preordersReducer(failed, { type: 'setList', preOrders: [] }).error).toBeNull();
  });

  it('adds a new one first, once', () => {
    const state = { ...initialPreordersState, preOrders: [aPreorder('a')] };
    const added = preordersReducer(state, { type: 'add', preOrder: aPreorder('b') });
    expect(added.preOrders.map((preOrder) => preOrder.id)).toEqual(['b', 'a']);
    const again = preordersReducer(added, { type: 'add', preOrder: aPreorder('b', 2) });
    expect(again.preOrders.map((preOrder) => [preOrder.id, preOrder.quantity])).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
  });

  it('replaces one by id and leaves the rest', () => {
    const state = { ...initialPreordersState, preOrders: [aPreorder('a'), aPreorder('b')] };
    const replaced = preordersReducer(state, { type: 'replace', preOrder: aPreorder('b', 5) });
    expect(replaced.preOrders.map((preOrder) => preOrder.quantity)).toEqual([1, 5]);
    expect(replaced.preOrders[0]).toBe(state.preOrders[0]);
  });
});
