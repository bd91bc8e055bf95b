import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Notes the router's address after every render. */
function Probe({ seen }: { seen: { current: URL } }) {
  const location = useLocation();
  seen.current = new URL(`${location.pathname}${location.search}`, 'http://localhost');
  return null;
}

/**
 * Renders a feature's component as the app would (a fresh query cache, antd's app, a router at
 * `url`); `location()` answers the address the component has written since.
 */
export function renderWithApp(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const seen = { current: new URL(url, 'http://localhost') };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider>
        <AntdApp>
          <MemoryRouter initialEntries={[url]}>
            <Probe seen={seen} />
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, location: () => seen.current };
}
