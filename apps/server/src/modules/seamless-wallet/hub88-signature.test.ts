/**
 * The published Hub88 signature test vectors (github.com/coingaming/Hub88-Examples: priv/public.pub
 * and signatures.csv, also examples/python/test_signature.py): RSA-SHA256, base64, over the exact
 * body bytes. Our verifier accepts each, and refuses them for a changed body or another key.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hub88Sign, hub88Verify } from './credentials.ts';

const PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx3IRpSri/9SjA7f9me35
v6LtJzn8drb1vg/UeGaPPFR16KsUOPqbGJ2r1pRPJMedqqbO7Agt/HavWDcQhNZl
c9VrVQcWK/w2HD9PflQYv0oQMiPK5Mut/eIdFOpwwwaRAU4s6WOkJdSmP9F4cfr/
amTZZoY59/t3SZWYjgZ9/LDI2X8S3uLW/JPiH+6dm2bU8ykhxoWwLE/piJxynS73
EzM0tgjHyTUMkarhK9qRVZk581/kzmtJLLBZQl9XrQQcIfQ+zFZj7ijddOptxpxq
Cmq8gQNohB56p34yjVH3uAJAaFvIVg5mEkprrvNVDJwGonHSaaq7AICmzrF6h/r5
dwIDAQAB
-----END PUBLIC KEY-----
`;

const VECTORS: [string, string][] = [
  ['test', 'V3bEXE72v0fbrKNV6bHW945WgsuRvkKcUBA4+C2AiUp+ssrItfk4btBhQfuupBsUXY11JZY+2DSK15NlXeziZbtGQRbgq6v/Ou2tWd652r39nKCfwpxLw1foXaLiSP5ZPudi42M7ANG4XygjaErPiIMHHQaEA6WKqSLIPmJmJJ1u6PkLulpG5CEMO+/6tWRBMMd5vZuHxqc2koaCWI6a3sW+75INSPXbSAEnwVkWPIeUg+EYCdUE7RARSlT/xf5Bp37qtEGZSG7TF7198HDQjAMpC7HBY+tUXsNZwXJJpcRxRh0Pqfz7Q9LG0ikFfdQE+0gCnuLOmx0IMtLIFjVQpA=='],
  ['example', 'KzpO4V0hQzF5QXl6VxBurWImpi1XhY0/nfezuaNJd3IE1YvIX1uRqgVcKRRLOcBVDg9uT7oQNOyuBSIYmNqc6YR3IJyWNPol0wPObBi71fpDtDxIuZmAW6CHsoKgjSlP3NPP7X4CheJW/xaVgWW2hveAcV4mXvbY2cIVywVeCE6y+LrKI+doq1sRXAx7akQsAe5aQvFNo419zme682eddwkgESDdlJY2vCQ7mFxpxrnXQ3kqefq6JuGizGwgGLaqsp79hu9rc6Bnkvevhq0LcyLZ4SnHfVnv6sxZGyPEFQLslgk/jtww+IXXna6pI0ki2nxSc4UVbFTUIBL4B3lm/A=='],
  ['{"test":"test"}', 'LMYX772LMBO+r83MakogTLoYnUmkR5TTSCMbzbzWPQBgqakoUwjsQnGAbIvA2ZEZXKgbygEW32crr/OzkJbXJp/XSeXPg93IvlOOiaItcPZAIx2MvBh7tY2vtcNMfodlrEvvG5ySDJQWO4LD/Gv7v6dpJJEsVy7AFdT8Azix2MUGcsljIJFWclYsHjJ96OCm5z4RZeA4tp49QCMKb3AL0TZojxxPL/9vSO//o4IcGQCQ02Sw7/p1c8EogCKI9AcMA2fmcog5fy853wMoZJem+qzLtQfBNKLmmKvFE02V7AkRdPn4q7ilCFzkpmN3T5Rhmazv5JHUIvjokR9c0p/4UQ=='],
  ['{"game_id":132,"request_uuid":"583c985f-fee6-4c0e-bbf5-308aad6265af","token":"55b7518e-b89e-11e7-81be-58404eea6d16"}', 'Kd+/B1NealiUiv/9cI/0MQuwnLiAMteKFesys/b8Koe9pVP/H7Hw54W99+q1uMGizaXj+nMIzcwerFSlSkMj94uqXHueGFvDKI4YGKqntlj7EvID1B7P+VlS/A5RN4RjghIMR3MGnsJZT43G8tAju+xJCzjzDmgS25IPVIZobabIpct87ReqxYfkqIlqgH/uKkpU0ezG25mmhMa82Umat1eu88dJDCa1NsbX9SF5gtdC+A8pYS/o87s2RWHG5VVYM8awAwxPnwZacyKIEbXS59BcAI6StUm+/sJWvSKKvR6lxCiJyQOWzG1IwN9NxBthp5AfQx23G5aDMnYDkSUsIw=='],
  ['{"user":"3nYTOSjdlF6UTz9Ir","country":"XX","currency":"BTC","operator_id":1,"token":"cd6bd8560f3bb8f84325152101adeb45","platform":"GPL_DESKTOP","game_id":39,"lang":"en","lobby_url":"https://examplecasino.io","ip":"::ffff:10.0.0.39"}', 'bL7uNP1K3S0HG8IOC0A5Gf/Cl+Hs3YCVfA0ZrjPgGJFnOstxshCQHB7JbeBhTEDhsqd6CFj4U5xOjzselFkO1HhFrTWssB7CNiXaNmizYp2NKuZhkJcrTswVlk8z9NzAkYJfcqnXiC6lMX1X5t6/+dOX6rvLlHM7yfo9LzhVjKo1on9JMHoW8AiYcC8clKEqpyWTQ70euGXnqxRay5RVAmD1sxOlmz8VIX5irtpMOugNDIL1G3g4IgauPk8T2IfVierOFeALQrNx88Es6Dl8Bgb9ogm1W4xgL3Ve01p59DQNt0oorm0LZt/YqkWYGLL2lpd5Qb1FiX4O7+hfyPKN1Q=='],
];

describe('Hub88 published signature vectors', () => {
  const key = createPublicKey(PUBLIC_KEY);

  it.each(VECTORS)('verifies %s', (body, signature) => {
    expect(hub88Verify([key], body, signature)).toBe(true);
  });

  it('refuses a vector for another body, another key, or a damaged signature', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    for (const [body, signature] of VECTORS) {
      expect(hub88Verify([key], `${body} `, signature)).toBe(false);
      expect(hub88Verify([other], body, signature)).toBe(false);
      expect(hub88Verify([key], body, `A${signature.slice(1)}`)).toBe(false);
    }
    expect(hub88Verify([key], 'test', undefined)).toBe(false);
  });

  it('signs so that the public key verifies (our answers)', () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const sig = hub88Sign(pair.privateKey, '{"status":"RS_OK"}');
    expect(hub88Verify([pair.publicKey, key], '{"status":"RS_OK"}', sig)).toBe(true);
  });
});
