import { describe, expect, it } from 'vitest';
import { findSensitive, luhnValid, masked } from './sensitive-patterns';

const kinds = (text: string) => findSensitive(text).map((match) => [match.kind, match.text]);

describe('sensitive text patterns', () => {
  it('finds emails, keys and tokens, Luhn-valid card numbers and phone numbers', () => {
    expect(kinds('Contact jane.doe@example.com today')).toEqual([['email', 'jane.doe@example.com']]);
    expect(kinds('Key sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toEqual([['api-key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc']]);
    expect(kinds('token ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toEqual([
      ['api-key', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
    ]);
    expect(kinds('AWS AKIAIOSFODNN7EXAMPLE')).toEqual([['api-key', 'AKIAIOSFODNN7EXAMPLE']]);
    expect(kinds('secret Zq8vN3kLpR2tW9xY4bC6dF1gH7j')).toEqual([['api-key', 'Zq8vN3kLpR2tW9xY4bC6dF1gH7j']]);
    expect(kinds('Card 4242 4242 4242 4242 exp')).toEqual([['card-number', '4242 4242 4242 4242']]);
    expect(kinds('Card 4111-1111-1111-1111')).toEqual([['card-number', '4111-1111-1111-1111']]);
    expect(kinds('Call +1 415 555 0132 now')).toEqual([['phone-number', '+1 415 555 0132']]);
    expect(kinds('Call (415) 555-0132')).toEqual([['phone-number', '(415) 555-0132']]);
  });

  it('leaves plain words, years, short numbers and numbers that fail Luhn alone', () => {
    expect(kinds('Plain words about the weekly meeting 2026')).toEqual([]);
    expect(kinds('Order 4242 4242 4242 4241 shipped')).toEqual([]); // 16 digits, fails Luhn, too long for a phone
    expect(kinds('Internationalization-configuration')).toEqual([]);
    expect(kinds('Version 1.2.3 on 12-05')).toEqual([]);
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('masks what it shows', () => {
    expect(masked('email', 'jane.doe@example.com')).toBe('j•••@example.com');
    expect(masked('api-key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe('sk_live_•••7dc');
    expect(masked('card-number', '4242 4242 4242 4242')).toBe('•••• 4242');
    expect(masked('phone-number', '+1 415 555 0132')).toBe('••• 132');
  });
});
