import type { ThemeConfig } from 'antd';

/**
 * Bengali from "Dak Bengali" (the device's own Bengali font, else the web font: app/bengali-font.css),
 * first, as its unicode-range holds only Bengali; Latin from the system UI font. Keep in step with
 * --font in styles/base.css.
 */
export const fontStack = [
  '"Dak Bengali"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/**
 * Monospace (antd's code text, as --font-mono in styles/base.css): "Dak Bengali" first again, as
 * no monospace font has Bengali and antd's own stack drew it as boxes.
 */
export const monoFontStack = [
  '"Dak Bengali"',
  'ui-monospace',
  'SFMono-Regular',
  'Menlo',
  'Consolas',
  '"Liberation Mono"',
  'monospace',
].join(', ');

/** Bangladesh green, with plain surfaces that stay readable on a cheap phone screen in sunlight. */
export const brandColor = '#006a4e';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColor,
    colorLink: brandColor,
    colorError: '#c8102e',
    colorTextBase: '#1b1f1d',
    // antd derives its grey texts as see-through base text (65 % and 45 %): the lighter fails the
    // 4.5:1 contrast axe asks for on the grey page. Solid greys instead, as --text-soft in base.css.
    colorTextSecondary: '#4a5450',
    colorTextTertiary: '#56605b',
    colorTextDescription: '#56605b',
    colorTextPlaceholder: '#636c68',
    colorBgLayout: '#f5f7f6',
    borderRadius: 8,
    fontFamily: fontStack,
    fontFamilyCode: monoFontStack,
    fontSize: 15,
    controlHeight: 40,
    controlHeightLG: 46,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 60,
      headerPadding: '0',
      footerBg: '#eef2f0',
      bodyBg: '#f5f7f6',
    },
    Button: { fontWeight: 600 },
    // An empty table's words ("No parcels yet") are read, not disabled: the solid grey.
    Table: { colorTextDisabled: '#56605b' },
    Form: { itemMarginBottom: 18, verticalLabelPadding: '0 0 6px' },
    // Narrow enough that the calendar, with Bengali weekday names, fits a 360 px phone.
    DatePicker: { cellWidth: 32, cellHeight: 26 },
  },
};
