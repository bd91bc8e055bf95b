-- Each area's names and aliases, normalised one by one (packages/domain/src/geo.ts
-- normalizeSearchText), so the area search can rank an exact name or alias, then a name that
-- starts with the query, above fuzzy matches on search_text. Written by the geography seed.
alter table areas add column search_names text[] not null default '{}';
