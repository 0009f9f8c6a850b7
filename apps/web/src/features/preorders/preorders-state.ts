import type { PreOrder } from '@furrow/domain/api/preorders';

/** The pre-order list state: the list, whether it is loading, and its error. */
export interface PreordersState {
  preOrders: PreOrder[];
  loading: boolean;
  error: string | null;
}

/**
 * Its actions (product rules: pre-orders): set the list, add one, replace one by id, set loading,
 * set error.
 */
export type PreordersAction =
  | { type: 'setList'; preOrders: PreOrder[] }
  | { type: 'add'; preOrder: PreOrder }
  | { type: 'replace'; preOrder: PreOrder }
  | { type: 'setLoading'; loading: boolean }
  | { type: 'setError'; error: string | null };

export const initialPreordersState: PreordersState = { preOrders: [], loading: false, error: null };

export function preordersReducer(state: PreordersState, action: PreordersAction): PreordersState {
  switch (action.type) {
    case 'setList':
      return { ...state, preOrders: action.preOrders, loading: false, error: null };
    case 'add':
      // Newest first, as the server lists them; an answer seen twice is not listed twice.
      return {
        ...state,
        preOrders: [
          action.preOrder,
          ...state.preOrders.filter((preOrder) => preOrder.id !== action.preOrder.id),
        ],
      };
    case 'replace':
      return {
        ...state,
        preOrders: state.preOrders.map((preOrder) =>
          preOrder.id === action.preOrder.id ? action.preOrder : preOrder,
        ),
      };
    case 'setLoading':
      return { ...state, loading: action.loading };
    case 'setError':
      return { ...state, error: action.error, loading: false };
  }
}
