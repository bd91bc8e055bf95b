import { opsTruckTypeListSchema, opsTruckTypeSchema, type TruckTypeInput } from '@dak/domain/site-content';
import { contentResource } from './resource';

export type OpsTruckType = ReturnType<typeof opsTruckTypeSchema.parse>;

/** /ops/truck-types: the enterprise page's trucks with their indicative prices. */
export const truckTypes = contentResource<
  ReturnType<typeof opsTruckTypeListSchema.parse>,
  OpsTruckType,
  TruckTypeInput
>({ path: '/ops/truck-types', list: opsTruckTypeListSchema, item: opsTruckTypeSchema });
