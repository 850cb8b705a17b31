/** What kinds of text "Find sensitive text" looks for. */
export type SensitiveKind = 'email' | 'api-key' | 'card-number' | 'phone-number';

/** A match in a line's text: its kind, what it says, and where it is (character offsets). */
export interface TextMatch {
  kind: SensitiveKind;
  text: string;
  start: number;
  end: number;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Keys and tokens of well-known services, by their prefixes, then any long mixed secret-looking word. */
const KEYS = [
  /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{8,}/g, // Stripe
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bAIza[0-9A-Za-z_-]{30,}/g, // Google API key
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // a JWT
];
/** A word of 24+ characters mixing lower case, upper case and digits: no English word does. */
const LONG_SECRET = /\b[A-Za-z0-9_-]{24,}\b/g;
const looksRandom = (word: string) => /[a-z]/.test(word) && /[A-Z]/.test(word) && /\d/.test(word);

/** 13 to 19 digits, in groups separated by single spaces or dashes. */
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;
/** An international or grouped number: 9 to 15 digits with a + or separators between groups. */
const PHONE = /(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,5}){1,4}(?![\w-])/g;

/** The Luhn check every payment card number passes (and 9 in 10 random numbers fail). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const all = (pattern: RegExp, text: string) => [...text.matchAll(new RegExp(pattern.source, pattern.flags))];
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/**
 * The sensitive pieces of one line of text, each once: card numbers before phone numbers (a card
 * number is also a long grouped number), emails and keys before long secret-looking words.
 */
export function findSensitive(text: string): TextMatch[] {
  const found: TextMatch[] = [];
  const add = (kind: SensitiveKind, match: RegExpMatchArray) => {
    const candidate = { kind, text: match[0], start: match.index!, end: match.index! + match[0].length };
    if (!found.some((other) => overlaps(other, candidate))) found.push(candidate);
  };
  for (const match of all(EMAIL, text)) add('email', match);
  for (const pattern of KEYS) for (const match of all(pattern, text)) add('api-key', match);
  for (const match of all(LONG_SECRET, text)) if (looksRandom(match[0])) add('api-key', match);
  for (const match of all(CARD, text)) if (luhnValid(match[0].replace(/\D/g, ''))) add('card-number', match);
  for (const match of all(PHONE, text)) {
    const digits = match[0].replace(/\D/g, '').length;
    if (digits >= 9 && digits <= 15) add('phone-number', match);
  }
  return found.sort((a, b) => a.start - b.start);
}

/** What the list shows of a match: enough to recognise it, never the secret itself. */
export function masked(kind: SensitiveKind, text: string): string {
  switch (kind) {
    case 'email': {
      const [name = '', domain = ''] = text.split('@');
      return `${name.slice(0, 1)}•••@${domain}`;
    }
    case 'api-key': {
      const prefix = /^[A-Za-z]+_(?:live|test)_|^[A-Za-z]+[_-]/.exec(text)?.[0] ?? text.slice(0, 2);
      return `${prefix}•••${text.slice(-3)}`;
    }
    case 'card-number':
      return `•••• ${text.replace(/\D/g, '').slice(-4)}`;
    case 'phone-number':
      return `••• ${text.replace(/\D/g, '').slice(-3)}`;
  }
}
