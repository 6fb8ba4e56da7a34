import { randomUUID } from 'node:crypto';
import type { KeyValueStore } from '../../platform/cache/store';
import { captchaDataUrl, randomCaptchaText } from '../../platform/auth/captcha-image';

const CAPTCHA_SECONDS = 300;

/** Captcha codes: five characters, compared without case, valid once for five minutes. */
export class CaptchaService {
  constructor(private readonly store: KeyValueStore) {}

  async create(): Promise<{ key: string; image: string }> {
    const key = randomUUID();
    const text = randomCaptchaText(5);
    await this.store.set(`captcha:${key}`, text.toLowerCase(), CAPTCHA_SECONDS);
    return { key, image: captchaDataUrl(text) };
  }

  /** Taking the code consumes it whether or not it matches: one guess per image. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const expected = await this.store.take(`captcha:${key}`);
    return expected !== null && expected === code.trim().toLowerCase();
  }
}
