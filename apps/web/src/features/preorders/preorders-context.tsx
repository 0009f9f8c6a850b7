import type { PreOrder, PreorderBody } from '@furrow/domain/api/preorders';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useReducer } from 'react';
import { api } from '../../lib/api-client';
import { messageOrFailedTo } from '../../lib/failure-message';
import { orderKeys } from '../../lib/query-keys';
import { initialPreordersState, type PreordersState, preordersReducer } from './preorders-state';

interface PreordersValue extends PreordersState {
  /** Reads the signed-in customer's pre-orders again. */
  load: () => Promise<void>;
  place: (body: PreorderBody) => Promise<PreOrder>;
  change: (id: string, body: PreorderBody) => Promise<PreOrder>;
  cancel: (id: string) => Promise<PreOrder>;
}

const PreordersContext = createContext<PreordersValue | null>(null);

type PreorderAnswer = { message: string; preOrder: PreOrder };

/**
 * The pre-order list (product rules: pre-orders): one state with `preOrders`, `loading` and
 * `error`, changed by its five actions. It lives above the routes, so that a pre-order placed on a
 * product page is in the list without reading it again.
 */
export function PreordersProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(preordersReducer, initialPreordersState);
  const queryClient = useQueryClient();

  const load = useCallback(async () => {
    dispatch({ type: 'setLoading', loading: true });
    try {
      const answer = await api.get<{ preOrders: PreOrder[] }>('/api/preorders');
      dispatch({ type: 'setList', preOrders: answer.preOrders });
      // A pre-order filled since the last look became an order: the order list changed too.
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    } catch (error) {
      dispatch({ type: 'setError', error: messageOrFailedTo(error, 'load your pre-orders') });
    }
  }, [queryClient]);

  const place = useCallback(async (body: PreorderBody) => {
    const { preOrder } = await api.post<PreorderAnswer>('/api/preorders', { body });
    dispatch({ type: 'add', preOrder });
    return preOrder;
  }, []);

  const change = useCallback(async (id: string, body: PreorderBody) => {
    const { preOrder } = await api.put<PreorderAnswer>(`/api/preorders/${id}`, { body });
    dispatch({ type: 'replace', preOrder });
    return preOrder;
  }, []);

  const cancel = useCallback(async (id: string) => {
    const { preOrder } = await api.delete<PreorderAnswer>(`/api/preorders/${id}`);
    dispatch({ type: 'replace', preOrder });
    return preOrder;
  }, []);

  const value = useMemo(
    () => ({ ...state, load, place, change, cancel }),
    [state, load, place, change, cancel],
  );
  return <PreordersContext value={value}>{children}</PreordersContext>;
}

export function usePreorders(): PreordersValue {
  const value = useContext(PreordersContext);
  // Context hooks throw if used outside their provider: a missing provider is a bug to see at once.
  if (!value) {
    throw new Error(
      'usePreorders must be used within <PreordersProvider> (see src/app/providers.tsx)',
    );
  }
  return value;
}
