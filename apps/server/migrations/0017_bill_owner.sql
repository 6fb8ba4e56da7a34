-- Generated from the entity definitions.
create index property_payment_bill_owner_id_bill_status_idx on property_payment_bill (tenant_id, owner_id, bill_status) where is_deleted = 0;
