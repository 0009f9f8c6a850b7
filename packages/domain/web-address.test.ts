import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWebAddress, linkableWebAddress } from './web-address';

describe('isWebAddress', () => {
  it('takes http and https addresses', () => {
    expect(isWebAddress('https://greenacre.example/farm?x=1')).toBe(true);
    expect(isWebAddress('http://greenacre.example')).toBe(true);
  });

  it('refuses every scheme that runs or shows something of its own', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
      'mailto:a@example.com',
      '//example.com',
      'https:',
    ]) {
      expect(isWebAddress(text), text).toBe(false);
      expect(linkableWebAddress(text)).toBe('');
    }
  });

  it('never takes an address whose scheme is not http or https', () => {
    fc.assert(
      fc.property(
        fc.domain(),
        fc.constantFrom(
          'http',
          'https',
          'javascript',
          'data',
          'vbscript',
          'file',
          'ftp',
          'blob',
          'ws',
        ),
        (host, scheme) => {
          const other = `${scheme}://${host}/farm`;
          expect(isWebAddress(other)).toBe(scheme === 'http' || scheme === 'https');
        },
      ),
    );
  });
});
