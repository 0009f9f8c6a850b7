import { describe, expect, it } from 'vitest';
import { farmFormDefaults, farmFormSchema } from './farm-form';

describe('the farm form’s website', () => {
  const withWebsite = (website: string) =>
    farmFormSchema.safeParse({ ...farmFormDefaults(), name: 'Probe Acres', website });

  it('takes an http or https address, or nothing', () => {
    for (const website of ['', 'https://probe-acres.example', 'http://probe.example/farm']) {
      const issues = withWebsite(website).error?.issues ?? [];
      expect(
        issues.filter((issue) => issue.path[0] === 'website'),
        website,
      ).toEqual([]);
    }
  });

  it('refuses addresses that would run or show something of their own when clicked', () => {
    for (const website of ['javascript:alert(1)', 'data:text/html,hi', 'vbscript:msgbox(1)']) {
      const issues = withWebsite(website).error?.issues ?? [];
      expect(issues.find((issue) => issue.path[0] === 'website')?.message, website).toBe(
        'Enter a full web address, like https://yourfarm.com',
      );
    }
  });
});
