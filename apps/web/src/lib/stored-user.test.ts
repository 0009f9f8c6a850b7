import { userAnswer } from '@furrow/domain/api/users';
import { describe, expect, it } from 'vitest';
import { farmer } from '../test-fixtures';
import { storedUser } from './stored-user';

describe('the stored user', () => {
  it('is read back as the answer schema reads it, without keys it does not know', () => {
    const stored = JSON.parse(JSON.stringify({ ...farmer, extra: 'left out' }));
    expect(storedUser(stored)).toEqual(userAnswer.parse(stored));
  });

  it.each([
    ['nothing', null],
    ['not an object', 'farmer'],
    ['a missing name', { ...farmer, name: undefined }],
    ['an unknown role', { ...farmer, role: 'owner' }],
    ['an unknown status', { ...farmer, status: 'gone' }],
    ['a last sign-in that is not text', { ...farmer, lastLogin: 5 }],
    ['a verified flag as text', { ...farmer, isEmailVerified: 'yes' }],
  ])('is none for %s', (_, stored) => {
    expect(storedUser(stored)).toBeNull();
  });
});
