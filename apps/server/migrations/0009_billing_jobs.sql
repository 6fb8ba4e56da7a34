-- Generated from the entity definitions.
alter table property_sms_use add column job_run_id bigint;
--;
create unique index property_sms_use_job_run_id_phone_uq on property_sms_use (tenant_id, job_run_id, phone) where is_deleted = 0;
