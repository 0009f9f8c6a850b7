import { describe, expect, it } from 'vitest';
import { formatLocalTime, formatSlot, formatSlotDate } from './pickup-time';

describe('pickup times', () => {
  it('reads a farm date on its own day, whatever the browser zone', () => {
    expect(formatSlotDate('2026-11-28')).toBe('Sat, November 28, 2026');
  });

  it('reads wall-clock times in 12-hour form', () => {
    expect(formatLocalTime('00:30')).toBe('12:30 AM');
    expect(formatLocalTime('09:00')).toBe('9:00 AM');
    expect(formatLocalTime('12:00')).toBe('12:00 PM');
    expect(formatLocalTime('17:45')).toBe('5:45 PM');
  });

  it('puts a slot in one line', () => {
    expect(formatSlot({ date: '2026-11-28', from: '09:00', to: '13:00' })).toBe(
      'Sat, November 28, 2026, 9:00 AM – 1:00 PM',
    );
  });
});
