import { loadLanguage } from '../lib/i18n';

/**
 * The page's language, asked for as soon as this module runs: main.tsx imports it before the
 * router, whose module starts the matched route's lazy chunks (issue 16: on a cold visit the
 * strings were queued behind some thirty chunk requests and arrived last).
 */
export const languageLoaded = loadLanguage();
