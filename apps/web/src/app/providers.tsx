import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import bnBD from 'antd/locale/bn_BD';
import enUS from 'antd/locale/en_US';
// The date picker reads month and weekday names from dayjs's locale named by antd's bn_BD.
import 'dayjs/locale/bn-bd';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { useLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

const antdLocales = { en: enUS, bn: bnBD } as const;

/** Query cache, antd theme and locale, and the spec's toast area (top right, 8 s, no click-close). */
export function Providers({ children }: { children: ReactNode }) {
  const language = useLanguage();

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocales[language]} theme={theme}>
        <AntdApp>
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
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
