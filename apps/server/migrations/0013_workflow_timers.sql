-- Generated from the entity definitions.
alter table blade_flow_instance add column timers jsonb;
--;
alter table blade_flow_instance add column timer_due timestamp(0);
--;
create index blade_flow_instance_timer_due_idx on blade_flow_instance (tenant_id, timer_due) where is_deleted = 0;
