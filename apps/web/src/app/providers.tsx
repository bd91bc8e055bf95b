import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { queryClient } from '../lib/query-client';
import { AntdProviders } from './antd-providers';

/** Query cache, antd theme and locale, and the spec's toast area (top right, 8 s, no click-close). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProviders>
        {children}
        <ToastContainer
          position="top-right"
          autoClose={8000}
          pauseOnHover
          draggable
          closeOnClick={false}
          newestOnTop
          limit={4}
        />
      </AntdProviders>
    </QueryClientProvider>
  );
}
