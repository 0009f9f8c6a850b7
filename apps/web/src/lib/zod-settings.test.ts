import './zod-settings';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('the settings Zod loads with', () => {
  it('keep Zod from trying new Function, which the Content-Security-Policy refuses', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Kale' })).toEqual({ name: 'Kale' });
  });
});
