import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerBody } from './api/auth';
import { commonPasswords, isCommonPassword } from './common-passwords';

describe('the common-password list', () => {
  it('holds 1,000 distinct lower-cased passwords that pass the length rule', () => {
    expect(commonPasswords.size).toBe(1000);
    for (const password of commonPasswords) {
      expect(password).toBe(password.toLowerCase());
      expect(password.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('catches the classics in any letter case', () => {
    for (const password of ['password', 'Password1', 'QWERTYUIOP', '12345678', 'iloveyou']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it('leaves the demo accounts and a passphrase alone', () => {
    for (const password of ['fresh-carrots-42', 'green-acres-42', 'barn-owl-admin-42']) {
      expect(isCommonPassword(password)).toBe(false);
    }
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});

describe('the registration schema', () => {
  const valid = {
    email: ' Ada@Example.COM ',
    password: 'turnip-season-7',
    role: 'farmer',
    firstName: ' Ada ',
    lastName: 'Lovelace',
  };

  it('keeps the e-mail trimmed and lower-cased, and the names trimmed', () => {
    expect(registerBody.parse(valid)).toEqual({
      ...valid,
      email: 'ada@example.com',
      firstName: 'Ada',
    });
  });

  it('refuses admin, a bad address, blank names, and short, long or common passwords', () => {
    const refusals = [
      { role: 'admin' },
      { email: 'ada@' },
      { firstName: '   ' },
      { lastName: '' },
      { password: 'short7' },
      { password: 'x'.repeat(129) },
      { password: 'Password1' },
    ];
    for (const change of refusals) {
      expect(registerBody.safeParse({ ...valid, ...change }).success).toBe(false);
    }
  });

  it('accepts every password of 8 to 128 characters that is not common', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 128 }), (password) => {
        const ok = registerBody.safeParse({ ...valid, password }).success;
        expect(ok).toBe(!isCommonPassword(password));
      }),
    );
  });
});
