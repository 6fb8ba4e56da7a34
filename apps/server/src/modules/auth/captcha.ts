import { randomUUID } from 'node:crypto';
import type { KeyValueStore } from '../../platform/cache/store';
import { captchaDataUrl, randomCaptchaText } from '../../platform/auth/captcha-image';

const CAPTCHA_SECONDS = 300;

/** Captcha codes: five characters, compared without case, valid once for five minutes. */
export class CaptchaService {
  constructor(
    private readonly store: KeyValueStore,
    private readonly enabled: boolean,
  ) {}

  /**
   * `enabled` tells the console whether to show the captcha at all: an intranet install that turns
   * captcha checks off (CAPTCHA_ENABLED=false) should not ask people to type one.
   */
  async create(): Promise<{ key: string; image: string; enabled: boolean }> {
    const key = randomUUID();
    const text = randomCaptchaText(5);
    await this.store.set(`captcha:${key}`, text.toLowerCase(), CAPTCHA_SECONDS);
    return { key, image: captchaDataUrl(text), enabled: this.enabled };
  }

  /** Taking the code consumes it whether or not it matches: one guess per image. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const expected = await this.store.take(`captcha:${key}`);
    return expected !== null && expected === code.trim().toLowerCase();
  }
}
