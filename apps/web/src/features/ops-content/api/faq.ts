import { type FaqInput, opsFaqListSchema, opsFaqSchema } from '@dak/domain/site-content';
import { contentResource } from './resource';

export type OpsFaqEntry = ReturnType<typeof opsFaqSchema.parse>;

/** /ops/faq: every FAQ entry, drafts too, in the order the public page shows them. */
export const faqEntries = contentResource<ReturnType<typeof opsFaqListSchema.parse>, OpsFaqEntry, FaqInput>({
  path: '/ops/faq',
  list: opsFaqListSchema,
  item: opsFaqSchema,
});
