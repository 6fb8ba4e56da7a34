export interface RegistrationForm {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
  /** What the captcha image shows, when the server checks captchas. */
  captchaCode?: string;
}

/** The fields the registration checks, in the order spec §5 gives its checks. */
export const CHECKED_FIELDS = ['tenantId', 'account', 'password', 'password2'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

/**
 * The registration check of one field (spec §5), as a message key, or undefined when it passes: the tenant
 * (unless known from the domain), the account, the password and its confirmation, and that the two match.
 */
export function fieldProblem(field: CheckedField, form: RegistrationForm, tenantKnown: boolean): string | undefined {
  switch (field) {
    case 'tenantId':
      return !tenantKnown && !form.tenantId ? 'common.registerNeedTenant' : undefined;
    case 'account':
      return form.account ? undefined : 'common.registerNeedAccount';
    case 'password':
      return form.password ? undefined : 'common.registerNeedPassword';
    case 'password2':
      if (!form.password2) return 'common.registerNeedPassword';
      return form.password && form.password !== form.password2 ? 'common.registerPasswordMismatch' : undefined;
  }
}
