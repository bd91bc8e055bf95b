import { type BoothInput, opsBoothListSchema, opsBoothSchema } from '@dak/domain/site-content';
import { contentResource } from './resource';

export type OpsBooth = ReturnType<typeof opsBoothSchema.parse>;

/** /ops/booths: the booths (sales points) the public courier page lists beside the hubs. */
export const booths = contentResource<ReturnType<typeof opsBoothListSchema.parse>, OpsBooth, BoothInput>({
  path: '/ops/booths',
  list: opsBoothListSchema,
  item: opsBoothSchema,
});
