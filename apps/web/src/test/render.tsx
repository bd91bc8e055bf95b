import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/**
 * Renders a feature's component as the app would (a fresh query cache, antd's app, a router at
 * `url`); `location()` answers the address the component has written since.
 */
export function renderWithApp(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  let current = new URL(url, 'http://localhost');
  function Probe() {
    const location = useLocation();
    current = new URL(`${location.pathname}${location.search}`, 'http://localhost');
    return null;
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider>
        <AntdApp>
          <MemoryRouter initialEntries={[url]}>
            <Probe />
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, location: () => current };
}
