import 'i18next';
import type en from './en.json';
import type opsEn from './ops.en.json';

// Module augmentation has to use `interface`: it merges into i18next's own declaration.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & { opsConsole: typeof opsEn } };
  }
}
