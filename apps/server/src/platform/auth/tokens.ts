import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { SecuritySignals } from '../cache/signals';
import type { KeyValueStore } from '../cache/store';
import type { AuthContext } from '../http/context';

/** The claims of an access token; names follow what clients of this API read. */
interface AccessClaims {
  user_id: string;
  tenant_id: string;
  account: string;
  user_name: string;
  dept_id: string;
  dept_ids: string;
  role_id: string;
  role_name: string;
  client_id: string;
  /** The refresh token issued with this access token, revoked with it at logout. */
  rti: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  jti: string;
  expiresIn: number;
}

/** What a refresh token remembers, so a refresh re-reads the user and re-issues. */
export interface RefreshGrant {
  userId: string;
  tenantId: string;
  clientId: string;
  deptId: string;
  roleId: string;
}

const ISSUER = 'property-console';
const VERIFIED_CACHE_SIZE = 2000;

interface Decoded {
  auth: AuthContext;
  jti: string;
}

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was already checked, until they expire: the same
   * token arrives with every call of a session, and the signature cannot
   * change. Revocation is still checked on every call (security signals).
   */
  private readonly verified = new Map<string, Decoded & { expires: number }>();
  constructor(
    secret: string,
    private readonly store: KeyValueStore,
    private readonly signals: SecuritySignals,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(auth: AuthContext, lifetimes: { access: number; refresh: number }): Promise<IssuedTokens> {
    const jti = randomUUID();
    const refreshToken = randomBytes(32).toString('base64url');
    const claims: AccessClaims = {
      user_id: auth.userId,
      tenant_id: auth.tenantId,
      account: auth.account,
      user_name: auth.userName,
      dept_id: auth.deptId,
      dept_ids: auth.deptIds.join(','),
      role_id: auth.roleIds.join(','),
      role_name: auth.roleAliases.join(','),
      client_id: auth.clientId,
      rti: refreshToken.slice(0, 16),
    };
    const accessToken = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${lifetimes.access}s`)
      .sign(this.key);
    const grant: RefreshGrant = {
      userId: auth.userId,
      tenantId: auth.tenantId,
      clientId: auth.clientId,
      deptId: auth.deptId,
      roleId: auth.roleIds.join(','),
    };
    await this.store.set(`refresh:${refreshToken}`, JSON.stringify(grant), lifetimes.refresh);
    await this.store.set(`refresh-of:${claims.rti}`, refreshToken, lifetimes.refresh);
    return { accessToken, refreshToken, jti, expiresIn: lifetimes.access };
  }

  /** A refresh token works once: taking it deletes it on every instance. */
  async redeem(refreshToken: string): Promise<RefreshGrant | null> {
    const value = await this.store.take(`refresh:${refreshToken}`);
    return value ? (JSON.parse(value) as RefreshGrant) : null;
  }

  /** The caller of a validly signed, unexpired token (revocation not checked), or null. */
  async decode(token: string): Promise<Decoded | null> {
    const known = this.verified.get(token);
    if (known && known.expires > Date.now()) return known;
    let payload: AccessClaims & { jti?: string; exp?: number };
    try {
      ({ payload } = (await jwtVerify(token, this.key, { issuer: ISSUER })) as {
        payload: AccessClaims & { jti?: string; exp?: number };
      });
    } catch {
      this.verified.delete(token);
      return null;
    }
    const decoded = this.toDecoded(payload);
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { ...decoded, expires: (payload.exp ?? 0) * 1000 });
    return decoded;
  }

  private toDecoded(payload: AccessClaims & { jti?: string }): Decoded {
    const split = (s: string) => (s ? s.split(',') : []);
    return {
      jti: payload.jti ?? '',
      auth: {
        userId: payload.user_id,
        tenantId: payload.tenant_id,
        account: payload.account,
        userName: payload.user_name,
        deptId: payload.dept_id,
        deptIds: split(payload.dept_ids),
        roleIds: split(payload.role_id),
        roleAliases: split(payload.role_name),
        clientId: payload.client_id,
      },
    };
  }

  /** Logout: the access token and the refresh token issued with it stop working everywhere. */
  async revoke(token: string): Promise<void> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER });
      if (payload.jti) await this.signals.revoke(payload.jti, payload.exp ?? Math.floor(Date.now() / 1000) + 1);
      const rti = (payload as unknown as AccessClaims).rti;
      const refresh = rti ? await this.store.take(`refresh-of:${rti}`) : null;
      if (refresh) await this.store.del(`refresh:${refresh}`);
    } catch {
      // An invalid token is already unusable: nothing to revoke.
    }
  }
}
