/** The console's constants (spec §9). */
export const APP = {
  /** Seconds after which the access token is refreshed. */
  tokenTime: 3000,
  /** How often the refresh check runs, in milliseconds. */
  refreshCheckMs: 10_000,
  tokenHeader: 'Blade-Auth',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  captchaMode: true,
  switchMode: false,
  defaultTenantId: '000000',
  lockPage: '/lock',
  colour: '#409EFF',
  defaultLanguage: 'zh' as const,
  errorLogMax: 99,
  pageSizes: [10, 30, 50, 100, 200],
  /** A call not answered within this time is given up (spec §9: 1,000,000 ms). */
  requestTimeoutMs: 1_000_000,
  storagePrefix: 'saber-',
};

/** Width classes (§9): 3 from 1200, 2 from 992, 1 from 768, else 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}
