import { type BlogPostInput, opsBlogListSchema, opsBlogPostSchema } from '@dak/domain/site-content';
import { contentResource } from './resource';

export type OpsBlogPost = ReturnType<typeof opsBlogPostSchema.parse>;

/** /ops/blog: every post, drafts too, newest first. */
export const blogPosts = contentResource<
  ReturnType<typeof opsBlogListSchema.parse>,
  OpsBlogPost,
  BlogPostInput
>({
  path: '/ops/blog',
  list: opsBlogListSchema,
  item: opsBlogPostSchema,
});
