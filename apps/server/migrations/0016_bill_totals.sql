-- Generated from the entity definitions.
create index property_payment_bill_bill_status_house_name_house_id_idx on property_payment_bill (tenant_id, bill_status, house_name, house_id) where is_deleted = 0;
--;
-- Written by hand: running totals of the live bills, so the whole tenant's (or a garden's) list totals read a few
-- rows instead of every bill (list-sum; docs/benchmarks.md, "Billing"). One row per tenant, garden, state, due date
-- (kept for unpaid bills only: overdue is an unpaid bill past its due date, worked out when read, never stored) and
-- whether anything was refunded. The triggers below keep them in the same statement as the bills change, whatever
-- code path changes them; each total equals the sum of its bills' columns (sum() skipping nulls, as the lists do).
create table property_bill_totals (
  tenant_id text not null,
  garden_id bigint,
  bill_status integer,
  due_date date,
  refunded boolean not null,
  bill_count bigint not null,
  amount numeric not null,
  reduce_amount numeric not null,
  owed numeric not null,
  paid_amount numeric not null,
  late_fee numeric not null,
  refund_amount numeric not null,
  constraint property_bill_totals_key unique nulls not distinct (tenant_id, garden_id, bill_status, due_date, refunded)
);
--;
-- Adds one statement's changes to the bills (+ the live rows after it, − the live rows before it) to the totals.
-- Two transactions changing bills of one garden queue on the garden's lock (taken in garden order before any
-- totals row is touched, held to the end of the transaction), so their updates of the totals rows never cross and
-- cannot deadlock, whatever the order of their statements (bill ids are locked in id order before, see lockBills).
-- A statement that leaves every group as it was (a remark edited) touches no totals row; groups left with no bill
-- are removed.
create function property_bill_totals_change() returns trigger language plpgsql as $$
declare
  changed property_bill_totals[];
begin
  -- A transition table is named in the statement's text: each kind of trigger has only its own.
  execute 'select array_agg(row(g.*)::property_bill_totals order by g.tenant_id, g.garden_id, g.bill_status, g.due_date, g.refunded)
    from (select tenant_id, garden_id, bill_status, case when bill_status = 1 then due_date end as due_date,
        coalesce(refund_amount, 0) > 0 as refunded, sum(n) as bill_count, coalesce(sum(n * amount), 0) as amount,
        coalesce(sum(n * reduce_amount), 0) as reduce_amount, coalesce(sum(n * (amount - reduce_amount)), 0) as owed,
        coalesce(sum(n * paid_amount), 0) as paid_amount, coalesce(sum(n * late_fee), 0) as late_fee,
        coalesce(sum(n * refund_amount), 0) as refund_amount
      from (' || case tg_op
        when 'INSERT' then 'select 1 as n, * from new_rows'
        when 'DELETE' then 'select -1 as n, * from old_rows'
        else 'select 1 as n, * from new_rows union all select -1 as n, * from old_rows' end || ') c
      where is_deleted = 0
      group by 1, 2, 3, 4, 5
      having sum(n) <> 0 or coalesce(sum(n * amount), 0) <> 0 or coalesce(sum(n * reduce_amount), 0) <> 0
        or coalesce(sum(n * (amount - reduce_amount)), 0) <> 0 or coalesce(sum(n * paid_amount), 0) <> 0
        or coalesce(sum(n * late_fee), 0) <> 0 or coalesce(sum(n * refund_amount), 0) <> 0) g' into changed;
  if changed is null then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('property_bill_totals:' || g.tenant_id || ':' || coalesce(g.garden_id::text, ''), 0))
  from (select distinct c.tenant_id, c.garden_id from unnest(changed) c order by 1, 2) g;
  insert into property_bill_totals as t
  select * from unnest(changed)
  on conflict on constraint property_bill_totals_key do update set bill_count = t.bill_count + excluded.bill_count,
    amount = t.amount + excluded.amount, reduce_amount = t.reduce_amount + excluded.reduce_amount,
    owed = t.owed + excluded.owed, paid_amount = t.paid_amount + excluded.paid_amount,
    late_fee = t.late_fee + excluded.late_fee, refund_amount = t.refund_amount + excluded.refund_amount;
  delete from property_bill_totals t using unnest(changed) c
  where t.bill_count = 0 and t.tenant_id = c.tenant_id and t.garden_id is not distinct from c.garden_id
    and t.bill_status is not distinct from c.bill_status and t.due_date is not distinct from c.due_date
    and t.refunded = c.refunded;
  return null;
end $$;
--;
create trigger property_bill_totals_insert after insert on property_payment_bill referencing new table as new_rows
  for each statement execute function property_bill_totals_change();
--;
create trigger property_bill_totals_update after update on property_payment_bill
  referencing old table as old_rows new table as new_rows for each statement execute function property_bill_totals_change();
--;
create trigger property_bill_totals_delete after delete on property_payment_bill referencing old table as old_rows
  for each statement execute function property_bill_totals_change();
--;
-- The totals of the bills made before this migration.
insert into property_bill_totals
select tenant_id, garden_id, bill_status, case when bill_status = 1 then due_date end, coalesce(refund_amount, 0) > 0,
  count(*), coalesce(sum(amount), 0), coalesce(sum(reduce_amount), 0), coalesce(sum(amount - reduce_amount), 0),
  coalesce(sum(paid_amount), 0), coalesce(sum(late_fee), 0), coalesce(sum(refund_amount), 0)
from property_payment_bill where is_deleted = 0
group by 1, 2, 3, 4, 5;
