-- Generated from the entity definitions.
create index blade_attach_storage_idx on blade_attach (tenant_id, storage) where is_deleted = 0;
