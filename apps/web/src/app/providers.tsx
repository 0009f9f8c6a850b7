import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastStoreProvider } from '../components/ui/use-toast';
import { CartProvider } from '../features/cart/cart-context';
import { PreordersProvider } from '../features/preorders/preorders-context';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';

/** The contexts every page relies on: the app shell wraps every page in them. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastStoreProvider>
        <SessionProvider>
          <CartProvider>
            <PreordersProvider>{children}</PreordersProvider>
          </CartProvider>
        </SessionProvider>
      </ToastStoreProvider>
    </QueryClientProvider>
  );
}
