import { hashSecret, newClientId, newClientSecret, verifySecret } from './secrets';

describe('client secrets', () => {
  it('makes prefixed client ids and 32-byte base64url secrets, different every time', () => {
    expect(newClientId()).toMatch(/^cs_[A-Za-z0-9_-]{16}$/);
    expect(newClientId()).not.toBe(newClientId());
    const secret = newClientSecret();
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(secret).not.toBe(newClientSecret());
  });

  it('hashes with a fresh salt and the cost parameters in the hash', async () => {
    const first = await hashSecret('s3cret');
    const second = await hashSecret('s3cret');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('s3cret');
  });

  it('verifies the right secret and rejects any other', async () => {
    const hash = await hashSecret('s3cret');
    await expect(verifySecret('s3cret', hash)).resolves.toBe(true);
    await expect(verifySecret('s3cret ', hash)).resolves.toBe(false);
    await expect(verifySecret('', hash)).resolves.toBe(false);
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    await expect(verifySecret('x', 'plain-text')).resolves.toBe(false);
    await expect(verifySecret('x', 'scrypt$a$b$c$d$e')).resolves.toBe(false);
    await expect(verifySecret('x', 'bcrypt$1$2$3$c2FsdA$aGFzaA')).resolves.toBe(false);
  });
});
