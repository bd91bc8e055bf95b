import { Grid } from 'antd';

/**
 * Is the screen a phone's (narrower than antd's md)? Lists show cards there, tables elsewhere.
 * A file of its own so a page that only asks (the dashboard) does not load the list's table.
 */
export function usePhone(): boolean {
  return !Grid.useBreakpoint().md;
}
