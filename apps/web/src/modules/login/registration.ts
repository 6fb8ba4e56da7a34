export interface RegistrationForm {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
}

/** The registration checks of spec §5, in their order; answers the first warning's message key. */
export function registrationProblem(form: RegistrationForm, tenantKnown: boolean): string | undefined {
  if (!tenantKnown && !form.tenantId) return 'common.registerNeedTenant';
  if (!form.account) return 'common.registerNeedAccount';
  if (!form.password || !form.password2) return 'common.registerNeedPassword';
  if (form.password !== form.password2) return 'common.registerPasswordMismatch';
  return undefined;
}
