-- Generated from the entity definitions.
create index property_epidemic_info_house_id_idx on property_epidemic_info (tenant_id, house_id) where is_deleted = 0;
