-- Money (issue 13): a double-entry ledger in integer poisha, and the payout runs and invoices built
-- on it. The database itself keeps the two promises the code relies on: every journal entry sums to
-- zero (a deferred constraint trigger, checked at commit), and nothing in the journal is ever
-- changed or removed (corrections are reversing entries).

-- Accounts. Sign: a line's amount is a debit when positive, a credit when negative. A shop's payable
-- is a liability, so what Dak owes the shop is minus its balance.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  -- Stable and readable: 'shop:<uuid>', 'rider:<uuid>', 'rider_shortage:<uuid>', 'hub:<id>',
  -- 'revenue:delivery', 'revenue:cod_fee', 'revenue:return', 'revenue:exchange',
  -- 'expense:compensation', 'clearing:bank', 'clearing:bkash', 'settlement:bank', 'settlement:bkash'.
  code text not null unique check (length(code) between 3 and 80),
  kind text not null check (kind in (
    'shop_payable', 'rider_cash', 'rider_shortage', 'hub_cash', 'revenue', 'expense',
    'payout_clearing', 'settlement')),
  shop_id uuid references shops (id),
  staff_id uuid references staff (id),
  hub_id text references hubs (id),
  created_at timestamptz not null default now(),
  check ((kind = 'shop_payable') = (shop_id is not null)),
  check ((kind in ('rider_cash', 'rider_shortage')) = (staff_id is not null)),
  check ((kind = 'hub_cash') = (hub_id is not null))
);
create unique index ledger_accounts_shop_idx on ledger_accounts (shop_id) where kind = 'shop_payable';

-- One money event. `key` names its cause ('parcel:<id>:delivered', 'invoice:<id>:paid', …): the
-- same cause posted twice (a retried move, job or request) finds the key taken and posts nothing.
create table journal_entries (
  id bigint generated always as identity primary key,
  key text not null unique check (length(key) between 3 and 200),
  kind text not null check (kind in (
    'delivery', 'return', 'compensation', 'cash_handover', 'hub_deposit', 'invoice', 'invoice_paid',
    'invoice_bounced', 'reversal', 'adjustment')),
  -- What the entry is about, for the statements (each optional).
  shop_id uuid references shops (id),
  parcel_id uuid references parcels (id),
  hub_id text references hubs (id),
  staff_id uuid references staff (id),
  invoice_id uuid,
  reverses_entry_id bigint references journal_entries (id),
  memo text check (length(memo) <= 500),
  created_by_staff_id uuid references staff (id),
  at timestamptz not null default now()
);
create index journal_entries_shop_idx on journal_entries (shop_id, id) where shop_id is not null;
create index journal_entries_parcel_idx on journal_entries (parcel_id) where parcel_id is not null;
create index journal_entries_invoice_idx on journal_entries (invoice_id) where invoice_id is not null;

create table journal_lines (
  id bigint generated always as identity primary key,
  entry_id bigint not null references journal_entries (id),
  account_id bigint not null references ledger_accounts (id),
  amount_poisha bigint not null check (amount_poisha <> 0)
);
create index journal_lines_entry_idx on journal_lines (entry_id);
create index journal_lines_account_idx on journal_lines (account_id) include (amount_poisha);

-- Every entry balances, checked at commit: the lines of one entry are written together.
create function journal_entry_sums_to_zero() returns trigger language plpgsql as $$
declare
  total numeric;
  lines int;
begin
  select coalesce(sum(amount_poisha), 0), count(*) into total, lines
    from journal_lines where entry_id = new.id;
  if lines < 2 or total <> 0 then
    raise exception 'journal entry % (%) does not balance: % lines summing to % poisha',
      new.id, new.key, lines, total using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger journal_entries_balance after insert on journal_entries
  deferrable initially deferred for each row execute function journal_entry_sums_to_zero();

-- A line added to an entry later (in another transaction) must keep it balanced too.
create function journal_line_keeps_entry_balanced() returns trigger language plpgsql as $$
declare
  total numeric;
begin
  select coalesce(sum(amount_poisha), 0) into total from journal_lines where entry_id = new.entry_id;
  if total <> 0 then
    raise exception 'journal entry % does not balance: its lines sum to % poisha', new.entry_id, total
      using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger journal_lines_balance after insert on journal_lines
  deferrable initially deferred for each row execute function journal_line_keeps_entry_balanced();

-- Append-only: no UPDATE, DELETE or TRUNCATE of the journal, whoever asks.
create function ledger_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only: % on % refused (post a reversing entry)', tg_op, tg_table_name
    using errcode = '42501';
end $$;
create trigger journal_entries_append_only before update or delete on journal_entries
  for each row execute function ledger_is_append_only();
create trigger journal_lines_append_only before update or delete on journal_lines
  for each row execute function ledger_is_append_only();
create trigger journal_entries_no_truncate before truncate on journal_entries
  for each statement execute function ledger_is_append_only();
create trigger journal_lines_no_truncate before truncate on journal_lines
  for each statement execute function ledger_is_append_only();

-- The spec's payment stage names: `invoiced` is called what the merchant sees, payment processing.
alter table parcels drop constraint parcels_payment_status_check;
update parcels set payment_status = 'payment_processing' where payment_status = 'invoiced';
alter table parcels add constraint parcels_payment_status_check check (payment_status in (
  'cash_collection_pending', 'unpaid', 'payment_processing', 'paid', 'bounced'));
-- When the parcel's money became final (delivered, returned, lost, damaged): a payout run for day D
-- pays what became final before D began in Dhaka.
alter table parcels add column money_final_at timestamptz;
create index parcels_unpaid_idx on parcels (shop_id, money_final_at)
  where payment_status in ('unpaid', 'bounced');

-- Payout runs: one per date, whoever starts it (the daily job or finance's button).
create table payout_runs (
  id uuid primary key default gen_random_uuid(),
  run_date date not null unique,
  -- The start of run_date in Asia/Dhaka: money final before it is paid by this run.
  cutoff timestamptz not null,
  status text not null default 'running' check (status in ('running', 'done')),
  started_by_staff_id uuid references staff (id),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);

create table payout_run_skips (
  run_id uuid not null references payout_runs (id),
  shop_id uuid not null references shops (id),
  reason text not null check (reason in (
    'no_payment_method', 'below_minimum', 'payment_method_not_updated', 'negative_balance')),
  amount_poisha bigint not null,
  primary key (run_id, shop_id)
);

create sequence invoice_number_seq;
create table invoices (
  id uuid primary key default gen_random_uuid(),
  -- 'INV-' and a running number, what the merchant and the bank file quote.
  number text not null unique,
  shop_id uuid not null references shops (id),
  run_id uuid not null references payout_runs (id),
  status text not null default 'payment_processing'
    check (status in ('payment_processing', 'paid', 'bounced')),
  method text not null check (method in ('bank', 'bkash')),
  net_amount_poisha bigint not null check (net_amount_poisha > 0),
  parcel_count int not null check (parcel_count >= 0),
  reference text check (length(reference) <= 200),
  bounce_reason text check (length(bounce_reason) <= 500),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by_staff_id uuid references staff (id),
  unique (run_id, shop_id),
  check ((status = 'payment_processing') = (decided_at is null)),
  check ((status = 'paid') = (reference is not null)),
  check ((status = 'bounced') = (bounce_reason is not null))
);
create index invoices_shop_idx on invoices (shop_id, created_at desc);
create index invoices_status_idx on invoices (status, created_at desc);
alter table journal_entries add constraint journal_entries_invoice_fk
  foreign key (invoice_id) references invoices (id);

-- The parcels an invoice pays, with their money as it stood (a bounced parcel is on a later invoice
-- again).
create table invoice_parcels (
  invoice_id uuid not null references invoices (id),
  parcel_id uuid not null references parcels (id),
  settlement_type text not null check (settlement_type in (
    'delivered', 'partial_delivered', 'returned', 'lost', 'damaged')),
  cash_collected_poisha bigint not null,
  delivery_charge_poisha bigint not null,
  cod_charge_poisha bigint not null,
  return_charge_poisha bigint not null,
  compensation_poisha bigint not null default 0,
  net_poisha bigint not null,
  primary key (invoice_id, parcel_id)
);
create index invoice_parcels_parcel_idx on invoice_parcels (parcel_id);
