-- Generated from the entity definitions.
alter table property_payment_item add column auto_deduct integer default 0;
