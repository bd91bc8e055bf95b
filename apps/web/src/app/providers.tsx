import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { queryClient } from '../lib/query-client';

/**
 * Query cache and the spec's toast area (top right, 8 s, no click-close). No antd here: its theme,
 * locale and App context come with the routes that use it (`PanelFrame`, `AntdOutlet` in
 * router.tsx), so the sign-in page loads none of it (issue 16).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
