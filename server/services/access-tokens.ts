/**
 * Short-lived access tokens: HS256 JWTs carrying the user id (`sub`), the
 * account type and the session (`sid`, the refresh-token family), valid
 * ACCESS_TOKEN_TTL seconds. The signature check needs no database; whether
 * the session is still alive is checked per request (http/auth.ts), so a
 * token stops working at logout. A verified token's claims are remembered
 * until it expires (an HMAC check per request is most of the cost of a cheap read).
 */
import { jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { LRUCache } from 'lru-cache';
import { staticSigningKeys, type SigningKeys } from './secrets.ts';

export interface AccessClaims {
  userId: number;
  userType: string;
  /** The session (refresh-token family) the token was issued for; null in tokens from before sessions were named. */
  sessionId: string | null;
  /**
   * Set only while a team member acts for an owner (X-Account, http/team-access.ts): the
   * signed-in person, whose session this is; `userId` and `userType` are then the owner's.
   */
  actorId?: number;
  /** That member's role on the owner's team. */
  teamRole?: 'manager' | 'editor';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessTokens {
  sign(claims: AccessClaims, nowMs: number): Promise<string>;
  /** The claims of a valid, unexpired token, or null. */
  verify(token: string, nowMs: number): Promise<AccessClaims | null>;
}

const ISSUER = 'roamly';

/** `keys`: JWT_SECRET, or the database key ring (tokens then carry a `kid`). */
export function accessTokens(keys: string | SigningKeys, ttlSeconds: number): AccessTokens {
  const ring = typeof keys === 'string' ? staticSigningKeys(keys) : keys;
  const keyFor = async (header: JWTHeaderParameters) => {
    const key = await ring.find(header.kid);
    if (!key) throw new Error('unknown signing key');
    return key;
  };
  const verified = new LRUCache<string, { claims: AccessClaims; expiresAtMs: number; issuedAtMs: number }>({
    max: 10_000,
  });
  return {
    async sign(claims, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const { kid, key } = await ring.current();
      return new SignJWT({ typ: 'access', ut: claims.userType, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
        .setProtectedHeader(kid ? { alg: 'HS256', kid } : { alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token, nowMs) {
      const cached = verified.get(token);
      if (cached) return nowMs < cached.expiresAtMs && nowMs >= cached.issuedAtMs - 60_000 ? cached.claims : null;
      try {
        const { payload } = await jwtVerify(token, keyFor, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: new Date(nowMs),
        });
        const userId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || !payload.exp) return null;
        const claims = {
          userId,
          userType: typeof payload.ut === 'string' ? payload.ut : 'user',
          sessionId: typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : null,
        };
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000, issuedAtMs: (payload.iat ?? 0) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
