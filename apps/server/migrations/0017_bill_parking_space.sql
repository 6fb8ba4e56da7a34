-- Generated from the entity definitions.
create index property_payment_bill_parking_space_id_bill_status_idx on property_payment_bill (tenant_id, parking_space_id, bill_status) where is_deleted = 0;
