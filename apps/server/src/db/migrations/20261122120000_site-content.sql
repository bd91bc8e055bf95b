-- Public site content (issue 6): courier booths, truck types, FAQ, blog posts with cover images,
-- and enterprise leads. Staff write all of it in the console; the public site reads it.

-- Two console roles for the content and the sales rooms.
alter table staff drop constraint staff_role_check;
alter table staff add constraint staff_role_check
  check (role in ('admin', 'hub_manager', 'rider', 'finance', 'support', 'marketing', 'sales'));

-- A booth (sales point) where a walk-in sender books and pays for a parcel.
create table booths (
  id uuid primary key default gen_random_uuid(),
  name_en text not null,
  name_bn text not null,
  address_en text not null,
  address_bn text not null,
  district_id text not null references districts (id),
  area_id text references areas (id),
  phone text not null check (phone ~ '^8801[13-9][0-9]{8}$'),
  hours_en text not null,
  hours_bn text not null,
  services text[] not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index booths_district_idx on booths (district_id) where active;

create table truck_types (
  id uuid primary key default gen_random_uuid(),
  name_en text not null,
  name_bn text not null,
  capacity_kg int not null check (capacity_kg > 0),
  length_feet int not null check (length_feet > 0),
  description_en text not null,
  description_bn text not null,
  -- Indicative only: the real price is quoted per enquiry.
  indicative_price_taka int not null check (indicative_price_taka > 0),
  price_unit text not null check (price_unit in ('trip', 'day')),
  position int not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table faq_entries (
  id uuid primary key default gen_random_uuid(),
  question_en text not null,
  question_bn text not null,
  answer_en text not null,
  answer_bn text not null,
  category text not null,
  position int not null default 0,
  status text not null default 'draft' check (status in ('draft', 'published')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index faq_entries_published_idx on faq_entries (position) where status = 'published';

-- Images staff upload for the public site (blog covers), checked by their bytes; stored by key.
create table media (
  id uuid primary key default gen_random_uuid(),
  storage_key text not null unique,
  content_type text not null,
  size_bytes int not null,
  created_by_staff_id uuid references staff (id),
  created_at timestamptz not null default now()
);

create table blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title_en text not null,
  title_bn text not null,
  excerpt_en text not null,
  excerpt_bn text not null,
  body_en text not null,
  body_bn text not null,
  cover_media_id uuid references media (id),
  status text not null default 'draft' check (status in ('draft', 'published')),
  -- Set when first published and kept afterwards, so a post keeps its date.
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status = 'draft' or published_at is not null)
);
create index blog_posts_published_idx on blog_posts (published_at desc) where status = 'published';

create table enterprise_leads (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  phone text not null,
  company text not null,
  requirement text not null,
  status text not null default 'new' check (status in ('new', 'contacted', 'won', 'lost')),
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index enterprise_leads_status_idx on enterprise_leads (status, created_at desc);

-- Every status move of a lead, with who moved it and the note they left.
create table enterprise_lead_events (
  id bigserial primary key,
  lead_id uuid not null references enterprise_leads (id) on delete cascade,
  from_status text not null,
  to_status text not null,
  note text not null,
  staff_id uuid references staff (id),
  created_at timestamptz not null default now()
);
create index enterprise_lead_events_lead_idx on enterprise_lead_events (lead_id, id);
