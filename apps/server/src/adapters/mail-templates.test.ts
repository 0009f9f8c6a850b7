import { describe, expect, it } from 'vitest';
import {
  farmNearbyMail,
  farmStatusMail,
  passwordResetMail,
  unlinkable,
  verificationCodeMail,
} from './mail-templates';

const attackerName =
  'Ann. Your account is locked: open https://furrow-help.example/unlock or www.evil.example';

describe('what people typed, in an e-mail', () => {
  it('never reads as a link, in the plain text or the HTML', () => {
    const mail = verificationCodeMail({
      to: 'ann@example.com',
      firstName: attackerName,
      code: '123456',
      minutes: 10,
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/https?:\/\//);
      expect(part).not.toContain('furrow-help.example');
      expect(part).not.toContain('www.evil');
    }
    // The words are all still there to read.
    expect(mail.text).toContain('Hello Ann. Your account is locked: open https ://furrow-help');
  });

  it('keeps Furrow’s own link, which is the one thing meant to be clicked', () => {
    const link = 'https://furrow.example/auth/reset-password?token=abc.def';
    const mail = passwordResetMail({
      to: 'a@example.com',
      firstName: attackerName,
      link,
      minutes: 30,
    });
    expect(mail.text).toContain(link);
    expect(mail.text.match(/https:\/\//g)).toHaveLength(1);
  });

  it('keeps a typed name on one line and leaves prices and plain sentences alone', () => {
    expect(unlinkable('Ann\nFURROW: your order was cancelled')).toBe(
      'Ann FURROW: your order was cancelled',
    );
    expect(unlinkable('Total $12.50. St. John’s Farm.')).toBe('Total $12.50. St. John’s Farm.');
    const mail = farmStatusMail({
      to: 'f@example.com',
      firstName: 'Bo',
      farmName: 'evil.example',
      reason: 'see http://evil.example',
      dashboardLink: 'https://furrow.example/farmers/dashboard',
    });
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).not.toContain('http://');
  });

  it('keeps a farm name told to a stranger plain, in the subject as in the body', () => {
    const mail = farmNearbyMail({
      to: 'shopper@example.com',
      farmName: 'Free gift at www.evil.example',
      place: 'Ely, NV',
      distanceKm: 12.4,
      farmLink: 'https://furrow.example/farms/1',
    });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
    }
    expect(mail.text).toContain(
      'Free gift at www\u2024evil\u2024example in Ely, NV just has, about 12 km',
    );
    expect(mail.text.match(/https:\/\//g)).toHaveLength(1);
  });
});
