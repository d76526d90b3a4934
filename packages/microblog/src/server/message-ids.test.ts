import { canonicalMessageId, compareMessageIds, messageIdKey, minMessageId } from './message-ids.js';

describe('message ids', () => {
  it('compares numerically, not as text, beyond 2^53', () => {
    expect(compareMessageIds('9', '10')).toBeLessThan(0);
    expect(compareMessageIds('10', '9')).toBeGreaterThan(0);
    expect(compareMessageIds('007', '7')).toBe(0);
    // 2^53 + 1 and 2^53 are the same JS number but different ids
    expect(compareMessageIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareMessageIds('99999999999999999999', '18446744073709551615')).toBeGreaterThan(0);
    const ids = ['100', '9', '99999999999999999999', '10', '1790000000000000001', '1790000000000000000'];
    expect([...ids].sort(compareMessageIds)).toEqual(
      [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)),
    );
  });

  it('drops leading zeros for the canonical form', () => {
    expect(canonicalMessageId('007')).toBe('7');
    expect(canonicalMessageId('000')).toBe('0');
    expect(canonicalMessageId('0')).toBe('0');
    expect(canonicalMessageId('1200')).toBe('1200');
  });

  it('keys ids as 20 digits', () => {
    expect(messageIdKey('42')).toBe('00000000000000000042');
    expect(messageIdKey('99999999999999999999')).toBe('99999999999999999999');
  });

  it('picks the smaller id, or the one present', () => {
    expect(minMessageId('10', '9')).toBe('9');
    expect(minMessageId('9', '10')).toBe('9');
    expect(minMessageId(undefined, '5')).toBe('5');
    expect(minMessageId('5', undefined)).toBe('5');
    expect(minMessageId(undefined, undefined)).toBeUndefined();
  });
});
