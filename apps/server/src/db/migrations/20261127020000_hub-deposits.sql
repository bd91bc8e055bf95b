-- Hub cash (issue 13, item 3). A rider's hand-over needs no table of its own: its journal entry
-- (kind 'cash_handover') names the rider (staff_id), the hub, the staff member who counted
-- (created_by_staff_id) and the time, and its lines are the counted cash (to the hub) and the
-- shortage (to the rider's receivable); expected = counted + shortage. A bank deposit carries
-- what the journal has no column for (the bank's reference, the day of the deposit), so it has a
-- row here, written in the same transaction as its entry.
create table hub_deposits (
  id bigint generated always as identity primary key,
  hub_id text not null references hubs (id),
  amount_poisha bigint not null check (amount_poisha > 0),
  bank_reference text not null check (length(bank_reference) between 1 and 200),
  deposited_on date not null,
  recorded_by_staff_id uuid not null references staff (id),
  entry_id bigint not null unique references journal_entries (id),
  at timestamptz not null
);
create index hub_deposits_hub_idx on hub_deposits (hub_id, id desc);

-- The cash desk reads a rider's or hub's cash entries of a day.
create index journal_entries_staff_idx on journal_entries (staff_id, at) where staff_id is not null;
