import { App as AntdApp, ConfigProvider } from 'antd';
import bnBD from 'antd/locale/bn_BD';
import enUS from 'antd/locale/en_US';
// The date picker reads month and weekday names from dayjs's locale named by antd's bn_BD.
import 'dayjs/locale/bn-bd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useLanguage } from '../lib/i18n';
import { theme } from './theme';

const antdLocales = { en: enUS, bn: bnBD } as const;

/**
 * A phone set to "remove animations" (prefers-reduced-motion) gets antd without its open and close
 * animations: dialogs, drawers and menus appear at once, which is also kinder to a slow CPU.
 */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const themeForDevice = reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;

/**
 * antd's theme, locale and App context (its message, modal and notification hooks). Only what
 * uses antd sits under it, so a page or frame written without antd (the sign-in page, issue 16)
 * never downloads antd's core.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <ConfigProvider locale={antdLocales[language]} theme={themeForDevice}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/** A layout route: its child routes render under antd's providers. */
export function AntdOutlet() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
